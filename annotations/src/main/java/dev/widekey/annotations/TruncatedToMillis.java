package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Opts a time key component ({@code Instant}, {@code LocalDateTime}, {@code OffsetDateTime}, {@code
 * ZonedDateTime}) in to truncation: its key stores the value truncated to whole milliseconds, the
 * precision the key keeps, instead of refusing a value finer than that (WK104, the default, which
 * {@code Instant.now()} meets on most JVMs). The same truncation applies to the entity's key, its
 * index keys and a re-keying job's keys; range bounds are rounded up to the next whole millisecond
 * with or without it. An entity read back holds the truncated value, so two writes whose times
 * differ below a millisecond write the same row. Not on a {@code LocalDate}, stored as whole days,
 * nor on anything that is not a key component (WK104). The exported layout records it ({@code
 * key.0.part.0.truncate=MILLIS}).
 *
 * <pre>{@code
 * @WideTable(name = "events")
 * public record Event(
 *     @PartitionKey @HashPrefix String device,
 *     @KeyColumn @TruncatedToMillis Instant at, String payload) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface TruncatedToMillis {}
