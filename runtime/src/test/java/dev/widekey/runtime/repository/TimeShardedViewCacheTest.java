package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.ShardPeriod;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A time-sharded repository's period views stay bounded whatever times callers pass: point reads of
 * many distinct days (most without a table) leave at most {@code viewCacheCapacity()} views.
 */
class TimeShardedViewCacheTest {
  /** A hand-written entity, one table per day of {@code at}. */
  record Event(long id, Instant at) {}

  static final class EventRepository extends SplitTableRepository<Event> {
    EventRepository(WideTableStore store, dev.widekey.runtime.store.TableSpec hot) {
      super(store, hot, null);
    }

    @Override
    protected PrimaryKey keyOf(Event event) {
      return TestRows.key(event.id());
    }

    @Override
    protected Map<String, AttrValue> hotColumns(Event event) {
      return Map.of("at", AttrValue.ofInteger(event.at().toEpochMilli()));
    }

    @Override
    protected Map<String, AttrValue> coldColumns(Event event) {
      return Map.of();
    }

    @Override
    protected Event toEntity(PrimaryKey key, Row hot, Row cold) {
      return new Event(key.get(0).asLong(), Instant.ofEpochMilli(Columns.getLong(hot, "at")));
    }
  }

  static final class EventShardedRepository extends TimeShardedRepository<Event, EventRepository> {
    EventShardedRepository(WideTableStore store) {
      super(
          store,
          EntityTables.of(TestRows.table("events", 100, 1)),
          ShardPeriod.DAY,
          7,
          1,
          "at",
          tables -> new EventRepository(store, tables.hot()));
    }

    @Override
    protected Instant shardOf(Event event) {
      return event.at();
    }

    Optional<Event> get(long id, Instant at) {
      return find(TestRows.key(id), at, false);
    }
  }

  private EmbeddedStore store;
  private EventShardedRepository events;

  @BeforeEach
  void open() {
    store = EmbeddedStore.inMemory();
    events = new EventShardedRepository(store);
    events.allowingBackfill(
        Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2027-01-01T00:00:00Z"));
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void pointReadsOfManyDistinctDaysKeepABoundedNumberOfViews() {
    Instant first = Instant.parse("2026-01-01T12:00:00Z");
    Event stored = new Event(1, first.plus(3, ChronoUnit.DAYS));
    events.put(stored);
    int days = 50_000; // about 137 years of days, one table among them
    for (int d = 0; d < days; d++) {
      events.get(1, first.plus(d, ChronoUnit.DAYS));
    }
    assertTrue(
        events.cachedViews() <= events.viewCacheCapacity(),
        events.cachedViews() + " views held, capacity " + events.viewCacheCapacity());
    assertTrue(events.viewCacheCapacity() < 100, "a few periods' worth");
    // the views used are still found, and a period read again works as before
    for (int d = 0; d < 2 * events.viewCacheCapacity(); d++) {
      events.periodRepository(first.minus(d, ChronoUnit.DAYS));
    }
    assertTrue(events.cachedViews() <= events.viewCacheCapacity());
    assertEquals(Optional.of(stored), events.get(1, stored.at()));
    assertEquals(Optional.empty(), events.get(1, first));
  }
}
