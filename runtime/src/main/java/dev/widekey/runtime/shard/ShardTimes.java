package dev.widekey.runtime.shard;

import dev.widekey.core.Rule;
import dev.widekey.core.RuleViolationException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * The instant a shard field's value stands for: an {@code Instant} itself, a {@code LocalDate} at
 * its start in UTC, a {@code LocalDateTime} taken as UTC, an {@code OffsetDateTime} or {@code
 * ZonedDateTime} at its instant. Generated time-sharded repositories call it on every write and
 * point read.
 *
 * <pre>{@code ShardTimes.instantOf("createdAt", LocalDate.of(2026, 11, 23)) // 2026-11-23T00:00Z}
 * </pre>
 */
public final class ShardTimes {
  private ShardTimes() {}

  /**
   * @throws RuleViolationException (WK210) if the value is null (nothing is written) or not a time
   */
  public static Instant instantOf(String field, Object value) {
    if (value == null) {
      throw new RuleViolationException(
          Rule.WK210,
          field,
          "is null, but it is the shard field: its value picks the period table a row goes to."
              + " Set it before writing (nothing was written)");
    }
    if (value instanceof Instant i) {
      return i;
    } else if (value instanceof LocalDate d) {
      return d.atStartOfDay(ZoneOffset.UTC).toInstant();
    } else if (value instanceof LocalDateTime t) {
      return t.toInstant(ZoneOffset.UTC);
    } else if (value instanceof OffsetDateTime t) {
      return t.toInstant();
    } else if (value instanceof ZonedDateTime t) {
      return t.toInstant();
    }
    throw new RuleViolationException(
        Rule.WK210, field, "is a " + value.getClass().getName() + ", not a time");
  }
}
