package dev.widekey.runtime.key;

import static dev.widekey.core.RuleViolationException.codePoint;
import static dev.widekey.core.RuleViolationException.quote;

import dev.widekey.core.Rule;
import dev.widekey.core.key.InvalidKeyException;
import java.nio.charset.StandardCharsets;

/**
 * {@code @Padded} integers as fixed-width decimal text whose text order is the numeric order (rule
 * WK103/WK104): unpadded, {@code "54"} sorts after {@code "167"}.
 *
 * <p>Unsigned, a value is zero-padded to exactly {@code width} digits. Signed, a non-negative value
 * is written the same way, and a negative value {@code v} as {@code '-'} followed by the nines'
 * complement of {@code -(v + 1)}, padded to {@code width}: -1 is {@code "-999999"} and -999 is
 * {@code "-999001"} at width 6. {@code '-'} (0x2D) sorts below {@code '0'}, so every negative sorts
 * before every non-negative, and a more negative value has a smaller complement. A value that does
 * not fit is rejected, never truncated.
 *
 * <pre>{@code
 * Padding.encode("deviceId", 54, 6, false);        // "000054"
 * Padding.encode("delta", -999, 6, true);          // "-999001"
 * Padding.decode("delta", "-999001", 6, true);     // -999
 * }</pre>
 */
public final class Padding {
  /** The most digits a padded long may have: {@link Long#MAX_VALUE} has 19. */
  public static final int MAX_WIDTH = 19;

  // 10^0 .. 10^18: a value below 10^width fits in width digits
  private static final long[] POWERS_OF_TEN = new long[MAX_WIDTH];

  static {
    long power = 1;
    for (int i = 0; i < MAX_WIDTH; i++) {
      POWERS_OF_TEN[i] = power;
      power *= 10;
    }
  }

  // ZEROS[n] is n zeros: the padding zeros() returns without making a string
  private static final String[] ZEROS = new String[MAX_WIDTH];

  static {
    for (int i = 0; i < MAX_WIDTH; i++) {
      ZEROS[i] = "0".repeat(i);
    }
  }

  private Padding() {}

  /**
   * The zeros that pad a non-negative value to {@code width} digits, unsigned: {@code zeros(f, v,
   * w) + v} is {@code encode(f, v, w, false)}. Generated code writes a key this way, so that string
   * concatenation writes the value's digits straight into the key's text, with no string of its
   * own; the zeros are shared constants.
   *
   * <pre>{@code "key:" + Padding.zeros("deviceId", 54, 6) + 54;  // "key:000054"}</pre>
   *
   * @throws InvalidKeyException as {@link #encode} with {@code signed} false: WK104 if the value is
   *     negative or has more digits than {@code width}
   */
  public static String zeros(String field, long value, int width) {
    if (value < 0 || width < 1 || width >= MAX_WIDTH || value >= POWERS_OF_TEN[width]) {
      // a width of 19 (any non-negative long fits), and every rejection, as encode has it
      String text = encode(field, value, width, false);
      return ZEROS[text.length() - Long.toString(value).length()];
    }
    int digits = 1;
    while (digits < width && value >= POWERS_OF_TEN[digits]) {
      digits++;
    }
    return ZEROS[width - digits];
  }

  /**
   * Encodes a value as padded text.
   *
   * @param field the entity field, for messages
   * @param width digits, 1 to 19
   * @param signed whether negative values are allowed
   * @throws InvalidKeyException WK104 if the value is negative and {@code signed} is false, or has
   *     more digits than {@code width}
   */
  public static String encode(String field, long value, int width, boolean signed) {
    checkWidth(field, width, signed);
    if (value >= 0 && (width == MAX_WIDTH || value < POWERS_OF_TEN[width])) {
      // the common case: written straight into the digits, no intermediate string
      byte[] out = new byte[width];
      long rest = value;
      for (int i = width - 1; i >= 0; i--) {
        out[i] = (byte) ('0' + (int) (rest % 10));
        rest /= 10;
      }
      return new String(out, StandardCharsets.ISO_8859_1);
    }
    if (value >= 0) {
      String digits = Long.toString(value);
      if (digits.length() > width) {
        throw new InvalidKeyException(
            Rule.WK104,
            field,
            "value "
                + value
                + " has "
                + digits.length()
                + " digits, more than "
                + annotation(width, signed)
                + " holds; widen the padding");
      }
      return "0".repeat(width - digits.length()) + digits;
    }
    if (!signed) {
      throw new InvalidKeyException(
          Rule.WK104,
          field,
          "value " + value + " is negative, but @Padded is unsigned; use @Padded(signed = true)");
    }
    // -(v + 1) is at most Long.MAX_VALUE, so Long.MIN_VALUE needs no special case
    String digits = Long.toString(-(value + 1));
    if (digits.length() > width) {
      throw new InvalidKeyException(
          Rule.WK104,
          field,
          "value "
              + value
              + " is below -1"
              + "0".repeat(width)
              + ", the lowest "
              + annotation(width, true)
              + " holds; widen the padding");
    }
    char[] out = new char[width + 1];
    out[0] = '-';
    int pad = width - digits.length();
    for (int i = 0; i < pad; i++) {
      out[1 + i] = '9';
    }
    for (int i = 0; i < digits.length(); i++) {
      out[1 + pad + i] = (char) ('9' - (digits.charAt(i) - '0'));
    }
    return new String(out);
  }

  /**
   * Decodes text written by {@link #encode} with the same width and signedness; the exact inverse.
   *
   * @throws InvalidKeyException WK104 if the text is not such a value (wrong length, a character
   *     other than 0-9, a sign where none is allowed, beyond the long range)
   */
  public static long decode(String field, String text, int width, boolean signed) {
    checkWidth(field, width, signed);
    if (text == null) {
      throw malformed(field, null, width, signed, "it is null");
    }
    boolean negative = signed && text.length() == width + 1 && text.charAt(0) == '-';
    int start = negative ? 1 : 0;
    if (text.length() != width + start) {
      throw malformed(field, text, width, signed, "it has " + text.length() + " characters");
    }
    long magnitude = 0;
    for (int i = start; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        throw malformed(field, text, width, signed, "it holds " + codePoint(c) + " at index " + i);
      }
      int digit = negative ? '9' - c : c - '0';
      if (magnitude > (Long.MAX_VALUE - digit) / 10) {
        throw malformed(field, text, width, signed, "it is beyond the range of a long");
      }
      magnitude = magnitude * 10 + digit;
    }
    return negative ? -magnitude - 1 : magnitude;
  }

  /**
   * Decodes the text from {@code from} to {@code to} (exclusive) as {@link #decode(String, String,
   * int, boolean)} decodes that substring, without making it.
   *
   * @throws InvalidKeyException as {@link #decode(String, String, int, boolean)} does for the
   *     substring
   */
  public static long decode(
      String field, String text, int from, int to, int width, boolean signed) {
    if (!signed && width >= 1 && width < MAX_WIDTH && text != null && to - from == width) {
      // the common case, unsigned: exactly width digits, which a long always holds
      long value = 0;
      int i = from;
      for (; i < to; i++) {
        char c = text.charAt(i);
        if (c < '0' || c > '9') {
          break;
        }
        value = value * 10 + (c - '0');
      }
      if (i == to) {
        return value;
      }
    }
    // anything else, and every error: as the substring decodes
    return decode(field, text == null ? null : text.substring(from, to), width, signed);
  }

  private static void checkWidth(String field, int width, boolean signed) {
    if (width < 1 || width > MAX_WIDTH) {
      throw new InvalidKeyException(
          Rule.WK104,
          field,
          "has "
              + annotation(width, signed)
              + ", but a padded long has 1 to "
              + MAX_WIDTH
              + " digits; fix the width");
    }
  }

  private static InvalidKeyException malformed(
      String field, String text, int width, boolean signed, String why) {
    String expected =
        signed
            ? width + " digits 0-9, or '-' and " + width + " digits"
            : "exactly " + width + " digits 0-9";
    return new InvalidKeyException(
        Rule.WK104,
        field,
        "stored key text "
            + quote(text)
            + " is not a "
            + annotation(width, signed)
            + " value: "
            + why
            + ", expected "
            + expected
            + "; the row was not written with this padding");
  }

  private static String annotation(int width, boolean signed) {
    return "@Padded(width = " + width + (signed ? ", signed = true)" : ")");
  }
}
