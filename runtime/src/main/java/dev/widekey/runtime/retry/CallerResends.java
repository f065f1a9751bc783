package dev.widekey.runtime.retry;

import dev.widekey.runtime.store.StoreException;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A write that its caller sends again itself, because sending it again as it is could be wrong: a
 * split entity's commit (its hot row, naming rows under the write's tag) that landed, answered with
 * a retryable error, and was then replaced or deleted by another writer, who deleted the rows under
 * that tag; sent again, it names them. Only the caller can tell a replay from a first application
 * (it reads the row for its tag) and send the write again under a fresh tag.
 *
 * <p>A retry layer of this package ({@link RetryingStore}) that gets a write made within {@link
 * #run} sends it once. After a retryable failure it counts the failure against this object's
 * attempts (its policy's attempt budget and deadline, across all the calls made within this
 * object), waits the backoff it would have waited, and passes the failure on instead of sending
 * again; {@link #granted()} then says whether its policy allows another attempt. So the retry layer
 * still decides whether and when, and the caller how. Everything else the layer gets is retried as
 * before.
 *
 * <p>The request travels with the calling thread, so it reaches a retry layer beneath any wrapper
 * that calls its delegate on the same thread (metrics, fault injection), through the store call the
 * caller would make anyway: a single conditional put stays one call. A wrapper that hands the call
 * to another thread loses it, and the layer beneath retries as before.
 *
 * <pre>{@code
 * CallerResends resends = new CallerResends();
 * try {
 *   resends.run(() -> store.put(table, row, condition));
 * } catch (StoreException e) {
 *   if (e.retryable() && resends.granted()) {
 *     // read the row, decide, and send again (under a fresh tag) within resends.run(...)
 *   }
 * }
 * }</pre>
 *
 * <p>Not thread-safe: one object per write, used by its calling thread.
 */
public final class CallerResends {
  private static final ThreadLocal<CallerResends> CURRENT = new ThreadLocal<>();

  /** Each retry layer's attempts at this write, by its policy; made at the first failure. */
  private Map<RetryPolicy, RetryPolicy.Attempts> attempts;

  private boolean granted;

  /** Runs {@code write}, during which retry layers send each write once. */
  public void run(Runnable write) {
    call(
        () -> {
          write.run();
          return null;
        });
  }

  /** Runs {@code write}, during which retry layers send each write once; returns its result. */
  public <T> T call(Supplier<T> write) {
    CallerResends outer = CURRENT.get();
    CURRENT.set(this);
    granted = false;
    try {
      return write.get();
    } finally {
      if (outer == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(outer);
      }
    }
  }

  /**
   * Whether, after the last {@link #run} failed retryably, the retry layer it went through (the
   * outermost, if several) allows another attempt, having waited its backoff. False without a retry
   * layer, or when its attempts or deadline are used up.
   */
  public boolean granted() {
    return granted;
  }

  /** The request of the calling thread, or null outside {@link #run}. */
  static CallerResends current() {
    return CURRENT.get();
  }

  /**
   * A retry layer with {@code policy} got a retryable {@code error} it does not send again:
   * counted, and the backoff waited if another attempt is allowed.
   *
   * @throws StoreException {@code error}, if the wait is interrupted (the interrupt flag set again)
   */
  void failed(RetryPolicy policy, StoreException error) {
    if (attempts == null) {
      attempts = new IdentityHashMap<>(2);
    }
    long delay = attempts.computeIfAbsent(policy, RetryPolicy::start).onFailure(error);
    granted = delay >= 0;
    if (!granted) {
      return;
    }
    try {
      policy.sleeper().sleep(delay);
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
      granted = false;
      error.addSuppressed(ie);
      throw error;
    }
  }
}
