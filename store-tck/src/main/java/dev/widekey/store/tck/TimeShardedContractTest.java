package dev.widekey.store.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.Profile;
import dev.widekey.core.RuleViolationException;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.repository.ColdRows;
import dev.widekey.runtime.repository.ExpiredPeriod;
import dev.widekey.runtime.repository.PeriodFencedException;
import dev.widekey.runtime.repository.ShardedWriteResult;
import dev.widekey.runtime.repository.TimeShardedRepository;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.store.tck.entities.ShardedChunkedPage;
import dev.widekey.store.tck.entities.ShardedChunkedPageKeys;
import dev.widekey.store.tck.entities.ShardedChunkedPageShardedRepository;
import dev.widekey.store.tck.entities.ShardedPurchase;
import dev.widekey.store.tck.entities.ShardedPurchaseKeys;
import dev.widekey.store.tck.entities.ShardedPurchaseShardedRepository;
import dev.widekey.store.tck.entities.ShardedPurchaseTable;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The generated time-sharded repository ({@code @TimeSharded}, one table per month, three months
 * kept) on a backend: rows land in their month's table, reads over several months merge them in key
 * order (a month without a table in between reads as empty), retention archives and drops old
 * months, and tables are created ahead. "Now" is a parameter: nothing waits for a clock.
 *
 * <pre>{@code
 * class TimeShardedOnHBaseTest extends TimeShardedContractTest {
 *   @Override protected WideTableStore store() { return store; }
 * }
 * }</pre>
 *
 * <p>Each test starts with no table of the entity: those of earlier tests are dropped first.
 */
public abstract class TimeShardedContractTest {
  private static final String BASE = "gen_purchases_";
  private static final String COLD = "gen_purchases_cold_";

  protected ShardedPurchaseShardedRepository purchases;

  /** The store under test; the subclass opens and closes it. */
  protected abstract WideTableStore store();

  /** The repositories' clock: December 2026 is the current month. */
  protected static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-12-01T12:00:00Z"), ZoneOffset.UTC);

  @BeforeEach
  protected void dropPeriodTables() {
    for (String table : store().listTables("gen_purchases_")) {
      store().deleteTable(table);
    }
    clearFences();
    purchases = newRepository();
  }

  /** Removes the fences of earlier tests' retention runs from the store's fence table. */
  protected void clearFences() {
    List<PrimaryKey> fences;
    try (Stream<Row> rows = store().scan(TimeShardedRepository.FENCE_TABLE, ScanRange.all(1))) {
      fences =
          rows.map(Row::key)
              .filter(k -> k.values().get(0).asString().startsWith("gen_purchases_"))
              .toList();
    } catch (StoreException e) {
      if (e.kind() != ErrorKind.TABLE_NOT_FOUND) {
        throw e;
      }
      return;
    }
    fences.forEach(k -> store().delete(TimeShardedRepository.FENCE_TABLE, k));
  }

  /**
   * A repository over {@link #store()}, as another instance (another process) would have: the fixed
   * {@link #CLOCK}, writes allowed from January 2026 to January 2027 (the tests' months) and a
   * short fence settle time.
   */
  protected ShardedPurchaseShardedRepository newRepository() {
    return new ShardedPurchaseShardedRepository(store())
        .withClock(CLOCK)
        .allowingBackfill(at("2026-01-01T00:00:00Z"), at("2027-02-01T00:00:00Z"))
        .withFenceSettle(Duration.ofMillis(50));
  }

  private static Instant at(String text) {
    return Instant.parse(text);
  }

  private static ShardedPurchase purchase(String customer, long id, String placedAt) {
    return new ShardedPurchase(
        customer, id, at(placedAt), new BigDecimal(id + ".50"), "receipt " + id);
  }

  /** The purchase as read without its cold columns. */
  private static ShardedPurchase hot(ShardedPurchase p) {
    return new ShardedPurchase(p.customerId(), p.purchaseId(), p.placedAt(), p.amount(), null);
  }

  private boolean storedIn(String table, ShardedPurchase p) {
    PrimaryKey key = ShardedPurchaseKeys.primaryKey(p.customerId(), p.purchaseId());
    if (table.startsWith(COLD)) {
      // cold rows are keyed by the write's tag: found by their owner
      try (Stream<Row> rows = store().scan(table, ScanRange.all(2))) {
        return rows.anyMatch(r -> ColdRows.owner(key).equals(r.get(ColdRows.OWNER)));
      }
    }
    return store().get(table, key, ColumnSelection.all()).isPresent();
  }

  @Test
  public void eachRowLandsInTheTableOfItsMonth() {
    ShardedPurchase oct = purchase("c1", 1, "2026-10-31T23:59:59Z");
    ShardedPurchase nov = purchase("c1", 2, "2026-11-01T00:00:00Z");
    ShardedPurchase jan = purchase("c2", 3, "2027-01-15T12:00:00Z");
    purchases.put(oct);
    purchases.put(nov);
    purchases.put(jan);

    assertEquals(
        List.of(BASE + "2026_10", BASE + "2026_11", BASE + "2027_01"), purchases.periodTables());
    assertEquals(
        List.of(COLD + "2026_10", COLD + "2026_11", COLD + "2027_01"), store().listTables(COLD));
    assertTrue(storedIn(BASE + "2026_10", oct));
    assertTrue(!storedIn(BASE + "2026_11", oct), "a row is in its own month's table only");
    assertTrue(storedIn(BASE + "2026_11", nov));
    assertTrue(storedIn(COLD + "2027_01", jan));
    assertEquals(BASE + "2026_11", purchases.tableName(nov.placedAt()));

    assertEquals(Optional.of(oct), purchases.getWithCold("c1", 1, oct.placedAt()));
    assertEquals(Optional.of(hot(nov)), purchases.get("c1", 2, nov.placedAt()));
    assertEquals(Optional.empty(), purchases.get("c1", 2, oct.placedAt()), "the wrong month");
    assertEquals(
        Optional.empty(), purchases.get("c1", 2, at("2026-06-01T00:00:00Z")), "no such table");

    purchases.delete("c1", 2, nov.placedAt());
    assertEquals(Optional.empty(), purchases.get("c1", 2, nov.placedAt()));
    purchases.delete("c1", 2, at("2020-01-01T00:00:00Z")); // a month without a table: nothing
  }

  @Test
  public void aReadOverMonthsMergesThemInKeyOrderAndSkipsAMissingMonth() {
    // October and December have tables, November none; ids interleave across the months
    List<ShardedPurchase> all =
        List.of(
            purchase("c1", 1, "2026-10-05T00:00:00Z"),
            purchase("c1", 4, "2026-10-20T00:00:00Z"),
            purchase("c1", 2, "2026-12-01T00:00:00Z"),
            purchase("c1", 3, "2026-12-31T23:00:00Z"),
            purchase("c2", 1, "2026-10-07T00:00:00Z"),
            purchase("c1", 5, "2026-09-30T00:00:00Z"), // before the window
            purchase("c1", 6, "2027-01-01T00:00:00Z")); // at its end, excluded
    Map<String, BulkWriteResult> written = purchases.putAll(all);
    assertEquals(
        List.of(BASE + "2026_09", BASE + "2026_10", BASE + "2026_12", BASE + "2027_01"),
        List.copyOf(written.keySet()));
    assertTrue(written.values().stream().allMatch(BulkWriteResult::allAcknowledged));

    Instant from = at("2026-10-01T00:00:00Z");
    Instant to = at("2027-01-01T00:00:00Z");
    try (Stream<ShardedPurchase> c1 = purchases.scanByCustomerId("c1", from, to)) {
      assertEquals(List.of(1L, 2L, 3L, 4L), c1.map(ShardedPurchase::purchaseId).toList());
    }
    try (Stream<ShardedPurchase> window = purchases.scanBetween(from, to)) {
      assertEquals(
          List.of("c1/1", "c1/2", "c1/3", "c1/4", "c2/1"),
          window.map(p -> p.customerId() + "/" + p.purchaseId()).toList());
    }
    // a window inside one month filters by the shard value, not by the month
    try (Stream<ShardedPurchase> mid =
        purchases.scanByCustomerId("c1", at("2026-10-10T00:00:00Z"), at("2026-12-15T00:00:00Z"))) {
      assertEquals(List.of(hot(all.get(2)), hot(all.get(1))), mid.toList()); // ids 2, 4
    }
    // newest first: each month read backward, merged greatest key first
    try (Stream<ShardedPurchase> c1 = purchases.scanByCustomerIdDescending("c1", from, to)) {
      assertEquals(List.of(4L, 3L, 2L, 1L), c1.map(ShardedPurchase::purchaseId).toList());
    }
    try (Stream<ShardedPurchase> window = purchases.scanBetweenDescending(from, to)) {
      assertEquals(
          List.of("c2/1", "c1/4", "c1/3", "c1/2", "c1/1"),
          window.map(p -> p.customerId() + "/" + p.purchaseId()).toList());
    }
    try (Stream<ShardedPurchase> mid =
        purchases.scanByCustomerIdDescending(
            "c1", at("2026-10-10T00:00:00Z"), at("2026-12-15T00:00:00Z"))) {
      assertEquals(List.of(hot(all.get(1)), hot(all.get(2))), mid.toList()); // ids 4, 2
    }
    // one key in two months: earliest month first ascending, latest first descending
    ShardedPurchase october = purchase("c3", 7, "2026-10-02T00:00:00Z");
    ShardedPurchase december = purchase("c3", 7, "2026-12-02T00:00:00Z");
    purchases.putAll(List.of(december, october));
    try (Stream<ShardedPurchase> c3 = purchases.scanByCustomerId("c3", from, to)) {
      assertEquals(List.of(hot(october), hot(december)), c3.toList());
    }
    try (Stream<ShardedPurchase> c3 = purchases.scanByCustomerIdDescending("c3", from, to)) {
      assertEquals(List.of(hot(december), hot(october)), c3.toList());
    }
    // a window over months without tables only
    try (Stream<ShardedPurchase> none =
        purchases.scanBetween(at("2025-01-01T00:00:00Z"), at("2025-06-01T00:00:00Z"))) {
      assertEquals(List.of(), none.toList());
    }
  }

  @Test
  public void retentionArchivesThenDropsTheMonthsPastTheLatestThree() {
    purchases.put(purchase("c1", 1, "2026-08-10T00:00:00Z"));
    purchases.put(purchase("c1", 2, "2026-08-11T00:00:00Z"));
    purchases.put(purchase("c1", 3, "2026-09-10T00:00:00Z"));
    purchases.put(purchase("c1", 4, "2026-10-10T00:00:00Z"));
    purchases.put(purchase("c1", 5, "2026-12-10T00:00:00Z"));
    Instant now = at("2026-12-15T00:00:00Z"); // keeps October, November, December

    List<String> archived = new ArrayList<>();
    List<String> dropped =
        purchases.enforceRetention(
            now,
            period -> {
              assertTrue(
                  store().describeTable(period.table()).isPresent(), "archived before the drop");
              try (Stream<ShardedPurchase> rows = period.scan()) {
                archived.add(
                    period.table()
                        + " "
                        + rows.map(p -> p.purchaseId() + ":" + p.receipt()).toList());
              }
            });

    assertEquals(
        List.of(BASE + "2026_08 [1:receipt 1, 2:receipt 2]", BASE + "2026_09 [3:receipt 3]"),
        archived);
    assertEquals(
        List.of(BASE + "2026_08", COLD + "2026_08", BASE + "2026_09", COLD + "2026_09"), dropped);
    assertEquals(List.of(BASE + "2026_10", BASE + "2026_12"), purchases.periodTables());
    assertEquals(List.of(), purchases.enforceRetention(now), "nothing more to drop");
    // a write to a dropped month is refused (retention fenced it) and creates no table again
    PeriodFencedException fenced =
        assertThrows(
            PeriodFencedException.class,
            () -> purchases.put(purchase("c1", 6, "2026-08-12T00:00:00Z")));
    assertEquals(BASE + "2026_08", fenced.table());
    assertTrue(!fenced.afterWrite());
    assertEquals(Optional.empty(), store().describeTable(BASE + "2026_08"));
  }

  @Test
  public void aThrowingArchiveCallbackKeepsItsMonthAndTheLaterOnes() {
    purchases.put(purchase("c1", 1, "2026-07-10T00:00:00Z"));
    purchases.put(purchase("c1", 2, "2026-08-10T00:00:00Z"));
    purchases.put(purchase("c1", 3, "2026-09-10T00:00:00Z"));
    // a grace (5 minutes) past the turn of the month: retention reads its now that much behind
    Instant now = at("2026-12-01T00:05:00Z");
    IllegalStateException archiveDown = new IllegalStateException("archive unavailable");

    List<ExpiredPeriod<ShardedPurchase>> offered = new ArrayList<>();
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                purchases.enforceRetention(
                    now,
                    period -> {
                      offered.add(period);
                      if (period.table().endsWith("2026_08")) {
                        throw archiveDown;
                      }
                    }));

    assertSame(archiveDown, e);
    assertEquals(2, offered.size());
    assertEquals(at("2026-08-01T00:00:00Z"), offered.get(1).start());
    assertEquals(at("2026-09-01T00:00:00Z"), offered.get(1).end());
    assertEquals(List.of(BASE + "2026_08", BASE + "2026_09"), purchases.periodTables());
    assertTrue(store().describeTable(COLD + "2026_08").isPresent());
    assertEquals(
        Optional.of(hot(purchase("c1", 2, "2026-08-10T00:00:00Z"))),
        purchases.get("c1", 2, at("2026-08-10T00:00:00Z")));

    // the next run starts again from the month that failed
    assertEquals(
        List.of(BASE + "2026_08", COLD + "2026_08", BASE + "2026_09", COLD + "2026_09"),
        purchases.enforceRetention(now, period -> {}));
    assertEquals(List.of(), purchases.periodTables());
  }

  @Test
  public void tablesAreCreatedAheadAndReadAsEmpty() {
    Instant now = at("2026-12-31T23:00:00Z");

    assertEquals(List.of(BASE + "2026_12", BASE + "2027_01"), purchases.createTablesAhead(now));
    assertEquals(List.of(BASE + "2026_12", BASE + "2027_01"), purchases.periodTables());
    assertEquals(List.of(COLD + "2026_12", COLD + "2027_01"), store().listTables(COLD));
    assertEquals(Optional.empty(), purchases.get("c1", 1, at("2027-01-01T00:00:01Z")));
    purchases.put(purchase("c1", 1, "2027-01-01T00:00:01Z")); // the turn of the month
    try (Stream<ShardedPurchase> rows = purchases.scanBetween(now, at("2027-02-01T00:00:00Z"))) {
      assertEquals(1, rows.count());
    }
    // created ahead, never past retention: the future months are kept
    assertEquals(List.of(), purchases.enforceRetention(now));
  }

  @Test
  public void aNullShardValueIsATypedErrorAndNothingIsWritten() {
    ShardedPurchase undated = new ShardedPurchase("c1", 1, null, BigDecimal.ONE, null);

    RuleViolationException e =
        assertThrows(RuleViolationException.class, () -> purchases.put(undated));
    assertTrue(e.getMessage().startsWith("WK210"), e.getMessage());
    assertTrue(e.getMessage().contains("placedAt"), e.getMessage());
    assertThrows(
        RuleViolationException.class,
        () -> purchases.putAll(List.of(purchase("c1", 2, "2026-11-01T00:00:00Z"), undated)));
    assertEquals(List.of(), store().listTables(BASE), "no table, no row");
  }

  @Test
  public void createTablesAheadPastTheYear9999CreatesNothing() {
    // December 9999 is named, January 10000 is not: refused before December is created
    RuleViolationException e =
        assertThrows(
            RuleViolationException.class,
            () -> purchases.createTablesAhead(at("9999-12-15T00:00:00Z")));
    assertTrue(e.getMessage().startsWith("WK210"), e.getMessage());
    assertTrue(e.getMessage().contains("10000"), e.getMessage());
    assertEquals(List.of(), store().listTables(BASE), "no table of either kind");
    // the last period alone can be created
    assertEquals(
        List.of(BASE + "9999_12"), List.of(purchases.createTables(at("9999-12-15T00:00:00Z"))));
  }

  @Test
  public void aBadKeyInPutAllWritesNothingAndCreatesNoTable() {
    List<ShardedPurchase> three =
        List.of(
            purchase("c1", 1, "2026-10-05T00:00:00Z"),
            purchase("c2", 2, "2026-11-05T00:00:00Z"),
            purchase("C-3", 3, "2026-12-05T00:00:00Z")); // outside @KeyChars("a-z0-9"): WK105

    RuleViolationException e =
        assertThrows(RuleViolationException.class, () -> purchases.putAll(three));
    assertTrue(e.getMessage().startsWith("WK105"), e.getMessage());
    assertEquals(List.of(), store().listTables(BASE), "no table, no row");
    // a single put with a bad key creates no table either
    assertThrows(RuleViolationException.class, () -> purchases.put(three.get(2)));
    assertEquals(List.of(), store().listTables(BASE));
  }

  /**
   * Rows of {@code perMonth} customers in November and December 2026, one purchase each month,
   * written in one {@code putAll}: more rows per month than a merge holds in memory (a page and one
   * read ahead), so a scan reads from both tables after its first row.
   */
  private List<ShardedPurchase> twoBusyMonths(int perMonth) {
    List<ShardedPurchase> rows = new ArrayList<>();
    for (int i = 0; i < perMonth; i++) {
      String customer = String.format("c%05d", i);
      rows.add(purchase(customer, 2 * i, "2026-11-10T00:00:00Z"));
      rows.add(purchase(customer, 2 * i + 1, "2026-12-10T00:00:00Z"));
    }
    purchases.putAll(rows);
    return rows;
  }

  @Test
  public void aMonthDroppedDuringAScanReadsAsEmptyFromThere() {
    int perMonth = 1_500;
    List<ShardedPurchase> rows = twoBusyMonths(perMonth);
    List<ShardedPurchase> december =
        rows.stream()
            .filter(p -> p.purchaseId() % 2 == 1)
            .map(TimeShardedContractTest::hot)
            .toList();
    Instant from = at("2026-11-01T00:00:00Z");
    Instant to = at("2027-01-01T00:00:00Z");
    Instant now = at("2027-02-15T00:00:00Z"); // keeps December, January, February

    for (boolean descending : List.of(false, true)) {
      List<ShardedPurchase> read = new ArrayList<>();
      try (Stream<ShardedPurchase> scan =
          descending
              ? purchases.scanBetweenDescending(from, to)
              : purchases.scanBetween(from, to)) {
        Iterator<ShardedPurchase> it = scan.iterator();
        read.add(it.next());
        // retention, here or in another process, drops November under the open scan
        assertEquals(List.of(BASE + "2026_11", COLD + "2026_11"), purchases.enforceRetention(now));
        it.forEachRemaining(read::add);
      }
      // December whole and in order; November's rows read before the drop, a part of them
      List<ShardedPurchase> decemberRead =
          read.stream().filter(p -> p.purchaseId() % 2 == 1).toList();
      assertEquals(
          descending ? reversed(december) : december, decemberRead, "descending " + descending);
      assertTrue(read.size() < 2 * perMonth, read.size() + " rows read");
      // November again, for the descending run: its fence lifted first
      clearFences();
      purchases = newRepository();
      purchases.putAll(rows.stream().filter(p -> p.purchaseId() % 2 == 0).toList());
    }
  }

  private static <T> List<T> reversed(List<T> list) {
    List<T> copy = new ArrayList<>(list);
    java.util.Collections.reverse(copy);
    return copy;
  }

  // ------------------------------------------------------------ scenario 8: archive, then drop

  /** The keys ({@code customer/id}) of the purchases a stream holds. */
  private static java.util.Set<String> keys(Stream<ShardedPurchase> rows) {
    return rows.map(p -> p.customerId() + "/" + p.purchaseId())
        .collect(java.util.stream.Collectors.toSet());
  }

  @Test
  public void aWriteLandingBetweenArchiveAndDropIsRefusedNotLost() {
    // a second repository instance (another process) that wrote to August before the run
    ShardedPurchaseShardedRepository late = newRepository();
    late.put(purchase("c1", 1, "2026-08-10T00:00:00Z"));
    purchases.put(purchase("c1", 2, "2026-08-11T00:00:00Z"));
    Instant now = at("2026-12-15T00:00:00Z");

    java.util.Set<String> archived = new java.util.HashSet<>();
    java.util.Set<String> acknowledged = new java.util.HashSet<>(List.of("c1/1", "c1/2"));
    List<RuntimeException> refused = new ArrayList<>();
    purchases.enforceRetention(
        now,
        period -> {
          try (Stream<ShardedPurchase> rows = period.scan()) {
            archived.addAll(keys(rows));
          }
          // the late writer's row lands after the archive read it, before the drop
          try {
            late.put(purchase("c1", 3, "2026-08-12T00:00:00Z"));
            acknowledged.add("c1/3");
          } catch (RuntimeException e) {
            refused.add(e);
          }
        });
    java.util.Set<String> readable;
    try (Stream<ShardedPurchase> all = purchases.scanBetween(Instant.MIN, Instant.MAX)) {
      readable = keys(all);
    }
    for (String key : acknowledged) {
      assertTrue(
          archived.contains(key) || readable.contains(key),
          "acknowledged " + key + " is neither archived " + archived + " nor readable " + readable);
    }
    // and its later writes there get a typed refusal, not TABLE_NOT_FOUND on every try
    for (int attempt = 0; attempt < 2; attempt++) {
      RuntimeException e =
          assertThrows(
              RuntimeException.class, () -> late.put(purchase("c1", 4, "2026-08-13T00:00:00Z")));
      assertTrue(
          e instanceof PeriodFencedException,
          "a typed refusal, not " + e + " (" + e.getClass().getSimpleName() + ")");
    }
  }

  @Test
  public void concurrentLateWritersLoseNoAcknowledgedWrite() throws Exception {
    // two writers (other instances) write to the oldest months while retention drops them
    Instant now = at("2026-12-15T00:00:00Z"); // keeps October to December
    List<String> months = List.of("2026-08", "2026-09", "2026-10");
    for (String m : months) {
      purchases.put(purchase("c0", 0, m + "-01T00:00:00Z"));
    }
    java.util.Set<String> acknowledged = java.util.concurrent.ConcurrentHashMap.newKeySet();
    acknowledged.add("c0/0");
    java.util.Set<String> archived = java.util.concurrent.ConcurrentHashMap.newKeySet();
    java.util.concurrent.atomic.AtomicBoolean stop =
        new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.atomic.AtomicLong ids = new java.util.concurrent.atomic.AtomicLong(1);
    List<Thread> writers = new ArrayList<>();
    List<Throwable> unexpected = java.util.Collections.synchronizedList(new ArrayList<>());
    for (int w = 0; w < 2; w++) {
      ShardedPurchaseShardedRepository writer = newRepository();
      String customer = "w" + w;
      Thread t =
          new Thread(
              () -> {
                while (!stop.get()) {
                  long id = ids.getAndIncrement();
                  String month = months.get((int) (id % months.size()));
                  try {
                    writer.put(purchase(customer, id, month + "-15T00:00:00Z"));
                    acknowledged.add(customer + "/" + id);
                  } catch (PeriodFencedException e) {
                    // refused: not acknowledged (never TABLE_NOT_FOUND once a month is dropped)
                  } catch (Throwable e) {
                    unexpected.add(e);
                  }
                }
              });
      t.start();
      writers.add(t);
    }
    try {
      Thread.sleep(100);
      purchases.enforceRetention(
          now,
          period -> {
            try (Stream<ShardedPurchase> rows = period.scan()) {
              archived.addAll(keys(rows));
            }
          });
      Thread.sleep(100);
    } finally {
      stop.set(true);
      for (Thread t : writers) {
        t.join();
      }
    }
    assertEquals(List.of(), unexpected);
    java.util.Set<String> readable;
    try (Stream<ShardedPurchase> all = purchases.scanBetween(Instant.MIN, Instant.MAX)) {
      readable = keys(all);
    }
    List<String> lost =
        acknowledged.stream()
            .filter(k -> !archived.contains(k) && !readable.contains(k))
            .sorted()
            .toList();
    assertEquals(
        List.of(),
        lost.subList(0, Math.min(10, lost.size())),
        lost.size() + " of " + acknowledged.size() + " acknowledged writes lost (first 10 shown)");
  }

  // ------------------------------------------------------------ scenario 7: a bounded window

  @Test
  public void aWriteFarOutsideTheWriteWindowIsATypedErrorAndCreatesNoTable() {
    ShardedPurchaseShardedRepository bounded =
        new ShardedPurchaseShardedRepository(store()).withClock(CLOCK);
    for (String when :
        List.of("2099-03-01T00:00:00Z", "2100-01-01T00:00:00Z", "9999-06-01T00:00:00Z")) {
      RuleViolationException e =
          assertThrows(RuleViolationException.class, () -> bounded.put(purchase("c1", 1, when)));
      assertTrue(e.getMessage().startsWith("WK210"), e.getMessage());
      assertTrue(e.getMessage().contains("placedAt"), e.getMessage());
      assertThrows(
          RuleViolationException.class, () -> bounded.putAll(List.of(purchase("c1", 2, when))));
    }
    assertEquals(List.of(), store().listTables(BASE), "no table, no row");
  }

  @Test
  public void theWriteWindowIsTheRetainedMonthsAndThoseAheadByTheClock() {
    // December 2026 by the clock, 3 months kept, 1 ahead: October to January
    ShardedPurchaseShardedRepository bounded =
        new ShardedPurchaseShardedRepository(store()).withClock(CLOCK);
    assertEquals(
        List.of(at("2026-10-01T00:00:00Z"), at("2027-02-01T00:00:00Z")),
        List.of(bounded.writeWindow()));
    bounded.put(purchase("c1", 1, "2026-10-01T00:00:00Z"));
    bounded.put(purchase("c1", 2, "2027-01-31T23:59:59Z"));
    for (String outside : List.of("2026-09-30T23:59:59Z", "2027-02-01T00:00:00Z")) {
      RuleViolationException e =
          assertThrows(RuleViolationException.class, () -> bounded.put(purchase("c1", 3, outside)));
      assertTrue(e.getMessage().contains(outside), e.getMessage());
      assertTrue(e.getMessage().contains("2026-10-01T00:00:00Z"), e.getMessage());
    }
    // a putAll with one value outside writes nothing
    assertThrows(
        RuleViolationException.class,
        () ->
            bounded.putAll(
                List.of(
                    purchase("c1", 4, "2026-11-01T00:00:00Z"),
                    purchase("c1", 5, "2099-01-01T00:00:00Z"))));
    assertEquals(List.of(BASE + "2026_10", BASE + "2027_01"), bounded.periodTables());
    // a wider window is an explicit setting
    bounded.withWriteWindow(2, 3).put(purchase("c1", 6, "2027-03-01T00:00:00Z"));
    bounded
        .allowingBackfill(at("2099-01-01T00:00:00Z"), at("2099-02-01T00:00:00Z"))
        .put(purchase("c1", 7, "2099-01-15T00:00:00Z"));
    assertEquals(
        List.of(BASE + "2026_10", BASE + "2027_01", BASE + "2027_03", BASE + "2099_01"),
        bounded.periodTables());
  }

  @Test
  public void aShardedPutAllReportsEachPeriodTheFailedOneAndThoseNotAttempted() {
    // the store refuses to create November's tables, as a full table quota would
    WideTableStore quota =
        new ForwardingStore(store()) {
          @Override
          public void createTable(TableSpec spec) {
            if (spec.name().endsWith("2026_11")) {
              throw new StoreException(
                  ErrorKind.LIMIT_EXCEEDED, "table quota of the instance reached", false, null);
            }
            super.createTable(spec);
          }
        };
    ShardedPurchaseShardedRepository limited =
        new ShardedPurchaseShardedRepository(quota)
            .withClock(CLOCK)
            .allowingBackfill(at("2026-01-01T00:00:00Z"), at("2027-02-01T00:00:00Z"));
    ShardedWriteResult result =
        limited.putAll(
            List.of(
                purchase("c1", 1, "2026-10-05T00:00:00Z"),
                purchase("c1", 2, "2026-11-05T00:00:00Z"),
                purchase("c1", 3, "2026-11-06T00:00:00Z"),
                purchase("c1", 4, "2026-12-05T00:00:00Z")));

    assertTrue(!result.allAcknowledged());
    assertEquals(List.of(BASE + "2026_10"), List.copyOf(result.keySet()));
    assertEquals(1, result.written().get(0).entities());
    assertTrue(result.written().get(0).result().allAcknowledged());
    ShardedWriteResult.FailedPeriod failed = result.failed().orElseThrow();
    assertEquals(BASE + "2026_11", failed.table());
    assertEquals(2, failed.entities());
    assertEquals(ErrorKind.LIMIT_EXCEEDED, ((StoreException) failed.error()).kind());
    assertEquals(
        List.of(
            new ShardedWriteResult.SkippedPeriod(BASE + "2026_12", at("2026-12-01T00:00:00Z"), 1)),
        result.notAttempted());
    assertEquals(List.of(BASE + "2026_10"), purchases.periodTables());
  }

  /**
   * A window scan's error names the period table that held the bad row, not the first one the
   * window covers (which may not exist): the merge knows each row's source.
   */
  @Test
  public void aBadRowInAWindowScanIsNamedByItsOwnTable() {
    purchases.putAll(
        List.of(
            purchase("c1", 1, "2026-10-05T00:00:00Z"), purchase("c1", 2, "2026-12-02T00:00:00Z")));
    PrimaryKey key = ShardedPurchaseKeys.primaryKey("c1", 2);
    Row stored = store().get(BASE + "2026_12", key, ColumnSelection.all()).orElseThrow();
    java.util.Map<String, AttrValue> bad = new java.util.HashMap<>(stored.columns());
    bad.put("amount", AttrValue.ofString("not money"));
    store().put(BASE + "2026_12", Row.of(key, bad));
    StoreException e =
        assertThrows(
            StoreException.class,
            () ->
                purchases
                    .scanBetween(at("2026-09-01T00:00:00Z"), at("2027-01-01T00:00:00Z"))
                    .toList());
    assertEquals(ErrorKind.CORRUPT_DATA, e.kind(), e.getMessage());
    assertTrue(e.getMessage().contains(BASE + "2026_12"), e.getMessage());
    assertTrue(!e.getMessage().contains(BASE + "2026_09"), e.getMessage());
    // a key the entity's key rules refuse (upper case), in the December table only
    store().put(BASE + "2026_12", stored);
    PrimaryKey badKey = PrimaryKey.of(PkValue.ofString("C1"), PkValue.ofInteger(3));
    store().put(BASE + "2026_12", Row.of(badKey, stored.columns()));
    StoreException k =
        assertThrows(
            StoreException.class,
            () ->
                purchases
                    .scanBetween(at("2026-09-01T00:00:00Z"), at("2027-01-01T00:00:00Z"))
                    .toList());
    assertTrue(k.getMessage().contains(BASE + "2026_12"), k.getMessage());
    assertTrue(!k.getMessage().contains(BASE + "2026_09"), k.getMessage());
  }

  /**
   * A row copied into another month's table (its shard value in December, the table November's): a
   * point read of that month finds it but must not return it as November's purchase, as a window
   * scan does not. Found by the stored-row fuzzer's forged period-table rows.
   */
  @Test
  public void aPointReadOfARowOutsideItsTablesPeriodIsCorruptData() {
    purchases.putAll(
        List.of(
            purchase("c1", 1, "2026-11-05T00:00:00Z"), purchase("c1", 2, "2026-12-02T00:00:00Z")));
    PrimaryKey key = ShardedPurchaseKeys.primaryKey("c1", 2);
    Row december = store().get(BASE + "2026_12", key, ColumnSelection.all()).orElseThrow();
    java.util.Map<String, AttrValue> hotOnly = new java.util.HashMap<>(december.columns());
    hotOnly.remove(dev.widekey.runtime.repository.SplitTableRepository.COLD_MARKER);
    store().put(BASE + "2026_11", Row.of(key, hotOnly));
    for (java.util.function.Supplier<?> read :
        List.<java.util.function.Supplier<?>>of(
            () -> purchases.get("c1", 2, at("2026-11-10T00:00:00Z")),
            () -> purchases.getWithCold("c1", 2, at("2026-11-10T00:00:00Z")))) {
      StoreException e = assertThrows(StoreException.class, read::get);
      assertEquals(ErrorKind.CORRUPT_DATA, e.kind(), e.getMessage());
      assertTrue(e.getMessage().contains(BASE + "2026_11"), e.getMessage());
    }
    // its own month still reads it
    assertEquals(
        hot(purchase("c1", 2, "2026-12-02T00:00:00Z")),
        purchases.get("c1", 2, at("2026-12-20T00:00:00Z")).orElseThrow());
  }

  /**
   * A period-table row without its shard value is {@code CORRUPT_DATA} naming its own table and
   * row, for a point read and a window scan alike (the error named only the tables' base name).
   * Found by the stored-row fuzzer (seed 33509498236607).
   */
  @Test
  public void aRowWithoutItsShardValueIsCorruptDataNamingItsTableAndRow() {
    purchases.put(purchase("c1", 2, "2026-11-05T00:00:00Z"));
    PrimaryKey key = ShardedPurchaseKeys.primaryKey("c1", 2);
    Row stored = store().get(BASE + "2026_11", key, ColumnSelection.all()).orElseThrow();
    java.util.Map<String, AttrValue> bad = new java.util.HashMap<>(stored.columns());
    bad.remove("placedAt");
    store().put(BASE + "2026_11", Row.of(key, bad));
    for (java.util.function.Supplier<?> read :
        List.<java.util.function.Supplier<?>>of(
            () -> purchases.get("c1", 2, at("2026-11-10T00:00:00Z")),
            () ->
                purchases
                    .scanBetween(at("2026-11-01T00:00:00Z"), at("2026-12-01T00:00:00Z"))
                    .toList())) {
      StoreException e = assertThrows(StoreException.class, read::get);
      assertEquals(ErrorKind.CORRUPT_DATA, e.kind(), e.getMessage());
      assertTrue(e.getMessage().contains(BASE + "2026_11"), e.getMessage());
      assertTrue(e.getMessage().contains(key.toString()), e.getMessage());
    }
  }

  /** A row of a table another application owns. */
  private void foreignRow(String table, PrimaryKey key) {
    store().put(table, Row.of(key, java.util.Map.of("note", AttrValue.ofString("not a purchase"))));
  }

  @Test
  public void tablesNamedLikePeriodsButOfAnotherSpecAreLeftAlone() {
    // another application's tables beside the purchases' monthly tables
    String otherKey = BASE + "2025_12"; // a plain entity "gen_purchases_2025_12", another key
    store().createTable(new TableSpec(otherKey, List.of(new PkColumn("orderId", PkType.INTEGER))));
    foreignRow(otherKey, PrimaryKey.of(PkValue.ofInteger(7)));
    String otherTtl = BASE + "2026_01"; // the purchases' key, but rows that expire
    store()
        .createTable(
            new TableSpec(
                otherTtl,
                ShardedPurchaseTable.PRIMARY_KEY,
                List.of(),
                Profile.TABLESTORE,
                400 * 86_400L));
    foreignRow(otherTtl, ShardedPurchaseKeys.primaryKey("c1", 1));
    String otherProfile = COLD + "2026_02"; // the purchases' cold key, but of another profile
    store()
        .createTable(
            new TableSpec(
                otherProfile,
                ShardedPurchaseTable.PRIMARY_KEY,
                List.of(),
                Profile.HBASE,
                TableSpec.NO_TTL));
    ShardedPurchase own = purchase("c1", 2, "2026-03-10T00:00:00Z");
    purchases.put(own);

    assertEquals(
        List.of(
            otherKey + " 2025-12-01T00:00:00Z",
            otherTtl + " 2026-01-01T00:00:00Z",
            otherProfile + " 2026-02-01T00:00:00Z"),
        purchases.foreignTables().stream().map(f -> f.table() + " " + f.start()).toList());
    assertTrue(
        purchases.foreignTables().get(0).reason().contains("orderId"),
        purchases.foreignTables().get(0).reason());
    assertEquals(List.of(BASE + "2026_03"), purchases.periodTables());
    try (Stream<ShardedPurchase> all = purchases.scanBetween(Instant.MIN, Instant.MAX)) {
      assertEquals(List.of(hot(own)), all.toList());
    }
    try (Stream<ShardedPurchase> all = purchases.scanBetweenDescending(Instant.MIN, Instant.MAX)) {
      assertEquals(List.of(hot(own)), all.toList());
    }
    assertEquals(Optional.empty(), purchases.get("c1", 1, at("2026-01-10T00:00:00Z")));
    purchases.delete("c1", 1, at("2026-01-10T00:00:00Z")); // not in that table either
    assertTrue(
        store()
            .get(otherTtl, ShardedPurchaseKeys.primaryKey("c1", 1), ColumnSelection.all())
            .isPresent());
    StoreException write =
        assertThrows(
            StoreException.class, () -> purchases.put(purchase("c1", 3, "2026-01-10T00:00:00Z")));
    assertEquals(ErrorKind.TABLE_EXISTS, write.kind(), write.getMessage());
    assertTrue(write.getMessage().contains(otherTtl), write.getMessage());

    List<String> archived = new ArrayList<>();
    assertEquals(
        List.of(BASE + "2026_03", COLD + "2026_03"),
        purchases.enforceRetention(at("2026-12-15T00:00:00Z"), p -> archived.add(p.table())));
    assertEquals(List.of(BASE + "2026_03"), archived, "only its own month is archived");
    assertTrue(store().describeTable(otherKey).isPresent());
    assertTrue(store().describeTable(otherTtl).isPresent());
    assertTrue(store().describeTable(otherProfile).isPresent());
    assertTrue(
        store()
            .get(otherKey, PrimaryKey.of(PkValue.ofInteger(7)), ColumnSelection.all())
            .isPresent());
    assertEquals(3, purchases.foreignTables().size(), "still there, still reported");
  }

  // ------------------------------------------------------------- chunked values over periods

  private static String body(char c, int bytes) {
    return String.valueOf(c).repeat(bytes);
  }

  /** The page as a window read returns it: hot columns only. */
  private static ShardedChunkedPage hot(ShardedChunkedPage p) {
    return new ShardedChunkedPage(p.at(), p.name(), p.body(), null);
  }

  @Test
  public void windowReadsOfAChunkedEntityReadEachValueFromItsOwnDaysChunkTable() {
    for (String table : store().listTables("gen_shard_pages_")) {
      store().deleteTable(table);
    }
    ShardedChunkedPageShardedRepository pages =
        new ShardedChunkedPageShardedRepository(store())
            .withClock(CLOCK)
            .allowingBackfill(at("2026-11-01T00:00:00Z"), at("2026-12-01T00:00:00Z"));
    Instant day1 = at("2026-11-28T10:00:00Z");
    Instant day2 = at("2026-11-29T09:00:00Z");
    // bodies over the 2 MB attribute limit in both days (chunk rows), one small in the row; the
    // name "front" in both days, under different write tags
    List<ShardedChunkedPage> written =
        List.of(
            new ShardedChunkedPage(day1, "front", body('a', 5 << 19), "n1"),
            new ShardedChunkedPage(day1.plusSeconds(3600), "side", "small", null),
            new ShardedChunkedPage(day2, "front", body('b', 3 << 20), "n3"),
            new ShardedChunkedPage(day2.plusSeconds(7200), "late", body('c', (5 << 19) + 7), null));
    written.forEach(pages::put);
    try {
      for (String day : List.of("2026_11_28", "2026_11_29")) {
        try (Stream<Row> chunks = store().scan("gen_shard_pages_chunks_" + day, ScanRange.all(3))) {
          assertTrue(chunks.count() >= 2, "a body in chunk rows of " + day);
        }
      }
      List<ShardedChunkedPage> ascending =
          written.stream().map(TimeShardedContractTest::hot).toList();
      List<ShardedChunkedPage> descending = new ArrayList<>(ascending);
      java.util.Collections.reverse(descending);
      Instant from = at("2026-11-27T00:00:00Z");
      Instant to = at("2026-11-30T00:00:00Z");
      // the bucketed range: every bucket of both day tables, merged
      try (Stream<ShardedChunkedPage> all =
          pages.scanByAtBetween(from, to, Instant.MIN, Instant.MAX)) {
        assertEquals(ascending, all.toList());
      }
      try (Stream<ShardedChunkedPage> all =
          pages.scanByAtBetweenDescending(from, to, Instant.MIN, Instant.MAX)) {
        assertEquals(descending, all.toList());
      }
      try (Stream<ShardedChunkedPage> all = pages.scanBetween(from, to)) {
        // key order: the bucketed column first, so by bucket, not by time
        assertEquals(
            ascending.stream().sorted(java.util.Comparator.comparing(p -> key(p))).toList(),
            all.toList());
      }
      try (Stream<ShardedChunkedPage> second = pages.scanByAtBetween(from, to, day2, to)) {
        assertEquals(ascending.subList(2, 4), second.toList());
      }
      assertEquals(Optional.of(written.get(2)), pages.getWithCold(day2, "front"));
    } finally {
      for (String table : store().listTables("gen_shard_pages_")) {
        store().deleteTable(table);
      }
    }
  }

  private static PrimaryKey key(ShardedChunkedPage p) {
    return ShardedChunkedPageKeys.primaryKey(p.at(), p.name());
  }
}
