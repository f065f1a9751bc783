package dev.widekey.runtime.key;

import static dev.widekey.core.RuleViolationException.codePoint;
import static dev.widekey.core.RuleViolationException.quote;

import dev.widekey.annotations.Profile;
import dev.widekey.core.Rule;
import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.key.KeyAlphabet;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.core.store.Utf8;
import java.util.Objects;

/**
 * Splicing key components into one string column and the checks every component passes first. A
 * spliced key sorts like the tuple of its components only if the delimiter sorts below every
 * character the components may hold (rule WK105), so a component is checked against its alphabet
 * (or at least for the delimiter) before it is joined; nothing is ever cut to fit.
 *
 * <pre>{@code
 * String key = KeyText.join(',', Padding.encode("shopId", 54, 6, false),
 *     KeyText.requireNoDelimiter("sku", sku, ','));           // "000054,a100"
 * String[] parts = KeyText.split("pk", key, ',', 2);          // {"000054", "a100"}
 * }</pre>
 */
public final class KeyText {
  private KeyText() {}

  /**
   * Joins checked components with the delimiter.
   *
   * <pre>{@code KeyText.join(',', "000054", "a100");  // "000054,a100"}</pre>
   */
  public static String join(char delimiter, String... parts) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) {
        out.append(delimiter);
      }
      out.append(Objects.requireNonNull(parts[i], "part"));
    }
    return out.toString();
  }

  /**
   * Splits a stored spliced key into exactly {@code parts} components, keeping empty ones.
   *
   * <pre>{@code KeyText.split("pk", "000054,,x", ',', 3);  // {"000054", "", "x"}}</pre>
   *
   * @throws InvalidKeyException WK105 if the key has another number of parts
   */
  public static String[] split(String field, String text, char delimiter, int parts) {
    if (parts < 1) {
      throw new IllegalArgumentException("parts must be at least 1, was " + parts);
    }
    if (text == null) {
      throw new InvalidKeyException(
          Rule.WK105, field, "stored key is null, expected " + parts + " parts");
    }
    // one pass: each part is cut at the next delimiter; the count is taken only for the message
    String[] out = new String[parts];
    int start = 0;
    for (int p = 0; p < parts - 1; p++) {
      int end = text.indexOf(delimiter, start);
      if (end < 0) {
        throw wrongParts(field, text, delimiter, parts);
      }
      out[p] = text.substring(start, end);
      start = end + 1;
    }
    if (text.indexOf(delimiter, start) >= 0) {
      throw wrongParts(field, text, delimiter, parts);
    }
    out[parts - 1] = text.substring(start);
    return out;
  }

  /**
   * The index of the delimiter that ends the part starting at {@code from} of a stored spliced key
   * of {@code parts} parts: generated decoders read each part in place between two such cuts.
   *
   * <pre>{@code
   * int cut0 = KeyText.cut("pk", "000054,a100", ',', 0, 2);  // 6
   * KeyText.requireLastPart("pk", "000054,a100", ',', cut0 + 1, 2);
   * }</pre>
   *
   * @throws InvalidKeyException WK105 as {@link #split}, if there is no delimiter from there
   */
  public static int cut(String field, String text, char delimiter, int from, int parts) {
    if (text == null) {
      throw new InvalidKeyException(
          Rule.WK105, field, "stored key is null, expected " + parts + " parts");
    }
    int at = text.indexOf(delimiter, from);
    if (at < 0) {
      throw wrongParts(field, text, delimiter, parts);
    }
    return at;
  }

  /**
   * Checks that the last part of a stored spliced key, from {@code from}, holds no delimiter.
   *
   * @throws InvalidKeyException WK105 as {@link #split}, if it does
   */
  public static void requireLastPart(
      String field, String text, char delimiter, int from, int parts) {
    if (text == null) {
      throw new InvalidKeyException(
          Rule.WK105, field, "stored key is null, expected " + parts + " parts");
    }
    if (text.indexOf(delimiter, from) >= 0) {
      throw wrongParts(field, text, delimiter, parts);
    }
  }

  private static InvalidKeyException wrongParts(
      String field, String text, char delimiter, int parts) {
    int found = 1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == delimiter) {
        found++;
      }
    }
    return new InvalidKeyException(
        Rule.WK105,
        field,
        "stored key "
            + quote(text)
            + " has "
            + found
            + " parts, expected "
            + parts
            + " separated by "
            + codePoint(delimiter)
            + "; the row was not written with this key layout, or a component holds the"
            + " delimiter");
  }

  /**
   * Returns the value if it does not hold the delimiter.
   *
   * <pre>{@code KeyText.requireNoDelimiter("sku", "a100", ',');  // "a100"}</pre>
   *
   * @throws InvalidKeyException WK111 if null; WK105 if it holds the delimiter
   */
  public static String requireNoDelimiter(String field, String value, char delimiter) {
    requireNonNull(field, value);
    int at = value.indexOf(delimiter);
    if (at >= 0) {
      throw new InvalidKeyException(
          Rule.WK105,
          field,
          "value "
              + quote(value)
              + " holds the delimiter "
              + codePoint(delimiter)
              + " at index "
              + at
              + "; a value carrying the delimiter could read or overwrite another key's rows."
              + " Reject such values, or declare @KeyChars without the delimiter");
    }
    return value;
  }

  /**
   * Returns the value if it has at most {@code maxLength} chars (UTF-16 code units); a rejection
   * quotes the key-column limit of {@code profile}'s service, within which {@code @MaxLength} may
   * be raised.
   *
   * <pre>{@code KeyText.checkLength("tenant", "acme", 64, Profile.TABLESTORE);  // "acme"}</pre>
   *
   * @throws InvalidKeyException WK111 if null; WK109 if longer, never cut
   */
  public static String checkLength(String field, String value, int maxLength, Profile profile) {
    requireNonNull(field, value);
    if (value.length() > maxLength) {
      throw new InvalidKeyException(
          Rule.WK109,
          field,
          "value "
              + quote(value)
              + " is "
              + value.length()
              + " characters long, more than @MaxLength("
              + maxLength
              + ") allows; it is rejected, never cut. Shorten the value or raise @MaxLength"
              + " within the "
              + StoreLimits.sizeText(StoreLimits.of(profile).maxPkColumnBytes())
              + " a primary-key column holds on "
              + profile);
    }
    return value;
  }

  /**
   * Returns the value if it is well-formed UTF-16, so that it has a UTF-8 form.
   *
   * @throws InvalidKeyException WK111 if null; WK105 naming the first unpaired surrogate
   */
  public static String requireWellFormed(String field, String value) {
    requireNonNull(field, value);
    int bad = Utf8.firstUnpairedSurrogate(value);
    if (bad >= 0) {
      throw new InvalidKeyException(
          Rule.WK105,
          field,
          "value "
              + quote(value)
              + " holds an unpaired surrogate "
              + codePoint(value.charAt(bad))
              + " at index "
              + bad
              + "; an unpaired surrogate has no UTF-8 form, so no key can hold it. Remove it"
              + " before storing");
    }
    return value;
  }

  /**
   * Returns the value if it passes, in this order, {@link #requireNonNull}, {@link
   * #requireWellFormed}, {@link #checkLength} (unless {@code maxLength} is negative) and {@code
   * chars.check}: what generated code calls for a {@code @KeyChars} component. The common value,
   * short enough and all ASCII in the alphabet, is checked in one pass; any other takes the checks
   * one by one, which name its first problem.
   *
   * <pre>{@code
   * KeyText.checkText("sellerId", "s42", 16, SELLER_ID_CHARS, Profile.TABLESTORE);  // "s42"
   * }</pre>
   *
   * @param maxLength the most chars allowed, or -1 for no {@code @MaxLength}
   * @param profile the entity's profile, whose key-column limit a length rejection quotes
   * @throws InvalidKeyException WK111 if null; WK105 for an unpaired surrogate or a character
   *     outside the alphabet; WK109 if longer than {@code maxLength}
   */
  public static String checkText(
      String field, String value, int maxLength, KeyAlphabet chars, Profile profile) {
    requireNonNull(field, value);
    if ((maxLength < 0 || value.length() <= maxLength) && chars.allowsAllAscii(value)) {
      return value;
    }
    requireWellFormed(field, value);
    if (maxLength >= 0) {
      checkLength(field, value, maxLength, profile);
    }
    return chars.check(field, value);
  }

  /**
   * Returns the value if it is not null.
   *
   * <pre>{@code KeyText.requireNonNull("orderId", order.id());}</pre>
   *
   * @throws InvalidKeyException WK111 if it is null
   */
  public static <T> T requireNonNull(String field, T value) {
    return InvalidKeyException.requireNonNull(field, value);
  }

  /**
   * Reverses the text by code points ({@code @Reversed}), so that surrogate pairs stay intact;
   * reversing twice gives the text back.
   *
   * <pre>{@code KeyText.reverse("1234");  // "4321"}</pre>
   *
   * @throws IllegalArgumentException if the text holds an unpaired surrogate: it could pair up with
   *     a neighbour once reversed, and the reverse would no longer be exact (generated code calls
   *     {@link #requireWellFormed} first)
   */
  public static String reverse(String value) {
    int bad = Utf8.firstUnpairedSurrogate(value);
    if (bad >= 0) {
      throw new IllegalArgumentException(
          "cannot reverse text with an unpaired surrogate "
              + codePoint(value.charAt(bad))
              + " at index "
              + bad);
    }
    // StringBuilder.reverse keeps well-formed surrogate pairs in order
    return new StringBuilder(value).reverse().toString();
  }
}
