package dev.widekey.runtime.write;

import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import java.time.Duration;

/** The deadline of a whole import, counted on the retry policy's clock from the import's start. */
final class ImportDeadline {
  private final Duration deadline;
  private final long startNanos;
  private final long deadlineNanos;

  /**
   * @param deadline the deadline, or null for none
   */
  ImportDeadline(Duration deadline, long startNanos) {
    this.deadline = deadline;
    this.startNanos = startNanos;
    this.deadlineNanos = deadline == null ? Long.MAX_VALUE : RetryPolicy.saturatedNanos(deadline);
  }

  boolean passedAt(long nowNanos) {
    return nowNanos - startNanos > deadlineNanos;
  }

  /** The failure of an operation not acknowledged before the deadline. */
  StoreException error() {
    return error(null);
  }

  /**
   * The failure of an operation whose last attempt failed retryably after the deadline; {@code
   * last} (that attempt's error, or null) is its cause.
   */
  StoreException error(StoreException last) {
    return new StoreException(
        ErrorKind.TIMEOUT,
        "the import deadline of "
            + deadline
            + " passed before the operation was acknowledged"
            + (last == null ? "" : " (its last attempt failed: " + last.getMessage() + ")"),
        false,
        last);
  }
}
