package dev.widekey.store.tck;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that moves only when a test moves it, so that rows expire past a time to live without
 * waiting. Give it to a store (the embedded store's builder, the fake Tablestore service) and to
 * the contract suite ({@link StoreContractTest#clock()}).
 *
 * <pre>{@code
 * TestClock clock = new TestClock();
 * EmbeddedStore store = EmbeddedStore.builder().clock(clock).build();
 * clock.advance(Duration.ofDays(2));
 * }</pre>
 */
public final class TestClock extends Clock {
  private final AtomicLong millis;

  /** A clock at a fixed, realistic time (2026-01-01T00:00:00Z). */
  public TestClock() {
    this(Instant.parse("2026-01-01T00:00:00Z"));
  }

  public TestClock(Instant start) {
    this.millis = new AtomicLong(start.toEpochMilli());
  }

  /** Moves the clock forward. */
  public void advance(Duration by) {
    if (by.isNegative()) {
      throw new IllegalArgumentException("a clock moves forward: " + by);
    }
    millis.addAndGet(by.toMillis());
  }

  @Override
  public long millis() {
    return millis.get();
  }

  @Override
  public Instant instant() {
    return Instant.ofEpochMilli(millis.get());
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("a test clock is in UTC");
  }
}
