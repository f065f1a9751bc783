package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A primary-key column after the partition key. Rows of one partition-key value are sorted by these
 * columns, so they are where sequential values (order numbers, times) belong. Tablestore allows 4
 * primary-key columns in all (rule WK110). When no key column states an {@code order}, their
 * declaration order is the key order; otherwise every one states its own (rule WK101).
 *
 * <pre>{@code
 * @PartitionKey(order = 0) String machineIp;
 * @KeyColumn(order = 0) Instant timestamp;
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface KeyColumn {
  /**
   * Position among the key columns, from 0. Leave it unset on every key column to take the
   * declaration order; stating it on some but not all is an error.
   */
  int order() default 0;

  /**
   * Stores the column in descending order (Lindorm's DESC key columns): larger values sort first,
   * so a forward scan reads the newest first. Only for columns stored as integers (integral types
   * without {@code @Padded}, and the time types {@code Instant}, {@code LocalDate}, {@code
   * LocalDateTime}, {@code OffsetDateTime}, {@code ZonedDateTime}), kept as the bitwise complement
   * {@code ~v} of the value (of a time's epoch milliseconds, of a {@code LocalDate}'s epoch day),
   * which reverses the order exactly; anything else (String, UUID, enum, byte[]) is rule WK113.
   * Generated code encodes and decodes it, and a {@code from}/{@code to} range over it still means
   * {@code [from, to)} in values, read greatest first.
   */
  boolean descending() default false;
}
