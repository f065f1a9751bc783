package dev.widekey.processor.model;

import dev.widekey.annotations.HashAlgorithm;
import dev.widekey.runtime.key.KeyHash;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;

/**
 * A {@code @HashPrefix} annotation as written, on a component or on the entity type.
 *
 * @param on the element carrying it
 */
public record HashPrefixSpec(
    int length, HashAlgorithm algorithm, int partitions, Element on, AnnotationMirror mirror) {

  /** Whether the runtime can compute a prefix this long (rule WK106). */
  public boolean lengthInRange() {
    return length >= 1 && length <= KeyHash.MAX_LENGTH;
  }

  /** Whether the table can be pre-split evenly into this many partitions (rule WK106). */
  public boolean partitionsInRange() {
    return partitions >= 1 && partitions <= KeyHash.maxPartitions(length);
  }

  /** The leading hex digits of the prefix that the pre-split points are drawn from. */
  public int splitDigits() {
    return Math.min(length, KeyHash.SPLIT_DIGITS);
  }
}
