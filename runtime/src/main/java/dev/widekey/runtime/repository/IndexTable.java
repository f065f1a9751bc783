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
 *         IndexTable.layout(List.of(new PkColumn("cardId", PkType.STRING)))),
 *     List.of("cardId"));
 * byCard.indexColumns(); // 1
 * }</pre>
 */
public final class IndexTable {
  /** The last key column of every index table: base key and write tag, see {@link IndexTable}. */
  public static final String REF_COLUMN = ReservedNames.INDEX_REF_COLUMN;

  /**
   * The prefix of the hot-row column ({@code wk_ix_<index>}, INTEGER) naming the write tag under
   * which the hot row's index row of that index is stored.
   */
  public static final String TAG_COLUMN_PREFIX = ReservedNames.INDEX_TAG_COLUMN_PREFIX;

  private final String name;
  private final TableSpec table;
  private final List<String> valueColumns;
  private final String tagColumn;

  /**
   * An index whose values are known only from the entity (a layout read back, a test's table): a
   * write that keeps them finds so by building the stored entity.
   *
   * @param name the index's declared name, unique within its entity
   * @param table the index table: the index columns, then {@link #refColumn()}
   */
  public IndexTable(String name, TableSpec table) {
    this(name, table, null);
  }

  /**
   * @param name the index's declared name, unique within its entity
   * @param table the index table: the index columns, then {@link #refColumn()}
   * @param valueColumns the hot columns the index's values are computed from, each stored exactly
   *     as its field holds it (the indexed fields that are not key fields: equal columns under one
   *     hot key mean equal index values), or {@code null} if they are not known so
   */
  public IndexTable(String name, TableSpec table, List<String> valueColumns) {
    this.name = Objects.requireNonNull(name, "name");
    this.table = Objects.requireNonNull(table, "table");
    this.valueColumns = valueColumns == null ? null : List.copyOf(valueColumns);
    this.tagColumn = TAG_COLUMN_PREFIX + name;
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

  /** The index's declared name, unique within its entity. */
  public String name() {
    return name;
  }

  /** The index table: the index columns, then {@link #refColumn()}. */
  public TableSpec table() {
    return table;
  }

  /**
   * The hot columns the index's values are computed from, or {@code null} if not known: a stored
   * hot row whose columns among these equal a new write's holds the same index values.
   */
  public List<String> valueColumns() {
    return valueColumns;
  }

  /**
   * The hot-row column ({@code wk_ix_<index>}, INTEGER) naming the write tag under which the hot
   * row's index row is stored.
   */
  public String tagColumn() {
    return tagColumn;
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
    return new IndexTable(name, renamed, valueColumns);
  }

  /**
   * Equal to an index of the same name and table: {@link #valueColumns()} is a shortcut to what the
   * entity computes, not part of what the index is (a layout read back does not know it).
   */
  @Override
  public boolean equals(Object o) {
    return o instanceof IndexTable other && name.equals(other.name) && table.equals(other.table);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, table);
  }

  @Override
  public String toString() {
    return "IndexTable[name=" + name + ", table=" + table + ", valueColumns=" + valueColumns + "]";
  }
}
