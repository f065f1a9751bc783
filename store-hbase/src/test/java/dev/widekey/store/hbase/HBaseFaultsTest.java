package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.write.BulkWriteFailure;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.BulkWriter;
import dev.widekey.store.tck.entities.ColdItem;
import dev.widekey.store.tck.entities.ColdItemRepository;
import dev.widekey.store.tck.entities.ColdItemTable;
import dev.widekey.store.tck.history.ConcurrentHistoryContractTest;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.TableName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

/**
 * Faults of the distributed engine itself, on a mini cluster of three region servers ({@link
 * FaultCluster}): while a bulk import runs, and while the history-checked concurrency clients run,
 * a {@link FaultInjector} splits regions, moves them, stalls a region server for 4 s (its requests
 * wait server-side and are applied after the clients' 1.5 s RPC timeout: "applied, then timed out")
 * and kills a region server and starts another.
 *
 * <p>The import writes split entities ({@link ColdItem}: a hot row and a cold row under one commit
 * point) through {@code putAll(stream, writer)} and plain rows through {@link BulkWriter#write}, at
 * once; the input waits at evenly spaced points until the next fault has begun, so every fault
 * falls inside it. Then everything is read back: every entity the result acknowledged is stored
 * with its exact values, read with its cold columns (no mixed rows), every stored row is one of the
 * input, every failure is typed and the counts add up. The history tests report 0 anomalies.
 *
 * <p>The default run imports 20,000 entities and 20,000 rows and runs the histories for 30 and 20
 * s; {@code -Dwidekey.faults.long=true} imports {@code -Dwidekey.faults.rows} (200,000) of each,
 * injects two rounds of faults into it and runs the histories for 120 and 60 s ({@code
 * -Dwidekey.history.seconds} sets both).
 */
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class HBaseFaultsTest extends ConcurrentHistoryContractTest {
  /** Whether to run the long variant. */
  static final boolean LONG = Boolean.getBoolean("widekey.faults.long");

  /** Entities, and plain rows, imported. */
  static final int ROWS = LONG ? Integer.getInteger("widekey.faults.rows", 200_000) : 20_000;

  /** Fault rounds (each: split, move, stall, kill and start) inside the import. */
  static final int ROUNDS = LONG ? 2 : 1;

  static FaultCluster cluster;
  static List<HBaseStore> connections;
  static List<WideTableStore> stores;
  static volatile FaultInjector current;

  @BeforeAll
  static void start() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Runtime.version().feature() <= MiniHBase.MAX_JDK, MiniHBase.JDK_REASON);
    cluster = new FaultCluster(20261126L);
    connections = List.of(cluster.connect(), cluster.connect());
    stores =
        connections.stream()
            .map(s -> FaultInjector.observe(s, () -> current))
            .collect(Collectors.toList());
  }

  @AfterAll
  static void stop() throws Exception {
    if (connections != null) {
      connections.forEach(WideTableStore::close);
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  @Override
  protected List<WideTableStore> stores() {
    return stores;
  }

  @Override
  protected long seconds() {
    return Long.getLong(SECONDS_PROPERTY, LONG ? 120 : 30);
  }

  @Override
  protected long splitSeconds() {
    return Long.getLong(SECONDS_PROPERTY, LONG ? 60 : 20);
  }

  /** The user tables of the cluster's default namespace, now. */
  private static List<TableName> tables() {
    try {
      return List.of(cluster.admin().listTableNames()).stream()
          .filter(t -> !t.isSystemTable())
          .collect(Collectors.toList());
    } catch (java.io.IOException e) {
      return List.of();
    }
  }

  private static FaultInjector inject() {
    FaultInjector injector = new FaultInjector(cluster, HBaseFaultsTest::tables, 1_000);
    current = injector;
    return injector.start();
  }

  /**
   * When the injector of a history of {@code seconds} starts its last fault: 10 s before the
   * clients stop (a fault takes up to about 8 s to settle), so that the final reads and the drop of
   * the history's table, which the contract test does not retry, meet a settled cluster.
   */
  private static long quietBefore(long seconds) {
    return java.util.concurrent.TimeUnit.SECONDS.toNanos(Math.max(5, seconds - 10));
  }

  private static void report(String what, FaultInjector injector) {
    current = null;
    // test output: the faults and their figures
    System.out.println("faults during " + what + ":\n" + injector.summary());
  }

  @Override
  @Test
  public void concurrentClientsLeaveAHistoryWithoutAnomalies() throws Exception {
    FaultInjector injector = inject().stopStartingAfter(quietBefore(seconds()));
    try {
      super.concurrentClientsLeaveAHistoryWithoutAnomalies();
    } finally {
      injector.close();
      report("the register and counter history", injector);
    }
    assertFalse(injector.counts().isEmpty(), "faults injected during the history");
  }

  @Override
  @Test
  public void splitEntitiesLeaveAHistoryWithoutAnomalies() throws Exception {
    FaultInjector injector = inject().stopStartingAfter(quietBefore(splitSeconds()));
    try {
      super.splitEntitiesLeaveAHistoryWithoutAnomalies();
    } finally {
      injector.close();
      report("the split-entity history", injector);
    }
    assertFalse(injector.counts().isEmpty(), "faults injected during the split-entity history");
  }

  /**
   * A conditional put that a stalled server applies after the client's RPC timed out is reported as
   * a retryable timeout (outcome unknown), never as a failed condition: the HBase client's own
   * retry of it would find the row the first attempt wrote and fail its condition.
   */
  @Test
  void aConditionalPutAppliedAfterItsTimeoutIsNotReportedAsAFailedCondition() throws Exception {
    String table = "wk_faults_cas";
    WideTableStore store = connections.get(0);
    store.deleteTable(table);
    store.createTable(new TableSpec(table, List.of(new PkColumn("key", PkType.STRING))));
    PrimaryKey key = PrimaryKey.of(PkValue.ofString("counter"));
    store.put(table, Row.of(key, Map.of("version", AttrValue.ofInteger(0))));
    Row next = Row.of(key, Map.of("version", AttrValue.ofInteger(1)));
    cluster.stall(cluster.holding(TableName.valueOf(table)), FaultInjector.STALL_MILLIS);
    StoreException thrown = null;
    try {
      store.put(table, next, WriteCondition.columnEquals("version", AttrValue.ofInteger(0)));
    } catch (StoreException e) {
      thrown = e;
    }
    Thread.sleep(FaultInjector.STALL_MILLIS); // the stalled attempt is applied by now
    StallObserver.releaseAll();
    assertEquals(Optional.of(next), store.get(table, key, ColumnSelection.all()), "applied");
    if (thrown != null) {
      StoreException e = thrown;
      assertTrue(
          e.retryable() && e.kind() != ErrorKind.CONDITION_FAILED,
          () -> "an applied put reported as " + e.kind() + ": " + e);
    }
    store.deleteTable(table);
  }

  // --------------------------------------------------------------------------- the import

  private static final String PLAIN = "wk_faults_plain";

  static ColdItem item(long id) {
    return new ColdItem(
        id,
        (int) (id * 7 % 1000),
        BigDecimal.valueOf(id % 100_000, 2),
        "item " + id + " " + "d".repeat((int) (id % 40)));
  }

  static Row plainRow(long id) {
    return Row.of(
        PrimaryKey.of(PkValue.ofString(String.format("p%09d", id))),
        Map.of(
            "n", AttrValue.ofInteger(id),
            "text", AttrValue.ofString("row " + id)));
  }

  /**
   * The input, waiting at evenly spaced points until the next of {@code faults} faults has begun,
   * so that each falls inside the import.
   */
  private static <T> Iterator<T> gated(
      int count, java.util.function.LongFunction<T> element, FaultInjector injector, int faults) {
    return new Iterator<>() {
      long next;

      @Override
      public boolean hasNext() {
        return next < count;
      }

      @Override
      public T next() {
        for (int k = 1; k <= faults; k++) {
          if (next == (long) count * k / (faults + 1)) {
            injector.awaitStarted(k);
          }
        }
        return element.apply(next++);
      }
    };
  }

  @Test
  void importUnderFaultsLosesNoAcknowledgedRow() throws Exception {
    WideTableStore store = stores.get(0);
    ColdItemRepository items = new ColdItemRepository(store);
    store.deleteTable(ColdItemTable.NAME);
    store.deleteTable(ColdItemTable.COLD_NAME);
    store.deleteTable(PLAIN);
    items.createTables();
    store.createTable(new TableSpec(PLAIN, List.of(new PkColumn("key", PkType.STRING))));
    int faults = ROUNDS * FaultInjector.Kind.values().length;

    Map<String, Queue> failures = new ConcurrentHashMap<>();
    FaultInjector injector = inject();
    long t0 = System.nanoTime();
    BulkWriteResult itemResult;
    BulkWriteResult plainResult;
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<BulkWriteResult> itemImport =
          pool.submit(
              () -> {
                Iterator<ColdItem> input = gated(ROWS, HBaseFaultsTest::item, injector, faults);
                Stream<ColdItem> stream =
                    Stream.iterate(0, i -> input.hasNext(), i -> i + 1).map(i -> input.next());
                return items.putAll(stream, writer(failures, "items"));
              });
      Future<BulkWriteResult> plainImport =
          pool.submit(
              () ->
                  writer(failures, "plain")
                      .write(
                          gated(ROWS, id -> WriteOp.put(PLAIN, plainRow(id)), injector, faults)));
      itemResult = itemImport.get();
      plainResult = plainImport.get();
    } finally {
      pool.shutdownNow();
      injector.close();
      report("the import", injector);
    }
    long importMillis = (System.nanoTime() - t0) / 1_000_000;
    System.out.printf(
        "import under faults: %,d entities in %d ms: %s%n", ROWS, importMillis, itemResult);
    System.out.printf("import under faults: %,d plain rows: %s%n", ROWS, plainResult);
    assertTrue(injector.started() >= faults, "every fault fell inside the import");
    cluster.waitForAssignments(120);

    Set<Long> failedItems = checkResult(itemResult, failures.get("items"), ROWS);
    Set<Long> failedRows = checkResult(plainResult, failures.get("plain"), ROWS);
    checkItems(items, failedItems);
    checkPlain(store, failedRows);
    store.deleteTable(ColdItemTable.NAME);
    store.deleteTable(ColdItemTable.COLD_NAME);
    store.deleteTable(PLAIN);
  }

  /** The failures one listener saw. */
  static final class Queue extends ConcurrentLinkedQueue<BulkWriteFailure> {}

  private static BulkWriter writer(Map<String, Queue> failures, String name) {
    Queue queue = failures.computeIfAbsent(name, k -> new Queue());
    return BulkWriter.builder(stores.get(0)).onFailure(queue::add).build();
  }

  /**
   * The result accounts for every operation: it ran to its end, acknowledged + failed = read, every
   * failure typed; returns the input positions of the failures.
   */
  private static Set<Long> checkResult(BulkWriteResult r, Queue failures, long elements) {
    assertEquals(elements, r.elementsRead(), () -> "whole input read: " + r);
    assertEquals(0, r.unknown(), () -> "no outcome unknown in an import that ran to its end: " + r);
    assertEquals(0, r.notAttempted(), () -> "nothing left unattempted: " + r);
    assertEquals(r.total(), r.acknowledged() + r.failed(), () -> "counts add up: " + r);
    assertEquals(r.failed(), failures.size(), () -> "every failure reported: " + r);
    Set<Long> positions = new HashSet<>();
    Map<ErrorKind, Long> kinds = new EnumMap<>(ErrorKind.class);
    for (BulkWriteFailure f : failures) {
      assertNotNull(f.error(), () -> "failure without error: " + f);
      assertNotNull(f.error().kind(), () -> "untyped failure: " + f);
      kinds.merge(f.error().kind(), 1L, Long::sum);
      assertTrue(f.position() >= 0 && f.position() < elements, () -> "position of " + f);
      positions.add(f.position());
    }
    System.out.println(
        "import failures by kind: " + kinds + " at " + positions.size() + " positions");
    return positions;
  }

  /**
   * Every entity read with its cold columns is exactly its input; every acknowledged one is read.
   */
  private static void checkItems(ColdItemRepository items, Set<Long> failed) throws Exception {
    ColdItemRepository reader = new ColdItemRepository(stores.get(1));
    long scanned;
    try (Stream<ColdItem> hot = reader.scanAll()) {
      List<Long> ids = hot.map(ColdItem::itemId).collect(Collectors.toList());
      scanned = ids.size();
      assertEquals(scanned, new HashSet<>(ids).size(), "one hot row per key");
      for (long id : ids) {
        assertTrue(id >= 0 && id < ROWS, () -> "an entity the input did not hold: " + id);
      }
    }
    AtomicLong present = new AtomicLong();
    AtomicLong storedButFailed = new AtomicLong();
    ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> parts = new ArrayList<>();
      for (int p = 0; p < 4; p++) {
        int part = p;
        parts.add(
            pool.submit(
                () -> {
                  for (long id = part; id < ROWS; id += 4) {
                    Optional<ColdItem> read = reader.getWithCold(id);
                    if (read.isPresent()) {
                      present.incrementAndGet();
                      if (!read.get().equals(item(id))) {
                        problems.add("mixed or wrong: " + read.get() + " != " + item(id));
                      }
                      if (failed.contains(id)) {
                        storedButFailed.incrementAndGet();
                      }
                    } else if (!failed.contains(id)) {
                      problems.add("acknowledged entity lost: " + id);
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : parts) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    System.out.printf(
        "entities read back: %,d present (%,d by scan), %,d failed of which %,d stored anyway,"
            + " %d problems%n",
        present.get(), scanned, failed.size(), storedButFailed.get(), problems.size());
    if (!problems.isEmpty()) {
      fail(problems.size() + " problems, first: " + problems.stream().limit(10).toList());
    }
    assertEquals(present.get(), scanned, "a scan and the gets see the same entities");
  }

  /** Every stored plain row is exactly its input; every acknowledged one is stored. */
  private static void checkPlain(WideTableStore store, Set<Long> failed) {
    Set<Long> seen = new HashSet<>();
    try (Stream<Row> rows = store.scan(PLAIN, ScanRange.all(1))) {
      rows.forEach(
          row -> {
            long id = row.get("n").asLong();
            assertTrue(id >= 0 && id < ROWS, () -> "a row the input did not hold: " + row);
            assertEquals(plainRow(id), row, "stored row is its input");
            assertTrue(seen.add(id), () -> "duplicated row: " + row);
          });
    }
    long lost = 0;
    for (long id = 0; id < ROWS; id++) {
      if (!seen.contains(id) && !failed.contains(id)) {
        lost++;
      }
    }
    System.out.printf(
        "plain rows read back: %,d stored, %,d failed, %,d acknowledged and lost%n",
        seen.size(), failed.size(), lost);
    assertEquals(0, lost, "acknowledged rows lost");
  }
}
