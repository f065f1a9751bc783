package dev.widekey.runtime.repository;

import dev.widekey.core.store.OrderedKeyWidths;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.ReservedNames;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One client-side secondary index of an entity: a table keyed by the index's columns, laid out
 * under the same key rules as a primary key, followed by one BINARY column ({@value #REF_COLUMN})
 * that holds the indexed row's primary key and the tag of the write that stored the index row. The
 * base key keeps index rows unique and in base-key order within one index value; the tag makes each
 * index row belong to exactly one write, as a cold row does ({@link ColdRows}), so a read keeps an
 * index row only while the hot row it names still carries that tag.
 *
 * <pre>{@code
 * IndexTable byCard = new IndexTable("by_card",
 *     new TableSpec("orders_by_card",
 *         IndexTable.layout(List.of(new PkColumn("cardId", PkType.STRING)))));
 * byCard.indexColumns(); // 1
 * }</pre>
 *
 * @param name the index's declared name, unique within its entity
 * @param table the index table: the index columns, then {@link #refColumn()}
 */
public record IndexTable(String name, TableSpec table) {
  /** The last key column of every index table: base key and write tag, see {@link IndexTable}. */
  public static final String REF_COLUMN = ReservedNames.INDEX_REF_COLUMN;

  /**
   * The prefix of the hot-row column ({@code wk_ix_<index>}, INTEGER) naming the write tag under
   * which the hot row's index row of that index is stored.
   */
  public static final String TAG_COLUMN_PREFIX = ReservedNames.INDEX_TAG_COLUMN_PREFIX;

  public IndexTable {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(table, "table");
    List<PkColumn> pk = table.primaryKey();
    if (pk.size() < 2 || !pk.get(pk.size() - 1).equals(refColumn())) {
      throw new IllegalArgumentException(
          "index table "
              + table.name()
              + " is not laid out as IndexTable.layout lays it out (index columns, then "
              + REF_COLUMN
              + " BINARY): "
              + pk);
    }
  }

  /** The trailing key column of an index table. */
  public static PkColumn refColumn() {
    return new PkColumn(REF_COLUMN, PkType.BINARY);
  }

  /** An index table's primary key: the index columns, then {@link #refColumn()}. */
  public static List<PkColumn> layout(List<PkColumn> indexColumns) {
    List<PkColumn> pk = new ArrayList<>(indexColumns);
    pk.add(refColumn());
    return List.copyOf(pk);
  }

  /**
   * The most bytes of a ref column whose hot key encodes ({@link
   * dev.widekey.runtime.store.OrderedKeyBytes}) to at most {@code hotKeyBytes}: the hot key, then
   * the write tag, one more INTEGER column.
   */
  public static long maxRefBytes(long hotKeyBytes) {
    return OrderedKeyWidths.maxIndexRefBytes(hotKeyBytes);
  }

  /** How many leading key columns hold indexed values: every column but the trailing ref. */
  public int indexColumns() {
    return table.primaryKey().size() - 1;
  }

  /** The same index over a table renamed (a period's table). */
  IndexTable withTable(TableSpec renamed) {
    return new IndexTable(name, renamed);
  }
}
