package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.TimeShardedViewCacheTest.Event;
import dev.widekey.runtime.repository.TimeShardedViewCacheTest.EventShardedRepository;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A table named like a period table that the store cannot describe as a widekey table (on HBase,
 * one created by other means: {@code describeTable} fails with {@code INVALID_REQUEST}) is foreign:
 * listed by {@code foreignTables}, never read or dropped.
 */
class TimeShardedUndescribableTableTest {
  @Test
  void aTableTheStoreCannotDescribeIsLeftAlone() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      String other = "events_2026_01_02";
      embedded.createTable(TestRows.table(other, 100, 1));
      ForwardingStore store =
          new ForwardingStore(embedded) {
            @Override
            public Optional<TableSpec> describeTable(String table) {
              if (table.equals(other)) {
                throw new StoreException(
                    ErrorKind.INVALID_REQUEST, table + " was not created by widekey");
              }
              return super.describeTable(table);
            }
          };
      EventShardedRepository events = new EventShardedRepository(store);
      events.allowingBackfill(
          Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2027-01-01T00:00:00Z"));
      Event own = new Event(1, Instant.parse("2026-01-03T10:00:00Z"));
      events.put(own);

      assertEquals(1, events.foreignTables().size());
      assertEquals(other, events.foreignTables().get(0).table());
      assertTrue(
          events.foreignTables().get(0).reason().contains("not created by widekey"),
          events.foreignTables().get(0).reason());
      assertEquals(List.of("events_2026_01_03"), events.periodTables());
      try (Stream<Event> all = events.scanBetween(Instant.MIN, Instant.MAX)) {
        assertEquals(List.of(own), all.toList());
      }
      assertEquals(Optional.empty(), events.get(1, Instant.parse("2026-01-02T10:00:00Z")));
      assertEquals(
          List.of("events_2026_01_03"),
          events.enforceRetention(Instant.parse("2026-03-01T00:00:00Z")));
      assertTrue(embedded.describeTable(other).isPresent());
    }
  }
}
