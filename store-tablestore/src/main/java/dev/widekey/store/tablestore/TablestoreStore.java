package dev.widekey.store.tablestore;

import com.alicloud.openservices.tablestore.SyncClientInterface;
import com.alicloud.openservices.tablestore.model.BatchGetRowRequest;
import com.alicloud.openservices.tablestore.model.BatchGetRowResponse;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.CreateTableRequestEx;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.DeleteTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableResponse;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRangeResponse;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.MultiRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.RowChange;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.RowQueryCriteria;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.StoreLimits;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.backend.ClientPartitionCounters;
import dev.widekey.runtime.store.backend.ServiceChecks;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A {@link WideTableStore} on the official Tablestore Java SDK.
 *
 * <p>The SPI is Tablestore's own model, so values map directly: typed primary-key columns become
 * the SDK's {@code PrimaryKey} ({@code INF_MIN}/{@code INF_MAX} included), attributes its typed
 * columns. Batches go out as {@code BatchWriteRow} calls of at most 200 rows and a bounded size (a
 * batch that writes one row twice is sent in order, in several calls, since the service refuses a
 * call that names a row twice), multi-gets as {@code BatchGetRow} calls of at most 100 keys, scans
 * as {@code GetRange} calls that follow {@code nextStartPrimaryKey} page by page. Tables are
 * created with one version per cell, no expiry and the spec's split points.
 *
 * <p>The SDK's {@code SyncClient} sends {@code CreateTable} without split points; {@link #connect}
 * therefore creates pre-split tables through the SDK's {@code InternalClient}, which has the call
 * that carries them. A store built with {@link #using} hands the {@link CreateTableRequestEx} to
 * the given client's {@code createTable}.
 *
 * <p>{@link #partitionStats} counts on the client: the service reports no per-partition load
 * through its data API. Writes, written bytes and rows read are those of this store instance since
 * it opened, per partition of the table's current split points; {@code rows} and {@code
 * storedBytes} are {@code -1} (unknown).
 *
 * <pre>{@code
 * try (WideTableStore store = TablestoreStore.connect(
 *     "https://my-instance.cn-hangzhou.ots.aliyuncs.com", "my-instance", keyId, keySecret)) {
 *   store.createTable(spec);
 *   store.put("orders", row);
 * }
 * }</pre>
 */
public final class TablestoreStore implements WideTableStore {
  /** Keys of one {@code BatchGetRow} call, the service's limit. */
  static final int MAX_BATCH_GET_ROWS = 100;

  /** Rows of one {@code BatchWriteRow} call, the service's limit. */
  static final int MAX_BATCH_WRITE_ROWS = 200;

  /**
   * Data bytes of one {@code BatchWriteRow} call as the SDK measures them; below the service's 4 MB
   * request limit, leaving room for the request's framing.
   */
  static final long MAX_BATCH_WRITE_BYTES = 3L * 1024 * 1024 + 512 * 1024;

  /** Rows asked of one {@code GetRange} call, the service's limit. */
  static final int MAX_RANGE_ROWS = 5000;

  private final SyncClientInterface client;
  private final Consumer<CreateTableRequestEx> tableCreator;
  private final Runnable onClose;
  private final Duration readyTimeout;
  private final StoreLimits limits = StoreLimits.DEFAULT;
  private final Map<String, TableState> tables = new ConcurrentHashMap<>();

  TablestoreStore(
      SyncClientInterface client,
      Consumer<CreateTableRequestEx> tableCreator,
      Runnable onClose,
      Duration readyTimeout) {
    this.client = Objects.requireNonNull(client, "client");
    this.tableCreator = Objects.requireNonNull(tableCreator, "tableCreator");
    this.onClose = Objects.requireNonNull(onClose, "onClose");
    this.readyTimeout = Objects.requireNonNull(readyTimeout, "readyTimeout");
  }

  /**
   * Connects to a Tablestore instance; the store shuts the SDK clients down when it is closed.
   *
   * @param endpoint e.g. {@code https://my-instance.cn-hangzhou.ots.aliyuncs.com}
   * @param instance the instance name
   */
  public static TablestoreStore connect(
      String endpoint, String instance, String accessKeyId, String accessKeySecret) {
    return TablestoreClients.connect(
        endpoint, instance, accessKeyId, accessKeySecret, null, Duration.ofSeconds(60));
  }

  /**
   * A store over a client the caller owns and shuts down; closing the store leaves it open. Tables
   * are created with {@code client.createTable(CreateTableRequestEx)}: the SDK's own {@code
   * SyncClient} drops the split points of such a request, so use {@link #connect} for pre-split
   * tables on the service.
   *
   * <pre>{@code TablestoreStore store = TablestoreStore.using(syncClient);}</pre>
   */
  public static TablestoreStore using(SyncClientInterface client) {
    return new TablestoreStore(client, client::createTable, () -> {}, Duration.ofSeconds(60));
  }

  /** What the store keeps per table: its spec and the client-side partition counters. */
  private static final class TableState {
    final TableSpec spec;
    final ClientPartitionCounters counters;

    TableState(TableSpec spec) {
      this.spec = spec;
      this.counters = new ClientPartitionCounters(spec.splitPoints());
    }
  }

  // ---------------------------------------------------------------- tables

  @Override
  public void createTable(TableSpec spec) {
    ServiceChecks.tableSpec(spec, limits);
    Optional<TableSpec> existing = describeTable(spec.name());
    if (existing.isPresent()) {
      requireSameSchema(spec, existing.get());
      return;
    }
    TableMeta meta = new TableMeta(spec.name());
    for (PkColumn c : spec.primaryKey()) {
      meta.addPrimaryKeyColumn(c.name(), SdkMapping.sdkType(c.type()));
    }
    // one version per cell and no expiry: a wide-table row, not a versioned cell history
    CreateTableRequestEx request = new CreateTableRequestEx(meta, new TableOptions(-1, 1));
    if (!spec.splitPoints().isEmpty()) {
      List<PrimaryKeyValue> splits = new ArrayList<>();
      for (PkValue p : spec.splitPoints()) {
        splits.add(SdkMapping.sdkValue(p));
      }
      request.setSplitPoints(splits);
    }
    try {
      tableCreator.accept(request);
    } catch (RuntimeException e) {
      StoreException mapped = TablestoreErrors.map("creating table " + spec.name(), e);
      if (mapped.kind() != ErrorKind.TABLE_EXISTS) {
        throw mapped;
      }
      // created concurrently by someone else: fine if it has our schema
      tables.remove(spec.name());
      requireSameSchema(spec, describeTable(spec.name()).orElseThrow(() -> mapped));
      return;
    }
    tables.put(spec.name(), new TableState(spec));
    awaitReady(spec);
  }

  private static void requireSameSchema(TableSpec wanted, TableSpec existing) {
    if (!existing.primaryKey().equals(wanted.primaryKey())) {
      throw new StoreException(
          ErrorKind.TABLE_EXISTS,
          "table "
              + wanted.name()
              + " exists with primary key "
              + existing.primaryKey()
              + ", not "
              + wanted.primaryKey()
              + "; a table's primary key never changes");
    }
  }

  /**
   * The service loads a new table's partitions for a few seconds after CreateTable; reads and
   * writes meanwhile fail with a retryable error. Probing with a GetRow until one succeeds keeps
   * that out of the caller's first writes.
   */
  private void awaitReady(TableSpec spec) {
    List<PkValue> probe = new ArrayList<>();
    for (PkColumn c : spec.primaryKey()) {
      probe.add(
          switch (c.type()) {
            case STRING -> PkValue.ofString("");
            case INTEGER -> PkValue.ofInteger(0);
            case BINARY -> PkValue.ofBinary(new byte[0]);
          });
    }
    long deadline = System.nanoTime() + readyTimeout.toNanos();
    long pauseMillis = 50;
    while (true) {
      try {
        SingleRowQueryCriteria criteria =
            new SingleRowQueryCriteria(
                spec.name(), SdkMapping.sdkKey(spec.primaryKey(), PrimaryKey.of(probe)));
        criteria.setMaxVersions(1);
        client.getRow(new GetRowRequest(criteria));
        return;
      } catch (RuntimeException e) {
        StoreException mapped = TablestoreErrors.map("waiting for table " + spec.name(), e);
        boolean loading = mapped.retryable() || mapped.kind() == ErrorKind.TABLE_NOT_FOUND;
        if (!loading || System.nanoTime() > deadline) {
          throw mapped;
        }
      }
      try {
        Thread.sleep(pauseMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new StoreException(
            ErrorKind.TIMEOUT, "interrupted waiting for table " + spec.name(), e);
      }
      pauseMillis = Math.min(2000, pauseMillis * 2);
    }
  }

  @Override
  public Optional<TableSpec> describeTable(String table) {
    TableState state = tables.get(table);
    if (state != null) {
      return Optional.of(state.spec);
    }
    DescribeTableResponse response;
    try {
      response = client.describeTable(new DescribeTableRequest(table));
    } catch (RuntimeException e) {
      StoreException mapped = TablestoreErrors.map("describing table " + table, e);
      if (mapped.kind() == ErrorKind.TABLE_NOT_FOUND) {
        return Optional.empty();
      }
      throw mapped;
    }
    List<PkColumn> schema = SdkMapping.schema(response.getTableMeta().getPrimaryKeyList());
    // the service's current partition boundaries: the split points it was created with, and
    // any it added when it split a partition that grew
    List<PkValue> splits = new ArrayList<>();
    if (response.getShardSplits() != null) {
      for (com.alicloud.openservices.tablestore.model.PrimaryKey split :
          response.getShardSplits()) {
        PkValue first = SdkMapping.pkValue(split.getPrimaryKeyColumn(0).getValue());
        if (!first.isInfinite()) {
          splits.add(first);
        }
      }
    }
    TableSpec spec = new TableSpec(table, schema, splits);
    tables.putIfAbsent(table, new TableState(spec));
    return Optional.of(spec);
  }

  private TableState state(String table) {
    TableState state = tables.get(table);
    if (state != null) {
      return state;
    }
    describeTable(table)
        .orElseThrow(() -> new StoreException(ErrorKind.TABLE_NOT_FOUND, "no table " + table));
    return tables.get(table);
  }

  @Override
  public void deleteTable(String table) {
    tables.remove(table);
    try {
      client.deleteTable(new DeleteTableRequest(table));
    } catch (RuntimeException e) {
      StoreException mapped = TablestoreErrors.map("deleting table " + table, e);
      if (mapped.kind() != ErrorKind.TABLE_NOT_FOUND) {
        throw mapped;
      }
    } finally {
      tables.remove(table);
    }
  }

  // ---------------------------------------------------------------- single rows

  @Override
  public void put(String table, Row row) {
    TableState state = state(table);
    ServiceChecks.row(state.spec, row, limits);
    try {
      client.putRow(new PutRowRequest(putChange(state.spec, table, row)));
    } catch (RuntimeException e) {
      throw tableError("writing to table " + table, table, e);
    }
    state.counters.wrote(row.key().get(0), row.sizeInBytes());
  }

  @Override
  public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
    TableState state = state(table);
    ServiceChecks.key(state.spec, key, limits);
    SingleRowQueryCriteria criteria =
        new SingleRowQueryCriteria(table, SdkMapping.sdkKey(state.spec.primaryKey(), key));
    select(criteria, columns);
    Row row;
    try {
      row = SdkMapping.row(client.getRow(new GetRowRequest(criteria)).getRow());
    } catch (RuntimeException e) {
      throw tableError("reading from table " + table, table, e);
    }
    if (row != null) {
      state.counters.read(key.get(0));
    }
    return Optional.ofNullable(row);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Sent as {@code BatchGetRow} calls of at most 100 distinct keys. A key that fails on the
   * service fails the call with that key's error.
   */
  @Override
  public List<Optional<Row>> multiGet(
      String table, List<PrimaryKey> keys, ColumnSelection columns) {
    ServiceChecks.multiGetSize(keys.size(), limits);
    TableState state = state(table);
    for (PrimaryKey key : keys) {
      ServiceChecks.key(state.spec, key, limits);
    }
    // one request per 100 distinct keys: the service refuses a key named twice in one call
    List<PrimaryKey> distinct = new ArrayList<>(new java.util.LinkedHashSet<>(keys));
    Map<PrimaryKey, Row> found = new HashMap<>();
    for (int from = 0; from < distinct.size(); from += MAX_BATCH_GET_ROWS) {
      List<PrimaryKey> chunk =
          distinct.subList(from, Math.min(distinct.size(), from + MAX_BATCH_GET_ROWS));
      MultiRowQueryCriteria criteria = new MultiRowQueryCriteria(table);
      for (PrimaryKey key : chunk) {
        criteria.addRow(SdkMapping.sdkKey(state.spec.primaryKey(), key));
      }
      select(criteria, columns);
      BatchGetRowRequest request = new BatchGetRowRequest();
      request.addMultiRowQueryCriteria(criteria);
      BatchGetRowResponse response;
      try {
        response = client.batchGetRow(request);
      } catch (RuntimeException e) {
        throw tableError("reading from table " + table, table, e);
      }
      List<BatchGetRowResponse.RowResult> results = response.getBatchGetRowResult(table);
      if (results == null || results.size() != chunk.size()) {
        throw new StoreException(
            ErrorKind.INTERNAL,
            "BatchGetRow on "
                + table
                + " answered "
                + (results == null ? 0 : results.size())
                + " rows for "
                + chunk.size()
                + " keys");
      }
      for (BatchGetRowResponse.RowResult r : results) {
        PrimaryKey key = chunk.get(r.getIndex());
        if (!r.isSucceed()) {
          throw TablestoreErrors.fromRowError("reading " + key + " from " + table, r.getError());
        }
        Row row = SdkMapping.row(r.getRow());
        if (row != null) {
          found.put(key, row);
          state.counters.read(key.get(0));
        }
      }
    }
    List<Optional<Row>> rows = new ArrayList<>(keys.size());
    for (PrimaryKey key : keys) {
      rows.add(Optional.ofNullable(found.get(key)));
    }
    return rows;
  }

  @Override
  public void delete(String table, PrimaryKey key) {
    TableState state = state(table);
    ServiceChecks.key(state.spec, key, limits);
    try {
      client.deleteRow(
          new DeleteRowRequest(
              new RowDeleteChange(table, SdkMapping.sdkKey(state.spec.primaryKey(), key))));
    } catch (RuntimeException e) {
      throw tableError("deleting from table " + table, table, e);
    }
    state.counters.wrote(key.get(0), key.sizeInBytes());
  }

  // ---------------------------------------------------------------- batches

  /**
   * {@inheritDoc}
   *
   * <p>As the embedded store, each operation is checked on its own: one that fails a check (a
   * missing table, a key of the wrong schema, a value over a limit) gets a failed outcome and is
   * not sent. The rest go out as {@code BatchWriteRow} calls, each row's result mapped to its
   * outcome; a call that fails as a whole fails all of its rows with that error.
   */
  @Override
  public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
    ServiceChecks.batchSize(ops, limits);
    WriteOutcome[] outcomes = new WriteOutcome[ops.size()];
    RowChange[] changes = new RowChange[ops.size()];
    Map<String, Optional<TableState>> states = new HashMap<>();
    for (int i = 0; i < ops.size(); i++) {
      WriteOp op = ops.get(i);
      try {
        TableState state =
            states
                .computeIfAbsent(op.table(), t -> describeTable(t).map(s -> tables.get(t)))
                .orElseThrow(
                    () -> new StoreException(ErrorKind.TABLE_NOT_FOUND, "no table " + op.table()));
        if (op instanceof WriteOp.Put p) {
          ServiceChecks.row(state.spec, p.row(), limits);
          changes[i] = putChange(state.spec, op.table(), p.row());
        } else {
          ServiceChecks.key(state.spec, op.key(), limits);
          changes[i] =
              new RowDeleteChange(op.table(), SdkMapping.sdkKey(state.spec.primaryKey(), op.key()));
        }
      } catch (StoreException e) {
        outcomes[i] = WriteOutcome.failed(op, e);
      }
    }
    // Requests in op order: a new one starts at 200 rows, at the byte bound, or when a row comes
    // again (so that the writes of one row apply in order).
    List<Integer> current = new ArrayList<>();
    Set<String> rowsInRequest = new HashSet<>();
    long bytes = 0;
    for (int i = 0; i < ops.size(); i++) {
      if (changes[i] == null) {
        continue;
      }
      String rowId = ops.get(i).table() + "\u0000" + ops.get(i).key();
      long size = changes[i].getDataSize();
      if (!current.isEmpty()
          && (current.size() == MAX_BATCH_WRITE_ROWS
              || bytes + size > MAX_BATCH_WRITE_BYTES
              || rowsInRequest.contains(rowId))) {
        send(current, ops, changes, outcomes);
        current.clear();
        rowsInRequest.clear();
        bytes = 0;
      }
      current.add(i);
      rowsInRequest.add(rowId);
      bytes += size;
    }
    if (!current.isEmpty()) {
      send(current, ops, changes, outcomes);
    }
    return List.of(outcomes);
  }

  private void send(
      List<Integer> indexes, List<WriteOp> ops, RowChange[] changes, WriteOutcome[] outcomes) {
    BatchWriteRowRequest request = new BatchWriteRowRequest();
    // the request groups rows by table; a result names its table and its index in that group
    Map<String, List<Integer>> byTable = new LinkedHashMap<>();
    for (int i : indexes) {
      request.addRowChange(changes[i]);
      byTable.computeIfAbsent(ops.get(i).table(), t -> new ArrayList<>()).add(i);
    }
    BatchWriteRowResponse response;
    try {
      response = client.batchWriteRow(request);
    } catch (RuntimeException e) {
      for (int i : indexes) {
        outcomes[i] =
            WriteOutcome.failed(ops.get(i), tableError("batch write", ops.get(i).table(), e));
      }
      return;
    }
    for (Map.Entry<String, List<BatchWriteRowResponse.RowResult>> e :
        response.getRowStatus().entrySet()) {
      List<Integer> group = byTable.getOrDefault(e.getKey(), List.of());
      for (BatchWriteRowResponse.RowResult r : e.getValue()) {
        if (r.getIndex() < 0 || r.getIndex() >= group.size()) {
          continue; // not one of ours; left without an outcome, so caught below
        }
        int i = group.get(r.getIndex());
        WriteOp op = ops.get(i);
        if (r.isSucceed()) {
          outcomes[i] = WriteOutcome.applied(op);
          TableState state = tables.get(op.table());
          if (state != null) {
            state.counters.wrote(op.key().get(0), op.sizeInBytes());
          }
        } else {
          outcomes[i] =
              WriteOutcome.failed(
                  op,
                  TablestoreErrors.fromRowError(
                      "writing " + op.key() + " to " + op.table(), r.getError()));
        }
      }
    }
    for (int i : indexes) {
      if (outcomes[i] == null) {
        outcomes[i] =
            WriteOutcome.failed(
                ops.get(i),
                new StoreException(
                    ErrorKind.INTERNAL,
                    "BatchWriteRow returned no result for " + ops.get(i).key()));
      }
    }
  }

  // ---------------------------------------------------------------- scans

  /**
   * {@inheritDoc}
   *
   * <p>Rows are fetched page by page with {@code GetRange} as the stream is consumed; the service
   * ends a page at its own row and byte limits and at partition boundaries, and says where to go on
   * with {@code nextStartPrimaryKey}.
   */
  @Override
  public Stream<Row> scan(String table, ScanRange range) {
    TableState state = state(table);
    ServiceChecks.bound(state.spec, range.start(), limits);
    ServiceChecks.bound(state.spec, range.end(), limits);
    if (range.limit() == 0 || range.start().compareTo(range.end()) >= 0) {
      return Stream.empty(); // as the embedded store: an empty range, not an error
    }
    Iterator<Row> rows = new RangeIterator(state, table, range);
    return StreamSupport.stream(
        Spliterators.spliteratorUnknownSize(
            rows, Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.DISTINCT),
        false);
  }

  /** Follows {@code nextStartPrimaryKey} from page to page until the range or limit is done. */
  private final class RangeIterator implements Iterator<Row> {
    private final TableState state;
    private final String table;
    private final ScanRange range;
    private final ArrayDeque<Row> page = new ArrayDeque<>();
    private com.alicloud.openservices.tablestore.model.PrimaryKey next;
    private long remaining;

    RangeIterator(TableState state, String table, ScanRange range) {
      this.state = state;
      this.table = table;
      this.range = range;
      this.next = SdkMapping.sdkKey(state.spec.primaryKey(), range.start());
      this.remaining = range.limit();
    }

    @Override
    public boolean hasNext() {
      while (page.isEmpty() && next != null && remaining > 0) {
        fetch();
      }
      return !page.isEmpty() && remaining > 0;
    }

    private void fetch() {
      RangeRowQueryCriteria criteria = new RangeRowQueryCriteria(table);
      criteria.setInclusiveStartPrimaryKey(next);
      criteria.setExclusiveEndPrimaryKey(SdkMapping.sdkKey(state.spec.primaryKey(), range.end()));
      criteria.setDirection(Direction.FORWARD);
      criteria.setLimit((int) Math.min(remaining, MAX_RANGE_ROWS));
      select(criteria, range.columns());
      GetRangeResponse response;
      try {
        response = client.getRange(new GetRangeRequest(criteria));
      } catch (RuntimeException e) {
        throw tableError("scanning table " + table, table, e);
      }
      for (com.alicloud.openservices.tablestore.model.Row r : response.getRows()) {
        Row row = SdkMapping.row(r);
        page.add(row);
        state.counters.read(row.key().get(0));
      }
      next = response.getNextStartPrimaryKey();
    }

    @Override
    public Row next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      remaining--;
      return page.poll();
    }
  }

  // ---------------------------------------------------------------- stats, lifecycle

  @Override
  public List<PartitionStats> partitionStats(String table) {
    return state(table).counters.snapshot();
  }

  @Override
  public StoreLimits limits() {
    return limits;
  }

  @Override
  public void close() {
    onClose.run();
  }

  // ---------------------------------------------------------------- mapping

  private static RowPutChange putChange(TableSpec spec, String table, Row row) {
    RowPutChange change = new RowPutChange(table, SdkMapping.sdkKey(spec.primaryKey(), row.key()));
    for (Map.Entry<String, AttrValue> e : row.columns().entrySet()) {
      change.addColumn(e.getKey(), SdkMapping.sdkValue(e.getValue()));
    }
    return change;
  }

  private static void select(RowQueryCriteria criteria, ColumnSelection columns) {
    criteria.setMaxVersions(1);
    if (!columns.isAll()) {
      criteria.addColumnsToGet(columns.names());
    }
  }

  /** Maps an error; a missing table also drops the cached spec, which may be stale. */
  private StoreException tableError(String what, String table, RuntimeException e) {
    StoreException mapped = TablestoreErrors.map(what, e);
    if (mapped.kind() == ErrorKind.TABLE_NOT_FOUND) {
      tables.remove(table);
    }
    return mapped;
  }

  /** For tests: the spec cache, to check that a missing table is forgotten. */
  Set<String> cachedTables() {
    return Collections.unmodifiableSet(tables.keySet());
  }
}
