package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.ShardPeriod;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.key.KeyRanges;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A time-sharded entity with an index: each period has its own index table (the entity's index
 * table renamed, as every role is), so retention drops it with the period, a foreign table under
 * its name makes the period foreign, and an index table left by an interrupted drop is dropped by
 * the next run.
 */
class TimeShardedIndexTest {
  static final Instant JAN = Instant.parse("2026-01-01T00:00:00Z");
  static final Instant FEB = Instant.parse("2026-02-01T00:00:00Z");
  static final Instant MAY = Instant.parse("2026-05-01T00:00:00Z");
  static final Instant JUN = Instant.parse("2026-06-15T00:00:00Z");
  static final Instant JUL = Instant.parse("2026-07-01T00:00:00Z");

  private final EmbeddedStore store = EmbeddedStore.inMemory();

  @AfterEach
  void close() {
    store.close();
  }

  record Ticket(long id, Instant at, String tag) {}

  static final TableSpec HOT = TestRows.table("tickets", 100, 1);
  static final IndexTable BY_TAG =
      new IndexTable(
          "by_tag",
          new TableSpec(
              "tickets_by_tag", IndexTable.layout(List.of(new PkColumn("tag", PkType.STRING)))));
  static final EntityTables TABLES = EntityTables.of(HOT).withIndex(BY_TAG);

  static final class TicketRepository extends SplitTableRepository<Ticket> {
    TicketRepository(WideTableStore store, EntityTables tables) {
      super(store, tables, List.of(), null);
    }

    @Override
    protected PrimaryKey keyOf(Ticket t) {
      return TestRows.key(t.id());
    }

    @Override
    protected Map<String, AttrValue> hotColumns(Ticket t) {
      Map<String, AttrValue> columns = new LinkedHashMap<>();
      columns.put("at", AttrValue.ofInteger(t.at().toEpochMilli()));
      if (t.tag() != null) {
        columns.put("tag", AttrValue.ofString(t.tag()));
      }
      return columns;
    }

    @Override
    protected Map<String, AttrValue> coldColumns(Ticket t) {
      return Map.of();
    }

    @Override
    protected Ticket toEntity(PrimaryKey key, Row hot, Row cold) {
      return new Ticket(
          key.get(0).asLong(),
          Instant.ofEpochMilli(Columns.getLong(hot, "at")),
          Columns.getString(hot, "tag"));
    }

    @Override
    protected List<PkValue> indexValues(IndexTable index, Ticket t) {
      return t.tag() == null ? null : List.of(PkValue.ofString(t.tag()));
    }
  }

  static final class TicketShardedRepository
      extends TimeShardedRepository<Ticket, TicketRepository> {
    TicketShardedRepository(WideTableStore store) {
      super(store, TABLES, ShardPeriod.MONTH, 3, 1, "at", t -> new TicketRepository(store, t));
      allowingBackfill(
          Instant.parse("2025-01-01T00:00:00Z"), Instant.parse("2027-01-01T00:00:00Z"));
      withFenceSettle(Duration.ofMillis(1));
    }

    @Override
    protected Instant shardOf(Ticket t) {
      return t.at();
    }

    Stream<Ticket> byTag(String tag, Instant from, Instant to) {
      return scanIndex("by_tag", KeyRanges.leading(List.of(PkValue.ofString(tag)), 2), from, to);
    }

    Stream<Ticket> byTagDescending(String tag, Instant from, Instant to) {
      return scanIndex(
          "by_tag", KeyRanges.leading(List.of(PkValue.ofString(tag)), 2).backward(), from, to);
    }
  }

  private final TicketShardedRepository tickets = new TicketShardedRepository(store);

  private boolean exists(String table) {
    return store.listTables(table).contains(table);
  }

  /**
   * Adversary: a fence settle longer than System.nanoTime counts (ChronoUnit.FOREVER). It used to
   * be accepted and then fail writes with an ArithmeticException after they were stored; it is
   * refused where it is set, naming the setting, and the repository keeps its settle.
   */
  @Test
  void aFenceSettleLongerThanTheClockCountsIsRefusedWhereItIsSet() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> tickets.withFenceSettle(java.time.temporal.ChronoUnit.FOREVER.getDuration()));
    assertTrue(e.getMessage().contains("fence settle"), e::getMessage);

    tickets.put(new Ticket(1, JAN.plusSeconds(60), "red"));
    assertEquals(1, tickets.byTag("red", JAN, FEB).count());
  }

  /**
   * Adversary: fences kept for ever (ChronoUnit.FOREVER), so that no writer ever writes to an
   * archived period. Retention used to fail with an overflow (Instant arithmetic, toMillis); it
   * runs, drops the expired periods and keeps their fences.
   */
  @Test
  void fencesKeptForeverDoNotOverflowRetention() {
    tickets.withFenceKeep(java.time.temporal.ChronoUnit.FOREVER.getDuration());
    tickets.put(new Ticket(1, JAN.plusSeconds(60), "red"));

    List<String> dropped = tickets.enforceRetention(JUN);

    assertTrue(dropped.contains("tickets_2026_01"), "dropped " + dropped);
    assertThrows(
        PeriodFencedException.class, () -> tickets.put(new Ticket(2, JAN.plusSeconds(90), "red")));
  }

  /** Adversary: a retention run over a period whose entities are indexed. */
  @Test
  void retentionDropsThePeriodsIndexTablesWithItsHotTable() {
    tickets.put(new Ticket(1, JAN.plusSeconds(60), "red"));
    tickets.put(new Ticket(2, FEB.plusSeconds(60), "red"));
    assertTrue(exists("tickets_by_tag_2026_01"));
    try (Stream<Ticket> red = tickets.byTag("red", JAN, JUN)) {
      assertEquals(List.of(1L, 2L), red.map(Ticket::id).toList());
    }

    List<String> dropped = tickets.enforceRetention(JUN);
    assertTrue(dropped.contains("tickets_by_tag_2026_01"), "dropped " + dropped);
    assertEquals("tickets_2026_01", dropped.get(0), "the commit point first: " + dropped);
    assertFalse(exists("tickets_by_tag_2026_01"), "an expired period's index table is dropped");
    assertFalse(exists("tickets_by_tag_2026_02"));
  }

  /** Adversary: a retention run stopped after the hot table, before the index table. */
  @Test
  void theNextRunDropsAnIndexTableAnInterruptedRunLeft() {
    tickets.put(new Ticket(1, JAN.plusSeconds(60), "red"));
    store.deleteTable("tickets_2026_01"); // the run stopped here
    tickets.enforceRetention(JUN);
    assertFalse(exists("tickets_by_tag_2026_01"));
  }

  /**
   * Adversary: a second application whose table is named like a period's index table, with another
   * key. Its period is foreign: listed, neither written, read, nor dropped.
   */
  @Test
  void aForeignTableNamedLikeAPeriodsIndexTableMakesThePeriodForeign() {
    TableSpec other =
        new TableSpec("tickets_by_tag_2026_02", List.of(new PkColumn("n", PkType.INTEGER)));
    store.createTable(other);
    tickets.put(new Ticket(1, JAN.plusSeconds(60), "red"));

    assertEquals(
        List.of("tickets_by_tag_2026_02"),
        tickets.foreignTables().stream().map(TimeShardedRepository.ForeignTable::table).toList());
    StoreException refused =
        assertThrows(
            StoreException.class, () -> tickets.put(new Ticket(2, FEB.plusSeconds(1), "red")));
    assertEquals(ErrorKind.TABLE_EXISTS, refused.kind());
    assertFalse(exists("tickets_2026_02"), "nothing of the period is created");

    tickets.enforceRetention(JUN);
    assertFalse(exists("tickets_by_tag_2026_01"));
    assertEquals(
        other.primaryKey(),
        store.describeTable("tickets_by_tag_2026_02").orElseThrow().primaryKey(),
        "another's table is left alone");
  }

  /**
   * Adversary: a retention run dropping a period while a read through the index is reading it. As
   * every window read, the dropped period reads as empty from there on and the read goes on with
   * the other periods, rather than failing with the dropped table.
   */
  @Test
  void anIndexReadGoesOnWithTheOtherPeriodsWhenRetentionDropsOne() {
    List<Ticket> jan = new ArrayList<>();
    for (long id = 0; id < 200; id++) {
      jan.add(new Ticket(id, JAN.plusSeconds(60 + id), "red"));
    }
    tickets.putAll(jan);
    List<Long> may = List.of(1_000L, 1_001L, 1_002L);
    for (long id : may) {
      tickets.put(new Ticket(id, MAY.plusSeconds(id), "red"));
    }
    List<Long> read = new ArrayList<>();
    try (Stream<Ticket> red = tickets.byTag("red", JAN, JUL)) {
      Iterator<Ticket> it = red.iterator();
      read.add(it.next().id());
      assertTrue(tickets.enforceRetention(JUN).contains("tickets_2026_01"));
      it.forEachRemaining(t -> read.add(t.id()));
    }
    assertTrue(read.containsAll(may), "read " + read);
    assertEquals(read.stream().distinct().sorted().toList(), read, "in index order, once each");
  }

  /**
   * A period's index table missing under its hot table is no retention drop: the read fails, typed,
   * naming the index table and the fix (a period created by a version without the index).
   */
  @Test
  void anIndexTableMissingBesideItsHotTableFailsTheRead() {
    tickets.put(new Ticket(1, JAN.plusSeconds(60), "red"));
    store.deleteTable("tickets_by_tag_2026_01");
    StoreException e =
        assertThrows(
            StoreException.class,
            () -> {
              try (Stream<Ticket> red = tickets.byTag("red", JAN, JUL)) {
                red.toList();
              }
            });
    assertTrue(e instanceof IndexNotBuiltException, e.toString());
    assertEquals("tickets_by_tag_2026_01", ((IndexNotBuiltException) e).table());
  }

  /**
   * Adversary: a second application rewrites a January row's shard value to May. A window read
   * through the index, as a window scan, refuses it as CORRUPT_DATA rather than filing it under May
   * (or leaving it out silently where the window misses May).
   */
  @Test
  void anIndexReadRefusesARowWhoseShardValueLiesOutsideItsPeriod() {
    tickets.put(new Ticket(1, JAN.plusSeconds(60), "red"));
    Row hot =
        store
            .get(
                "tickets_2026_01", TestRows.key(1), dev.widekey.runtime.store.ColumnSelection.all())
            .orElseThrow();
    Map<String, AttrValue> forged = new java.util.HashMap<>(hot.columns());
    forged.put("at", AttrValue.ofInteger(MAY.plusSeconds(5).toEpochMilli()));
    store.put("tickets_2026_01", Row.of(hot.key(), forged));
    for (Instant[] window : new Instant[][] {{JAN, JUL}, {JAN, FEB}}) {
      StoreException e =
          assertThrows(
              StoreException.class,
              () -> {
                try (Stream<Ticket> red = tickets.byTag("red", window[0], window[1])) {
                  red.toList();
                }
              });
      assertEquals(ErrorKind.CORRUPT_DATA, e.kind());
      assertTrue(e.getMessage().contains("tickets_2026_01"), e.getMessage());
    }
  }

  /**
   * The same key stored in two periods (the shard field is an attribute) at the same indexed value:
   * a descending read through the index is the ascending one reversed, latest period first, as a
   * descending window scan returns such a key.
   */
  @Test
  void aDescendingIndexReadIsTheAscendingOneReversedAcrossPeriods() {
    for (long id = 1; id <= 3; id++) {
      tickets.put(new Ticket(id, JAN.plusSeconds(id), "red"));
      tickets.put(new Ticket(id, FEB.plusSeconds(id), "red"));
    }
    List<Ticket> up;
    try (Stream<Ticket> red = tickets.byTag("red", JAN, JUL)) {
      up = red.toList();
    }
    List<Ticket> down;
    try (Stream<Ticket> red = tickets.byTagDescending("red", JAN, JUL)) {
      down = new ArrayList<>(red.toList());
    }
    assertEquals(6, up.size(), up.toString());
    java.util.Collections.reverse(down);
    assertEquals(up, down);
    List<Ticket> scanned;
    try (Stream<Ticket> all = tickets.scanBetweenDescending(JAN, JUL)) {
      scanned = all.toList();
    }
    try (Stream<Ticket> red = tickets.byTagDescending("red", JAN, JUL)) {
      assertEquals(scanned, red.toList(), "as the descending window scan orders them");
    }
  }
}
