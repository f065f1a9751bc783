package dev.widekey.processor.rules;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.Reversed;
import dev.widekey.annotations.Sequential;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.Attribute;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.EntityParser;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.ValueKind;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.element.Element;

/**
 * Attribute columns: storable types (WK100), money (WK201), hot and cold tables (WK204), a non-key
 * column on Lindorm (WK205), and key-only annotations that sit on attributes.
 */
public final class AttributeRules implements EntityRule {
  /** Name parts that mark a floating-point field as money. */
  private static final Set<String> MONEY_WORDS =
      Set.of("price", "amount", "cost", "fee", "balance", "money", "salary", "payment");

  @Override
  public void check(EntityModel entity, Diagnostics diagnostics) {
    for (var p : entity.properties()) {
      if (p.name().startsWith("wk_")) {
        diagnostics.error(p.element(), Messages.reservedName(p.name()));
      }
    }
    for (KeyComponent c : entity.keyComponents()) {
      Element e = c.property().element();
      if (e.getAnnotation(ColdColumn.class) != null) {
        diagnostics.error(e, EntityParser.mirror(e, ColdColumn.class), Messages.coldKey(c.name()));
      }
      if (e.getAnnotation(Money.class) != null) {
        diagnostics.error(e, EntityParser.mirror(e, Money.class), Messages.moneyOnKey(c.name()));
      }
      if (e.getAnnotation(Chunked.class) != null) {
        diagnostics.error(e, EntityParser.mirror(e, Chunked.class), Messages.chunkedKey(c.name()));
      }
    }
    for (Attribute a : entity.attributes()) {
      checkKeyOnlyAnnotations(a, diagnostics);
      checkType(a, diagnostics);
      checkCold(a, diagnostics);
      checkChunked(a, diagnostics);
    }
    if (entity.hasColdColumns() && entity.coldTable().equals(entity.table())) {
      diagnostics.error(
          entity.type(),
          entity.wideTable(),
          "coldTable",
          Messages.coldTableSameName(entity.table()));
    }
    if (entity.profile() == Profile.LINDORM && entity.hotAttributes().isEmpty()) {
      diagnostics.error(
          entity.type(), entity.wideTable(), Messages.noHotAttribute(entity.simpleName()));
    }
  }

  private static void checkKeyOnlyAnnotations(Attribute a, Diagnostics diagnostics) {
    Element e = a.property().element();
    String name = a.name();
    if (e.getAnnotation(Padded.class) != null) {
      diagnostics.error(e, EntityParser.mirror(e, Padded.class), Messages.paddingNotKey(name));
    }
    if (e.getAnnotation(KeyChars.class) != null) {
      diagnostics.error(e, EntityParser.mirror(e, KeyChars.class), Messages.keyCharsNotKey(name));
    }
    if (e.getAnnotation(MaxLength.class) != null) {
      diagnostics.error(e, EntityParser.mirror(e, MaxLength.class), Messages.maxLengthNotKey(name));
    }
    if (e.getAnnotation(HashPrefix.class) != null) {
      diagnostics.error(
          e, EntityParser.mirror(e, HashPrefix.class), Messages.hashNotPartition(name));
    }
    if (e.getAnnotation(Sequential.class) != null) {
      diagnostics.error(
          e, EntityParser.mirror(e, Sequential.class), Messages.sequentialNotKey(name));
    }
    if (e.getAnnotation(Reversed.class) != null) {
      diagnostics.error(
          e, EntityParser.mirror(e, Reversed.class), Messages.reversedMisplaced(name));
    }
    if (e.getAnnotation(Bucketed.class) != null) {
      diagnostics.error(
          e, EntityParser.mirror(e, Bucketed.class), Messages.bucketedUnsupported(name));
    }
  }

  private static void checkType(Attribute a, Diagnostics diagnostics) {
    Element e = a.property().element();
    String type = a.property().type().toString();
    ValueKind kind = a.kind();
    if (a.isMoney()) {
      if (kind != ValueKind.BIG_DECIMAL) {
        diagnostics.error(e, a.moneyMirror(), Messages.moneyType(a.name(), type));
      } else if (a.moneyScale() < 0 || a.moneyScale() > 18) {
        diagnostics.error(
            e, a.moneyMirror(), "scale", Messages.moneyScale(a.name(), a.moneyScale()));
      }
      return;
    }
    if (kind == ValueKind.BIG_DECIMAL) {
      diagnostics.error(e, Messages.bigDecimalWithoutMoney(a.name()));
    } else if ((kind == ValueKind.DOUBLE || kind == ValueKind.FLOAT) && looksLikeMoney(a.name())) {
      diagnostics.error(e, Messages.floatingMoney(a.name(), type));
    } else if (kind == ValueKind.UNSUPPORTED) {
      diagnostics.error(e, Messages.unsupportedAttribute(a.name(), type));
    }
  }

  private static void checkCold(Attribute a, Diagnostics diagnostics) {
    if (!a.cold()) {
      return;
    }
    Element e = a.property().element();
    String type = a.property().type().toString();
    if (a.compress() && a.kind() != ValueKind.STRING && a.kind() != ValueKind.BYTES) {
      diagnostics.error(e, a.coldMirror(), "compress", Messages.compressType(a.name(), type));
    } else if (a.property().primitive()) {
      diagnostics.error(e, a.coldMirror(), Messages.coldPrimitive(a.name(), type, boxed(type)));
    }
  }

  private static void checkChunked(Attribute a, Diagnostics diagnostics) {
    if (a.chunked() && a.kind() != ValueKind.STRING && a.kind() != ValueKind.BYTES) {
      diagnostics.error(
          a.property().element(),
          a.chunkedMirror(),
          Messages.chunkedType(a.name(), a.property().type().toString()));
    }
  }

  /** Whether a camelCase or snake_case name has a money word among its parts. */
  static boolean looksLikeMoney(String name) {
    for (String part : name.split("(?<=[a-z0-9])(?=[A-Z])|_")) {
      if (MONEY_WORDS.contains(part.toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  private static String boxed(String primitive) {
    return switch (primitive) {
      case "int" -> "Integer";
      case "char" -> "Character";
      default -> Character.toUpperCase(primitive.charAt(0)) + primitive.substring(1);
    };
  }
}
