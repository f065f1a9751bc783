package dev.widekey.processor;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves: for an embedded store's expiry and service-index lag. */
final class MovingClock extends Clock {
  private volatile long millis = 1_700_000_000_000L;

  void advance(Duration by) {
    millis += by.toMillis();
  }

  @Override
  public long millis() {
    return millis;
  }

  @Override
  public Instant instant() {
    return Instant.ofEpochMilli(millis);
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
