package dev.widekey.runtime.repository;

import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The layout of index rows: the one home of how an index row is keyed and what it carries.
 *
 * <p>An index row is immutable, as a cold row is ({@link ColdRows}): its key is the indexed values,
 * then the ref column ({@link IndexTable#REF_COLUMN}), which holds the indexed entity's hot key and
 * the tag of the write that stored the row, both as {@link OrderedKeyBytes} encodes a key (the hot
 * key's columns followed by one INTEGER column, the tag). So no two writes ever store one index
 * row, rows of one indexed value sort by hot key, and a read keeps an index row only while the hot
 * row it names carries its tag: the write that stored it is the committed one. Its one attribute
 * column is when it was written ({@link ColdRows#WRITTEN}), which bounds how long it may still be
 * an unfinished write's (a row needs a non-key column on every store).
 *
 * <pre>{@code
 * Row row = IndexRows.row(byCard, List.of(PkValue.ofString("card-7")), hotKey, tag, now);
 * IndexRows.Ref ref = IndexRows.ref(byCard, row, OrderTable.HOT.primaryKey()); // hotKey, tag
 * }</pre>
 */
final class IndexRows {
  private IndexRows() {}

  /** The prefix of the hot-row column naming the tag under which an index's row is stored. */
  static final String TAG_COLUMN_PREFIX = IndexTable.TAG_COLUMN_PREFIX;

  /**
   * Hot-row column: INTEGER, the tag in the key of the entity's row in {@code index}. It is the
   * write's own tag, or, where the write left the index's values as the write it replaced stored
   * them, that write's index tag: the index row is then put again at the same key, so a scan
   * passing it never finds it moved, and the row's tag names it for the write that later changes
   * the values and deletes it.
   */
  static String tagColumn(IndexTable index) {
    return index.tagColumn();
  }

  /**
   * The tag in the key of an index row this process built ({@link #key}): the ref's last 8 bytes,
   * the tag as {@link OrderedKeyBytes} encodes an INTEGER (sign bit flipped), read without decoding
   * the hot key before it. Stored rows are read with {@link #ref}, which checks them.
   */
  static long tagOf(PrimaryKey indexKey) {
    return OrderedKeyBytes.lastInteger(indexKey.get(indexKey.size() - 1));
  }

  /**
   * The key of the same index row under another write's tag: {@code indexKey}'s ref with its tag
   * replaced, for a key this process built ({@link #key}).
   */
  static PrimaryKey withTag(PrimaryKey indexKey, long tag) {
    int last = indexKey.size() - 1;
    List<PkValue> key = new ArrayList<>(indexKey.values());
    key.set(last, OrderedKeyBytes.withLastInteger(indexKey.get(last), tag));
    return PrimaryKey.of(key);
  }

  /** What an index row's ref column names: the hot row and the write. */
  record Ref(PrimaryKey hotKey, long tag) {}

  /** The key of the index row the write tagged {@code tag} stores for {@code hotKey}. */
  static PrimaryKey key(IndexTable index, List<PkValue> values, PrimaryKey hotKey, long tag) {
    if (values.size() != index.indexColumns()) {
      throw new IllegalArgumentException(
          "index "
              + index.name()
              + " has "
              + index.indexColumns()
              + " columns, given "
              + values.size()
              + " values");
    }
    List<PkValue> key = new ArrayList<>(values.size() + 1);
    key.addAll(values);
    key.add(OrderedKeyBytes.valueFollowedBy(hotKey, tag));
    return PrimaryKey.of(key);
  }

  /** The index row the write tagged {@code tag} stores for {@code hotKey}. */
  static Row row(
      IndexTable index, List<PkValue> values, PrimaryKey hotKey, long tag, long writtenMillis) {
    return Row.of(
        key(index, values, hotKey, tag),
        Map.of(ColdRows.WRITTEN, AttrValue.ofInteger(writtenMillis)));
  }

  /** The indexed values of an index row: its key less the ref column. */
  static List<PkValue> values(PrimaryKey indexKey) {
    return indexKey.values().subList(0, indexKey.size() - 1);
  }

  /**
   * The hot row and write an index row names. Stored bytes are not trusted: only a ref widekey
   * writes decodes.
   *
   * @param hotSchema the hot table's key columns
   * @throws StoreException {@link ErrorKind#CORRUPT_DATA} naming the index table and row, for a ref
   *     column that is not a hot key of this schema followed by a tag
   */
  static Ref ref(IndexTable index, PrimaryKey indexKey, List<PkColumn> hotSchema) {
    PkValue ref = indexKey.get(indexKey.size() - 1);
    if (ref.isInfinite() || ref.type() != PkType.BINARY) {
      throw corrupt(index, indexKey, "its " + IndexTable.REF_COLUMN + " column is not BINARY");
    }
    PrimaryKey hotKey;
    try {
      hotKey = OrderedKeyBytes.decodeBeforeInteger(index.table().name(), ref, hotSchema);
    } catch (StoreException e) {
      throw corrupt(
          index,
          indexKey,
          "its " + IndexTable.REF_COLUMN + " column is not a hot key and a tag: " + e.detail());
    }
    return new Ref(hotKey, OrderedKeyBytes.lastInteger(ref));
  }

  /** Where an index row points: its indexed values and the hot key its ref names. */
  record Located(List<PkValue> values, PrimaryKey hotKey) {}

  /**
   * The indexed values and hot key of an index row a store read, as {@link #values} and {@link
   * #ref} give them: decoded in one pass from the key bytes where the store kept the row in its
   * stored form ({@link Row#storedKey}), which a page read through an index does for each row.
   *
   * @throws StoreException as {@link #ref}
   */
  static Located located(IndexTable index, Row row, List<PkColumn> hotSchema) {
    byte[] stored = row.storedKey();
    if (stored != null) {
      try {
        OrderedKeyBytes.Nested key =
            OrderedKeyBytes.decodeNested(
                index.table().name(), stored, index.table().primaryKey(), hotSchema);
        return new Located(key.leading(), key.inner());
      } catch (StoreException e) {
        // not a key widekey wrote: the decode below names what is wrong with it
      }
    }
    PrimaryKey key = row.key();
    return new Located(values(key), ref(index, key, hotSchema).hotKey());
  }

  /**
   * The key columns of an index position, as a page token holds it: the index columns, then the hot
   * key's columns.
   */
  static List<PkColumn> positionSchema(IndexTable index, TableSpec hot) {
    List<PkColumn> schema =
        new ArrayList<>(index.table().primaryKey().subList(0, index.indexColumns()));
    schema.addAll(hot.primaryKey());
    return schema;
  }

  /**
   * The index-table bound just past every row of a position (indexed values, then the hot key) in
   * scan order: forward, the least key above all of them (the hot key followed by the greatest
   * bound marker in the ref column); backward, the greatest key below all of them. No stored row
   * has either key, so a range resumed there starts after the position exactly.
   */
  static PrimaryKey pastPosition(IndexTable index, PrimaryKey position, boolean backward) {
    int n = index.indexColumns();
    List<PkValue> hot = position.values().subList(n, position.size());
    PrimaryKey refBound =
        PrimaryKey.bound(hot, backward ? PkValue.INF_MIN : PkValue.INF_MAX, hot.size() + 1);
    List<PkValue> key = new ArrayList<>(position.values().subList(0, n));
    key.add(PkValue.ofBinary(OrderedKeyBytes.encode(refBound)));
    return PrimaryKey.of(key);
  }

  /** When an index row was written ({@link ColdRows#WRITTEN}), or -1 if it does not say. */
  static long written(Row row) {
    AttrValue v = row.get(ColdRows.WRITTEN);
    return v != null && v.type() == AttrType.INTEGER ? v.asLong() : -1;
  }

  private static StoreException corrupt(IndexTable index, PrimaryKey key, String why) {
    return new StoreException(
        ErrorKind.CORRUPT_DATA,
        "index row "
            + key
            + " of table "
            + index.table().name()
            + " was not written by widekey: "
            + why
            + " (another writer, a restored backup, or damage)",
        false,
        null);
  }
}
