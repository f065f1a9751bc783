package dev.widekey.runtime.store.backend;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The base of a store backend that reaches its service through a client library: HBase/Lindorm and
 * Tablestore today, and the next ones (Lindorm's native API, Bigtable). It holds what every such
 * backend does the same way, so that a backend holds only the mapping to its client's calls and
 * errors:
 *
 * <ul>
 *   <li>the tables the store knows: each table's spec, asked of the service once and kept, and the
 *       partition counters kept on the client ({@link ClientPartitionCounters}); a table the
 *       service reports missing is forgotten;
 *   <li>every call as check, call, count: {@link ServiceChecks} before anything is sent (a call
 *       that fails one sends nothing), then the backend's call, then the counters;
 *   <li>the table errors ({@link TableErrors}), and the mapping of the client's exceptions through
 *       the backend's {@link #mapError}, with the name of the call that failed.
 * </ul>
 *
 * <p>A backend implements the {@code send...} calls and {@link #openScan}. They receive requests
 * that passed the checks, on tables the store knows; they may throw the client's own exceptions and
 * never count.
 *
 * <pre>{@code
 * final class BigtableStore extends ServiceStore {
 *   BigtableStore(BigtableDataClient data) {
 *     super(StoreLimits.DEFAULT);
 *     this.data = data;
 *   }
 *
 *   @Override
 *   protected void sendPut(TableSpec table, Row row) {
 *     data.mutateRow(BigtableMapping.mutation(table, row));
 *   }
 *
 *   @Override
 *   protected StoreException mapError(String what, Exception error) {
 *     return BigtableErrors.map(what, error);
 *   }
 *   // ... and the other calls
 * }
 * }</pre>
 */
public abstract class ServiceStore implements WideTableStore {
  private final Map<Profile, StoreLimits> limits = new EnumMap<>(Profile.class);
  private final KnownTables tables = new KnownTables();

  /**
   * A backend whose service's own limits are {@code serviceLimits}: a table of any profile is
   * checked by the stricter of its profile's limits and these, so that it can be created and used
   * on this service and still keeps its profile's rules.
   */
  protected ServiceStore(StoreLimits serviceLimits) {
    this(serviceLimits, Set.of());
  }

  /**
   * A backend that serves the {@code native} profiles as their own services do (the HBase backend
   * serves HBase and Lindorm): a table of such a profile is checked by that profile's limits
   * exactly, a table of another profile by the stricter of its profile's and {@code serviceLimits}.
   */
  protected ServiceStore(StoreLimits serviceLimits, Set<Profile> nativeProfiles) {
    Objects.requireNonNull(serviceLimits, "serviceLimits");
    for (Profile p : Profile.values()) {
      StoreLimits own = StoreLimits.of(p);
      limits.put(p, nativeProfiles.contains(p) ? own : own.stricter(serviceLimits));
    }
  }

  // ---------------------------------------------------------------- what a backend implements

  /**
   * Creates the table, pre-split at the spec's split points. A table that exists already fails with
   * the client's error for it, which {@link #mapError} maps to {@link ErrorKind#TABLE_EXISTS}.
   */
  protected abstract void sendCreateTable(TableSpec spec) throws Exception;

  /** Waits, after the store created a table, until the service serves it; by default at once. */
  protected void awaitReady(TableSpec spec) {}

  /**
   * Called when {@link #createTable} finds the table there already, with the schema of the spec: a
   * backend checks what the spec does not hold (e.g. the table's options) and waits for the table
   * as after creating it, since an earlier creation may have timed out waiting. By default nothing.
   */
  protected void adoptExisting(TableSpec spec) {}

  /**
   * Called when {@link #createTable} finds the table there already without some of the predefined
   * columns and service indexes its spec declares: the backend creates them, builds the new indexes
   * from the rows the table holds, and returns once a read through them finds those rows. By
   * default the store keeps no service indexes.
   *
   * @throws StoreException of kind {@link ErrorKind#UNSUPPORTED} by default
   */
  protected void addServiceIndexes(TableSpec existing, ServiceIndexAdditions added) {
    throw new StoreException(
        ErrorKind.UNSUPPORTED,
        "table "
            + existing.name()
            + " exists without the service indexes "
            + added.indexes()
            + ", which this store does not create on an existing table");
  }

  /**
   * The backend's own checks of a row, after {@link ServiceChecks#row}, for the rules of its client
   * that are not {@link StoreLimits} (e.g. HBase's {@code hbase.client.keyvalue.maxsize}); throws
   * {@link StoreException}. By default none.
   */
  protected void checkRow(TableSpec spec, Row row) {}

  /**
   * The table's spec as the service describes it: empty, or the client's error that maps to {@link
   * ErrorKind#TABLE_NOT_FOUND}, if there is no such table.
   */
  protected abstract Optional<TableSpec> sendDescribeTable(String table) throws Exception;

  /** Drops the table; a missing table is not an error. */
  protected abstract void sendDeleteTable(String table) throws Exception;

  /** The names of the service's tables that start with {@code prefix}, in any order. */
  protected abstract List<String> sendListTables(String prefix) throws Exception;

  protected abstract void sendPut(TableSpec table, Row row) throws Exception;

  /**
   * Writes the row if {@code condition} (never {@link WriteCondition#none()}) holds of the stored
   * row, atomically with the check; a condition that does not hold throws the client's error for
   * it, which {@link #mapError} maps to {@link ErrorKind#CONDITION_FAILED}, or that StoreException.
   * By default the put is sent as a batch of one through {@link #sendBatch}.
   */
  protected void sendPut(TableSpec table, Row row, WriteCondition condition) throws Exception {
    CheckedBatch batch = new CheckedBatch(List.of(WriteOp.put(table.name(), row, condition)));
    batch.accept(0, table);
    sendBatch(batch);
    WriteOutcome outcome = batch.outcomes().get(0);
    if (!outcome.succeeded()) {
      throw outcome.failure();
    }
  }

  protected abstract Optional<Row> sendGet(TableSpec table, PrimaryKey key, ColumnSelection columns)
      throws Exception;

  /** One entry per key, in the keys' order; keys may repeat. Never called without keys. */
  protected abstract List<Optional<Row>> sendMultiGet(
      TableSpec table, List<PrimaryKey> keys, ColumnSelection columns) throws Exception;

  protected abstract void sendDelete(TableSpec table, PrimaryKey key) throws Exception;

  /**
   * Deletes the row if {@code condition} (never {@link WriteCondition#none()}) holds of the stored
   * row, atomically with the check; a condition that does not hold throws the client's error for
   * it, which {@link #mapError} maps to {@link ErrorKind#CONDITION_FAILED}, or that StoreException.
   * By default the delete is sent as a batch of one through {@link #sendBatch}.
   */
  protected void sendDelete(TableSpec table, PrimaryKey key, WriteCondition condition)
      throws Exception {
    CheckedBatch batch = new CheckedBatch(List.of(WriteOp.delete(table.name(), key, condition)));
    batch.accept(0, table);
    sendBatch(batch);
    WriteOutcome outcome = batch.outcomes().get(0);
    if (!outcome.succeeded()) {
      throw outcome.failure();
    }
  }

  /**
   * Sends the checked writes of a batch (at least one) and records each one's outcome in {@code
   * batch}; a call that fails as a whole fails its writes with {@link #serviceError}. A write left
   * without an outcome fails as unanswered.
   */
  protected abstract void sendBatch(CheckedBatch batch);

  /** Opens a scan of a range that is not empty; rows are fetched as the cursor is read. */
  protected abstract RowCursor openScan(TableSpec table, ScanRange range) throws Exception;

  /**
   * The bytes the service stores per partition of the table's split points, for {@link
   * #partitionStats}; by default unknown, {@code -1} each.
   */
  protected long[] storedBytes(TableSpec table) {
    long[] unknown = new long[table.splitPoints().size() + 1];
    Arrays.fill(unknown, -1);
    return unknown;
  }

  /**
   * Maps an exception of the client to a typed error. {@code what} names the call, e.g. "writing to
   * table orders". A {@link StoreException} thrown by the backend itself is not passed here.
   */
  protected abstract StoreException mapError(String what, Exception error);

  /** The table as error messages name it, e.g. with its namespace; by default its name. */
  protected String displayName(String table) {
    return table;
  }

  // ---------------------------------------------------------------- what a backend may use

  /**
   * A failure of a call on {@code table}, mapped; if the table is missing, the store forgets it, as
   * its kept spec may be stale.
   */
  protected final StoreException serviceError(String what, String table, Exception error) {
    StoreException mapped = mapped(what, error);
    if (mapped.kind() == ErrorKind.TABLE_NOT_FOUND) {
      tables.forget(table);
    }
    return mapped;
  }

  /** The table's spec, known or asked of the service; {@link ErrorKind#TABLE_NOT_FOUND} if none. */
  protected final TableSpec spec(String table) {
    return known(table).spec();
  }

  /** The tables whose spec the store keeps. */
  protected final Set<String> knownTables() {
    return tables.names();
  }

  private StoreException mapped(String what, Exception error) {
    return error instanceof StoreException s ? s : mapError(what, error);
  }

  private KnownTables.Table known(String table) {
    return tables
        .lookup(table, this::describe)
        .orElseThrow(() -> TableErrors.notFound(displayName(table)));
  }

  private Optional<TableSpec> describe(String table) {
    try {
      return sendDescribeTable(table);
    } catch (Exception e) {
      StoreException mapped = mapped("describing table " + table, e);
      if (mapped.kind() == ErrorKind.TABLE_NOT_FOUND) {
        return Optional.empty();
      }
      throw mapped;
    }
  }

  // ---------------------------------------------------------------- tables

  @Override
  public final void createTable(TableSpec spec) {
    ServiceChecks.tableSpec(spec, limits(spec.profile()));
    Optional<TableSpec> existing = describeTable(spec.name());
    if (existing.isPresent()) {
      adopt(spec, existing.get());
      return;
    }
    try {
      sendCreateTable(spec);
    } catch (Exception e) {
      StoreException mapped = mapped("creating table " + spec.name(), e);
      if (mapped.kind() != ErrorKind.TABLE_EXISTS) {
        throw mapped;
      }
      // created concurrently by someone else: fine if it has our schema
      tables.forget(spec.name());
      adopt(spec, describeTable(spec.name()).orElseThrow(() -> mapped));
      return;
    }
    tables.remember(spec);
    awaitReady(spec);
  }

  /**
   * Takes a table that exists already for {@code spec}: the same primary key, the service's split
   * points, and the spec's profile and time to live, which the backend checks against the service
   * ({@link #adoptExisting}). The store keeps the spec's profile, which services do not record.
   */
  private void adopt(TableSpec spec, TableSpec described) {
    TableErrors.requireSamePrimaryKey(spec, described);
    TableErrors.requireSameTimeToLive(spec, described);
    TableSpec existing = described;
    ServiceIndexAdditions added = ServiceIndexAdditions.of(spec, described);
    if (!added.isEmpty()) {
      addServiceIndexes(described, added);
      existing = added.merged();
    }
    TableSpec adopted = existing.withProfile(spec.profile()).withTtlSeconds(spec.ttlSeconds());
    adoptExisting(adopted);
    if (!adopted.equals(described)) {
      tables.forget(spec.name());
      tables.remember(adopted);
    }
  }

  @Override
  public final Optional<TableSpec> describeTable(String table) {
    return tables.lookup(table, this::describe).map(KnownTables.Table::spec);
  }

  @Override
  public final List<String> listTables(String prefix) {
    Objects.requireNonNull(prefix, "prefix");
    try {
      return sendListTables(prefix).stream()
          .filter(n -> n.startsWith(prefix))
          .sorted()
          .distinct()
          .toList();
    } catch (Exception e) {
      throw mapped("listing tables starting with " + prefix, e);
    }
  }

  @Override
  public final void deleteTable(String table) {
    tables.forget(table);
    try {
      sendDeleteTable(table);
    } catch (Exception e) {
      StoreException mapped = mapped("deleting table " + table, e);
      if (mapped.kind() != ErrorKind.TABLE_NOT_FOUND) {
        throw mapped; // else dropped already, or concurrently: the outcome is the same
      }
    } finally {
      tables.forget(table);
    }
  }

  // ---------------------------------------------------------------- single rows

  @Override
  public final void put(String table, Row row) {
    KnownTables.Table known = known(table);
    ServiceChecks.row(known.spec(), row, limitsOf(known.spec()));
    checkRow(known.spec(), row);
    try {
      sendPut(known.spec(), row);
    } catch (Exception e) {
      throw serviceError("writing to table " + table, table, e);
    }
    known.counters().wrote(row.key().get(0), row.sizeInBytes());
  }

  /**
   * {@inheritDoc}
   *
   * <p>Checked as {@link #put(String, Row)}, and the condition with {@link
   * ServiceChecks#condition}; sent with {@link #sendPut(TableSpec, Row, WriteCondition)}.
   */
  @Override
  public void put(String table, Row row, WriteCondition condition) {
    if (condition.isNone()) {
      put(table, row);
      return;
    }
    KnownTables.Table known = known(table);
    StoreLimits tableLimits = limitsOf(known.spec());
    ServiceChecks.row(known.spec(), row, tableLimits);
    ServiceChecks.condition(known.spec(), condition, tableLimits);
    checkRow(known.spec(), row);
    try {
      sendPut(known.spec(), row, condition);
    } catch (Exception e) {
      StoreException mapped = serviceError("writing to table " + table, table, e);
      if (mapped.kind() == ErrorKind.CONDITION_FAILED && !(e instanceof StoreException)) {
        // worded as on every store, the client's error kept as the cause
        mapped = ConditionErrors.failed(displayName(table), row.key(), condition, mapped);
      }
      throw mapped;
    }
    known.counters().wrote(row.key().get(0), row.sizeInBytes());
  }

  @Override
  public final Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
    KnownTables.Table known = known(table);
    StoreLimits tableLimits = limitsOf(known.spec());
    ServiceChecks.key(known.spec(), key, tableLimits);
    ServiceChecks.columns(known.spec(), columns, tableLimits);
    Optional<Row> row;
    try {
      row = sendGet(known.spec(), key, columns);
    } catch (Exception e) {
      throw serviceError("reading from table " + table, table, e);
    }
    row.ifPresent(r -> known.counters().read(key.get(0)));
    return row;
  }

  @Override
  public final List<Optional<Row>> multiGet(
      String table, List<PrimaryKey> keys, ColumnSelection columns) {
    KnownTables.Table known = known(table);
    StoreLimits tableLimits = limitsOf(known.spec());
    ServiceChecks.multiGetSize(keys.size(), tableLimits);
    ServiceChecks.columns(known.spec(), columns, tableLimits);
    for (PrimaryKey key : keys) {
      ServiceChecks.key(known.spec(), key, tableLimits);
    }
    if (keys.isEmpty()) {
      return List.of();
    }
    List<Optional<Row>> rows;
    try {
      rows = sendMultiGet(known.spec(), keys, columns);
    } catch (Exception e) {
      throw serviceError("reading from table " + table, table, e);
    }
    // a read per row returned, as the embedded store counts: a key asked twice reads twice
    for (Optional<Row> row : rows) {
      row.ifPresent(r -> known.counters().read(r.key().get(0)));
    }
    return rows;
  }

  @Override
  public final void delete(String table, PrimaryKey key) {
    KnownTables.Table known = known(table);
    ServiceChecks.key(known.spec(), key, limitsOf(known.spec()));
    try {
      sendDelete(known.spec(), key);
    } catch (Exception e) {
      throw serviceError("deleting from table " + table, table, e);
    }
    known.counters().wrote(key.get(0), WriteOp.delete(table, key).sizeInBytes());
  }

  /**
   * {@inheritDoc}
   *
   * <p>Checked as {@link #delete(String, PrimaryKey)}, and the condition with {@link
   * ServiceChecks#condition}; sent with {@link #sendDelete(TableSpec, PrimaryKey, WriteCondition)}.
   */
  @Override
  public void delete(String table, PrimaryKey key, WriteCondition condition) {
    if (condition.isNone()) {
      delete(table, key);
      return;
    }
    KnownTables.Table known = known(table);
    StoreLimits tableLimits = limitsOf(known.spec());
    ServiceChecks.key(known.spec(), key, tableLimits);
    ServiceChecks.condition(known.spec(), condition, tableLimits);
    try {
      sendDelete(known.spec(), key, condition);
    } catch (Exception e) {
      StoreException mapped = serviceError("deleting from table " + table, table, e);
      if (mapped.kind() == ErrorKind.CONDITION_FAILED && !(e instanceof StoreException)) {
        // worded as on every store, the client's error kept as the cause
        mapped = ConditionErrors.failed(displayName(table), key, condition, mapped);
      }
      throw mapped;
    }
    known.counters().wrote(key.get(0), WriteOp.delete(table, key).sizeInBytes());
  }

  // ---------------------------------------------------------------- batches

  /**
   * {@inheritDoc}
   *
   * <p>As the embedded store, each operation is checked on its own: one that fails a check (a
   * missing table, a key of the wrong schema, a value over a limit) gets a failed outcome and is
   * not sent; the backend sends the others.
   */
  @Override
  public final List<WriteOutcome> batchWrite(List<WriteOp> ops) {
    Map<String, Optional<KnownTables.Table>> batchTables = new HashMap<>();
    // the batch as a whole within the stricter limits of the tables it writes
    StoreLimits batchLimits = null;
    for (WriteOp op : ops) {
      if (op == null) {
        continue; // refused by the size check below
      }
      Optional<KnownTables.Table> t;
      try {
        t = batchTables.computeIfAbsent(op.table(), n -> tables.lookup(n, this::describe));
      } catch (StoreException e) {
        continue; // the operation is refused with this error below
      }
      if (t.isPresent()) {
        StoreLimits l = limitsOf(t.get().spec());
        batchLimits = batchLimits == null ? l : batchLimits.stricter(l);
      }
    }
    ServiceChecks.batchSize(ops, batchLimits == null ? limits() : batchLimits);
    CheckedBatch batch = new CheckedBatch(ops);
    for (int i = 0; i < ops.size(); i++) {
      WriteOp op = ops.get(i);
      try {
        TableSpec spec =
            batchTables
                .computeIfAbsent(op.table(), t -> tables.lookup(t, this::describe))
                .orElseThrow(() -> TableErrors.notFound(displayName(op.table())))
                .spec();
        StoreLimits tableLimits = limitsOf(spec);
        if (op instanceof WriteOp.Put p) {
          ServiceChecks.row(spec, p.row(), tableLimits);
          ServiceChecks.condition(spec, p.condition(), tableLimits);
          checkRow(spec, p.row());
        } else {
          ServiceChecks.key(spec, op.key(), tableLimits);
          ServiceChecks.condition(spec, op.condition(), tableLimits);
        }
        batch.accept(i, spec);
      } catch (StoreException e) {
        batch.refuse(i, e);
      }
    }
    if (!batch.writes().isEmpty()) {
      sendBatch(batch);
    }
    List<WriteOutcome> outcomes = batch.outcomes();
    for (WriteOutcome outcome : outcomes) {
      KnownTables.Table known = tables.get(outcome.op().table());
      if (outcome.succeeded() && known != null) {
        known.counters().wrote(outcome.op().key().get(0), outcome.op().sizeInBytes());
      }
    }
    return outcomes;
  }

  // ---------------------------------------------------------------- scans

  /**
   * {@inheritDoc}
   *
   * <p>The range is checked when this is called; rows are fetched from the service as the stream is
   * consumed, and counted as read when they are returned.
   */
  @Override
  public final Stream<Row> scan(String table, ScanRange range) {
    KnownTables.Table known = known(table);
    StoreLimits tableLimits = limitsOf(known.spec());
    ServiceChecks.bound(known.spec(), range.start(), tableLimits);
    ServiceChecks.bound(known.spec(), range.end(), tableLimits);
    ServiceChecks.columns(known.spec(), range.columns(), tableLimits);
    if (range.limit() == 0 || range.start().compareTo(range.end()) >= 0) {
      return Stream.empty(); // as the embedded store: an empty range, not an error
    }
    String what = "scanning table " + table;
    RowCursor cursor;
    try {
      cursor = openScan(known.spec(), range);
    } catch (Exception e) {
      throw serviceError(what, table, e);
    }
    Iterator<Row> rows = new ScanRows(cursor, known.counters(), e -> serviceError(what, table, e));
    Stream<Row> stream =
        StreamSupport.stream(
                Spliterators.spliteratorUnknownSize(
                    rows, Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.DISTINCT),
                false)
            .onClose(cursor::close);
    return range.limit() < Long.MAX_VALUE ? stream.limit(range.limit()) : stream;
  }

  // ---------------------------------------------------------------- stats, limits

  /**
   * {@inheritDoc}
   *
   * <p>Partitions are those of the table's split points. {@code writeRows}, {@code writtenBytes}
   * and {@code readRows} count this store instance's calls since it opened, on the client; {@code
   * storedBytes} is what the service reports ({@link #storedBytes}), and {@code rows} is {@code -1}
   * (unknown): the services keep no row count per partition.
   */
  @Override
  public final List<PartitionStats> partitionStats(String table) {
    KnownTables.Table known = known(table);
    return known.counters().snapshot(storedBytes(known.spec()));
  }

  /**
   * {@inheritDoc}
   *
   * <p>The limits of the default profile's tables on this service.
   */
  @Override
  public final StoreLimits limits() {
    return limits(TableSpec.DEFAULT_PROFILE);
  }

  /**
   * {@inheritDoc}
   *
   * <p>A profile this backend serves natively keeps its own limits; another profile's tables are
   * checked by the stricter of the profile's limits and the service's.
   */
  @Override
  public final StoreLimits limits(Profile profile) {
    return limits.get(Objects.requireNonNull(profile, "profile"));
  }

  /** The limits a table is checked by: those of its profile on this service. */
  protected final StoreLimits limitsOf(TableSpec spec) {
    return limits(spec.profile());
  }
}
