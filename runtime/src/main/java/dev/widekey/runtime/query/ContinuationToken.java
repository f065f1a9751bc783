package dev.widekey.runtime.query;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import org.apache.commons.codec.digest.DigestUtils;

/**
 * The continuation token format: URL-safe Base64 (no padding) of
 *
 * <pre>
 * version (1 byte, 1) | table tag (16) | query tag (16) | position (n) | HMAC-SHA256 (32)
 * </pre>
 *
 * where the table tag is the first 16 bytes of SHA-256 of the table name, the query tag those of
 * SHA-256 of the query id, a zero byte and the query's parameters (its encoded range bounds,
 * direction and window), the position is where the next page resumes (the caller's encoding: the
 * last key returned, for a time-sharded scan with its period), and the MAC covers every byte before
 * it under the application's {@link ContinuationKey}. {@link #open} checks the form, the version,
 * the MAC (in constant time), then the tags against the query being run: a token that fails any
 * check is an {@link InvalidContinuationException} and its position is never looked at.
 *
 * <pre>{@code
 * String token = ContinuationToken.sign(key, "readings", "pageBySensorId", params, lastKeyBytes);
 * byte[] position = ContinuationToken.open(key, "readings", "pageBySensorId", params, token);
 * }</pre>
 */
public final class ContinuationToken {
  private ContinuationToken() {}

  /** The format version written into every token, so the format can change. */
  public static final byte VERSION = 1;

  private static final int TAG = 16;
  private static final int MAC = 32;
  private static final int HEADER = 1 + TAG + TAG;

  /** A token for {@code position} in the query {@code queryId} over {@code table}. */
  public static String sign(
      ContinuationKey key, String table, String queryId, byte[] parameters, byte[] position) {
    byte[] body = new byte[HEADER + position.length];
    body[0] = VERSION;
    System.arraycopy(tableTag(table), 0, body, 1, TAG);
    System.arraycopy(queryTag(queryId, parameters), 0, body, 1 + TAG, TAG);
    System.arraycopy(position, 0, body, HEADER, position.length);
    byte[] mac = key.sign(body);
    byte[] token = Arrays.copyOf(body, body.length + MAC);
    System.arraycopy(mac, 0, token, body.length, MAC);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(token);
  }

  /**
   * The position a token holds, once it proved to be one this key signed for this query.
   *
   * @throws InvalidContinuationException if not (nothing is read by the caller then)
   */
  public static byte[] open(
      ContinuationKey key, String table, String queryId, byte[] parameters, String token) {
    byte[] bytes;
    try {
      bytes = Base64.getUrlDecoder().decode(token);
    } catch (IllegalArgumentException e) {
      throw refused(InvalidContinuationException.Reason.MALFORMED, table, queryId, "not Base64url");
    }
    // one spelling per token: Base64 text whose unused low bits differ decodes to the same bytes,
    // and a token that can be altered without being refused is not tamper-evident
    if (!Base64.getUrlEncoder().withoutPadding().encodeToString(bytes).equals(token)) {
      throw refused(
          InvalidContinuationException.Reason.MALFORMED,
          table,
          queryId,
          "not the canonical Base64url text of a token");
    }
    if (bytes.length < HEADER + MAC) {
      throw refused(
          InvalidContinuationException.Reason.MALFORMED,
          table,
          queryId,
          bytes.length + " bytes, shorter than any token");
    }
    if (bytes[0] != VERSION) {
      throw refused(
          InvalidContinuationException.Reason.UNKNOWN_VERSION,
          table,
          queryId,
          "format version " + bytes[0] + ", this version reads " + VERSION);
    }
    byte[] body = Arrays.copyOf(bytes, bytes.length - MAC);
    byte[] mac = Arrays.copyOfRange(bytes, bytes.length - MAC, bytes.length);
    if (!MessageDigest.isEqual(key.sign(body), mac)) {
      throw refused(
          InvalidContinuationException.Reason.BAD_SIGNATURE,
          table,
          queryId,
          "its signature does not match (altered, forged, or signed with another key)");
    }
    if (!MessageDigest.isEqual(Arrays.copyOfRange(body, 1, 1 + TAG), tableTag(table))) {
      throw refused(
          InvalidContinuationException.Reason.OTHER_TABLE,
          table,
          queryId,
          "it was handed out by a query of another table");
    }
    if (!MessageDigest.isEqual(
        Arrays.copyOfRange(body, 1 + TAG, HEADER), queryTag(queryId, parameters))) {
      throw refused(
          InvalidContinuationException.Reason.OTHER_QUERY,
          table,
          queryId,
          "it was handed out by another query, or by this one with other parameters");
    }
    return Arrays.copyOfRange(body, HEADER, body.length);
  }

  private static InvalidContinuationException refused(
      InvalidContinuationException.Reason reason, String table, String queryId, String detail) {
    return new InvalidContinuationException(reason, table, queryId, detail);
  }

  private static byte[] tableTag(String table) {
    return Arrays.copyOf(DigestUtils.sha256(table.getBytes(StandardCharsets.UTF_8)), TAG);
  }

  private static byte[] queryTag(String queryId, byte[] parameters) {
    byte[] id = queryId.getBytes(StandardCharsets.UTF_8);
    byte[] all = Arrays.copyOf(id, id.length + 1 + parameters.length);
    System.arraycopy(parameters, 0, all, id.length + 1, parameters.length);
    return Arrays.copyOf(DigestUtils.sha256(all), TAG);
  }
}
