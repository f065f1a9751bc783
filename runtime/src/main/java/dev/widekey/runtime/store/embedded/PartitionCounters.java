package dev.widekey.runtime.store.embedded;

import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkValue;
import java.util.concurrent.atomic.LongAdder;

/** The load counters of one partition; many threads add to them without locking. */
final class PartitionCounters {
  final LongAdder rows = new LongAdder();
  final LongAdder storedBytes = new LongAdder();
  final LongAdder writeRows = new LongAdder();
  final LongAdder writtenBytes = new LongAdder();
  final LongAdder readRows = new LongAdder();

  /**
   * Counts a put of a row of {@code size} bytes that replaced one of {@code replacedSize} bytes, or
   * none if {@code replacedSize} is negative.
   */
  void put(long size, long replacedSize) {
    writeRows.increment();
    writtenBytes.add(size);
    if (replacedSize < 0) {
      rows.increment();
      storedBytes.add(size);
    } else {
      storedBytes.add(size - replacedSize);
    }
  }

  /** Counts a delete request of a key of {@code keySize} bytes, whether or not a row was there. */
  void deleteWritten(long keySize) {
    writeRows.increment();
    writtenBytes.add(keySize);
  }

  /** Takes a removed row of {@code size} bytes out of the stored totals. */
  void removed(long size) {
    rows.decrement();
    storedBytes.add(-size);
  }

  /** Adds a stored row of {@code size} bytes found when the totals are recounted or restored. */
  void stored(long rowCount, long size) {
    rows.add(rowCount);
    storedBytes.add(size);
  }

  PartitionStats snapshot(int index, PkValue start, PkValue end) {
    return new PartitionStats(
        index,
        start,
        end,
        rows.sum(),
        storedBytes.sum(),
        writeRows.sum(),
        writtenBytes.sum(),
        readRows.sum());
  }
}
