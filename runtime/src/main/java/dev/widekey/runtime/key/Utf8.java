package dev.widekey.runtime.key;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Strict UTF-8 helpers. The stores keep strings as UTF-8 and sort them by those bytes; an unpaired
 * surrogate has no UTF-8 form, and {@link String#getBytes} would silently replace it with {@code
 * '?'}, so two different values could become one key.
 *
 * <pre>{@code
 * int bad = Utf8.firstUnpairedSurrogate(value);  // -1 if the text is well formed
 * long bytes = Utf8.encodedLength("é");           // 2
 * }</pre>
 */
public final class Utf8 {
  private Utf8() {}

  /** The index of the first unpaired surrogate in the text, or -1 if it is well formed. */
  public static int firstUnpairedSurrogate(CharSequence text) {
    int length = text.length();
    for (int i = 0; i < length; i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)) {
        if (i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
          i++;
        } else {
          return i;
        }
      } else if (Character.isLowSurrogate(c)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The number of bytes of the text's UTF-8 form, counted without encoding it.
   *
   * @throws IllegalArgumentException if the text holds an unpaired surrogate
   */
  public static long encodedLength(CharSequence text) {
    long bytes = 0;
    int length = text.length();
    for (int i = 0; i < length; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (!Character.isSurrogate(c)) {
        bytes += 3;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < length
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        throw unpaired(i, c);
      }
    }
    return bytes;
  }

  /**
   * The text's UTF-8 bytes.
   *
   * @throws IllegalArgumentException if the text holds an unpaired surrogate
   */
  public static byte[] encode(CharSequence text) {
    int bad = firstUnpairedSurrogate(text);
    if (bad >= 0) {
      throw unpaired(bad, text.charAt(bad));
    }
    try {
      ByteBuffer buffer =
          StandardCharsets.UTF_8
              .newEncoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .encode(CharBuffer.wrap(text));
      byte[] bytes = new byte[buffer.remaining()];
      buffer.get(bytes);
      return bytes;
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException("text has no UTF-8 form", e);
    }
  }

  /**
   * Decodes UTF-8 bytes, refusing malformed input instead of replacing it with U+FFFD.
   *
   * @throws CharacterCodingException if the bytes are not well-formed UTF-8
   */
  public static String decode(byte[] bytes) throws CharacterCodingException {
    return StandardCharsets.UTF_8
        .newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT)
        .decode(ByteBuffer.wrap(bytes))
        .toString();
  }

  /**
   * Compares two well-formed strings by their UTF-8 bytes, unsigned, as the stores sort them. That
   * is code point order, which differs from {@link String#compareTo} when one string has a
   * character above U+FFFF and the other one in U+E000..U+FFFF.
   */
  public static int compare(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  private static IllegalArgumentException unpaired(int index, char c) {
    return new IllegalArgumentException(
        String.format(
            "text holds an unpaired surrogate U+%04X at index %d, which has no UTF-8 form",
            (int) c, index));
  }
}
