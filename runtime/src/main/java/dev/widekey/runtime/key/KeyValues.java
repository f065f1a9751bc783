package dev.widekey.runtime.key;

import static dev.widekey.runtime.RuleViolationException.quote;

import dev.widekey.runtime.Rule;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * Typed key values as key text or numbers: instants as epoch milliseconds, UUIDs as their canonical
 * lower-case text. Nothing is truncated: an instant finer than a millisecond is rejected.
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
    if (t.getNano() % 1_000_000 != 0) {
      throw new InvalidKeyException(
          Rule.WK104,
          field,
          "value "
              + t
              + " has sub-millisecond precision, which a millisecond key cannot hold; truncate"
              + " it yourself before storing (t.truncatedTo(ChronoUnit.MILLIS))");
    }
    try {
      return t.toEpochMilli();
    } catch (ArithmeticException e) {
      throw new InvalidKeyException(
          Rule.WK104,
          field,
          "value " + t + " is outside the range of a long of epoch milliseconds",
          e);
    }
  }

  /** The instant of epoch milliseconds; the inverse of {@link #instantToMillis}. */
  public static Instant millisToInstant(long millis) {
    return Instant.ofEpochMilli(millis);
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
