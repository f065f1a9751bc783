package dev.widekey.runtime.store.embedded;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.backend.ConditionErrors;
import dev.widekey.runtime.store.backend.ServiceChecks;
import dev.widekey.runtime.store.backend.ServiceIndexAdditions;
import dev.widekey.runtime.store.backend.TableErrors;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.h2.mvstore.Cursor;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.RootReference;

/**
 * The embedded wide-table store: a real local engine on H2's MVStore, in memory or in a directory,
 * that sorts, partitions and limits rows the way Tablestore and Lindorm do, so that what passes
 * locally passes against the service.
 *
 * <ul>
 *   <li>Rows are kept in one MVStore B-tree per table, keyed by {@link OrderedKeyBytes} in unsigned
 *       byte order: column by column, INTEGER numerically, STRING by UTF-8 bytes, BINARY unsigned.
 *   <li>Tables are range-partitioned at their spec's split points; each partition counts rows and
 *       bytes stored, row writes, written bytes and rows read ({@link #partitionStats}).
 *   <li>Every call is checked against {@link StoreLimits} before anything is written.
 *   <li>With a directory, tables, rows and the stored row and byte totals survive a close and
 *       reopen; MVStore commits in the background about once a second, so a crash loses at most the
 *       last second of writes. The totals are recounted from the rows after a crash.
 *   <li>With a directory, the file grows to five to eight times its data while an import under
 *       random keys runs, and a close compacts it to about twice (figures in {@code
 *       docs/performance.md}).
 * </ul>
 *
 * <p>Safe for any number of concurrent readers and writers. A scan reads in pages of a few hundred
 * rows, as Tablestore's GetRange does, so it sees rows written while it runs in later pages and
 * holds nothing between pages. A read with a column selection returns no row for a key whose row
 * holds none of the selected columns, as an HBase Get does.
 *
 * <pre>{@code
 * try (EmbeddedStore store = EmbeddedStore.open(Path.of("data"))) {
 *   store.createTable(new TableSpec("items", List.of(new PkColumn("pk", PkType.STRING))));
 *   PrimaryKey key = PrimaryKey.of(PkValue.ofString("a100"));
 *   store.put("items", Row.of(key, Map.of("quantity", AttrValue.ofInteger(3))));
 *   Optional<Row> row = store.get("items", key, ColumnSelection.all());
 * }
 * }</pre>
 */
public final class EmbeddedStore implements WideTableStore {
  /** The MVStore file inside a store directory. */
  public static final String DATA_FILE = "widekey.mv.db";

  /**
   * Rows per scan page at most, so that a page of decoded rows stays small in memory (Tablestore's
   * GetRange returns up to 5,000 rows and 4 MB, Lindorm's read 2,000 rows and 16 MB); a table pages
   * by fewer where its profile's read returns fewer ({@code Table.pageRows}).
   */
  static final int PAGE_ROWS = 500;

  /**
   * Bytes per scan page at most, so that a page of 2 MB attributes stays small; fewer where the
   * table's profile reads fewer ({@code Table.pageBytes}).
   */
  static final long PAGE_BYTES = 4L * 1024 * 1024;

  /** The limits of every table, or {@code null} for the limits of each table's profile. */
  private final StoreLimits override;

  private final Clock clock;

  /** How long after a write a global service index receives it ({@link Builder#globalIndexLag}). */
  private final Duration globalIndexLag;

  /** Purges expired rows in the background; started with the first table whose rows expire. */
  private final TtlSweeper sweeper;

  private final Path directory;
  private final MVStore mv;
  private final Catalog catalog;
  private final ConcurrentHashMap<String, Table> tables = new ConcurrentHashMap<>();

  /** The lock, the open check and engine-error translation every call passes through. */
  private final StoreGate gate = new StoreGate();

  private EmbeddedStore(
      StoreLimits override,
      Clock clock,
      Duration sweepInterval,
      Duration globalIndexLag,
      Path directory) {
    this.override = override;
    this.globalIndexLag = globalIndexLag;
    this.clock = clock;
    this.sweeper = new TtlSweeper(sweepInterval, this::purgeExpired);
    this.directory = directory;
    this.mv = Engine.open(directory, DATA_FILE);
    try {
      this.catalog = Catalog.open(mv);
      load();
    } catch (RuntimeException e) {
      mv.closeImmediately();
      throw e instanceof StoreException se ? se : StoreGate.internal(e);
    }
  }

  /** A store that keeps everything in memory, with the default limits. */
  public static EmbeddedStore inMemory() {
    return builder().build();
  }

  /**
   * A store kept in {@code directory} (created if missing), with the default limits. Only one store
   * instance may have a directory open at a time.
   *
   * @throws StoreException {@link ErrorKind#UNAVAILABLE} if the directory is in use or unreadable
   */
  public static EmbeddedStore open(Path directory) {
    return builder().directory(directory).build();
  }

  /**
   * A builder for a store with other limits or a directory.
   *
   * <pre>{@code
   * EmbeddedStore store = EmbeddedStore.builder()
   *     .limits(new StoreLimits(1024, 2 << 20, 100, 4L << 20, 100, 4, false))
   *     .directory(Path.of("data"))
   *     .build();
   * }</pre>
   */
  public static Builder builder() {
    return new Builder();
  }

  /** The directory the store is kept in, or empty for an in-memory store. */
  public Optional<Path> directory() {
    return Optional.ofNullable(directory);
  }

  /**
   * {@inheritDoc}
   *
   * <p>The limits the store was built with, or else those of the default profile.
   */
  @Override
  public StoreLimits limits() {
    return limits(TableSpec.DEFAULT_PROFILE);
  }

  /**
   * {@inheritDoc}
   *
   * <p>The embedded store holds tables of every profile and checks each table by its own profile's
   * limits ({@link StoreLimits#of(Profile)}), unless it was built with limits of its own, which
   * then apply to every table.
   */
  @Override
  public StoreLimits limits(Profile profile) {
    return override != null ? override : StoreLimits.of(Objects.requireNonNull(profile));
  }

  /** The processors: a scan reads and decodes on the thread that runs it. */
  @Override
  public int scanParallelism() {
    return Runtime.getRuntime().availableProcessors();
  }

  // ---------------------------------------------------------------------------------- tables

  @Override
  public void createTable(TableSpec spec) {
    Objects.requireNonNull(spec, "spec");
    StoreLimits limits = limits(spec.profile());
    RequestEncoder.checkSpec(spec, limits);
    if (!spec.serviceIndexes().isEmpty() && spec.profile() != Profile.TABLESTORE) {
      throw new StoreException(
          ErrorKind.UNSUPPORTED,
          "table "
              + spec.name()
              + " of profile "
              + spec.profile()
              + " declares service indexes "
              + spec.serviceIndexes()
              + "; only Tablestore maintains secondary indexes itself, HBase and Lindorm keep"
              + " them client-side (IndexMaintenance.CLIENT)");
    }
    gate.exclusive(() -> create(spec, limits));
  }

  private void create(TableSpec spec, StoreLimits limits) {
    Table existing = tables.get(spec.name());
    if (existing != null) {
      TableErrors.requireSamePrimaryKey(spec, existing.spec);
      TableErrors.requireSameTimeToLive(spec, existing.spec);
      ServiceIndexAdditions added = ServiceIndexAdditions.of(spec, existing.spec);
      if (!added.isEmpty()) {
        // an index declared after the table's rows were written: built from them, as the
        // service's CreateIndex with IncludeBaseData builds it
        existing.spec = added.merged();
        withServiceIndexes(existing);
        catalog.saveTable(existing.spec, existing.mapName);
      }
      return;
    }
    String mapName = catalog.newRowMapName();
    Table table = new Table(spec, limits, mapName, openRows(mapName));
    withServiceIndexes(table);
    catalog.saveTable(spec, mapName);
    tables.put(spec.name(), table);
    sweeper.startFor(table);
  }

  @Override
  public Optional<TableSpec> describeTable(String table) {
    Objects.requireNonNull(table, "table");
    gate.requireOpen();
    Table t = tables.get(table);
    return t == null ? Optional.empty() : Optional.of(t.spec);
  }

  @Override
  public List<String> listTables(String prefix) {
    Objects.requireNonNull(prefix, "prefix");
    gate.requireOpen();
    return tables.keySet().stream().filter(n -> n.startsWith(prefix)).sorted().toList();
  }

  @Override
  public void deleteTable(String table) {
    Objects.requireNonNull(table, "table");
    gate.exclusive(
        () -> {
          Table t = tables.remove(table);
          if (t != null) {
            t.dropped = true;
            catalog.removeTable(table);
            mv.removeMap(t.rows);
          }
        });
  }

  // ---------------------------------------------------------------------------------- writes

  @Override
  public void put(String table, Row row) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(row, "row");
    gate.shared(() -> applyPut(table(table), row));
  }

  /**
   * {@inheritDoc}
   *
   * <p>A compare-and-set on the row's B-tree entry: the condition is evaluated on the entry the
   * write replaces, inside the engine's atomic update of that entry, so of two concurrent inserts
   * of one key exactly one succeeds, and no write of another caller lands between check and write.
   */
  @Override
  public void put(String table, Row row, WriteCondition condition) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(row, "row");
    Objects.requireNonNull(condition, "condition");
    gate.shared(
        () -> {
          if (!applyPut(table(table), row, condition)) {
            throw ConditionErrors.failed(table, row.key(), condition);
          }
        });
  }

  /** In this process a row's read and write are one update of its B-tree entry. */
  @Override
  public boolean computesRows() {
    return true;
  }

  /**
   * {@inheritDoc}
   *
   * <p>One atomic update of the row's B-tree entry, as a conditional put's: the computation runs on
   * the entry the write replaces, and again if another writer changed the map meanwhile.
   */
  @Override
  public Optional<Row> computeRow(
      String table, PrimaryKey key, ColumnSelection columns, Function<Optional<Row>, Row> compute) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(columns, "columns");
    Objects.requireNonNull(compute, "compute");
    return gate.shared(() -> applyCompute(table(table), key, columns, compute));
  }

  private Optional<Row> applyCompute(
      Table t, PrimaryKey key, ColumnSelection columns, Function<Optional<Row>, Row> compute) {
    long now = now();
    byte[] encoded = RequestEncoder.rowKey(t.spec, key, t.limits);
    ServiceChecks.columns(t.spec, columns, t.limits);
    ComputedWrite write = new ComputedWrite(t, key, columns, compute, now);
    byte[] old;
    ServiceIndexTables indexes = t.serviceIndexes;
    if (indexes != null) {
      synchronized (indexes) { // as applyPut: the row and its index change together
        old = t.rows.operate(encoded, NOT_APPLIED, write);
        write.rethrow();
        if (write.row != null) {
          indexes.changed(indexedRow(t, key, old, now), write.row, now);
        }
      }
    } else {
      old = t.rows.operate(encoded, NOT_APPLIED, write);
      write.rethrow();
    }
    if (write.row != null) {
      t.partitions[t.partitionOf(encoded)].put(
          write.row.sizeInBytes(),
          old == null ? -1 : key.sizeInBytes() + RowCodec.logicalSize(t.attributes(old)));
    }
    return write.read;
  }

  /**
   * The decision of {@link #computeRow}, run by MVStore on the entry it is about to replace (again,
   * after {@link #reset}, if another writer changed the map meanwhile): the computed row, checked
   * and encoded, or nothing. A failure (the computation's, or the computed row's checks) aborts the
   * update and is thrown once the engine is out of it.
   */
  private static final class ComputedWrite extends MVMap.DecisionMaker<Object> {
    private final Table table;
    private final PrimaryKey key;
    private final ColumnSelection columns;
    private final Function<Optional<Row>, Row> compute;
    private final long now;
    Optional<Row> read;
    Row row;
    private byte[] value;
    private RuntimeException failure;

    ComputedWrite(
        Table table,
        PrimaryKey key,
        ColumnSelection columns,
        Function<Optional<Row>, Row> compute,
        long now) {
      this.table = table;
      this.key = key;
      this.columns = columns;
      this.compute = compute;
      this.now = now;
    }

    @Override
    public MVMap.Decision decide(Object existing, Object provided) {
      reset();
      try {
        read = Optional.ofNullable(stored((byte[]) existing));
        Row computed = compute.apply(read);
        if (computed == null) {
          return MVMap.Decision.ABORT;
        }
        if (!computed.key().equals(key)) {
          throw new IllegalArgumentException(
              "a row computed for key " + key + " has another key: " + computed.key());
        }
        value = table.stored(RequestEncoder.attributes(table.spec, computed, table.limits), now);
        row = computed;
        return MVMap.Decision.PUT;
      } catch (RuntimeException e) {
        failure = e;
        return MVMap.Decision.ABORT;
      }
    }

    private Row stored(byte[] existing) {
      return passed(table, key, existing, columns, now);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T selectValue(T existing, T provided) {
      return (T) value; // the map's values are byte arrays
    }

    @Override
    public void reset() {
      read = null;
      row = null;
      value = null;
      failure = null;
    }

    void rethrow() {
      if (failure != null) {
        throw failure;
      }
    }
  }

  /**
   * The stored row {@code existing} as a computation is handed it: with {@code columns}, present
   * with none if it holds none of them; null if absent or expired at {@code now}.
   */
  private static Row passed(
      Table t, PrimaryKey key, byte[] existing, ColumnSelection columns, long now) {
    if (existing == null || t.expired(existing, now)) {
      return null;
    }
    Row.Builder selected = RowCodec.decode(t.attributes(existing), columns, t.columnNames);
    return selected == null ? Row.of(key, Map.of()) : selected.build(key);
  }

  @Override
  public void delete(String table, PrimaryKey key) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(key, "key");
    gate.shared(() -> applyDelete(table(table), key));
  }

  /**
   * {@inheritDoc}
   *
   * <p>One removal of the row's B-tree entry, as a delete's, handing back the entry it removed.
   */
  @Override
  public Optional<Row> getAndDelete(String table, PrimaryKey key, ColumnSelection columns) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(columns, "columns");
    return gate.shared(
        () -> {
          Table t = table(table);
          ServiceChecks.columns(t.spec, columns, t.limits);
          long now = now();
          byte[] old = removeRow(t, key, WriteCondition.none(), now);
          return Optional.ofNullable(passed(t, key, old, columns, now));
        });
  }

  /**
   * {@inheritDoc}
   *
   * <p>A compare-and-remove on the row's B-tree entry, as the conditional put: the condition is
   * evaluated on the entry the delete removes, inside the engine's atomic update of that entry.
   */
  @Override
  public void delete(String table, PrimaryKey key, WriteCondition condition) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(condition, "condition");
    gate.shared(
        () -> {
          if (!applyDelete(table(table), key, condition)) {
            throw ConditionErrors.failed(table, key, condition);
          }
        });
  }

  /**
   * {@inheritDoc}
   *
   * <p>As Tablestore's BatchWriteRow, each operation is checked and applied on its own: one that
   * fails (a missing table, a key of the wrong schema, a value over a limit) gets a failed outcome
   * and the others are still applied, in order. Operations on the same key apply in order. A put or
   * delete whose {@link WriteCondition} does not hold fails alone with {@link
   * ErrorKind#CONDITION_FAILED} and writes nothing; each condition is checked atomically with its
   * own write.
   */
  @Override
  public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
    Objects.requireNonNull(ops, "ops");
    ServiceChecks.batchSize(ops, batchLimits(ops));
    List<WriteOutcome> outcomes = new ArrayList<>(ops.size());
    gate.shared(
        () -> {
          for (WriteOp op : ops) {
            try {
              Table t = table(op.table());
              if (op instanceof WriteOp.Put put) {
                if (!applyPut(t, put.row(), put.condition())) {
                  throw ConditionErrors.failed(op.table(), op.key(), put.condition());
                }
              } else if (!applyDelete(t, op.key(), op.condition())) {
                throw ConditionErrors.failed(op.table(), op.key(), op.condition());
              }
              outcomes.add(WriteOutcome.applied(op));
            } catch (StoreException e) {
              outcomes.add(WriteOutcome.failed(op, e));
            }
          }
        });
    return outcomes;
  }

  /**
   * The limits a batch is checked by as a whole: the stricter of those of the tables it writes, so
   * that it passes every service its tables belong to.
   */
  private StoreLimits batchLimits(List<WriteOp> ops) {
    StoreLimits batch = null;
    for (WriteOp op : ops) {
      Table t = op == null ? null : tables.get(op.table());
      if (t != null && (batch == null || !batch.equals(t.limits))) {
        batch = batch == null ? t.limits : batch.stricter(t.limits);
      }
    }
    return batch == null ? limits() : batch;
  }

  private void applyPut(Table t, Row row) {
    applyPut(t, row, WriteCondition.none());
  }

  /**
   * Writes the row if the condition holds of the stored one; returns whether it did. Every check of
   * the request runs first, so a refused request, like a failed condition, writes nothing.
   */
  private boolean applyPut(Table t, Row row, WriteCondition condition) {
    long now = now();
    byte[] key = RequestEncoder.rowKey(t.spec, row.key(), t.limits);
    byte[] value = t.stored(RequestEncoder.attributes(t.spec, row, t.limits), now);
    ServiceChecks.condition(t.spec, condition, t.limits);
    long keySize = row.key().sizeInBytes();
    long size = row.sizeInBytes();
    byte[] old;
    ServiceIndexTables indexes = t.serviceIndexes;
    if (indexes != null) {
      // the row write and its index change under one monitor: a local index is exact after every
      // write, and the changes of one key reach a global index in the order of the writes
      synchronized (indexes) {
        old = writeRow(t, row.key(), key, value, condition, now, MVMap.Decision.PUT);
        if (old == NOT_APPLIED) {
          return false;
        }
        indexes.changed(indexedRow(t, row.key(), old, now), row, now);
      }
    } else {
      old = writeRow(t, row.key(), key, value, condition, now, MVMap.Decision.PUT);
      if (old == NOT_APPLIED) {
        return false;
      }
    }
    t.partitions[t.partitionOf(key)].put(
        size, old == null ? -1 : keySize + RowCodec.logicalSize(t.attributes(old)));
    return true;
  }

  /**
   * The compare step of a conditional put or delete, run by MVStore on the entry it is about to
   * replace or remove. The engine calls {@link #decide} again (after {@link #reset}) if another
   * writer changed the map meanwhile, so the decision that stands is the one taken on the value
   * actually replaced.
   */
  private static final class ConditionalWrite extends MVMap.DecisionMaker<byte[]> {
    private final Table table;
    private final PrimaryKey key;
    private final WriteCondition condition;
    private final long now;
    private final MVMap.Decision write;
    private final ColumnSelection reads;
    boolean applied;

    /** {@code write} is what the entry gets when the condition holds: PUT or REMOVE. */
    ConditionalWrite(
        Table table, PrimaryKey key, WriteCondition condition, long now, MVMap.Decision write) {
      this.table = table;
      this.key = key;
      this.condition = condition;
      this.now = now;
      this.write = write;
      // a column condition reads one column: decoding only it keeps a check of a wide row cheap;
      // the existence conditions read no column at all
      this.reads =
          condition instanceof WriteCondition.ColumnEquals c
              ? ColumnSelection.of(c.column())
              : condition instanceof WriteCondition.ColumnAbsent a
                  ? ColumnSelection.of(a.column())
                  : null;
    }

    @Override
    public MVMap.Decision decide(byte[] existing, byte[] provided) {
      applied = condition.holdsFor(stored(existing));
      return applied ? write : MVMap.Decision.ABORT;
    }

    /**
     * The stored row with the columns the condition reads, or null if none is stored: an expired
     * row is absent to a condition as to every read.
     */
    private Row stored(byte[] existing) {
      if (existing == null || table.expired(existing, now)) {
        return null;
      }
      Row.Builder columns =
          reads == null ? null : RowCodec.decode(table.attributes(existing), reads);
      return columns == null ? Row.of(key, Map.of()) : columns.build(key);
    }

    @Override
    public void reset() {
      applied = false;
    }
  }

  /** What {@link #writeRow} returns for a conditional write whose condition failed. */
  private static final byte[] NOT_APPLIED = new byte[0];

  /**
   * Puts ({@code value} non-null) or removes the row at {@code key}, under {@code condition};
   * returns the replaced stored row (null: none), or {@link #NOT_APPLIED}.
   */
  private static byte[] writeRow(
      Table t,
      PrimaryKey primaryKey,
      byte[] key,
      byte[] value,
      WriteCondition condition,
      long now,
      MVMap.Decision write) {
    if (condition.isNone()) {
      // put and remove return the replaced value atomically, so concurrent writers keep the
      // totals exact
      return value == null ? t.rows.remove(key) : t.rows.put(key, value);
    }
    ConditionalWrite cas = new ConditionalWrite(t, primaryKey, condition, now, write);
    byte[] old = t.rows.operate(key, value, cas);
    return cas.applied ? old : NOT_APPLIED;
  }

  /** The replaced row as its indexes hold it: null if none was stored (or it had expired). */
  private static Row indexedRow(Table t, PrimaryKey key, byte[] stored, long now) {
    if (stored == null || t.expired(stored, now)) {
      return null;
    }
    return RowCodec.decode(t.attributes(stored), ColumnSelection.all()).build(key);
  }

  /** Gives a table with service indexes their entries, rebuilt from its rows. */
  private void withServiceIndexes(Table t) {
    if (!ServiceIndexTables.any(t.spec)) {
      return;
    }
    ServiceIndexTables indexes = new ServiceIndexTables(t.spec, Duration.ZERO);
    long now = now();
    for (Map.Entry<byte[], byte[]> e : t.rows.entrySet()) {
      PrimaryKey key = OrderedKeyBytes.decode(t.spec.name(), e.getKey(), t.spec.primaryKey());
      Row row = indexedRow(t, key, e.getValue(), now);
      if (row != null) {
        indexes.changed(null, row, now);
      }
    }
    t.serviceIndexes = indexes.withGlobalLag(globalIndexLag);
  }

  /**
   * {@inheritDoc}
   *
   * <p>A local index is changed with the write of its row, under one lock, so a read after a write
   * sees it. A global index receives each change {@link Builder#globalIndexLag} after the write, on
   * the store's clock (none by default): in between it still holds the row's old entry.
   */
  @Override
  public Stream<Row> scanIndex(String table, String index, ScanRange range) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(index, "index");
    Objects.requireNonNull(range, "range");
    List<PrimaryKey> keys =
        gate.shared(
            () -> {
              Table t = table(table);
              if (t.spec.serviceIndexes().stream().noneMatch(s -> s.name().equals(index))) {
                throw new StoreException(
                    ErrorKind.INVALID_REQUEST,
                    "table "
                        + table
                        + " has no service index "
                        + index
                        + ": "
                        + t.spec.serviceIndexes());
              }
              List<PkColumn> schema = t.spec.indexKey(index);
              checkIndexBound(t, index, schema, range.start());
              checkIndexBound(t, index, schema, range.end());
              ServiceIndexTables indexes = t.serviceIndexes;
              synchronized (indexes) {
                return indexes.scan(index, range, now());
              }
            });
    return keys.stream().map(k -> Row.of(k, Map.of()));
  }

  private static void checkIndexBound(
      Table t, String index, List<PkColumn> schema, PrimaryKey bound) {
    boolean fits = bound.size() == schema.size();
    for (int i = 0; fits && i < schema.size(); i++) {
      PkValue v = bound.get(i);
      fits = v.isInfinite() || v.type() == schema.get(i).type();
    }
    if (!fits) {
      throw new StoreException(
          ErrorKind.INVALID_REQUEST,
          "bound "
              + bound
              + " of a read of index "
              + index
              + " (table "
              + t.spec.name()
              + ") does not fit its key "
              + schema);
    }
  }

  private void applyDelete(Table t, PrimaryKey primaryKey) {
    applyDelete(t, primaryKey, WriteCondition.none());
  }

  /**
   * Deletes the row if the condition holds of the stored one; returns whether it did. Every check
   * of the request runs first, so a refused request, like a failed condition, deletes nothing.
   */
  private boolean applyDelete(Table t, PrimaryKey primaryKey, WriteCondition condition) {
    return removeRow(t, primaryKey, condition, now()) != NOT_APPLIED;
  }

  /**
   * Deletes the row if the condition holds of the stored one: the entry removed (null: none), or
   * {@link #NOT_APPLIED} if the condition failed and nothing was deleted.
   */
  private byte[] removeRow(Table t, PrimaryKey primaryKey, WriteCondition condition, long now) {
    byte[] key = RequestEncoder.rowKey(t.spec, primaryKey, t.limits);
    ServiceChecks.condition(t.spec, condition, t.limits);
    long keySize = primaryKey.sizeInBytes();
    byte[] old;
    ServiceIndexTables indexes = t.serviceIndexes;
    if (indexes != null) {
      synchronized (indexes) {
        old = writeRow(t, primaryKey, key, null, condition, now, MVMap.Decision.REMOVE);
        if (old == NOT_APPLIED) {
          return old;
        }
        indexes.changed(indexedRow(t, primaryKey, old, now), null, now);
      }
    } else {
      old = writeRow(t, primaryKey, key, null, condition, now, MVMap.Decision.REMOVE);
      if (old == NOT_APPLIED) {
        return old;
      }
    }
    t.partitions[t.partitionOf(key)].deleteWritten(keySize);
    if (old != null) {
      uncount(t, key, keySize, old);
    }
    return old;
  }

  // ----------------------------------------------------------------------------------- reads

  @Override
  public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(columns, "columns");
    return gate.shared(
        () -> {
          Table t = table(table);
          byte[] encoded = RequestEncoder.rowKey(t.spec, key, t.limits);
          ServiceChecks.columns(t.spec, columns, t.limits);
          return Optional.ofNullable(read(t, key, encoded, columns));
        });
  }

  @Override
  public List<Optional<Row>> multiGet(
      String table, List<PrimaryKey> keys, ColumnSelection columns) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(keys, "keys");
    Objects.requireNonNull(columns, "columns");
    return gate.shared(
        () -> {
          Table t = table(table);
          ServiceChecks.multiGetSize(keys.size(), t.limits);
          ServiceChecks.columns(t.spec, columns, t.limits);
          // every key is checked before any is read: a bad key fails the whole call
          byte[][] encoded = new byte[keys.size()][];
          for (int i = 0; i < encoded.length; i++) {
            encoded[i] =
                RequestEncoder.rowKey(t.spec, Objects.requireNonNull(keys.get(i), "key"), t.limits);
          }
          byte[][] values = storedValues(t, encoded);
          List<Optional<Row>> rows = new ArrayList<>(encoded.length);
          for (int i = 0; i < encoded.length; i++) {
            rows.add(Optional.ofNullable(read(t, keys.get(i), encoded[i], values[i], columns)));
          }
          return rows;
        });
  }

  /** Forward steps a multi-get's walk takes towards its next key before it seeks it instead. */
  static final int WALK_STEPS = 8;

  /**
   * The stored values of {@code encoded}, in its order ({@code null}: absent), all from one version
   * of the table. Keys in ascending order are walked as a range scan reads: each found by stepping
   * forward from the last, a seek only where the next key is more than {@link #WALK_STEPS} rows on,
   * as a region server reseeks a sorted multi-get; where the keys come in no order, each is a
   * lookup of its own.
   */
  private byte[][] storedValues(Table t, byte[][] encoded) {
    byte[][] values = new byte[encoded.length][];
    boolean ascending = true;
    for (int i = 1; i < encoded.length && ascending; i++) {
      ascending = Arrays.compareUnsigned(encoded[i - 1], encoded[i]) <= 0;
    }
    // the version read stays registered, so that MVStore does not reclaim its chunks meanwhile
    MVStore.TxCounter version = mv.registerVersionUsage();
    try {
      RootReference<byte[], byte[]> root = t.rows.flushAndGetRoot();
      if (!ascending) {
        for (int i = 0; i < encoded.length; i++) {
          values[i] = t.rows.get(root.root, encoded[i]);
        }
        return values;
      }
      Cursor<byte[], byte[]> cursor = null;
      byte[] at = null; // the cursor's current key; null: past the last
      for (int i = 0; i < encoded.length; i++) {
        byte[] wanted = encoded[i];
        int order = at == null ? 1 : Arrays.compareUnsigned(at, wanted);
        for (int steps = 0; at != null && order < 0 && steps < WALK_STEPS; steps++) {
          at = cursor.hasNext() ? cursor.next() : null;
          order = at == null ? 1 : Arrays.compareUnsigned(at, wanted);
        }
        if (cursor == null || order < 0) { // the first key, or one too far on to walk to
          cursor = t.rows.cursor(root, wanted, null, false);
          at = cursor.hasNext() ? cursor.next() : null;
          order = at == null ? 1 : Arrays.compareUnsigned(at, wanted);
        }
        values[i] = order == 0 ? cursor.getValue() : null;
      }
      return values;
    } finally {
      mv.deregisterVersionUsage(version);
    }
  }

  private Row read(Table t, PrimaryKey key, byte[] encoded, ColumnSelection columns) {
    return read(t, key, encoded, t.rows.get(encoded), columns);
  }

  private Row read(Table t, PrimaryKey key, byte[] encoded, byte[] value, ColumnSelection columns) {
    if (value == null) {
      return null;
    }
    if (t.expired(value, now())) {
      purge(t, encoded, value);
      return null;
    }
    Row.Builder attributes = RowCodec.decode(t.attributes(value), columns, t.columnNames);
    if (attributes == null) {
      return null;
    }
    t.partitions[t.partitionOf(encoded)].readRows.increment();
    return attributes.build(key);
  }

  /**
   * {@inheritDoc}
   *
   * <p>The range is checked when this is called; rows are read page by page as the stream is
   * consumed. A range whose start is not below its end is empty.
   */
  @Override
  public Stream<Row> scan(String table, ScanRange range) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(range, "range");
    gate.requireOpen();
    Table t = table(table);
    byte[] start = RequestEncoder.bound(t.spec, range.start(), t.limits);
    byte[] end = RequestEncoder.bound(t.spec, range.end(), t.limits);
    ServiceChecks.columns(t.spec, range.columns(), t.limits);
    if (range.limit() == 0 || Arrays.compareUnsigned(start, end) >= 0) {
      return Stream.empty();
    }
    RangeScan scan =
        new RangeScan(this, t, start, end, range.columns(), range.limit(), range.isBackward());
    return StreamSupport.stream(
        Spliterators.spliteratorUnknownSize(
            scan, Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.DISTINCT),
        false);
  }

  /**
   * Reads one page of a scan from {@code from} (inclusive) into {@code out}: at most {@code
   * maxRows} rows and about {@link #PAGE_BYTES} bytes. Returns the key to resume from, or {@code
   * null} when the range is exhausted.
   */
  byte[] readPage(
      Table t,
      byte[] from,
      byte[] end,
      ColumnSelection columns,
      int maxRows,
      List<RangeScan.Hit> out) {
    return underReadVersion(
        t,
        () -> {
          Cursor<byte[], byte[]> cursor = t.rows.cursor(from);
          Page page = new Page(t, columns, maxRows, out);
          // keys come in ascending order: one below the lesser of the range's end and the end of
          // the partition of the key before it is in range and in that partition, which one
          // comparison tells (a merge reads many ranges a page at a time: a comparison per row
          // for each was a sixth of its time)
          byte[] bound = null;
          while (cursor.hasNext()) {
            byte[] key = cursor.next();
            if (bound == null || Arrays.compareUnsigned(key, bound) >= 0) {
              if (Arrays.compareUnsigned(key, end) >= 0) {
                return null;
              }
              page.partition = t.partitionOf(key);
              byte[] partitionEnd = t.endOf(page.partition);
              bound =
                  partitionEnd == null || Arrays.compareUnsigned(partitionEnd, end) > 0
                      ? end
                      : partitionEnd;
            }
            if (page.take(key, cursor.getValue())) {
              return successor(key);
            }
          }
          return null;
        });
  }

  /**
   * Reads one page of a backward scan, from the greatest key below {@code below} down to {@code
   * start} (inclusive), into {@code out}, with the page bounds of {@link #readPage}. Returns the
   * exclusive upper bound to resume from (the last key visited), or {@code null} when the range is
   * exhausted.
   */
  byte[] readPageBackward(
      Table t,
      byte[] start,
      byte[] below,
      ColumnSelection columns,
      int maxRows,
      List<RangeScan.Hit> out) {
    return underReadVersion(
        t,
        () -> {
          // a reverse cursor starts at the greatest key at or below its first argument
          Cursor<byte[], byte[]> cursor = t.rows.cursor(below, null, true);
          Page page = new Page(t, columns, maxRows, out);
          while (cursor.hasNext()) {
            byte[] key = cursor.next();
            if (Arrays.compareUnsigned(key, below) >= 0) {
              continue; // the exclusive bound itself
            }
            if (Arrays.compareUnsigned(key, start) < 0) {
              return null;
            }
            page.partition = t.partitionOf(key, page.partition);
            if (page.take(key, cursor.getValue())) {
              return key;
            }
          }
          return null;
        });
  }

  /**
   * Runs a page read of a live table under the shared lock, with the store version it reads
   * registered, so that MVStore does not reclaim the chunks the cursor reads from under it.
   */
  private byte[] underReadVersion(Table t, Supplier<byte[]> read) {
    return gate.shared(
        () -> {
          if (t.dropped) {
            throw new StoreException(
                ErrorKind.TABLE_NOT_FOUND, "table " + t.spec.name() + " was deleted during a scan");
          }
          MVStore.TxCounter version = mv.registerVersionUsage();
          try {
            return read.get();
          } finally {
            mv.deregisterVersionUsage(version);
          }
        });
  }

  /** One page being read: the rows it returns and the rows and bytes it has visited. */
  private final class Page {
    private final Table t;
    private final ColumnSelection columns;
    private final int maxRows;
    private final List<RangeScan.Hit> out;
    private final long now = now();
    private long bytes;
    private int visited;

    /** The partition of the row to take next: the reading loop places it. */
    private int partition;

    // every column selected: rows stay in their stored form until read (a selection decodes
    // now, as a row holding none of its columns is not returned)
    private final StoredRows stored;

    Page(Table t, ColumnSelection columns, int maxRows, List<RangeScan.Hit> out) {
      this.t = t;
      this.columns = columns;
      this.maxRows = maxRows;
      this.out = out;
      this.stored = columns.isAll() ? new StoredRows(t.spec, t.columnNames) : null;
    }

    /**
     * Adds the row at {@code key}, of {@link #partition} (an expired one is purged instead);
     * whether the page is full.
     */
    boolean take(byte[] key, byte[] value) {
      if (t.expired(value, now)) {
        purge(t, key, value);
      } else {
        Row row;
        if (stored != null) {
          row = stored.row(key, t.attributes(value)); // decoded when the caller asks
        } else {
          Row.Builder attributes = RowCodec.decode(t.attributes(value), columns, t.columnNames);
          row =
              attributes == null
                  ? null
                  : attributes.build(
                      OrderedKeyBytes.decode(t.spec.name(), key, t.spec.primaryKey()));
        }
        if (row != null) {
          out.add(new RangeScan.Hit(row, partition));
        }
      }
      bytes += key.length + value.length;
      visited++;
      // a selection that matches few rows must not turn one page into a full-table read
      return out.size() >= maxRows || bytes >= t.pageBytes || visited >= 4 * t.pageRows;
    }
  }

  /** The smallest byte string above {@code key} in unsigned order. */
  private static byte[] successor(byte[] key) {
    return Arrays.copyOf(key, key.length + 1);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Rows that have expired are purged first, so that they are not counted.
   */
  @Override
  public List<PartitionStats> partitionStats(String table) {
    Objects.requireNonNull(table, "table");
    return gate.shared(
        () -> {
          Table t = table(table);
          purgeExpired(t);
          return t.stats();
        });
  }

  /**
   * Removes the rows of expiring tables whose time to live has passed, as reads and {@link
   * #partitionStats} do for the rows they meet; a store purges in the background as well (see
   * {@link Builder#sweepInterval}). Expired rows are never read back, purged or not.
   *
   * @return the rows removed
   */
  public long purgeExpired() {
    return gate.shared(
        () -> {
          long removed = 0;
          for (Table t : tables.values()) {
            removed += purgeExpired(t);
          }
          return removed;
        });
  }

  /** Purges a table's expired rows; the caller holds the shared lock. */
  private long purgeExpired(Table t) {
    if (!t.spec.expires() || t.dropped) {
      return 0;
    }
    long now = now();
    long removed = 0;
    MVStore.TxCounter version = mv.registerVersionUsage();
    try {
      Cursor<byte[], byte[]> cursor = t.rows.cursor(null);
      while (cursor.hasNext()) {
        byte[] key = cursor.next();
        byte[] value = cursor.getValue();
        if (t.expired(value, now) && purge(t, key, value)) {
          removed++;
        }
      }
    } finally {
      mv.deregisterVersionUsage(version);
    }
    return removed;
  }

  /**
   * Removes an expired row if it is still the one read (a concurrent write of the key keeps its new
   * row), and takes it out of its partition's totals. Returns whether it was removed.
   */
  private boolean purge(Table t, byte[] key, byte[] value) {
    if (!t.rows.remove(key, value)) {
      return false;
    }
    long keySize = OrderedKeyBytes.decode(t.spec.name(), key, t.spec.primaryKey()).sizeInBytes();
    uncount(t, key, keySize, value);
    return true;
  }

  /** Takes a removed row out of its partition's row and byte totals. */
  private static void uncount(Table t, byte[] key, long keySize, byte[] old) {
    t.partitions[t.partitionOf(key)].removed(keySize + RowCodec.logicalSize(t.attributes(old)));
  }

  private long now() {
    return clock.millis();
  }

  // ------------------------------------------------------------------------------- lifecycle

  /**
   * Closes the store: waits for running calls, saves the row and byte totals of a store kept in a
   * directory, compacts its file (live pages moved to the front, the file cut; see {@code Engine}),
   * and releases the directory. Scans still open fail on their next page. Closing twice does
   * nothing.
   */
  @Override
  public void close() {
    gate.close(
        () -> {
          sweeper.stop();
          try {
            if (directory != null) {
              for (Table t : tables.values()) {
                catalog.saveTotals(t.spec.name(), StoredTotals.of(t));
              }
              // written last: its presence tells the next open that the totals are current
              catalog.markCleanClose();
            }
          } finally {
            Engine.close(mv);
          }
        });
  }

  /** Stops the engine the way a crash would, after its last commit; for tests of recovery. */
  void crash() {
    gate.close(
        () -> {
          sweeper.stop();
          mv.commit();
          mv.closeImmediately();
        });
  }

  @Override
  public String toString() {
    return "EmbeddedStore[" + (directory == null ? "in memory" : directory) + "]";
  }

  // -------------------------------------------------------------------------------- internals

  private void load() {
    catalog.checkFormat(directory);
    boolean clean = catalog.takeCleanClose();
    Set<String> rowMaps = new HashSet<>();
    for (Catalog.StoredTable stored : catalog.loadTables()) {
      Table t =
          new Table(
              stored.spec(),
              limits(stored.spec().profile()),
              stored.mapName(),
              openRows(stored.mapName()));
      rowMaps.add(stored.mapName());
      withServiceIndexes(t);
      StoredTotals.restore(t, clean ? catalog.loadTotals(t.spec.name()) : null);
      tables.put(t.spec.name(), t);
      sweeper.startFor(t);
    }
    // a crash between creating a row map and recording its table leaves an orphan map
    for (String name : new ArrayList<>(mv.getMapNames())) {
      if (Catalog.isRowMapName(name) && !rowMaps.contains(name)) {
        mv.removeMap(name);
      }
    }
    if (directory != null) {
      mv.commit();
    }
  }

  private MVMap<byte[], byte[]> openRows(String mapName) {
    return mv.openMap(
        mapName,
        new MVMap.Builder<byte[], byte[]>()
            .keyType(KeyBytesType.INSTANCE)
            // stored as ByteArrayDataType stores them; compared so that remove(key, value) works
            .valueType(KeyBytesType.INSTANCE));
  }

  private Table table(String name) {
    Table t = tables.get(Objects.requireNonNull(name, "table"));
    if (t == null) {
      throw new StoreException(ErrorKind.TABLE_NOT_FOUND, "table " + name + " does not exist");
    }
    return t;
  }

  /** Builds an {@link EmbeddedStore}; see {@link EmbeddedStore#builder()}. */
  public static final class Builder {
    private StoreLimits limits;
    private Clock clock = Clock.systemUTC();
    private Duration sweepInterval = Duration.ofMinutes(1);
    private Duration globalIndexLag = Duration.ZERO;
    private Path directory;

    private Builder() {}

    /**
     * The limits to enforce on every table, whatever its profile; unless set, each table keeps the
     * limits of its own profile ({@link StoreLimits#of(Profile)}).
     */
    public Builder limits(StoreLimits limits) {
      Objects.requireNonNull(limits, "limits");
      if (limits.maxPkColumnBytes() <= 0
          || limits.maxAttributeBytes() <= 0
          || limits.maxBatchRows() <= 0
          || limits.maxBatchBytes() <= 0
          || limits.maxMultiGetRows() <= 0
          || limits.maxPkColumns() <= 0
          || limits.maxAttributeColumns() <= 0
          || limits.maxColumnsToGet() <= 0) {
        throw new IllegalArgumentException("store limits must be positive: " + limits);
      }
      this.limits = limits;
      return this;
    }

    /** The directory to keep the store in; {@code null} (the default) keeps it in memory. */
    public Builder directory(Path directory) {
      this.directory = directory;
      return this;
    }

    /**
     * The clock rows' write times and expiry are read from; the system clock unless set. Tests pass
     * a clock they move forward, so rows expire without waiting.
     *
     * <pre>
     * {@code EmbeddedStore.builder().clock(Clock.fixed(Instant.EPOCH, ZoneOffset.UTC)).build()}
     * </pre>
     */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /**
     * How often expired rows are purged in the background, besides the rows reads meet; one minute
     * unless set, {@link Duration#ZERO} (or one longer than the clock counts, {@code
     * ChronoUnit.FOREVER}) for no background purge.
     */
    public Builder sweepInterval(Duration interval) {
      if (interval.isNegative()) {
        throw new IllegalArgumentException("sweep interval is negative: " + interval);
      }
      this.sweepInterval = interval;
      return this;
    }

    /** Opens the store. */
    /**
     * How long after a write a global service index ({@code ServiceIndex.Kind.GLOBAL}) receives it,
     * on the store's {@link #clock}: none unless set, so local runs are repeatable; a test sets one
     * (Tablestore documents milliseconds) to see a read through the index miss a fresh write, and
     * moves its clock past it to see the index catch up. Local indexes are always synchronous. A
     * lag longer than the clock counts ({@code ChronoUnit.FOREVER}) is never reached.
     *
     * <p>{@code EmbeddedStore.builder().clock(clock).globalIndexLag(Duration.ofMillis(50)).build()}
     */
    public Builder globalIndexLag(Duration lag) {
      Objects.requireNonNull(lag, "lag");
      if (lag.isNegative()) {
        throw new IllegalArgumentException("negative global index lag " + lag);
      }
      this.globalIndexLag = lag;
      return this;
    }

    public EmbeddedStore build() {
      return new EmbeddedStore(limits, clock, sweepInterval, globalIndexLag, directory);
    }
  }
}
