package dev.widekey.runtime.store.fault;

import dev.widekey.runtime.retry.RetryPolicy;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A shared fake clock: sleeping through it advances it instead of waiting, so backoffs, injected
 * latencies and throttling windows all run on one time line without real delays.
 *
 * <pre>{@code
 * FakeTime time = new FakeTime();
 * RetryPolicy policy = RetryPolicy.builder().clock(time).sleeper(time).build();
 * FaultInjectingStore store = FaultInjectingStore.builder(backend).clock(time).sleeper(time).build();
 * }</pre>
 */
public final class FakeTime implements RetryPolicy.Clock, RetryPolicy.Sleeper {
  private final AtomicLong nanos = new AtomicLong();

  @Override
  public long nanoTime() {
    return nanos.get();
  }

  @Override
  public void sleep(long nanos) {
    if (nanos > 0) {
      this.nanos.addAndGet(nanos);
    }
    Thread.yield(); // lets the other threads run, as a real wait would
  }

  /** Moves the clock forward. */
  public void advance(long nanos) {
    this.nanos.addAndGet(nanos);
  }
}
