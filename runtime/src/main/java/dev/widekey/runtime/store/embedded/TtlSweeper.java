package dev.widekey.runtime.store.embedded;

import dev.widekey.runtime.retry.RetryPolicy;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Purges expired rows in the background, every {@code interval}: one daemon thread, started with
 * the first table whose rows expire, so that a store without such tables runs no thread.
 *
 * <pre>{@code
 * TtlSweeper sweeper = new TtlSweeper(Duration.ofMinutes(1), store::purgeExpired);
 * sweeper.startFor(table); // no-op unless the table's rows expire
 * sweeper.stop();
 * }</pre>
 */
final class TtlSweeper {
  private final Duration interval;
  private final Runnable purge;
  private ScheduledExecutorService executor;

  /** {@code interval} zero: never sweeps. */
  TtlSweeper(Duration interval, Runnable purge) {
    this.interval = interval;
    this.purge = purge;
  }

  /** Starts sweeping if {@code t}'s rows expire and no sweep runs yet; under the store's lock. */
  synchronized void startFor(Table t) {
    if (!t.spec.expires() || executor != null || interval.isZero()) {
      return;
    }
    executor =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread thread = new Thread(r, "widekey-embedded-ttl-sweep");
              thread.setDaemon(true);
              return thread;
            });
    // saturated: an interval past what the clock counts (ChronoUnit.FOREVER) means never
    long millis = Math.max(1, RetryPolicy.saturatedNanos(interval) / 1_000_000);
    executor.scheduleWithFixedDelay(this::sweep, millis, millis, TimeUnit.MILLISECONDS);
  }

  /** Stops the background sweep, if one runs. */
  synchronized void stop() {
    if (executor != null) {
      executor.shutdownNow();
    }
  }

  private void sweep() {
    try {
      purge.run();
    } catch (RuntimeException e) {
      // closed, or a table dropped meanwhile: the next sweep or read purges what is left
    }
  }
}
