package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.widekey.runtime.repository.Tagged.Item;
import dev.widekey.runtime.repository.Tagged.Items;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A write that keeps an indexed value proves so from the hot columns the index's values come from
 * ({@link IndexTable#valueColumns()}), without building the stored entity. The proof must decide
 * exactly as the entity does: the same random writes through an index whose value columns are known
 * and through the same index without them leave the same index (values and hot keys; the tags are
 * each write's own), read back the same, with no row left over, and the known columns spare the
 * writes one entity build for each put that keeps its value.
 */
class KeptIndexRowsTest {
  private static final List<String> TAGS = List.of("red", "green", "blue");

  /** Items that count the entities they build from stored rows. */
  private static final class CountingItems extends Items {
    int built;

    CountingItems(WideTableStore store, IndexTable index, boolean cold) {
      super(store, KeptIndexRowsTest.tables(index, cold));
    }

    @Override
    protected Item toEntity(PrimaryKey key, Row hot, Row cold) {
      built++;
      return super.toEntity(key, hot, cold);
    }
  }

  private static EntityTables tables(IndexTable index, boolean cold) {
    TableSpec hot = TestRows.table(Tagged.HOT, 100, 1);
    return (cold
            ? EntityTables.of(hot, ColdRows.tableSpec(Tagged.COLD, hot))
            : EntityTables.of(hot))
        .withIndex(index);
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void theColumnsDecideAsTheStoredEntityDoesOnRandomWrites(boolean cold) {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    try (EmbeddedStore known = EmbeddedStore.inMemory();
        EmbeddedStore unknown = EmbeddedStore.inMemory()) {
      CountingItems byColumns = new CountingItems(known, Tagged.BY_TAG, cold);
      CountingItems byEntity = new CountingItems(unknown, Tagged.BY_TAG_VALUES_UNKNOWN, cold);
      byColumns.createTables();
      byEntity.createTables();
      java.util.Map<Long, String> stored = new java.util.HashMap<>(); // id to tag, null: none
      int kept = 0;
      for (int op = 0; op < 2_000; op++) {
        long id = random.nextInt(12);
        if (random.nextInt(8) == 0) {
          byColumns.delete(id);
          byEntity.delete(id);
          stored.remove(id);
          continue;
        }
        // mostly kept values, some moves, some without a value (no index row)
        String tag =
            random.nextInt(10) == 0 ? null : TAGS.get(random.nextInt(random.nextInt(3) + 1));
        String note = random.nextBoolean() ? null : "n" + random.nextInt(5);
        String body = cold && random.nextBoolean() ? "b" + op : null;
        Item item = new Item(id, tag, note, body);
        byColumns.put(item);
        byEntity.put(item);
        if (tag != null && tag.equals(stored.get(id))) {
          kept++;
        }
        stored.put(id, tag);
      }
      // a kept value is proved from the columns; a moved one, a delete, a read build as before
      assertEquals(
          byEntity.built - kept,
          byColumns.built,
          "entities built from stored rows (" + kept + " puts kept their value), seed " + seed);
      String where = "seed " + seed;
      assertEquals(indexPositions(unknown), indexPositions(known), where);
      for (String tag : TAGS) {
        assertEquals(ids(byEntity.byTag(tag)), ids(byColumns.byTag(tag)), tag + ", " + where);
      }
      long indexed;
      try (Stream<Item> all = byColumns.all()) {
        indexed = all.filter(i -> i.tag() != null).count();
      }
      assertEquals(indexed, indexPositions(known).size(), "one index row an entity, " + where);
    }
  }

  /** Each index row's indexed values and the hot key its ref names, in index order. */
  private static List<List<PkValue>> indexPositions(WideTableStore store) {
    List<List<PkValue>> positions = new ArrayList<>();
    try (Stream<Row> rows = store.scan(Tagged.BY_TAG.table().name(), ScanRange.all(2))) {
      rows.forEach(
          row -> {
            List<PkValue> position = new ArrayList<>(IndexRows.values(row.key()));
            position.addAll(
                IndexRows.ref(
                        Tagged.BY_TAG, row.key(), TestRows.table(Tagged.HOT, 100, 1).primaryKey())
                    .hotKey()
                    .values());
            positions.add(position);
          });
    }
    return positions;
  }

  private static List<Long> ids(Stream<Item> items) {
    try (items) {
      return items.map(Item::id).toList();
    }
  }
}
