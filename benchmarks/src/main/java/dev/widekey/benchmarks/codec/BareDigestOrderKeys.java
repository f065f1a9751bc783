package dev.widekey.benchmarks.codec;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * {@link Order}'s hash-prefixed key by hand: a bare {@link MessageDigest} over the order number's
 * text and the 4 hex digits the prefix needs, nothing else. The limit the generated {@code
 * OrderKeys.partitionKey} is measured against.
 */
public final class BareDigestOrderKeys {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private BareDigestOrderKeys() {}

  /** The order number's text behind the first 4 hex digits of its MD5. */
  public static String partitionKey(long orderNumber) {
    String text = Long.toString(orderNumber);
    MessageDigest md5;
    try {
      md5 = MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    // the text of a long is ASCII, so its UTF-8 bytes are its ISO-8859-1 bytes
    byte[] digest = md5.digest(text.getBytes(StandardCharsets.ISO_8859_1));
    char[] out = new char[4 + text.length()];
    out[0] = HEX[(digest[0] >> 4) & 0xF];
    out[1] = HEX[digest[0] & 0xF];
    out[2] = HEX[(digest[1] >> 4) & 0xF];
    out[3] = HEX[digest[1] & 0xF];
    text.getChars(0, text.length(), out, 4);
    return new String(out);
  }
}
