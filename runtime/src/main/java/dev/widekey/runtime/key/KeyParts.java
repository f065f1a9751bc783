package dev.widekey.runtime.key;

import static dev.widekey.runtime.RuleViolationException.quote;

import dev.widekey.annotations.HashAlgorithm;
import dev.widekey.runtime.Rule;

/**
 * Decoding helpers for generated key codecs: parse and narrow numbers read back from key text, and
 * check a hash prefix computed over one component of a spliced key. Each failure is a typed {@link
 * InvalidKeyException}: a stored key that this codec did not write.
 *
 * <pre>{@code long id = KeyParts.parseLong("orderNumber", "200004");}</pre>
 */
public final class KeyParts {
  private KeyParts() {}

  /**
   * Parses unpadded decimal key text, canonical only: exactly what {@link Long#toString(long)}
   * writes. {@code "+5"}, {@code "05"}, {@code "-0"} or non-ASCII digits would all decode as a
   * number whose key is another text, so one stored entity would hide behind another's key.
   *
   * @throws InvalidKeyException WK104 for any other text
   */
  public static long parseLong(String field, String text) {
    long value;
    try {
      value = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw notCanonical(field, text);
    }
    if (!Long.toString(value).equals(text)) {
      throw notCanonical(field, text);
    }
    return value;
  }

  private static InvalidKeyException notCanonical(String field, String text) {
    return new InvalidKeyException(
        Rule.WK104,
        field,
        "stored text "
            + quote(text)
            + " is not a number as the key codec writes it (ASCII digits, no sign but '-', no"
            + " leading zero); the row was not written by this codec");
  }

  /** Narrows a decoded number to its field's type, refusing values that do not fit. */
  public static long narrow(String field, long value, long min, long max) {
    if (value < min || value > max) {
      throw new InvalidKeyException(
          Rule.WK104,
          field,
          "stored value " + value + " is out of its field's range " + min + ".." + max);
    }
    return value;
  }

  /**
   * The stored text after a hash prefix of {@code length} digits, unchecked; check it with {@link
   * #checkHashPrefix} once the hashed component has been split out.
   */
  public static String afterHashPrefix(String field, String stored, int length) {
    if (stored.length() < length) {
      throw new InvalidKeyException(
          Rule.WK106, field, "stored key " + quote(stored) + " is shorter than its hash prefix");
    }
    return stored.substring(length);
  }

  /** Checks that a stored key starts with the hash of the component it was computed over. */
  public static void checkHashPrefix(
      String field, String stored, HashAlgorithm algorithm, int length, String hashedText) {
    String expected = KeyHash.prefix(algorithm, length, hashedText);
    if (!stored.startsWith(expected)) {
      throw new InvalidKeyException(
          Rule.WK106,
          field,
          "stored key "
              + quote(stored)
              + " does not start with "
              + quote(expected)
              + ", the hash of "
              + quote(hashedText)
              + "; it was not written with this @HashPrefix");
    }
  }
}
