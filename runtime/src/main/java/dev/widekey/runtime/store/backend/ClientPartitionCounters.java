package dev.widekey.runtime.store.backend;

import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * Load counters per partition, kept on the client by a store backend: this store instance's writes
 * and reads since it opened, assigned to partitions by the table's split points. For services whose
 * own counters do not match the SPI's "since the store opened".
 *
 * <pre>{@code
 * ClientPartitionCounters counters = new ClientPartitionCounters(spec.splitPoints());
 * counters.wrote(key.get(0), row.sizeInBytes());
 * }</pre>
 */
public final class ClientPartitionCounters {
  private final List<PkValue> splits;
  private final LongAdder[] writeRows;
  private final LongAdder[] writtenBytes;
  private final LongAdder[] readRows;

  public ClientPartitionCounters(List<PkValue> splits) {
    this.splits = List.copyOf(splits);
    int n = splits.size() + 1;
    writeRows = adders(n);
    writtenBytes = adders(n);
    readRows = adders(n);
  }

  private static LongAdder[] adders(int n) {
    LongAdder[] a = new LongAdder[n];
    for (int i = 0; i < n; i++) {
      a[i] = new LongAdder();
    }
    return a;
  }

  /** Partition {@code i} holds keys from split {@code i - 1} (inclusive) to split {@code i}. */
  public int partitionOf(PkValue partitionKey) {
    int at = Collections.binarySearch(splits, partitionKey);
    return at >= 0 ? at + 1 : -at - 1;
  }

  public void wrote(PkValue partitionKey, long bytes) {
    int p = partitionOf(partitionKey);
    writeRows[p].increment();
    writtenBytes[p].add(bytes);
  }

  public void read(PkValue partitionKey) {
    readRows[partitionOf(partitionKey)].increment();
  }

  /**
   * The counters, stored rows unknown (-1); {@code storedBytes[i]} is partition {@code i}'s as the
   * service reports it, or -1.
   */
  public List<PartitionStats> snapshot(long[] storedBytes) {
    List<PartitionStats> stats = new ArrayList<>(writeRows.length);
    for (int i = 0; i < writeRows.length; i++) {
      stats.add(
          new PartitionStats(
              i,
              i == 0 ? null : splits.get(i - 1),
              i == splits.size() ? null : splits.get(i),
              -1,
              storedBytes[i],
              writeRows[i].sum(),
              writtenBytes[i].sum(),
              readRows[i].sum()));
    }
    return stats;
  }
}
