package dev.widekey.runtime.key;

import static dev.widekey.core.RuleViolationException.quote;

import dev.widekey.annotations.HashAlgorithm;
import dev.widekey.core.Rule;
import dev.widekey.core.key.HashPrefixWidths;
import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.store.Utf8;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.apache.commons.codec.digest.DigestUtils;

/**
 * {@code @HashPrefix}: the first hex digits of a digest of the key text, put before the key so that
 * sequential values scatter over all partitions. Readers recompute the prefix from the key values;
 * {@link #strip} checks it on every decoded key (rule WK106).
 *
 * <pre>{@code
 * String prefix = KeyHash.prefix(HashAlgorithm.MD5, 4, "200004");          // "797e"
 * String key = prefix + "200004";
 * String value = KeyHash.strip("orderNumber", key, HashAlgorithm.MD5, 4);  // "200004"
 * }</pre>
 */
public final class KeyHash {
  /** The longest prefix: 32 hex digits, all of MD5 (rule WK106). */
  public static final int MAX_LENGTH = HashPrefixWidths.MAX_LENGTH;

  /**
   * The most leading hex digits of the prefix that a table's pre-split points are drawn from, so
   * that a hashed table starts with at most 16^3 = 4,096 partitions (rule WK106).
   */
  public static final int SPLIT_DIGITS = HashPrefixWidths.SPLIT_DIGITS;

  private KeyHash() {}

  /**
   * The most partitions a table keyed by a {@code length}-digit prefix can be pre-split into
   * evenly: 16 to the power of {@code min(length, SPLIT_DIGITS)}, so 16 for one digit and 4,096
   * from three.
   */
  public static int maxPartitions(int length) {
    return HashPrefixWidths.maxPartitions(length);
  }

  /**
   * The first {@code length} lower-case hex digits of the digest of the text's UTF-8 bytes.
   *
   * @param length 1 to 32
   * @throws IllegalArgumentException if the length is out of range, or the text holds an unpaired
   *     surrogate (its UTF-8 form, and so its hash, would not be exact)
   */
  public static String prefix(HashAlgorithm algorithm, int length, String text) {
    checkLength(length);
    byte[] out = new byte[length];
    writeHex(digest(algorithm, text), out, length);
    return new String(out, StandardCharsets.ISO_8859_1);
  }

  /**
   * The text behind its {@link #prefix}: {@code prefix(algorithm, length, text) + text}, written
   * once.
   *
   * <pre>{@code KeyHash.prefixed(HashAlgorithm.MD5, 4, "200004");  // "797e200004"}</pre>
   *
   * @throws IllegalArgumentException as {@link #prefix}
   */
  public static String prefixed(HashAlgorithm algorithm, int length, String text) {
    checkLength(length);
    byte[] ascii = asciiBytes(text);
    if (ascii != null) {
      // the common case: ASCII text, whose bytes are its UTF-8 form and its Latin-1 chars
      byte[] digest = digester(algorithm).digest(ascii);
      byte[] out = new byte[length + ascii.length];
      writeHex(digest, out, length);
      System.arraycopy(ascii, 0, out, length, ascii.length);
      return new String(out, StandardCharsets.ISO_8859_1);
    }
    byte[] digest = digest(algorithm, text);
    char[] out = new char[length + text.length()];
    for (int i = 0; i < length; i++) {
      out[i] = hexDigit(digest, i);
    }
    text.getChars(0, text.length(), out, length);
    return new String(out);
  }

  /** The digest of the text's strict UTF-8 bytes. */
  private static byte[] digest(HashAlgorithm algorithm, String text) {
    byte[] bytes = asciiBytes(text);
    if (bytes == null) {
      bytes = Utf8.encode(text);
    }
    return digester(algorithm).digest(bytes);
  }

  private static final MessageDigest MD5 = DigestUtils.getMd5Digest();
  private static final MessageDigest SHA1 = DigestUtils.getSha1Digest();
  private static final MessageDigest SHA256 = DigestUtils.getSha256Digest();

  /**
   * A fresh digest of the algorithm: a clone of a prototype, which skips the provider lookup of
   * {@code MessageDigest.getInstance} (a MessageDigest is not thread-safe, so each call has its
   * own).
   */
  private static MessageDigest digester(HashAlgorithm algorithm) {
    MessageDigest prototype =
        switch (algorithm) {
          case MD5 -> MD5;
          case SHA1 -> SHA1;
          case SHA256 -> SHA256;
        };
    try {
      return (MessageDigest) prototype.clone();
    } catch (CloneNotSupportedException e) {
      return DigestUtils.getDigest(prototype.getAlgorithm());
    }
  }

  /** The text's bytes if it is all ASCII (its UTF-8 form then), else null. */
  private static byte[] asciiBytes(String text) {
    byte[] out = new byte[text.length()];
    for (int i = 0; i < out.length; i++) {
      char c = text.charAt(i);
      if (c >= 0x80) {
        return null;
      }
      out[i] = (byte) c;
    }
    return out;
  }

  /** Hex digit {@code i} (lower case) of the digest: the high nibble of a byte first. */
  private static char hexDigit(byte[] digest, int i) {
    int b = digest[i >> 1];
    return HEX[(i & 1) == 0 ? (b >> 4) & 0xF : b & 0xF];
  }

  private static void writeHex(byte[] digest, byte[] out, int length) {
    for (int i = 0; i < length; i++) {
      out[i] = (byte) hexDigit(digest, i);
    }
  }

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  /**
   * The text after the prefix of a stored key, once the prefix has been checked against the hash of
   * that text.
   *
   * @throws InvalidKeyException WK106 if the stored key is shorter than the prefix, or its prefix
   *     is not the hash of the rest
   */
  public static String strip(String field, String stored, HashAlgorithm algorithm, int length) {
    checkLength(length);
    if (stored == null || stored.length() < length) {
      throw new InvalidKeyException(
          Rule.WK106,
          field,
          "stored key "
              + quote(stored)
              + " is shorter than its "
              + length
              + "-digit hash prefix; the row was not written with this @HashPrefix");
    }
    String text = stored.substring(length);
    byte[] digest;
    try {
      digest = digest(algorithm, text);
    } catch (IllegalArgumentException e) {
      throw new InvalidKeyException(
          Rule.WK106,
          field,
          "stored key " + quote(stored) + " holds an unpaired surrogate, so it has no hash",
          e);
    }
    for (int i = 0; i < length; i++) {
      if (stored.charAt(i) != hexDigit(digest, i)) {
        throw new InvalidKeyException(
            Rule.WK106,
            field,
            "stored key "
                + quote(stored)
                + " carries prefix "
                + quote(stored.substring(0, length))
                + " but the hash of its value is "
                + quote(prefix(algorithm, length, text))
                + " ("
                + algorithm
                + ", "
                + length
                + " digits); the row was written with another @HashPrefix, or the key is corrupt");
      }
    }
    return text;
  }

  private static void checkLength(int length) {
    if (length < 1 || length > MAX_LENGTH) {
      throw new IllegalArgumentException(
          Rule.WK106 + ": @HashPrefix(length = " + length + ") is outside 1.." + MAX_LENGTH);
    }
  }
}
