package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.Tagged.Item;
import dev.widekey.runtime.repository.Tagged.Items;
import dev.widekey.runtime.repository.TimeShardedIndexTest.Ticket;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code withRememberedCommitPoints}: how many commit points a repository remembers decides how
 * many rewrites read their commit point first, on a store that does not compute rows (a networked
 * one, as a {@link ForwardingStore} over the embedded store is); never what the writes store.
 */
class RememberedCommitPointsSettingTest {
  private static final int ENTITIES = 200;

  private final EmbeddedStore embedded = EmbeddedStore.inMemory();

  /** Counts reads of the hot table: a commit point read before a write. */
  private final AtomicInteger hotReads = new AtomicInteger();

  private final ForwardingStore networked =
      new ForwardingStore(embedded) {
        @Override
        public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
          if (isHot(table)) {
            hotReads.incrementAndGet();
          }
          return super.get(table, key, columns);
        }

        @Override
        public List<Optional<Row>> multiGet(
            String table, List<PrimaryKey> keys, ColumnSelection columns) {
          if (isHot(table)) {
            hotReads.addAndGet(keys.size());
          }
          return super.multiGet(table, keys, columns);
        }
      };

  /** The hot table of {@link Tagged}, or one of {@link TimeShardedIndexTest}'s periods. */
  private static boolean isHot(String table) {
    return table.equals(Tagged.HOT) || table.matches("tickets_\\d{4}_\\d{2}");
  }

  @AfterEach
  void close() {
    embedded.close();
  }

  /** Writes every entity once with tag {@code tag}; the hot-table reads it took. */
  private int writeAll(Items items, String tag) {
    hotReads.set(0);
    for (int i = 0; i < ENTITIES; i++) {
      items.put(new Item(i, i % 2 == 0 ? tag : "fixed", "note " + tag, "body " + tag));
    }
    return hotReads.get();
  }

  private static Item withCold(Items items, long id) {
    return items.find(TestRows.key(id), true).orElseThrow();
  }

  private static List<Long> idsByTag(Items items, String tag) {
    return items.byTag(tag).map(Item::id).sorted().collect(Collectors.toList());
  }

  @Test
  void aRepositoryRemembersAsManyCommitPointsAsItIsToldAndNoneWithZero() {
    Items items = new Items(networked, true);
    items.createTables();
    writeAll(items, "a");

    assertEquals(0, writeAll(items, "b"), "the default remembers every one of 200 written");

    items.withRememberedCommitPoints(0);
    assertEquals(ENTITIES, writeAll(items, "c"), "none remembered: each rewrite reads first");
    assertEquals(ENTITIES, writeAll(items, "d"), "and still none");

    items.withRememberedCommitPoints(150);
    int reads = writeAll(items, "e");
    assertEquals(ENTITIES, reads, "a new capacity starts from nothing remembered");
    reads = writeAll(items, "f");
    // a cycle over 200 with 150 remembered, evicted at random, reads about 85 (63 to 104 in
    // 20,000 simulated cycles); at least the 50 never remembered
    assertTrue(reads >= ENTITIES - 150 && reads < 150, "150 remembered of 200: " + reads);

    items.withRememberedCommitPoints(ENTITIES);
    writeAll(items, "g");
    assertEquals(0, writeAll(items, "h"), "a capacity of the working set: no read");

    // whatever was remembered, the stored entities and the index are exact
    List<Long> even = idsByTag(items, "h");
    assertEquals(ENTITIES / 2, even.size());
    assertEquals(ENTITIES / 2, idsByTag(items, "fixed").size());
    assertEquals(List.of(), idsByTag(items, "g"), "every moved index row deleted");
    items.flushDeletes();
    for (long id : List.of(0L, 1L, 199L)) {
      Item read = withCold(items, id);
      assertEquals("note h", read.note());
      assertEquals("body h", read.body());
    }
  }

  @Test
  void aCommitPointRememberedByNoOneIsReadAndAStaleOneFailsOverToARead() {
    Items first = new Items(networked, true);
    first.withRememberedCommitPoints(0);
    first.createTables();
    Items second = new Items(networked, true);
    writeAll(first, "a");
    writeAll(second, "b"); // remembers all of them
    writeAll(first, "c"); // moves every commit point on, behind the second's back
    writeAll(second, "d"); // each compare-and-set on a stale tag fails, reads and commits
    assertEquals(List.of(), idsByTag(second, "c"));
    assertEquals(ENTITIES / 2, idsByTag(first, "d").size());
    assertEquals("body d", withCold(first, 42).body());
  }

  @Test
  void aTimeShardedRepositorySetsThePeriodsItHoldsAndThoseItOpensLater() {
    var tickets = new TimeShardedIndexTest.TicketShardedRepository(networked);
    Instant jan = TimeShardedIndexTest.JAN;
    Instant feb = TimeShardedIndexTest.FEB;
    tickets.put(new Ticket(1, jan, "red")); // January's repository exists from here
    hotReads.set(0);
    tickets.put(new Ticket(1, jan, "blue"));
    assertEquals(0, hotReads.get(), "remembered by default");

    tickets.withRememberedCommitPoints(0);
    tickets.put(new Ticket(1, jan, "green"));
    tickets.put(new Ticket(1, jan, "red"));
    assertEquals(2, hotReads.get(), "January's repository, held before the call, remembers none");

    hotReads.set(0);
    tickets.put(new Ticket(2, feb, "red")); // February's repository opens after the call
    tickets.put(new Ticket(2, feb, "blue"));
    assertEquals(2, hotReads.get(), "February's repository, opened after the call, remembers none");
    try (Stream<Ticket> blue = tickets.byTag("blue", jan, TimeShardedIndexTest.MAY)) {
      assertEquals(List.of(2L), blue.map(Ticket::id).toList());
    }
    assertThrows(IllegalArgumentException.class, () -> tickets.withRememberedCommitPoints(-5));
  }

  @Test
  void aNegativeCapacityIsRefusedNamingTheTable() {
    Items items = new Items(networked, true);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> items.withRememberedCommitPoints(-1));
    assertEquals(
        "the commit points remembered for table items cannot be -1: give 0 (none) or more",
        e.getMessage());
  }
}
