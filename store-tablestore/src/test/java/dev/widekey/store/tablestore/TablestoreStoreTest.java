package dev.widekey.store.tablestore;

import static dev.widekey.store.tablestore.TablestoreFixtures.SCHEMA;
import static dev.widekey.store.tablestore.TablestoreFixtures.key;
import static dev.widekey.store.tablestore.TablestoreFixtures.row;
import static dev.widekey.store.tablestore.TablestoreFixtures.storeOver;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alicloud.openservices.tablestore.model.BatchGetRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.CreateTableRequestEx;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.RowChange;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * How the store maps its calls onto the SDK's requests, checked on what {@link
 * FakeTablestoreService} receives: split points, batch chunking, per-row results, pagination, error
 * codes.
 */
class TablestoreStoreTest {
  private FakeTablestoreService service;
  private TablestoreStore store;

  @BeforeEach
  void open() {
    service = new FakeTablestoreService(7, 0);
    store = storeOver(service, Duration.ofSeconds(5));
  }

  @Test
  void createsTheTableWithItsSplitPointsAndReadsThemBack() {
    TableSpec spec =
        new TableSpec("orders", SCHEMA, List.of(PkValue.ofString("4"), PkValue.ofString("8")));
    store.createTable(spec);
    CreateTableRequestEx sent = service.requests(CreateTableRequestEx.class).get(0);
    assertEquals(
        List.of(PrimaryKeyValue.fromString("4"), PrimaryKeyValue.fromString("8")),
        sent.getSplitPoints());
    assertEquals(1, sent.getTableOptions().getMaxVersions());
    assertEquals(-1, sent.getTableOptions().getTimeToLive());
    // a fresh store learns the spec from DescribeTable
    assertEquals(spec, storeOver(service, Duration.ZERO).describeTable("orders").orElseThrow());
  }

  /**
   * Adversary: a store told to wait for ever for new tables (ChronoUnit.FOREVER). The deadline used
   * to overflow (an ArithmeticException after the table was created; a long wait would wrap and
   * give up at once); it waits until the table loads.
   */
  @Test
  void aReadyTimeoutLongerThanTheClockCountsWaitsForTheTable() {
    FakeTablestoreService loading = new FakeTablestoreService(7, 3);
    TablestoreStore s =
        storeOver(loading, java.time.temporal.ChronoUnit.FOREVER.getDuration().minusDays(1));
    s.createTable(new TableSpec("t", SCHEMA));
    s.put("t", row("a", 1, 1));
    assertEquals(Optional.of(row("a", 1, 1)), s.get("t", key("a", 1), ColumnSelection.all()));

    TablestoreStore forever =
        storeOver(
            new FakeTablestoreService(7, 3), java.time.temporal.ChronoUnit.FOREVER.getDuration());
    forever.createTable(new TableSpec("t", SCHEMA));
    forever.put("t", row("a", 1, 1));
  }

  @Test
  void createTableWaitsWhileTheNewTableLoads() {
    FakeTablestoreService loading = new FakeTablestoreService(7, 3);
    TablestoreStore s = storeOver(loading, Duration.ofSeconds(10));
    s.createTable(new TableSpec("t", SCHEMA));
    s.put("t", row("a", 1, 1)); // would fail with OTSTableNotReady without the wait

    FakeTablestoreService slow = new FakeTablestoreService(7, 1_000_000);
    StoreException e =
        assertThrows(
            StoreException.class,
            () -> storeOver(slow, Duration.ZERO).createTable(new TableSpec("t", SCHEMA)));
    assertEquals(ErrorKind.UNAVAILABLE, e.kind());
    assertTrue(e.retryable());
  }

  @Test
  void aRowWrittenTwiceInABatchGoesOutInOrderInSeparateCalls() {
    store.createTable(new TableSpec("t", SCHEMA));
    service.clearRequests();
    List<WriteOutcome> outcomes =
        store.batchWrite(
            List.of(
                WriteOp.put("t", row("a", 1, 1)),
                WriteOp.put("t", row("b", 1, 1)),
                WriteOp.delete("t", key("a", 1)),
                WriteOp.put("t", row("a", 1, 3))));
    assertTrue(outcomes.stream().allMatch(WriteOutcome::succeeded));
    List<BatchWriteRowRequest> calls = service.requests(BatchWriteRowRequest.class);
    assertEquals(3, calls.size(), "a new call wherever row a comes again");
    for (BatchWriteRowRequest call : calls) {
      Set<Object> keys = new HashSet<>();
      for (RowChange c : call.getRowChange().get("t")) {
        assertTrue(keys.add(c.getPrimaryKey()), "a row twice in one call");
      }
    }
    assertEquals(Optional.of(row("a", 1, 3)), store.get("t", key("a", 1), ColumnSelection.all()));
  }

  @Test
  void aLargeBatchIsSplitByBytes() {
    store.createTable(new TableSpec("t", SCHEMA));
    service.clearRequests();
    List<WriteOp> ops = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      byte[] big = new byte[1_300_000];
      ops.add(WriteOp.put("t", Row.of(key("k" + i, i), Map.of("blob", AttrValue.ofBinary(big)))));
    }
    assertTrue(store.batchWrite(ops).stream().allMatch(WriteOutcome::succeeded));
    List<BatchWriteRowRequest> calls = service.requests(BatchWriteRowRequest.class);
    assertEquals(2, calls.size());
    for (BatchWriteRowRequest call : calls) {
      long bytes = 0;
      for (List<RowChange> changes : call.getRowChange().values()) {
        for (RowChange c : changes) {
          bytes += c.getDataSize();
        }
      }
      assertTrue(bytes <= TablestoreStore.MAX_BATCH_WRITE_BYTES, bytes + " bytes in one call");
    }
  }

  @Test
  void perRowErrorsOfBatchWriteRowBecomeTypedOutcomes() {
    store.createTable(new TableSpec("t", SCHEMA));
    service.failRows(
        k -> k.getPrimaryKeyColumn(0).getValue().asString().equals("busy"), "OTSServerBusy");
    service.failRows(
        k -> k.getPrimaryKeyColumn(0).getValue().asString().equals("bad"), "OTSParameterInvalid");
    List<WriteOutcome> outcomes =
        store.batchWrite(
            List.of(
                WriteOp.put("t", row("ok", 1, 1)),
                WriteOp.put("t", row("busy", 1, 1)),
                WriteOp.put("t", row("bad", 1, 1)),
                WriteOp.delete("t", key("ok2", 1))));
    assertTrue(outcomes.get(0).succeeded());
    StoreException busy = outcomes.get(1).error().orElseThrow();
    assertEquals(ErrorKind.THROTTLED, busy.kind());
    assertTrue(busy.retryable());
    StoreException bad = outcomes.get(2).error().orElseThrow();
    assertEquals(ErrorKind.INVALID_REQUEST, bad.kind());
    assertFalse(bad.retryable());
    assertTrue(outcomes.get(3).succeeded());
    assertEquals(List.of(key("ok", 1)), keys(store.scan("t", ScanRange.all(2))));
  }

  @Test
  void aBatchWriteRowThatFailsAsAWholeFailsEachOfItsRows() {
    store.createTable(new TableSpec("t", SCHEMA));
    service.failNext("batchWriteRow", "OTSPartitionUnavailable");
    List<WriteOutcome> outcomes =
        store.batchWrite(
            List.of(WriteOp.put("t", row("a", 1, 1)), WriteOp.put("t", row("b", 1, 1))));
    for (WriteOutcome o : outcomes) {
      assertEquals(ErrorKind.UNAVAILABLE, o.error().orElseThrow().kind());
      assertTrue(o.error().orElseThrow().retryable());
    }
  }

  @Test
  void multiGetSendsAtMostOneHundredDistinctKeysPerCall() {
    store.createTable(new TableSpec("t", SCHEMA));
    store.put("t", row("k", 7, 7));
    service.clearRequests();
    List<PrimaryKey> keys = new ArrayList<>();
    for (int i = 0; i < 250; i++) {
      keys.add(key("k", i % 220)); // 30 keys asked twice
    }
    List<Optional<Row>> rows = store.multiGet("t", keys, ColumnSelection.all());
    assertEquals(250, rows.size());
    assertEquals(Optional.of(row("k", 7, 7)), rows.get(7));
    assertEquals(Optional.of(row("k", 7, 7)), rows.get(227));
    assertEquals(2, rows.stream().filter(Optional::isPresent).count());
    List<BatchGetRowRequest> calls = service.requests(BatchGetRowRequest.class);
    assertEquals(3, calls.size());
    for (BatchGetRowRequest call : calls) {
      assertTrue(call.getCriteria("t").size() <= 100);
    }
  }

  @Test
  void scansFollowNextStartPrimaryKeyAcrossPagesAndPartitions() {
    store.createTable(
        new TableSpec("t", SCHEMA, List.of(PkValue.ofString("c"), PkValue.ofString("m"))));
    List<WriteOp> ops = new ArrayList<>();
    for (String pk : List.of("a", "b", "d", "x")) {
      for (int i = 0; i < 12; i++) {
        ops.add(WriteOp.put("t", row(pk, i, i)));
      }
    }
    assertTrue(store.batchWrite(ops).stream().allMatch(WriteOutcome::succeeded));
    service.clearRequests();
    List<PrimaryKey> all = keys(store.scan("t", ScanRange.all(2)));
    assertEquals(48, all.size());
    for (int i = 1; i < all.size(); i++) {
      assertTrue(all.get(i - 1).compareTo(all.get(i)) < 0);
    }
    // 24 rows in the first partition, 12 in the second (its page starts at the split point),
    // none between "m" and "x", 12 in the last: pages of at most 7 rows
    int calls = service.requests(GetRangeRequest.class).size();
    assertTrue(calls >= 4 + 2 + 2, calls + " GetRange calls");

    service.clearRequests();
    assertEquals(10, keys(store.scan("t", ScanRange.all(2).withLimit(10))).size());
    assertEquals(2, service.requests(GetRangeRequest.class).size(), "a limit stops paging");
  }

  @Test
  void closingAScanEarlyStopsPaging() {
    store.createTable(new TableSpec("t", SCHEMA));
    List<WriteOp> ops = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      ops.add(WriteOp.put("t", row("a", i, i)));
    }
    store.batchWrite(ops);
    service.clearRequests();
    try (Stream<Row> rows = store.scan("t", ScanRange.all(2))) {
      assertEquals(3, rows.limit(3).count());
    }
    assertEquals(1, service.requests(GetRangeRequest.class).size());
  }

  @ParameterizedTest
  @CsvSource({
    "OTSServerBusy, THROTTLED, true",
    "OTSNotEnoughCapacityUnit, THROTTLED, true",
    "OTSRowOperationConflict, THROTTLED, true",
    "OTSPartitionUnavailable, UNAVAILABLE, true",
    "OTSServerUnavailable, UNAVAILABLE, true",
    "OTSTableNotReady, UNAVAILABLE, true",
    "OTSTimeout, TIMEOUT, true",
    "OTSInternalServerError, INTERNAL, true",
    "OTSParameterInvalid, INVALID_REQUEST, false",
    "OTSInvalidPK, INVALID_REQUEST, false",
    "OTSAuthFailed, INVALID_REQUEST, false",
    "OTSObjectNotExist, TABLE_NOT_FOUND, false",
    "OTSOutOfRowSizeLimit, LIMIT_EXCEEDED, false",
    "OTSRequestBodyTooLarge, LIMIT_EXCEEDED, false",
    "OTSOutOfTransactionDataSizeLimit, LIMIT_EXCEEDED, false",
    "OTSSomethingNew, INVALID_REQUEST, false"
  })
  void serviceErrorCodesMapToTypedErrors(String code, ErrorKind kind, boolean retryable) {
    store.createTable(new TableSpec("t", SCHEMA));
    service.failNext("putRow", code);
    StoreException e = assertThrows(StoreException.class, () -> store.put("t", row("a", 1, 1)));
    assertEquals(kind, e.kind(), e.getMessage());
    assertEquals(retryable, e.retryable(), e.getMessage());
    assertTrue(e.getMessage().contains(code), e.getMessage());
  }

  @Test
  void aTableThatVanishedIsForgotten() {
    store.createTable(new TableSpec("t", SCHEMA));
    assertTrue(store.cachedTables().contains("t"));
    service.failNext("getRow", "OTSObjectNotExist");
    assertThrows(StoreException.class, () -> store.get("t", key("a", 1), ColumnSelection.all()));
    assertFalse(store.cachedTables().contains("t"), "the next call asks the service again");
  }

  private static List<PrimaryKey> keys(Stream<Row> rows) {
    try (rows) {
      return rows.map(Row::key).collect(Collectors.toList());
    }
  }
}
