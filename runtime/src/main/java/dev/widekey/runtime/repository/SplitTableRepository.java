package dev.widekey.runtime.repository;

import dev.widekey.runtime.Rule;
import dev.widekey.runtime.RuleViolationException;
import dev.widekey.runtime.key.InvalidKeyException;
import dev.widekey.runtime.key.KeyText;
import dev.widekey.runtime.store.AttrType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkType;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.StoreLimits;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.value.Attributes;
import dev.widekey.runtime.value.LargeValues;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.BulkWriter;
import dev.widekey.runtime.write.WriteGroup;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The base of generated repositories: puts, gets, deletes and scans entities whose columns are
 * split between a hot table and an optional cold table. Generated subclasses supply the mapping
 * (key, hot columns, cold columns, entity from rows) and the public, typed methods.
 *
 * <p>Crash safety: the cold row is written before the hot row, and the hot row carries a marker
 * column ({@value #COLD_MARKER}) when a cold row exists. A crash between the two writes leaves at
 * worst a cold row nobody points at, never a hot row whose cold row is missing. Deletes go the
 * other way: hot row first, then cold.
 *
 * <p>Every value is encoded and checked against the store's limits before the first write, so a bad
 * entity writes nothing.
 *
 * <pre>{@code
 * ItemRepository items = new ItemRepository(store);
 * items.createTables();
 * items.put(new Item(7, 3, new BigDecimal("5.32"), "long text"));
 * Optional<Item> hotOnly = items.get(7);          // description == null
 * Optional<Item> full = items.getWithCold(7);     // reads the cold table too
 * }</pre>
 *
 * @param <E> the entity type
 */
public abstract class SplitTableRepository<E> {
  /**
   * Hot-row column: BOOLEAN {@code true} when the entity has a cold row, which a read with cold
   * columns then requires. Absent or {@code false}: no cold row, and none is read (a cold row
   * nobody points at is a leftover of a crash between the writes). Any other value is {@link
   * ErrorKind#CORRUPT_DATA}.
   */
  public static final String COLD_MARKER = "wk_cold";

  /**
   * Hot-row column: BOOLEAN {@code true}, written when an entity has no non-null hot attribute,
   * because a row needs one. It carries no data; any other value is {@link ErrorKind#CORRUPT_DATA}.
   */
  public static final String ROW_MARKER = "wk_row";

  private final WideTableStore store;
  private final TableSpec hotTable;
  private final TableSpec coldTable;
  private final Set<String> chunkedColumns;

  /**
   * @param coldTable the cold table, or {@code null} if the entity has no cold columns
   */
  protected SplitTableRepository(WideTableStore store, TableSpec hotTable, TableSpec coldTable) {
    this(store, hotTable, coldTable, List.of());
  }

  /**
   * @param coldTable the cold table, or {@code null} if the entity has no cold columns
   * @param chunkedColumns {@code @Chunked} columns: values over the attribute limit are split into
   *     chunk columns and joined again on read
   */
  protected SplitTableRepository(
      WideTableStore store,
      TableSpec hotTable,
      TableSpec coldTable,
      Collection<String> chunkedColumns) {
    this.store = Objects.requireNonNull(store, "store");
    this.hotTable = Objects.requireNonNull(hotTable, "hotTable");
    this.coldTable = coldTable;
    this.chunkedColumns = Set.copyOf(chunkedColumns);
  }

  /** The primary key of an entity; throws {@link InvalidKeyException} for a bad value. */
  protected abstract PrimaryKey keyOf(E entity);

  /** The hot attribute columns of an entity, absent values left out. */
  protected abstract Map<String, AttrValue> hotColumns(E entity);

  /** The cold attribute columns of an entity, absent values left out; empty if none. */
  protected abstract Map<String, AttrValue> coldColumns(E entity);

  /** Builds an entity from its key, hot row and cold row ({@code null} if not read or absent). */
  protected abstract E toEntity(PrimaryKey key, Row hot, Row cold);

  /** The store this repository writes to. */
  public WideTableStore store() {
    return store;
  }

  /** Creates the cold table (if any) and the hot table; existing tables are kept. */
  public void createTables() {
    if (coldTable != null) {
      store.createTable(coldTable);
    }
    store.createTable(hotTable);
  }

  /**
   * Writes an entity: its cold row first (if it has cold values), then its hot row; a stale cold
   * row of an entity that has no cold values now is deleted after the hot row no longer points at
   * it.
   *
   * @throws dev.widekey.runtime.RuleViolationException for a value that breaks a rule; nothing is
   *     written
   * @throws StoreException for a store failure
   */
  public void put(E entity) {
    write(prepare(entity));
  }

  private void write(PreparedWrite write) {
    if (write.cold() != null) {
      store.put(coldTable.name(), write.cold());
    }
    store.put(hotTable.name(), write.hot());
    if (write.cold() == null && coldTable != null) {
      store.delete(coldTable.name(), write.hot().key());
    }
  }

  /**
   * Writes many entities through a {@link BulkWriter} with default settings: shuffled, in batches
   * within the store's limits, by parallel workers, retrying retryable failures. Every entity is
   * encoded and checked before the first write, so a bad one writes nothing at all. Each entity's
   * cold row is acknowledged before its hot row is sent.
   *
   * @return one outcome per written operation; failures name the rows that did not land
   * @throws dev.widekey.runtime.RuleViolationException for a value that breaks a rule; nothing is
   *     written
   */
  public BulkWriteResult putAll(Collection<? extends E> entities) {
    List<PreparedWrite> writes = new ArrayList<>(entities.size());
    for (E entity : entities) {
      writes.add(prepare(entity));
    }
    List<WriteGroup> groups = new ArrayList<>(writes.size());
    for (PreparedWrite write : writes) {
      if (write.sizeInBytes() > limits().maxBatchBytes()) {
        write(write); // a row with chunked values can outgrow any batch: written alone
      } else {
        groups.add(groupOf(write));
      }
    }
    return BulkWriter.of(store).writeGroups(groups.stream());
  }

  /**
   * Streams entities into the store through {@code writer}, for imports too large to hold in
   * memory. Entities are encoded as they are read: one that breaks a rule stops the import with a
   * {@link dev.widekey.runtime.write.BulkWriteException} whose cause names it and whose partial
   * result counts what was written before; that entity and the rest are not written.
   */
  public BulkWriteResult putAll(Stream<? extends E> entities, BulkWriter writer) {
    return writer.writeGroups(entities.map(e -> groupOf(prepare(e))));
  }

  /** The writes of one entity, in crash-safe order: cold put, hot put, stale cold delete. */
  private WriteGroup groupOf(PreparedWrite write) {
    List<WriteOp> ops = new ArrayList<>(2);
    if (write.cold() != null) {
      ops.add(WriteOp.put(coldTable.name(), write.cold()));
    }
    ops.add(WriteOp.put(hotTable.name(), write.hot()));
    if (write.cold() == null && coldTable != null) {
      ops.add(WriteOp.delete(coldTable.name(), write.hot().key()));
    }
    return new WriteGroup(ops);
  }

  /**
   * Encodes and checks an entity without writing anything: the rows {@link #put} would write.
   *
   * @throws dev.widekey.runtime.RuleViolationException for a value that breaks a rule
   */
  public PreparedWrite prepare(E entity) {
    Objects.requireNonNull(entity, "entity");
    PrimaryKey key = keyOf(entity);
    StoreLimits limits = limits();
    checkKeySize(hotTable.primaryKey(), key, limits);
    Map<String, AttrValue> hot = new LinkedHashMap<>(hotColumns(entity));
    Map<String, AttrValue> cold = coldTable == null ? Map.of() : coldColumns(entity);
    checkSizes(hot, limits);
    checkSizes(cold, limits);
    Row coldRow = null;
    if (!cold.isEmpty()) {
      coldRow = chunked(Row.of(key, cold), limits);
      hot.put(COLD_MARKER, AttrValue.ofBoolean(true));
    }
    if (hot.isEmpty()) {
      hot.put(ROW_MARKER, AttrValue.ofBoolean(true));
    }
    return new PreparedWrite(chunked(Row.of(key, hot), limits), coldRow);
  }

  /** Reads an entity by key: hot columns only, or with the cold row too. */
  protected Optional<E> find(PrimaryKey key, boolean withCold) {
    Optional<Row> hot = store.get(hotTable.name(), key, ColumnSelection.all()).map(this::readHot);
    return hot.map(row -> entity(key, row, withCold ? coldRowOf(row) : null));
  }

  /** Deletes an entity: hot row first, so no hot row ever points at a deleted cold row. */
  protected void remove(PrimaryKey key) {
    store.delete(hotTable.name(), key);
    if (coldTable != null) {
      store.delete(coldTable.name(), key);
    }
  }

  /**
   * Reads the cold columns of an entity read without them (by a scan, say).
   *
   * @return the entity with its cold columns, or empty if it was deleted meanwhile
   */
  public Optional<E> loadCold(E entity) {
    return find(keyOf(entity), true);
  }

  /**
   * Every entity of the table in key order, hot columns only. This reads every partition; prefer
   * the generated scans, which read only the rows they return.
   */
  public Stream<E> scanAll() {
    return scan(ScanRange.all(hotTable.primaryKey().size()), false);
  }

  /** Entities of a key range, in key order; close the stream if not read to the end. */
  protected Stream<E> scan(ScanRange range, boolean withCold) {
    return store
        .scan(hotTable.name(), range)
        .map(this::readHot)
        .map(row -> entity(row.key(), row, withCold ? coldRowOf(row) : null));
  }

  /** The limits the store keeps the entity's tables to: those of its profile. */
  private StoreLimits limits() {
    return store.limits(hotTable.profile());
  }

  /** The hot table's spec. */
  public TableSpec hotTable() {
    return hotTable;
  }

  /** The cold table's spec, or empty if the entity has no cold columns. */
  public Optional<TableSpec> coldTable() {
    return Optional.ofNullable(coldTable);
  }

  /**
   * The entity of stored rows. Stored bytes are not trusted: a key the codec would not write, a
   * value its field cannot hold, a value that will not inflate, all become one typed error, {@link
   * ErrorKind#CORRUPT_DATA} (not retryable), naming the table and row, with the column or field in
   * its message and the first failure as its cause.
   */
  private E entity(PrimaryKey key, Row hot, Row cold) {
    try {
      return toEntity(key, hot, cold);
    } catch (RuleViolationException e) {
      throw unreadable(key, e.getMessage(), e);
    } catch (StoreException e) {
      if (e.kind() != ErrorKind.CORRUPT_DATA) {
        throw e;
      }
      throw unreadable(key, e.detail(), e);
    }
  }

  private StoreException unreadable(PrimaryKey key, String why, RuntimeException cause) {
    return new StoreException(
        ErrorKind.CORRUPT_DATA,
        "row " + key + " of table " + hotTable.name() + " cannot be read: " + why,
        false,
        cause);
  }

  /** A hot row as read: its markers checked, its chunks joined. */
  private Row readHot(Row row) {
    AttrValue rowMarker = row.get(ROW_MARKER);
    if (rowMarker != null && !rowMarker.equals(AttrValue.ofBoolean(true))) {
      throw corruptMarker(row, ROW_MARKER, rowMarker, "true");
    }
    AttrValue coldMarker = row.get(COLD_MARKER);
    if (coldMarker != null && coldMarker.type() != AttrType.BOOLEAN) {
      throw corruptMarker(row, COLD_MARKER, coldMarker, "true or false");
    }
    return joined(hotTable, row);
  }

  private StoreException corruptMarker(Row row, String column, AttrValue value, String expected) {
    return new StoreException(
        ErrorKind.CORRUPT_DATA,
        "marker column "
            + column
            + " of row "
            + row.key()
            + " of table "
            + hotTable.name()
            + " holds "
            + value
            + " where widekey writes only "
            + expected
            + "; the row was not written by widekey (another writer, a restored backup, or damage)",
        false,
        null);
  }

  /**
   * The cold row a hot row points at. On a table whose rows expire, the cold row, written before
   * the hot row, expires before it: a missing cold row then reads as absent cold values, never as
   * an error.
   */
  private Row coldRowOf(Row hot) {
    if (coldTable == null || !AttrValue.ofBoolean(true).equals(hot.get(COLD_MARKER))) {
      return null;
    }
    Optional<Row> cold =
        store
            .get(coldTable.name(), hot.key(), ColumnSelection.all())
            .map(r -> joined(coldTable, r));
    if (cold.isEmpty() && coldTable.expires()) {
      return null;
    }
    return cold.orElseThrow(
        () ->
            new StoreException(
                ErrorKind.INTERNAL,
                "hot row "
                    + hot.key()
                    + " of table "
                    + hotTable.name()
                    + " points at a cold row missing from table "
                    + coldTable.name(),
                false,
                null));
  }

  /**
   * The run-time WK109 check: every column of the key fits the store's primary-key column limit
   * ({@link StoreLimits#maxPkColumnBytes}, 1 KB on Tablestore and Lindorm), strings measured as
   * UTF-8. A string with an unpaired surrogate has no UTF-8 form, so no size: it is refused first
   * (WK105).
   *
   * @throws InvalidKeyException WK105 or WK109, naming the column
   */
  static void checkKeySize(List<PkColumn> schema, PrimaryKey key, StoreLimits limits) {
    for (int i = 0; i < key.size(); i++) {
      PkValue v = key.get(i);
      String column = schema.get(i).name();
      if (v.type() == PkType.STRING) {
        KeyText.requireWellFormed(column, v.asString());
      }
      int bytes = v.sizeInBytes();
      if (bytes > limits.maxPkColumnBytes()) {
        throw new InvalidKeyException(
            Rule.WK109,
            column,
            "is "
                + bytes
                + " bytes, over the store's "
                + limits.maxPkColumnBytes()
                + "-byte primary-key column limit; shorten the value (it is never cut)");
      }
    }
  }

  /** Refuses a value over the attribute limit, unless its column is {@code @Chunked}. */
  private void checkSizes(Map<String, AttrValue> columns, StoreLimits limits) {
    columns.forEach(
        (name, value) -> {
          if (!chunkedColumns.contains(name)) {
            Attributes.checkSize(name, value.sizeInBytes(), limits.maxAttributeBytes());
          }
        });
  }

  private Row chunked(Row row, StoreLimits limits) {
    return chunkedColumns.isEmpty()
        ? row
        : LargeValues.chunk(row, limits, chunkedColumns::contains);
  }

  private Row joined(TableSpec table, Row row) {
    return chunkedColumns.isEmpty() ? row : LargeValues.join(table.name(), row);
  }

  /**
   * The rows one entity is written as.
   *
   * @param hot the hot row
   * @param cold the cold row, or {@code null}
   */
  public record PreparedWrite(Row hot, Row cold) {
    /** Bytes of both rows. */
    public long sizeInBytes() {
      return hot.sizeInBytes() + (cold == null ? 0 : cold.sizeInBytes());
    }
  }
}
