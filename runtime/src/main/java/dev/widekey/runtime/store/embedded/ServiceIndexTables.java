package dev.widekey.runtime.store.embedded;

import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.ServiceIndex;
import dev.widekey.runtime.store.TableSpec;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The service-maintained secondary indexes of one embedded table ({@link
 * TableSpec#serviceIndexes()}), kept as Tablestore keeps them: a local index changes with the write
 * that changes its row, inside the same critical section; a global index receives the change {@code
 * globalLag} after the write (measured on the store's clock), in write order, so a read in between
 * sees the index as it was. The entries live in memory and are rebuilt from the rows when a
 * persistent store opens.
 *
 * <p>Each entry keeps its row's write time, so an entry of a row past the table's time to live is
 * not returned (the service requires the index's TTL to equal the table's).
 */
final class ServiceIndexTables {
  private final TableSpec spec;
  private long lagMillis;
  private final long ttlMillis;
  private final Map<String, NavigableMap<PrimaryKey, Long>> entries = new HashMap<>();
  private final Deque<Change> pending = new ArrayDeque<>();

  /** A change a global index receives at {@code due}: remove {@code old}, add {@code added}. */
  private record Change(String index, PrimaryKey old, PrimaryKey added, long written, long due) {}

  ServiceIndexTables(TableSpec spec, Duration globalLag) {
    this.spec = spec;
    this.lagMillis = lagMillis(globalLag);
    this.ttlMillis = spec.expires() ? spec.ttlSeconds() * 1000L : -1;
    for (ServiceIndex index : spec.serviceIndexes()) {
      entries.put(index.name(), new TreeMap<>());
    }
  }

  /** These indexes with global changes applied {@code lag} after their writes from now on. */
  ServiceIndexTables withGlobalLag(Duration lag) {
    this.lagMillis = lagMillis(lag);
    return this;
  }

  /**
   * Saturated: a lag past what the clock counts (ChronoUnit.FOREVER) means never, and stays far
   * enough from overflow to be added to the clock's time.
   */
  private static long lagMillis(Duration lag) {
    return RetryPolicy.saturatedNanos(lag) / 1_000_000;
  }

  /** Whether the table has any service index. */
  static boolean any(TableSpec spec) {
    return !spec.serviceIndexes().isEmpty();
  }

  /**
   * Records that the row {@code before} (null: none) became {@code after} (null: deleted) at {@code
   * now}. The caller holds this object's monitor across the row write and this call, so the changes
   * of one key reach the indexes in the order the rows were written.
   */
  void changed(Row before, Row after, long now) {
    for (ServiceIndex index : spec.serviceIndexes()) {
      PrimaryKey old = before == null ? null : spec.indexKeyOf(index.name(), before);
      PrimaryKey added = after == null ? null : spec.indexKeyOf(index.name(), after);
      if (index.kind() == ServiceIndex.Kind.GLOBAL && lagMillis > 0) {
        pending.add(new Change(index.name(), old, added, now, now + lagMillis));
      } else {
        apply(new Change(index.name(), old, added, now, now));
      }
    }
  }

  /** The index keys in range, in the range's direction, as the index stands at {@code now}. */
  List<PrimaryKey> scan(String index, ScanRange range, long now) {
    while (!pending.isEmpty() && pending.peekFirst().due() <= now) {
      apply(pending.pollFirst());
    }
    NavigableMap<PrimaryKey, Long> in = entries.get(index);
    List<PrimaryKey> out = new ArrayList<>();
    if (range.start().compareTo(range.end()) >= 0 || range.limit() == 0) {
      return out;
    }
    NavigableMap<PrimaryKey, Long> sub = in.subMap(range.start(), true, range.end(), false);
    for (Map.Entry<PrimaryKey, Long> e :
        (range.isBackward() ? sub.descendingMap() : sub).entrySet()) {
      if (ttlMillis >= 0 && now - e.getValue() >= ttlMillis) {
        continue;
      }
      out.add(e.getKey());
      if (out.size() >= range.limit()) {
        break;
      }
    }
    return out;
  }

  private void apply(Change c) {
    NavigableMap<PrimaryKey, Long> in = entries.get(c.index());
    if (c.old() != null) {
      in.remove(c.old());
    }
    if (c.added() != null) {
      in.put(c.added(), c.written());
    }
  }
}
