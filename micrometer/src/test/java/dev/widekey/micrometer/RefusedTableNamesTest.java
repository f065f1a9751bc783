package dev.widekey.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Table names the store refuses (made up by a caller: TABLE_NOT_FOUND) or does not know ({@code
 * describeTable} finds nothing) take none of the {@code maxTables} table tags: a real table used
 * later still gets its own.
 */
class RefusedTableNamesTest {
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private EmbeddedStore embedded;
  private WideTableStore store;

  @BeforeEach
  void open() {
    embedded = EmbeddedStore.inMemory();
    store = MeteredStore.builder(registry).maxTables(3).wrap(embedded);
  }

  @AfterEach
  void close() {
    embedded.close();
  }

  private Set<String> collections() {
    return registry.getMeters().stream()
        .map(Meter::getId)
        .map(id -> id.getTag("db.collection.name"))
        .filter(c -> c != null)
        .collect(Collectors.toSet());
  }

  private static void refused(Runnable call) {
    StoreException e = assertThrows(StoreException.class, call::run);
    assertEquals(ErrorKind.TABLE_NOT_FOUND, e.kind(), e::toString);
  }

  @Test
  void madeUpNamesLeaveTheTagsToRealTables() {
    for (int i = 0; i < 20; i++) {
      String name = "made_up_" + i;
      assertTrue(store.describeTable(name).isEmpty());
      refused(() -> store.get(name, Rows.key(1), ColumnSelection.all()));
      refused(() -> store.put(name, Rows.row(1, 1)));
      refused(() -> store.delete(name, Rows.key(1)));
      refused(
          () -> {
            try (Stream<?> rows = store.scan(name, ScanRange.all(1))) {
              rows.count();
            }
          });
      store.batchWrite(List.of(WriteOp.put(name, Rows.row(1, 1))));
    }
    store.createTable(Rows.table("orders", 100, 1));
    store.put("orders", Rows.row(1, 1));
    assertTrue(store.get("orders", Rows.key(1), ColumnSelection.all()).isPresent());

    Set<String> tags = collections();
    assertTrue(tags.contains("orders"), tags::toString);
    assertTrue(
        tags.stream().noneMatch(c -> c.startsWith("made_up")),
        "refused names are no tags: " + tags);
    assertEquals(
        20,
        registry
            .find("widekey.store.failures")
            .tags(
                "db.collection.name",
                "_unknown",
                "db.operation.name",
                "get",
                "error.type",
                "TABLE_NOT_FOUND")
            .counter()
            .count(),
        "the refused calls still count");
  }

  @Test
  void aTableTheStoreAnsweredForKeepsItsTagWhenItsCallsFailLater() {
    store.createTable(Rows.table("orders", 100, 1));
    store.put("orders", Rows.row(1, 1));
    embedded.deleteTable("orders");
    refused(() -> store.put("orders", Rows.row(2, 1)));
    assertEquals(
        1,
        registry
            .find("widekey.store.failures")
            .tags("db.collection.name", "orders", "error.type", "TABLE_NOT_FOUND")
            .counter()
            .count());
  }
}
