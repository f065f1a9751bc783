package dev.widekey.annotations;

/**
 * The digest whose hex form prefixes a hashed partition key.
 *
 * <p>Any of these scatters sequential values evenly; MD5 is the seeds' choice and the default. The
 * prefix is not a security measure.
 *
 * <pre>{@code @HashPrefix(length = 4, algorithm = HashAlgorithm.SHA256)}</pre>
 */
public enum HashAlgorithm {
  /** MD5, 32 hex digits. */
  MD5,
  /** SHA-1, 40 hex digits. */
  SHA1,
  /** SHA-256, 64 hex digits. */
  SHA256
}
