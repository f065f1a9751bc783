package dev.widekey.store.tablestore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import dev.widekey.runtime.key.InvalidKeyException;
import dev.widekey.runtime.store.AttrType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.store.tablestore.entities.ColdItem;
import dev.widekey.store.tablestore.entities.ColdItemKeys;
import dev.widekey.store.tablestore.entities.ColdItemRepository;
import dev.widekey.store.tablestore.entities.ColdItemTable;
import dev.widekey.store.tablestore.entities.DeviceSale;
import dev.widekey.store.tablestore.entities.DeviceSaleRepository;
import dev.widekey.store.tablestore.entities.DeviceSaleTable;
import dev.widekey.store.tablestore.entities.HashedOrder;
import dev.widekey.store.tablestore.entities.HashedOrderKeys;
import dev.widekey.store.tablestore.entities.HashedOrderRepository;
import dev.widekey.store.tablestore.entities.HashedOrderTable;
import dev.widekey.store.tablestore.entities.LargeDocument;
import dev.widekey.store.tablestore.entities.LargeDocumentKeys;
import dev.widekey.store.tablestore.entities.LargeDocumentRepository;
import dev.widekey.store.tablestore.entities.LargeDocumentTable;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.codec.digest.DigestUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The repositories the processor generates for the test entities ({@code entities/}), unchanged, on
 * the Tablestore backend, its requests answered by {@link FakeTablestoreService} as in the contract
 * test (GetRange pages of at most 7 rows, new tables that refuse their first call). Where it
 * matters, the test looks at what the service received and holds.
 */
class GeneratedRepositoriesOnTablestoreTest {
  private static FakeTablestoreService service;
  private static TablestoreStore store;
  private static HashedOrderRepository orders;
  private static DeviceSaleRepository sales;
  private static ColdItemRepository items;
  private static LargeDocumentRepository documents;

  @BeforeAll
  static void open() {
    service = new FakeTablestoreService(7, 1);
    store =
        new TablestoreStore(
            service.client(), service.client()::createTable, () -> {}, Duration.ofSeconds(5));
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
    store.close();
  }

  /** Tables named by the GetRow requests the service received. */
  private static List<String> getRowTables() {
    return service.requests(GetRowRequest.class).stream()
        .map(r -> r.getRowQueryCriteria().getTableName())
        .toList();
  }

  /** The attribute column names the service holds for a row, read with the SDK. */
  private static Set<String> serviceColumns(String table, PrimaryKey key) {
    SingleRowQueryCriteria criteria =
        new SingleRowQueryCriteria(
            table, SdkMapping.sdkKey(store.describeTable(table).orElseThrow().primaryKey(), key));
    criteria.setMaxVersions(1);
    var row = service.client().getRow(new GetRowRequest(criteria)).getRow();
    Set<String> names = new TreeSet<>();
    if (row != null) {
      for (Column c : row.getColumns()) {
        names.add(c.getName());
      }
    }
    return names;
  }

  @Test
  void hashPrefixedOrderIsSentUnderItsRealMd5PrefixToItsPartition() {
    // printf 200004 | md5sum → 797e5af4...; the seeds' "2e38"-style prefixes are illustrative
    assertTrue(DigestUtils.md5Hex("200004").startsWith("797e"));
    assertEquals("797e200004", HashedOrderKeys.partitionKey(200004));
    // the generated split points became 16 partitions on the service
    assertEquals(
        15,
        service
            .client()
            .describeTable(new DescribeTableRequest(HashedOrderTable.NAME))
            .getShardSplits()
            .size());

    List<PartitionStats> before = store.partitionStats(HashedOrderTable.NAME);
    service.clearRequests();
    HashedOrder order = new HashedOrder(200004, new BigDecimal("5.32"));
    orders.put(order);
    assertEquals(order, orders.get(200004).orElseThrow());

    List<PutRowRequest> puts = service.requests(PutRowRequest.class);
    assertEquals(1, puts.size());
    assertEquals(
        "797e200004",
        puts.get(0).getRowChange().getPrimaryKey().getPrimaryKeyColumn(0).getValue().asString());
    assertEquals(
        Map.of("total", AttrValue.ofInteger(532)),
        store
            .get(
                HashedOrderTable.NAME,
                PrimaryKey.of(PkValue.ofString("797e200004")),
                ColumnSelection.all())
            .orElseThrow()
            .columns());
    // the write landed in the partition from "7000" to "8000", the 8th
    List<PartitionStats> after = store.partitionStats(HashedOrderTable.NAME);
    for (int p = 0; p < 16; p++) {
      assertEquals(
          before.get(p).writeRows() + (p == 7 ? 1 : 0), after.get(p).writeRows(), "partition " + p);
    }
    assertEquals(PkValue.ofString("7000"), after.get(7).start());

    orders.delete(200004);
    assertTrue(orders.get(200004).isEmpty());
    assertEquals(1, service.requests(DeleteRowRequest.class).size());
  }

  @Test
  void bulkPutScattersSequentialOrdersOverEveryPartition() {
    List<PartitionStats> before = store.partitionStats(HashedOrderTable.NAME);
    service.clearRequests();
    List<HashedOrder> batch = new ArrayList<>();
    for (long n = 300_000; n < 300_200; n++) {
      batch.add(new HashedOrder(n, BigDecimal.valueOf(n % 10_000, 2)));
    }
    BulkWriteResult result = orders.putAll(batch);
    assertTrue(result.allAcknowledged(), result.toString());
    assertEquals(200, result.acknowledged());
    assertTrue(
        !service.requests(BatchWriteRowRequest.class).isEmpty(), "written as BatchWriteRow calls");
    assertTrue(service.requests(PutRowRequest.class).isEmpty());

    // 200 consecutive numbers, no partition left out: the prefix scatters the tail hotspot
    List<PartitionStats> after = store.partitionStats(HashedOrderTable.NAME);
    long added = 0;
    for (int p = 0; p < 16; p++) {
      long writes = after.get(p).writeRows() - before.get(p).writeRows();
      assertTrue(writes > 0, "no write in partition " + p);
      added += writes;
    }
    assertEquals(200, added);
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
    for (long n = 1; n <= 12; n++) { // device 54 spans three GetRange pages of 7 rows
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
    service.clearRequests();
    // 54's rows, never 540's (the prefix ends with the delimiter) nor 16's or 167's
    assertEquals(expected.subList(1, 16), sales.scanByDeviceId(54).toList());
    assertTrue(
        service.requests(GetRangeRequest.class).size() >= 3,
        "the scan followed the service's pages");
    // a100's rows, never a1001's
    assertEquals(expected.subList(1, 4), sales.scanByDeviceIdAndSellerId(54, "a100").toList());
    assertEquals(
        List.of(sale(54, "a100", 9)),
        sales.scanByDeviceIdAndSellerIdAndOrderNumberBetween(54, "a100", 0, 10).toList());
    assertEquals(List.of(sale(540, "a100", 1)), sales.scanByDeviceId(540).toList());

    // the partition-key values as the service sorts them (STRING by UTF-8 bytes)
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
  void badKeyValuesAreRefusedBeforeAnyRequest() {
    List<DeviceSale> before = sales.scanAll().toList();
    service.clearRequests();

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

    assertEquals(List.of(), service.requests(), "nothing reached the service");
    assertTrue(sales.get(77, "ok", 1).isEmpty());
    assertEquals(before, sales.scanAll().toList());
  }

  @Test
  void coldColumnLivesInItsOwnTableAndIsReadOnlyOnDemand() {
    String description = "Hand-knitted wool socks, warm and soft. ".repeat(2_000); // 80 KB
    ColdItem item = new ColdItem(7, 3, new BigDecimal("5.32"), description);
    items.put(item);
    PrimaryKey key = ColdItemKeys.primaryKey(7);

    // two tables on the service: the hot row carries the marker, the cold row the description
    List<String> tables = service.client().listTable().getTableNames();
    assertTrue(
        tables.containsAll(List.of(ColdItemTable.NAME, ColdItemTable.COLD_NAME)),
        tables.toString());
    assertEquals(Set.of("price", "quantity", "wk_cold"), serviceColumns(ColdItemTable.NAME, key));
    assertEquals(Set.of("description"), serviceColumns(ColdItemTable.COLD_NAME, key));

    service.clearRequests();
    ColdItem hot = items.get(7).orElseThrow();
    assertEquals(new ColdItem(7, 3, new BigDecimal("5.32"), null), hot);
    assertEquals(
        List.of(ColdItemTable.NAME), getRowTables(), "a hot read leaves the cold table alone");
    service.clearRequests();
    assertEquals(item, items.getWithCold(7).orElseThrow());
    assertEquals(List.of(ColdItemTable.NAME, ColdItemTable.COLD_NAME), getRowTables());

    // compress = true: stored deflated, as binary
    AttrValue stored =
        store
            .get(ColdItemTable.COLD_NAME, key, ColumnSelection.all())
            .orElseThrow()
            .get("description");
    assertEquals(AttrType.BINARY, stored.type());
    assertTrue(stored.sizeInBytes() < description.length() / 20, stored.sizeInBytes() + " bytes");

    // without a description now: the stale cold row goes
    items.put(new ColdItem(7, 4, new BigDecimal("5.32"), null));
    assertEquals(Set.of(), serviceColumns(ColdItemTable.COLD_NAME, key));
    assertNull(items.getWithCold(7).orElseThrow().description());

    items.put(item);
    items.delete(7);
    assertTrue(items.getWithCold(7).isEmpty());
    assertEquals(Set.of(), serviceColumns(ColdItemTable.NAME, key));
    assertEquals(Set.of(), serviceColumns(ColdItemTable.COLD_NAME, key));
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
  void chunkedBodyWithinTheAttributeLimitRoundTrips() {
    LargeDocument doc = new LargeDocument("d1", text(1.9, 1), "under 2 MB");
    documents.put(doc);
    assertEquals(doc, documents.get("d1").orElseThrow());
    // within the limit, the value is one plain column
    assertEquals(
        Set.of("body", "title"),
        serviceColumns(LargeDocumentTable.NAME, LargeDocumentKeys.primaryKey("d1")));
  }

  /**
   * A value over 2 MB is stored as chunk columns {@code wk_body_0}, {@code wk_body_1} and the count
   * {@code wk_body_n}: names within Tablestore's letters, digits and '_'.
   */
  @Test
  void chunkedBodyOverTwoMegabytesRoundTripsInLegalColumnNames() {
    LargeDocument doc = new LargeDocument("big", text(2.5, 2), "over 2 MB");
    documents.put(doc);
    assertEquals(doc, documents.get("big").orElseThrow());
    assertEquals(
        Set.of("title", "wk_body_0", "wk_body_1", "wk_body_n"),
        serviceColumns(LargeDocumentTable.NAME, LargeDocumentKeys.primaryKey("big")));
  }

  /**
   * The next limit a chunked row meets on Tablestore: one PutRow carries at most 4 MB of data,
   * though a row has no size limit. The embedded store takes the row.
   */
  @Test
  void aRowOverFourMegabytesIsRefusedByOnePutRow() {
    int max = store.limits().maxAttributeBytes();
    Row wide =
        Row.of(
            LargeDocumentKeys.primaryKey("wide"),
            Map.of(
                "a", AttrValue.ofBinary(new byte[max]),
                "b", AttrValue.ofBinary(new byte[max]),
                "c", AttrValue.ofBinary(new byte[16])));
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      embedded.createTable(LargeDocumentTable.HOT);
      embedded.put(LargeDocumentTable.NAME, wide);
      assertEquals(
          wide,
          embedded.get(LargeDocumentTable.NAME, wide.key(), ColumnSelection.all()).orElseThrow());
    }
    WideTableStore tablestore = store;
    StoreException e =
        assertThrows(StoreException.class, () -> tablestore.put(LargeDocumentTable.NAME, wide));
    assertEquals(ErrorKind.LIMIT_EXCEEDED, e.kind());
    assertTrue(
        tablestore.get(LargeDocumentTable.NAME, wide.key(), ColumnSelection.all()).isEmpty());
  }
}
