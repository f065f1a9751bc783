package dev.widekey.runtime.repository;

import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.ServiceIndex;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One secondary index of an entity that the store's service maintains ({@code @Index(maintainedBy =
 * SERVICE_LOCAL | SERVICE_GLOBAL)}), declared on the hot table's spec ({@link
 * dev.widekey.runtime.store.TableSpec#serviceIndexes()}) and created with it. The repository writes
 * no index rows for it; it reads the index with {@link
 * dev.widekey.runtime.store.WideTableStore#scanIndex} and keeps only entities whose hot row still
 * has the indexed values, so a lagging global index may miss a fresh write but never returns a row
 * that does not match.
 *
 * <pre>{@code
 * ServiceIndexTable byCard =
 *     new ServiceIndexTable("by_card", "orders_by_card", ServiceIndex.Kind.GLOBAL, 1);
 * }</pre>
 *
 * @param name the index's declared name, unique within its entity
 * @param table the index table's name in the store, {@code <table>_<name>}
 * @param kind local (synchronous, exact) or global (asynchronous)
 * @param indexColumns how many leading key columns of the index hold indexed values
 */
public record ServiceIndexTable(
    String name, String table, ServiceIndex.Kind kind, int indexColumns) {

  /**
   * The lag widekey assumes of a Tablestore global secondary index: the documentation gives the
   * synchronisation delay as milliseconds ("in most cases within milliseconds", secondary index
   * overview); a second bounds it with a wide margin. Not enforced: a read may miss writes of the
   * last {@code ASSUMED_GLOBAL_LAG} (longer when the service is degraded), never return a wrong
   * row.
   */
  public static final Duration ASSUMED_GLOBAL_LAG = Duration.ofSeconds(1);

  public ServiceIndexTable {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(kind, "kind");
    if (indexColumns < 1) {
      throw new IllegalArgumentException("index " + name + " has no index column");
    }
  }

  /**
   * A range the generated index range methods build (the index columns, then one trailing reference
   * column, which they never bound) as a range over the service index's key: the index columns,
   * then {@code keyColumns - indexColumns} columns of the data table's key, each bounded as the
   * reference column was (INF_MIN or INF_MAX).
   */
  ScanRange overServiceKey(ScanRange range, int keyColumns) {
    return new ScanRange(
        widen(range.start(), keyColumns),
        widen(range.end(), keyColumns),
        range.columns(),
        range.limit(),
        range.direction());
  }

  private PrimaryKey widen(PrimaryKey bound, int keyColumns) {
    if (bound.size() != indexColumns + 1) {
      throw new IllegalArgumentException(
          "bound "
              + bound
              + " of index "
              + name
              + " is not over its index columns and a reference");
    }
    PkValue last = bound.get(indexColumns);
    if (!last.isInfinite()) {
      throw new IllegalArgumentException(
          "bound " + bound + " of index " + name + " fixes the reference column");
    }
    List<PkValue> values = new ArrayList<>(bound.values().subList(0, indexColumns));
    while (values.size() < keyColumns) {
      values.add(last);
    }
    return PrimaryKey.of(values);
  }
}
