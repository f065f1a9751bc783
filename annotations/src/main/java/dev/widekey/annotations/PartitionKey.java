package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A component of the partition key, the first primary-key column, by which the store splits the
 * table into partitions.
 *
 * <p>One component is stored as it is; several are spliced into one string in {@code order}, joined
 * by {@link WideTable#delimiter()}. The leading component decides which partition a write hits, so
 * it must not be sequential (rule WK102): order numbers, timestamps and auto-increment ids all land
 * on the last partition. A leading integral or time type is taken as sequential unless it is
 * hash-prefixed, bucketed or reversed, or says why not with {@link NotSequential}.
 *
 * <p>When no partition-key component states an {@code order}, their declaration order is the key
 * order; otherwise every one states its own (rule WK101).
 *
 * <pre>{@code
 * @PartitionKey(order = 0) @Padded(width = 6) long deviceId;
 * @PartitionKey(order = 1) @KeyChars("a-z0-9") @MaxLength(16) String sellerId;
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface PartitionKey {
  /**
   * Position among the partition-key components, from 0. Leave it unset on every component to take
   * the declaration order; stating it on some but not all is an error.
   */
  int order() default 0;
}
