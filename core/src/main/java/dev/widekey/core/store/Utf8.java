package dev.widekey.core.store;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CoderResult;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;

/**
 * Strict UTF-8, the one place widekey encodes, measures, decodes and orders text. The stores keep
 * strings as UTF-8 and sort them by those bytes; an unpaired surrogate has no UTF-8 form, and
 * {@link String#getBytes} would silently replace it with {@code '?'}, so two different values could
 * become one key. Every method here refuses such text instead.
 *
 * <pre>{@code
 * int bad = Utf8.firstUnpairedSurrogate(value);  // -1 if the text is well formed
 * long bytes = Utf8.encodedLength("é");           // 2
 * byte[] stored = Utf8.encode("é");               // {0xC3, 0xA9}
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

  /** Whether the text holds no unpaired surrogate, i.e. has a UTF-8 form. */
  public static boolean isWellFormed(CharSequence text) {
    return firstUnpairedSurrogate(text) < 0;
  }

  /**
   * The number of bytes of the text's UTF-8 form, counted without encoding it.
   *
   * @throws IllegalArgumentException if the text holds an unpaired surrogate
   */
  public static long encodedLength(CharSequence text) {
    int length = text.length();
    int ascii = 0;
    // keys and column names are mostly ASCII: one byte a char, counted without decoding
    while (ascii < length && text.charAt(ascii) < 0x80) {
      ascii++;
    }
    long bytes = ascii;
    for (int i = ascii; i < length; ) {
      int cp = Character.codePointAt(text, i); // an unpaired surrogate comes back as itself
      if (cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE) {
        throw unpaired(i, (char) cp);
      }
      bytes += encodedLength(cp);
      i += Character.charCount(cp);
    }
    return bytes;
  }

  /**
   * The number of bytes of one code point's UTF-8 form, 1 to 4.
   *
   * <pre>{@code Utf8.encodedLength(0x1F600);  // 4}</pre>
   *
   * @throws IllegalArgumentException for a surrogate code point, which has no UTF-8 form
   */
  public static int encodedLength(int codePoint) {
    if (codePoint < 0x80) {
      return 1;
    } else if (codePoint < 0x800) {
      return 2;
    } else if (codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE) {
      throw new IllegalArgumentException(
          String.format("U+%04X is a surrogate, which has no UTF-8 form", codePoint));
    } else if (codePoint < 0x10000) {
      return 3;
    }
    return 4;
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
    if (text.length() < LARGE_TEXT) {
      // well formed, so the JDK's encoder has nothing to replace
      return text.toString().getBytes(StandardCharsets.UTF_8);
    }
    // String.getBytes sizes a buffer for the worst case (3 bytes a char, 96 MB for a 32 MiB
    // text) and then copies it: a large text is encoded into an array of its exact length
    byte[] out = new byte[Math.toIntExact(encodedLength(text))];
    CoderResult result =
        StandardCharsets.UTF_8
            .newEncoder()
            .encode(CharBuffer.wrap(text), ByteBuffer.wrap(out), true);
    if (result.isError() || result.isOverflow()) {
      throw new IllegalStateException("UTF-8 encoding of well-formed text failed: " + result);
    }
    return out;
  }

  /** Texts from this many chars on are encoded into an array of their exact length. */
  private static final int LARGE_TEXT = 1 << 20;

  /**
   * Decodes UTF-8 bytes, refusing malformed input instead of replacing it with U+FFFD.
   *
   * @throws CharacterCodingException if the bytes are not well-formed UTF-8
   */
  public static String decode(byte[] bytes) throws CharacterCodingException {
    return decode(bytes, 0, bytes.length);
  }

  /**
   * Decodes {@code length} UTF-8 bytes from {@code offset}, refusing malformed input instead of
   * replacing it with U+FFFD.
   *
   * @throws CharacterCodingException if the bytes are not well-formed UTF-8
   */
  public static String decode(byte[] bytes, int offset, int length)
      throws CharacterCodingException {
    // checked on the bytes, then decoded once: a strict decoder's CharBuffer and its copy would
    // hold the text twice more (a 32 MiB value: about 130 MB more)
    if (firstMalformed(bytes, offset, length) >= 0) {
      throw new MalformedInputException(1);
    }
    return new String(bytes, offset, length, StandardCharsets.UTF_8);
  }

  /**
   * The index of the first byte of the first ill-formed sequence in {@code length} bytes from
   * {@code offset}, or -1 if they are well-formed UTF-8 (the Unicode Standard's table 3-7: no
   * overlong forms, no encoded surrogates, nothing past U+10FFFF, no truncated sequence).
   */
  static int firstMalformed(byte[] b, int offset, int length) {
    int end = offset + length;
    int i = offset;
    while (i < end) {
      int c = b[i] & 0xFF;
      if (c < 0x80) {
        i++;
        continue;
      }
      int continuations;
      int lo = 0x80; // the second byte's range; the later ones are always 80..BF
      int hi = 0xBF;
      if (c >= 0xC2 && c <= 0xDF) {
        continuations = 1;
      } else if (c == 0xE0) {
        continuations = 2;
        lo = 0xA0; // else overlong
      } else if (c == 0xED) {
        continuations = 2;
        hi = 0x9F; // else a surrogate
      } else if (c >= 0xE1 && c <= 0xEF) {
        continuations = 2;
      } else if (c == 0xF0) {
        continuations = 3;
        lo = 0x90; // else overlong
      } else if (c >= 0xF1 && c <= 0xF3) {
        continuations = 3;
      } else if (c == 0xF4) {
        continuations = 3;
        hi = 0x8F; // else past U+10FFFF
      } else {
        return i; // a continuation byte, C0, C1 or F5..FF
      }
      if (i + continuations >= end) {
        return i; // truncated
      }
      int second = b[i + 1] & 0xFF;
      if (second < lo || second > hi) {
        return i;
      }
      for (int k = 2; k <= continuations; k++) {
        int next = b[i + k] & 0xFF;
        if (next < 0x80 || next > 0xBF) {
          return i;
        }
      }
      i += continuations + 1;
    }
    return -1;
  }

  /**
   * Compares two strings by their UTF-8 bytes, unsigned, as the stores sort them, without encoding
   * them. That is code point order, which differs from {@link String#compareTo} when one string has
   * a character above U+FFFF and the other one in U+E000..U+FFFF. An unpaired surrogate compares as
   * its own code point, so that distinct strings never compare equal (sorted collections rely on
   * it).
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
