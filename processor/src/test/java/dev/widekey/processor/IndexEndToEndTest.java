package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.runtime.repository.EntityTables;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Generated index reads on the embedded store, end to end: puts (one that moves an indexed value),
 * reads through three indexes, a delete. Needs the runtime's index maintenance and verified reads
 * ({@code SplitTableRepository.scanIndex}); skipped on a runtime that does not have them yet.
 */
class IndexEndToEndTest {
  @Test
  void putThenReadThroughIndexes() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("IndexedOrder")));
    Class<?> type = loader.loadClass("good.IndexedOrder");
    var create =
        type.getConstructor(String.class, String.class, Instant.class, long.class, String.class);
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      SplitTableRepository<Object> repo = repository(loader, store);
      repo.put(create.newInstance("A", "CARD7", Instant.ofEpochMilli(100), 5L, "a"));
      repo.put(create.newInstance("B", "CARD7", Instant.ofEpochMilli(200), 6L, "b"));
      repo.put(create.newInstance("C", "CARD70", Instant.ofEpochMilli(150), 7L, "c"));
      repo.put(create.newInstance("A", "CARD6", Instant.ofEpochMilli(100), 5L, "a2")); // moves A
      Object byCard = repo.getClass().getMethod("byCard").invoke(repo);
      try (Stream<?> s =
          (Stream<?>)
              byCard.getClass().getMethod("scanByCardId", String.class).invoke(byCard, "CARD7")) {
        List<Object> names = s.map(o -> invoke(type, o, "customer")).toList();
        assertThat(names).containsExactly("B");
      }
      Object byTime = repo.getClass().getMethod("byTime").invoke(repo);
      try (Stream<?> s =
          (Stream<?>)
              byTime
                  .getClass()
                  .getMethod("scanByPlacedAt", Instant.class)
                  .invoke(byTime, Instant.ofEpochMilli(100))) {
        assertThat(s.map(o -> invoke(type, o, "customer")).toList()).containsExactly("A");
      }
      Object byAmount = repo.getClass().getMethod("byAmount").invoke(repo);
      try (Stream<?> s =
          (Stream<?>)
              byAmount
                  .getClass()
                  .getMethod("scanByCardIdAndAmountBetween", String.class, long.class, long.class)
                  .invoke(byAmount, "CARD7", 0L, 10L)) {
        assertThat(s.map(o -> invoke(type, o, "customer")).toList()).containsExactly("B");
      }
      repo.getClass().getMethod("delete", String.class).invoke(repo, "B");
      try (Stream<?> s =
          (Stream<?>)
              byCard.getClass().getMethod("scanByCardId", String.class).invoke(byCard, "CARD7")) {
        assertThat(s.toList()).isEmpty();
      }
    }
  }

  /**
   * A value an index key cannot hold (a negative amount in the unsigned {@code @Padded} column of
   * {@code by_amount}) is refused before anything is written: a new entity leaves every table
   * empty, and an entity moved to such a value keeps its stored rows, read through every index as
   * before.
   */
  @Test
  void aPutWhoseIndexValueIsRefusedWritesNothing() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("IndexedOrder")));
    Class<?> type = loader.loadClass("good.IndexedOrder");
    var create =
        type.getConstructor(String.class, String.class, Instant.class, long.class, String.class);
    EntityTables tables =
        (EntityTables) loader.loadClass("good.IndexedOrderTable").getField("TABLES").get(null);
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      SplitTableRepository<Object> repo = repository(loader, store);

      InvalidKeyException refused =
          assertThrows(
              InvalidKeyException.class,
              () ->
                  repo.put(create.newInstance("A", "CARD7", Instant.ofEpochMilli(100), -5L, "a")));
      assertThat(refused.rule()).isEqualTo("WK104");
      assertThat(refused).hasMessageThat().contains("amount");
      rowCounts(store, tables)
          .forEach((table, rows) -> assertWithMessage(table).that(rows).isEqualTo(0));

      repo.put(create.newInstance("B", "CARD7", Instant.ofEpochMilli(200), 6L, "b"));
      Map<String, Long> before = rowCounts(store, tables);
      assertThrows(
          InvalidKeyException.class,
          () -> repo.put(create.newInstance("B", "CARD8", Instant.ofEpochMilli(300), -1L, "b2")));
      assertThat(rowCounts(store, tables)).isEqualTo(before);
      Object byCard = repo.getClass().getMethod("byCard").invoke(repo);
      try (Stream<?> s =
          (Stream<?>)
              byCard.getClass().getMethod("scanByCardId", String.class).invoke(byCard, "CARD7")) {
        assertThat(s.map(o -> invoke(type, o, "note")).toList()).containsExactly("b");
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static SplitTableRepository<Object> repository(ClassLoader loader, WideTableStore store)
      throws Exception {
    SplitTableRepository<Object> repo =
        (SplitTableRepository<Object>)
            loader
                .loadClass("good.IndexedOrderRepository")
                .getConstructor(WideTableStore.class)
                .newInstance(store);
    repo.createTables();
    return repo;
  }

  /** The rows each of the entity's tables holds, by table name. */
  private static Map<String, Long> rowCounts(WideTableStore store, EntityTables tables) {
    Map<String, Long> counts = new LinkedHashMap<>();
    for (TableSpec t : tables.creationOrder()) {
      try (Stream<?> rows = store.scan(t.name(), ScanRange.all(t.primaryKey().size()))) {
        counts.put(t.name(), rows.count());
      }
    }
    return counts;
  }

  private static Object invoke(Class<?> type, Object target, String accessor) {
    try {
      return type.getMethod(accessor).invoke(target);
    } catch (ReflectiveOperationException e) {
      throw new RuntimeException(e);
    }
  }
}
