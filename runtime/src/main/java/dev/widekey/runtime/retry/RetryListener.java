package dev.widekey.runtime.retry;

import dev.widekey.runtime.store.StoreException;

/**
 * Told of every retry decision a {@link RetryPolicy} makes: in a {@link RetryingStore}, in the bulk
 * writer (per row) and in every other caller of the policy. A hook for metrics and logs; it is
 * called on the thread that decided, sometimes under the bulk writer's lock, so it must be quick,
 * must not block and must not call the store. An exception it throws is ignored.
 *
 * <pre>{@code
 * RetryPolicy policy = RetryPolicy.builder()
 *     .listener((error, failures, delayNanos) -> retries.increment())
 *     .build();
 * }</pre>
 */
@FunctionalInterface
public interface RetryListener {
  /** A listener that does nothing: the default of every policy. */
  RetryListener NONE = (error, failures, delayNanos) -> {};

  /**
   * A failed attempt will be retried after {@code delayNanos} nanoseconds.
   *
   * @param error the failure of the attempt
   * @param failures failed attempts so far, this one included (1 before the first retry)
   * @param delayNanos the backoff before the next attempt
   */
  void retrying(StoreException error, int failures, long delayNanos);

  /**
   * A retryable failure will not be retried: the attempts are used up or the deadline would pass.
   * Not called for failures the policy never retries (not retryable, a failed condition).
   */
  default void gaveUp(StoreException error, int failures) {}
}
