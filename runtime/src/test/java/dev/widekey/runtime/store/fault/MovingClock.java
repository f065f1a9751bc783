package dev.widekey.runtime.store.fault;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A wall clock that moves only when told, from 2026-01-01T00:00:00Z: for a store's time to live.
 *
 * <pre>{@code
 * MovingClock clock = new MovingClock();
 * EmbeddedStore store = EmbeddedStore.builder().clock(clock).build();
 * clock.advanceSeconds(ttlSeconds + 1); // its rows have expired
 * }</pre>
 */
public final class MovingClock extends Clock {
  private final AtomicLong millis =
      new AtomicLong(Instant.parse("2026-01-01T00:00:00Z").toEpochMilli());

  public void advanceSeconds(long seconds) {
    millis.addAndGet(seconds * 1000);
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
    return this;
  }
}
