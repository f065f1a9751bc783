package dev.widekey.runtime.store.embedded;

import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.TableSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.h2.mvstore.MVMap;

/** One open table: its spec, its MVStore row map and its partitions. */
final class Table {
  final TableSpec spec;
  final String mapName;
  final MVMap<byte[], byte[]> rows;

  /** The encoded split points; a key's encoding starts with its first column's encoding. */
  private final byte[][] splits;

  final PartitionCounters[] partitions;

  /** Set when the table is dropped, so that scans still holding it stop. */
  volatile boolean dropped;

  Table(TableSpec spec, String mapName, MVMap<byte[], byte[]> rows) {
    this.spec = spec;
    this.mapName = mapName;
    this.rows = rows;
    List<PkValue> points = spec.splitPoints();
    this.splits = new byte[points.size()][];
    for (int i = 0; i < splits.length; i++) {
      splits[i] = OrderedKeyBytes.encodeFirstColumn(points.get(i));
    }
    this.partitions = new PartitionCounters[points.size() + 1];
    for (int i = 0; i < partitions.length; i++) {
      partitions[i] = new PartitionCounters();
    }
  }

  /**
   * The partition of an encoded key: the number of split points at or below its first column.
   * Comparing the whole key with an encoded split point is the same as comparing first columns,
   * because each column's encoding is self-delimiting and a key whose first column equals the split
   * point has the split point's encoding as a prefix.
   */
  int partitionOf(byte[] encodedKey) {
    int lo = 0;
    int hi = splits.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Arrays.compareUnsigned(splits[mid], encodedKey) <= 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  List<PartitionStats> stats() {
    List<PkValue> points = spec.splitPoints();
    List<PartitionStats> out = new ArrayList<>(partitions.length);
    for (int i = 0; i < partitions.length; i++) {
      PkValue start = i == 0 ? null : points.get(i - 1);
      PkValue end = i == points.size() ? null : points.get(i);
      out.add(partitions[i].snapshot(i, start, end));
    }
    return out;
  }
}
