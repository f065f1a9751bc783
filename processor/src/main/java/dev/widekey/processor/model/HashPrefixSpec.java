package dev.widekey.processor.model;

import dev.widekey.annotations.HashAlgorithm;
import dev.widekey.core.key.HashPrefixWidths;
import dev.widekey.core.store.StoreLimits;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;

/**
 * A {@code @HashPrefix} annotation as written, on a component or on the entity type.
 *
 * @param partitions as written: {@code 0} leaves the count to the profile ({@link
 *     #partitions(StoreLimits)})
 * @param on the element carrying it
 */
public record HashPrefixSpec(
    int length, HashAlgorithm algorithm, int partitions, Element on, AnnotationMirror mirror) {

  /** Whether the runtime can compute a prefix this long (rule WK106). */
  public boolean lengthInRange() {
    return length >= 1 && length <= HashPrefixWidths.MAX_LENGTH;
  }

  /**
   * Whether the table can be pre-split evenly into this many partitions, or the count is left to
   * the profile (rule WK106).
   */
  public boolean partitionsInRange() {
    return partitions >= 0 && partitions <= HashPrefixWidths.maxPartitions(length);
  }

  /** Whether the service of the profile creates a table with this many partitions (rule WK106). */
  public boolean partitionsWithin(StoreLimits limits) {
    return partitions <= limits.maxPartitions();
  }

  /** The partitions the table is pre-split into on a service with these limits. */
  public int partitions(StoreLimits limits) {
    return partitions != 0
        ? partitions
        : Math.min(limits.hashPartitions(), HashPrefixWidths.maxPartitions(length));
  }

  /** The leading hex digits of the prefix that the pre-split points are drawn from. */
  public int splitDigits() {
    return Math.min(length, HashPrefixWidths.SPLIT_DIGITS);
  }
}
