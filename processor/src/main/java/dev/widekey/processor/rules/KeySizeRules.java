package dev.widekey.processor.rules;

import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Padded;
import dev.widekey.core.key.BucketCounts;
import dev.widekey.core.key.KeyAlphabet;
import dev.widekey.core.store.OrderedKeyWidths;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.SizeMeasure;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.core.store.Utf8;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.ColumnNames;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.HashPrefixSpec;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyRole;
import dev.widekey.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Each primary-key column fits the profile's column limit (1 KB on Tablestore), and the whole key
 * the profile's key limits (2 KB on Lindorm, counted as the stores count it, {@link
 * StoreLimits#sizeMeasure}: the encoded row key; a 32,767-byte encoded row key on HBase) (WK109),
 * proven here where the declaration bounds it ({@code @Padded}, {@code @MaxLength}, UUIDs, enums);
 * otherwise checked at run time by the stores. The limits are {@link StoreLimits#of}.
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
    if (entity.partitionKey().isEmpty()) {
      return;
    }
    List<Bound> bounds = new ArrayList<>();
    bounds.add(
        allValid(entity.partitionKey())
            ? checkColumn(entity, entity.partitionKey(), entity.hashPrefix(), diagnostics)
            : null);
    for (KeyComponent c : entity.keyColumns()) {
      bounds.add(allValid(List.of(c)) ? checkColumn(entity, List.of(c), null, diagnostics) : null);
    }
    if (!bounds.contains(null)) {
      checkKey(entity, bounds, diagnostics);
    }
  }

  /**
   * A column's largest size as declared: its bytes, the component reported on, and whether a byte
   * of it may be zero (which the row-key encoding escapes as two bytes).
   */
  private record Bound(
      String column, long bytes, KeyComponent largest, boolean text, boolean mayHoldZero) {}

  /** The whole key against the profile's total and row-key limits, once every column is bounded. */
  private static void checkKey(EntityModel entity, List<Bound> bounds, Diagnostics diagnostics) {
    StoreLimits limits = StoreLimits.of(entity.profile());
    SizeMeasure measure = limits.sizeMeasure();
    long total = 0;
    long rowKey = 0;
    List<String> parts = new ArrayList<>();
    List<String> measured = new ArrayList<>();
    Bound largest = bounds.get(0);
    for (Bound b : bounds) {
      PkType type = b.text() ? PkType.STRING : PkType.BINARY;
      long counted = measure.maxKeyColumnBytes(type, b.bytes(), b.mayHoldZero());
      total += counted;
      rowKey += OrderedKeyWidths.maxEncodedLength(type, b.bytes(), b.mayHoldZero());
      parts.add(b.column() + " " + b.bytes());
      measured.add(b.column() + " " + counted);
      if (b.bytes() > largest.bytes()) {
        largest = b;
      }
    }
    KeyComponent at = largest.largest();
    // one column counted as given is bounded by the column limit already (checkColumn)
    boolean totalBinds = bounds.size() > 1 || measure != SizeMeasure.VALUES;
    if (totalBinds && total > limits.maxPkTotalBytes()) {
      diagnostics.error(
          at.property().element(),
          at.maxLengthMirror() != null ? at.maxLengthMirror() : at.roleMirror(),
          Messages.keyTooLarge(at.name(), total, String.join(" + ", measured), entity.profile()));
    } else if (rowKey > limits.maxRowKeyBytes()) {
      diagnostics.error(
          at.property().element(),
          at.maxLengthMirror() != null ? at.maxLengthMirror() : at.roleMirror(),
          Messages.rowKeyTooLarge(at.name(), rowKey, String.join(" + ", parts), entity.profile()));
    }
  }

  /**
   * Reports a column whose declared bounds exceed the limit.
   *
   * @param hash the hash prefix leading the column (only the partition column has one), or null
   */
  private static Bound checkColumn(
      EntityModel entity,
      List<KeyComponent> components,
      HashPrefixSpec hash,
      Diagnostics diagnostics) {
    if (hash != null && !hash.lengthInRange()) {
      return null; // WK106 reports the prefix; its size is unknown until it is fixed
    }
    boolean mayHoldZero = false;
    List<String> parts = new ArrayList<>(); // the terms of the total, for the message
    long total = 0;
    if (hash != null) {
      total += hash.length();
      parts.add("hash prefix " + hash.length());
    }
    int buckets = components.get(0).buckets();
    if (components.get(0).role() == KeyRole.PARTITION
        && buckets >= BucketCounts.MIN_BUCKETS
        && buckets <= BucketCounts.MAX_BUCKETS) {
      total += BucketCounts.width(buckets);
      parts.add("bucket " + BucketCounts.width(buckets));
    }
    KeyComponent largest = null;
    long largestBytes = -1;
    for (KeyComponent c : components) {
      ComponentText text = ComponentText.of(c);
      long bytes = text.maxBytes();
      if (bytes < 0) {
        return null; // unbounded: checked at run time
      }
      mayHoldZero |= text.lowest() <= 0;
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
    String column = ColumnNames.of(components);
    if (total > StoreLimits.of(entity.profile()).maxPkColumnBytes()) {
      diagnostics.error(
          largest.property().element(),
          largest.maxLengthMirror() != null ? largest.maxLengthMirror() : largest.roleMirror(),
          Messages.columnTooLarge(column, total, String.join(" + ", parts), entity.profile()));
      return null; // reported; the whole key is checked once its columns fit
    }
    // a spliced or hashed partition column, or any non-binary component, is text
    boolean text = components.size() > 1 || hash != null || largest.kind() != ValueKind.BYTES;
    return new Bound(column, total, largest, text, mayHoldZero);
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
