package dev.widekey.runtime.key;

import static dev.widekey.runtime.key.Property.between;
import static dev.widekey.runtime.key.Property.forAll;
import static dev.widekey.runtime.key.Rejections.expectRejected;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.key.InvalidKeyException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The time types as key numbers: round trips (to the same instant in UTC for the types with an
 * offset or zone), order kept, edges of each range, and refusals that never truncate.
 */
class KeyValuesTimeTest {
  private static final List<String> ZONES =
      List.of("UTC", "Europe/Paris", "Asia/Kolkata", "America/St_Johns", "Pacific/Kiritimati");

  /** A random epoch millisecond, biased toward the edges and zero. */
  private static long millis(Random r) {
    return switch (r.nextInt(6)) {
      case 0 -> Long.MIN_VALUE + r.nextInt(1000);
      case 1 -> Long.MAX_VALUE - r.nextInt(1000);
      case 2 -> r.nextInt(2001) - 1000;
      default -> r.nextLong() >> r.nextInt(64);
    };
  }

  private static ZoneId zone(Random r) {
    return ZoneId.of(ZONES.get(r.nextInt(ZONES.size())));
  }

  @Test
  void localDatesRoundTripAsEpochDaysInOrder() {
    long min = LocalDate.MIN.toEpochDay();
    long max = LocalDate.MAX.toEpochDay();
    assertEquals(0, KeyValues.localDateToEpochDay("day", LocalDate.of(1970, 1, 1)));
    assertEquals(LocalDate.MIN, KeyValues.epochDayToLocalDate("day", min));
    assertEquals(LocalDate.MAX, KeyValues.epochDayToLocalDate("day", max));
    forAll(
        "LocalDate round trip and order",
        5_000,
        r -> {
          LocalDate a = LocalDate.ofEpochDay(r.nextBoolean() ? between(r, min, max) : r.nextInt());
          LocalDate b = LocalDate.ofEpochDay(between(r, min, max));
          long ka = KeyValues.localDateToEpochDay("day", a);
          long kb = KeyValues.localDateToEpochDay("day", b);
          assertEquals(a, KeyValues.epochDayToLocalDate("day", ka));
          assertEquals(Integer.signum(a.compareTo(b)), Long.signum(Long.compare(ka, kb)));
        });
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "day",
        () -> KeyValues.epochDayToLocalDate("day", max + 1));
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "day",
        () -> KeyValues.epochDayToLocalDate("day", Long.MIN_VALUE));
    expectRejected(
        InvalidKeyException.class,
        "WK111",
        "day",
        () -> KeyValues.localDateToEpochDay("day", null));
  }

  @Test
  void localDateTimesRoundTripAsMillisInOrder() {
    forAll(
        "LocalDateTime round trip and order",
        5_000,
        r -> {
          LocalDateTime a = KeyValues.millisToLocalDateTime(millis(r));
          LocalDateTime b = KeyValues.millisToLocalDateTime(millis(r));
          long ka = KeyValues.localDateTimeToMillis("at", a);
          long kb = KeyValues.localDateTimeToMillis("at", b);
          assertEquals(a, KeyValues.millisToLocalDateTime(ka));
          assertEquals(Integer.signum(a.compareTo(b)), Long.signum(Long.compare(ka, kb)));
        });
    // the edges of a long of milliseconds, about 292 million years either side of 1970
    LocalDateTime last = KeyValues.millisToLocalDateTime(Long.MAX_VALUE);
    assertEquals(Long.MAX_VALUE, KeyValues.localDateTimeToMillis("at", last));
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "at",
        () -> KeyValues.localDateTimeToMillis("at", last.plusNanos(1_000_000)));
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "at",
        () -> KeyValues.localDateTimeToMillis("at", LocalDateTime.MIN));
    InvalidKeyException e =
        expectRejected(
            InvalidKeyException.class,
            "WK104",
            "at",
            () -> KeyValues.localDateTimeToMillis("at", LocalDateTime.of(2024, 5, 1, 10, 0, 0, 1)));
    assertTrue(e.getMessage().contains("2024-05-01T10:00:00.000000001"), e.getMessage());
    assertTrue(e.getMessage().contains("sub-millisecond"), e.getMessage());
  }

  @Test
  void offsetAndZonedDateTimesKeepTheirInstantAndComeBackInUtc() {
    forAll(
        "OffsetDateTime/ZonedDateTime round trip to the same instant in UTC, in instant order",
        5_000,
        r -> {
          // inside Instant's range for every zone: a few hours short of the long's edges
          long ma = Math.max(Long.MIN_VALUE / 2, millis(r)) / 2;
          long mb = Math.max(Long.MIN_VALUE / 2, millis(r)) / 2;
          ZonedDateTime a = Instant.ofEpochMilli(ma).atZone(zone(r));
          ZonedDateTime b = Instant.ofEpochMilli(mb).atZone(zone(r));
          long ka = KeyValues.zonedDateTimeToMillis("at", a);
          long kb = KeyValues.zonedDateTimeToMillis("at", b);
          ZonedDateTime back = KeyValues.millisToZonedDateTime(ka);
          assertTrue(back.isEqual(a));
          assertEquals(ZoneOffset.UTC, back.getZone());
          assertEquals(ka, KeyValues.zonedDateTimeToMillis("at", back)); // canonical
          assertEquals(
              Integer.signum(a.toInstant().compareTo(b.toInstant())),
              Long.signum(Long.compare(ka, kb)));

          OffsetDateTime oa = a.toOffsetDateTime();
          OffsetDateTime ob = b.toOffsetDateTime();
          long koa = KeyValues.offsetDateTimeToMillis("at", oa);
          OffsetDateTime oback = KeyValues.millisToOffsetDateTime(koa);
          assertEquals(ka, koa);
          assertTrue(oback.isEqual(oa));
          assertEquals(ZoneOffset.UTC, oback.getOffset());
          assertEquals(
              Integer.signum(oa.toInstant().compareTo(ob.toInstant())),
              Long.signum(Long.compare(koa, KeyValues.offsetDateTimeToMillis("at", ob))));
        });
    // 10:00 at +02:00 is before 09:00Z: ordered by instant, not by the local time written
    long paris =
        KeyValues.offsetDateTimeToMillis("at", OffsetDateTime.parse("2024-05-01T10:00+02:00"));
    long utc = KeyValues.offsetDateTimeToMillis("at", OffsetDateTime.parse("2024-05-01T09:00Z"));
    assertTrue(paris < utc);
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "at",
        () -> KeyValues.offsetDateTimeToMillis("at", OffsetDateTime.MAX));
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "at",
        () ->
            KeyValues.zonedDateTimeToMillis(
                "at", ZonedDateTime.parse("2024-05-01T10:00:00.0000001+02:00[Europe/Paris]")));
    expectRejected(
        InvalidKeyException.class,
        "WK111",
        "at",
        () -> KeyValues.zonedDateTimeToMillis("at", null));
  }
}
