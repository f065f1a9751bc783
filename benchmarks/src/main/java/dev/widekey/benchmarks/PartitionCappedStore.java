package dev.widekey.benchmarks;

import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * Gives every partition of a store a fixed write throughput, as a partition server of a distributed
 * store has: each partition writes at most {@code rowsPerSlice} rows per {@code sliceNanos}, one
 * request after another. A call returns when its slowest partition has written its share, so rows
 * queued on one busy partition wait while the other partitions idle, which is what writing in key
 * order does to a range-partitioned store.
 *
 * <pre>{@code
 * WideTableStore capped = new PartitionCappedStore(EmbeddedStore.inMemory(), 100, 10_000_000L);
 * }</pre>
 */
final class PartitionCappedStore extends ForwardingStore {
  private final int rowsPerSlice;
  private final long sliceNanos;
  private final ConcurrentHashMap<String, Partitions> tables = new ConcurrentHashMap<>();

  PartitionCappedStore(WideTableStore delegate, int rowsPerSlice, long sliceNanos) {
    super(delegate);
    this.rowsPerSlice = rowsPerSlice;
    this.sliceNanos = sliceNanos;
  }

  /** The time at which each partition has written everything it was given so far. */
  private static final class Partitions {
    final List<PkValue> splitPoints;
    final long[] freeAt;

    Partitions(List<PkValue> splitPoints) {
      this.splitPoints = splitPoints;
      this.freeAt = new long[splitPoints.size() + 1];
    }

    int of(PrimaryKey key) {
      PkValue first = key.get(0);
      int lo = 0;
      int hi = splitPoints.size();
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (splitPoints.get(mid).compareTo(first) <= 0) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      return lo;
    }
  }

  private Partitions partitions(String table) {
    return tables.computeIfAbsent(
        table,
        t ->
            new Partitions(
                delegate.describeTable(t).map(TableSpec::splitPoints).orElse(List.of())));
  }

  /** Queues the rows on their partitions and waits until the last of them is written. */
  private void pace(List<WriteOp> ops) {
    long now = System.nanoTime();
    long doneAt = now;
    // rows per partition of this request, per table
    java.util.Map<String, int[]> counts = new java.util.HashMap<>();
    for (WriteOp op : ops) {
      Partitions p = partitions(op.table());
      counts.computeIfAbsent(op.table(), t -> new int[p.freeAt.length])[p.of(op.key())]++;
    }
    for (var e : counts.entrySet()) {
      Partitions p = partitions(e.getKey());
      int[] rows = e.getValue();
      synchronized (p) {
        for (int i = 0; i < rows.length; i++) {
          if (rows[i] == 0) {
            continue;
          }
          long start = Math.max(now, p.freeAt[i]);
          p.freeAt[i] = start + rows[i] * sliceNanos / rowsPerSlice;
          doneAt = Math.max(doneAt, p.freeAt[i]);
        }
      }
    }
    long wait;
    while ((wait = doneAt - System.nanoTime()) > 0) {
      LockSupport.parkNanos(wait);
    }
  }

  @Override
  public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
    pace(ops);
    return delegate.batchWrite(ops);
  }

  @Override
  public void put(String table, Row row) {
    pace(List.of(WriteOp.put(table, row)));
    delegate.put(table, row);
  }

  @Override
  public void delete(String table, PrimaryKey key) {
    pace(List.of(WriteOp.delete(table, key)));
    delegate.delete(table, key);
  }

  @Override
  public void createTable(TableSpec spec) {
    delegate.createTable(spec);
    tables.remove(spec.name());
  }

  @Override
  public void deleteTable(String table) {
    delegate.deleteTable(table);
    tables.remove(table);
  }
}
