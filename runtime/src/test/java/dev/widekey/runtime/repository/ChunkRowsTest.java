package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.Profile;
import dev.widekey.core.Rule;
import dev.widekey.core.RuleViolationException;
import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.StoreLimits;
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
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.backend.ServiceChecks;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.Seeds;
import dev.widekey.runtime.write.BulkWriteResult;
import java.time.Duration;
import java.util.ArrayList;
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
 * Chunk rows ({@link ChunkRows}) under the commit point, on an embedded store whose attribute limit
 * is 64 bytes (so a chunked value of a few hundred bytes takes several rows) and whose multi-get
 * reads 7 keys (so one value is read in several pieces).
 */
class ChunkRowsTest {
  static final int ATTRIBUTE = 64;
  static final StoreLimits SMALL = new StoreLimits(16, ATTRIBUTE, 100, 4096, 7, 4, false);

  @RegisterExtension final Seeds seeds = new Seeds();

  private final EmbeddedStore store = EmbeddedStore.builder().limits(SMALL).build();

  @AfterEach
  void close() {
    store.close();
  }

  /** Two hot chunked texts, a and b (caps 4,096 bytes), and a cold chunked body (100,000). */
  record Page(long id, String a, byte[] b, String body) {}

  static final class PageRepository extends SplitTableRepository<Page> {
    static final TableSpec HOT = TestRows.table("pages", 100, 1).withProfile(Profile.HBASE);

    PageRepository(WideTableStore store) {
      super(
          store,
          EntityTables.of(
              HOT,
              ColdRows.tableSpec("pages_cold", HOT),
              ChunkRows.tableSpec(ChunkRows.tableName("pages"), HOT)),
          caps(),
          null);
    }

    private static Map<String, Long> caps() {
      Map<String, Long> caps = new LinkedHashMap<>();
      caps.put("a", 4096L);
      caps.put("b", 4096L);
      caps.put("body", 100_000L);
      return caps;
    }

    @Override
    protected PrimaryKey keyOf(Page p) {
      return TestRows.key(p.id());
    }

    @Override
    protected Map<String, AttrValue> hotColumns(Page p) {
      Map<String, AttrValue> columns = new LinkedHashMap<>();
      if (p.a() != null) {
        columns.put("a", AttrValue.ofString(p.a()));
      }
      if (p.b() != null) {
        columns.put("b", AttrValue.ofBinary(p.b()));
      }
      return columns;
    }

    @Override
    protected Map<String, AttrValue> coldColumns(Page p) {
      return p.body() == null ? Map.of() : Map.of("body", AttrValue.ofString(p.body()));
    }

    @Override
    protected Page toEntity(PrimaryKey key, Row hot, Row cold) {
      return new Page(
          key.get(0).asLong(),
          Columns.getString(hot, "a"),
          hot.get("b") == null ? null : hot.get("b").asBinary(),
          cold == null ? null : Columns.getString(cold, "body"));
    }

    Optional<Page> get(long id) {
      return find(TestRows.key(id), false);
    }

    Optional<Page> getWithCold(long id) {
      return find(TestRows.key(id), true);
    }

    void delete(long id) {
      remove(TestRows.key(id));
    }
  }

  private static void assertPage(Page want, Page got, boolean withCold) {
    assertEquals(want.id(), got.id());
    assertEquals(want.a(), got.a());
    assertArrayEquals(want.b(), got.b());
    assertEquals(withCold ? want.body() : null, got.body());
  }

  private long chunkRows() {
    try (Stream<Row> rows = store.scan("pages_chunks", ScanRange.all(3))) {
      return rows.count();
    }
  }

  private PageRepository created() {
    PageRepository pages = new PageRepository(store);
    pages.createTables();
    return pages;
  }

  @Test
  void chunkBytesAreTheAttributeLimitOrWhatOneRowLeaves() {
    assertEquals(2 << 20, ChunkRows.chunkBytes(StoreLimits.TABLESTORE));
    assertEquals(2 << 20, ChunkRows.chunkBytes(StoreLimits.HBASE));
    int lindorm = ChunkRows.chunkBytes(StoreLimits.LINDORM);
    assertTrue(lindorm < 2 << 20 && lindorm > 1 << 20, () -> "Lindorm: " + lindorm);
    // a full chunk row with the widest key Lindorm holds passes its row and put limits
    TableSpec hot =
        new TableSpec(
            "t",
            List.of(new PkColumn("k", PkType.BINARY)),
            List.of(),
            Profile.LINDORM,
            TableSpec.NO_TTL);
    PrimaryKey widest = PrimaryKey.of(PkValue.ofBinary(new byte[2048]));
    Row row = ChunkRows.row(widest, -1, Integer.MAX_VALUE, new byte[lindorm], Long.MAX_VALUE);
    ServiceChecks.rowSize(
        ChunkRows.tableSpec("t_chunks", hot), row, StoreLimits.LINDORM); // does not throw
    assertEquals(1, ChunkRows.partsOf(2 << 20, StoreLimits.TABLESTORE));
    assertEquals(3, ChunkRows.partsOf(5 << 20, StoreLimits.TABLESTORE));
  }

  @Test
  void valuesRoundTripAtTheBoundaries() {
    PageRepository pages = created();
    int[] sizes = {
      0, 1, ATTRIBUTE - 1, ATTRIBUTE, ATTRIBUTE + 1, 2 * ATTRIBUTE, 2 * ATTRIBUTE + 1, 4096
    };
    long id = 0;
    for (int size : sizes) {
      // a text of 3-byte and 4-byte code points, so that pieces cut code points apart
      StringBuilder text = new StringBuilder();
      while (text.length() < size) {
        text.append(text.length() % 3 == 0 ? "\uD83D\uDE00" : "\u20AC");
      }
      String a = truncateUtf8(text.toString(), size);
      byte[] b = new byte[size];
      new Random(size).nextBytes(b);
      String body = "x".repeat(size * 10);
      Page page = new Page(++id, a, b, body);
      pages.put(page);
      assertPage(page, pages.get(id).orElseThrow(), false);
      assertPage(page, pages.getWithCold(id).orElseThrow(), true);
    }
  }

  /** The longest prefix of {@code s} of at most {@code bytes} UTF-8 bytes. */
  private static String truncateUtf8(String s, int bytes) {
    int used = 0;
    int i = 0;
    while (i < s.length()) {
      int cp = s.codePointAt(i);
      int w = dev.widekey.core.store.Utf8.encodedLength(cp);
      if (used + w > bytes) {
        break;
      }
      used += w;
      i += Character.charCount(cp);
    }
    return s.substring(0, i);
  }

  @Test
  void randomValuesRoundTripAndReplacedChunkRowsGo() {
    Random random = new Random(seeds.seed());
    PageRepository pages = created();
    for (int round = 0; round < 60; round++) {
      long id = random.nextInt(4);
      String a = random.nextBoolean() ? null : randomText(random, random.nextInt(600));
      byte[] b = random.nextBoolean() ? null : new byte[random.nextInt(600)];
      if (b != null) {
        random.nextBytes(b);
      }
      String body = random.nextBoolean() ? null : randomText(random, random.nextInt(3000));
      Page page = new Page(id, a, b, body);
      pages.put(page);
      assertPage(page, pages.getWithCold(id).orElseThrow(), true);
      assertPage(page, pages.get(id).orElseThrow(), false);
      if (random.nextInt(5) == 0) {
        pages.delete(id);
        assertTrue(pages.getWithCold(id).isEmpty());
      }
    }
    // every chunk row stored is named by a hot row: none of a replaced or deleted write is left
    long named = 0;
    for (long id = 0; id < 4; id++) {
      Optional<Row> hot = store.get("pages", TestRows.key(id), ColumnSelection.all());
      AttrValue parts = hot.map(r -> r.get(ChunkRows.PARTS)).orElse(null);
      named += parts == null ? 0 : parts.asLong();
    }
    assertEquals(named, chunkRows(), "chunk rows stored beside those the hot rows count");
  }

  private static String randomText(Random random, int codePoints) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < codePoints; i++) {
      int kind = random.nextInt(4);
      s.appendCodePoint(
          switch (kind) {
            case 0 -> 'a' + random.nextInt(26);
            case 1 -> 0xE9;
            case 2 -> 0x20AC;
            default -> 0x1F600 + random.nextInt(50);
          });
    }
    return s.toString();
  }

  @Test
  void twoLargeValuesInOneRowAndALargeColdValue() {
    PageRepository pages = created();
    Page page = new Page(1, "a".repeat(1000), new byte[1000], "c".repeat(5000));
    pages.put(page);
    Row hot = store.get("pages", TestRows.key(1), ColumnSelection.all()).orElseThrow();
    assertNull(hot.get("a"), "the value is not in the row");
    assertEquals(16 + 16 + 79, hot.get(ChunkRows.PARTS).asLong());
    assertEquals(16 + 16 + 79, chunkRows());
    assertPage(page, pages.getWithCold(1).orElseThrow(), true);
    // replaced by small values: the chunk rows go
    pages.put(new Page(1, "small", null, null));
    assertEquals(0, chunkRows());
    assertEquals("small", pages.get(1).orElseThrow().a());
  }

  @Test
  void aValueOverItsCapIsRefusedBeforeAnyWrite() {
    PageRepository pages = created();
    RuleViolationException e =
        assertThrows(
            RuleViolationException.class,
            () -> pages.put(new Page(1, "a".repeat(4097), null, null)));
    assertTrue(e.getMessage().startsWith(Rule.WK202.name()), e.getMessage());
    assertTrue(e.getMessage().contains("maxBytes = 4096"), e.getMessage());
    assertTrue(pages.get(1).isEmpty());
    assertEquals(0, chunkRows());
  }

  @Test
  void aRefusedWriteLeavesNoChunkRows() {
    PageRepository pages = created();
    Page first = new Page(1, "a".repeat(500), null, "b".repeat(500));
    pages.put(first);
    long stored = chunkRows();
    StoreException e =
        assertThrows(
            StoreException.class,
            () -> pages.insert(new Page(1, "z".repeat(900), null, "y".repeat(900))));
    assertEquals(ErrorKind.CONDITION_FAILED, e.kind());
    assertEquals(stored, chunkRows());
    assertPage(first, pages.getWithCold(1).orElseThrow(), true);
    pages.delete(1);
    assertEquals(0, chunkRows());
  }

  @Test
  void bulkWritesDeleteTheChunkRowsOfTheWritesTheyReplace() {
    PageRepository pages = created();
    List<Page> batch = new ArrayList<>();
    for (long id = 0; id < 5; id++) {
      batch.add(new Page(id, "a".repeat(300), null, "b".repeat(300)));
      batch.add(new Page(id, "c".repeat(200), new byte[100], null)); // replaces the first
    }
    BulkWriteResult r = pages.putAll(batch);
    assertEquals(0, r.failed(), r::toString);
    for (long id = 0; id < 5; id++) {
      assertPage(batch.get((int) id * 2 + 1), pages.getWithCold(id).orElseThrow(), true);
    }
    assertEquals(5 * (4 + 2), chunkRows());
    BulkWriteResult again = pages.putAll(List.of(new Page(0, "x", null, null)));
    assertEquals(0, again.failed(), again::toString);
    assertEquals(4 * (4 + 2), chunkRows());
  }

  /** A store that stops after {@code budget} writes: every call then fails, as a dead process. */
  static final class Crashing extends ForwardingStore {
    static final class Crash extends RuntimeException {}

    private int budget;

    Crashing(WideTableStore delegate, int budget) {
      super(delegate);
      this.budget = budget;
    }

    private void spend() {
      if (budget-- <= 0) {
        throw new Crash();
      }
    }

    @Override
    public void put(String table, Row row) {
      spend();
      super.put(table, row);
    }

    @Override
    public void delete(String table, PrimaryKey key) {
      spend();
      super.delete(table, key);
    }

    @Override
    public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
      spend();
      return super.batchWrite(ops);
    }

    @Override
    public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
      if (budget < 0) {
        throw new Crash();
      }
      return super.get(table, key, columns);
    }
  }

  @Test
  void aCrashAfterAnyRowOperationLeavesTheOldWriteOrTheNewOneWhole() {
    Page old = new Page(1, "o".repeat(200), new byte[130], "p".repeat(300));
    Page next = new Page(1, "n".repeat(300), null, "q".repeat(700));
    for (int budget = 0; budget < 40; budget++) {
      try (EmbeddedStore fresh = EmbeddedStore.builder().limits(SMALL).build()) {
        PageRepository pages = new PageRepository(fresh);
        pages.createTables();
        pages.put(old);
        boolean crashed = false;
        try {
          new PageRepository(new Crashing(fresh, budget)).put(next);
        } catch (Crashing.Crash e) {
          crashed = true;
        }
        Page read = pages.getWithCold(1).orElseThrow();
        Page want = read.a().equals(next.a()) ? next : old;
        assertPage(want, read, true);
        assertPage(want, pages.get(1).orElseThrow(), false);
        if (!crashed) {
          assertEquals(next.a(), read.a());
          return; // the write needed fewer operations than the budget
        }
      }
    }
    throw new AssertionError("the write never finished within 40 operations");
  }

  @Test
  void forgedReferencesAndCountsAreCorruptData() {
    PageRepository pages = created();
    pages.put(new Page(1, "a".repeat(200), null, null));
    Row hot = store.get("pages", TestRows.key(1), ColumnSelection.all()).orElseThrow();
    List<Map<String, AttrValue>> forgeries =
        List.of(
            Map.of(ChunkRows.referenceColumn("a"), AttrValue.ofBinary(new byte[3])),
            Map.of(
                ChunkRows.referenceColumn("a"), ChunkRows.reference(AttrType.STRING, -1, 4, 200)),
            Map.of(
                ChunkRows.referenceColumn("a"),
                ChunkRows.reference(AttrType.STRING, 0, 5, 200)), // the write stored 4
            Map.of(
                ChunkRows.referenceColumn("a"),
                ChunkRows.reference(AttrType.STRING, 0, 4, Long.MAX_VALUE)), // over the cap
            Map.of(
                ChunkRows.referenceColumn("a"),
                ChunkRows.reference(AttrType.STRING, 0, 4, 199)), // pieces hold 200
            Map.of(
                ChunkRows.referenceColumn("a"),
                ChunkRows.reference(AttrType.STRING, 0, 3, 200)), // pieces hold 192
            Map.of(ChunkRows.PARTS, AttrValue.ofInteger(Integer.MAX_VALUE)),
            Map.of(ChunkRows.PARTS, AttrValue.ofString("4")),
            Map.of(
                ChunkRows.referenceColumn("b"),
                ChunkRows.reference(AttrType.BINARY, 2, 2, 128))); // shares parts with a
    for (Map<String, AttrValue> forged : forgeries) {
      Map<String, AttrValue> columns = new LinkedHashMap<>(hot.columns());
      columns.putAll(forged);
      store.put("pages", Row.of(hot.key(), columns));
      StoreException e = assertThrows(StoreException.class, () -> pages.get(1), forged::toString);
      assertEquals(ErrorKind.CORRUPT_DATA, e.kind(), e::getMessage);
      assertFalse(e.retryable());
      assertTrue(e.getMessage().contains("pages"), e::getMessage);
    }
    store.put("pages", hot);
    assertEquals("a".repeat(200), pages.get(1).orElseThrow().a());
  }

  @Test
  void forgedChunkRowsAreCorruptDataAndAMissingOneAnError() {
    PageRepository pages = created();
    pages.put(new Page(1, "a".repeat(200), null, null));
    long tag =
        store
            .get("pages", TestRows.key(1), ColumnSelection.all())
            .orElseThrow()
            .get(SplitTableRepository.COLD_TAG)
            .asLong();
    // 200 bytes in pieces of 64, 64, 64 and 8: the last is forged
    PrimaryKey part1 = ChunkRows.key(TestRows.key(1), tag, 3);
    Row original = store.get("pages_chunks", part1, ColumnSelection.all()).orElseThrow();
    byte[] notUtf8 = new byte[8];
    java.util.Arrays.fill(notUtf8, (byte) 0xFF);
    List<Row> forgeries =
        List.of(
            ChunkRows.row(TestRows.key(2), tag, 3, new byte[8], 0), // another entity's owner
            ChunkRows.row(TestRows.key(1), tag, 3, new byte[9], 0), // one byte too many
            ChunkRows.row(TestRows.key(1), tag, 3, new byte[7], 0), // one too few
            ChunkRows.row(TestRows.key(1), tag, 3, notUtf8, 0)); // not UTF-8
    for (Row forged : forgeries) {
      store.put("pages_chunks", Row.of(part1, forged.columns()));
      StoreException e = assertThrows(StoreException.class, () -> pages.get(1));
      assertEquals(ErrorKind.CORRUPT_DATA, e.kind(), e::getMessage);
      assertTrue(e.getMessage().contains("pages_chunks"), e::getMessage);
    }
    store.delete("pages_chunks", part1);
    StoreException missing = assertThrows(StoreException.class, () -> pages.get(1));
    assertEquals(ErrorKind.CORRUPT_DATA, missing.kind(), missing::getMessage);
    assertFalse(missing.retryable());
    store.put("pages_chunks", original);
    assertEquals("a".repeat(200), pages.get(1).orElseThrow().a());
  }

  @Test
  void theSweepDeletesChunkRowsNobodyNames() {
    PageRepository pages = created();
    pages.put(new Page(1, "a".repeat(200), null, null));
    store.put("pages_chunks", ChunkRows.row(TestRows.key(1), 42, 0, new byte[10], 0));
    store.put("pages_chunks", ChunkRows.row(TestRows.key(1), 42, 1, new byte[10], 0));
    ColdSweepResult swept = pages.sweepColdRows(Duration.ofHours(1), System.currentTimeMillis());
    assertEquals(2, swept.deleted(), swept::toString);
    assertEquals(4, swept.named(), swept::toString);
    assertEquals(4, chunkRows());
    assertEquals("a".repeat(200), pages.get(1).orElseThrow().a());
  }
}
