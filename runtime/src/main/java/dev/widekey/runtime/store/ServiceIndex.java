package dev.widekey.runtime.store;

import dev.widekey.core.store.ServiceIndexLimits;
import java.util.List;
import java.util.Objects;

/**
 * A secondary index the store's service maintains itself, created with its data table ({@link
 * TableSpec#serviceIndexes()}) and read by {@link WideTableStore#scanIndex}. Its key is its columns
 * (the data table's primary-key columns or {@link DefinedColumn}s), then the data table's
 * primary-key columns not among them, in the data table's order ({@link TableSpec#indexKey}):
 * Tablestore's secondary index layout.
 *
 * <ul>
 *   <li>{@link Kind#LOCAL}: maintained synchronously with each write; its first column is the data
 *       table's first primary-key column. A read after a write sees it.
 *   <li>{@link Kind#GLOBAL}: maintained asynchronously; a read may lag the data table (Tablestore
 *       documents milliseconds; the embedded store's lag is set by {@code
 *       EmbeddedStore.Builder.globalIndexLag}).
 * </ul>
 *
 * <pre>{@code
 * TableSpec spec = new TableSpec("orders", List.of(new PkColumn("customer", PkType.STRING)))
 *     .withServiceIndexes(
 *         List.of(new DefinedColumn("cardId", AttrType.STRING)),
 *         List.of(new ServiceIndex("orders_by_card", List.of("cardId"), ServiceIndex.Kind.GLOBAL)));
 * }</pre>
 *
 * @param name the index table's name, unique within the store (Tablestore: within the instance)
 * @param columns the index columns, in key order, 1 to {@link #MAX_COLUMNS}
 * @param kind local (synchronous) or global (asynchronous)
 */
public record ServiceIndex(String name, List<String> columns, Kind kind) {
  /** Tablestore's most index columns of one secondary index. */
  public static final int MAX_COLUMNS = ServiceIndexLimits.MAX_COLUMNS;

  /** Tablestore's most secondary indexes of one data table. */
  public static final int MAX_PER_TABLE = ServiceIndexLimits.MAX_PER_TABLE;

  /** Who the service keeps the index in step: with the write, or after it. */
  public enum Kind {
    /** Synchronous, with every write: Tablestore {@code IT_LOCAL_INDEX}, {@code IUM_SYNC_INDEX}. */
    LOCAL,
    /** Asynchronous: Tablestore {@code IT_GLOBAL_INDEX}, {@code IUM_ASYNC_INDEX}. */
    GLOBAL
  }

  public ServiceIndex {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    columns = List.copyOf(columns);
    if (name.isEmpty()) {
      throw new IllegalArgumentException("index name is empty");
    }
    if (columns.isEmpty() || columns.size() > MAX_COLUMNS) {
      throw new IllegalArgumentException(
          "index " + name + " has " + columns.size() + " columns; it has 1 to " + MAX_COLUMNS);
    }
    if (columns.stream().distinct().count() != columns.size()) {
      throw new IllegalArgumentException("index " + name + " repeats a column: " + columns);
    }
  }
}
