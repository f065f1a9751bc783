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
      if (c.property().annotations().has(ColdColumn.class)) {
        diagnostics.error(
            e, c.property().annotations().mirror(ColdColumn.class), Messages.coldKey(c.name()));
      }
      if (c.property().annotations().has(Money.class)) {
        diagnostics.error(
            e, c.property().annotations().mirror(Money.class), Messages.moneyOnKey(c.name()));
      }
      if (c.property().annotations().has(Chunked.class)) {
        diagnostics.error(
            e, c.property().annotations().mirror(Chunked.class), Messages.chunkedKey(c.name()));
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
    if (a.property().annotations().has(Padded.class)) {
      diagnostics.error(
          e, a.property().annotations().mirror(Padded.class), Messages.paddingNotKey(name));
    }
    if (a.property().annotations().has(KeyChars.class)) {
      diagnostics.error(
          e, a.property().annotations().mirror(KeyChars.class), Messages.keyCharsNotKey(name));
    }
    if (a.property().annotations().has(MaxLength.class)) {
      diagnostics.error(
          e, a.property().annotations().mirror(MaxLength.class), Messages.maxLengthNotKey(name));
    }
    if (a.property().annotations().has(HashPrefix.class)) {
      diagnostics.error(
          e, a.property().annotations().mirror(HashPrefix.class), Messages.hashNotPartition(name));
    }
    if (a.property().annotations().has(Sequential.class)) {
      diagnostics.error(
          e, a.property().annotations().mirror(Sequential.class), Messages.sequentialNotKey(name));
    }
    if (a.property().annotations().has(Reversed.class)) {
      diagnostics.error(
          e, a.property().annotations().mirror(Reversed.class), Messages.reversedMisplaced(name));
    }
    if (a.property().annotations().has(Bucketed.class)) {
      diagnostics.error(
          e, a.property().annotations().mirror(Bucketed.class), Messages.bucketedUnsupported(name));
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
          a.property().annotations().mirror(Chunked.class),
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
