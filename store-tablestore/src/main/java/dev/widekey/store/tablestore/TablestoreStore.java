package dev.widekey.store.tablestore;

import com.alicloud.openservices.tablestore.SyncClientInterface;
import com.alicloud.openservices.tablestore.model.AddDefinedColumnRequest;
import com.alicloud.openservices.tablestore.model.BatchGetRowRequest;
import com.alicloud.openservices.tablestore.model.BatchGetRowResponse;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.CreateIndexRequest;
import com.alicloud.openservices.tablestore.model.CreateTableRequestEx;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.DeleteTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableResponse;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRangeResponse;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.IndexMeta;
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
import com.alicloud.openservices.tablestore.model.UpdateTableRequest;
import com.alicloud.openservices.tablestore.model.search.SyncStat;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.DefinedColumn;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.ServiceIndex;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.backend.CheckedBatch;
import dev.widekey.runtime.store.backend.ConditionErrors;
import dev.widekey.runtime.store.backend.RowCursor;
import dev.widekey.runtime.store.backend.ServiceChecks;
import dev.widekey.runtime.store.backend.ServiceIndexAdditions;
import dev.widekey.runtime.store.backend.ServiceStore;
import dev.widekey.runtime.store.backend.TableErrors;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
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
 * created with one version per cell, no expiry and the spec's split points. {@link ServiceStore}
 * checks the calls, counts them and keeps the table specs; this class maps them to the SDK.
 *
 * <p>The SDK's {@code SyncClient} sends {@code CreateTable} without split points; {@link #connect}
 * therefore creates pre-split tables through the SDK's {@code InternalClient}, which has the call
 * that carries them. A store built with {@link #using} creates unsplit tables through the given
 * client and refuses a pre-split one rather than create it unsplit. The service takes at most 10
 * partitions at creation ({@link StoreLimits#TABLESTORE}) and splits further by itself as data
 * grows.
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
public final class TablestoreStore extends ServiceStore {
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

  /** Tables whose every partition answered since this store created or adopted them. */
  private final Set<String> ready = ConcurrentHashMap.newKeySet();

  /** What {@link #toString} names: the endpoint and instance, when this store connected. */
  private volatile String description = "a caller's client";

  TablestoreStore(
      SyncClientInterface client,
      Consumer<CreateTableRequestEx> tableCreator,
      Runnable onClose,
      Duration readyTimeout) {
    super(StoreLimits.TABLESTORE);
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
   * A store over a client the caller owns and shuts down; closing the store leaves it open. The
   * SDK's {@code SyncClient.createTable} does not send split points, so this store creates only
   * unsplit tables: creating a table whose spec has split points fails with {@link
   * ErrorKind#INVALID_REQUEST} and creates nothing. Use {@link #connect} for pre-split tables.
   *
   * <pre>{@code TablestoreStore store = TablestoreStore.using(syncClient);}</pre>
   */
  public static TablestoreStore using(SyncClientInterface client) {
    return new TablestoreStore(client, unsplitOnly(client), () -> {}, Duration.ofSeconds(60));
  }

  /** Sets what {@link #toString} names (never a credential). */
  TablestoreStore describedAs(String description) {
    this.description = Objects.requireNonNull(description, "description");
    return this;
  }

  /** The endpoint and instance, e.g. in the log line of {@code Stores.open}; no credential. */
  @Override
  public String toString() {
    return "TablestoreStore[" + description + "]";
  }

  /** CreateTable through {@code SyncClient.createTable}, which would drop split points silently. */
  static Consumer<CreateTableRequestEx> unsplitOnly(SyncClientInterface client) {
    return request -> {
      if (!request.getSplitPoints().isEmpty()) {
        throw new StoreException(
            ErrorKind.INVALID_REQUEST,
            "table "
                + request.getTableMeta().getTableName()
                + " is to be pre-split at "
                + request.getSplitPoints().size()
                + " points, but SyncClient.createTable does not send split points; open the"
                + " store with TablestoreStore.connect, which creates tables with"
                + " CreateTableEx");
      }
      client.createTable(request);
    };
  }

  @Override
  protected StoreException mapError(String what, Exception error) {
    return TablestoreErrors.map(what, error);
  }

  // ---------------------------------------------------------------- tables

  @Override
  protected void sendCreateTable(TableSpec spec) {
    TableMeta meta = new TableMeta(spec.name());
    for (PkColumn c : spec.primaryKey()) {
      meta.addPrimaryKeyColumn(c.name(), SdkMapping.sdkType(c.type()));
    }
    // one version per cell, a wide-table row, not a versioned cell history; rows expire after
    // the spec's time to live (TimeToLive counts from a cell's last write), or never (-1)
    // predefined columns and the service's secondary indexes, created with the table
    for (DefinedColumn d : spec.definedColumns()) {
      meta.addDefinedColumn(d.name(), SdkMapping.definedType(d.type()));
    }
    List<IndexMeta> indexes = new ArrayList<>();
    for (ServiceIndex index : spec.serviceIndexes()) {
      indexes.add(SdkMapping.indexMeta(index));
    }
    TableOptions options = new TableOptions(timeToLive(spec), MAX_VERSIONS);
    if (!indexes.isEmpty() && spec.ttlSeconds() != TableSpec.NO_TTL) {
      // the service takes secondary indexes on an expiring table only if it refuses UpdateRow
      // ("Don't support allow update operation on table with index and ttl"); the store writes
      // with PutRow only
      options.setAllowUpdate(false);
    }
    CreateTableRequestEx request = new CreateTableRequestEx(meta, options, indexes);
    if (!spec.splitPoints().isEmpty()) {
      List<PrimaryKeyValue> splits = new ArrayList<>();
      for (PkValue p : spec.splitPoints()) {
        splits.add(SdkMapping.sdkValue(p));
      }
      try {
        request.setSplitPoints(splits);
      } catch (IllegalArgumentException e) {
        // the SDK checks the order with String.compareTo (UTF-16), the service orders by UTF-8
        throw new StoreException(
            ErrorKind.INVALID_REQUEST,
            "the split points of table "
                + spec.name()
                + " are in the service's (UTF-8) order, which the SDK's check (UTF-16 order)"
                + " refuses for strings above U+D7FF; choose split points whose two orders agree: "
                + e.getMessage(),
            e);
      }
    }
    tableCreator.accept(request);
  }

  /**
   * The TimeToLive option of a spec's table: its time to live in seconds, or -1; at most {@link
   * StoreLimits#MAX_TTL_SECONDS}, the bound every store and the processor (WK209) keep.
   */
  static int timeToLive(TableSpec spec) {
    if (spec.ttlSeconds() > StoreLimits.MAX_TTL_SECONDS) {
      throw new StoreException(
          ErrorKind.INVALID_REQUEST,
          "time to live of table "
              + spec.name()
              + " is "
              + spec.ttlSeconds()
              + " seconds; at most "
              + StoreLimits.MAX_TTL_SECONDS
              + " are taken");
    }
    return (int) spec.ttlSeconds();
  }

  /** Versions per cell of the tables the store creates: one, a row is not a cell history. */
  static final int MAX_VERSIONS = 1;

  /**
   * A table that was there already must keep one version per cell and the spec's time to live, as
   * the tables the store creates: the store reads only the latest version and writes no timestamps.
   */
  @Override
  protected void adoptExisting(TableSpec spec) {
    TableOptions options =
        client.describeTable(new DescribeTableRequest(spec.name())).getTableOptions();
    // the time to live is checked for every backend before this (TableErrors)
    if (options != null && options.getMaxVersions() != MAX_VERSIONS) {
      throw new StoreException(
          ErrorKind.TABLE_EXISTS,
          "table "
              + spec.name()
              + " exists with max versions "
              + options.getMaxVersions()
              + "; widekey needs max versions "
              + MAX_VERSIONS);
    }
    awaitReady(spec);
  }

  /**
   * The service loads a new table's partitions independently, for about a minute in most cases;
   * reads and writes on a partition meanwhile fail with a retryable error. A GetRow in every
   * partition, repeated until each answers, keeps that out of the caller's first writes. Probe keys
   * hold no empty values (whether the service takes them in a row is not verified).
   */
  @Override
  protected void awaitReady(TableSpec spec) {
    if (ready.contains(spec.name())) {
      return;
    }
    long start = System.nanoTime();
    // saturated, and compared as elapsed time: a timeout near or past the clock's range
    // (ChronoUnit.FOREVER) waits, never overflows or wraps to "already passed"
    long budget = RetryPolicy.saturatedNanos(readyTimeout);
    for (PrimaryKey probe : ReadinessProbes.keys(spec)) {
      awaitPartition(spec, probe, start, budget);
    }
    ready.add(spec.name());
  }

  private void awaitPartition(TableSpec spec, PrimaryKey probe, long start, long budget) {
    long pauseMillis = 50;
    while (true) {
      try {
        SingleRowQueryCriteria criteria =
            new SingleRowQueryCriteria(spec.name(), SdkMapping.sdkKey(spec.primaryKey(), probe));
        criteria.setMaxVersions(1);
        client.getRow(new GetRowRequest(criteria));
        return;
      } catch (RuntimeException e) {
        StoreException mapped = TablestoreErrors.map("waiting for table " + spec.name(), e);
        boolean loading = mapped.retryable() || mapped.kind() == ErrorKind.TABLE_NOT_FOUND;
        if (!loading || System.nanoTime() - start > budget) {
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

  /**
   * An index declared after the table was created: AddDefinedColumn for the columns it needs, then
   * CreateIndex with {@code IncludeBaseData}, so the service builds it from the rows already stored
   * ("Create a secondary index": CreateIndex "creates an index table for an existing data table";
   * IncludeBaseData indexes its existing data). A global index is built in the background, its sync
   * phase FULL until the existing rows are in it and INCR after; this waits for INCR, so a read
   * through the index finds the rows stored before it. An expiring table first stops taking
   * UpdateRow, which the service requires of a table with indexes and a time to live.
   */
  @Override
  protected void addServiceIndexes(TableSpec existing, ServiceIndexAdditions added) {
    String table = existing.name();
    try {
      if (!added.columns().isEmpty()) {
        AddDefinedColumnRequest columns = new AddDefinedColumnRequest();
        columns.setTableName(table);
        for (DefinedColumn d : added.columns()) {
          columns.addDefinedColumn(d.name(), SdkMapping.definedType(d.type()));
        }
        client.addDefinedColumn(columns);
      }
      if (existing.expires()) {
        TableOptions options =
            client.describeTable(new DescribeTableRequest(table)).getTableOptions();
        if (options == null || !options.hasSetAllowUpdate() || options.getAllowUpdate()) {
          UpdateTableRequest update = new UpdateTableRequest(table);
          TableOptions noUpdate = new TableOptions();
          noUpdate.setAllowUpdate(false);
          update.setTableOptionsForUpdate(noUpdate);
          client.updateTable(update);
        }
      }
      for (ServiceIndex index : added.indexes()) {
        client.createIndex(new CreateIndexRequest(table, SdkMapping.indexMeta(index), true));
      }
    } catch (StoreException e) {
      throw e;
    } catch (RuntimeException e) {
      throw TablestoreErrors.map("adding service indexes " + added.indexes() + " to " + table, e);
    }
    awaitIndexesBuilt(table, added.indexes());
  }

  /** Waits until each of {@code indexes} holds the rows stored before it (sync phase INCR). */
  private void awaitIndexesBuilt(String table, List<ServiceIndex> indexes) {
    long start = System.nanoTime();
    long budget = RetryPolicy.saturatedNanos(readyTimeout);
    long pauseMillis = 50;
    Set<String> names = new HashSet<>();
    for (ServiceIndex index : indexes) {
      names.add(index.name());
    }
    while (true) {
      List<String> building = new ArrayList<>();
      DescribeTableResponse described = client.describeTable(new DescribeTableRequest(table));
      if (described.getIndexMeta() != null) {
        for (IndexMeta meta : described.getIndexMeta()) {
          if (names.contains(meta.getIndexName())
              && meta.getIndexSyncPhase() == SyncStat.SyncPhase.FULL) {
            building.add(meta.getIndexName());
          }
        }
      }
      if (building.isEmpty()) {
        return;
      }
      if (System.nanoTime() - start > budget) {
        throw new StoreException(
            ErrorKind.TIMEOUT,
            "the service indexes "
                + building
                + " of table "
                + table
                + " were still indexing the rows stored before them after "
                + readyTimeout
                + "; a read through them may miss those rows until they are done. Call"
                + " createTable again to wait further",
            true,
            null);
      }
      try {
        Thread.sleep(pauseMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new StoreException(
            ErrorKind.TIMEOUT, "interrupted waiting for the indexes of table " + table, e);
      }
      pauseMillis = Math.min(2000, pauseMillis * 2);
    }
  }

  @Override
  protected Optional<TableSpec> sendDescribeTable(String table) {
    DescribeTableResponse response = client.describeTable(new DescribeTableRequest(table));
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
    // the service keeps no profile: a store that created the table keeps the spec it was given
    TableOptions options = response.getTableOptions();
    long ttl =
        options == null || options.getTimeToLive() <= 0
            ? TableSpec.NO_TTL
            : options.getTimeToLive();
    List<DefinedColumn> defined = new ArrayList<>();
    for (com.alicloud.openservices.tablestore.model.DefinedColumnSchema d :
        response.getTableMeta().getDefinedColumnsList()) {
      defined.add(new DefinedColumn(d.getName(), SdkMapping.attrType(d.getType())));
    }
    List<ServiceIndex> indexes = new ArrayList<>();
    if (response.getIndexMeta() != null) {
      for (IndexMeta index : response.getIndexMeta()) {
        indexes.add(SdkMapping.serviceIndex(index, schema));
      }
    }
    return Optional.of(
        new TableSpec(table, schema, splits, TableSpec.DEFAULT_PROFILE, ttl, defined, indexes));
  }

  /** ListTable returns every table of the instance (at most 64 by default); filtered here. */
  @Override
  protected List<String> sendListTables(String prefix) {
    return client.listTable().getTableNames().stream().filter(n -> n.startsWith(prefix)).toList();
  }

  @Override
  protected void sendDeleteTable(String table) {
    ready.remove(table);
    client.deleteTable(new DeleteTableRequest(table));
  }

  // ---------------------------------------------------------------- single rows

  @Override
  protected void sendPut(TableSpec table, Row row) {
    client.putRow(new PutRowRequest(putChange(table, row)));
  }

  /** A {@code PutRow} with the condition's row existence expectation and column condition. */
  @Override
  protected void sendPut(TableSpec table, Row row, WriteCondition condition) {
    client.putRow(new PutRowRequest(putChange(table, row, condition)));
  }

  @Override
  protected Optional<Row> sendGet(TableSpec table, PrimaryKey key, ColumnSelection columns) {
    SingleRowQueryCriteria criteria =
        new SingleRowQueryCriteria(table.name(), SdkMapping.sdkKey(table.primaryKey(), key));
    select(table, criteria, columns);
    return Optional.ofNullable(SdkMapping.row(client.getRow(new GetRowRequest(criteria)).getRow()));
  }

  /**
   * Sent as {@code BatchGetRow} calls of at most 100 distinct keys. A key that fails on the service
   * fails the call with that key's error.
   */
  @Override
  protected List<Optional<Row>> sendMultiGet(
      TableSpec table, List<PrimaryKey> keys, ColumnSelection columns) {
    String name = table.name();
    // one request per 100 distinct keys: the service refuses a key named twice in one call
    List<PrimaryKey> distinct = new ArrayList<>(new LinkedHashSet<>(keys));
    Map<PrimaryKey, Row> found = new HashMap<>();
    for (int from = 0; from < distinct.size(); from += MAX_BATCH_GET_ROWS) {
      List<PrimaryKey> chunk =
          distinct.subList(from, Math.min(distinct.size(), from + MAX_BATCH_GET_ROWS));
      MultiRowQueryCriteria criteria = new MultiRowQueryCriteria(name);
      for (PrimaryKey key : chunk) {
        criteria.addRow(SdkMapping.sdkKey(table.primaryKey(), key));
      }
      select(table, criteria, columns);
      BatchGetRowRequest request = new BatchGetRowRequest();
      request.addMultiRowQueryCriteria(criteria);
      BatchGetRowResponse response = client.batchGetRow(request);
      List<BatchGetRowResponse.RowResult> results = response.getBatchGetRowResult(name);
      if (results == null || results.size() != chunk.size()) {
        throw new StoreException(
            ErrorKind.INTERNAL,
            "BatchGetRow on "
                + name
                + " answered "
                + (results == null ? 0 : results.size())
                + " rows for "
                + chunk.size()
                + " keys");
      }
      for (BatchGetRowResponse.RowResult r : results) {
        PrimaryKey key = chunk.get(r.getIndex());
        if (!r.isSucceed()) {
          throw TablestoreErrors.fromRowError("reading " + key + " from " + name, r.getError());
        }
        Row row = SdkMapping.row(r.getRow());
        if (row != null) {
          found.put(key, row);
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
  protected void sendDelete(TableSpec table, PrimaryKey key) {
    client.deleteRow(new DeleteRowRequest(deleteChange(table, key, WriteCondition.none())));
  }

  /** A {@code DeleteRow} with the condition's row existence expectation and column condition. */
  @Override
  protected void sendDelete(TableSpec table, PrimaryKey key, WriteCondition condition) {
    client.deleteRow(new DeleteRowRequest(deleteChange(table, key, condition)));
  }

  // ---------------------------------------------------------------- batches

  /**
   * Sent as {@code BatchWriteRow} calls, each row's result mapped to its outcome; a call that fails
   * as a whole fails all of its rows with that error.
   */
  @Override
  protected void sendBatch(CheckedBatch batch) {
    // Requests in op order: a new one starts at 200 rows, at the byte bound, or when a row comes
    // again (so that the writes of one row apply in order).
    List<Change> current = new ArrayList<>();
    Set<Map.Entry<String, PrimaryKey>> rowsInRequest = new HashSet<>();
    long bytes = 0;
    for (CheckedBatch.Write w : batch.writes()) {
      Change change =
          new Change(
              w,
              w.op() instanceof WriteOp.Put p
                  ? putChange(w.table(), p.row(), p.condition())
                  : deleteChange(w.table(), w.op().key(), w.op().condition()));
      // the key itself, not its text: toString shortens long keys, so two could print alike
      Map.Entry<String, PrimaryKey> rowId = Map.entry(w.op().table(), w.op().key());
      long size = change.row().getDataSize();
      if (!current.isEmpty()
          && (current.size() == MAX_BATCH_WRITE_ROWS
              || bytes + size > MAX_BATCH_WRITE_BYTES
              || rowsInRequest.contains(rowId))) {
        send(current, batch);
        current.clear();
        rowsInRequest.clear();
        bytes = 0;
      }
      current.add(change);
      rowsInRequest.add(rowId);
      bytes += size;
    }
    if (!current.isEmpty()) {
      send(current, batch);
    }
  }

  /** A checked write and the SDK's row change for it. */
  private record Change(CheckedBatch.Write write, RowChange row) {}

  private void send(List<Change> changes, CheckedBatch batch) {
    BatchWriteRowRequest request = new BatchWriteRowRequest();
    // the request groups rows by table; a result names its table and its index in that group
    Map<String, List<CheckedBatch.Write>> byTable = new LinkedHashMap<>();
    for (Change c : changes) {
      request.addRowChange(c.row());
      byTable.computeIfAbsent(c.write().op().table(), t -> new ArrayList<>()).add(c.write());
    }
    BatchWriteRowResponse response;
    try {
      response = client.batchWriteRow(request);
    } catch (RuntimeException e) {
      failedAsAWhole(changes, batch, e);
      return;
    }
    for (Map.Entry<String, List<BatchWriteRowResponse.RowResult>> e :
        response.getRowStatus().entrySet()) {
      List<CheckedBatch.Write> group = byTable.getOrDefault(e.getKey(), List.of());
      for (BatchWriteRowResponse.RowResult r : e.getValue()) {
        if (r.getIndex() < 0 || r.getIndex() >= group.size()) {
          continue; // not one of ours; left without an outcome, so failed as unanswered
        }
        CheckedBatch.Write w = group.get(r.getIndex());
        if (r.isSucceed()) {
          batch.applied(w);
        } else {
          batch.failed(w, rowError(w, r.getError()));
        }
      }
    }
  }

  /**
   * The error of one row: a condition that did not hold is worded as on every store, naming the
   * condition, with the service's error as the cause.
   */
  private static StoreException rowError(
      CheckedBatch.Write w, com.alicloud.openservices.tablestore.model.Error error) {
    StoreException mapped =
        TablestoreErrors.fromRowError("writing " + w.op().key() + " to " + w.op().table(), error);
    if (mapped.kind() == ErrorKind.CONDITION_FAILED && !w.op().condition().isNone()) {
      return ConditionErrors.failed(w.op().table(), w.op().key(), w.op().condition(), mapped);
    }
    return mapped;
  }

  /**
   * The service fails a whole BatchWriteRow for one missing table. The checks before sending catch
   * every other cause of that, but a table dropped behind the store's cache is known only now: the
   * writes to the tables that still exist are sent again, those to a missing table fail alone.
   */
  private void failedAsAWhole(List<Change> changes, CheckedBatch batch, RuntimeException e) {
    Set<String> tablesInCall = new LinkedHashSet<>();
    for (Change c : changes) {
      tablesInCall.add(c.write().op().table());
    }
    StoreException mapped = null;
    for (String table : tablesInCall) {
      mapped = serviceError("batch write", table, e); // forgets every table if one is missing
    }
    Set<String> missing = new HashSet<>();
    if (mapped.kind() == ErrorKind.TABLE_NOT_FOUND && tablesInCall.size() > 1) {
      try {
        for (String table : tablesInCall) {
          if (describeTable(table).isEmpty()) {
            missing.add(table);
          }
        }
      } catch (StoreException unknown) {
        missing.clear(); // cannot tell which: the call's error stands for all
      }
    }
    List<Change> resend = new ArrayList<>();
    for (Change c : changes) {
      String table = c.write().op().table();
      if (missing.isEmpty()) {
        batch.failed(c.write(), mapped);
      } else if (missing.contains(table)) {
        batch.failed(c.write(), TableErrors.notFound(table));
      } else {
        resend.add(c);
      }
    }
    if (!resend.isEmpty()) {
      send(resend, batch);
    }
  }

  // ---------------------------------------------------------------- scans

  /**
   * Rows are fetched page by page with {@code GetRange} as the stream is consumed; the service ends
   * a page at its own row and byte limits and at partition boundaries, and says where to go on with
   * {@code nextStartPrimaryKey}.
   *
   * <p>A backward range [start, end) is a {@code BACKWARD} GetRange, whose inclusive start is the
   * greater key and whose exclusive end the smaller: it is asked from {@code end} (inclusive) down
   * to {@code start} (exclusive), and the two bounds are set right on the client. A row at {@code
   * end} itself (only a key without INF columns can be a row's) is dropped, and a row at {@code
   * start} itself, which the exclusive end leaves out, is read with GetRow after the last page and
   * returned last.
   */
  @Override
  protected RowCursor openScan(TableSpec table, ScanRange range) {
    return new RangeCursor(table, range);
  }

  /** Follows {@code nextStartPrimaryKey} from page to page until the range or limit is done. */
  private final class RangeCursor implements RowCursor {
    private final TableSpec table;
    private final ScanRange range;
    private final ArrayDeque<Row> page = new ArrayDeque<>();
    private com.alicloud.openservices.tablestore.model.PrimaryKey next;
    private long remaining;
    // backward: the range's start is a possible row key, which the exclusive end leaves out
    private boolean startRowDue;

    RangeCursor(TableSpec table, ScanRange range) {
      this.table = table;
      this.range = range;
      this.next =
          SdkMapping.sdkKey(table.primaryKey(), range.isBackward() ? range.end() : range.start());
      this.remaining = range.limit();
      this.startRowDue = range.isBackward() && !range.start().hasInfinite();
    }

    @Override
    public Row next() {
      while (page.isEmpty() && next != null && remaining > 0) {
        fetch();
      }
      if (page.isEmpty() && startRowDue && remaining > 0) {
        startRowDue = false;
        sendGet(table, range.start(), range.columns()).ifPresent(page::add);
      }
      if (page.isEmpty() || remaining == 0) {
        return null;
      }
      remaining--;
      return page.poll();
    }

    private void fetch() {
      RangeRowQueryCriteria criteria = new RangeRowQueryCriteria(table.name());
      criteria.setInclusiveStartPrimaryKey(next);
      long want = remaining;
      if (range.isBackward()) {
        criteria.setExclusiveEndPrimaryKey(SdkMapping.sdkKey(table.primaryKey(), range.start()));
        criteria.setDirection(Direction.BACKWARD);
        if (!range.end().hasInfinite()) {
          want = remaining == Long.MAX_VALUE ? remaining : remaining + 1; // a row at end, dropped
        }
      } else {
        criteria.setExclusiveEndPrimaryKey(SdkMapping.sdkKey(table.primaryKey(), range.end()));
        criteria.setDirection(Direction.FORWARD);
      }
      criteria.setLimit((int) Math.min(want, MAX_RANGE_ROWS));
      select(table, criteria, range.columns());
      GetRangeResponse response = client.getRange(new GetRangeRequest(criteria));
      for (com.alicloud.openservices.tablestore.model.Row r : response.getRows()) {
        Row row = SdkMapping.row(r);
        if (range.isBackward() && row.key().equals(range.end())) {
          continue; // the inclusive start of a BACKWARD GetRange is the range's exclusive end
        }
        page.add(row);
      }
      next = response.getNextStartPrimaryKey();
    }
  }

  /**
   * {@inheritDoc}
   *
   * <p>A {@code GetRange} on the index table's name, page by page as {@link #scan} reads a data
   * table: Tablestore reads an index table as a table whose primary key is {@link
   * TableSpec#indexKey}. A local index ({@code IUM_SYNC_INDEX}) is exact after each write; a global
   * one ({@code IUM_ASYNC_INDEX}) is synchronised asynchronously, in milliseconds as the
   * documentation puts it, so a read may miss the latest writes.
   */
  @Override
  public Stream<Row> scanIndex(String table, String index, ScanRange range) {
    TableSpec data = spec(table);
    if (data.serviceIndexes().stream().noneMatch(s -> s.name().equals(index))) {
      throw new StoreException(
          ErrorKind.INVALID_REQUEST,
          "table " + table + " has no service index " + index + ": " + data.serviceIndexes());
    }
    TableSpec indexTable =
        new TableSpec(index, data.indexKey(index), List.of(), data.profile(), data.ttlSeconds());
    ServiceChecks.bound(indexTable, range.start(), limitsOf(data));
    ServiceChecks.bound(indexTable, range.end(), limitsOf(data));
    if (range.limit() == 0 || range.start().compareTo(range.end()) >= 0) {
      return Stream.empty();
    }
    RangeCursor cursor = new RangeCursor(indexTable, range.withColumns(ColumnSelection.all()));
    String what = "reading index " + index + " of table " + table;
    Iterator<Row> rows =
        new Iterator<>() {
          private Row next;
          private boolean done;

          @Override
          public boolean hasNext() {
            if (next == null && !done) {
              try {
                next = cursor.next();
              } catch (RuntimeException e) {
                throw serviceError(what, index, e);
              }
              done = next == null;
            }
            return next != null;
          }

          @Override
          public Row next() {
            if (!hasNext()) {
              throw new NoSuchElementException();
            }
            Row r = next;
            next = null;
            return r;
          }
        };
    return StreamSupport.stream(
        Spliterators.spliteratorUnknownSize(rows, Spliterator.ORDERED | Spliterator.NONNULL),
        false);
  }

  // ---------------------------------------------------------------- lifecycle

  @Override
  public void close() {
    onClose.run();
  }

  // ---------------------------------------------------------------- mapping

  /** The SDK's change for a put of {@code row}: what the service receives and measures. */
  static RowPutChange putChange(TableSpec table, Row row) {
    return putChange(table, row, WriteCondition.none());
  }

  private static RowPutChange putChange(TableSpec table, Row row, WriteCondition condition) {
    RowPutChange change =
        new RowPutChange(table.name(), SdkMapping.sdkKey(table.primaryKey(), row.key()));
    if (!condition.isNone()) {
      change.setCondition(SdkMapping.condition(condition));
    }
    for (int i = 0; i < row.columnCount(); i++) {
      change.addColumn(row.columnName(i), SdkMapping.sdkValue(row.columnValue(i)));
    }
    return change;
  }

  private static RowDeleteChange deleteChange(
      TableSpec table, PrimaryKey key, WriteCondition condition) {
    RowDeleteChange change =
        new RowDeleteChange(table.name(), SdkMapping.sdkKey(table.primaryKey(), key));
    if (!condition.isNone()) {
      change.setCondition(SdkMapping.condition(condition));
    }
    return change;
  }

  private static void select(TableSpec table, RowQueryCriteria criteria, ColumnSelection columns) {
    criteria.setMaxVersions(1);
    if (columns.isKeysOnly()) {
      // no columns to get means all of them: a primary-key column alone returns the key only
      criteria.addColumnsToGet(table.primaryKey().get(0).name());
    } else if (!columns.isAll()) {
      criteria.addColumnsToGet(columns.names());
    }
  }

  /** For tests: the spec cache, to check that a missing table is forgotten. */
  Set<String> cachedTables() {
    return knownTables();
  }
}
