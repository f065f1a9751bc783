package dev.widekey.runtime.store;

import java.util.Objects;

/**
 * A typed store error: its {@link ErrorKind} and whether the same call may succeed if retried.
 *
 * <pre>{@code
 * try { store.put("items", row); }
 * catch (StoreException e) { if (e.retryable()) retry(); else throw e; }
 * }</pre>
 */
public class StoreException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ErrorKind kind;
  private final boolean retryable;
  private final String detail;

  public StoreException(ErrorKind kind, String message) {
    this(kind, message, kind.retryableByDefault(), null);
  }

  public StoreException(ErrorKind kind, String message, Throwable cause) {
    this(kind, message, kind.retryableByDefault(), cause);
  }

  public StoreException(ErrorKind kind, String message, boolean retryable, Throwable cause) {
    super(Objects.requireNonNull(kind, "kind") + ": " + message, cause);
    this.kind = kind;
    this.retryable = retryable;
    this.detail = message;
  }

  public ErrorKind kind() {
    return kind;
  }

  /** The message without the kind in front. */
  public String detail() {
    return detail;
  }

  /** Whether retrying the same call may succeed. */
  public boolean retryable() {
    return retryable;
  }
}
