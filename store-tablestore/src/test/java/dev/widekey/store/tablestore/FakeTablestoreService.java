package dev.widekey.store.tablestore;

import com.alicloud.openservices.tablestore.SyncClientInterface;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.AddDefinedColumnRequest;
import com.alicloud.openservices.tablestore.model.AddDefinedColumnResponse;
import com.alicloud.openservices.tablestore.model.BatchGetRowRequest;
import com.alicloud.openservices.tablestore.model.BatchGetRowResponse;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.CapacityUnit;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.Condition;
import com.alicloud.openservices.tablestore.model.ConsumedCapacity;
import com.alicloud.openservices.tablestore.model.CreateIndexRequest;
import com.alicloud.openservices.tablestore.model.CreateIndexResponse;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.CreateTableRequestEx;
import com.alicloud.openservices.tablestore.model.CreateTableResponse;
import com.alicloud.openservices.tablestore.model.DefinedColumnSchema;
import com.alicloud.openservices.tablestore.model.DefinedColumnType;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.DeleteRowResponse;
import com.alicloud.openservices.tablestore.model.DeleteTableRequest;
import com.alicloud.openservices.tablestore.model.DeleteTableResponse;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableResponse;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.Error;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRangeResponse;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.GetRowResponse;
import com.alicloud.openservices.tablestore.model.IndexMeta;
import com.alicloud.openservices.tablestore.model.IndexType;
import com.alicloud.openservices.tablestore.model.IndexUpdateMode;
import com.alicloud.openservices.tablestore.model.ListTableResponse;
import com.alicloud.openservices.tablestore.model.MultiRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.PutRowResponse;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.Response;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowChange;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowExistenceExpectation;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.RowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import com.alicloud.openservices.tablestore.model.UpdateTableRequest;
import com.alicloud.openservices.tablestore.model.UpdateTableResponse;
import com.alicloud.openservices.tablestore.model.condition.ColumnCondition;
import com.alicloud.openservices.tablestore.model.condition.CompositeColumnValueCondition;
import com.alicloud.openservices.tablestore.model.condition.SingleColumnValueCondition;
import com.alicloud.openservices.tablestore.model.search.SyncStat;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * An in-memory stand-in for the Tablestore service behind the SDK's {@link SyncClientInterface},
 * for the calls the store makes. It takes and answers the SDK's own request and response objects
 * and behaves as the service documents: rows sorted by primary key the service's way (STRING by
 * UTF-8 bytes, BINARY unsigned), the service's limits and name rules, GetRange pages that end at a
 * row limit and at partition boundaries with a {@code nextStartPrimaryKey} to go on from,
 * BatchWriteRow/BatchGetRow per-row results, refusal of a row named twice in one batch, error codes
 * with their HTTP status, and tables whose partitions each serve only a moment after CreateTable.
 *
 * <p>Where the service fails, the fake fails the same way, with the service's code and message;
 * each case names its source, the service's error-code documentation ("Error codes" of the
 * Tablestore API reference) or the SDK's function tests against the live service ({@code
 * SplitPointTest}, {@code RestrictedItemTest}):
 *
 * <ul>
 *   <li>{@code createTable} drops split points, as the SDK's {@code SyncClient.createTable} does;
 *       only {@link #createTableEx}, standing for {@code InternalClient.createTableEx}, keeps them;
 *   <li>CreateTableEx takes at most 10 partitions, split points of 1 to 64 bytes, no INT64 end
 *       ({@code SplitPointTest});
 *   <li>BatchWriteRow fails as a whole for a missing table, an invalid column name, a key or
 *       attribute value over its size limit, more than 1,024 attribute columns in a row, or an
 *       attribute named like a primary-key column; BatchGetRow for a missing table or a key over
 *       its size limit (the API references of BatchWriteRow and BatchGetRow; the size messages as
 *       the SDK's {@code RestrictedItemTest} asserts them);
 *   <li>a key of another schema is {@code OTSInvalidPK} "Validate PK size/name/type fail. …", per
 *       row in a batch (the SDK's {@code DataOperationTest}, whose live results differ from the API
 *       reference's list here), too many columns {@code OTSParameterInvalid} (error codes);
 *   <li>at most 64 tables, {@code OTSQuotaExhausted} "Number of tables exceeds the quota:64."
 *       ({@code RestrictedItemTest});
 *   <li>a PutRow or BatchWriteRow of more than 4 MB of data, as the SDK's {@code getDataSize}
 *       counts it (key and attribute names and values), is {@code OTSParameterInvalid} "The total
 *       data size of PutRow request exceeds the limit, limit size: 4194304 , data size: …" (error
 *       codes; the general limits: 4 MB per PutRow, UpdateRow and BatchWriteRow);
 *   <li>GetRange reads FORWARD from a smaller inclusive start to a greater exclusive end, BACKWARD
 *       from a greater inclusive start down to a smaller exclusive end; the other way round is
 *       {@code OTSParameterInvalid} "Begin key must less than end key in FORWARD." / "Begin key
 *       must more than end key in BACKWARD." (error codes; the Python SDK's function tests);
 *   <li>each partition of a new table refuses its first calls with a retryable 503 while it loads;
 *   <li>a put's or a delete's condition is checked atomically with the write, per row in
 *       BatchWriteRow: the row existence expectation first (EXPECT_EXIST, EXPECT_NOT_EXIST,
 *       IGNORE), a row past the table's time to live counting as absent, then a single-column
 *       condition on the stored row's latest value, a missing column passing only with {@code
 *       passIfMissing}; a condition that does not hold is 403 {@code OTSConditionCheckFail}
 *       "Condition check failed." and writes nothing (the SDK's and the Python SDK's function
 *       tests). A value of another type never equals the column's (not verified against the
 *       service); only EQUAL and NOT_EQUAL are compared; a composite condition combines them with
 *       AND, OR and NOT, and a row that does not exist has every column missing to it (with
 *       IGNORE), as for a single-column one.
 * </ul>
 *
 * <p>Tests can make chosen calls or rows fail with a given error code, and read back the requests
 * the service received.
 */
final class FakeTablestoreService {
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,254}");
  static final int MAX_PK_COLUMN_BYTES = 1024;
  static final int MAX_COLUMN_VALUE_BYTES = 2 * 1024 * 1024;
  static final int MAX_BATCH_WRITE_ROWS = 200;
  static final int MAX_BATCH_GET_ROWS = 100;
  static final int MAX_REQUEST_BYTES = 4 * 1024 * 1024;
  static final int MAX_COLUMNS = 1024;
  static final int MAX_PARTITIONS = 10;
  static final int MAX_SPLIT_POINT_BYTES = 64;
  static final int MAX_TABLES = 64;
  static final int MAX_DEFINED_COLUMNS = 32;

  /**
   * What the SDKs' restricted-item tests read against the service; the limits pages say 128, which
   * the store keeps ({@code StoreLimits.TABLESTORE_MAX_COLUMNS_TO_GET}), so this bound is never
   * met.
   */
  static final int MAX_COLUMNS_TO_GET = 1024;

  static final int MIN_TIME_TO_LIVE = 86_400;

  /** Rows one GetRange page holds at most; small, so that scans need many pages. */
  private final int pageRows;

  /**
   * Data calls each partition of a new table refuses with OTSTableNotReady, as the service does
   * while it loads the partition.
   */
  private final int notReadyCalls;

  private final Map<String, FakeTable> tables = new ConcurrentHashMap<>();
  private final Map<String, List<String[]>> failNext = new ConcurrentHashMap<>();
  private final Map<String, List<String[]>> failAfterApplying = new ConcurrentHashMap<>();
  private final List<RowFailure> rowFailures = new CopyOnWriteArrayList<>();
  private final List<Object> requests = new CopyOnWriteArrayList<>();
  private final AtomicInteger requestIds = new AtomicInteger();

  /** The service's clock, which rows' expiry is read from; tests move it instead of sleeping. */
  private volatile Clock clock = Clock.systemUTC();

  FakeTablestoreService(int pageRows, int notReadyCalls) {
    this.pageRows = pageRows;
    this.notReadyCalls = notReadyCalls;
  }

  private record RowFailure(Predicate<PrimaryKey> rows, String code) {}

  /** A secondary index: its schema and the table that holds its rows (keys only). */
  private record FakeIndex(IndexMeta meta, FakeTable table) {
    /**
     * A data row's key in this index: the index columns (a primary-key column, or a predefined
     * column of the row holding a value of its type), then the data table's other primary-key
     * columns; null if the row lacks an index column (the service's sparse index).
     */
    PrimaryKey keyOf(TableMeta data, PrimaryKey key, Map<String, ColumnValue> columns) {
      List<PrimaryKeyColumn> out = new ArrayList<>();
      for (String name : meta.getPrimaryKeyList()) {
        PrimaryKeyColumn pk = key.getPrimaryKeyColumn(name);
        if (pk != null) {
          out.add(pk);
          continue;
        }
        ColumnValue v = columns.get(name);
        DefinedColumnType type = data.getDefinedColumnMap().get(name);
        if (v == null || type == null) {
          return null;
        }
        PrimaryKeyValue value =
            switch (v.getType()) {
              case STRING ->
                  type == DefinedColumnType.STRING
                      ? PrimaryKeyValue.fromString(v.asString())
                      : null;
              case INTEGER ->
                  type == DefinedColumnType.INTEGER ? PrimaryKeyValue.fromLong(v.asLong()) : null;
              case BINARY ->
                  type == DefinedColumnType.BINARY
                      ? PrimaryKeyValue.fromBinary(v.asBinary())
                      : null;
              default -> null;
            };
        if (value == null) {
          return null;
        }
        out.add(new PrimaryKeyColumn(name, value));
      }
      for (PrimaryKeySchema c : data.getPrimaryKeyList()) {
        if (!meta.getPrimaryKeyList().contains(c.getName())) {
          out.add(key.getPrimaryKeyColumn(c.getName()));
        }
      }
      return new PrimaryKey(out);
    }
  }

  /** A change a global index receives at {@code due}. */
  private record PendingChange(
      FakeIndex index, PrimaryKey before, PrimaryKey after, long written, long due) {
    void apply() {
      if (before != null) {
        index.table().rows.remove(before);
        index.table().written.remove(before);
      }
      if (after != null) {
        index.table().rows.put(after, Map.of());
        index.table().written.put(after, written);
      }
    }
  }

  /** How long after a write the global indexes of tables created from now on receive it. */
  private volatile long globalIndexLagMillis;

  /**
   * Global secondary indexes receive each write {@code lag} after it, on the service's clock
   * ({@link #useClock}); local ones always at once. Zero (the default): at once.
   */
  void globalIndexLag(Duration lag) {
    this.globalIndexLagMillis = lag.toMillis();
    for (FakeTable t : tables.values()) {
      t.globalLagMillis = globalIndexLagMillis;
    }
  }

  private static final class FakeTable {
    final TableMeta meta;
    final TableOptions options;
    final List<PrimaryKeyValue> splits;
    final NavigableMap<PrimaryKey, Map<String, ColumnValue>> rows =
        new TreeMap<>(FakeTablestoreService::compareKeys);

    /** When each row was last written, in epoch milliseconds, for the table's time to live. */
    final Map<PrimaryKey, Long> written = new TreeMap<>(FakeTablestoreService::compareKeys);

    /** The secondary indexes the service keeps of this table, each a table of its own. */
    final List<FakeIndex> indexes = new ArrayList<>();

    /** The data table of an index table; null for a data table. */
    FakeTable owner;

    /** How long after a write a global index receives it, in milliseconds. */
    volatile long globalLagMillis;

    /** Global-index changes not yet applied, in write order. */
    final Deque<PendingChange> pending = new ArrayDeque<>();

    synchronized void write(PrimaryKey key, Map<String, ColumnValue> columns, long nowMillis) {
      Map<String, ColumnValue> old = live(key, nowMillis);
      rows.put(key, columns);
      written.put(key, nowMillis);
      indexChanged(key, old, columns, nowMillis);
    }

    synchronized void remove(PrimaryKey key) {
      remove(key, Long.MIN_VALUE);
    }

    synchronized void remove(PrimaryKey key, long nowMillis) {
      Map<String, ColumnValue> old =
          nowMillis == Long.MIN_VALUE ? rows.get(key) : live(key, nowMillis);
      rows.remove(key);
      written.remove(key);
      indexChanged(key, old, null, nowMillis == Long.MIN_VALUE ? 0 : nowMillis);
    }

    /**
     * Keeps the indexes in step: a local index (IUM_SYNC_INDEX) at once, a global one
     * (IUM_ASYNC_INDEX) {@link #globalLagMillis} later, applied by {@link #drain} before a read.
     */
    private void indexChanged(
        PrimaryKey key, Map<String, ColumnValue> old, Map<String, ColumnValue> now, long at) {
      for (FakeIndex index : indexes) {
        PrimaryKey before = old == null ? null : index.keyOf(meta, key, old);
        PrimaryKey after = now == null ? null : index.keyOf(meta, key, now);
        PendingChange change = new PendingChange(index, before, after, at, at + globalLagMillis);
        if (index.meta.getIndexUpdateMode() == IndexUpdateMode.IUM_ASYNC_INDEX
            && globalLagMillis > 0) {
          pending.add(change);
        } else {
          change.apply();
        }
      }
    }

    /** Applies the global-index changes due at {@code nowMillis}. */
    synchronized void drain(long nowMillis) {
      while (!pending.isEmpty() && pending.peekFirst().due() <= nowMillis) {
        pending.pollFirst().apply();
      }
    }

    /**
     * Whether a row has outlived the table's time to live: its last write is TimeToLive seconds or
     * more ago. The service keeps such data until it compacts, but never returns it.
     */
    boolean expired(PrimaryKey key, long nowMillis) {
      int ttl = options.getTimeToLive();
      Long at = written.get(key);
      return ttl > 0 && at != null && nowMillis - at >= ttl * 1000L;
    }

    /** The row's columns, or null if there is none or it has expired. */
    Map<String, ColumnValue> live(PrimaryKey key, long nowMillis) {
      return expired(key, nowMillis) ? null : rows.get(key);
    }

    /** Per partition, the calls it still refuses while loading. */
    final AtomicInteger[] notReady;

    FakeTable(TableMeta meta, TableOptions options, List<PrimaryKeyValue> splits, int notReady) {
      this.meta = meta;
      this.options = options;
      this.splits = splits;
      this.notReady = new AtomicInteger[splits.size() + 1];
      for (int i = 0; i < this.notReady.length; i++) {
        this.notReady[i] = new AtomicInteger(notReady);
      }
    }

    /** The partition a key's first column falls in. */
    int partition(PrimaryKey key) {
      PrimaryKeyValue first = key.getPrimaryKeyColumn(0).getValue();
      int p = 0;
      while (p < splits.size() && compareValues(first, splits.get(p)) >= 0) {
        p++;
      }
      return p;
    }
  }

  /** The SDK client interface, answered by this fake. */
  SyncClientInterface client() {
    return (SyncClientInterface)
        Proxy.newProxyInstance(
            SyncClientInterface.class.getClassLoader(),
            new Class<?>[] {SyncClientInterface.class},
            (proxy, method, args) -> {
              if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                  case "toString" -> "FakeTablestoreService client";
                  case "hashCode" -> System.identityHashCode(proxy);
                  case "equals" -> proxy == args[0];
                  default -> throw new IllegalStateException(method.getName());
                };
              }
              Method own;
              try {
                own =
                    FakeTablestoreService.class.getDeclaredMethod(
                        method.getName(), method.getParameterTypes());
              } catch (NoSuchMethodException e) {
                throw new UnsupportedOperationException(
                    "the fake Tablestore service does not answer " + method.getName());
              }
              try {
                return own.invoke(this, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  // ------------------------------------------------------------------ test controls

  /** The next call of {@code operation} (e.g. "putRow") fails with {@code code}. */
  void failNext(String operation, String code) {
    failNext(operation, code, "injected failure of " + operation);
  }

  /** The next call of {@code operation} fails with {@code code} and the service's message. */
  void failNext(String operation, String code, String message) {
    failNext
        .computeIfAbsent(operation, k -> new CopyOnWriteArrayList<>())
        .add(new String[] {code, message});
  }

  /**
   * The next call of {@code operation} ("putRow") is applied, and then answered with {@code code}
   * instead of success: a write whose answer is an error although it was stored.
   */
  void failAfterApplyingNext(String operation, String code, String message) {
    failAfterApplying
        .computeIfAbsent(operation, k -> new CopyOnWriteArrayList<>())
        .add(new String[] {code, message});
  }

  private void answered(String operation) {
    List<String[]> codes = failAfterApplying.get(operation);
    if (codes != null && !codes.isEmpty()) {
      String[] failure = codes.remove(0);
      throw error(failure[0], failure[1]);
    }
  }

  /** Reads time from {@code clock} from now on, e.g. one a test moves past a time to live. */
  void useClock(Clock clock) {
    this.clock = clock;
  }

  private long now() {
    return clock.millis();
  }

  /** Drops a table behind the back of any store that knows it, as another client would. */
  void dropBehindTheStore(String table) {
    tables.remove(table);
  }

  /** Rows matching {@code rows} fail with {@code code} in BatchWriteRow, until cleared. */
  void failRows(Predicate<PrimaryKey> rows, String code) {
    rowFailures.add(new RowFailure(rows, code));
  }

  void clearRowFailures() {
    rowFailures.clear();
  }

  /** The requests received, oldest first. */
  List<Object> requests() {
    return List.copyOf(requests);
  }

  void clearRequests() {
    requests.clear();
  }

  <T> List<T> requests(Class<T> type) {
    List<T> out = new ArrayList<>();
    for (Object r : requests) {
      if (type.isInstance(r)) {
        out.add(type.cast(r));
      }
    }
    return out;
  }

  // ------------------------------------------------------------------ errors

  static final String PARAMETER_INVALID = "OTSParameterInvalid";
  static final String OBJECT_NOT_EXIST = "OTSObjectNotExist";
  static final String OBJECT_ALREADY_EXIST = "OTSObjectAlreadyExist";
  static final String TABLE_NOT_READY = "OTSTableNotReady";
  static final String INVALID_PK = "OTSInvalidPK";
  static final String QUOTA_EXHAUSTED = "OTSQuotaExhausted";
  static final String CONDITION_CHECK_FAIL = "OTSConditionCheckFail";
  static final String CONDITION_CHECK_FAIL_MESSAGE = "Condition check failed.";

  private TableStoreException error(String code, String message) {
    int status =
        switch (code) {
          case OBJECT_NOT_EXIST -> 404;
          case OBJECT_ALREADY_EXIST -> 409;
          case "OTSServerBusy",
              "OTSPartitionUnavailable",
              "OTSServerUnavailable",
              "OTSTableNotReady",
              "OTSTimeout" ->
              503;
          case "OTSInternalServerError" -> 500;
          case "OTSRequestTimeout" -> 408;
          case "OTSQuotaExhausted", "OTSRowOperationConflict", "OTSConditionCheckFail" -> 403;
          default -> 400;
        };
    return new TableStoreException(message, null, code, requestId(), status);
  }

  private TableStoreException invalid(String message) {
    return error(PARAMETER_INVALID, message);
  }

  private String requestId() {
    return "fake-" + requestIds.incrementAndGet();
  }

  private Response meta() {
    return new Response(requestId());
  }

  private static ConsumedCapacity capacity(int read, int write) {
    return new ConsumedCapacity(new CapacityUnit(read, write));
  }

  private void received(String operation, Object request) {
    requests.add(request);
    List<String[]> codes = failNext.get(operation);
    if (codes != null && !codes.isEmpty()) {
      String[] failure = codes.remove(0);
      throw error(failure[0], failure[1]);
    }
  }

  private FakeTable table(String name) {
    FakeTable t = tables.get(name);
    if (t == null) {
      throw error(OBJECT_NOT_EXIST, "Requested table does not exist.");
    }
    if (t.owner != null) {
      t.owner.drain(now()); // an index table as the service has synchronised it by now
    }
    return t;
  }

  /** A call on a partition that is still loading fails with a retryable 503. */
  private static void ready(FakeTable t, PrimaryKey key) {
    if (t.notReady[t.partition(key)].getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      throw new TableStoreException(
          "The table or partition is not ready.", null, TABLE_NOT_READY, "fake", 503);
    }
  }

  // ------------------------------------------------------------------ DDL

  /**
   * As the SDK's {@code SyncClient.createTable}: a {@link CreateTableRequestEx}'s split points are
   * not sent, so the table has one partition.
   */
  CreateTableResponse createTable(CreateTableRequest request) {
    received("createTable", request);
    return create(request, List.of());
  }

  /** As the SDK's {@code InternalClient.createTableEx}: the split points are sent. */
  CreateTableResponse createTableEx(CreateTableRequestEx request) {
    received("createTableEx", request);
    List<PrimaryKeyValue> splits = List.copyOf(request.getSplitPoints());
    PrimaryKeyType partitionKey = request.getTableMeta().getPrimaryKeyList().get(0).getType();
    // SplitPointTest (the SDK's function tests against the service): messages as asserted there
    if (splits.size() + 1 > MAX_PARTITIONS) {
      throw invalid("The count of partitions cannot be greater than " + MAX_PARTITIONS);
    }
    for (int i = 0; i < splits.size(); i++) {
      PrimaryKeyValue v = splits.get(i);
      if (v.getType() != partitionKey) {
        throw invalid("The value type of partition does not match with primary key.");
      }
      switch (v.getType()) {
        case INTEGER -> {
          if (v.asLong() == Long.MIN_VALUE || v.asLong() == Long.MAX_VALUE) {
            throw invalid("The value of partition range can not be INT64_MIN or INT64_MAX.");
          }
        }
        case STRING, BINARY -> {
          int size =
              v.getType() == PrimaryKeyType.STRING
                  ? v.asStringInBytes().length
                  : v.asBinary().length;
          if (size == 0) {
            throw invalid(
                v.getType() == PrimaryKeyType.STRING
                    ? "The value of partition range can not be empty string."
                    : "The value of partition range can not be empty binary.");
          }
          if (size > MAX_SPLIT_POINT_BYTES) {
            throw invalid(
                "The value of partition range exceeds the MaxLength:"
                    + MAX_SPLIT_POINT_BYTES
                    + " with CurrentLength:"
                    + v.getDataSize()
                    + ".");
          }
        }
      }
      if (i > 0 && compareValues(splits.get(i - 1), v) >= 0) {
        throw invalid("The split points must be ascending values of the partition key's type.");
      }
    }
    return create(request, splits);
  }

  /** The primary-key type of an index column: its own, or its predefined column's. */
  private PrimaryKeyType indexColumnType(TableMeta data, String column) {
    for (PrimaryKeySchema c : data.getPrimaryKeyList()) {
      if (c.getName().equals(column)) {
        return c.getType();
      }
    }
    DefinedColumnType type = data.getDefinedColumnMap().get(column);
    if (type == null) {
      throw invalid(
          "Index column " + column + " is neither a primary key nor a predefined column.");
    }
    return switch (type) {
      case STRING -> PrimaryKeyType.STRING;
      case INTEGER -> PrimaryKeyType.INTEGER;
      case BINARY -> PrimaryKeyType.BINARY;
      default -> throw invalid("Index column " + column + " must be STRING, INTEGER or BINARY.");
    };
  }

  /**
   * The documented secondary-index limits ("Secondary index limits", alibabacloud.com/help/en/
   * tablestore/secondary-index-limits): at most 5 indexes a table, 1 to 4 index columns, each a
   * primary-key column or a STRING, INTEGER or BINARY predefined column; a local index starts with
   * the table's first primary-key column ("Overview of secondary indexes"); one version per cell,
   * and no time to live unless the table refuses UpdateRow ({@code AllowUpdate} false; this fake
   * answers no UpdateRow in any case). The count messages are those the SDK's SecondaryIndexTest
   * asserts against the service; the others are the fake's, not verified against the service.
   */
  private void checkIndexes(TableMeta meta, TableOptions options, List<IndexMeta> indexes) {
    if (indexes.isEmpty()) {
      return;
    }
    if (indexes.size() > 5) {
      throw invalid("Number of index per table exceeds the quota:5.");
    }
    if (options.getMaxVersions() != 1) {
      throw invalid("Secondary index is not supported on a table with max versions above 1.");
    }
    if (options.getTimeToLive() != -1
        && !(options.hasSetAllowUpdate() && !options.getAllowUpdate())) {
      // the service's FAQ "Don't support allow update operation on table with index and ttl"
      throw invalid("Don't support allow update operation on table with index and ttl");
    }
    for (IndexMeta index : indexes) {
      checkName(index.getIndexName(), "index");
      List<String> columns = index.getPrimaryKeyList();
      if (columns.isEmpty() || columns.size() > 4) {
        throw invalid("The number of primary key columns must be in range: [1, 4] in index.");
      }
      for (String column : columns) {
        indexColumnType(meta, column);
      }
      if (index.getIndexType() == IndexType.IT_LOCAL_INDEX
          && !columns.get(0).equals(meta.getPrimaryKeyList().get(0).getName())) {
        throw invalid(
            "The first primary key of a local index must be the first primary key of the table.");
      }
    }
  }

  private CreateTableResponse create(CreateTableRequest request, List<PrimaryKeyValue> splits) {
    TableMeta meta = request.getTableMeta();
    TableOptions options = request.getTableOptions();
    // the SDK refuses these before sending, with an IllegalArgumentException
    if (options == null || !options.hasSetMaxVersions() || !options.hasSetTimeToLive()) {
      throw new IllegalArgumentException(
          "The maxVersions and timeToLive must be set while creating table.");
    }
    int ttl = options.getTimeToLive();
    if (ttl == 0 || ttl < -1) {
      // the service's message, as the Go SDK's issue #18 quotes it
      throw invalid("TimeToLive cannot be 0 or less than -1.");
    }
    if (ttl < MIN_TIME_TO_LIVE && ttl != -1) {
      // the documented least TTL is one day; this message is not verified against the service
      throw invalid("TimeToLive must be -1 or at least " + MIN_TIME_TO_LIVE + " seconds.");
    }
    checkName(meta.getTableName(), "table");
    List<PrimaryKeySchema> pk = meta.getPrimaryKeyList();
    if (pk.isEmpty() || pk.size() > 4) {
      throw invalid("The number of primary key columns must be in range: [1, 4].");
    }
    if (meta.getDefinedColumnsList().size() > MAX_DEFINED_COLUMNS) {
      // "Limits on the Wide Column model": 0 to 32; SecondaryIndexTest's message
      throw invalid(
          "The number of defined columns must be in range: [0, " + MAX_DEFINED_COLUMNS + "].");
    }
    Set<String> names = new HashSet<>();
    for (PrimaryKeySchema c : pk) {
      checkName(c.getName(), "primary key");
      if (!names.add(c.getName())) {
        throw invalid("Duplicated primary key name: " + c.getName() + ".");
      }
    }
    synchronized (tables) {
      if (tables.containsKey(meta.getTableName())) {
        throw error(OBJECT_ALREADY_EXIST, "Requested table already exists.");
      }
      if (tables.size() >= MAX_TABLES) {
        // RestrictedItemTest: 403, permanent, unlike "Too frequent table operations."
        throw error(QUOTA_EXHAUSTED, "Number of tables exceeds the quota:" + MAX_TABLES + ".");
      }
      List<IndexMeta> indexMetas =
          request.getIndexMetaList() == null ? List.of() : request.getIndexMetaList();
      checkIndexes(meta, options, indexMetas);
      if (tables.size() + 1 + indexMetas.size() > MAX_TABLES) {
        throw error(QUOTA_EXHAUSTED, "Number of tables exceeds the quota:" + MAX_TABLES + ".");
      }
      FakeTable data = new FakeTable(meta, options, splits, notReadyCalls);
      data.globalLagMillis = globalIndexLagMillis;
      for (IndexMeta index : indexMetas) {
        addIndex(data, index);
      }
      tables.put(meta.getTableName(), data);
    }
    return new CreateTableResponse(meta());
  }

  /** An index table of {@code data}, filled from the rows {@code data} holds (none when new). */
  private FakeIndex addIndex(FakeTable data, IndexMeta index) {
    if (tables.containsKey(index.getIndexName())) {
      throw error(OBJECT_ALREADY_EXIST, "Requested table already exists.");
    }
    TableMeta indexTable = new TableMeta(index.getIndexName());
    for (String column : index.getPrimaryKeyList()) {
      indexTable.addPrimaryKeyColumn(column, indexColumnType(data.meta, column));
    }
    for (PrimaryKeySchema c : data.meta.getPrimaryKeyList()) {
      if (!index.getPrimaryKeyList().contains(c.getName())) {
        indexTable.addPrimaryKeyColumn(c.getName(), c.getType());
      }
    }
    FakeTable rowsOfIndex = new FakeTable(indexTable, data.options, List.of(), 0);
    rowsOfIndex.owner = data;
    FakeIndex added = new FakeIndex(index, rowsOfIndex);
    synchronized (data) {
      long now = now();
      for (Map.Entry<PrimaryKey, Map<String, ColumnValue>> row : data.rows.entrySet()) {
        PrimaryKey key = added.keyOf(data.meta, row.getKey(), row.getValue());
        if (key != null && !data.expired(row.getKey(), now)) {
          rowsOfIndex.rows.put(key, Map.of());
          rowsOfIndex.written.put(key, data.written.get(row.getKey()));
        }
      }
      data.indexes.add(added);
    }
    tables.put(index.getIndexName(), rowsOfIndex);
    return added;
  }

  /**
   * As the service's AddDefinedColumn: predefined columns added to an existing table (a name it has
   * already is refused; message not verified against the service).
   */
  AddDefinedColumnResponse addDefinedColumn(AddDefinedColumnRequest request) {
    received("addDefinedColumn", request);
    FakeTable t = tables.get(request.getTableName());
    if (t == null || t.owner != null) {
      throw error(OBJECT_NOT_EXIST, "Requested table does not exist.");
    }
    synchronized (tables) {
      for (DefinedColumnSchema d : request.getDefinedColumn()) {
        checkName(d.getName(), "defined column");
        if (t.meta.getDefinedColumnMap().containsKey(d.getName())) {
          throw invalid("Defined column " + d.getName() + " already exists.");
        }
      }
      if (t.meta.getDefinedColumnsList().size() + request.getDefinedColumn().size()
          > MAX_DEFINED_COLUMNS) {
        throw invalid(
            "The number of defined columns must be in range: [0, " + MAX_DEFINED_COLUMNS + "].");
      }
      for (DefinedColumnSchema d : request.getDefinedColumn()) {
        t.meta.addDefinedColumn(d.getName(), d.getType());
      }
    }
    return new AddDefinedColumnResponse(meta());
  }

  /**
   * As the service's UpdateTable, for the one option the store changes: AllowUpdate (a table with
   * indexes and a time to live must refuse UpdateRow).
   */
  UpdateTableResponse updateTable(UpdateTableRequest request) {
    received("updateTable", request);
    FakeTable t = tables.get(request.getTableName());
    if (t == null || t.owner != null) {
      throw error(OBJECT_NOT_EXIST, "Requested table does not exist.");
    }
    TableOptions update = request.getTableOptionsForUpdate();
    if (update != null && update.hasSetAllowUpdate()) {
      t.options.setAllowUpdate(update.getAllowUpdate());
    }
    return new UpdateTableResponse(meta());
  }

  /**
   * As the service's CreateIndex ("Create a secondary index": an index table for an existing data
   * table): the same checks as at CreateTable against the table's indexes so far; with {@code
   * IncludeBaseData} the rows already stored are indexed (at once here; the service does it in the
   * background, its sync phase FULL until done, which {@link #indexBuildDescribes} imitates),
   * without it only rows written from now on.
   */
  CreateIndexResponse createIndex(CreateIndexRequest request) {
    received("createIndex", request);
    synchronized (tables) {
      FakeTable t = tables.get(request.getMainTableName());
      if (t == null || t.owner != null) {
        throw error(OBJECT_NOT_EXIST, "Requested table does not exist.");
      }
      List<IndexMeta> all = new ArrayList<>();
      for (FakeIndex index : t.indexes) {
        all.add(index.meta());
      }
      all.add(request.getIndexMeta());
      checkIndexes(t.meta, t.options, all);
      if (tables.size() + 1 > MAX_TABLES) {
        throw error(QUOTA_EXHAUSTED, "Number of tables exceeds the quota:" + MAX_TABLES + ".");
      }
      FakeIndex added = addIndex(t, request.getIndexMeta());
      if (!request.getIncludeBaseData()) {
        synchronized (t) {
          added.table().rows.clear();
          added.table().written.clear();
        }
      }
      buildingDescribes.put(request.getIndexMeta().getIndexName(), indexBuildDescribes);
    }
    return new CreateIndexResponse(meta());
  }

  /** DescribeTable answers after CreateIndex that still show a new index in sync phase FULL. */
  volatile int indexBuildDescribes;

  private final Map<String, Integer> buildingDescribes = new ConcurrentHashMap<>();

  DescribeTableResponse describeTable(DescribeTableRequest request) {
    received("describeTable", request);
    FakeTable t = tables.get(request.getTableName());
    if (t == null) {
      throw error(OBJECT_NOT_EXIST, "Requested table does not exist.");
    }
    DescribeTableResponse response = new DescribeTableResponse(meta());
    response.setTableMeta(t.meta);
    for (FakeIndex index : t.indexes) {
      IndexMeta shown = copyOf(index.meta());
      Integer building = buildingDescribes.computeIfPresent(shown.getIndexName(), (k, n) -> n - 1);
      shown.setIndexSyncPhase(
          building != null && building >= 0 ? SyncStat.SyncPhase.FULL : SyncStat.SyncPhase.INCR);
      response.addIndexMeta(shown);
    }
    response.setTableOptions(t.options);
    List<PrimaryKey> shardSplits = new ArrayList<>();
    for (PrimaryKeyValue v : t.splits) {
      shardSplits.add(
          new PrimaryKey(
              List.of(new PrimaryKeyColumn(t.meta.getPrimaryKeyList().get(0).getName(), v))));
    }
    response.setShardSplits(shardSplits);
    return response;
  }

  /** An index's schema as DescribeTable returns it: a copy, so its sync phase is the answer's. */
  private static IndexMeta copyOf(IndexMeta meta) {
    IndexMeta copy = new IndexMeta(meta.getIndexName());
    for (String column : meta.getPrimaryKeyList()) {
      copy.addPrimaryKeyColumn(column);
    }
    for (String column : meta.getDefinedColumnsList()) {
      copy.addDefinedColumn(column);
    }
    copy.setIndexType(meta.getIndexType());
    copy.setIndexUpdateMode(meta.getIndexUpdateMode());
    return copy;
  }

  DeleteTableResponse deleteTable(DeleteTableRequest request) {
    received("deleteTable", request);
    FakeTable removed = tables.remove(request.getTableName());
    if (removed == null) {
      throw error(OBJECT_NOT_EXIST, "Requested table does not exist.");
    }
    for (FakeIndex index : removed.indexes) {
      tables.remove(index.meta().getIndexName());
    }
    return new DeleteTableResponse(meta());
  }

  ListTableResponse listTable() {
    received("listTable", "listTable");
    ListTableResponse response = new ListTableResponse(meta());
    List<String> names = new ArrayList<>();
    for (Map.Entry<String, FakeTable> e : new TreeMap<>(tables).entrySet()) {
      if (e.getValue().owner == null) {
        names.add(e.getKey()); // ListTable names data tables, not index tables
      }
    }
    response.setTableNames(names);
    return response;
  }

  void shutdown() {}

  // ------------------------------------------------------------------ single rows

  PutRowResponse putRow(PutRowRequest request) {
    received("putRow", request);
    RowPutChange change = request.getRowChange();
    // the service's 4 MB holds for one PutRow as for a BatchWriteRow, though a row itself has no
    // size limit
    if (change.getDataSize() > MAX_REQUEST_BYTES) {
      throw invalid(
          "The total data size of PutRow request exceeds the limit, limit size: "
              + MAX_REQUEST_BYTES
              + " , data size: "
              + change.getDataSize()
              + ".");
    }
    FakeTable t = table(change.getTableName());
    checkRowKey(t, change.getPrimaryKey());
    checkColumnNames(t, change);
    ready(t, change.getPrimaryKey());
    Map<String, ColumnValue> columns = checkColumns(t, change);
    synchronized (t) {
      long now = now();
      checkCondition(change.getCondition(), t.live(change.getPrimaryKey(), now));
      t.write(change.getPrimaryKey(), columns, now);
    }
    answered("putRow");
    return new PutRowResponse(meta(), null, capacity(0, 1));
  }

  GetRowResponse getRow(GetRowRequest request) {
    received("getRow", request);
    var criteria = request.getRowQueryCriteria();
    FakeTable t = table(criteria.getTableName());
    checkRowKey(t, criteria.getPrimaryKey());
    checkVersions(criteria);
    checkColumnsToGet(criteria);
    ready(t, criteria.getPrimaryKey());
    Row row;
    synchronized (t) {
      row = select(t, criteria.getPrimaryKey(), t.live(criteria.getPrimaryKey(), now()), criteria);
    }
    return new GetRowResponse(meta(), row, capacity(1, 0));
  }

  DeleteRowResponse deleteRow(DeleteRowRequest request) {
    received("deleteRow", request);
    RowDeleteChange change = request.getRowChange();
    FakeTable t = table(change.getTableName());
    checkRowKey(t, change.getPrimaryKey());
    ready(t, change.getPrimaryKey());
    synchronized (t) {
      checkCondition(change.getCondition(), t.live(change.getPrimaryKey(), now()));
      t.remove(change.getPrimaryKey(), now());
    }
    return new DeleteRowResponse(meta(), null, capacity(0, 1));
  }

  // ------------------------------------------------------------------ batches

  BatchGetRowResponse batchGetRow(BatchGetRowRequest request) {
    received("batchGetRow", request);
    int total = 0;
    for (MultiRowQueryCriteria c : request.getCriteriasByTable().values()) {
      total += c.size();
      Set<PrimaryKey> seen = new HashSet<>();
      for (PrimaryKey k : c.getRowKeys()) {
        if (!seen.add(k)) {
          throw invalid("The input parameter is invalid: duplicated primary key " + k + ".");
        }
      }
    }
    if (total > MAX_BATCH_GET_ROWS) {
      throw invalid("Rows count exceeds the upper limit: " + MAX_BATCH_GET_ROWS + ".");
    }
    // the BatchGetRow API reference: a missing table, a key over its size limit and a bad
    // columns_to_get fail the whole request; a key of another schema fails its row alone
    for (Map.Entry<String, MultiRowQueryCriteria> e : request.getCriteriasByTable().entrySet()) {
      MultiRowQueryCriteria c = e.getValue();
      FakeTable t = table(e.getKey());
      checkVersions(c);
      checkColumnsToGet(c);
      for (PrimaryKey k : c.getRowKeys()) {
        checkBatchKey(t, k);
      }
    }
    BatchGetRowResponse response = new BatchGetRowResponse(meta());
    for (Map.Entry<String, MultiRowQueryCriteria> e : request.getCriteriasByTable().entrySet()) {
      MultiRowQueryCriteria c = e.getValue();
      FakeTable t = table(e.getKey());
      for (int i = 0; i < c.size(); i++) {
        PrimaryKey k = c.get(i);
        try {
          checkRowKey(t, k);
          ready(t, k);
          Row row;
          synchronized (t) {
            row = select(t, k, t.live(k, now()), c);
          }
          response.addResult(new BatchGetRowResponse.RowResult(e.getKey(), row, capacity(1, 0), i));
        } catch (TableStoreException failure) {
          response.addResult(
              new BatchGetRowResponse.RowResult(
                  e.getKey(), new Error(failure.getErrorCode(), failure.getMessage()), i));
        }
      }
    }
    return response;
  }

  BatchWriteRowResponse batchWriteRow(BatchWriteRowRequest request) {
    received("batchWriteRow", request);
    int total = 0;
    long bytes = 0;
    for (List<RowChange> changes : request.getRowChange().values()) {
      total += changes.size();
      Set<PrimaryKey> seen = new HashSet<>();
      for (RowChange c : changes) {
        bytes += c.getDataSize();
        if (!seen.add(c.getPrimaryKey())) {
          // the service refuses the whole call, not only the repeated row
          throw invalid(
              "The input parameter is invalid: duplicated row " + c.getPrimaryKey() + ".");
        }
      }
    }
    if (total > MAX_BATCH_WRITE_ROWS) {
      throw invalid("Rows count exceeds the upper limit: " + MAX_BATCH_WRITE_ROWS + ".");
    }
    if (bytes > MAX_REQUEST_BYTES) {
      throw invalid(
          "The total data size of BatchWriteRow request exceeds the limit, limit size: "
              + MAX_REQUEST_BYTES
              + ", data size: "
              + bytes
              + ".");
    }
    // these fail the whole call, not one row (the BatchWriteRow API reference: a missing table, a
    // bad column name, a key or attribute value over its size limit, more than 1,024 columns in a
    // row; the SDK's RestrictedItemTest asserts the size errors so); a key of another schema fails
    // its row alone (DataOperationTest)
    for (Map.Entry<String, List<RowChange>> e : request.getRowChange().entrySet()) {
      FakeTable t = table(e.getKey());
      for (RowChange c : e.getValue()) {
        checkBatchKey(t, c.getPrimaryKey());
        if (c instanceof RowPutChange put) {
          checkColumnNames(t, put);
          checkColumns(t, put);
        }
      }
    }
    BatchWriteRowResponse response = new BatchWriteRowResponse(meta());
    for (Map.Entry<String, List<RowChange>> e : request.getRowChange().entrySet()) {
      List<RowChange> changes = e.getValue();
      for (int i = 0; i < changes.size(); i++) {
        RowChange c = changes.get(i);
        try {
          FakeTable t = table(e.getKey());
          checkRowKey(t, c.getPrimaryKey());
          ready(t, c.getPrimaryKey());
          for (RowFailure f : rowFailures) {
            if (f.rows().test(c.getPrimaryKey())) {
              throw error(f.code(), "injected failure of row " + c.getPrimaryKey());
            }
          }
          if (c instanceof RowPutChange put) {
            Map<String, ColumnValue> columns = checkColumns(t, put);
            synchronized (t) {
              long now = now();
              checkCondition(put.getCondition(), t.live(c.getPrimaryKey(), now));
              t.write(c.getPrimaryKey(), columns, now);
            }
          } else if (c instanceof RowDeleteChange delete) {
            synchronized (t) {
              checkCondition(delete.getCondition(), t.live(c.getPrimaryKey(), now()));
              t.remove(c.getPrimaryKey(), now());
            }
          } else {
            throw invalid("this fake applies puts and deletes only");
          }
          response.addRowResult(
              new BatchWriteRowResponse.RowResult(e.getKey(), null, capacity(0, 1), i));
        } catch (TableStoreException failure) {
          response.addRowResult(
              new BatchWriteRowResponse.RowResult(
                  e.getKey(), null, new Error(failure.getErrorCode(), failure.getMessage()), i));
        }
      }
    }
    return response;
  }

  // ------------------------------------------------------------------ ranges

  GetRangeResponse getRange(GetRangeRequest request) {
    received("getRange", request);
    RangeRowQueryCriteria c = request.getRangeRowQueryCriteria();
    FakeTable t = table(c.getTableName());
    checkVersions(c);
    checkColumnsToGet(c);
    PrimaryKey start = c.getInclusiveStartPrimaryKey();
    PrimaryKey end = c.getExclusiveEndPrimaryKey();
    checkBound(t, start);
    checkBound(t, end);
    boolean backward = c.getDirection() == Direction.BACKWARD;
    if (!backward && compareKeys(start, end) > 0) {
      throw invalid("Begin key must less than end key in FORWARD.");
    }
    if (backward && compareKeys(start, end) < 0) {
      throw invalid("Begin key must more than end key in BACKWARD.");
    }
    ready(t, start);
    int limit = c.getLimit() > 0 ? Math.min(c.getLimit(), 5000) : 5000;
    int pageLimit = Math.min(limit, pageRows);
    if (backward) {
      return getRangeBackward(t, c, start, end, pageLimit);
    }
    // a page stays within the partition its start key falls in
    PrimaryKey partitionEnd = partitionEnd(t, start);
    PrimaryKey stop =
        partitionEnd != null && compareKeys(partitionEnd, end) < 0 ? partitionEnd : end;
    List<Row> rows = new ArrayList<>();
    PrimaryKey next = null;
    long bytes = 0;
    long now = now();
    synchronized (t) {
      for (Map.Entry<PrimaryKey, Map<String, ColumnValue>> e :
          t.rows.subMap(start, true, stop, false).entrySet()) {
        if (rows.size() == pageLimit || bytes >= MAX_REQUEST_BYTES) {
          next = e.getKey();
          break;
        }
        if (t.expired(e.getKey(), now)) {
          continue;
        }
        Row row = select(t, e.getKey(), e.getValue(), c);
        if (row != null) {
          rows.add(row);
          bytes += row.getColumns().length == 0 ? 0 : rowBytes(e.getValue());
        }
      }
      if (next == null && stop != end && !t.rows.subMap(stop, true, end, false).isEmpty()) {
        next = stop; // the next partition's first key: the split point, then INF_MIN
      }
    }
    GetRangeResponse response = new GetRangeResponse(meta(), capacity(Math.max(1, rows.size()), 0));
    response.setRows(rows);
    response.setNextStartPrimaryKey(next);
    return response;
  }

  /**
   * A BACKWARD page: from {@code start} (inclusive, the greater key) down to {@code end}
   * (exclusive), within the partition {@code start} falls in. The next page starts (inclusively) at
   * the greatest key not read: the row the page stopped before, or past a partition's first key the
   * greatest row of the partitions below (what the service returns there is not verified).
   */
  private GetRangeResponse getRangeBackward(
      FakeTable t, RangeRowQueryCriteria c, PrimaryKey start, PrimaryKey end, int pageLimit) {
    PrimaryKey partitionStart = partitionStart(t, start);
    boolean inPartition = partitionStart != null && compareKeys(partitionStart, end) > 0;
    PrimaryKey lower = inPartition ? partitionStart : end;
    List<Row> rows = new ArrayList<>();
    PrimaryKey next = null;
    long bytes = 0;
    long now = now();
    synchronized (t) {
      for (Map.Entry<PrimaryKey, Map<String, ColumnValue>> e :
          t.rows.subMap(lower, inPartition, start, true).descendingMap().entrySet()) {
        if (rows.size() == pageLimit || bytes >= MAX_REQUEST_BYTES) {
          next = e.getKey();
          break;
        }
        if (t.expired(e.getKey(), now)) {
          continue;
        }
        Row row = select(t, e.getKey(), e.getValue(), c);
        if (row != null) {
          rows.add(row);
          bytes += row.getColumns().length == 0 ? 0 : rowBytes(e.getValue());
        }
      }
      if (next == null && inPartition) {
        PrimaryKey below = t.rows.lowerKey(partitionStart);
        if (below != null && compareKeys(below, end) > 0) {
          next = below;
        }
      }
    }
    GetRangeResponse response = new GetRangeResponse(meta(), capacity(Math.max(1, rows.size()), 0));
    response.setRows(rows);
    response.setNextStartPrimaryKey(next);
    return response;
  }

  /** The first key of the partition {@code key} falls in, or null for the first partition. */
  private static PrimaryKey partitionStart(FakeTable t, PrimaryKey key) {
    PrimaryKeyValue first = key.getPrimaryKeyColumn(0).getValue();
    PrimaryKeyValue found = null;
    for (PrimaryKeyValue split : t.splits) {
      if (compareValues(first, split) >= 0) {
        found = split;
      }
    }
    if (found == null) {
      return null;
    }
    List<PrimaryKeyColumn> columns = new ArrayList<>();
    List<PrimaryKeySchema> schema = t.meta.getPrimaryKeyList();
    columns.add(new PrimaryKeyColumn(schema.get(0).getName(), found));
    for (int i = 1; i < schema.size(); i++) {
      columns.add(new PrimaryKeyColumn(schema.get(i).getName(), PrimaryKeyValue.INF_MIN));
    }
    return new PrimaryKey(columns);
  }

  /** The first key of the partition after the one {@code key} falls in, or null for the last. */
  private static PrimaryKey partitionEnd(FakeTable t, PrimaryKey key) {
    PrimaryKeyValue first = key.getPrimaryKeyColumn(0).getValue();
    for (PrimaryKeyValue split : t.splits) {
      if (compareValues(first, split) < 0) {
        List<PrimaryKeyColumn> columns = new ArrayList<>();
        List<PrimaryKeySchema> schema = t.meta.getPrimaryKeyList();
        columns.add(new PrimaryKeyColumn(schema.get(0).getName(), split));
        for (int i = 1; i < schema.size(); i++) {
          columns.add(new PrimaryKeyColumn(schema.get(i).getName(), PrimaryKeyValue.INF_MIN));
        }
        return new PrimaryKey(columns);
      }
    }
    return null;
  }

  // ------------------------------------------------------------------ checks and rows

  private void checkName(String name, String what) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw invalid("Invalid " + what + " name: '" + name + "'.");
    }
  }

  private static void checkVersions(RowQueryCriteria c) {
    if (!c.hasSetMaxVersions() && !c.hasSetTimeRange()) {
      throw new TableStoreException(
          "Neither time range nor max versions is specified.",
          null,
          PARAMETER_INVALID,
          "fake",
          400);
    }
  }

  private void checkRowKey(FakeTable t, PrimaryKey key) {
    checkKey(t, key, false);
  }

  private void checkBound(FakeTable t, PrimaryKey key) {
    checkKey(t, key, true);
  }

  /**
   * A key as the service checks it: a key that does not match the table's schema is OTSInvalidPK,
   * with the messages the SDK's DataOperationTest asserts against the service (per row in a batch);
   * more than 4 columns, INF_MIN or INF_MAX in a row and an overlong value are OTSParameterInvalid
   * (RestrictedItemTest, ParameterLegalityTest; the whole request in a batch).
   */
  private void checkKey(FakeTable t, PrimaryKey key, boolean bound) {
    List<PrimaryKeySchema> schema = t.meta.getPrimaryKeyList();
    if (key == null || key.size() == 0 || key.size() > 4) {
      throw invalid("The number of primary key columns must be in range: [1, 4].");
    }
    if (key.size() != schema.size()) {
      throw error(
          INVALID_PK,
          "Validate PK size fail. Input: " + key.size() + ", Meta: " + schema.size() + ".");
    }
    for (int i = 0; i < schema.size(); i++) {
      PrimaryKeyColumn c = key.getPrimaryKeyColumn(i);
      if (!c.getName().equals(schema.get(i).getName())) {
        throw error(
            INVALID_PK,
            "Validate PK name fail. Input: "
                + c.getName()
                + ", Meta: "
                + schema.get(i).getName()
                + ".");
      }
      PrimaryKeyValue v = c.getValue();
      if (v.isInfMin() || v.isInfMax()) {
        if (!bound) {
          // the SDK's ParameterLegalityTest against the service
          throw invalid(
              (v.isInfMin() ? "VT_INF_MIN" : "VT_INF_MAX")
                  + " is an invalid type for the primary key.");
        }
        continue;
      }
      if (v.getType() != schema.get(i).getType()) {
        throw error(
            INVALID_PK,
            "Validate PK type fail. Input: "
                + wireType(v.getType())
                + ", Meta: "
                + wireType(schema.get(i).getType())
                + ".");
      }
      int size =
          switch (v.getType()) {
            case STRING -> v.asStringInBytes().length;
            case INTEGER -> 8;
            case BINARY -> v.asBinary().length;
          };
      if (size > MAX_PK_COLUMN_BYTES) {
        throw invalid(
            "The length of primary key column: '"
                + c.getName()
                + "' exceeds the MaxLength:"
                + MAX_PK_COLUMN_BYTES
                + " with CurrentLength:"
                + size
                + ".");
      }
    }
  }

  /** A key type as the service names it in messages: VT_STRING, VT_INTEGER, VT_BLOB. */
  private static String wireType(PrimaryKeyType type) {
    return switch (type) {
      case STRING -> "VT_STRING";
      case INTEGER -> "VT_INTEGER";
      case BINARY -> "VT_BLOB";
    };
  }

  /**
   * A key's checks that fail a whole batch: all but a mismatch with the schema (OTSInvalidPK),
   * which fails its row alone.
   */
  private void checkBatchKey(FakeTable t, PrimaryKey key) {
    try {
      checkRowKey(t, key);
    } catch (TableStoreException e) {
      if (!INVALID_PK.equals(e.getErrorCode())) {
        throw e;
      }
    }
  }

  /** The column checks that fail a whole BatchWriteRow, with the error codes' messages. */
  private void checkColumnNames(FakeTable t, RowPutChange put) {
    List<Column> columns = put.getColumnsToPut();
    if (columns.size() > MAX_COLUMNS) {
      throw invalid(
          "The number of attribute columns exceeds the limit, limit count: "
              + MAX_COLUMNS
              + ", column count: "
              + columns.size()
              + ".");
    }
    Set<String> pkNames = new HashSet<>();
    for (PrimaryKeySchema s : t.meta.getPrimaryKeyList()) {
      pkNames.add(s.getName());
    }
    for (Column c : columns) {
      if (c.getName() == null || !NAME.matcher(c.getName()).matches()) {
        throw invalid("Invalid column name: '" + c.getName() + "'.");
      }
      if (pkNames.contains(c.getName())) {
        throw invalid(
            "Duplicated attribute column name with primary key column: " + c.getName() + ".");
      }
    }
  }

  /**
   * A write's condition against the stored row ({@code null} if none, or if it has expired), as the
   * service checks it: the row existence expectation first, then the column condition. The same
   * {@code Condition} of a {@code RowPutChange} and of a {@code RowDeleteChange}, in PutRow,
   * DeleteRow and BatchWriteRow (the SDK sends both as the request's {@code condition}, {@code
   * OTSProtocolBuilder.buildDeleteRowRequest}; its {@code DeleteRowTest} and {@code
   * UnifiedConditionalUpdateTest} expect a delete to fail with {@code OTSConditionCheckFail} as a
   * put does). An expired row is absent to the condition as to every read: the service documents
   * only that expired data "cannot be viewed or accessed, even though it is not deleted"; widekey
   * chose this semantics, to be confirmed on the first live run (docs/backends.md).
   */
  private void checkCondition(Condition condition, Map<String, ColumnValue> stored) {
    if (condition == null) {
      return;
    }
    RowExistenceExpectation expectation = condition.getRowExistenceExpectation();
    boolean holds =
        switch (expectation == null ? RowExistenceExpectation.IGNORE : expectation) {
          case IGNORE -> true;
          case EXPECT_EXIST -> stored != null;
          case EXPECT_NOT_EXIST -> stored == null;
        };
    ColumnCondition column = condition.getColumnCondition();
    if (holds && column != null) {
      // a row that does not exist (IGNORE) has no columns: each is missing to the condition
      holds = holds(column, stored == null ? Map.of() : stored);
    }
    if (!holds) {
      throw error(CONDITION_CHECK_FAIL, CONDITION_CHECK_FAIL_MESSAGE);
    }
  }

  /**
   * A column condition: a single column's, or a composite's of AND, OR (any number of
   * sub-conditions) or NOT (one), as the service combines them (conditional update docs: relational
   * and logical operators, at most 10 column conditions in one condition, which is not counted
   * here).
   */
  private boolean holds(ColumnCondition condition, Map<String, ColumnValue> stored) {
    if (condition instanceof SingleColumnValueCondition single) {
      return holds(single, stored);
    }
    if (!(condition instanceof CompositeColumnValueCondition composite)) {
      throw invalid("a column condition of type " + condition.getConditionType());
    }
    List<ColumnCondition> subs = composite.getSubConditions();
    return switch (composite.getOperationType()) {
      case AND -> subs.stream().allMatch(c -> holds(c, stored));
      case OR -> subs.stream().anyMatch(c -> holds(c, stored));
      case NOT -> {
        if (subs.size() != 1) {
          throw invalid("NOT takes one sub-condition");
        }
        yield !holds(subs.get(0), stored);
      }
    };
  }

  private boolean holds(SingleColumnValueCondition c, Map<String, ColumnValue> stored) {
    ColumnValue value = stored.get(c.getColumnName());
    if (value == null) {
      return c.isPassIfMissing();
    }
    boolean equal = sameValue(value, c.getColumnValue());
    return switch (c.getOperator()) {
      case EQUAL -> equal;
      case NOT_EQUAL -> !equal;
      default -> throw invalid("this fake compares EQUAL and NOT_EQUAL only");
    };
  }

  /** The same type and value; a value of another type is never equal. */
  private static boolean sameValue(ColumnValue a, ColumnValue b) {
    if (a.getType() != b.getType()) {
      return false;
    }
    return switch (a.getType()) {
      case STRING -> a.asString().equals(b.asString());
      case INTEGER -> a.asLong() == b.asLong();
      case DOUBLE -> Double.compare(a.asDouble(), b.asDouble()) == 0;
      case BOOLEAN -> a.asBoolean() == b.asBoolean();
      case BINARY -> Arrays.equals(a.asBinary(), b.asBinary());
      default -> throw new IllegalArgumentException("a column value of type " + a.getType());
    };
  }

  /**
   * Error codes: "The number of columns from the request exceeds the limit"; an illegal name is
   * "Invalid column name: '…'." in every read (the SDK's ParameterLegalityTest).
   */
  private void checkColumnsToGet(RowQueryCriteria c) {
    for (String name : c.getColumnsToGet()) {
      if (!NAME.matcher(name).matches()) {
        throw invalid("Invalid column name: '" + name + "'.");
      }
    }
    int count = c.getColumnsToGet().size();
    if (count > MAX_COLUMNS_TO_GET) {
      throw invalid(
          "The number of columns from the request exceeds the limit, limit count: "
              + MAX_COLUMNS_TO_GET
              + ", column count: "
              + count
              + ".");
    }
  }

  private Map<String, ColumnValue> checkColumns(FakeTable t, RowPutChange put) {
    Map<String, ColumnValue> out = new TreeMap<>();
    for (Column c : put.getColumnsToPut()) {
      ColumnValue v = c.getValue();
      int size =
          switch (v.getType()) {
            case STRING -> v.asStringInBytes().length;
            case BINARY -> v.asBinary().length;
            default -> 8;
          };
      if (size > MAX_COLUMN_VALUE_BYTES) {
        throw invalid(
            "The length of attribute column: '"
                + c.getName()
                + "' exceeds the MaxLength:"
                + MAX_COLUMN_VALUE_BYTES
                + " with CurrentLength:"
                + size
                + ".");
      }
      if (out.put(c.getName(), v) != null) {
        throw invalid("Duplicated attribute column " + c.getName() + ".");
      }
    }
    return out;
  }

  /**
   * The row as the service returns it for a criteria: the selected columns, or none if it selects
   * columns of which the row holds none (then there is no row); selecting a primary-key column
   * returns the row with the selected attributes it has.
   */
  private static Row select(
      FakeTable t, PrimaryKey key, Map<String, ColumnValue> stored, RowQueryCriteria c) {
    if (stored == null) {
      return null;
    }
    Set<String> wanted = c.getColumnsToGet();
    List<Column> columns = new ArrayList<>();
    for (Map.Entry<String, ColumnValue> e : stored.entrySet()) {
      if (wanted.isEmpty() || wanted.contains(e.getKey())) {
        columns.add(new Column(e.getKey(), e.getValue(), 1L));
      }
    }
    boolean pkSelected = false;
    for (PrimaryKeySchema s : t.meta.getPrimaryKeyList()) {
      pkSelected |= wanted.contains(s.getName());
    }
    if (columns.isEmpty() && !wanted.isEmpty() && !pkSelected) {
      return null;
    }
    return new Row(key, columns);
  }

  private static long rowBytes(Map<String, ColumnValue> columns) {
    long size = 0;
    for (Map.Entry<String, ColumnValue> e : columns.entrySet()) {
      size += e.getKey().length() + e.getValue().getDataSize();
    }
    return size;
  }

  // ------------------------------------------------------------------ the service's order

  /** Column by column; INF_MIN and INF_MAX around every value. */
  static int compareKeys(PrimaryKey a, PrimaryKey b) {
    int n = Math.min(a.size(), b.size());
    for (int i = 0; i < n; i++) {
      int c =
          compareValues(a.getPrimaryKeyColumn(i).getValue(), b.getPrimaryKeyColumn(i).getValue());
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  /**
   * As the service: STRING by UTF-8 bytes (the SDK's own compareTo uses String.compareTo, which
   * differs above U+D800), INTEGER numerically, BINARY bytewise unsigned.
   */
  static int compareValues(PrimaryKeyValue a, PrimaryKeyValue b) {
    int ra = rank(a);
    int rb = rank(b);
    if (ra != 0 || rb != 0) {
      return Integer.compare(ra, rb);
    }
    if (a.getType() != b.getType()) {
      throw new IllegalArgumentException("values of types " + a.getType() + " and " + b.getType());
    }
    return switch (a.getType()) {
      case STRING ->
          Arrays.compareUnsigned(
              a.asString().getBytes(StandardCharsets.UTF_8),
              b.asString().getBytes(StandardCharsets.UTF_8));
      case INTEGER -> Long.compare(a.asLong(), b.asLong());
      case BINARY -> Arrays.compareUnsigned(a.asBinary(), b.asBinary());
    };
  }

  private static int rank(PrimaryKeyValue v) {
    return v.isInfMin() ? -1 : v.isInfMax() ? 1 : 0;
  }

  /** For tests: the keys a table holds, in the service's order. */
  List<PrimaryKey> keys(String table) {
    FakeTable t = tables.get(table);
    synchronized (t) {
      return Collections.unmodifiableList(new ArrayList<>(t.rows.keySet()));
    }
  }

  /** For tests: the split points a table was created with. */
  List<PrimaryKeyValue> splits(String table) {
    return tables.get(table).splits;
  }

  /** For tests: a table as another client created it, with its own options and split points. */
  void createdElsewhere(CreateTableRequestEx request) {
    createTableEx(request);
  }
}
