package dev.widekey.processor.rules;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.Profile;
import dev.widekey.core.store.ReservedNames;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.core.value.ValueLimits;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.Attribute;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.Property;
import dev.widekey.processor.model.ValueKind;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.element.Element;

/**
 * Attribute columns: storable types (WK100), money (WK201), hot and cold tables (WK204), a non-key
 * column on Lindorm (WK205), and a {@code @Chunked(maxBytes)} cap the profile can store and read
 * (WK202).
 */
public final class AttributeRules implements EntityRule {
  /** Name parts that mark a floating-point field as money. */
  private static final Set<String> MONEY_WORDS =
      Set.of("price", "amount", "cost", "fee", "balance", "money", "salary", "payment");

  @Override
  public void check(EntityModel entity, Diagnostics diagnostics) {
    for (var p : entity.properties()) {
      if (p.name().startsWith(ReservedNames.PREFIX)) {
        diagnostics.error(p.element(), Messages.reservedName(p.name()));
      }
    }
    StoreLimits limits = StoreLimits.of(entity.profile());
    for (Attribute a : entity.attributes()) {
      checkType(a, diagnostics);
      checkCold(a, diagnostics);
      if (a.chunked()) {
        checkChunkCap(entity, a, limits, diagnostics);
      }
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

  /**
   * The cap of a {@code @Chunked} field against the profile: positive, within one Java array (a
   * value is joined into one), and in at most as many chunk rows as one multi-get of the profile
   * reads, so that a value is read by one multi-get.
   */
  private static void checkChunkCap(
      EntityModel entity, Attribute a, StoreLimits limits, Diagnostics diagnostics) {
    long cap = a.chunkedMaxBytes();
    String problem = null;
    if (cap < 1 || cap > ValueLimits.LARGEST_MAX_CHUNKED_BYTES) {
      problem = Messages.chunkedCapRange(a.name(), cap);
    } else if (ValueLimits.chunkPartsOf(cap, limits) > limits.maxMultiGetRows()) {
      problem = Messages.chunkedCapParts(a.name(), cap, entity.profile());
    }
    if (problem != null) {
      diagnostics.error(
          a.property().element(),
          a.property().annotations().mirror(Chunked.class),
          "maxBytes",
          problem);
    }
  }

  private static void checkType(Attribute a, Diagnostics diagnostics) {
    Element e = a.property().element();
    String type = a.property().type().toString();
    ValueKind kind = a.kind();
    if (a.converted()) {
      return; // the converter and its stored type: ConversionRules (WK212)
    }
    if (a.isMoney()) {
      if (PlacementRules.meaningful(Money.class, a)
          && (a.moneyScale() < 0 || a.moneyScale() > ValueLimits.MONEY_MAX_SCALE)) {
        diagnostics.error(
            e, a.moneyMirror(), "scale", Messages.moneyScale(a.name(), a.moneyScale()));
      }
      return; // a misplaced @Money is reported by PlacementRules
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
    } else if (a.property().primitive() && !a.version()) { // a cold @Version: WK208 says it
      diagnostics.error(
          e, a.coldMirror(), Messages.coldPrimitive(a.name(), type, Property.boxedName(type)));
    }
    long cap = a.maxInflatedBytes();
    if (cap != 0 && !a.compress()) {
      diagnostics.error(
          e, a.coldMirror(), "maxInflatedBytes", Messages.inflatedCapWithoutCompress(a.name()));
    } else if (cap < 0 || cap > ValueLimits.LARGEST_MAX_INFLATED_BYTES) {
      diagnostics.error(
          e, a.coldMirror(), "maxInflatedBytes", Messages.inflatedCapRange(a.name(), cap));
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
}
