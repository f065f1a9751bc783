package dev.widekey.runtime.store;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.StoreLimits;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A range-partitioned wide-table store: rows sorted by a typed multi-column primary key, split into
 * partitions by ranges of the first column. The embedded store implements it, and so do the
 * HBase/Lindorm and Tablestore backends; generated repositories use nothing else.
 *
 * <p>Every method throws {@link StoreException} with a typed {@link ErrorKind} and a {@code
 * retryable} flag. A call that fails a limit check writes nothing.
 *
 * <pre>{@code
 * try (WideTableStore store = EmbeddedStore.inMemory()) {
 *   store.createTable(spec);
 *   store.put("items", row);
 *   Optional<Row> back = store.get("items", row.key(), ColumnSelection.all());
 * }
 * }</pre>
 */
public interface WideTableStore extends AutoCloseable {

  /**
   * Creates a table pre-split at the spec's split points. Creating a table that exists with the
   * same primary-key schema does nothing; with another schema it fails with {@link
   * ErrorKind#TABLE_EXISTS}, because a table's primary key never changes.
   */
  void createTable(TableSpec spec);

  /** The spec of an existing table, if there is one. */
  Optional<TableSpec> describeTable(String table);

  /**
   * The names of the existing tables that start with {@code prefix} (all of them for {@code ""}),
   * in ascending order: what a time-sharded repository reads to find its period tables. Only tables
   * this store can see: on HBase those of its namespace, unqualified.
   *
   * <pre>{@code store.listTables("orders_") // [orders_2026_10, orders_2026_11]}</pre>
   */
  List<String> listTables(String prefix);

  /** Drops a table and its rows; dropping a missing table does nothing. */
  void deleteTable(String table);

  /** Writes a whole row, replacing any row with the same key. */
  void put(String table, Row row);

  /**
   * Writes a whole row if {@code condition} holds of the stored row, atomically with the check.
   *
   * <pre>{@code store.put("items", row, WriteCondition.rowAbsent()); // insert only}</pre>
   *
   * @throws StoreException of kind {@link ErrorKind#CONDITION_FAILED} if it does not hold; nothing
   *     was written
   */
  default void put(String table, Row row, WriteCondition condition) {
    WriteOutcome outcome = batchWrite(List.of(WriteOp.put(table, row, condition))).get(0);
    if (!outcome.succeeded()) {
      throw outcome.failure();
    }
  }

  /**
   * Whether {@link #computeRow} is offered: a row written as a function of the stored one, in one
   * atomic step (and {@link #getAndDelete}, a row deleted and handed back). A store in this process
   * can (the embedded store does); no networked service does, so on those a repository reads the
   * row and writes it under a condition on what it read.
   *
   * <p>A decorator offers it only where it forwards it itself: {@link ForwardingStore} does not, so
   * a decorator that observes or changes conditional writes sees every write a repository makes.
   */
  default boolean computesRows() {
    return false;
  }

  /**
   * Reads the row at {@code key} with {@code columns} and writes the row {@code compute} returns
   * for it, whole, as {@link #put(String, Row)} writes one; {@code null} writes nothing. Atomic: no
   * write of another caller lands between the read and the write, as with a conditional put. The
   * stored row is passed as {@link #get} reads it, except that a row holding none of {@code
   * columns} is passed present with no columns (a computation decides on whether a row is there).
   * {@code compute} may be called more than once, the last call's answer standing, so it must have
   * no effect but its answer; an exception it throws ends the call, nothing written. A computed row
   * is checked as a put's is, and refused the same way, nothing written.
   *
   * <pre>{@code
   * store.computeRow("counters", key, ColumnSelection.of("n"), stored -> {
   *   long n = stored.map(r -> r.get("n").asLong()).orElse(0L);
   *   return Row.of(key, Map.of("n", AttrValue.ofInteger(n + 1)));
   * });
   * }</pre>
   *
   * @return the stored row as passed to the call whose answer stood
   * @throws StoreException of kind {@link ErrorKind#UNSUPPORTED} unless {@link #computesRows()}
   */
  default Optional<Row> computeRow(
      String table, PrimaryKey key, ColumnSelection columns, Function<Optional<Row>, Row> compute) {
    throw unsupported(
        "cannot write a row as a function of the stored one atomically; read it and put under a"
            + " condition");
  }

  /**
   * Deletes the row at {@code key} and hands it back as it was, in one atomic step: no write of
   * another caller lands between the read and the delete. Offered where {@link #computesRows()} is
   * (a store in this process), refused elsewhere: a networked service deletes under a condition on
   * what was read. An expired row is deleted and handed back absent.
   *
   * <pre>{@code
   * Optional<Row> was = store.getAndDelete("orders", key, ColumnSelection.of("tag"));
   * }</pre>
   *
   * @return the deleted row with {@code columns}, as {@link #computeRow} passes a stored row
   *     (present with no columns if it held none of them); empty if there was none
   * @throws StoreException of kind {@link ErrorKind#UNSUPPORTED} unless {@link #computesRows()}
   */
  default Optional<Row> getAndDelete(String table, PrimaryKey key, ColumnSelection columns) {
    throw unsupported(
        "cannot delete a row and hand it back atomically; read it and delete under a condition");
  }

  /** Reads a row with the selected columns. */
  Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns);

  /**
   * Reads several rows of one table, at most {@link StoreLimits#maxMultiGetRows()} keys; the result
   * holds one entry per key, in the keys' order.
   */
  List<Optional<Row>> multiGet(String table, List<PrimaryKey> keys, ColumnSelection columns);

  /** Deletes a row; deleting a missing row does nothing. */
  void delete(String table, PrimaryKey key);

  /**
   * Deletes the row if {@code condition} holds of the stored row, atomically with the check. A row
   * past its table's time to live is absent to the condition, as to every read.
   *
   * <pre>{@code
   * store.delete("items", key, WriteCondition.columnEquals("version", AttrValue.ofInteger(3)));
   * }</pre>
   *
   * @throws StoreException of kind {@link ErrorKind#CONDITION_FAILED} if it does not hold; nothing
   *     was deleted
   */
  default void delete(String table, PrimaryKey key, WriteCondition condition) {
    WriteOutcome outcome = batchWrite(List.of(WriteOp.delete(table, key, condition))).get(0);
    if (!outcome.succeeded()) {
      throw outcome.failure();
    }
  }

  /**
   * Applies a batch of writes, at most {@link StoreLimits#maxBatchRows()} operations and {@link
   * StoreLimits#maxBatchBytes()} bytes, possibly over several tables. Operations are not atomic
   * together: the result holds one outcome per operation, in order. A batch over the limits fails
   * as a whole with {@link ErrorKind#LIMIT_EXCEEDED} and writes nothing.
   */
  List<WriteOutcome> batchWrite(List<WriteOp> ops);

  /**
   * Reads a key range in primary-key order. The stream is lazy and holds store resources until
   * closed; close it (try-with-resources) when not consuming it to the end.
   */
  Stream<Row> scan(String table, ScanRange range);

  /**
   * Reads a service-maintained secondary index of {@code table} ({@link
   * TableSpec#serviceIndexes()}, created with the table) over a key range of its key ({@link
   * TableSpec#indexKey}: the index columns, then the table's primary-key columns not among them),
   * in that key's order. The rows hold the index key only, no attribute: read the data table's rows
   * by the primary-key columns in it. A local index is exact after every write; a global one may
   * lag the writes by the service's synchronisation delay (rows written just before are missing,
   * rows just changed are still at their old values), so a reader checks each row against the data
   * table.
   *
   * <pre>{@code
   * try (Stream<Row> rows = store.scanIndex("orders", "orders_by_card", ScanRange.all(2))) {
   *   rows.forEach(r -> process(r.key()));
   * }
   * }</pre>
   *
   * @throws StoreException {@link ErrorKind#UNSUPPORTED} on a store without service indexes (HBase,
   *     whose indexes are client-side), {@link ErrorKind#TABLE_NOT_FOUND} without the table, {@link
   *     ErrorKind#INVALID_REQUEST} if the table has no such index
   */
  default Stream<Row> scanIndex(String table, String index, ScanRange range) {
    throw unsupported(
        "maintains no secondary index itself; index "
            + index
            + " of table "
            + table
            + " cannot be read: keep it client-side (IndexMaintenance.CLIENT)");
  }

  /** Load counters per partition, in key order. */
  List<PartitionStats> partitionStats(String table);

  /**
   * The limits this store enforces on tables of the default profile ({@link
   * TableSpec#DEFAULT_PROFILE}); {@link #limits(Profile)} gives those of another profile.
   */
  StoreLimits limits();

  /**
   * The limits this store enforces on tables of {@code profile}, on every call to such a table: the
   * profile's own ({@link StoreLimits#of(Profile)}), or stricter where the store's service is
   * stricter than the profile (a Lindorm table on Tablestore keeps Tablestore's 4 key columns as
   * well as Lindorm's 2 MB per row). By default {@link #limits()}, for stores with one set.
   *
   * <pre>{@code int columns = store.limits(Profile.HBASE).maxPkColumns();}</pre>
   */
  default StoreLimits limits(Profile profile) {
    return limits();
  }

  /**
   * How many scans of this store one reader gains from running at once, as a merge reads its
   * sources' pages ahead ({@link dev.widekey.runtime.merge.MergedScan#withPrefetch}): a networked
   * store, whose scans wait on round trips, gains up to one per source (the default, no bound); a
   * store that reads on the caller's processors, like the embedded one, nothing past their number.
   */
  default int scanParallelism() {
    return Integer.MAX_VALUE;
  }

  @Override
  void close();

  /**
   * The refusal of an operation this store does not offer: {@link ErrorKind#UNSUPPORTED}, not
   * retryable, naming the store's class and what it {@code cannot} do.
   */
  private StoreException unsupported(String cannot) {
    return new StoreException(
        ErrorKind.UNSUPPORTED,
        "this store (" + getClass().getSimpleName() + ") " + cannot,
        false,
        null);
  }
}
