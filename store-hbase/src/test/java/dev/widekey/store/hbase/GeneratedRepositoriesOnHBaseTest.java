package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.key.InvalidKeyException;
import dev.widekey.runtime.store.AttrType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.store.hbase.entities.ColdItem;
import dev.widekey.store.hbase.entities.ColdItemKeys;
import dev.widekey.store.hbase.entities.ColdItemRepository;
import dev.widekey.store.hbase.entities.ColdItemTable;
import dev.widekey.store.hbase.entities.DeviceSale;
import dev.widekey.store.hbase.entities.DeviceSaleRepository;
import dev.widekey.store.hbase.entities.DeviceSaleTable;
import dev.widekey.store.hbase.entities.HashedOrder;
import dev.widekey.store.hbase.entities.HashedOrderKeys;
import dev.widekey.store.hbase.entities.HashedOrderRepository;
import dev.widekey.store.hbase.entities.HashedOrderTable;
import dev.widekey.store.hbase.entities.LargeDocument;
import dev.widekey.store.hbase.entities.LargeDocumentKeys;
import dev.widekey.store.hbase.entities.LargeDocumentRepository;
import dev.widekey.store.hbase.entities.LargeDocumentTable;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.commons.codec.digest.DigestUtils;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The repositories the processor generates for the test entities ({@code entities/}), unchanged, on
 * the HBase mini cluster: what the embedded store's tests show, shown again on HBase, and checked
 * on the HBase tables themselves (regions, row keys, cells) where it matters.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class GeneratedRepositoriesOnHBaseTest {
  private static MiniHBase cluster;
  private static HBaseStore store;
  private static HashedOrderRepository orders;
  private static DeviceSaleRepository sales;
  private static ColdItemRepository items;
  private static LargeDocumentRepository documents;

  @BeforeAll
  static void open(MiniHBase mini) throws IOException {
    cluster = mini;
    store = HBaseStore.using(mini.connection(), "default");
    orders = new HashedOrderRepository(store);
    sales = new DeviceSaleRepository(store);
    items = new ColdItemRepository(store);
    documents = new LargeDocumentRepository(store);
    orders.createTables();
    sales.createTables();
    items.createTables();
    documents.createTables();
  }

  @AfterAll
  static void close() {
    if (store != null) {
      store.close();
    }
  }

  private static TableName hbaseName(String table) {
    return TableName.valueOf("default", table);
  }

  /** Each row of an HBase table as its cell qualifiers, by row key, read with the HBase client. */
  private static List<List<String>> rawQualifiers(String table) throws IOException {
    List<List<String>> rows = new ArrayList<>();
    try (Table t = cluster.connection().getTable(hbaseName(table));
        ResultScanner scanner = t.getScanner(new Scan())) {
      for (Result r : scanner) {
        List<String> qualifiers = new ArrayList<>();
        for (Cell c : r.rawCells()) {
          qualifiers.add(new String(CellUtil.cloneQualifier(c), StandardCharsets.UTF_8));
        }
        Collections.sort(qualifiers);
        rows.add(qualifiers);
      }
    }
    return rows;
  }

  @Test
  void hashPrefixedOrderLandsUnderItsRealMd5PrefixInTheMatchingRegion() throws IOException {
    // printf 200004 | md5sum → 797e5af4...; the seeds' "2e38"-style prefixes are illustrative
    assertTrue(DigestUtils.md5Hex("200004").startsWith("797e"));
    assertEquals("797e200004", HashedOrderKeys.partitionKey(200004));

    HashedOrder order = new HashedOrder(200004, new BigDecimal("5.32"));
    orders.put(order);
    assertEquals(order, orders.get(200004).orElseThrow());

    // on HBase: one row under the hashed key, the money as 532 minor units
    PrimaryKey key = PrimaryKey.of(PkValue.ofString("797e200004"));
    assertEquals(
        Map.of("total", AttrValue.ofInteger(532)),
        store.get(HashedOrderTable.NAME, key, ColumnSelection.all()).orElseThrow().columns());
    // the generated split points became 16 regions; the row is in the one from "7000" to "8000"
    byte[] rowKey = OrderedKeyBytes.encode(key);
    try (Admin admin = cluster.util().getAdmin();
        RegionLocator locator =
            cluster.connection().getRegionLocator(hbaseName(HashedOrderTable.NAME));
        Table table = cluster.connection().getTable(hbaseName(HashedOrderTable.NAME))) {
      assertEquals(16, admin.getRegions(hbaseName(HashedOrderTable.NAME)).size());
      var region = locator.getRegionLocation(rowKey, true).getRegion();
      assertArrayEquals(
          OrderedKeyBytes.encodeFirstColumn(PkValue.ofString("7000")), region.getStartKey());
      assertArrayEquals(
          OrderedKeyBytes.encodeFirstColumn(PkValue.ofString("8000")), region.getEndKey());
      assertTrue(table.exists(new Get(rowKey)));

      orders.delete(200004);
      assertTrue(orders.get(200004).isEmpty());
      assertFalse(table.exists(new Get(rowKey)), "the delete reached HBase");
    }
  }

  @Test
  void bulkPutScattersSequentialOrdersOverEveryRegion() {
    long before =
        store.partitionStats(HashedOrderTable.NAME).stream()
            .mapToLong(PartitionStats::writeRows)
            .sum();
    List<HashedOrder> batch = new ArrayList<>();
    for (long n = 300_000; n < 300_200; n++) {
      batch.add(new HashedOrder(n, BigDecimal.valueOf(n % 10_000, 2)));
    }
    BulkWriteResult result = orders.putAll(batch);
    assertTrue(result.allAcknowledged(), result.toString());
    assertEquals(200, result.acknowledged());

    // 200 consecutive numbers, no region left out: the prefix scatters the tail hotspot
    List<PartitionStats> stats = store.partitionStats(HashedOrderTable.NAME);
    assertEquals(16, stats.size());
    assertEquals(before + 200, stats.stream().mapToLong(PartitionStats::writeRows).sum());
    stats.forEach(p -> assertTrue(p.writeRows() > 0, "no write in region " + p.index()));
    for (HashedOrder o : List.of(batch.get(0), batch.get(117), batch.get(199))) {
      assertEquals(o, orders.get(o.orderNumber()).orElseThrow());
    }
  }

  /**
   * The spliced-key rows in key order: 16 < 54/a100 < 54/a1001 < 167 < 540, order numbers numeric.
   */
  private static List<DeviceSale> salesInKeyOrder() {
    List<DeviceSale> rows = new ArrayList<>();
    rows.add(sale(16, "b7", 1));
    for (long n : new long[] {-5, 9, 10}) {
      rows.add(sale(54, "a100", n));
    }
    for (long n = 1; n <= 12; n++) { // more rows than one scan page of some stores
      rows.add(sale(54, "a1001", n));
    }
    rows.add(sale(167, "a1", 1));
    rows.add(sale(540, "a100", 1));
    return rows;
  }

  private static DeviceSale sale(long device, String seller, long orderNumber) {
    return new DeviceSale(device, seller, orderNumber, BigDecimal.valueOf(1000 + orderNumber, 2));
  }

  @Test
  void splicedKeyScansReturnTheirRowsInNumericOrder() {
    List<DeviceSale> expected = salesInKeyOrder();
    List<DeviceSale> shuffled = new ArrayList<>(expected);
    Collections.shuffle(shuffled, new Random(54));
    BulkWriteResult result = sales.putAll(shuffled);
    assertTrue(result.allAcknowledged(), result.toString());

    assertEquals(expected, sales.scanAll().toList());
    // 54's rows, never 540's (the prefix ends with the delimiter) nor 16's or 167's
    assertEquals(expected.subList(1, 16), sales.scanByDeviceId(54).toList());
    // a100's rows, never a1001's
    assertEquals(expected.subList(1, 4), sales.scanByDeviceIdAndSellerId(54, "a100").toList());
    assertEquals(
        List.of(sale(54, "a100", 9)),
        sales.scanByDeviceIdAndSellerIdAndOrderNumberBetween(54, "a100", 0, 10).toList());
    assertEquals(List.of(sale(540, "a100", 1)), sales.scanByDeviceId(540).toList());

    // the HBase row keys themselves sort in that order (HBase compares them bytewise)
    List<String> partitionKeys =
        store
            .scan(DeviceSaleTable.NAME, ScanRange.all(2))
            .map(r -> r.key().get(0).asString())
            .distinct()
            .toList();
    assertEquals(
        List.of("000016,b7", "000054,a100", "000054,a1001", "000167,a1", "000540,a100"),
        partitionKeys);

    sales.delete(54, "a100", 9);
    assertTrue(sales.get(54, "a100", 9).isEmpty());
    assertEquals(2, sales.scanByDeviceIdAndSellerId(54, "a100").count());
    sales.put(sale(54, "a100", 9));
  }

  @Test
  void badKeyValuesAreRefusedBeforeAnyWrite() {
    List<DeviceSale> before = sales.scanAll().toList();
    long writes =
        store.partitionStats(DeviceSaleTable.NAME).stream()
            .mapToLong(PartitionStats::writeRows)
            .sum();

    // ',' is the delimiter: "a,b" would read back as two components (key injection)
    InvalidKeyException comma =
        assertThrows(InvalidKeyException.class, () -> sales.put(sale(54, "a,b", 1)));
    assertEquals("WK105", comma.rule());
    assertEquals("sellerId", comma.field());
    // outside @KeyChars("a-z0-9")
    assertEquals(
        "WK105",
        assertThrows(InvalidKeyException.class, () -> sales.put(sale(54, "A100", 1))).rule());
    // 7 digits do not fit @Padded(width = 6): refused, never cut
    assertEquals(
        "WK104",
        assertThrows(InvalidKeyException.class, () -> sales.put(sale(1_000_000, "a1", 1))).rule());
    // a bulk put checks every entity first: the good one is not written either
    InvalidKeyException bulk =
        assertThrows(
            InvalidKeyException.class,
            () -> sales.putAll(List.of(sale(77, "ok", 1), sale(77, "o,k", 2))));
    assertEquals("WK105", bulk.rule());

    assertTrue(sales.get(77, "ok", 1).isEmpty());
    assertEquals(before, sales.scanAll().toList());
    assertEquals(
        writes,
        store.partitionStats(DeviceSaleTable.NAME).stream()
            .mapToLong(PartitionStats::writeRows)
            .sum(),
        "no write reached HBase");
  }

  @Test
  void coldColumnLivesInItsOwnHBaseTableAndIsReadOnlyOnDemand() throws IOException {
    String description = "Hand-knitted wool socks, warm and soft. ".repeat(2_000); // 80 KB
    ColdItem item = new ColdItem(7, 3, new BigDecimal("5.32"), description);
    items.put(item);

    ColdItem hot = items.get(7).orElseThrow();
    assertNull(hot.description());
    assertEquals(new ColdItem(7, 3, new BigDecimal("5.32"), null), hot);
    assertEquals(item, items.getWithCold(7).orElseThrow());

    // two HBase tables: the hot row carries the marker, the cold row the description
    try (Admin admin = cluster.util().getAdmin()) {
      assertTrue(admin.tableExists(hbaseName(ColdItemTable.NAME)));
      assertTrue(admin.tableExists(hbaseName(ColdItemTable.COLD_NAME)));
    }
    assertEquals(
        List.of(List.of("price", "quantity", "wk_cold")), rawQualifiers(ColdItemTable.NAME));
    assertEquals(List.of(List.of("description")), rawQualifiers(ColdItemTable.COLD_NAME));
    // compress = true: stored deflated, as binary
    AttrValue stored =
        store
            .get(ColdItemTable.COLD_NAME, ColdItemKeys.primaryKey(7), ColumnSelection.all())
            .orElseThrow()
            .get("description");
    assertEquals(AttrType.BINARY, stored.type());
    assertTrue(stored.sizeInBytes() < description.length() / 20, stored.sizeInBytes() + " bytes");

    // without a description now: the stale cold row goes
    items.put(new ColdItem(7, 4, new BigDecimal("5.32"), null));
    assertEquals(List.of(), rawQualifiers(ColdItemTable.COLD_NAME));
    assertNull(items.getWithCold(7).orElseThrow().description());

    items.put(item);
    items.delete(7);
    assertTrue(items.getWithCold(7).isEmpty());
    assertEquals(List.of(), rawQualifiers(ColdItemTable.NAME));
    assertEquals(List.of(), rawQualifiers(ColdItemTable.COLD_NAME));
  }

  /** About {@code megabytes} MB of UTF-8 mixing 1-, 2- and 4-byte characters. */
  private static String text(double megabytes, long seed) {
    Random random = new Random(seed);
    StringBuilder text = new StringBuilder();
    long bytes = 0;
    while (bytes < megabytes * 1024 * 1024) {
      text.append((char) ('a' + random.nextInt(26))).append('\u00E9').appendCodePoint(0x1F600);
      bytes += 7;
    }
    return text.toString();
  }

  @Test
  void chunkedBodyOfFiveMegabytesRoundTrips() {
    // HBase takes cells up to hbase.client.keyvalue.maxsize (10 MB) and requests far larger
    // than a row of 2 MB chunks, so a row over Tablestore's 4 MB PutRow limit is fine here
    String body = text(5, 5);
    LargeDocument doc = new LargeDocument("d1", body, "big");
    documents.put(doc);
    assertEquals(doc, documents.get("d1").orElseThrow());

    Row stored =
        store
            .get(LargeDocumentTable.NAME, LargeDocumentKeys.primaryKey("d1"), ColumnSelection.all())
            .orElseThrow();
    Map<String, Integer> sizes =
        stored.columns().entrySet().stream()
            .collect(
                Collectors.toMap(
                    Map.Entry::getKey, e -> e.getValue().sizeInBytes(), (a, b) -> a, TreeMap::new));
    assertEquals(
        List.of("title", "wk_body_0", "wk_body_1", "wk_body_2", "wk_body_n"),
        List.copyOf(sizes.keySet()));
    sizes
        .values()
        .forEach(s -> assertTrue(s <= store.limits().maxAttributeBytes(), sizes.toString()));
    assertTrue(stored.sizeInBytes() > 4L * 1024 * 1024);

    // a bulk put writes the oversized row on its own and the small one in a batch
    LargeDocument big = new LargeDocument("d2", text(2.5, 6), "over 2 MB");
    LargeDocument small = new LargeDocument("d3", "small", "s");
    assertTrue(documents.putAll(List.of(big, small)).allAcknowledged());
    assertEquals(big, documents.get("d2").orElseThrow());
    assertEquals(small, documents.get("d3").orElseThrow());

    // a rewrite with a small body leaves no chunk behind
    documents.put(new LargeDocument("d1", "short", "small now"));
    Row rewritten =
        store
            .get(LargeDocumentTable.NAME, LargeDocumentKeys.primaryKey("d1"), ColumnSelection.all())
            .orElseThrow();
    assertEquals(Set.of("body", "title"), rewritten.columns().keySet());
    assertEquals("short", documents.get("d1").orElseThrow().body());
  }
}
