package dev.widekey.processor.rules;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.Padded;
import dev.widekey.core.key.KeyAlphabet;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyRole;
import dev.widekey.processor.model.ValueKind;

/**
 * Text keys that keep their order: spliced integers are padded (WK103), paddings fit their type
 * (WK104), and the delimiter sorts below every character a spliced component may hold (WK105).
 *
 * <p>A {@code @HashPrefix} on the type digests the whole spliced text: rows sort by the hash, no
 * prefix scan is generated, and the components' order is nobody's concern. There the delimiter only
 * has to split the key unambiguously when it is decoded, so it may sort anywhere as long as no
 * spliced component may hold it.
 */
public final class SplicingRules implements EntityRule {

  @Override
  public void check(EntityModel entity, Diagnostics diagnostics) {
    char delimiter = entity.delimiter();
    boolean spliced = entity.isSpliced();
    if (spliced && (Character.isSurrogate(delimiter) || Character.isISOControl(delimiter))) {
      diagnostics.error(
          entity.type(), entity.wideTable(), "delimiter", Messages.badDelimiter(delimiter));
      spliced = false; // the alphabet checks below would only repeat it
    }
    // a prefix on the type digests the whole spliced text: no scan relies on the components' order
    boolean orderMatters = entity.typeHashPrefix() == null;
    // the delimiter a fix may suggest sorts below what every spliced component may hold
    int allLowest = spliced ? lowestSpliced(entity) : Integer.MAX_VALUE;

    for (KeyComponent c : entity.keyComponents()) {
      String type = c.property().type().toString();
      boolean validChars = checkKeyChars(c, diagnostics);
      if (c.padding() != null) {
        checkPadding(c, type, diagnostics);
      }
      if (!spliced
          || c.role() != KeyRole.PARTITION
          || c.kind() == ValueKind.BYTES
          || !c.kind().keyable()) {
        continue;
      }
      if (c.kind().integral() && c.padding() == null && orderMatters) {
        diagnostics.error(
            c.property().element(), c.roleMirror(), Messages.unpaddedSplice(c.name(), type));
        continue;
      }
      if (c.kind() == ValueKind.STRING && c.keyChars() == null) {
        diagnostics.error(
            c.property().element(), c.roleMirror(), Messages.missingKeyChars(c.name(), delimiter));
        continue;
      }
      if (!validChars) {
        continue;
      }
      ComponentText text = ComponentText.of(c);
      if (!orderMatters) {
        if (ComponentText.mayHold(c, delimiter)) {
          diagnostics.error(
              c.property().element(),
              c.keyCharsMirror() != null ? c.keyCharsMirror() : c.roleMirror(),
              Messages.delimiterInHashedComponent(c.name(), delimiter, text.source()));
        }
        continue;
      }
      if (text.lowest() >= 0 && text.lowest() <= delimiter) {
        boolean fromKeyChars = c.keyCharsMirror() != null;
        diagnostics.error(
            c.property().element(),
            fromKeyChars
                ? c.keyCharsMirror()
                : c.padding() != null ? c.padding().mirror() : c.roleMirror(),
            Messages.delimiterNotBelow(
                c.name(), delimiter, text.lowest(), text.source(), allLowest));
      }
    }
  }

  /** The lowest character any spliced partition-key component with a known alphabet may hold. */
  private static int lowestSpliced(EntityModel entity) {
    int lowest = Integer.MAX_VALUE;
    for (KeyComponent c : entity.keyComponents()) {
      if (c.role() != KeyRole.PARTITION
          || c.kind() == ValueKind.BYTES
          || !c.kind().keyable()
          || (c.kind() == ValueKind.STRING && c.keyChars() == null)) {
        continue;
      }
      try {
        int l = ComponentText.of(c).lowest();
        if (l >= 0) {
          lowest = Math.min(lowest, l);
        }
      } catch (IllegalArgumentException e) {
        // a malformed @KeyChars, reported on its own
      }
    }
    return lowest;
  }

  /** Reports a malformed {@code @KeyChars}; true if the component's alphabet is usable. */
  private static boolean checkKeyChars(KeyComponent c, Diagnostics diagnostics) {
    if (c.keyChars() == null) {
      return true;
    }
    if (!PlacementRules.meaningful(KeyChars.class, c)) {
      return false; // reported by PlacementRules
    }
    try {
      KeyAlphabet.parse(c.keyChars());
      return true;
    } catch (IllegalArgumentException e) {
      diagnostics.error(
          c.property().element(),
          c.keyCharsMirror(),
          "value",
          Messages.badKeyChars(c.name(), c.keyChars(), e.getMessage()));
      return false;
    }
  }

  private static void checkPadding(KeyComponent c, String type, Diagnostics diagnostics) {
    if (!PlacementRules.meaningful(Padded.class, c)) {
      return; // reported by PlacementRules
    }
    int width = c.padding().width();
    int maxDigits = c.kind().maxDigits();
    if (width < 1 || width > maxDigits) {
      diagnostics.error(
          c.property().element(),
          c.padding().mirror(),
          "width",
          Messages.paddingWidth(c.name(), type, width, maxDigits));
    } else if (width < c.kind().presentDayDigits()) {
      diagnostics.error(
          c.property().element(),
          c.padding().mirror(),
          "width",
          Messages.paddingBelowPresentDay(
              c.name(),
              type,
              c.kind() == ValueKind.LOCAL_DATE ? "epoch days" : "epoch milliseconds",
              width,
              c.kind().presentDayDigits()));
    }
  }
}
