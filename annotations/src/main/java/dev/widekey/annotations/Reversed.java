package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stores the component's text reversed, so that an incrementing id varies in its first character
 * and consecutive ids land in different partitions (Lindorm's alternative to a hash prefix). Like a
 * hash prefix, it gives up range reads over the partition key. On String, integral and time
 * components ({@code Instant}, {@code LocalDate}, {@code LocalDateTime}, {@code OffsetDateTime},
 * {@code ZonedDateTime}, reversed as the digits of their epoch milliseconds, a {@code LocalDate}'s
 * of its epoch day); on any other type it is rule WK102.
 *
 * <pre>{@code @PartitionKey(order = 0) @Reversed long userId; // 1234 -> "4321"}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Reversed {}
