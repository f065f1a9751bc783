package dev.widekey.processor.rules;

import dev.widekey.annotations.ColumnNaming;
import dev.widekey.annotations.WideTable;
import dev.widekey.core.store.ReservedNames;
import dev.widekey.core.store.ServiceNames;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.Attribute;
import dev.widekey.processor.model.ColumnNames;
import dev.widekey.processor.model.ConverterSpec;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.ValueKind;
import java.util.HashMap;
import java.util.Map;
import javax.lang.model.element.Element;

/**
 * WK212: a {@code @Convert} names a converter generated code can make and call for the field's type
 * and a stored type, never on a key (placement, {@link PlacementRules}) nor with another encoding
 * of the field's own value ({@code @Money}, {@code @Version}); attribute columns, named by the
 * entity's {@link ColumnNaming}, are distinct from each other and from the key's columns, legal
 * (WK207) and outside widekey's reserved prefix. A {@code @Transient} key is reported by the
 * parser, which leaves the field out of the model.
 */
public final class ConversionRules implements EntityRule {

  @Override
  public void check(EntityModel entity, Diagnostics diagnostics) {
    for (Attribute a : entity.attributes()) {
      if (a.converted()) {
        checkConverter(a, diagnostics);
      }
    }
    checkColumns(entity, diagnostics);
  }

  /** What {@code J} the converter names, as the WK212 message says it. */
  private static String javaTypeText(ConverterSpec c, String fieldType) {
    if (c.javaType() != null) {
      return c.javaType().toString();
    }
    // a raw AttributeConverter has no type variable to name: say what to write instead
    return c.raw()
        ? "no declared type: it implements the raw AttributeConverter, without <J, S>; write"
            + " AttributeConverter<"
            + fieldType
            + ", S>"
        : "no one type (a type variable)";
  }

  private static void checkConverter(Attribute a, Diagnostics diagnostics) {
    ConverterSpec c = a.converter();
    Element e = a.property().element();
    String field = a.name();
    String converter = c.qualifiedName();
    if (!c.implementsConverter()) {
      diagnostics.error(e, c.mirror(), Messages.converterNotConverter(field, converter));
    } else if (!c.matchesField()) {
      diagnostics.error(
          e,
          c.mirror(),
          Messages.converterWrongType(
              field,
              a.property().type().toString(),
              converter,
              javaTypeText(c, a.property().type().toString())));
    } else if (c.storedKind() == ValueKind.UNSUPPORTED) {
      diagnostics.error(
          e,
          c.mirror(),
          Messages.converterStoredType(field, converter, String.valueOf(c.storedType())));
    }
    if (!c.publicNoArgs()) {
      diagnostics.error(e, c.mirror(), Messages.converterNotConstructible(field, converter));
    } else if (c.constructorThrows() != null) {
      diagnostics.error(
          e,
          c.mirror(),
          Messages.converterConstructorThrows(field, converter, c.constructorThrows()));
    }
    if (a.isMoney()) {
      diagnostics.error(e, a.moneyMirror(), Messages.converterWith(field, "@Money"));
    }
    if (a.version()) {
      diagnostics.error(e, a.versionMirror(), Messages.converterWith(field, "@Version"));
    }
  }

  private static void checkColumns(EntityModel entity, Diagnostics diagnostics) {
    WideTable table = entity.type().getAnnotation(WideTable.class);
    ColumnNaming naming = table == null ? ColumnNaming.AS_DECLARED : table.columnNaming();
    Map<String, String> owners = new HashMap<>(); // column -> what holds it, for the message
    // the key's columns, named as KeyLayout names them (without computing a layout, which a
    // wrong design may not have)
    java.util.List<String> keyColumns = new java.util.ArrayList<>();
    if (!entity.partitionKey().isEmpty()) {
      keyColumns.add(ColumnNames.of(entity.partitionKey()));
    }
    entity.keyColumns().forEach(c -> keyColumns.add(c.name()));
    for (Attribute a : entity.attributes()) {
      Element e = a.property().element();
      String column = a.column();
      if (column.equals(a.name())) {
        // a field name as its column: checked as a field name (WK100, WK207)
      } else if (!ServiceNames.isLegal(column)) {
        diagnostics.error(e, Messages.badAttributeColumn(a.name(), column));
        continue;
      } else if (column.startsWith(ReservedNames.PREFIX)) {
        diagnostics.error(e, Messages.reservedColumn(a.name(), column));
        continue;
      }
      if (!column.equals(a.name()) && keyColumns.contains(column)) {
        // a field named as a key column is WK207's (TableRules); one renamed into it is here
        diagnostics.error(
            e, Messages.columnClash(a.name(), column, column, naming.name(), "primary-key column"));
        continue;
      }
      String other = owners.putIfAbsent(column, a.name());
      if (other != null) {
        diagnostics.error(e, Messages.columnClash(a.name(), column, other, naming.name(), "field"));
      }
    }
  }
}
