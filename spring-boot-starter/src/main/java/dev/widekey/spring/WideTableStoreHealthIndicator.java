package dev.widekey.spring;

import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * UP when the store answers a cheap call (listing the tables of a prefix no table has) within the
 * timeout ({@code widekey.health.timeout}), DOWN with the store's error kind otherwise ({@code
 * TIMEOUT} when it did not answer in time), or with the exception when the store fails otherwise (a
 * runtime exception, or a class of its client library missing at run time): it never throws and
 * never waits longer than the timeout.
 *
 * <p>The call runs on a thread of the indicator's own, at most one: while a call hangs, later
 * checks wait on that same call instead of starting others, so a store that never answers holds one
 * thread, not one per check. The thread ends after a while unused, and when the indicator is closed
 * (with its application context).
 */
public class WideTableStoreHealthIndicator implements HealthIndicator, AutoCloseable {
  /** The prefix listed: a name no generated table takes, so that the answer is empty. */
  static final String PROBE_PREFIX = "widekey-health-probe-";

  private final WideTableStore store;
  private final Duration timeout;
  private final ThreadPoolExecutor prober;
  private final Object lock = new Object();

  /** The call under way, or the last one; guarded by {@link #lock}. */
  private Future<Health> probe;

  /** With the default timeout of {@code widekey.health.timeout}. */
  public WideTableStoreHealthIndicator(WideTableStore store) {
    this(store, new WidekeyProperties.Health().getTimeout());
  }

  /**
   * @param timeout how long a check waits for the store's answer before reporting it DOWN
   * @throws IllegalArgumentException if {@code timeout} is not positive
   */
  public WideTableStoreHealthIndicator(WideTableStore store, Duration timeout) {
    this.store = Objects.requireNonNull(store, "store");
    this.timeout = WidekeyProperties.Health.checkedTimeout(timeout);
    this.prober =
        new ThreadPoolExecutor(
            1,
            1,
            1,
            TimeUnit.MINUTES,
            new LinkedBlockingQueue<>(),
            r -> {
              Thread t = new Thread(r, "widekey-health-probe");
              t.setDaemon(true); // a hung store must not keep the JVM from exiting
              return t;
            });
    prober.allowCoreThreadTimeOut(true);
  }

  @Override
  public Health health() {
    Future<Health> running;
    synchronized (lock) {
      // a call still under way is waited on again, never doubled: the queue holds nothing
      if (probe == null || probe.isDone()) {
        try {
          probe = prober.submit(this::probe);
        } catch (RejectedExecutionException e) {
          return Health.down()
              .withDetail("store", kind())
              .withDetail("message", "the health indicator is closed")
              .build();
        }
      }
      running = probe;
    }
    try {
      return running.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      return Health.down()
          .withDetail("store", kind())
          .withDetail("error", ErrorKind.TIMEOUT.name())
          .withDetail(
              "message", "the store did not answer within " + timeout + " (widekey.health.timeout)")
          .build();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Health.unknown()
          .withDetail("store", kind())
          .withDetail("message", "the health check was interrupted")
          .build();
    } catch (ExecutionException e) {
      // probe() returns every failure of the store as DOWN; what reaches here is the JVM's
      Throwable cause = e.getCause();
      if (cause instanceof Error error) {
        throw error;
      }
      return Health.down(cause).withDetail("store", kind()).build();
    }
  }

  private Health probe() {
    try {
      store.listTables(PROBE_PREFIX);
      return Health.up().withDetail("store", kind()).build();
    } catch (StoreException e) {
      return Health.down()
          .withDetail("store", kind())
          .withDetail("error", e.kind().name())
          .withDetail("retryable", e.retryable())
          .withDetail("message", String.valueOf(e.getMessage()))
          .build();
    } catch (RuntimeException | LinkageError e) {
      // a LinkageError: the backend's client library is incomplete at run time; that store is
      // down, and the health endpoint must still answer (other Errors are the JVM's, not the
      // store's)
      return Health.down(e).withDetail("store", kind()).build();
    }
  }

  private String kind() {
    return store.getClass().getSimpleName();
  }

  /** Stops the probe thread (interrupting a call that hangs); later checks report DOWN. */
  @Override
  public void close() {
    prober.shutdownNow();
  }
}
