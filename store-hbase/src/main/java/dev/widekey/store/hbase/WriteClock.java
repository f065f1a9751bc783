package dev.widekey.store.hbase;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Strictly increasing cell timestamps for this client. A whole-row replace is a delete of the row's
 * older cells plus a put of the new ones; with server-assigned timestamps both would get the same
 * time and the delete would hide the put, so every write carries its own timestamp.
 */
final class WriteClock {
  private final AtomicLong last = new AtomicLong();

  /** Reserves {@code count} consecutive timestamps and returns the first. */
  long next(int count) {
    while (true) {
      long previous = last.get();
      long first = Math.max(System.currentTimeMillis(), previous + 1);
      if (last.compareAndSet(previous, first + count - 1)) {
        return first;
      }
    }
  }
}
