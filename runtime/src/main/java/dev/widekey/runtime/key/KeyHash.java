package dev.widekey.runtime.key;

import static dev.widekey.core.RuleViolationException.quote;

import dev.widekey.annotations.HashAlgorithm;
import dev.widekey.core.Rule;
import dev.widekey.core.key.HashPrefixWidths;
import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.store.Utf8;
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
    byte[] bytes = Utf8.encode(text);
    String hex =
        switch (algorithm) {
          case MD5 -> DigestUtils.md5Hex(bytes);
          case SHA1 -> DigestUtils.sha1Hex(bytes);
          case SHA256 -> DigestUtils.sha256Hex(bytes);
        };
    return hex.substring(0, length);
  }

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
    String carried = stored.substring(0, length);
    String text = stored.substring(length);
    String expected;
    try {
      expected = prefix(algorithm, length, text);
    } catch (IllegalArgumentException e) {
      throw new InvalidKeyException(
          Rule.WK106,
          field,
          "stored key " + quote(stored) + " holds an unpaired surrogate, so it has no hash",
          e);
    }
    if (!expected.equals(carried)) {
      throw new InvalidKeyException(
          Rule.WK106,
          field,
          "stored key "
              + quote(stored)
              + " carries prefix "
              + quote(carried)
              + " but the hash of its value is "
              + quote(expected)
              + " ("
              + algorithm
              + ", "
              + length
              + " digits); the row was written with another @HashPrefix, or the key is corrupt");
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
