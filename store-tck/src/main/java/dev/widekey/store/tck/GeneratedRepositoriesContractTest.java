package dev.widekey.store.tck;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.Profile;
import dev.widekey.core.Rule;
import dev.widekey.core.RuleViolationException;
import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.store.AttrType;
import dev.widekey.runtime.repository.ChunkRows;
import dev.widekey.runtime.repository.ColdRows;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.repository.VersionConflictException;
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
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.store.tck.entities.BucketedReading;
import dev.widekey.store.tck.entities.BucketedReadingKeys;
import dev.widekey.store.tck.entities.BucketedReadingRepository;
import dev.widekey.store.tck.entities.BucketedReadingTable;
import dev.widekey.store.tck.entities.ChunkedPage;
import dev.widekey.store.tck.entities.ChunkedPageRepository;
import dev.widekey.store.tck.entities.ChunkedPageTable;
import dev.widekey.store.tck.entities.ColdItem;
import dev.widekey.store.tck.entities.ColdItemKeys;
import dev.widekey.store.tck.entities.ColdItemRepository;
import dev.widekey.store.tck.entities.ColdItemTable;
import dev.widekey.store.tck.entities.DeviceSale;
import dev.widekey.store.tck.entities.DeviceSaleRepository;
import dev.widekey.store.tck.entities.DeviceSaleTable;
import dev.widekey.store.tck.entities.HashedOrder;
import dev.widekey.store.tck.entities.HashedOrderKeys;
import dev.widekey.store.tck.entities.HashedOrderRepository;
import dev.widekey.store.tck.entities.HashedOrderTable;
import dev.widekey.store.tck.entities.LargeDocument;
import dev.widekey.store.tck.entities.LargeDocumentKeys;
import dev.widekey.store.tck.entities.LargeDocumentRepository;
import dev.widekey.store.tck.entities.LargeDocumentTable;
import dev.widekey.store.tck.entities.LargeHBaseDocument;
import dev.widekey.store.tck.entities.LargeHBaseDocumentRepository;
import dev.widekey.store.tck.entities.LindormChunkedDocument;
import dev.widekey.store.tck.entities.LindormChunkedDocumentRepository;
import dev.widekey.store.tck.entities.LindormChunkedDocumentTable;
import dev.widekey.store.tck.entities.VersionedAccount;
import dev.widekey.store.tck.entities.VersionedAccountKeys;
import dev.widekey.store.tck.entities.VersionedAccountRepository;
import dev.widekey.store.tck.entities.VersionedAccountTable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.commons.codec.digest.DigestUtils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The repositories the processor generates for the test entities ({@code entities/}), unchanged, on
 * a backend: what the embedded store's tests show, shown again on every backend. A backend's test
 * extends this class, supplies its store and may check, through the hooks below, what its service
 * itself received and holds:
 *
 * <pre>{@code
 * class GeneratedRepositoriesOnHBaseTest extends GeneratedRepositoriesContractTest {
 *   static HBaseStore store; // one mini-cluster for the whole class
 *   @BeforeAll static void open() { store = ...; }
 *   @AfterAll static void close() { store.close(); }
 *   @Override protected WideTableStore store() { return store; }
 *   @Override protected Set<String> serviceColumns(String table, PrimaryKey key) { ... }
 * }
 * }</pre>
 *
 * <p>The subclass owns the store's lifecycle. The entities' tables are created before each test
 * (which does nothing once they exist) and kept, so a store is best used by one such class.
 */
public abstract class GeneratedRepositoriesContractTest {
  protected HashedOrderRepository orders;
  protected DeviceSaleRepository sales;
  protected ColdItemRepository items;
  protected LargeDocumentRepository documents;
  protected LargeHBaseDocumentRepository hbaseDocuments;
  protected ChunkedPageRepository pages;
  protected LindormChunkedDocumentRepository lindormDocuments;
  protected VersionedAccountRepository accounts;
  protected BucketedReadingRepository readings;

  /** The store under test; the subclass opens and closes it. */
  protected abstract WideTableStore store();

  @BeforeEach
  protected void openRepositories() {
    orders = new HashedOrderRepository(store());
    sales = new DeviceSaleRepository(store());
    items = new ColdItemRepository(store());
    documents = new LargeDocumentRepository(store());
    accounts = new VersionedAccountRepository(store());
    orders.createTables();
    sales.createTables();
    items.createTables();
    documents.createTables();
    hbaseDocuments = new LargeHBaseDocumentRepository(store());
    hbaseDocuments.createTables();
    pages = new ChunkedPageRepository(store());
    pages.createTables();
    lindormDocuments = new LindormChunkedDocumentRepository(store());
    lindormDocuments.createTables();
    accounts.createTables();
    readings = new BucketedReadingRepository(store());
    readings.createTables();
  }

  // ------------------------------------------------------------------------------ backend hooks

  /**
   * The attribute columns the service holds for a row, read around the store (empty: no row). By
   * default through the store, which is all there is to read for the embedded store.
   */
  protected Set<String> serviceColumns(String table, PrimaryKey key) {
    return store()
        .get(table, key, ColumnSelection.all())
        .map(r -> (Set<String>) new TreeSet<>(r.columns().keySet()))
        .orElse(Set.of());
  }

  /** Checks that the service has these tables. By default the store describes them. */
  protected void checkTablesExist(List<String> tables) {
    for (String table : tables) {
      assertTrue(store().describeTable(table).isPresent(), table);
    }
  }

  /**
   * Checks that the service holds the table in this many partitions (regions, shards). By default
   * the store's spec has one split point fewer.
   */
  protected void checkPartitions(String table, int partitions) {
    assertEquals(partitions - 1, store().describeTable(table).orElseThrow().splitPoints().size());
  }

  /**
   * Where the service records the requests it receives: forgets those so far, so that the next
   * {@code check...} sees only what follows. By default there is no such record.
   */
  protected void clearRequests() {}

  /**
   * After one {@code put} since {@link #clearRequests}: the row reached the service under {@code
   * key}, in the partition from {@code start} (inclusive) to {@code end}.
   */
  protected void checkWritten(String table, PrimaryKey key, PkValue start, PkValue end) {}

  /** After one {@code delete} since {@link #clearRequests}: the delete reached the service. */
  protected void checkDeleted(String table, PrimaryKey key) {}

  /** After a bulk put: its rows went to the service in batch calls, none one by one. */
  protected void checkWrittenInBatches() {}

  /** After a scan of more rows than one page: the scan followed the service's pages. */
  protected void checkScannedInPages() {}

  /** After calls refused on the client: no request reached the service. */
  protected void checkNothingSent() {}

  /** The tables read from, row by row, since {@link #clearRequests}, in order. */
  protected void checkRowsReadFrom(List<String> tables) {}

  // ------------------------------------------------------------------------------ tests

  @Test
  public void hashPrefixedOrderLandsUnderItsRealMd5PrefixInItsPartition() {
    // printf 200004 | md5sum → 797e5af4...; the seeds' "2e38"-style prefixes are illustrative
    assertTrue(DigestUtils.md5Hex("200004").startsWith("797e"));
    assertEquals("797e200004", HashedOrderKeys.partitionKey(200004));
    // the generated split points became the table's partitions, as many as the profile allows
    List<PkValue> splits = HashedOrderTable.SPLIT_POINTS;
    int partitions = splits.size() + 1;
    checkPartitions(HashedOrderTable.NAME, partitions);
    int home = 0; // the partition of "797e...": after every split point not above it
    while (home < splits.size() && splits.get(home).compareTo(PkValue.ofString("797e")) <= 0) {
      home++;
    }

    List<PartitionStats> before = store().partitionStats(HashedOrderTable.NAME);
    clearRequests();
    HashedOrder order = new HashedOrder(200004, new BigDecimal("5.32"));
    orders.put(order);
    assertEquals(order, orders.get(200004).orElseThrow());

    // one row under the hashed key, the money as 532 minor units
    PrimaryKey key = PrimaryKey.of(PkValue.ofString("797e200004"));
    checkWritten(
        HashedOrderTable.NAME,
        key,
        home == 0 ? null : splits.get(home - 1),
        home == splits.size() ? null : splits.get(home));
    assertEquals(
        Map.of("total", AttrValue.ofInteger(532)),
        store().get(HashedOrderTable.NAME, key, ColumnSelection.all()).orElseThrow().columns());
    // the write landed in that partition alone
    List<PartitionStats> after = store().partitionStats(HashedOrderTable.NAME);
    for (int p = 0; p < partitions; p++) {
      assertEquals(
          before.get(p).writeRows() + (p == home ? 1 : 0),
          after.get(p).writeRows(),
          "partition " + p);
    }
    assertEquals(home == 0 ? null : splits.get(home - 1), after.get(home).start());

    orders.delete(200004);
    assertTrue(orders.get(200004).isEmpty());
    checkDeleted(HashedOrderTable.NAME, key);
  }

  @Test
  public void bucketedTimestampsSpreadOverThePartitionsAndReadBackMergedInOrder() {
    // 16 buckets, pre-split within the profile's partitions at creation (10 on Tablestore)
    List<PkValue> splits = BucketedReadingTable.SPLIT_POINTS;
    int partitions = splits.size() + 1;
    assertEquals(
        Math.min(16, store().limits(BucketedReadingTable.PROFILE).maxPartitions()), partitions);
    checkPartitions(BucketedReadingTable.NAME, partitions);
    assertEquals(
        "05" + "0000000001000000037",
        BucketedReadingKeys.primaryKey(1_000_000_037L, "s1").get(0).asString());

    List<PartitionStats> before = store().partitionStats(BucketedReadingTable.NAME);
    List<BucketedReading> batch = new ArrayList<>();
    long t0 = 1_700_000_000_000L;
    for (long t = t0; t < t0 + 160; t++) {
      batch.add(new BucketedReading(t, "s" + (t % 3), t - t0));
    }
    assertTrue(readings.putAll(batch).allAcknowledged());
    // consecutive timestamps: every partition took a share of the writes
    List<PartitionStats> after = store().partitionStats(BucketedReadingTable.NAME);
    for (int p = 0; p < partitions; p++) {
      assertTrue(
          after.get(p).writeRows() > before.get(p).writeRows(), "no write in partition " + p);
    }

    assertEquals(batch.get(42), readings.get(t0 + 42, "s" + ((t0 + 42) % 3)).orElseThrow());
    try (Stream<BucketedReading> rows = readings.scanByTimestampBetween(t0 + 10, t0 + 150)) {
      assertEquals(batch.subList(10, 150), rows.toList());
    }
    try (Stream<BucketedReading> rows = readings.scanByTimestampBetween(t0, t0 + 160, 7)) {
      assertEquals(batch.subList(0, 7), rows.toList());
    }
    // pages of 25, each after the last reading of the one before
    List<BucketedReading> paged = new ArrayList<>();
    List<BucketedReading> page;
    do {
      try (Stream<BucketedReading> rows =
          paged.isEmpty()
              ? readings.scanByTimestampBetween(t0 + 3, t0 + 160, 25)
              : readings.scanByTimestampBetweenAfter(
                  paged.get(paged.size() - 1), t0 + 3, t0 + 160, 25)) {
        page = rows.toList();
      }
      paged.addAll(page);
    } while (!page.isEmpty());
    assertEquals(batch.subList(3, 160), paged);
  }

  /**
   * A continuation entity outside the query's bounds was not returned by that query: it is refused
   * by name, never the start of a bucket scan that leaves the bounds.
   */
  @Test
  public void aContinuationOutsideTheBoundsIsRefused() {
    long t0 = 1_800_000_000_000L;
    List<BucketedReading> batch = new ArrayList<>();
    for (long t = t0; t < t0 + 200; t++) {
      batch.add(new BucketedReading(t, "s" + (t % 3), t - t0));
    }
    assertTrue(readings.putAll(batch).allAcknowledged());
    long from = t0 + 100;
    long to = t0 + 150;
    for (BucketedReading last :
        List.of(batch.get(5), batch.get(99), batch.get(150), batch.get(199))) {
      IllegalArgumentException up =
          assertThrows(
              IllegalArgumentException.class,
              () -> readings.scanByTimestampBetweenAfter(last, from, to, 1_000).toList());
      assertTrue(up.getMessage().contains("timestamp"), up.getMessage());
      assertTrue(up.getMessage().contains(Long.toString(from)), up.getMessage());
      IllegalArgumentException down =
          assertThrows(
              IllegalArgumentException.class,
              () -> readings.scanByTimestampBetweenDescendingAfter(last, from, to, 1_000).toList());
      assertTrue(down.getMessage().contains(Long.toString(last.timestamp())), down.getMessage());
    }
    // inside the bounds, the rest of the range
    try (Stream<BucketedReading> rows =
        readings.scanByTimestampBetweenAfter(batch.get(120), from, to, 1_000)) {
      assertEquals(batch.subList(121, 150), rows.toList());
    }
    try (Stream<BucketedReading> rows =
        readings.scanByTimestampBetweenDescendingAfter(batch.get(120), from, to, 1_000)) {
      List<BucketedReading> expected = new ArrayList<>(batch.subList(100, 120));
      java.util.Collections.reverse(expected);
      assertEquals(expected, rows.toList());
    }
  }

  @Test
  public void bulkPutScattersSequentialOrdersOverEveryPartition() {
    List<PartitionStats> before = store().partitionStats(HashedOrderTable.NAME);
    clearRequests();
    List<HashedOrder> batch = new ArrayList<>();
    for (long n = 300_000; n < 300_200; n++) {
      batch.add(new HashedOrder(n, BigDecimal.valueOf(n % 10_000, 2)));
    }
    BulkWriteResult result = orders.putAll(batch);
    assertTrue(result.allAcknowledged(), result.toString());
    assertEquals(200, result.acknowledged());
    checkWrittenInBatches();

    // 200 consecutive numbers, no partition left out: the prefix scatters the tail hotspot
    List<PartitionStats> after = store().partitionStats(HashedOrderTable.NAME);
    int partitions = HashedOrderTable.SPLIT_POINTS.size() + 1;
    assertEquals(partitions, after.size());
    long added = 0;
    for (int p = 0; p < partitions; p++) {
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
  public void splicedKeyScansReturnTheirRowsInNumericOrder() {
    List<DeviceSale> expected = salesInKeyOrder();
    List<DeviceSale> shuffled = new ArrayList<>(expected);
    Collections.shuffle(shuffled, new Random(54));
    BulkWriteResult result = sales.putAll(shuffled);
    assertTrue(result.allAcknowledged(), result.toString());

    clearRequests();
    assertEquals(expected, sales.scanAll().toList());
    checkScannedInPages();
    // 54's rows, never 540's (the prefix ends with the delimiter) nor 16's or 167's
    assertEquals(expected.subList(1, 16), sales.scanByDeviceId(54).toList());
    // a100's rows, never a1001's
    assertEquals(expected.subList(1, 4), sales.scanByDeviceIdAndSellerId(54, "a100").toList());
    assertEquals(
        List.of(sale(54, "a100", 9)),
        sales.scanByDeviceIdAndSellerIdAndOrderNumberBetween(54, "a100", 0, 10).toList());
    assertEquals(List.of(sale(540, "a100", 1)), sales.scanByDeviceId(540).toList());

    // the partition-key values as the store sorts them (STRING by UTF-8 bytes)
    List<String> partitionKeys =
        store()
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
  public void badKeyValuesAreRefusedBeforeAnyWrite() {
    List<DeviceSale> before = sales.scanAll().toList();
    long writes = writeRows(DeviceSaleTable.NAME);
    clearRequests();

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

    checkNothingSent();
    assertTrue(sales.get(77, "ok", 1).isEmpty());
    assertEquals(before, sales.scanAll().toList());
    assertEquals(writes, writeRows(DeviceSaleTable.NAME), "no write reached the store");
  }

  private long writeRows(String table) {
    return store().partitionStats(table).stream().mapToLong(PartitionStats::writeRows).sum();
  }

  @Test
  public void coldColumnLivesInItsOwnTableAndIsReadOnlyOnDemand() {
    String description = "Hand-knitted wool socks, warm and soft. ".repeat(2_000); // 80 KB
    ColdItem item = new ColdItem(7, 3, new BigDecimal("5.32"), description);
    items.put(item);
    PrimaryKey key = ColdItemKeys.primaryKey(7);

    // two tables: the hot row carries the marker and the write's tag, the cold row under that tag
    // the description, its owner and when it was written
    checkTablesExist(List.of(ColdItemTable.NAME, ColdItemTable.COLD_NAME));
    assertEquals(
        Set.of("price", "quantity", "wk_cold", "wk_cold_tag"),
        serviceColumns(ColdItemTable.NAME, key));
    PrimaryKey coldKey = ColdRows.key(key, coldTag(key));
    assertEquals(
        Set.of("description", "wk_owner", "wk_written"),
        serviceColumns(ColdItemTable.COLD_NAME, coldKey));

    clearRequests();
    ColdItem hot = items.get(7).orElseThrow();
    assertNull(hot.description());
    assertEquals(new ColdItem(7, 3, new BigDecimal("5.32"), null), hot);
    checkRowsReadFrom(List.of(ColdItemTable.NAME)); // a hot read leaves the cold table alone
    clearRequests();
    assertEquals(item, items.getWithCold(7).orElseThrow());
    checkRowsReadFrom(List.of(ColdItemTable.NAME, ColdItemTable.COLD_NAME));

    // compress = true: stored deflated, as binary
    AttrValue stored =
        store()
            .get(ColdItemTable.COLD_NAME, coldKey, ColumnSelection.all())
            .orElseThrow()
            .get("description");
    assertEquals(AttrType.BINARY, stored.type());
    assertTrue(stored.sizeInBytes() < description.length() / 20, stored.sizeInBytes() + " bytes");

    // without a description now: the hot row stops pointing at a cold row, and the replaced
    // write's cold row is deleted
    items.put(new ColdItem(7, 4, new BigDecimal("5.32"), null));
    assertFalse(serviceColumns(ColdItemTable.NAME, key).contains("wk_cold"));
    assertNull(items.getWithCold(7).orElseThrow().description());
    items.flushDeletes(); // a networked store's deletes of replaced rows run in the background
    assertEquals(Set.of(), serviceColumns(ColdItemTable.COLD_NAME, coldKey));

    items.put(item);
    PrimaryKey lastColdKey = ColdRows.key(key, coldTag(key));
    items.delete(7);
    assertTrue(items.getWithCold(7).isEmpty());
    assertEquals(Set.of(), serviceColumns(ColdItemTable.NAME, key));
    items.flushDeletes();
    assertEquals(Set.of(), serviceColumns(ColdItemTable.COLD_NAME, lastColdKey));
  }

  /** The write tag the stored hot row of {@code key} carries. */
  private long coldTag(PrimaryKey key) {
    return store()
        .get(ColdItemTable.NAME, key, ColumnSelection.all())
        .orElseThrow()
        .get(SplitTableRepository.COLD_TAG)
        .asLong();
  }

  // ------------------------------------------------------- conditional and versioned writes

  @Test
  public void insertWritesOnlyANewRow() {
    ColdItem first = new ColdItem(801, 1, new BigDecimal("1.00"), "first");
    items.delete(801);
    items.insert(first);

    StoreException e =
        assertThrows(
            StoreException.class,
            () -> items.insert(new ColdItem(801, 2, new BigDecimal("2.00"), "second")));

    assertEquals(ErrorKind.CONDITION_FAILED, e.kind(), e.getMessage());
    assertFalse(e.retryable());
    assertEquals(Optional.of(first), items.getWithCold(801)); // neither row changed
  }

  @Test
  public void updateWritesOnlyAnExistingRow() {
    items.delete(802);
    ColdItem item = new ColdItem(802, 1, new BigDecimal("1.00"), "cold text");

    StoreException e = assertThrows(StoreException.class, () -> items.update(item));

    assertEquals(ErrorKind.CONDITION_FAILED, e.kind(), e.getMessage());
    assertEquals(Set.of(), serviceColumns(ColdItemTable.NAME, ColdItemKeys.primaryKey(802)));
    assertEquals(List.of(), coldRowsOf(ColdItemTable.COLD_NAME, ColdItemKeys.primaryKey(802)));
    items.put(item);
    ColdItem changed = new ColdItem(802, 5, new BigDecimal("1.00"), "new cold text");
    items.update(changed);
    assertEquals(Optional.of(changed), items.getWithCold(802));
  }

  @Test
  public void versionedPutFromZeroStoresAndReturnsVersionOne() {
    accounts.delete("fromzero");

    VersionedAccount v1 = accounts.put(new VersionedAccount("fromzero", 500, 0, "opened"));
    VersionedAccount v2 = accounts.put(new VersionedAccount("fromzero", 700, v1.version(), null));

    assertEquals(new VersionedAccount("fromzero", 500, 1, "opened"), v1);
    assertEquals(2, v2.version());
    assertEquals(Optional.of(v2), accounts.getWithCold("fromzero"));
    assertEquals(
        AttrValue.ofInteger(2),
        store()
            .get(VersionedAccountTable.NAME, VersionedAccountKeys.primaryKey("fromzero"), all())
            .orElseThrow()
            .get("version"));
  }

  @Test
  public void aStaleVersionConflictsNamingBothVersionsAndChangesNeitherRow() {
    accounts.delete("stale");
    VersionedAccount v1 = accounts.put(new VersionedAccount("stale", 100, 0, "first statement"));
    VersionedAccount v2 = accounts.put(new VersionedAccount("stale", 200, 1, "second statement"));
    PrimaryKey key = VersionedAccountKeys.primaryKey("stale");
    Row hot = store().get(VersionedAccountTable.NAME, key, all()).orElseThrow();
    List<Row> cold = coldRowsOf(VersionedAccountTable.COLD_NAME, key);
    assertEquals(1, cold.size(), cold::toString);

    VersionConflictException e =
        assertThrows(
            VersionConflictException.class,
            () -> accounts.put(new VersionedAccount("stale", 999, v1.version(), "lost update")));

    assertEquals(ErrorKind.CONDITION_FAILED, e.kind());
    assertFalse(e.retryable());
    assertEquals(1, e.expectedVersion());
    assertEquals(OptionalLong.of(2), e.storedVersion());
    assertTrue(e.getMessage().contains("expected version 1"), e.getMessage());
    assertTrue(e.getMessage().contains("version 2 is stored"), e.getMessage());
    assertEquals(hot, store().get(VersionedAccountTable.NAME, key, all()).orElseThrow());
    assertEquals(cold, coldRowsOf(VersionedAccountTable.COLD_NAME, key));
    assertEquals(Optional.of(v2), accounts.getWithCold("stale"));

    VersionConflictException taken =
        assertThrows(
            VersionConflictException.class,
            () -> accounts.put(new VersionedAccount("stale", 1, 0, "a second opening")));
    assertEquals(OptionalLong.of(2), taken.storedVersion());
    assertEquals(cold, coldRowsOf(VersionedAccountTable.COLD_NAME, key));
  }

  @Test
  public void bulkPutsOfVersionedEntitiesCarryTheirConditions() {
    accounts.delete("bulka");
    accounts.delete("bulkb");
    VersionedAccount a1 = accounts.put(new VersionedAccount("bulka", 1, 0, "a"));

    BulkWriteResult result =
        accounts.putAll(
            List.of(
                new VersionedAccount("bulka", 2, a1.version(), "a again"),
                new VersionedAccount("bulkb", 3, 0, "b"),
                new VersionedAccount("bulka", 9, 0, "a as new: refused")));

    // the refused entity's commit fails its condition: the delete of the cold row it would have
    // replaced is not sent, and its own cold row, stored first, is deleted again
    assertEquals(2, result.failed(), result.toString());
    for (var failure : result.failures()) {
      assertEquals(ErrorKind.CONDITION_FAILED, failure.error().kind(), result.toString());
    }
    assertEquals(1, result.failures().get(0).indexInGroup());
    assertEquals(VersionedAccountKeys.primaryKey("bulka"), result.failures().get(0).key());
    assertEquals(
        1,
        coldRowsOf(VersionedAccountTable.COLD_NAME, VersionedAccountKeys.primaryKey("bulka"))
            .size());
    assertEquals(
        Optional.of(new VersionedAccount("bulka", 2, 2, "a again")), accounts.getWithCold("bulka"));
    assertEquals(
        Optional.of(new VersionedAccount("bulkb", 3, 1, "b")), accounts.getWithCold("bulkb"));
  }

  /** The cold rows owned by the entity of {@code hotKey}, whatever write tags they are under. */
  protected List<Row> coldRowsOf(String coldTable, PrimaryKey hotKey) {
    new ColdItemRepository(store()).flushDeletes(); // every queue of the process
    AttrValue owner = ColdRows.owner(hotKey);
    try (Stream<Row> rows = store().scan(coldTable, ScanRange.all(2))) {
      return rows.filter(r -> owner.equals(r.get(ColdRows.OWNER))).toList();
    }
  }

  private static ColumnSelection all() {
    return ColumnSelection.all();
  }

  /** About {@code megabytes} MB of UTF-8 mixing 1-, 2- and 4-byte characters. */
  protected static String text(double megabytes, long seed) {
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
  public void chunkedBodyWithinTheAttributeLimitRoundTrips() {
    LargeDocument doc = new LargeDocument("d1", text(1.9, 1), "under 2 MB");
    documents.put(doc);
    assertEquals(doc, documents.get("d1").orElseThrow());
    // within the limit, the value is one plain column beside the write's tag; no chunk row
    assertEquals(
        Set.of("body", "title", SplitTableRepository.COLD_TAG),
        serviceColumns(LargeDocumentTable.NAME, LargeDocumentKeys.primaryKey("d1")));
    assertEquals(0, chunkRowsOf(LargeDocumentTable.CHUNKS_NAME, doc.id()).size());
  }

  /**
   * A value over 2 MB is stored in chunk rows, named from the hot row by a reference column and the
   * write's chunk-row count: names within Tablestore's letters, digits and '_'.
   */
  @Test
  public void chunkedBodyOverTwoMegabytesRoundTripsInChunkRows() {
    LargeDocument doc = new LargeDocument("big", text(2.5, 2), "over 2 MB");
    documents.put(doc);
    assertEquals(doc, documents.get("big").orElseThrow());
    assertEquals(
        Set.of(
            "title",
            ChunkRows.referenceColumn("body"),
            ChunkRows.PARTS,
            SplitTableRepository.COLD_TAG),
        serviceColumns(LargeDocumentTable.NAME, LargeDocumentKeys.primaryKey("big")));
    assertEquals(2, chunkRowsOf(LargeDocumentTable.CHUNKS_NAME, "big").size());
  }

  /** The chunk rows stored for entity {@code id} of a table keyed by one text column. */
  private List<Row> chunkRowsOf(String chunkTable, String id) {
    new ColdItemRepository(store()).flushDeletes(); // every queue of the process
    ScanRange all = ScanRange.all(3).withColumns(ColumnSelection.of(ColdRows.OWNER));
    try (Stream<Row> rows = store().scan(chunkTable, all)) {
      return rows.filter(r -> r.key().get(0).equals(PkValue.ofString(id))).toList();
    }
  }

  /** The bytes one put of {@code row} of {@code table} carries, as the store counts it. */
  private long putBytes(String table, Row row) {
    return row.putSizeInBytes(store().describeTable(table).orElseThrow().primaryKey());
  }

  /**
   * A 5 MB body is three chunk rows on every profile, each within one put of it (Tablestore's 4 MB
   * included), written and read back whole, alone and in a bulk put; a rewrite with a small body
   * leaves no chunk row behind.
   */
  @Test
  public void chunkedBodyOfFiveMegabytesRoundTripsOnEveryProfile() {
    LargeDocument doc = new LargeDocument("d1", text(5, 5), "big");
    SplitTableRepository.PreparedWrite rows = documents.prepare(doc);
    assertEquals(3, rows.chunks().size());
    for (Row chunk : rows.chunks()) {
      assertTrue(
          putBytes(LargeDocumentTable.CHUNKS_NAME, chunk)
              <= store().limits(Profile.TABLESTORE).maxPutBytes());
    }
    documents.put(doc);
    assertEquals(doc, documents.get("d1").orElseThrow());
    assertEquals(3, chunkRowsOf(LargeDocumentTable.CHUNKS_NAME, "d1").size());

    LargeHBaseDocument hbase = new LargeHBaseDocument("d1", text(5, 5), "big");
    hbaseDocuments.put(hbase);
    assertEquals(hbase, hbaseDocuments.get("d1").orElseThrow());

    // a bulk put writes the large entity's rows on their own and the small one in a batch
    LargeDocument big = new LargeDocument("d2", text(4.5, 6), "over 4 MB");
    LargeDocument small = new LargeDocument("d3", "small", "s");
    assertTrue(documents.putAll(List.of(big, small)).allAcknowledged());
    assertEquals(big, documents.get("d2").orElseThrow());
    assertEquals(small, documents.get("d3").orElseThrow());

    // a rewrite with a small body leaves no chunk row behind
    documents.put(new LargeDocument("d1", "short", "small now"));
    assertEquals("short", documents.get("d1").orElseThrow().body());
    assertEquals(List.of(), chunkRowsOf(LargeDocumentTable.CHUNKS_NAME, "d1"));
    documents.delete("d2");
    assertEquals(List.of(), chunkRowsOf(LargeDocumentTable.CHUNKS_NAME, "d2"));
  }

  /**
   * Two values over 2 MB in one entity: a hot body and a cold history of 3 MB each on Tablestore (4
   * MB a put), and two hot values on Lindorm (2 MB a row), each in chunk rows of its own.
   */
  @Test
  public void twoValuesOverTwoMegabytesInOneEntity() {
    ChunkedPage both = new ChunkedPage("p1", text(3, 9), text(3, 10));
    pages.put(both);
    assertEquals(both, pages.getWithCold("p1").orElseThrow());
    assertEquals(new ChunkedPage("p1", both.body(), null), pages.get("p1").orElseThrow());
    ChunkedPage next = new ChunkedPage("p1", text(4.5, 11), text(4.5, 12));
    pages.put(next);
    assertEquals(next, pages.getWithCold("p1").orElseThrow());
    assertEquals(6, chunkRowsOf(ChunkedPageTable.CHUNKS_NAME, "p1").size());

    byte[] attachment = new byte[3 << 20];
    new Random(13).nextBytes(attachment);
    LindormChunkedDocument lindorm =
        new LindormChunkedDocument("l1", "two large", text(2.5, 14), attachment);
    lindormDocuments.put(lindorm);
    LindormChunkedDocument read = lindormDocuments.get("l1").orElseThrow();
    assertEquals(lindorm.body(), read.body());
    assertArrayEquals(attachment, read.attachment());
    assertEquals(4, chunkRowsOf(LindormChunkedDocumentTable.CHUNKS_NAME, "l1").size());
    for (Row chunk : lindormDocuments.prepare(lindorm).chunks()) {
      assertTrue(
          chunk.sizeInBytes() <= store().limits(Profile.LINDORM).maxRowAttributeBytes(),
          "a chunk row within Lindorm's 2 MB a row");
    }
  }

  /**
   * A value over its field's {@code @Chunked(maxBytes)} is refused (WK202) before anything is sent,
   * alone or in a bulk put; the stored entity stays as it was.
   */
  @Test
  public void aValueOverItsCapIsRefusedBeforeAnyWrite() {
    ChunkedPage stored = new ChunkedPage("p3", "body", "history");
    pages.put(stored);
    ChunkedPage over = new ChunkedPage("p3", "new body", "h".repeat((8 << 20) + 1));
    clearRequests();
    for (Executable write :
        List.<Executable>of(
            () -> pages.put(over), () -> pages.insert(over), () -> pages.putAll(List.of(over)))) {
      RuleViolationException e = assertThrows(RuleViolationException.class, write);
      assertTrue(e.getMessage().startsWith(Rule.WK202.name()), e.getMessage());
      assertTrue(e.getMessage().contains("history"), e.getMessage());
    }
    byte[] attachment = new byte[(8 << 20) + 1];
    assertThrows(
        RuleViolationException.class,
        () -> lindormDocuments.put(new LindormChunkedDocument("l2", "t", null, attachment)));
    checkNothingSent();
    assertEquals(stored, pages.getWithCold("p3").orElseThrow());
    assertEquals(Optional.empty(), lindormDocuments.get("l2"));
    assertEquals(List.of(), chunkRowsOf(LindormChunkedDocumentTable.CHUNKS_NAME, "l2"));
  }
}
