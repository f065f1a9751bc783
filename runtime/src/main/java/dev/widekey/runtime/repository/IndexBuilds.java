package dev.widekey.runtime.repository;

import dev.widekey.core.store.PkType;
import dev.widekey.core.store.ReservedNames;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import java.util.List;
import java.util.Map;

/**
 * The build state of client-side index tables ({@value ReservedNames#INDEX_BUILD_TABLE}, one small
 * table per store, keyed by the index table's name): the one home of how it is stored. A row means
 * the index is being built: its table was created beside a hot table that already held rows, which
 * have no index rows yet, so a read through it would miss them. No row means built: an index
 * created with its hot table, or one built since, or one created before build states existed. The
 * table is created by the first index that needs a row, never for an entity without one.
 *
 * <pre>{@code
 * IndexBuilds.markBuilding(store, hot, byQueue);    // before the index table is created
 * IndexBuilds.building(store, "tickets_by_queue");  // true until the build clears it
 * }</pre>
 */
final class IndexBuilds {
  private IndexBuilds() {}

  static final String TABLE = ReservedNames.INDEX_BUILD_TABLE;

  /** The build table: keyed by the index table's name. */
  static final TableSpec SPEC =
      new TableSpec(TABLE, List.of(new PkColumn("index_table", PkType.STRING)));

  /** STRING, the state: {@value #BUILDING}. */
  static final String STATE = "state";

  static final String BUILDING = "BUILDING";

  /** STRING, the hot table whose rows the index is built from (for an operator reading the row). */
  static final String HOT_TABLE = "hot_table";

  /** INTEGER, when the state was written (epoch milliseconds, the writer's clock). */
  static final String SINCE = "since";

  private static PrimaryKey key(String indexTable) {
    return PrimaryKey.of(List.of(PkValue.ofString(indexTable)));
  }

  /** Records that {@code index} is being built from the rows of {@code hot}. */
  static void markBuilding(WideTableStore store, TableSpec hot, IndexTable index) {
    store.createTable(SPEC); // kept if it exists
    store.put(
        TABLE,
        Row.of(
            key(index.table().name()),
            Map.of(
                STATE, AttrValue.ofString(BUILDING),
                HOT_TABLE, AttrValue.ofString(hot.name()),
                SINCE, AttrValue.ofInteger(System.currentTimeMillis()))));
  }

  /** Whether the index table {@code indexTable} is being built: any row of it counts. */
  static boolean building(WideTableStore store, String indexTable) {
    try {
      return store.get(TABLE, key(indexTable), ColumnSelection.of(STATE)).isPresent();
    } catch (StoreException e) {
      if (e.kind() == ErrorKind.TABLE_NOT_FOUND) {
        return false; // no index was ever built on this store
      }
      throw e;
    }
  }

  /** Records that the index table {@code indexTable} is built: its row is deleted. */
  static void clear(WideTableStore store, String indexTable) {
    try {
      store.delete(TABLE, key(indexTable));
    } catch (StoreException e) {
      if (e.kind() != ErrorKind.TABLE_NOT_FOUND) {
        throw e;
      }
    }
  }
}
