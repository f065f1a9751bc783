package dev.widekey.runtime.store.embedded;

import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.TableSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.h2.mvstore.MVMap;

/**
 * One open table: its spec, the limits of its profile, its MVStore row map and its partitions.
 *
 * <p>A stored row is the {@link RowCodec} encoding of its attributes; in a table whose rows expire
 * ({@link TableSpec#expires()}) it is preceded by the 8-byte time of its last write, in epoch
 * milliseconds, from which the row's expiry is computed on every read.
 */
final class Table {
  /** Bytes of the write time in front of a stored row of an expiring table. */
  static final int WRITE_TIME_BYTES = 8;

  /**
   * Replaced only when {@code createTable} adds service indexes to the table, under the store's
   * exclusive gate, which orders it before every later call.
   */
  TableSpec spec;

  final StoreLimits limits;
  final String mapName;
  final MVMap<byte[], byte[]> rows;

  /** Milliseconds a row lives after its last write, or -1 if rows never expire. */
  private final long ttlMillis;

  /** The encoded split points; a key's encoding starts with its first column's encoding. */
  private final byte[][] splits;

  final PartitionCounters[] partitions;

  /** The attribute names its rows decoded to, reused from row to row. */
  final ColumnNames columnNames = new ColumnNames();

  /**
   * Rows one scan page returns at most: {@link EmbeddedStore#PAGE_ROWS}, or fewer where the
   * profile's service returns fewer for one read of a range ({@link StoreLimits#maxScanRows}).
   */
  final int pageRows;

  /**
   * Bytes one scan page reads before it ends: {@link EmbeddedStore#PAGE_BYTES}, or fewer where the
   * profile's service returns fewer for one read ({@link StoreLimits#maxScanBytes}).
   */
  final long pageBytes;

  /** The table's service-maintained indexes, or null without any; writes hold its monitor. */
  ServiceIndexTables serviceIndexes;

  /** Set when the table is dropped, so that scans still holding it stop. */
  volatile boolean dropped;

  Table(TableSpec spec, StoreLimits limits, String mapName, MVMap<byte[], byte[]> rows) {
    this.spec = spec;
    this.limits = limits;
    this.ttlMillis = spec.expires() ? Math.multiplyExact(spec.ttlSeconds(), 1000L) : -1;
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
    this.pageRows = Math.max(1, Math.min(EmbeddedStore.PAGE_ROWS, limits.maxScanRows()));
    this.pageBytes = Math.max(1, Math.min(EmbeddedStore.PAGE_BYTES, limits.maxScanBytes()));
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

  /**
   * The least encoded key past {@code partition} (the split that ends it), or {@code null} for the
   * last partition.
   */
  byte[] endOf(int partition) {
    return partition < splits.length ? splits[partition] : null;
  }

  /**
   * {@link #partitionOf(byte[])} for a key read next to one of partition {@code hint}, as a scan
   * reads them: one or two comparisons while the scan stays in that partition, a search otherwise.
   */
  int partitionOf(byte[] encodedKey, int hint) {
    boolean atOrAboveStart = hint == 0 || Arrays.compareUnsigned(splits[hint - 1], encodedKey) <= 0;
    boolean belowEnd =
        hint == splits.length || Arrays.compareUnsigned(splits[hint], encodedKey) > 0;
    return atOrAboveStart && belowEnd ? hint : partitionOf(encodedKey);
  }

  /** The bytes to store for a row's encoded attributes written at {@code nowMillis}. */
  byte[] stored(byte[] attributes, long nowMillis) {
    if (ttlMillis < 0) {
      return attributes;
    }
    byte[] out = new byte[WRITE_TIME_BYTES + attributes.length];
    for (int i = 0; i < WRITE_TIME_BYTES; i++) {
      out[i] = (byte) (nowMillis >>> (56 - 8 * i));
    }
    System.arraycopy(attributes, 0, out, WRITE_TIME_BYTES, attributes.length);
    return out;
  }

  /** The encoded attributes of a stored row. */
  byte[] attributes(byte[] stored) {
    return ttlMillis < 0 ? stored : Arrays.copyOfRange(stored, WRITE_TIME_BYTES, stored.length);
  }

  /** Whether a stored row has expired at {@code nowMillis}: its last write is a TTL or more ago. */
  boolean expired(byte[] stored, long nowMillis) {
    if (ttlMillis < 0) {
      return false;
    }
    long written = 0;
    for (int i = 0; i < WRITE_TIME_BYTES; i++) {
      written = (written << 8) | (stored[i] & 0xFF);
    }
    return nowMillis - written >= ttlMillis;
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
