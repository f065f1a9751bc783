package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
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
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/** HBase-specific behaviour on the mini cluster, beyond the shared store contract. */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class HBaseStoreTest {
  private static final AtomicInteger TABLES = new AtomicInteger();
  private static MiniHBase cluster;
  private static HBaseStore store;

  @BeforeAll
  static void open(MiniHBase mini, HBaseStore opened) {
    cluster = mini;
    store = opened;
  }

  private static String freshTable() {
    return "hbase_store_test_" + TABLES.incrementAndGet();
  }

  private static Row row(String pk, long seq, Map<String, AttrValue> columns) {
    return Row.of(PrimaryKey.of(PkValue.ofString(pk), PkValue.ofInteger(seq)), columns);
  }

  private static final List<PkColumn> SCHEMA =
      List.of(new PkColumn("pk", PkType.STRING), new PkColumn("seq", PkType.INTEGER));

  @Test
  void createsRegionsAtTheSplitPointsAndDescribesTheSpec() throws Exception {
    String t = freshTable();
    TableSpec spec =
        new TableSpec(t, SCHEMA, List.of(PkValue.ofString("4"), PkValue.ofString("8")));
    store.createTable(spec);
    assertEquals(3, cluster.util().getAdmin().getRegions(TableName.valueOf("default", t)).size());
    assertEquals(spec, store.describeTable(t).orElseThrow());
    // a fresh store reads the spec back from the table descriptor
    assertEquals(
        spec, HBaseStore.using(cluster.connection(), "default").describeTable(t).orElseThrow());
    store.createTable(spec); // same schema: nothing happens
    StoreException e =
        assertThrows(
            StoreException.class,
            () -> store.createTable(new TableSpec(t, List.of(new PkColumn("pk", PkType.BINARY)))));
    assertEquals(ErrorKind.TABLE_EXISTS, e.kind());
    store.deleteTable(t);
    assertTrue(store.describeTable(t).isEmpty());
  }

  /**
   * The row marker lists every column name: past the client's cell limit, a typed refusal before
   * anything is sent, in a put, a conditional put and a batch; a row one byte under it is written.
   */
  @Test
  void aRowWhoseMarkerPassesTheClientsCellLimitIsRefusedTyped() throws Exception {
    String t = freshTable();
    store.createTable(new TableSpec(t, SCHEMA));
    Configuration conf = new Configuration(cluster.connection().getConfiguration());
    int limit = 4096;
    conf.setInt("hbase.client.keyvalue.maxsize", limit);
    try (Connection small = ConnectionFactory.createConnection(conf)) {
      HBaseStore limited = HBaseStore.using(small, "default");
      // the marker cell: 8-byte lengths, 2 + row key + 1 + family + 1 (qualifier) + 9, value
      PrimaryKey key = PrimaryKey.of(PkValue.ofString("m"), PkValue.ofInteger(1));
      int keyBytes = OrderedKeyBytes.encode(key).length;
      int overhead = 8 + 2 + keyBytes + 1 + 1 + 1 + 9;
      // value: 'R', then per column 0xFF + a 9-byte name, then 0xFF
      int columns = (limit - overhead - 2) / 10;
      Row fits = Row.of(key, columnsNamed(columns));
      int markerCell = overhead + 2 + 10 * columns;
      assertTrue(markerCell <= limit && markerCell > limit - 10, "marker cell " + markerCell);
      limited.put(t, fits);
      assertEquals(fits, store.get(t, key, ColumnSelection.all()).orElseThrow());

      Row over = Row.of(key, columnsNamed(columns + 1));
      StoreException e = assertThrows(StoreException.class, () -> limited.put(t, over));
      assertEquals(ErrorKind.INVALID_REQUEST, e.kind());
      assertTrue(e.getMessage().contains("hbase.client.keyvalue.maxsize"), e.getMessage());
      assertTrue(e.getMessage().contains((columns + 1) + " columns"), e.getMessage());
      assertThrows(
          StoreException.class,
          () -> limited.put(t, over, dev.widekey.runtime.store.WriteCondition.rowPresent()));
      List<WriteOutcome> outcomes = limited.batchWrite(List.of(WriteOp.put(t, over)));
      assertEquals(ErrorKind.INVALID_REQUEST, outcomes.get(0).failure().kind());
      assertEquals(fits, store.get(t, key, ColumnSelection.all()).orElseThrow(), "nothing written");
    }
  }

  /**
   * A table (created outside widekey, or by a service) whose family lacks NEW_VERSION_BEHAVIOR
   * would let a delete hide a put of the same millisecond after it: refused, typed, before any read
   * or write.
   */
  @Test
  void aTableWithoutNewVersionBehaviorIsRefusedTyped() throws Exception {
    String t = freshTable();
    TableSpec spec = new TableSpec(t, SCHEMA);
    TableDescriptorBuilder builder =
        TableDescriptorBuilder.newBuilder(TableName.valueOf("default", t))
            .setColumnFamily(
                ColumnFamilyDescriptorBuilder.newBuilder(
                        dev.widekey.core.store.Utf8.encode(HBaseStore.FAMILY))
                    .setMaxVersions(1)
                    .build());
    TableMetadata.write(spec, builder);
    cluster.util().getAdmin().createTable(builder.build());
    HBaseStore fresh = HBaseStore.using(cluster.connection(), "default");
    StoreException e = assertThrows(StoreException.class, () -> fresh.describeTable(t));
    assertEquals(ErrorKind.INVALID_REQUEST, e.kind());
    assertTrue(e.getMessage().contains("NEW_VERSION_BEHAVIOR"), e.getMessage());
    StoreException put =
        assertThrows(
            StoreException.class,
            () -> fresh.put(t, row("a", 1, Map.of("v", AttrValue.ofInteger(1)))));
    assertEquals(ErrorKind.INVALID_REQUEST, put.kind());
    assertTrue(
        cluster
                .util()
                .getConnection()
                .getTable(TableName.valueOf("default", t))
                .getScanner(new org.apache.hadoop.hbase.client.Scan())
                .next()
            == null,
        "nothing written");
  }

  /** {@code n} columns named {@code c00000000}, {@code c00000001}, ...: 9 bytes each. */
  private static Map<String, AttrValue> columnsNamed(int n) {
    Map<String, AttrValue> columns = new java.util.HashMap<>();
    for (int i = 0; i < n; i++) {
      columns.put(String.format("c%08d", i), AttrValue.ofBoolean(true));
    }
    return columns;
  }

  @Test
  void putReplacesTheWholeRowAndValuesKeepTheirTypes() {
    String t = freshTable();
    store.createTable(new TableSpec(t, SCHEMA));
    store.put(t, row("a", 1, Map.of("s", AttrValue.ofString("x"), "old", AttrValue.ofInteger(1))));
    Row next =
        row(
            "a",
            1,
            Map.of(
                "s", AttrValue.ofString("é\u0000😀"),
                "i", AttrValue.ofInteger(Long.MIN_VALUE),
                "d", AttrValue.ofDouble(-0.0),
                "b", AttrValue.ofBoolean(true),
                "x", AttrValue.ofBinary(new byte[] {0, -1, 2})));
    store.put(t, next);
    assertEquals(next, store.get(t, next.key(), ColumnSelection.all()).orElseThrow());
    // as an HBase Get: a selection of absent columns finds no row
    assertTrue(store.get(t, next.key(), ColumnSelection.of("zz")).isEmpty());
    assertEquals(
        Map.of("i", AttrValue.ofInteger(Long.MIN_VALUE)),
        store.get(t, next.key(), ColumnSelection.of("i", "zz")).orElseThrow().columns());
  }

  @Test
  void batchAppliesRepeatedWritesOfOneRowInOrder() {
    String t = freshTable();
    store.createTable(new TableSpec(t, SCHEMA));
    Row first = row("k", 7, Map.of("v", AttrValue.ofInteger(1), "w", AttrValue.ofInteger(1)));
    Row second = row("k", 7, Map.of("v", AttrValue.ofInteger(2)));
    List<WriteOutcome> outcomes =
        store.batchWrite(
            List.of(
                WriteOp.put(t, first),
                WriteOp.delete(t, first.key()),
                WriteOp.put(t, second),
                WriteOp.put("no_such_table", second)));
    assertTrue(outcomes.get(0).succeeded());
    assertTrue(outcomes.get(2).succeeded());
    assertEquals(ErrorKind.TABLE_NOT_FOUND, outcomes.get(3).error().orElseThrow().kind());
    assertEquals(second, store.get(t, first.key(), ColumnSelection.all()).orElseThrow());
  }

  @Test
  void scansInKeyOrderAcrossRegions() {
    String t = freshTable();
    store.createTable(new TableSpec(t, SCHEMA, List.of(PkValue.ofString("b"))));
    List<WriteOp> ops = new ArrayList<>();
    for (String pk : List.of("c", "a", "b", "ab", "")) {
      for (long seq : new long[] {5, -3, 0}) {
        ops.add(WriteOp.put(t, row(pk, seq, Map.of("v", AttrValue.ofString(pk + seq)))));
      }
    }
    store.batchWrite(ops);
    try (Stream<Row> rows = store.scan(t, ScanRange.all(2))) {
      List<String> keys = rows.map(r -> r.get("v").asString()).collect(Collectors.toList());
      assertEquals(
          List.of(
              "-3", "0", "5", "a-3", "a0", "a5", "ab-3", "ab0", "ab5", "b-3", "b0", "b5", "c-3",
              "c0", "c5"),
          keys);
    }
    PrimaryKey from = PrimaryKey.bound(List.of(PkValue.ofString("a")), PkValue.INF_MIN, 2);
    PrimaryKey to = PrimaryKey.bound(List.of(PkValue.ofString("a")), PkValue.INF_MAX, 2);
    try (Stream<Row> rows = store.scan(t, ScanRange.between(from, to).withLimit(2))) {
      assertEquals(2, rows.count());
    }
  }

  @Test
  void partitionStatsCountThisStoresCallsAndRegionLoadTheServersCounts() {
    String t = freshTable();
    store.createTable(new TableSpec(t, SCHEMA, List.of(PkValue.ofString("m"))));
    List<WriteOp> ops = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      ops.add(WriteOp.put(t, row("a" + i, i, Map.of("v", AttrValue.ofInteger(i)))));
    }
    store.batchWrite(ops);
    store.delete(t, row("z", 0, Map.of()).key());
    List<PartitionStats> stats = store.partitionStats(t);
    assertEquals(2, stats.size());
    assertEquals(null, stats.get(0).start());
    assertEquals(PkValue.ofString("m"), stats.get(0).end());
    assertEquals(PkValue.ofString("m"), stats.get(1).start());
    assertEquals(List.of(30L, 1L), stats.stream().map(PartitionStats::writeRows).toList());
    assertEquals(-1, stats.get(0).rows(), "HBase keeps no row count");

    List<HBaseStore.RegionLoad> regions = store.regionLoad(t);
    assertEquals(2, regions.size());
    assertEquals(PkValue.ofString("m"), regions.get(1).start());
    // a put is one write request: one Put, no delete of older cells
    assertEquals(30, regions.get(0).writeRequests());
    assertEquals(1, regions.get(1).writeRequests());
  }

  /**
   * A connection to the mini cluster whose {@code Admin.getRegionMetrics} fails with {@code
   * failure}, as a service that does not serve the call would; everything else is the cluster's.
   */
  private static org.apache.hadoop.hbase.client.Connection withoutRegionMetrics(Throwable failure)
      throws java.io.IOException {
    var real = cluster.connection();
    return (org.apache.hadoop.hbase.client.Connection)
        java.lang.reflect.Proxy.newProxyInstance(
            HBaseStoreTest.class.getClassLoader(),
            new Class<?>[] {org.apache.hadoop.hbase.client.Connection.class},
            (proxy, method, args) -> {
              Object result = invoke(real, method, args);
              if (!method.getName().equals("getAdmin")) {
                return result;
              }
              var admin = (org.apache.hadoop.hbase.client.Admin) result;
              return java.lang.reflect.Proxy.newProxyInstance(
                  HBaseStoreTest.class.getClassLoader(),
                  new Class<?>[] {org.apache.hadoop.hbase.client.Admin.class},
                  (p, m, a) -> {
                    if (m.getName().equals("getRegionMetrics")) {
                      throw failure;
                    }
                    return invoke(admin, m, a);
                  });
            });
  }

  private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args)
      throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /**
   * Without the region servers' metrics (a service that does not serve {@code
   * Admin.getRegionMetrics}), {@code regionLoad} fails typed and says why, and {@code
   * partitionStats} still counts the store's calls, its stored bytes unknown.
   */
  @Test
  void withoutRegionMetricsPartitionStatsReportStoredBytesAsUnknown() throws Exception {
    String t = freshTable();
    store.createTable(new TableSpec(t, SCHEMA, List.of(PkValue.ofString("m"))));
    var unsupported =
        new org.apache.hadoop.hbase.DoNotRetryIOException(
            "org.apache.hadoop.hbase.exceptions.UnknownProtocolException: getRegionLoad");
    for (Throwable failure :
        List.of(unsupported, new UnsupportedOperationException("getRegionMetrics"))) {
      HBaseStore stubbed = HBaseStore.using(withoutRegionMetrics(failure), "default");
      stubbed.put(t, row("a", 1, Map.of("v", AttrValue.ofInteger(1))));
      stubbed.put(t, row("x", 1, Map.of("v", AttrValue.ofInteger(1))));

      HBaseStore.RegionMetricsUnavailable e =
          assertThrows(HBaseStore.RegionMetricsUnavailable.class, () -> stubbed.regionLoad(t));
      assertEquals(ErrorKind.INVALID_REQUEST, e.kind(), e::getMessage);
      assertFalse(e.retryable());
      for (String part : List.of(t, "Admin.getRegionMetrics", "unknown (-1)")) {
        assertTrue(e.getMessage().contains(part), e.getMessage());
      }

      List<PartitionStats> stats = stubbed.partitionStats(t);
      assertEquals(List.of(1L, 1L), stats.stream().map(PartitionStats::writeRows).toList());
      assertEquals(List.of(-1L, -1L), stats.stream().map(PartitionStats::storedBytes).toList());
    }
    // the cluster itself serves them
    assertTrue(store.partitionStats(t).stream().allMatch(p -> p.storedBytes() >= 0));
  }

  @Test
  void storesOpensTheBackendFromConfiguration() {
    org.apache.hadoop.conf.Configuration conf = cluster.util().getConfiguration();
    Map<String, String> config =
        Map.of(
            "widekey.store",
            "hbase",
            "widekey.hbase.zookeeper.quorum",
            conf.get("hbase.zookeeper.quorum"),
            "widekey.hbase.zookeeper.port",
            conf.get("hbase.zookeeper.property.clientPort"),
            "widekey.hbase.conf.hbase.client.retries.number",
            "3");
    String t = freshTable();
    try (dev.widekey.runtime.store.WideTableStore opened =
        dev.widekey.runtime.store.Stores.open(config)) {
      assertTrue(opened instanceof HBaseStore);
      opened.createTable(new TableSpec(t, SCHEMA));
      Row r = row("via-config", 1, Map.of("v", AttrValue.ofInteger(1)));
      opened.put(t, r);
      assertEquals(r, store.get(t, r.key(), ColumnSelection.all()).orElseThrow());
      opened.deleteTable(t);
    }
  }

  @Test
  void missingTableIsTypedAndNotRetryable() {
    StoreException e =
        assertThrows(
            StoreException.class,
            () -> store.put("missing_table", row("a", 1, Map.of("v", AttrValue.ofInteger(1)))));
    assertEquals(ErrorKind.TABLE_NOT_FOUND, e.kind());
    assertFalse(e.retryable());
  }
}
