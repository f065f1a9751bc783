package dev.widekey.runtime.store;

/**
 * What went wrong in a store call, in terms every backend can map its errors to. Each kind has a
 * default for whether retrying the same call may succeed.
 */
public enum ErrorKind {
  /** The table does not exist. */
  TABLE_NOT_FOUND(false),
  /** A table of that name already exists with another schema. */
  TABLE_EXISTS(false),
  /** The request is malformed: wrong key schema, empty row, bad range. */
  INVALID_REQUEST(false),
  /** The request exceeds a service limit: key column size, attribute size, batch size. */
  LIMIT_EXCEEDED(false),
  /** The service refuses for now: throttled, over quota, server busy. */
  THROTTLED(true),
  /** The partition or region is moving or unavailable. */
  UNAVAILABLE(true),
  /** The call timed out; the write may or may not have been applied. */
  TIMEOUT(true),
  /** An internal service error. */
  INTERNAL(true),
  /**
   * Stored bytes that are not widekey's encoding: a forged chunk count or marker, a malformed key
   * or cell, a value that would inflate past its cap. Another writer, a restored backup or a
   * compromised service put them there; retrying reads the same bytes, so it is not retryable.
   */
  CORRUPT_DATA(false),
  /**
   * A conditional write's {@link WriteCondition} did not hold of the stored row (a row that exists
   * for an insert, a missing row for an update, another version): nothing was written. Retrying the
   * same write fails the same way; read the row again first. (A retry that meets the row its own
   * earlier attempt wrote is not reported so: see {@link dev.widekey.runtime.retry.OwnWrites}.)
   */
  CONDITION_FAILED(false),
  /**
   * The store has no such feature: a service-maintained secondary index ({@link
   * WideTableStore#scanIndex}) on HBase, whose indexes are kept client-side. Retrying cannot help.
   */
  UNSUPPORTED(false);

  private final boolean retryableByDefault;

  ErrorKind(boolean retryableByDefault) {
    this.retryableByDefault = retryableByDefault;
  }

  public boolean retryableByDefault() {
    return retryableByDefault;
  }
}
