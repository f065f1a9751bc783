package dev.widekey.store.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.rekey.RekeyJob;
import dev.widekey.runtime.rekey.RekeyRefusal;
import dev.widekey.runtime.rekey.RekeyResult;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.write.BulkWriter;
import dev.widekey.store.tck.entities.HashedMeterReading;
import dev.widekey.store.tck.entities.HashedMeterReadingKeys;
import dev.widekey.store.tck.entities.HashedMeterReadingRekeying;
import dev.widekey.store.tck.entities.HashedMeterReadingRepository;
import dev.widekey.store.tck.entities.LegacyMeterReading;
import dev.widekey.store.tck.entities.LegacyMeterReadingKeys;
import dev.widekey.store.tck.entities.LegacyMeterReadingRepository;
import dev.widekey.store.tck.entities.NarrowMeterReading;
import dev.widekey.store.tck.entities.NarrowMeterReadingRekeying;
import dev.widekey.store.tck.entities.NarrowMeterReadingRepository;
import dev.widekey.store.tck.entities.WideMeterReading;
import dev.widekey.store.tck.entities.WideMeterReadingRekeying;
import dev.widekey.store.tck.entities.WideMeterReadingRepository;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The generated re-keying jobs ({@code @RekeyedFrom}) on a store: rows of {@link
 * LegacyMeterReading} (meter numbers padded to 6 digits) moved to an 8-digit padded key with an
 * index ({@link WideMeterReading}), behind a 4-hex MD5 prefix ({@link HashedMeterReading}), and to
 * a 5-digit key too narrow for some of them ({@link NarrowMeterReading}). Each move is checked
 * against the old rows: every entity readable under the new layout with equal values (hot and
 * cold), the counts equal (read = written + refused), the old tables byte for byte as they were.
 * The adversary is a stopped and resumed job: the wide move stops half-way, the hashed one is
 * stopped by another thread once it has made progress, and a new job object (a restarted process)
 * resumes each.
 *
 * <p>The default run moves a few thousand rows; the 100,000-row run is {@code mvn -B -pl
 * store-hbase -am verify -Dtest='GeneratedRekeyingOnHBaseTest' -Dwidekey.rekey.rows=100000
 * -Dsurefire.failIfNoSpecifiedTests=false} (and {@code -pl store-tck …
 * -Dtest='EmbeddedStoreTckTest$GeneratedRekeying'} for the embedded store).
 */
public abstract class GeneratedRekeyingContractTest {
  private static final List<String> SITES = List.of("north", "south", "east", "west", "harbour");

  /** The store under test; the subclass opens and closes it. */
  protected abstract WideTableStore store();

  /** Rows moved when no {@code widekey.rekey.rows} is given. */
  protected int defaultRows() {
    return 3_000;
  }

  private int rows() {
    return Integer.getInteger("widekey.rekey.rows", defaultRows());
  }

  private List<LegacyMeterReading> legacy;

  @BeforeEach
  void writeLegacyRows() {
    WideTableStore store = store();
    for (String table : store.listTables("meter_readings")) {
      store.deleteTable(table);
    }
    if (store.describeTable(RekeyJob.PROGRESS_TABLE).isPresent()) {
      store.deleteTable(RekeyJob.PROGRESS_TABLE);
    }
    LegacyMeterReadingRepository old = new LegacyMeterReadingRepository(store);
    old.createTables();
    long seed = Long.getLong("widekey.rekey.seed", System.nanoTime());
    System.out.println("GeneratedRekeyingContractTest seed " + seed);
    Random random = new Random(seed);
    Set<Long> meters = new HashSet<>();
    legacy = new ArrayList<>();
    Instant base = Instant.parse("2026-11-01T00:00:00Z");
    while (legacy.size() < rows()) {
      long meter = random.nextInt(1_000_000);
      if (!meters.add(meter)) {
        continue;
      }
      legacy.add(
          new LegacyMeterReading(
              meter,
              base.plusSeconds(random.nextInt(86_400 * 30)),
              SITES.get(random.nextInt(SITES.size())),
              random.nextInt(100_000) / 100.0,
              random.nextInt(3) == 0 ? null : "reading of meter " + meter));
    }
    old.putAll(legacy.stream(), BulkWriter.of(store));
  }

  @Test
  void movesEveryRowToAWiderPaddingStoppedHalfWayAndResumed() {
    Map<String, List<Row>> before = oldTables();
    new WideMeterReadingRepository(store()).createTables();
    RekeyResult stopped =
        WideMeterReadingRekeying.job(store()).stopAfterRows(rows() / 2).build().run();
    assertFalse(stopped.complete(), stopped.toString());
    assertTrue(stopped.rowsRead() < rows(), stopped.toString());

    // a new job object, as a restarted process builds it, continues from the checkpoints
    RekeyResult done = WideMeterReadingRekeying.job(store()).workers(3).build().run();
    assertTrue(done.complete(), done.toString());
    assertTrue(done.countsMatch(), done.toString());
    assertEquals(rows(), done.rowsRead());
    assertEquals(rows(), done.rowsWritten());
    assertEquals(List.of(), done.refusals());

    WideMeterReadingRepository moved = new WideMeterReadingRepository(store());
    for (LegacyMeterReading e : sample()) {
      Optional<WideMeterReading> read = moved.getWithCold(e.meter(), e.at());
      assertEquals(Optional.of(wide(e)), read, "meter " + e.meter());
    }
    assertEquals(rows(), moved.countAll());
    // the index is built from the moved rows: each site finds exactly its readings
    Map<String, Long> perSite =
        legacy.stream()
            .collect(Collectors.groupingBy(LegacyMeterReading::site, Collectors.counting()));
    for (Map.Entry<String, Long> site : perSite.entrySet()) {
      assertEquals(site.getValue(), moved.bySite().countBySite(site.getKey()), site.getKey());
    }
    assertEquals(before, oldTables(), "the old tables changed");
  }

  @Test
  void movesEveryRowBehindAHashPrefix() throws InterruptedException {
    Map<String, List<Row>> before = oldTables();
    new HashedMeterReadingRepository(store()).createTables();
    CountDownLatch progressed = new CountDownLatch(1);
    RekeyJob<HashedMeterReading> first =
        HashedMeterReadingRekeying.job(store())
            .progress(
                p -> {
                  if (p.rowsRead() > 0) {
                    progressed.countDown();
                  }
                })
            .build();
    Thread stopper =
        new Thread(
            () -> {
              try {
                progressed.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              first.stop(); // from another thread, as an operator stops a running job
            });
    stopper.start();
    RekeyResult stopped = first.run();
    stopper.join();
    assertTrue(stopped.rowsRead() > 0, stopped.toString());
    RekeyResult done = HashedMeterReadingRekeying.job(store()).build().run();
    assertTrue(done.complete() && done.countsMatch(), done.toString());
    assertEquals(rows(), done.rowsRead());
    assertEquals(rows(), done.rowsWritten());

    HashedMeterReadingRepository moved = new HashedMeterReadingRepository(store());
    for (LegacyMeterReading e : sample()) {
      assertEquals(Optional.of(hashed(e)), moved.getWithCold(e.meter(), e.at()));
      // the old key decodes to the same values, under the layout committed for the old table
      assertEquals(
          HashedMeterReadingKeys.decode(HashedMeterReadingKeys.primaryKey(hashed(e))),
          HashedMeterReadingRekeying.decodeOldKey(LegacyMeterReadingKeys.primaryKey(e)));
    }
    assertEquals(rows(), moved.countAll());
    assertEquals(before, oldTables(), "the old tables changed");
  }

  @Test
  void refusesRowsTheNewLayoutCannotHoldAndTruncatesNone() {
    new NarrowMeterReadingRepository(store()).createTables();
    RekeyResult done = NarrowMeterReadingRekeying.job(store()).build().run();
    assertTrue(done.complete() && done.countsMatch(), done.toString());
    Set<Long> tooWide =
        legacy.stream()
            .map(LegacyMeterReading::meter)
            .filter(m -> m >= 100_000)
            .collect(Collectors.toSet());
    assertEquals(tooWide.size(), done.rowsRefused());
    assertEquals(rows() - tooWide.size(), done.rowsWritten());
    Set<Long> refused = new HashSet<>();
    for (RekeyRefusal r : done.refusals()) {
      refused.add(NarrowMeterReadingRekeying.decodeOldKey(r.oldKey()).meter());
      assertEquals("WK104", r.rule(), r.toString());
      assertTrue(r.message().contains("meter"), r.message());
    }
    assertEquals(tooWide, refused);
    NarrowMeterReadingRepository moved = new NarrowMeterReadingRepository(store());
    assertEquals(rows() - tooWide.size(), moved.countAll());
    for (LegacyMeterReading e : sample()) {
      Optional<NarrowMeterReading> expected =
          e.meter() >= 100_000 ? Optional.empty() : Optional.of(narrow(e));
      if (expected.isPresent()) {
        assertEquals(expected, moved.getWithCold(e.meter(), e.at()));
      }
    }
  }

  /** The legacy entities checked one by one: all of a default run, a thousand of a large one. */
  private List<LegacyMeterReading> sample() {
    if (legacy.size() <= 5_000) {
      return legacy;
    }
    List<LegacyMeterReading> out = new ArrayList<>(legacy);
    java.util.Collections.shuffle(out, new Random(legacy.size()));
    return out.subList(0, 1_000);
  }

  /** Every row of the old tables, by table, in key order. */
  private Map<String, List<Row>> oldTables() {
    Map<String, List<Row>> out = new TreeMap<>();
    for (String table : List.of("meter_readings", "meter_readings_cold")) {
      int columns = store().describeTable(table).orElseThrow().primaryKey().size();
      out.put(table, store().scan(table, ScanRange.all(columns)).toList());
    }
    return out;
  }

  private static WideMeterReading wide(LegacyMeterReading e) {
    return new WideMeterReading(e.meter(), e.at(), e.site(), e.kwh(), e.note());
  }

  private static HashedMeterReading hashed(LegacyMeterReading e) {
    return new HashedMeterReading(e.meter(), e.at(), e.site(), e.kwh(), e.note());
  }

  private static NarrowMeterReading narrow(LegacyMeterReading e) {
    return new NarrowMeterReading(e.meter(), e.at(), e.site(), e.kwh(), e.note());
  }
}
