package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.ShardPeriod;
import dev.widekey.core.store.ReservedNames;
import dev.widekey.runtime.key.KeyRanges;
import dev.widekey.runtime.repository.Tagged.Item;
import dev.widekey.runtime.repository.Tagged.Items;
import dev.widekey.runtime.repository.TimeShardedIndexTest.Ticket;
import dev.widekey.runtime.repository.TimeShardedIndexTest.TicketRepository;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An {@code @Index} added to an entity with stored rows: the entities stored before the index
 * existed have no index rows. A read through the index refuses (typed, naming the build) until the
 * build has indexed them, then finds every one of them; the build is resumable, races writers of
 * the new version without losing a write, works per period of a time-sharded entity, and a
 * repository that found the index built reads through it at no extra store call.
 */
class IndexBuildTest {
  private final EmbeddedStore store = EmbeddedStore.inMemory();

  @AfterEach
  void close() {
    store.close();
  }

  /** The entity's first version: the same tables without the index (and without a cold table). */
  private static Items oldVersion(WideTableStore on, boolean cold) {
    EntityTables tables = Tagged.tables(cold);
    TableSpec hot = tables.hot();
    return new Items(
        on,
        cold
            ? EntityTables.of(hot, tables.table(EntityTables.Role.COLD).orElseThrow())
            : EntityTables.of(hot));
  }

  private static String tagOf(long id) {
    return id % 5 == 0 ? null : id % 2 == 0 ? "red" : "blue";
  }

  /** Stores entities 1..n with the first version; returns the ids stored red. */
  private List<Long> storeOld(int n, boolean cold) {
    Items v1 = oldVersion(store, cold);
    v1.createTables();
    List<Long> red = new ArrayList<>();
    for (long id = 1; id <= n; id++) {
      v1.put(new Item(id, tagOf(id), "note " + id, cold ? "body " + id : null));
      if ("red".equals(tagOf(id))) {
        red.add(id);
      }
    }
    return red;
  }

  private static List<Long> ids(Stream<Item> items) {
    try (items) {
      return items.map(Item::id).sorted().toList();
    }
  }

  private static ScanRange red() {
    return KeyRanges.leading(List.of(PkValue.ofString("red")), 2);
  }

  /** The lead's reproduction: before, every index read silently missed the stored entities. */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void anIndexAddedToStoredEntitiesIsRefusedUntilBuiltThenFindsEveryOne(boolean cold) {
    List<Long> red = storeOld(40, cold);
    Items v2 = new Items(store, cold);
    v2.createTables();

    IndexNotBuiltException e =
        assertThrows(IndexNotBuiltException.class, () -> ids(v2.byTag("red")));
    assertEquals("by_tag", e.index());
    assertEquals("items_by_tag", e.table());
    assertEquals(ErrorKind.UNAVAILABLE, e.kind());
    assertFalse(e.retryable());
    assertTrue(e.getMessage().contains("buildIndexes()"), e.getMessage());
    assertTrue(e.getMessage().contains("before the index existed"), e.getMessage());
    IndexTable byTag = v2.tables().index("by_tag").orElseThrow();
    assertThrows(IndexNotBuiltException.class, () -> v2.countIndex(byTag, red()));
    assertThrows(IndexNotBuiltException.class, () -> v2.existsIndex(byTag, red()));
    assertThrows(
        IndexNotBuiltException.class,
        () -> ids(new Items(store, cold).byTag("blue")),
        "another instance refuses too");

    IndexBuildResult built = v2.buildIndexes();
    assertEquals(40, built.rowsScanned());
    assertEquals(32, built.indexRowsWritten(), "every entity with a tag, none with a null one");
    assertEquals(0, built.refused());
    assertEquals(cold ? 0 : 32, built.untaggedRows());

    assertEquals(red, ids(v2.byTag("red")));
    assertEquals(red.size(), v2.countIndex(byTag, red()));
    assertTrue(v2.existsIndex(byTag, red()));
    Items other = new Items(store, cold); // another instance, which checks the state itself
    assertEquals(red, ids(other.byTag("red")));
    assertEquals(16, ids(other.byTag("blue")).size());

    // writes of the new version keep the built rows: a moved value deletes its row
    other.put(new Item(2, "blue", "moved", cold ? "b" : null));
    red = red.subList(1, red.size());
    assertEquals(red, ids(v2.byTag("red")));
    assertEquals(32, indexRows(byTag));

    IndexBuildResult again = v2.buildIndexes();
    assertEquals(0, again.indexRowsWritten(), "a second build finds every row indexed");
    assertEquals(40, again.alreadyIndexed(), "with the 8 rows of a null value, which need none");
  }

  private long indexRows(IndexTable index) {
    try (Stream<Row> rows = store.scan(index.table().name(), ScanRange.all(2))) {
      return rows.count();
    }
  }

  @Test
  void anIndexCreatedWithItsTableNeedsNoBuild() {
    Items items = new Items(store, false);
    items.createTables();
    items.put(new Item(1, "red", null, null));
    assertEquals(List.of(1L), ids(items.byTag("red")));
    assertTrue(store.describeTable(ReservedNames.INDEX_BUILD_TABLE).isEmpty(), "never created");
  }

  @Test
  void aBuildStoppedMidwayIsRunAgain() {
    List<Long> red = storeOld(60, true);
    AtomicInteger commits = new AtomicInteger();
    WideTableStore stopping =
        new ForwardingStore(store) {
          @Override
          public void put(String table, Row row, WriteCondition condition) {
            if (table.equals(Tagged.HOT) && commits.incrementAndGet() > 10) {
              throw new StoreException(ErrorKind.UNAVAILABLE, "the process was stopped");
            }
            super.put(table, row, condition);
          }
        };
    Items v2 = new Items(stopping, true);
    v2.createTables();
    assertThrows(StoreException.class, v2::buildIndexes);
    assertThrows(IndexNotBuiltException.class, () -> ids(new Items(store, true).byTag("red")));

    Items resumed = new Items(store, true);
    IndexBuildResult r = resumed.buildIndexes();
    assertEquals(10 + 12, r.alreadyIndexed(), "the stopped run's commits, and the null values");
    assertEquals(38, r.indexRowsWritten());
    assertEquals(red, ids(resumed.byTag("red")));
    // the stopped run's index row under the failed commit's tag is named by no hot row
    IndexTable byTag = resumed.tables().index("by_tag").orElseThrow();
    assertEquals(49, indexRows(byTag));
  }

  /**
   * A write of the new version committing between the build's read of a row and its commit: the
   * build's compare-and-set fails, its index row is deleted, and the row is decided again (the
   * write stored its own index row). Nothing of the write is lost. Also over rows the old version
   * stored without a write tag (no cold table): the build's condition is then that the row is still
   * untagged, which the new version's write (tagged) fails.
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void aWriteCommittingBetweenTheBuildsReadAndItsCommitWins(boolean cold) {
    storeOld(10, cold);
    Items writer = new Items(store, cold);
    writer.createTables();
    AtomicBoolean armed = new AtomicBoolean(true);
    WideTableStore racing =
        new ForwardingStore(store) {
          @Override
          public void put(String table, Row row, WriteCondition condition) {
            if (table.equals(Tagged.HOT) && armed.getAndSet(false)) {
              long id = row.key().get(0).asLong();
              writer.put(new Item(id, "green", "written meanwhile", cold ? "new body" : null));
            }
            super.put(table, row, condition);
          }
        };
    IndexBuildResult r = new Items(racing, cold).buildIndexes();
    assertEquals(1, r.retried());
    assertEquals(7, r.indexRowsWritten(), "8 tagged rows, one written by the racing write");
    Items reader = new Items(store, cold);
    assertEquals(List.of(1L), ids(reader.byTag("green")));
    assertEquals(
        "written meanwhile", reader.byTag("green").findFirst().orElseThrow().note(), "not lost");
    assertEquals(List.of(2L, 4L, 6L, 8L), ids(reader.byTag("red")));
    assertEquals(8, indexRows(reader.tables().index("by_tag").orElseThrow()));
  }

  /** A row that makes no entity is refused: counted and listed, never written. */
  @Test
  void anUndecodableRowIsRefusedAndCounted() {
    storeOld(5, false);
    store.put(
        Tagged.HOT,
        Row.of(
            dev.widekey.runtime.store.TestRows.key(99),
            java.util.Map.of(
                SplitTableRepository.ROW_MARKER,
                dev.widekey.runtime.store.AttrValue.ofString("forged"))));
    Items v2 = new Items(store, false);
    IndexBuildResult r = v2.buildIndexes();
    assertEquals(6, r.rowsScanned());
    assertEquals(1, r.refused());
    assertEquals(
        dev.widekey.runtime.store.TestRows.key(99), r.refusals().get(0).key(), r.toString());
    assertEquals(List.of(2L, 4L), ids(v2.byTag("red")));
  }

  /** Once an index is found built, a read through it costs no call beyond the read itself. */
  @Test
  void aRepositoryChecksTheBuildStateOnceThenReadsAtNoExtraCall() {
    storeOld(10, false);
    new Items(store, false).buildIndexes();
    AtomicInteger stateReads = new AtomicInteger();
    AtomicInteger describes = new AtomicInteger();
    AtomicInteger calls = new AtomicInteger();
    WideTableStore counting =
        new ForwardingStore(store) {
          @Override
          public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
            calls.incrementAndGet();
            if (table.equals(ReservedNames.INDEX_BUILD_TABLE)) {
              stateReads.incrementAndGet();
            }
            return super.get(table, key, columns);
          }

          @Override
          public Optional<TableSpec> describeTable(String table) {
            calls.incrementAndGet();
            describes.incrementAndGet();
            return super.describeTable(table);
          }

          @Override
          public Stream<Row> scan(String table, ScanRange range) {
            calls.incrementAndGet();
            return super.scan(table, range);
          }

          @Override
          public List<Optional<Row>> multiGet(
              String table, List<PrimaryKey> keys, ColumnSelection columns) {
            calls.incrementAndGet();
            return super.multiGet(table, keys, columns);
          }
        };
    Items items = new Items(counting, false);
    assertEquals(List.of(2L, 4L, 6L, 8L), ids(items.byTag("red")));
    assertEquals(1, stateReads.get());
    int first = calls.get();
    int describedFirst = describes.get();
    calls.set(0);
    assertEquals(List.of(2L, 4L, 6L, 8L), ids(items.byTag("red")));
    assertEquals(first - describedFirst - 1, calls.get(), "the second read: the read's calls only");
    IndexTable byTag = items.tables().index("by_tag").orElseThrow();
    assertEquals(4, items.countIndex(byTag, red()));
    assertTrue(items.existsIndex(byTag, red()));
    assertEquals(1, stateReads.get(), "no state read once found built");
    assertEquals(describedFirst, describes.get(), "no table lookup once found built");
  }

  // ------------------------------------------------------------------ a time-sharded entity

  static final Instant JAN = Instant.parse("2026-01-01T00:00:00Z");
  static final Instant FEB = Instant.parse("2026-02-01T00:00:00Z");
  static final Instant MAR = Instant.parse("2026-03-01T00:00:00Z");

  static final class Tickets extends TimeShardedRepository<Ticket, TicketRepository> {
    Tickets(WideTableStore store, EntityTables tables) {
      super(store, tables, ShardPeriod.MONTH, 3, 1, "at", t -> new TicketRepository(store, t));
      allowingBackfill(
          Instant.parse("2025-01-01T00:00:00Z"), Instant.parse("2027-01-01T00:00:00Z"));
      withFenceSettle(Duration.ofMillis(1));
    }

    @Override
    protected Instant shardOf(Ticket t) {
      return t.at();
    }

    List<Long> byTag(String tag, Instant from, Instant to) {
      try (Stream<Ticket> s =
          scanIndex("by_tag", KeyRanges.leading(List.of(PkValue.ofString(tag)), 2), from, to)) {
        return s.map(Ticket::id).sorted().toList();
      }
    }
  }

  /**
   * A period created by the version without the index: before, a read over it failed with
   * TABLE_NOT_FOUND, and after createTables(time) silently missed the period's rows.
   */
  @Test
  void aPeriodCreatedWithoutTheIndexIsRefusedUntilBuilt() {
    Tickets v1 = new Tickets(store, EntityTables.of(TimeShardedIndexTest.HOT));
    v1.put(new Ticket(1, JAN.plusSeconds(60), "red"));
    v1.put(new Ticket(2, JAN.plusSeconds(120), "blue"));
    Tickets v2 = new Tickets(store, TimeShardedIndexTest.TABLES);
    v2.put(new Ticket(3, FEB.plusSeconds(60), "red")); // a period the new version created

    IndexNotBuiltException missing =
        assertThrows(IndexNotBuiltException.class, () -> v2.byTag("red", JAN, MAR));
    assertEquals("tickets_by_tag_2026_01", missing.table());
    assertTrue(missing.getMessage().contains("createTables"), missing.getMessage());
    assertEquals(List.of(3L), v2.byTag("red", FEB, MAR), "a period with its index reads");

    v2.createTables(JAN);
    assertThrows(IndexNotBuiltException.class, () -> v2.byTag("red", JAN, MAR));

    IndexBuildResult r = v2.buildIndexes(JAN, MAR);
    assertEquals(3, r.rowsScanned());
    assertEquals(2, r.indexRowsWritten());
    assertEquals(1, r.alreadyIndexed());
    assertEquals(List.of(1L, 3L), v2.byTag("red", JAN, MAR));
    assertEquals(
        List.of(1L, 3L), new Tickets(store, TimeShardedIndexTest.TABLES).byTag("red", JAN, MAR));
  }

  @Test
  void onePeriodIsBuiltThroughItsRepository() {
    Tickets v1 = new Tickets(store, EntityTables.of(TimeShardedIndexTest.HOT));
    v1.put(new Ticket(1, JAN.plusSeconds(60), "red"));
    Tickets v2 = new Tickets(store, TimeShardedIndexTest.TABLES);
    IndexBuildResult r = v2.periodRepository(JAN).buildIndexes();
    assertEquals(List.of("tickets_by_tag_2026_01"), r.indexes());
    assertEquals(List.of(1L), v2.byTag("red", JAN, FEB));
  }
}
