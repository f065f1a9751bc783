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
