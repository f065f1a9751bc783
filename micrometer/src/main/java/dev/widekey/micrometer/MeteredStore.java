package dev.widekey.micrometer;

import static dev.widekey.micrometer.StoreMeters.NO_ERROR;
import static dev.widekey.micrometer.StoreMeters.NO_TABLE;
import static dev.widekey.micrometer.StoreMeters.SEVERAL_TABLES;

import dev.widekey.runtime.retry.RetryListener;
import dev.widekey.runtime.retry.RetryingStore;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ForwardingStore;
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
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A {@link WideTableStore} decorator that publishes Micrometer meters per table and operation:
 * latency, rows and bytes per call, batch sizes, failures by {@link
 * dev.widekey.runtime.store.ErrorKind} and throttles. Tag names follow OpenTelemetry's database
 * semantic conventions ({@code db.system.name}, {@code db.collection.name}, {@code
 * db.operation.name}, {@code error.type}).
 *
 * <p>Tags hold low-cardinality values only: never a key value nor a row's content. A time-sharded
 * entity's period tables count under their base name ({@code orders_2026_11} as {@code orders}),
 * and past {@link Builder#maxTables(int)} distinct table names the rest count as {@code _other}. A
 * name takes a tag once the store has answered for it (a call succeeded, {@code describeTable}
 * found it); calls on a name it has not (one it refuses as {@code TABLE_NOT_FOUND}, made up by a
 * caller) count as {@code _unknown}, so that such names cannot use up the tags real tables need. A
 * scan is timed until its stream is closed or exhausted, and counts the rows it returned.
 *
 * <pre>{@code
 * import dev.widekey.micrometer.MeteredStore;
 * import dev.widekey.runtime.store.WideTableStore;
 * import io.micrometer.core.instrument.MeterRegistry;
 *
 * WideTableStore store = MeteredStore.wrap(backend, registry);
 * }</pre>
 *
 * Retries happen inside a {@link dev.widekey.runtime.retry.RetryPolicy}: count them with {@link
 * Builder#retryListener()}; bulk-writer progress with {@link MeteredBulkWriter#progress}.
 */
public final class MeteredStore extends ForwardingStore {
  private final StoreMeters meters;
  private final Clock clock;

  private MeteredStore(WideTableStore delegate, StoreMeters meters) {
    super(delegate);
    this.meters = meters;
    this.clock = meters.registry().config().clock();
  }

  /** Wraps {@code store} with the default prefix ({@code widekey}) and no extra tags. */
  public static WideTableStore wrap(WideTableStore store, MeterRegistry registry) {
    return builder(registry).wrap(store);
  }

  /** A builder for a name prefix, common tags, the system name and the table-name bound. */
  public static Builder builder(MeterRegistry registry) {
    return new Builder(registry);
  }

  /**
   * A {@link RetryListener} counting retries ({@code widekey.store.retries}) and give-ups ({@code
   * widekey.store.retries.exhausted}) by {@code error.type}, for {@link
   * dev.widekey.runtime.retry.RetryPolicy.Builder#listener}.
   */
  public static RetryListener retryListener(MeterRegistry registry) {
    return builder(registry).retryListener();
  }

  /** Settings of a {@link MeteredStore}. */
  public static final class Builder {
    private final MeterRegistry registry;
    private String prefix = "widekey";
    private Tags tags = Tags.empty();
    private String systemName;
    private int maxTables = 500;

    private Builder(MeterRegistry registry) {
      this.registry = Objects.requireNonNull(registry, "registry");
    }

    /** The meter names' prefix: {@code widekey} by default ({@code widekey.store.operation}). */
    public Builder prefix(String prefix) {
      this.prefix = StoreMeters.checkedPrefix(prefix);
      return this;
    }

    /** Tags added to every meter (application, region): keep them low-cardinality. */
    public Builder tags(Iterable<Tag> tags) {
      this.tags = this.tags.and(tags);
      return this;
    }

    public Builder tag(String key, String value) {
      this.tags = this.tags.and(key, value);
      return this;
    }

    /**
     * The {@code db.system.name} tag; by default from the store's class: {@code widekey.embedded},
     * {@code hbase}, {@code tablestore}, else the class name without {@code Store}, lower case.
     */
    public Builder systemName(String systemName) {
      this.systemName = Objects.requireNonNull(systemName, "systemName");
      return this;
    }

    /**
     * At most this many distinct {@code db.collection.name} values (500 by default); later tables
     * count as {@code _other}, so that tables created at run time cannot grow the meters for ever.
     * Only names the store answered for count towards it.
     */
    public Builder maxTables(int maxTables) {
      if (maxTables < 1) {
        throw new IllegalArgumentException("maxTables must be at least 1: " + maxTables);
      }
      this.maxTables = maxTables;
      return this;
    }

    /** Wraps {@code store}; closing the result closes it. */
    public WideTableStore wrap(WideTableStore store) {
      Objects.requireNonNull(store, "store");
      String system = systemName != null ? systemName : StoreMeters.systemName(unwrap(store));
      return new MeteredStore(store, new StoreMeters(registry, prefix, tags, system, maxTables));
    }

    /** A retry listener on this builder's registry, prefix and tags; see {@link #retryListener}. */
    public RetryListener retryListener() {
      StoreMeters m = new StoreMeters(registry, prefix, tags, null, maxTables);
      return new RetryListener() {
        @Override
        public void retrying(StoreException error, int failures, long delayNanos) {
          m.retries(StoreMeters.errorType(error)).increment();
        }

        @Override
        public void gaveUp(StoreException error, int failures) {
          m.retriesExhausted(StoreMeters.errorType(error)).increment();
        }
      };
    }

    private static WideTableStore unwrap(WideTableStore store) {
      WideTableStore s = store;
      while (s instanceof RetryingStore r) {
        s = r.delegate();
      }
      return s;
    }
  }

  private long now() {
    return clock.monotonicTime();
  }

  /**
   * Runs {@code body} on {@code table} (null: on no one table), timing it and counting its failure;
   * the table's name is admitted as a tag when the store answered for it ({@code found}, given the
   * result, says that the table exists).
   */
  private <T> T timed(
      String table, String operation, Supplier<T> body, Predicate<? super T> found) {
    long start = now();
    T result;
    try {
      result = body.get();
    } catch (RuntimeException | Error e) {
      String c = meters.failedOn(table, e);
      meters
          .timer(c, operation, StoreMeters.errorType(e))
          .record(now() - start, TimeUnit.NANOSECONDS);
      meters.failed(c, operation, e);
      throw e;
    }
    String c = found.test(result) ? meters.answered(table) : meters.collection(table);
    meters.timer(c, operation, NO_ERROR).record(now() - start, TimeUnit.NANOSECONDS);
    return result;
  }

  private <T> T timed(String table, String operation, Supplier<T> body) {
    return timed(table, operation, body, r -> true);
  }

  private void timed(String table, String operation, Runnable body) {
    timed(
        table,
        operation,
        () -> {
          body.run();
          return null;
        });
  }

  /** Records a call's rows and bytes under its table's tag, admitted by then if it succeeded. */
  private void rows(String table, String operation, long rows, long bytes) {
    String c = meters.collection(table);
    meters.rows(c, operation).record(rows);
    meters.bytes(c, operation).record(bytes);
  }

  @Override
  public void createTable(TableSpec spec) {
    timed(spec == null ? null : spec.name(), "create_table", () -> delegate.createTable(spec));
  }

  @Override
  public Optional<TableSpec> describeTable(String table) {
    // an empty answer is no table: the name takes no tag
    return timed(table, "describe_table", () -> delegate.describeTable(table), Optional::isPresent);
  }

  @Override
  public List<String> listTables(String prefix) {
    // the prefix is a table name's start, not a table: no collection
    return timed(null, "list_tables", () -> delegate.listTables(prefix));
  }

  @Override
  public void deleteTable(String table) {
    timed(table, "delete_table", () -> delegate.deleteTable(table));
  }

  @Override
  public void put(String table, Row row) {
    timed(table, "put", () -> delegate.put(table, row));
    rows(table, "put", 1, row.sizeInBytes());
  }

  @Override
  public void put(String table, Row row, WriteCondition condition) {
    timed(table, "put", () -> delegate.put(table, row, condition));
    rows(table, "put", 1, row.sizeInBytes());
  }

  /**
   * A store that computes rows (the embedded store) still does so metered: a repository's writes
   * over it commit in one call.
   */
  @Override
  public boolean computesRows() {
    return delegate.computesRows();
  }

  /** Timed as a put, counting the row if one was written. */
  @Override
  public Optional<Row> computeRow(
      String table, PrimaryKey key, ColumnSelection columns, Function<Optional<Row>, Row> compute) {
    Row[] written = new Row[1];
    Optional<Row> read =
        timed(
            table,
            "put",
            () ->
                delegate.computeRow(
                    table,
                    key,
                    columns,
                    stored -> {
                      written[0] = compute.apply(stored); // the last call's answer stands
                      return written[0];
                    }));
    if (written[0] != null) {
      rows(table, "put", 1, written[0].sizeInBytes());
    }
    return read;
  }

  @Override
  public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
    Optional<Row> row = timed(table, "get", () -> delegate.get(table, key, columns));
    rows(table, "get", row.isPresent() ? 1 : 0, row.map(Row::sizeInBytes).orElse(0L));
    return row;
  }

  @Override
  public List<Optional<Row>> multiGet(
      String table, List<PrimaryKey> keys, ColumnSelection columns) {
    List<Optional<Row>> got;
    try {
      got = timed(table, "multi_get", () -> delegate.multiGet(table, keys, columns));
    } finally {
      if (keys != null) { // else the store's refusal is counted as the call's failure
        meters.batchSize(meters.collection(table), "multi_get").record(keys.size());
      }
    }
    long rows = 0;
    long bytes = 0;
    for (Optional<Row> r : got) {
      if (r.isPresent()) {
        rows++;
        bytes += r.get().sizeInBytes();
      }
    }
    rows(table, "multi_get", rows, bytes);
    return got;
  }

  @Override
  public void delete(String table, PrimaryKey key) {
    timed(table, "delete", () -> delegate.delete(table, key));
    meters.rows(meters.collection(table), "delete").record(1);
  }

  /** Timed as a delete, as a store that computes rows deletes an entity. */
  @Override
  public Optional<Row> getAndDelete(String table, PrimaryKey key, ColumnSelection columns) {
    Optional<Row> deleted =
        timed(table, "delete", () -> delegate.getAndDelete(table, key, columns));
    meters.rows(meters.collection(table), "delete").record(1);
    return deleted;
  }

  @Override
  public void delete(String table, PrimaryKey key, WriteCondition condition) {
    timed(table, "delete", () -> delegate.delete(table, key, condition));
    meters.rows(meters.collection(table), "delete").record(1);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Timed under its table, or {@code _multiple} for a batch over several; rows, bytes, failures
   * and throttles count per table, from each operation's outcome.
   */
  @Override
  public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
    long start = now();
    List<WriteOutcome> outcomes;
    try {
      outcomes = delegate.batchWrite(ops);
    } catch (RuntimeException | Error e) {
      // a null list or operation is the store's to refuse: the call is counted as failed, not lost
      String call = callCollection(ops, t -> meters.failedOn(t, e));
      if (ops != null) {
        meters.batchSize(call, "batch_write").record(ops.size());
      }
      meters
          .timer(call, "batch_write", StoreMeters.errorType(e))
          .record(now() - start, TimeUnit.NANOSECONDS);
      meters.failed(call, "batch_write", e);
      throw e;
    }
    long end = now();
    // first admit the tables the store answered for, so that every meter of the call agrees
    for (WriteOutcome o : outcomes) {
      if (o.succeeded()) {
        meters.answered(o.op().table());
      } else {
        meters.failedOn(o.op().table(), o.failure());
      }
    }
    String call = callCollection(ops, meters::collection);
    meters.batchSize(call, "batch_write").record(ops.size());
    meters.timer(call, "batch_write", NO_ERROR).record(end - start, TimeUnit.NANOSECONDS);
    Map<String, long[]> perTable = new LinkedHashMap<>(); // rows, bytes
    for (WriteOutcome o : outcomes) {
      String c = meters.collection(o.op().table());
      long[] counts = perTable.computeIfAbsent(c, k -> new long[2]);
      if (o.succeeded()) {
        counts[0]++;
        if (o.op() instanceof WriteOp.Put put) {
          counts[1] += put.row().sizeInBytes();
        }
      } else {
        meters.failed(c, "batch_write", o.failure());
      }
    }
    perTable.forEach(
        (c, counts) -> {
          meters.rows(c, "batch_write").record(counts[0]);
          meters.bytes(c, "batch_write").record(counts[1]);
        });
    return outcomes;
  }

  /** The table tag of a batch: its one table's, {@code _multiple} over several, else none. */
  private static String callCollection(List<WriteOp> ops, Function<String, String> tagOf) {
    String call = NO_TABLE;
    for (WriteOp op : ops == null ? List.<WriteOp>of() : ops) {
      if (op == null) {
        continue;
      }
      String c = tagOf.apply(op.table());
      if (call.equals(NO_TABLE)) {
        call = c;
      } else if (!call.equals(c)) {
        return SEVERAL_TABLES;
      }
    }
    return call;
  }

  @Override
  public Stream<Row> scan(String table, ScanRange range) {
    return metered(table, "scan", () -> delegate.scan(table, range));
  }

  @Override
  public Stream<Row> scanIndex(String table, String index, ScanRange range) {
    return metered(table, "scan_index", () -> delegate.scanIndex(table, index, range));
  }

  @Override
  public List<PartitionStats> partitionStats(String table) {
    return timed(table, "partition_stats", () -> delegate.partitionStats(table));
  }

  @Override
  public String toString() {
    return "MeteredStore[" + delegate + "]";
  }

  private Stream<Row> metered(String table, String operation, Supplier<Stream<Row>> open) {
    long start = now();
    Stream<Row> source;
    try {
      source = open.get();
    } catch (RuntimeException | Error e) {
      new ScanMeter(table, operation, start, null).finish(e);
      throw e;
    }
    ScanMeter meter = new ScanMeter(table, operation, start, source.iterator());
    return StreamSupport.stream(
            Spliterators.spliteratorUnknownSize(meter, Spliterator.ORDERED | Spliterator.NONNULL),
            false)
        .onClose(
            () -> {
              try {
                meter.finish(null);
              } finally {
                source.close();
              }
            });
  }

  /** Counts a scan's rows and records it once: when exhausted, failed or closed. */
  private final class ScanMeter implements Iterator<Row> {
    private final String table;
    private final String operation;
    private final long start;
    private final Iterator<Row> rows;
    private final AtomicBoolean finished = new AtomicBoolean();
    private long count;
    private long bytes;
    private boolean exhausted;

    ScanMeter(String table, String operation, long start, Iterator<Row> rows) {
      this.table = table;
      this.operation = operation;
      this.start = start;
      this.rows = rows;
    }

    @Override
    public boolean hasNext() {
      try {
        boolean more = rows.hasNext();
        if (!more) {
          exhausted = true;
          finish(null);
        }
        return more;
      } catch (RuntimeException | Error e) {
        finish(e);
        throw e;
      }
    }

    @Override
    public Row next() {
      Row row;
      try {
        row = rows.next();
      } catch (NoSuchElementException e) {
        throw e;
      } catch (RuntimeException | Error e) {
        finish(e);
        throw e;
      }
      count++;
      bytes += row.sizeInBytes();
      return row;
    }

    void finish(Throwable error) {
      if (!finished.compareAndSet(false, true)) {
        return;
      }
      String collection;
      if (error != null) {
        collection = meters.failedOn(table, error);
      } else if (exhausted || count > 0) {
        collection = meters.answered(table);
      } else {
        // closed before the store answered anything: a store that opens scans lazily may not
        // have looked the table up yet
        collection = meters.collection(table);
      }
      String type = error == null ? NO_ERROR : StoreMeters.errorType(error);
      meters.timer(collection, operation, type).record(now() - start, TimeUnit.NANOSECONDS);
      if (error != null) {
        meters.failed(collection, operation, error);
      }
      meters.rows(collection, operation).record(count);
      meters.bytes(collection, operation).record(bytes);
    }
  }
}
