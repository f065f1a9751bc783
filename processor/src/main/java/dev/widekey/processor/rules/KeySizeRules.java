package dev.widekey.processor.rules;

import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.ColumnNames;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.HashPrefixSpec;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.runtime.key.KeyAlphabet;
import dev.widekey.runtime.store.StoreLimits;
import dev.widekey.runtime.store.Utf8;
import java.util.ArrayList;
import java.util.List;

/**
 * Each primary-key column fits in 1 KB (WK109), proven here where the declaration bounds it
 * ({@code @Padded}, {@code @MaxLength}, UUIDs, enums); otherwise checked at run time.
 */
public final class KeySizeRules implements EntityRule {
  @Override
  public void check(EntityModel entity, Diagnostics diagnostics) {
    for (KeyComponent c : entity.keyComponents()) {
      if (c.maxLengthMirror() != null
          && PlacementRules.meaningful(MaxLength.class, c)
          && c.maxLength() < 1) {
        diagnostics.error(
            c.property().element(),
            c.maxLengthMirror(),
            Messages.maxLengthValue(c.name(), c.maxLength()));
      }
    }
    if (!entity.partitionKey().isEmpty() && allValid(entity.partitionKey())) {
      checkColumn(entity, entity.partitionKey(), entity.hashPrefix(), diagnostics);
    }
    for (KeyComponent c : entity.keyColumns()) {
      if (allValid(List.of(c))) {
        checkColumn(entity, List.of(c), null, diagnostics);
      }
    }
  }

  /**
   * Reports a column whose declared bounds exceed the limit.
   *
   * @param hash the hash prefix leading the column (only the partition column has one), or null
   */
  private static void checkColumn(
      EntityModel entity,
      List<KeyComponent> components,
      HashPrefixSpec hash,
      Diagnostics diagnostics) {
    if (hash != null && !hash.lengthInRange()) {
      return; // WK106 reports the prefix; its size is unknown until it is fixed
    }
    List<String> parts = new ArrayList<>(); // the terms of the total, for the message
    long total = 0;
    if (hash != null) {
      total += hash.length();
      parts.add("hash prefix " + hash.length());
    }
    KeyComponent largest = null;
    long largestBytes = -1;
    for (KeyComponent c : components) {
      long bytes = ComponentText.of(c).maxBytes();
      if (bytes < 0) {
        return; // unbounded: checked at run time
      }
      total += bytes;
      parts.add(c.name() + " " + bytes);
      if (bytes > largestBytes) {
        largest = c;
        largestBytes = bytes;
      }
    }
    int delimiters = components.size() - 1;
    if (delimiters > 0) {
      char d = entity.delimiter();
      // a surrogate delimiter has no UTF-8 form; SplicingRules reports it (WK105)
      long bytes = Character.isSurrogate(d) ? 0 : (long) delimiters * Utf8.encodedLength(d);
      total += bytes;
      parts.add(delimiters + (delimiters == 1 ? " delimiter " : " delimiters ") + bytes);
    }
    if (total > StoreLimits.DEFAULT.maxPkColumnBytes()) {
      String column = ColumnNames.of(components);
      diagnostics.error(
          largest.property().element(),
          largest.maxLengthMirror() != null ? largest.maxLengthMirror() : largest.roleMirror(),
          Messages.columnTooLarge(column, total, String.join(" + ", parts)));
    }
  }

  /** Whether the components' annotations are valid enough to bound their size. */
  private static boolean allValid(List<KeyComponent> components) {
    for (KeyComponent c : components) {
      if (!c.kind().keyable()) {
        return false;
      }
      if (c.keyChars() != null) {
        try {
          KeyAlphabet.parse(c.keyChars());
        } catch (IllegalArgumentException e) {
          return false;
        }
      }
      if (c.maxLengthMirror() != null
          && (!PlacementRules.meaningful(MaxLength.class, c) || c.maxLength() < 1)) {
        return false;
      }
      if (c.padding() != null
          && (!PlacementRules.meaningful(Padded.class, c)
              || c.padding().width() < 1
              || c.padding().width() > c.kind().maxDigits())) {
        return false;
      }
    }
    return true;
  }
}
