package dev.widekey.sample;

import dev.widekey.core.RuleViolationException;
import dev.widekey.runtime.query.Bounds;
import dev.widekey.runtime.query.ContinuationKey;
import dev.widekey.runtime.report.HotspotHeatmap;
import dev.widekey.runtime.report.LoadKind;
import dev.widekey.runtime.report.LoadWindow;
import dev.widekey.runtime.report.PartitionLoadReport;
import dev.widekey.runtime.report.PartitionLoadSampler;
import dev.widekey.runtime.repository.ColdRows;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.Stores;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.BulkWriter;
import jakarta.data.Limit;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * The seed documents' key designs, run end to end on a store chosen by configuration (the embedded
 * store by default). Prints the keys as stored, which table each column went to and a per-partition
 * load summary, and writes two hotspot heatmaps (HTML) under {@code target/widekey-heatmaps}.
 *
 * <pre>
 * mvn -q -pl sample-app -am install -DskipTests &amp;&amp; mvn -q -pl sample-app exec:java
 * mvn -q -pl sample-app exec:java -Dwidekey.embedded.dir=target/sample-data   # persistent
 * </pre>
 */
public final class SampleApp {
  /** Where {@link #main} writes the heatmaps, from the working directory. */
  public static final Path HEATMAP_DIR = Path.of("target", "widekey-heatmaps");

  private final WideTableStore store;
  private final PrintStream out;
  private final Path heatmapDir;

  public SampleApp(WideTableStore store, PrintStream out) {
    this(store, out, HEATMAP_DIR);
  }

  /** A sample that writes its hotspot heatmaps into {@code heatmapDir}. */
  public SampleApp(WideTableStore store, PrintStream out, Path heatmapDir) {
    this.store = store;
    this.out = out;
    this.heatmapDir = heatmapDir;
  }

  /**
   * Opens the store that {@code widekey.*} system properties and {@code WIDEKEY_*} environment
   * variables name ({@link Stores#open()}), the embedded store in memory by default. The first
   * argument, if any, is the directory of the heatmaps ({@code exec:java} gives the module's {@code
   * target/widekey-heatmaps}); {@link #HEATMAP_DIR} otherwise.
   */
  public static void main(String[] args) {
    Path heatmaps = args.length > 0 ? Path.of(args[0]) : HEATMAP_DIR;
    try (WideTableStore store = Stores.open()) {
      new SampleApp(store, System.out, heatmaps).run();
    }
  }

  public void run() {
    cardTransactions();
    deviceTransactions();
    orders();
    channelOrders();
    items();
    machineMetrics();
    bucketedMachineMetrics();
    bulkImport();
    hotspotHeatmaps();
    badInput();
    monthlyOrders();
  }

  /**
   * One table per month, 12 months kept: 15 months of orders, then retention archives and drops the
   * 3 oldest. "Now" is fixed, so the output is the same on every run.
   */
  private void monthlyOrders() {
    heading("Monthly order tables, 12 months kept (tables monthly_orders_yyyy_MM)");
    Instant now = Instant.parse("2026-11-22T08:00:00Z");
    // the clock is "now"; the 15 months of history are a backfill, outside the write window of the
    // 12 months kept and the one ahead
    MonthlyOrderShardedRepository orders =
        new MonthlyOrderShardedRepository(store)
            .withClock(java.time.Clock.fixed(now, java.time.ZoneOffset.UTC))
            .allowingBackfill(
                Instant.parse("2025-09-01T00:00:00Z"), Instant.parse("2026-12-01T00:00:00Z"));
    out.println("  created ahead: " + orders.createTablesAhead(now));
    ZonedDateTime month = ZonedDateTime.parse("2025-09-10T12:00:00Z");
    long number = 300001;
    for (int m = 0; m < 15; m++, month = month.plusMonths(1)) {
      for (int i = 0; i < 2; i++) {
        Instant placedAt = month.plusDays(i).toInstant();
        orders.put(new MonthlyOrder(number++, "C0FFEE01", new BigDecimal("9.90"), placedAt));
      }
    }
    List<String> tables = orders.periodTables();
    out.printf(
        "  %d period tables: %s ... %s%n",
        tables.size(), tables.get(0), tables.get(tables.size() - 1));
    Instant placed = Instant.parse("2026-10-11T12:00:00Z");
    out.printf(
        "  order 300028 read from %s: total %s%n",
        orders.tableName(placed), orders.get(300028, placed).orElseThrow().total());
    try (Stream<MonthlyOrder> lastQuarter =
        orders.scanBetween(Instant.parse("2026-09-01T00:00:00Z"), now)) {
      out.printf(
          "  orders placed from 2026-09-01 until now, over 3 month tables: %d%n",
          lastQuarter.count());
    }
    List<String> dropped =
        orders.enforceRetention(
            now,
            period -> {
              try (Stream<MonthlyOrder> rows = period.scan()) {
                out.printf("  archived %s: %d orders%n", period.table(), rows.count());
              }
            });
    out.println("  dropped after archiving: " + dropped);
    tables = orders.periodTables();
    out.printf(
        "  %d period tables kept: %s ... %s%n",
        tables.size(), tables.get(0), tables.get(tables.size() - 1));
  }

  /** Card id leads: one card's purchases together, cards spread over partitions. */
  private void cardTransactions() {
    heading("Student-card purchases, card id leading (table card_transactions)");
    CardTransactionRepository repo = new CardTransactionRepository(store);
    repo.createTables();
    repo.put(new CardTransaction("C0FFEE01", "s7", 54, 200001, new BigDecimal("5.32")));
    repo.put(new CardTransaction("C0FFEE01", "s7", 54, 200002, new BigDecimal("12.00")));
    repo.put(new CardTransaction("BADA5502", "s3", 167, 1, new BigDecimal("0.10")));
    out.println("purchases of card C0FFEE01, read by a leftmost-prefix scan:");
    try (Stream<CardTransaction> rows = repo.scanByCardId("C0FFEE01")) {
      rows.forEach(
          t ->
              out.printf(
                  "  order %d at seller %s on device %d: %s%n",
                  t.orderNumber(), t.sellerId(), t.deviceId(), t.amount()));
    }
    // the same reads through the query interface, checked against the key at compile time
    CardTransactions queries = new CardTransactions_(repo);
    out.printf(
        "through the query interface CardTransactions: %d purchases, the newest order %d%n",
        queries.countByCardId("C0FFEE01"),
        queries.newest("C0FFEE01", Limit.of(1)).get(0).orderNumber());
    printStoredKeys(CardTransactionTable.NAME, CardTransactionKeys.COLUMNS);
  }

  /** DeviceID+SellerID+CardID spliced with ',' into one partition key. */
  private void deviceTransactions() {
    heading("Spliced partition key deviceId,sellerId,cardId (table device_transactions)");
    DeviceTransactionRepository repo = new DeviceTransactionRepository(store);
    repo.createTables();
    // written out of order on purpose: the store returns them in key order
    repo.put(new DeviceTransaction(167, "a100", "C3", 1, new BigDecimal("3.00")));
    repo.put(new DeviceTransaction(54, "a1001", "C2", 1, new BigDecimal("2.00")));
    repo.put(new DeviceTransaction(540, "a1", "C9", 1, new BigDecimal("9.00")));
    repo.put(new DeviceTransaction(54, "a100", "C1", 1, new BigDecimal("1.00")));
    repo.put(new DeviceTransaction(16, "a100", "C0", 1, new BigDecimal("0.50")));
    out.println("rows as the store returns them (16 < 54/a100 < 54/a1001 < 167 < 540):");
    printStoredKeys(DeviceTransactionTable.NAME, DeviceTransactionKeys.COLUMNS);
    out.println("prefix scan of device 54 (the prefix ends with ',', so 540 does not match):");
    try (Stream<DeviceTransaction> rows = repo.scanByDeviceId(54)) {
      rows.forEach(
          t ->
              out.printf(
                  "  device %d seller %s card %s%n", t.deviceId(), t.sellerId(), t.cardId()));
    }
  }

  /** A sequential order number, scattered by a 4-hex MD5 prefix. */
  private void orders() {
    heading("Sequential order numbers with a 4-hex MD5 prefix (table orders)");
    OrderRepository repo = new OrderRepository(store);
    repo.createTables();
    Instant start = Instant.parse("2026-11-22T08:00:00Z");
    for (long n = 200001; n <= 200160; n++) {
      String card = n % 4 == 0 ? "C0FFEE02" : "C0FFEE01";
      repo.put(new Order(n, card, new BigDecimal("1.99"), start.plusSeconds(n - 200001)));
    }
    for (long n = 200001; n <= 200004; n++) {
      out.printf("  order %d is stored under key %s%n", n, OrderKeys.partitionKey(n));
    }
    out.printf(
        "  order 200004 read back by its number: total %s%n",
        repo.get(200004).orElseThrow().total());
    printLoad(OrderTable.NAME);

    // the hash prefix scattered the order numbers; the index by card reads one card's orders
    Instant from = start.plusSeconds(100);
    try (Stream<Order> late =
        repo.byCard().scanByCardIdAndPlacedAtWithin("C0FFEE02", Bounds.atLeast(from))) {
      out.printf(
          "  index by_card: card C0FFEE02's orders placed from %s on: %s%n",
          from, late.map(Order::orderNumber).toList());
    }
    // a page of 5, then the next one from its token, as a browser would send it back
    OrderRepository paged = new OrderRepository(store).withContinuationKey(continuationKey());
    CursoredPage<Order> first = paged.byCard().pageByCardId("C0FFEE02", PageRequest.ofSize(5));
    String token = (String) first.nextPageRequest().cursor().orElseThrow().get(0);
    CursoredPage<Order> second =
        paged
            .byCard()
            .pageByCardId(
                "C0FFEE02", PageRequest.afterCursor(PageRequest.Cursor.forKey(token), 2, 5, false));
    out.printf(
        "  index by_card, pages of 5: %s, then from a %d-character token %s%n",
        first.content().stream().map(Order::orderNumber).toList(),
        token.length(),
        second.content().stream().map(Order::orderNumber).toList());
    out.printf(
        "  index by_card: card C0FFEE02 has %d orders (a count reads the index range and each"
            + " order's row)%n",
        repo.byCard().countByCardId("C0FFEE02"));
  }

  /**
   * The key that signs page tokens. An application loads a secret of its own (32 bytes or more)
   * shared by its instances; the sample makes one per run, so its tokens outlive no run.
   */
  private static ContinuationKey continuationKey() {
    byte[] secret = new byte[32];
    new SecureRandom().nextBytes(secret);
    return ContinuationKey.of(secret);
  }

  /** Lindorm's orders example: {@code channel = 'alipay' AND id > 'a0089'}, one range read. */
  private void channelOrders() {
    heading(
        "channel = 'alipay' AND id > 'a0089', a leftmost prefix and a range (table"
            + " channel_orders)");
    ChannelOrderRepository repo = new ChannelOrderRepository(store);
    repo.createTables();
    for (String channel : List.of("alipay", "wechat")) {
      for (int i = 86; i <= 92; i++) {
        repo.put(new ChannelOrder(channel, String.format("a%04d", i), new BigDecimal("3.50")));
      }
      repo.put(new ChannelOrder(channel, "zz100", new BigDecimal("3.50")));
    }
    try (Stream<ChannelOrder> rows =
        repo.scanByChannelAndIdWithin("alipay", Bounds.greaterThan("a0089"))) {
      out.printf("  alipay orders with id > a0089: %s%n", rows.map(ChannelOrder::id).toList());
    }
  }

  /** Hot quantity and price; cold, compressed description. */
  private void items() {
    heading("Hot and cold columns (tables items, items_cold)");
    ItemRepository repo = new ItemRepository(store);
    repo.createTables();
    String description = "A sturdy notebook for lecture notes. ".repeat(40);
    repo.put(new Item(7, 120, new BigDecimal("5.32"), description));
    out.println(
        "  hot table "
            + ItemTable.NAME
            + " holds "
            + ItemTable.HOT_COLUMNS
            + "; cold table "
            + ItemTable.COLD_NAME
            + " holds "
            + ItemTable.COLD_COLUMNS);
    Item hot = repo.get(7).orElseThrow();
    out.printf(
        "  get(7): quantity %d, price %s, description %s (cold table not read)%n",
        hot.quantity(), hot.price(), hot.description());
    Item full = repo.getWithCold(7).orElseThrow();
    // the hot row commits the write and names its cold row by the write's tag
    long tag =
        store
            .get(
                ItemTable.NAME,
                ItemKeys.primaryKey(7),
                dev.widekey.runtime.store.ColumnSelection.of(SplitTableRepository.COLD_TAG))
            .orElseThrow()
            .get(SplitTableRepository.COLD_TAG)
            .asLong();
    Row coldRow =
        store
            .get(
                ItemTable.COLD_NAME,
                ColdRows.key(ItemKeys.primaryKey(7), tag),
                dev.widekey.runtime.store.ColumnSelection.all())
            .orElseThrow();
    out.printf(
        "  getWithCold(7): description of %d characters, stored deflated in %d bytes, restored %s%n",
        full.description().length(),
        coldRow.get("description").sizeInBytes(),
        full.description().equals(description) ? "exactly" : "WRONGLY");
    out.printf(
        "  price 5.32 is stored as %d minor units%n",
        store
            .get(
                ItemTable.NAME,
                ItemKeys.primaryKey(7),
                dev.widekey.runtime.store.ColumnSelection.of("price"))
            .orElseThrow()
            .get("price")
            .asLong());
  }

  /** Machine IP leads; the timestamp orders one machine's rows. */
  private void machineMetrics() {
    heading("Machine metrics, IP leading and time as key column (table machine_metrics)");
    MachineMetricRepository repo = new MachineMetricRepository(store);
    repo.createTables();
    Instant t0 = Instant.parse("2026-11-22T08:00:00Z");
    String[] machines = {"10.0.0.7", "10.0.0.12", "192.168.1.20"};
    for (String ip : machines) {
      for (int minute = 0; minute < 5; minute++) {
        repo.put(
            new MachineMetric(
                ip, t0.plusSeconds(60L * minute), 0.25 + minute / 10.0, 1_000_000L * minute));
      }
    }
    out.println("  machine 10.0.0.12 from 08:01 (inclusive) to 08:03 (exclusive):");
    try (Stream<MachineMetric> rows =
        repo.scanByMachineIpAndTimestampBetween(
            "10.0.0.12", t0.plusSeconds(60), t0.plusSeconds(180))) {
      rows.forEach(
          m ->
              out.printf(
                  "    %s cpu %.2f memory %d%n", m.timestamp(), m.cpuLoad(), m.memoryUsedBytes()));
    }
    printLoad(MachineMetricTable.NAME);
  }

  /**
   * Time first, in 16 buckets: 8 machines each report once a second, staggered by 125 ms, so the
   * time-ordered stream goes round-robin over the buckets (125 ms is odd mod 16); a time range is
   * read back by merging one scan per bucket.
   */
  private void bucketedMachineMetrics() {
    heading(
        "Machine metrics, time leading in 16 buckets, then the IP (table machine_metrics_by_time)");
    BucketedMachineMetricRepository repo = new BucketedMachineMetricRepository(store);
    repo.createTables();
    List<BucketedMachineMetric> written = bucketedMetrics();
    written.forEach(repo::put);
    out.printf(
        "  %,d metrics from 8 machines, %s to %s%n",
        written.size(), written.get(0).timestamp(), written.get(written.size() - 1).timestamp());
    for (BucketedMachineMetric m : written.subList(0, 3)) {
      out.printf(
          "  metric at %s from %s is stored under key %s (bucket %d = epoch ms %% 16)%n",
          m.timestamp(),
          m.machineIp(),
          BucketedMachineMetricKeys.primaryKey(m),
          m.timestamp().toEpochMilli() % 16);
    }
    printLoad(BucketedMachineMetricTable.NAME);
    Instant from = BUCKETED_T0.plusSeconds(60);
    Instant to = BUCKETED_T0.plusSeconds(90);
    out.printf("  %s (inclusive) to %s (exclusive), 16 bucket scans merged:%n", from, to);
    try (Stream<BucketedMachineMetric> rows = repo.scanByTimestampBetween(from, to)) {
      List<BucketedMachineMetric> range = rows.toList();
      for (BucketedMachineMetric m : range.subList(0, 4)) {
        printBucketed(m);
      }
      out.printf("    ... %d rows in all%n", range.size());
    }
    List<BucketedMachineMetric> page = repo.scanByTimestampBetween(from, to, 3).toList();
    List<BucketedMachineMetric> next =
        repo.scanByTimestampBetweenAfter(page.get(page.size() - 1), from, to, 3).toList();
    out.println("  the next page of 3 after the first 3, by scanByTimestampBetweenAfter:");
    next.forEach(this::printBucketed);
  }

  static final Instant BUCKETED_T0 = Instant.parse("2026-11-22T08:00:00Z");

  /** 2,000 metrics, 125 ms apart, from machines 10.0.1.1 to 10.0.1.8 in turn. */
  static List<BucketedMachineMetric> bucketedMetrics() {
    return IntStream.range(0, 2_000)
        .mapToObj(
            k ->
                new BucketedMachineMetric(
                    BUCKETED_T0.plusMillis(125L * k),
                    "10.0.1." + (k % 8 + 1),
                    0.10 + (k % 50) / 100.0,
                    1_000_000L * (k % 64)))
        .toList();
  }

  private void printBucketed(BucketedMachineMetric m) {
    out.printf(
        "    %s %s cpu %.2f (bucket %02d)%n",
        m.timestamp(), m.machineIp(), m.cpuLoad(), m.timestamp().toEpochMilli() % 16);
  }

  /** A large import: shuffled, batched, parallel, retried, with a progress bar. */
  private void bulkImport() {
    heading("Bulk import of 50,000 orders in order-number order (table orders)");
    OrderRepository repo = new OrderRepository(store);
    int rows = 50_000;
    // each new order is one write per index and its hot row
    ProgressBar bar = new ProgressBar(out, rows * (1L + OrderTable.TABLES.indexes().size()));
    BulkWriter writer = BulkWriter.builder(store).workers(4).progress(bar).build();
    Instant start = Instant.parse("2026-11-22T09:00:00Z");
    BulkWriteResult result =
        repo.putAll(
            LongStream.range(0, rows)
                .mapToObj(
                    i ->
                        new Order(
                            300_000 + i, "C0FFEE01", new BigDecimal("4.20"), start.plusMillis(i))),
            writer);
    bar.finish();
    out.printf(
        "  %,d acknowledged, %,d failed, %,d batches%n",
        result.acknowledged(), result.failed(), result.batches());
    printLoad(OrderTable.NAME);
  }

  /** A value that would break the key design is refused with its rule, and nothing is written. */
  private void badInput() {
    heading("Bad input is refused before anything is written");
    DeviceTransactionRepository repo = new DeviceTransactionRepository(store);
    long before = count(DeviceTransactionTable.NAME, DeviceTransactionKeys.COLUMNS);
    refuse(() -> repo.put(new DeviceTransaction(54, "a1,C1", "X", 2, BigDecimal.ONE)));
    refuse(() -> repo.put(new DeviceTransaction(1_000_000, "a1", "X", 2, BigDecimal.ONE)));
    refuse(() -> repo.put(new DeviceTransaction(54, "a1", "X", 2, new BigDecimal("0.001"))));
    long after = count(DeviceTransactionTable.NAME, DeviceTransactionKeys.COLUMNS);
    out.printf("  rows in device_transactions before %d, after %d%n", before, after);
  }

  private void refuse(Runnable write) {
    try {
      write.run();
      out.println("  accepted (unexpected)");
    } catch (RuleViolationException e) {
      out.println("  refused: " + e.getMessage());
    }
  }

  private void printStoredKeys(String table, int columns) {
    try (Stream<Row> rows = store.scan(table, ScanRange.all(columns))) {
      rows.forEach(r -> out.println("  " + r.key()));
    }
  }

  private long count(String table, int columns) {
    try (Stream<Row> rows = store.scan(table, ScanRange.all(columns))) {
      return rows.count();
    }
  }

  private void printLoad(String table) {
    out.print("  partition load of " + PartitionLoadReport.of(store, table, 2).summary());
  }

  /** Rows written per window of the heatmaps' imports. */
  static final int HEATMAP_WINDOW_ROWS = 500;

  /** Rows read back per window, the newest ones. */
  static final int HEATMAP_WINDOW_READS = 100;

  /** Windows per import. */
  public static final int HEATMAP_WINDOWS = 12;

  /**
   * The same import of order numbers twice, into tables of the orders table's 10 partitions: keyed
   * by the number as it is, and by the number behind its 4-hex hash prefix. A sampler closes a
   * window every 500 rows (a service would sample every few seconds); each window also reads back
   * the newest 100 rows. The heatmaps show the sequential import's hot stripe, one partition taking
   * every window's writes and reads, and its absence under the hash prefix.
   */
  private void hotspotHeatmaps() {
    heading(
        "Hotspot heatmaps: one import keyed by the order number as it is, one with its hash prefix"
            + " (tables import_sequential, import_hashed)");
    out.printf(
        "  each table has the orders table's %d partitions; %d windows of %d writes and %d reads"
            + " of the newest rows, one sample of the partition counters per window%n",
        OrderTable.SPLIT_POINTS.size() + 1,
        HEATMAP_WINDOWS,
        HEATMAP_WINDOW_ROWS,
        HEATMAP_WINDOW_READS);
    importWithHeatmap("sequential", "import_sequential", Long::toString);
    importWithHeatmap("hashed", "import_hashed", OrderKeys::partitionKey);
  }

  private void importWithHeatmap(String name, String table, LongFunction<String> key) {
    store.createTable(
        new TableSpec(
            table,
            List.of(new PkColumn("pk", OrderTable.PRIMARY_KEY.get(0).type())),
            OrderTable.SPLIT_POINTS,
            OrderTable.PROFILE,
            TableSpec.NO_TTL));
    PartitionLoadSampler sampler = PartitionLoadSampler.of(store, table, HEATMAP_WINDOWS);
    long number = 400_000;
    for (int w = 0; w < HEATMAP_WINDOWS; w++) {
      for (int i = 0; i < HEATMAP_WINDOW_ROWS; i++, number++) {
        store.put(
            table,
            Row.of(
                PrimaryKey.of(PkValue.ofString(key.apply(number))),
                Map.of("total", AttrValue.ofString("4.20"))));
      }
      for (long n = number - HEATMAP_WINDOW_READS; n < number; n++) {
        store.get(table, PrimaryKey.of(PkValue.ofString(key.apply(n))), ColumnSelection.all());
      }
      sampler.sample();
    }
    DoubleSummaryStatistics skew =
        sampler.windows().stream().mapToDouble(w -> w.skew(LoadKind.WRITE)).summaryStatistics();
    LoadWindow last = sampler.windows().get(sampler.windows().size() - 1);
    out.printf(
        "  %s keys (%s, %s, ...): writes per partition in the last window %s; busiest/mean of"
            + " each window's writes %.2f to %.2f (1.00 is perfectly even; %d would be one of the"
            + " %d partitions taking them all)%n",
        name,
        key.apply(400_000),
        key.apply(400_001),
        last.partitions().stream().map(p -> Long.toString(p.writeRows())).toList(),
        skew.getMin(),
        skew.getMax(),
        last.partitions().size(),
        last.partitions().size());
    Path file =
        HotspotHeatmap.of(sampler, PartitionLoadReport.of(store, table, 3))
            // one scale for both pages: a window's writes (reads) all in one partition is darkest
            .withScaleMax(LoadKind.WRITE, HEATMAP_WINDOW_ROWS)
            .withScaleMax(LoadKind.READ, HEATMAP_WINDOW_READS)
            .writeTo(heatmapDir.resolve(name + ".html"));
    out.printf(
        "  heatmap of the %s import (rows: partitions, columns: windows): %s%n",
        name, file.toAbsolutePath().normalize());
  }

  private void heading(String title) {
    out.println();
    out.println("== " + title);
  }
}
