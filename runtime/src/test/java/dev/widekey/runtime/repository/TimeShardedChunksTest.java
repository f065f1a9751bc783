package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.ShardPeriod;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.Seeds;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A {@code @Chunked} time-sharded entity: each period's tables (hot, cold, chunks) come from the
 * entity's {@link EntityTables}, renamed; window scans over several periods read chunked values
 * from the chunk table of the period each row came from, ascending and descending; a row whose
 * shard value lies outside its table's period is {@code CORRUPT_DATA}; foreign cold and chunk
 * tables are listed and left alone; the sweep covers every period. On an embedded store whose
 * attribute limit is 64 bytes, so values of a few hundred bytes take several chunk rows.
 */
class TimeShardedChunksTest {
  static final StoreLimits SMALL = ChunkRowsTest.SMALL;
  static final Instant JAN = Instant.parse("2026-01-01T00:00:00Z");
  static final Instant FEB = Instant.parse("2026-02-01T00:00:00Z");
  static final Instant MAR = Instant.parse("2026-03-01T00:00:00Z");
  static final Instant APR = Instant.parse("2026-04-01T00:00:00Z");

  @RegisterExtension final Seeds seeds = new Seeds();

  private final EmbeddedStore store = EmbeddedStore.builder().limits(SMALL).build();

  @AfterEach
  void close() {
    store.close();
  }

  /** A page of a month: a chunked hot body (cap 4,096 bytes) and a cold note. */
  record Page(long id, Instant at, String body, String note) {
    Page hotOnly() {
      return new Page(id, at, body, null);
    }
  }

  static final TableSpec HOT = TestRows.table("pages", 100, 1);

  /** The entity's tables by role, as a generated {@code PageTable.TABLES} names them. */
  static final EntityTables TABLES =
      EntityTables.of(
          HOT,
          ColdRows.tableSpec("pages_cold", HOT),
          ChunkRows.tableSpec(ChunkRows.tableName("pages"), HOT));

  static final class PageRepository extends SplitTableRepository<Page> {
    PageRepository(WideTableStore store, EntityTables tables) {
      super(store, tables, Map.of("body", 4096L), null);
    }

    @Override
    protected PrimaryKey keyOf(Page p) {
      return TestRows.key(p.id());
    }

    @Override
    protected Map<String, AttrValue> hotColumns(Page p) {
      Map<String, AttrValue> columns = new LinkedHashMap<>();
      columns.put("at", AttrValue.ofInteger(p.at().toEpochMilli()));
      if (p.body() != null) {
        columns.put("body", AttrValue.ofString(p.body()));
      }
      return columns;
    }

    @Override
    protected Map<String, AttrValue> coldColumns(Page p) {
      return p.note() == null ? Map.of() : Map.of("note", AttrValue.ofString(p.note()));
    }

    @Override
    protected Page toEntity(PrimaryKey key, Row hot, Row cold) {
      return new Page(
          key.get(0).asLong(),
          Instant.ofEpochMilli(Columns.getLong(hot, "at")),
          Columns.getString(hot, "body"),
          cold == null ? null : Columns.getString(cold, "note"));
    }
  }

  static final class PageShardedRepository extends TimeShardedRepository<Page, PageRepository> {
    PageShardedRepository(WideTableStore store) {
      super(store, TABLES, ShardPeriod.MONTH, 3, 1, "at", t -> new PageRepository(store, t));
      allowingBackfill(
          Instant.parse("2025-01-01T00:00:00Z"), Instant.parse("2027-01-01T00:00:00Z"));
      withFenceSettle(Duration.ofMillis(1));
    }

    @Override
    protected Instant shardOf(Page p) {
      return p.at();
    }

    Optional<Page> getWithCold(long id, Instant at) {
      return find(TestRows.key(id), at, true);
    }
  }

  private final PageShardedRepository pages = new PageShardedRepository(store);

  private static String text(Random random, int length) {
    StringBuilder s = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      s.append((char) ('a' + random.nextInt(26)));
    }
    return s.toString();
  }

  @Test
  void eachPeriodsTablesAreTheEntityTablesRenamed() {
    EntityTables march = pages.periodRepository(MAR.plusSeconds(3600)).tables();
    assertEquals(TABLES.renamed(n -> n + "_2026_03"), march);
    assertEquals("pages_chunks_2026_03", march.table(EntityTables.Role.CHUNKS).get().name());
    assertEquals("pages_cold_2026_03", march.table(EntityTables.Role.COLD).get().name());

    pages.createTables(MAR);
    assertEquals(
        List.of("pages_2026_03", "pages_chunks_2026_03", "pages_cold_2026_03"),
        store.listTables("pages").stream().sorted().toList());
  }

  @Test
  void windowScansReadChunkedValuesFromEachRowsOwnPeriod() {
    Random random = new Random(seeds.seed());
    // the entity stored under each period table and key: the last one written there
    Map<String, Page> stored = new LinkedHashMap<>();
    Instant[] months = {JAN, FEB, MAR};
    for (int i = 0; i < 40; i++) {
      // ids repeat across months, so a key is in several periods with other values and tags
      long id = random.nextInt(15);
      Instant at =
          months[random.nextInt(months.length)].plus(Duration.ofHours(random.nextInt(27 * 24)));
      // mostly over the 64-byte attribute limit: several chunk rows each; some stay in the row
      int length = random.nextInt(8) == 0 ? random.nextInt(60) : 65 + random.nextInt(900);
      Page page = new Page(id, at, text(random, length), "note " + i);
      pages.put(page);
      stored.put(pages.tableName(at) + "/" + id, page);
    }
    // a key in two periods, both values in chunk rows, for certain
    for (Page page :
        List.of(
            new Page(99, JAN.plusSeconds(5), text(random, 500), null),
            new Page(99, MAR.plusSeconds(5), text(random, 700), null))) {
      pages.put(page);
      stored.put(pages.tableName(page.at()) + "/99", page);
    }
    List<Page> written = new ArrayList<>(stored.values());

    // ascending: key order, a key in several periods earliest period first
    Comparator<Page> order = Comparator.comparingLong(Page::id).thenComparing(Page::at);
    List<Page> expected = written.stream().map(Page::hotOnly).sorted(order).toList();
    try (Stream<Page> all = pages.scanBetween(Instant.MIN, Instant.MAX)) {
      assertEquals(expected, all.toList());
    }
    // descending: the ascending stream reversed
    List<Page> reversed = new ArrayList<>(expected);
    java.util.Collections.reverse(reversed);
    try (Stream<Page> all = pages.scanBetweenDescending(Instant.MIN, Instant.MAX)) {
      assertEquals(reversed, all.toList());
    }
    // a window over two of the periods and part of a third
    Instant from = JAN.plus(Duration.ofDays(20));
    List<Page> window =
        expected.stream().filter(p -> !p.at().isBefore(from) && p.at().isBefore(MAR)).toList();
    try (Stream<Page> some = pages.scanBetween(from, MAR)) {
      assertEquals(window, some.toList());
    }
    assertTrue(
        store.scan("pages_chunks_2026_01", ScanRange.all(3)).count() > 0
            && store.scan("pages_chunks_2026_03", ScanRange.all(3)).count() > 0,
        "values in chunk rows of several periods");
  }

  @Test
  void aRowWhoseShardValueLiesOutsideItsTablesPeriodIsCorruptData() {
    pages.put(new Page(1, JAN.plusSeconds(60), "x".repeat(300), null));
    // another writer stores a March row in February's tables (its view writes where it is told)
    pages.createTables(FEB);
    pages.periodRepository(FEB).put(new Page(2, MAR.plusSeconds(60), "y".repeat(300), null));

    StoreException e;
    try (Stream<Page> all = pages.scanBetween(Instant.MIN, Instant.MAX)) {
      e = assertThrows(StoreException.class, all::toList);
    }
    assertEquals(ErrorKind.CORRUPT_DATA, e.kind());
    assertFalse(e.retryable());
    assertTrue(e.getMessage().contains("pages_2026_02"), e.getMessage());
    assertTrue(e.getMessage().contains("at " + MAR.plusSeconds(60)), e.getMessage());
  }

  @Test
  void foreignColdAndChunkTablesAreListedAndNeverTouched() {
    // another application's tables named like the chunk table of February and the cold table of
    // March (another key: not this entity's); February's hot table is this entity's own
    TableSpec otherKey =
        new TableSpec("pages_chunks_2026_02", List.of(new PkColumn("name", PkType.STRING)));
    store.createTable(otherKey);
    store.createTable(
        new TableSpec("pages_cold_2026_03", List.of(new PkColumn("name", PkType.STRING))));
    store.createTable(pages.tablesOf(FEB).hot());
    pages.put(new Page(1, JAN.plusSeconds(60), "x".repeat(300), "n"));

    List<TimeShardedRepository.ForeignTable> foreign = pages.foreignTables();
    assertEquals(
        List.of("pages_chunks_2026_02", "pages_cold_2026_03"),
        foreign.stream().map(TimeShardedRepository.ForeignTable::table).toList());
    assertEquals(FEB, foreign.get(0).start());
    assertTrue(foreign.get(0).reason().contains("primary key"), foreign.get(0).reason());

    // February is not read (its chunk rows would be another's), nor written; nor is March
    assertEquals(List.of("pages_2026_01"), pages.periodTables());
    assertEquals(Optional.empty(), pages.getWithCold(2, FEB.plusSeconds(60)));
    for (Instant at : List.of(FEB.plusSeconds(1), MAR.plusSeconds(1))) {
      StoreException refused =
          assertThrows(StoreException.class, () -> pages.put(new Page(3, at, "z", null)));
      assertEquals(ErrorKind.TABLE_EXISTS, refused.kind());
      assertTrue(
          refused
              .getMessage()
              .contains(at.isBefore(MAR) ? "pages_chunks_2026_02" : "pages_cold_2026_03"),
          refused.getMessage());
    }

    // retention drops January's three tables, leaves February whole, sweeps never touch it
    assertEquals(
        List.of("pages_2026_01", "pages_cold_2026_01", "pages_chunks_2026_01"),
        pages.enforceRetention(Instant.parse("2026-06-15T00:00:00Z")));
    assertTrue(store.describeTable("pages_2026_02").isPresent());
    assertEquals(
        otherKey.primaryKey(),
        store.describeTable("pages_chunks_2026_02").orElseThrow().primaryKey());
    assertTrue(store.describeTable("pages_cold_2026_03").isPresent());
  }

  // ---------------------------------------------------------------------------- the sweep

  private static final Duration GRACE = Duration.ofHours(2);

  /** A writer that stops after storing its cold and chunk rows: no commit, no clean-up. */
  private PageShardedRepository stoppedBeforeCommit() {
    return new PageShardedRepository(
        new ForwardingStore(store) {
          private boolean hot(String table) {
            return !table.contains("_cold_") && !table.contains("_chunks_");
          }

          @Override
          public void put(String table, Row row, WriteCondition condition) {
            if (hot(table)) {
              throw new IllegalStateException("the process died");
            }
            super.put(table, row, condition);
          }

          @Override
          public void put(String table, Row row) {
            if (hot(table)) {
              throw new IllegalStateException("the process died");
            }
            super.put(table, row);
          }

          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            throw new IllegalStateException("the process died");
          }

          @Override
          public void delete(String table, PrimaryKey key) {
            throw new IllegalStateException("the process died");
          }

          @Override
          public void delete(String table, PrimaryKey key, WriteCondition condition) {
            throw new IllegalStateException("the process died");
          }
        });
  }

  private long rows(String table, int keyColumns) {
    try (Stream<Row> rows = store.scan(table, ScanRange.all(keyColumns))) {
      return rows.count();
    }
  }

  @Test
  void theSweepRemovesStoppedWritesGarbageInEveryPeriod() {
    Page jan = new Page(1, JAN.plusSeconds(60), "j".repeat(300), "kept in January");
    Page feb = new Page(2, FEB.plusSeconds(60), "f".repeat(200), "kept in February");
    pages.put(jan);
    pages.put(feb);
    long named = rows("pages_cold_2026_01", 2) + rows("pages_chunks_2026_01", 3);
    named += rows("pages_cold_2026_02", 2) + rows("pages_chunks_2026_02", 3);
    PageShardedRepository stopped = stoppedBeforeCommit();
    // rewrites of the named entities and a new one, each stopped before its commit
    for (Page p :
        List.of(
            new Page(1, JAN.plusSeconds(60), "J".repeat(400), "lost"),
            new Page(3, JAN.plusSeconds(90), "N".repeat(130), "lost"),
            new Page(2, FEB.plusSeconds(60), "F".repeat(500), "lost"))) {
      assertThrows(IllegalStateException.class, () -> stopped.put(p));
    }
    long garbage =
        rows("pages_cold_2026_01", 2)
            + rows("pages_chunks_2026_01", 3)
            + rows("pages_cold_2026_02", 2)
            + rows("pages_chunks_2026_02", 3)
            - named;
    assertEquals(3 + 7 + 3 + 8, garbage, "3 cold rows, 7 + 3 + 8 chunk rows");

    long now = System.currentTimeMillis();
    ColdSweepResult early = pages.sweepColdRows(GRACE, now);
    assertEquals(new ColdSweepResult(named + garbage, named, garbage, 0, 0), early);

    ColdSweepResult later = pages.sweepColdRows(GRACE, now + GRACE.toMillis() + 60_000);
    assertEquals(new ColdSweepResult(named + garbage, named, 0, garbage, 0), later);
    assertEquals(Optional.of(jan), pages.getWithCold(1, jan.at()));
    assertEquals(Optional.of(feb), pages.getWithCold(2, feb.at()));
    assertEquals(Optional.empty(), pages.getWithCold(3, JAN.plusSeconds(90)));
    assertEquals(
        named,
        rows("pages_cold_2026_01", 2)
            + rows("pages_chunks_2026_01", 3)
            + rows("pages_cold_2026_02", 2)
            + rows("pages_chunks_2026_02", 3));

    assertThrows(IllegalArgumentException.class, () -> pages.sweepColdRows(Duration.ofMinutes(5)));
  }
}
