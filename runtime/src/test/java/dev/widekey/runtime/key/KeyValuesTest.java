package dev.widekey.runtime.key;

import static dev.widekey.runtime.key.Property.forAll;
import static dev.widekey.runtime.key.Rejections.expectRejected;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.key.KeyAlphabet;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class KeyValuesTest {

  @Test
  void instantMillisRoundTrip() {
    assertEquals(0, KeyValues.instantToMillis("t", Instant.EPOCH));
    assertEquals(
        1_714_557_600_123L,
        KeyValues.instantToMillis("t", Instant.parse("2024-05-01T10:00:00.123Z")));
    assertEquals(-1, KeyValues.instantToMillis("t", Instant.parse("1969-12-31T23:59:59.999Z")));
    forAll(
        "millisToInstant(instantToMillis(t)) == t",
        5_000,
        random -> {
          long millis = random.nextLong() >> random.nextInt(64);
          Instant t = KeyValues.millisToInstant(millis);
          assertEquals(Instant.ofEpochMilli(millis), t);
          assertEquals(millis, KeyValues.instantToMillis("t", t));
        });
  }

  @Test
  void subMillisecondPrecisionIsRejectedNeverTruncated() {
    for (String text :
        new String[] {
          "2024-05-01T10:00:00.123456Z",
          "2024-05-01T10:00:00.000000001Z",
          "1969-12-31T23:59:59.9999999Z"
        }) {
      Instant t = Instant.parse(text);
      InvalidKeyException e =
          expectRejected(
              InvalidKeyException.class,
              "WK104",
              "createdAt",
              () -> KeyValues.instantToMillis("createdAt", t));
      assertTrue(e.getMessage().contains(t.toString()), e.getMessage());
      assertTrue(e.getMessage().contains("sub-millisecond"), e.getMessage());
      assertTrue(e.getMessage().contains("@TruncatedToMillis"), e.getMessage());
    }
  }

  @Test
  void instantsBeyondALongOfMillisAreRejected() {
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "t",
        () -> KeyValues.instantToMillis("t", Instant.MAX.minusNanos(Instant.MAX.getNano())));
    expectRejected(
        InvalidKeyException.class, "WK104", "t", () -> KeyValues.instantToMillis("t", Instant.MIN));
    expectRejected(
        InvalidKeyException.class, "WK111", "t", () -> KeyValues.instantToMillis("t", null));
  }

  @Test
  void rangeBoundsGoToTheNextWholeMillisecond() {
    Instant t = Instant.parse("2024-05-01T10:00:00.123Z");
    assertEquals(t, KeyValues.rangeBound(t));
    assertEquals(t.plusMillis(1), KeyValues.rangeBound(t.plusNanos(1)));
    assertEquals(t.plusMillis(1), KeyValues.rangeBound(t.plusNanos(999_999)));
    assertEquals(
        Instant.parse("1970-01-01T00:00:00Z"),
        KeyValues.rangeBound(Instant.parse("1969-12-31T23:59:59.9999999Z")));
    LocalDateTime l = LocalDateTime.parse("2024-05-01T10:00:00.123");
    assertEquals(l.plusNanos(1_000_000), KeyValues.rangeBound(l.plusNanos(5)));
    OffsetDateTime o = OffsetDateTime.parse("2024-05-01T10:00:00.123+18:00");
    assertEquals(o.plusNanos(1_000_000), KeyValues.rangeBound(o.plusNanos(5)));
    ZonedDateTime z = ZonedDateTime.parse("2024-10-27T02:59:59.999+02:00[Europe/Paris]");
    assertEquals(z.plusNanos(1_000_000), KeyValues.rangeBound(z.plusNanos(5)));
    // every key in [from, to) is in [rangeBound(from), rangeBound(to)) and the other way round
    forAll(
        "a key lies between the bounds iff it lies between their whole milliseconds",
        5_000,
        random -> {
          Instant key = Instant.ofEpochMilli(random.nextInt(2_000) - 1_000);
          Instant from = Instant.ofEpochSecond(0, random.nextInt(2_000_000_000) - 1_000_000_000L);
          Instant to = Instant.ofEpochSecond(0, random.nextInt(2_000_000_000) - 1_000_000_000L);
          boolean in = !key.isBefore(from) && key.isBefore(to);
          boolean inWhole =
              !key.isBefore(KeyValues.rangeBound(from)) && key.isBefore(KeyValues.rangeBound(to));
          assertEquals(in, inWhole, key + " in [" + from + ", " + to + ")");
        });
    // null stays for the encoder's WK111; the type's last millisecond is the encoder's WK104
    assertEquals(null, KeyValues.rangeBound((Instant) null));
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "t",
        () -> KeyValues.instantToMillis("t", KeyValues.rangeBound(Instant.MAX)));
    assertEquals(LocalDateTime.MAX.minusNanos(999_999), KeyValues.rangeBound(LocalDateTime.MAX));
  }

  @Test
  void uuidRoundTrip() {
    forAll(
        "parseUuid(uuidText(u)) == u",
        5_000,
        random -> {
          UUID u = new UUID(random.nextLong(), random.nextLong());
          String text = KeyValues.uuidText(u);
          assertEquals(36, text.length());
          assertTrue(text.matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"));
          assertEquals(u, KeyValues.parseUuid("id", text));
          assertEquals(text, KeyAlphabet.UUID.check("id", text));
        });
  }

  @Test
  void malformedUuidTextIsRejected() {
    String good = "123e4567-e89b-12d3-a456-426614174000";
    assertEquals(UUID.fromString(good), KeyValues.parseUuid("id", good));
    String[] bad = {
      good.toUpperCase(), // would not encode back to the same key
      "1-1-1-1-1", // UUID.fromString tolerates it
      good.replace("-", ""),
      good + "0",
      good.substring(1),
      "123e4567-e89b-12d3-a456_426614174000",
      "123e4567-e89b-12d3-a456-42661417400g",
      "",
      null
    };
    for (String text : bad) {
      InvalidKeyException e =
          expectRejected(
              InvalidKeyException.class, "WK105", "id", () -> KeyValues.parseUuid("id", text));
      assertTrue(e.getMessage().contains("UUID"), e.getMessage());
    }
  }
}
