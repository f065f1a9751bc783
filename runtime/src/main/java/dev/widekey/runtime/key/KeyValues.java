package dev.widekey.runtime.key;

import static dev.widekey.core.RuleViolationException.quote;
import static java.time.temporal.ChronoUnit.MILLIS;

import dev.widekey.core.Rule;
import dev.widekey.core.key.InvalidKeyException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.Temporal;
import java.util.Objects;
import java.util.UUID;

/**
 * Typed key values as key text or numbers: instants as epoch milliseconds, UUIDs as their canonical
 * lower-case text. Nothing is truncated: an instant finer than a millisecond is rejected.
 *
 * <p>The other time types are numbers too, so that they order as their values and splice with
 * {@code @Padded} like any integral component:
 *
 * <ul>
 *   <li>{@link LocalDate}: its epoch day (1970-01-01 is 0, earlier dates are negative); every
 *       LocalDate has one, at most 12 digits;
 *   <li>{@link LocalDateTime}: epoch milliseconds of the date-time read as if in UTC (a local
 *       date-time has no zone, and UTC has no gaps or overlaps, so the order is the date-times'
 *       order); finer than a millisecond, or outside a long of milliseconds (about ±292 million
 *       years), is refused;
 *   <li>{@link OffsetDateTime} and {@link ZonedDateTime}: epoch milliseconds of their instant, like
 *       {@link Instant}. The offset or zone is <b>not kept</b>: a key that kept it could not order
 *       by instant (10:00+02:00 is before 09:00Z). Decoding returns the same instant in UTC ({@code
 *       Z}), so a round trip gives a value that is {@code isEqual}, not {@code equals}, to a value
 *       written with another offset or zone; decoding is canonical (WK112): one stored number, one
 *       decoded value.
 * </ul>
 *
 * <pre>{@code
 * long millis = KeyValues.instantToMillis("createdAt", Instant.parse("2024-05-01T10:00:00Z"));
 * String id = KeyValues.uuidText(orderId);                   // "3f1c...-..."
 * UUID back = KeyValues.parseUuid("orderId", id);
 * }</pre>
 */
public final class KeyValues {
  private KeyValues() {}

  /**
   * Epoch milliseconds of an instant.
   *
   * @throws InvalidKeyException WK111 if null; WK104 if it has sub-millisecond precision, or is
   *     outside the range of a long of milliseconds
   */
  public static long instantToMillis(String field, Instant t) {
    KeyText.requireNonNull(field, t);
    return instantToMillis(field, t, t);
  }

  /** Epoch milliseconds of {@code t}, the instant of {@code value}, which messages show. */
  private static long instantToMillis(String field, Instant t, Object value) {
    if (t.getNano() % 1_000_000 != 0) {
      throw new InvalidKeyException(
          Rule.WK104,
          field,
          "value "
              + value
              + " has sub-millisecond precision, which a millisecond key cannot hold; truncate"
              + " it before storing (t.truncatedTo(ChronoUnit.MILLIS)), or declare the key field"
              + " @TruncatedToMillis to have the key truncate it");
    }
    try {
      return t.toEpochMilli();
    } catch (ArithmeticException e) {
      throw new InvalidKeyException(
          Rule.WK104,
          field,
          "value " + value + " is outside the range of a long of epoch milliseconds",
          e);
    }
  }

  /**
   * The value truncated to whole milliseconds, the precision a time key keeps; null stays null (the
   * encoder then refuses it, WK111). Generated encoders call it before {@link #instantToMillis} for
   * a key component declared {@code @TruncatedToMillis}, so that {@code Instant.now()} is stored
   * instead of refused (WK104).
   *
   * <pre>
   * {@code KeyValues.truncatedToMillis(Instant.parse("2026-01-01T00:00:00.000500Z")) // 00.000Z}
   * </pre>
   */
  public static Instant truncatedToMillis(Instant t) {
    return t == null ? null : t.truncatedTo(MILLIS);
  }

  /** {@link #truncatedToMillis(Instant)} for a local date-time key. */
  public static LocalDateTime truncatedToMillis(LocalDateTime t) {
    return t == null ? null : t.truncatedTo(MILLIS);
  }

  /** {@link #truncatedToMillis(Instant)} for an offset date-time key. */
  public static OffsetDateTime truncatedToMillis(OffsetDateTime t) {
    return t == null ? null : t.truncatedTo(MILLIS);
  }

  /** {@link #truncatedToMillis(Instant)} for a zoned date-time key. */
  public static ZonedDateTime truncatedToMillis(ZonedDateTime t) {
    return t == null ? null : t.truncatedTo(MILLIS);
  }

  /** The instant of epoch milliseconds; the inverse of {@link #instantToMillis}. */
  public static Instant millisToInstant(long millis) {
    return Instant.ofEpochMilli(millis);
  }

  /**
   * The epoch day of a date: 1970-01-01 is 0. Every LocalDate has one.
   *
   * @throws InvalidKeyException WK111 if null
   */
  public static long localDateToEpochDay(String field, LocalDate date) {
    KeyText.requireNonNull(field, date);
    return date.toEpochDay();
  }

  /**
   * The date of an epoch day; the inverse of {@link #localDateToEpochDay}.
   *
   * @throws InvalidKeyException WK104 if the number is outside LocalDate's range (no date encodes
   *     to it)
   */
  public static LocalDate epochDayToLocalDate(String field, long epochDay) {
    if (epochDay < LocalDate.MIN.toEpochDay() || epochDay > LocalDate.MAX.toEpochDay()) {
      throw new InvalidKeyException(
          Rule.WK104,
          field,
          "stored value "
              + epochDay
              + " is outside the epoch days of LocalDate ("
              + LocalDate.MIN.toEpochDay()
              + ".."
              + LocalDate.MAX.toEpochDay()
              + "); the row was not written by this codec");
    }
    return LocalDate.ofEpochDay(epochDay);
  }

  /**
   * Epoch milliseconds of a local date-time read as if in UTC.
   *
   * @throws InvalidKeyException WK111 if null; WK104 if it has sub-millisecond precision, or is
   *     outside the range of a long of milliseconds
   */
  public static long localDateTimeToMillis(String field, LocalDateTime t) {
    KeyText.requireNonNull(field, t);
    return instantToMillis(field, t.toInstant(ZoneOffset.UTC), t);
  }

  /** The local date-time of epoch milliseconds; the inverse of {@link #localDateTimeToMillis}. */
  public static LocalDateTime millisToLocalDateTime(long millis) {
    return LocalDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneOffset.UTC);
  }

  /**
   * Epoch milliseconds of the instant; the offset is not kept (see the class comment).
   *
   * @throws InvalidKeyException WK111 if null; WK104 if it has sub-millisecond precision, or is
   *     outside the range of a long of milliseconds
   */
  public static long offsetDateTimeToMillis(String field, OffsetDateTime t) {
    KeyText.requireNonNull(field, t);
    return instantToMillis(field, t.toInstant(), t);
  }

  /** The instant of epoch milliseconds at offset {@code Z}; the inverse of the encoding. */
  public static OffsetDateTime millisToOffsetDateTime(long millis) {
    return OffsetDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneOffset.UTC);
  }

  /**
   * Epoch milliseconds of the instant; the zone is not kept (see the class comment).
   *
   * @throws InvalidKeyException WK111 if null; WK104 if it has sub-millisecond precision, or is
   *     outside the range of a long of milliseconds
   */
  public static long zonedDateTimeToMillis(String field, ZonedDateTime t) {
    KeyText.requireNonNull(field, t);
    return instantToMillis(field, t.toInstant(), t);
  }

  /** The instant of epoch milliseconds in zone {@code Z}; the inverse of the encoding. */
  public static ZonedDateTime millisToZonedDateTime(long millis) {
    return ZonedDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneOffset.UTC);
  }

  /**
   * A range bound over a key of epoch milliseconds: {@code t} if it holds whole milliseconds, else
   * the next whole millisecond. Keys hold whole milliseconds, so the keys in {@code [from, to)} are
   * exactly those in {@code [rangeBound(from), rangeBound(to))}: a bound finer than a millisecond,
   * such as {@code Instant.now()} on most JVMs, reads what it says instead of being refused as a
   * key that could never be stored. Null stays null (the encoder refuses it, WK111); a bound whose
   * next millisecond its type cannot hold ({@code Instant.MAX}) gives its own millisecond, which
   * the encoder refuses as outside a long of milliseconds, as it would the next one.
   *
   * <pre>{@code KeyValues.rangeBound(Instant.parse("2026-01-01T00:00:00.000500Z")) // ...00.001Z}
   * </pre>
   */
  public static Instant rangeBound(Instant t) {
    return t == null || t.getNano() % 1_000_000 == 0 ? t : nextMilli(t.truncatedTo(MILLIS));
  }

  /** {@link #rangeBound(Instant)} for a local date-time key (milliseconds read as if in UTC). */
  public static LocalDateTime rangeBound(LocalDateTime t) {
    return t == null || t.getNano() % 1_000_000 == 0 ? t : nextMilli(t.truncatedTo(MILLIS));
  }

  /** {@link #rangeBound(Instant)} for an offset date-time key. */
  public static OffsetDateTime rangeBound(OffsetDateTime t) {
    return t == null || t.getNano() % 1_000_000 == 0 ? t : nextMilli(t.truncatedTo(MILLIS));
  }

  /** {@link #rangeBound(Instant)} for a zoned date-time key. */
  public static ZonedDateTime rangeBound(ZonedDateTime t) {
    return t == null || t.getNano() % 1_000_000 == 0 ? t : nextMilli(t.truncatedTo(MILLIS));
  }

  /** {@code truncated} plus a millisecond, or {@code truncated} if its type cannot hold that. */
  @SuppressWarnings("unchecked")
  private static <T extends Temporal> T nextMilli(T truncated) {
    try {
      return (T) truncated.plus(1, MILLIS);
    } catch (DateTimeException e) {
      return truncated; // the type's last millisecond: far outside a long of milliseconds
    }
  }

  /**
   * A UUID's canonical lower-case text, 36 characters.
   *
   * <pre>{@code KeyValues.uuidText(id);  // "123e4567-e89b-12d3-a456-426614174000"}</pre>
   */
  public static String uuidText(UUID uuid) {
    return Objects.requireNonNull(uuid, "uuid").toString();
  }

  /**
   * Parses the canonical lower-case text written by {@link #uuidText}; the exact inverse. Other
   * spellings that {@link UUID#fromString} tolerates (upper case, short groups) are refused, since
   * they would not encode back to the same key.
   *
   * @throws InvalidKeyException WK105 if the text is not a canonical lower-case UUID
   */
  public static UUID parseUuid(String field, String text) {
    if (text == null || text.length() != 36) {
      throw malformedUuid(field, text);
    }
    for (int i = 0; i < 36; i++) {
      char c = text.charAt(i);
      boolean ok =
          (i == 8 || i == 13 || i == 18 || i == 23)
              ? c == '-'
              : c >= '0' && c <= '9' || c >= 'a' && c <= 'f';
      if (!ok) {
        throw malformedUuid(field, text);
      }
    }
    return UUID.fromString(text);
  }

  private static InvalidKeyException malformedUuid(String field, String text) {
    return new InvalidKeyException(
        Rule.WK105,
        field,
        "stored key text "
            + quote(text)
            + " is not a canonical lower-case UUID"
            + " (8-4-4-4-12 digits 0-9a-f); the row was not written as a UUID key");
  }
}
