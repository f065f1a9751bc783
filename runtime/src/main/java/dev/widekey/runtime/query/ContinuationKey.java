package dev.widekey.runtime.query;

import java.util.Arrays;
import java.util.Objects;
import org.apache.commons.codec.digest.HmacAlgorithms;
import org.apache.commons.codec.digest.HmacUtils;

/**
 * The application's secret that signs continuation tokens (HMAC-SHA256): a page's {@code
 * nextPageRequest()} carries a token that only a repository holding the same key accepts back. Keep
 * it out of source code (a secret store, an environment variable); every instance serving the same
 * clients needs the same key, and changing it makes the tokens handed out before invalid (WK309).
 *
 * <pre>{@code
 * byte[] secret = Base64.getDecoder().decode(System.getenv("WIDEKEY_PAGE_KEY")); // 32+ bytes
 * var readings = new ReadingRepository(store).withContinuationKey(ContinuationKey.of(secret));
 * }</pre>
 */
public final class ContinuationKey {
  /** The fewest key bytes: the output size of SHA-256, as RFC 2104 advises for HMAC keys. */
  public static final int MIN_BYTES = 32;

  private final byte[] secret;

  private ContinuationKey(byte[] secret) {
    this.secret = secret;
  }

  /**
   * A key of at least {@value #MIN_BYTES} secret bytes (copied).
   *
   * @throws IllegalArgumentException if {@code secret} is shorter: a short key can be guessed, and
   *     whoever guesses it can forge tokens that read past a query's bounds
   */
  public static ContinuationKey of(byte[] secret) {
    Objects.requireNonNull(secret, "secret");
    if (secret.length < MIN_BYTES) {
      throw new IllegalArgumentException(
          "a continuation key needs at least "
              + MIN_BYTES
              + " random bytes, got "
              + secret.length
              + " (e.g. 32 bytes from SecureRandom, kept in a secret store)");
    }
    return new ContinuationKey(secret.clone());
  }

  /** HMAC-SHA256 of {@code data} under this key. */
  byte[] sign(byte[] data) {
    return new HmacUtils(HmacAlgorithms.HMAC_SHA_256, secret).hmac(data);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ContinuationKey k && Arrays.equals(secret, k.secret);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(secret);
  }

  /** Never shows the secret. */
  @Override
  public String toString() {
    return "ContinuationKey[" + secret.length + " bytes]";
  }
}
