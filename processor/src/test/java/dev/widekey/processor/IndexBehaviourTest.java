package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.repository.EntityTables;
import dev.widekey.runtime.repository.IndexTable;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.codec.digest.DigestUtils;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the generated index code does, on {@code good/IndexedOrder}: the index tables in {@code
 * IndexedOrderTable.TABLES}, the index key values of an entity (encoded as a primary key's), and
 * ranges that hold exactly the index rows of the values they fix, whatever base key follows.
 */
class IndexBehaviourTest {
  private static GeneratedClassLoader loader;
  private static Class<?> type;

  @BeforeAll
  static void compileOnce() throws Exception {
    loader = new GeneratedClassLoader(compile(good("IndexedOrder")));
    type = loader.loadClass("good.IndexedOrder");
  }

  private static Object order(String customer, String cardId, long placedAt, long amount)
      throws Exception {
    return type.getConstructor(String.class, String.class, Instant.class, long.class, String.class)
        .newInstance(customer, cardId, Instant.ofEpochMilli(placedAt), amount, "n-" + customer);
  }

  private static Class<?> keys(String index) throws Exception {
    return loader.loadClass("good.IndexedOrderKeys$" + index);
  }

  @SuppressWarnings("unchecked")
  private static List<PkValue> values(String index, Object entity) throws Exception {
    try {
      return (List<PkValue>) keys(index).getMethod("values", type).invoke(null, entity);
    } catch (InvocationTargetException e) {
      throw (Exception) e.getCause();
    }
  }

  @Test
  void theTablesListEveryIndexWithItsKeyLayout() throws Exception {
    Class<?> table = loader.loadClass("good.IndexedOrderTable");
    EntityTables tables = (EntityTables) table.getField("TABLES").get(null);
    TableSpec hot = tables.hot();

    assertThat(tables.indexes().stream().map(IndexTable::name).toList())
        .containsExactly("by_card", "by_time", "by_amount", "by_note")
        .inOrder();
    IndexTable byCard = tables.index("by_card").orElseThrow();
    assertThat(byCard).isSameInstanceAs(table.getField("INDEX_BY_CARD").get(null));
    assertThat(byCard.table().name()).isEqualTo("indexed_orders_by_card");
    assertThat(byCard.table().primaryKey())
        .containsExactly(
            new PkColumn("cardId", PkType.STRING),
            new PkColumn("placedAt", PkType.INTEGER),
            IndexTable.refColumn())
        .inOrder();
    assertThat(byCard.indexColumns()).isEqualTo(2);
    assertThat(byCard.table().splitPoints()).isEmpty();
    // index rows live as long as the rows they index, on the same service
    for (IndexTable index : tables.indexes()) {
      assertThat(index.table().ttlSeconds()).isEqualTo(hot.ttlSeconds());
      assertThat(index.table().profile()).isEqualTo(hot.profile());
    }
    // a hash-prefixed index is pre-split as a hash-prefixed table is: 10 partitions on Tablestore
    IndexTable byTime = tables.index("by_time").orElseThrow();
    assertThat(byTime.table().primaryKey())
        .containsExactly(new PkColumn("placedAt", PkType.STRING), IndexTable.refColumn())
        .inOrder();
    assertThat(byTime.table().splitPoints()).hasSize(9);
    // created with the entity's other tables
    assertThat(tables.creationOrder().stream().map(TableSpec::name).toList())
        .containsAtLeast(
            "indexed_orders",
            "indexed_orders_by_card",
            "indexed_orders_by_time",
            "indexed_orders_by_amount",
            "indexed_orders_by_note");
  }

  /**
   * Each index names the hot columns its values come from, so a write that keeps them proves so
   * from the columns: key fields left out (equal under one key), columns by their stored names, and
   * none where a column is not stored as its field holds it (money, stored in minor units).
   */
  @Test
  void eachIndexNamesTheHotColumnsItsValuesComeFrom() throws Exception {
    Class<?> table = loader.loadClass("good.IndexedOrderTable");
    EntityTables tables = (EntityTables) table.getField("TABLES").get(null);
    assertThat(tables.index("by_card").orElseThrow().valueColumns())
        .containsExactly("cardId", "placedAt")
        .inOrder();
    assertThat(tables.index("by_note").orElseThrow().valueColumns())
        .containsExactly("amount", "note")
        .inOrder();

    javax.tools.JavaFileObject mixed =
        com.google.testing.compile.JavaFileObjects.forSourceString(
            "good.MixedOrder",
            "package good;\n"
                + "import dev.widekey.annotations.*;\n"
                + "@WideTable(name = \"mixed_orders\", columnNaming = ColumnNaming.SNAKE_CASE)\n"
                + "@Index(name = \"by_note\", columns = {\"noteText\", \"customer\"})\n"
                + "public record MixedOrder(\n"
                + "    @PartitionKey @KeyChars(\"0-9A-Z\") @MaxLength(20) String customer,\n"
                + "    @KeyColumn @Padded(width = 10) long seq,\n"
                + "    @KeyChars(\"a-z\") @MaxLength(16) String noteText) {}\n");
    GeneratedClassLoader mixedLoader = new GeneratedClassLoader(compile(mixed));
    EntityTables mixedTables =
        (EntityTables) mixedLoader.loadClass("good.MixedOrderTable").getField("TABLES").get(null);
    assertThat(mixedTables.index("by_note").orElseThrow().valueColumns())
        .containsExactly("note_text");
  }

  @Test
  void indexValuesAreEncodedAsAPrimaryKeysAre() throws Exception {
    Object o = order("C1", "CARD7", 1_000L, 54L);

    assertThat(values("ByCardIndex", o))
        .containsExactly(PkValue.ofString("CARD7"), PkValue.ofInteger(1_000L))
        .inOrder();
    // the hash prefix: the first 4 hex digits of the MD5 of the key text, then the text
    String digest = DigestUtils.md5Hex("1000".getBytes(StandardCharsets.UTF_8)).substring(0, 4);
    assertThat(values("ByTimeIndex", o)).containsExactly(PkValue.ofString(digest + "1000"));
    // @Padded on a property that is no primary-key column pads it in the index key
    assertThat(values("ByAmountIndex", o))
        .containsExactly(PkValue.ofString("CARD7"), PkValue.ofString("0000000054"))
        .inOrder();
    assertThat(values("ByNoteIndex", o))
        .containsExactly(PkValue.ofString("0000000054"), PkValue.ofString("n-C1"))
        .inOrder();
  }

  @Test
  void aValueTheIndexKeyCannotHoldIsRefused() throws Exception {
    // '-' is outside @KeyChars("0-9A-Z") of cardId
    InvalidKeyException e =
        assertThrows(
            InvalidKeyException.class, () -> values("ByCardIndex", order("C1", "CA-7", 1, 1)));
    assertThat(e).hasMessageThat().contains("cardId");
    InvalidKeyException negative =
        assertThrows(
            InvalidKeyException.class, () -> values("ByAmountIndex", order("C1", "CARD7", 1, -5)));
    assertThat(negative).hasMessageThat().contains("amount");
  }

  @Test
  void rangesHoldExactlyTheIndexRowsOfTheirValues() throws Exception {
    // index rows of several orders: the index values, then a reference column
    Map<String, PrimaryKey> rows = new LinkedHashMap<>();
    String[][] orders = {
      {"A", "CARD7", "100"},
      {"B", "CARD7", "200"},
      {"C", "CARD70", "150"},
      {"D", "CARD6", "150"},
      {"E", "CARD7", "300"},
    };
    for (String[] o : orders) {
      List<PkValue> key =
          new ArrayList<>(values("ByCardIndex", order(o[0], o[1], Long.parseLong(o[2]), 1)));
      key.add(PkValue.ofBinary(o[0].getBytes(StandardCharsets.UTF_8)));
      rows.put(o[0], PrimaryKey.of(key));
    }
    Class<?> byCard = keys("ByCardIndex");
    assertThat(byCard.getField("COLUMNS").getInt(null)).isEqualTo(3);

    ScanRange card7 =
        (ScanRange) byCard.getMethod("rangeByCardId", String.class).invoke(null, "CARD7");
    assertThat(matching(rows, card7)).containsExactly("A", "B", "E");

    Method between =
        byCard.getMethod(
            "rangeByCardIdAndPlacedAtBetween", String.class, Instant.class, Instant.class);
    ScanRange window =
        (ScanRange)
            between.invoke(null, "CARD7", Instant.ofEpochMilli(150), Instant.ofEpochMilli(300));
    assertThat(matching(rows, window)).containsExactly("B");

    Method exact = byCard.getMethod("rangeByCardIdAndPlacedAt", String.class, Instant.class);
    ScanRange at = (ScanRange) exact.invoke(null, "CARD6", Instant.ofEpochMilli(150));
    assertThat(matching(rows, at)).containsExactly("D");

    // a hash-prefixed index reads one whole value of its first column, never a range over it
    Class<?> byTime = keys("ByTimeIndex");
    assertThat(methodNames(byTime)).contains("rangeByPlacedAt");
    assertThat(methodNames(byTime)).doesNotContain("rangeByPlacedAtBetween");
  }

  @Test
  void theRepositoryEncodesIndexValuesAndReadsThroughEachIndex() throws Exception {
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      @SuppressWarnings("unchecked")
      SplitTableRepository<Object> repo =
          (SplitTableRepository<Object>)
              loader
                  .loadClass("good.IndexedOrderRepository")
                  .getConstructor(WideTableStore.class)
                  .newInstance(store);
      Method indexValues =
          repo.getClass().getDeclaredMethod("indexValues", IndexTable.class, Object.class);
      indexValues.setAccessible(true);
      Object o = order("C1", "CARD7", 1_000L, 54L);
      for (IndexTable index : repo.tables().indexes()) {
        String nested =
            switch (index.name()) {
              case "by_card" -> "ByCardIndex";
              case "by_time" -> "ByTimeIndex";
              case "by_amount" -> "ByAmountIndex";
              default -> "ByNoteIndex";
            };
        assertThat(indexValues.invoke(repo, index, o)).isEqualTo(values(nested, o));
      }

      Object view = repo.getClass().getMethod("byCard").invoke(repo);
      assertThat(methodNames(view.getClass()))
          .containsAtLeast(
              "scanByCardId",
              "scanByCardIdDescending",
              "pageByCardId",
              "countByCardId",
              "existsByCardId",
              "scanByCardIdAndPlacedAtBetween",
              "scanByCardIdAndPlacedAtWithin",
              "scanByCardIdAndPlacedAtWithinDescending",
              "pageByCardIdAndPlacedAtWithin",
              "scanByCardIdAndPlacedAt");
      Object byTime = repo.getClass().getMethod("byTime").invoke(repo);
      assertThat(methodNames(byTime.getClass())).contains("scanByPlacedAt");
    }
  }

  @Test
  void aPeriodRepositoryReadsItsPeriodsIndexTable() throws Exception {
    GeneratedClassLoader sharded = new GeneratedClassLoader(compile(good("IndexedEvent")));
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      Object repo =
          sharded
              .loadClass("good.IndexedEventShardedRepository")
              .getConstructor(WideTableStore.class)
              .newInstance(store);
      SplitTableRepository<?> day =
          (SplitTableRepository<?>)
              repo.getClass()
                  .getMethod("periodRepository", Instant.class)
                  .invoke(repo, Instant.parse("2026-11-26T10:00:00Z"));
      IndexTable byKind = day.tables().index("by_kind").orElseThrow();
      assertThat(byKind.table().name()).isEqualTo("indexed_events_by_kind_2026_11_26");
      assertThat(day.tables().creationOrder().stream().map(TableSpec::name).toList())
          .contains("indexed_events_by_kind_2026_11_26");
    }
  }

  @Test
  void aShardedRepositoryReadsItsIndexAcrossThePeriodsOfAWindow() throws Exception {
    GeneratedClassLoader sharded = new GeneratedClassLoader(compile(good("IndexedEvent")));
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      Class<?> type = sharded.loadClass("good.IndexedEvent");
      Object repo =
          sharded
              .loadClass("good.IndexedEventShardedRepository")
              .getConstructor(WideTableStore.class)
              .newInstance(store);
      Instant now = Instant.parse("2026-11-26T10:00:00Z");
      repo =
          repo.getClass()
              .getMethod("withClock", java.time.Clock.class)
              .invoke(repo, java.time.Clock.fixed(now, java.time.ZoneOffset.UTC));
      var create = type.getConstructor(String.class, Instant.class, String.class);
      Instant yesterday = now.minus(java.time.Duration.ofDays(1));
      Object[][] events = {
        {"d1", now, "boot"},
        {"d2", yesterday, "boot"},
        {"d3", now.plusSeconds(5), "halt"},
        {"d4", yesterday.plusSeconds(9), "boot"}
      };
      for (Object[] e : events) {
        repo.getClass().getMethod("createTables", Instant.class).invoke(repo, (Instant) e[1]);
        repo.getClass().getMethod("put", Object.class).invoke(repo, create.newInstance(e));
      }
      Object byKind = repo.getClass().getMethod("byKind").invoke(repo);
      Instant since = yesterday.minus(java.time.Duration.ofHours(1));
      Instant until = now.plus(java.time.Duration.ofHours(1));
      for (boolean descending : new boolean[] {false, true}) {
        try (Stream<?> s =
            (Stream<?>)
                byKind
                    .getClass()
                    .getMethod(
                        descending ? "scanByKindDescending" : "scanByKind",
                        String.class,
                        Instant.class,
                        Instant.class)
                    .invoke(byKind, "boot", since, until)) {
          List<Object> ids = s.map(o -> invoke(type, o, "deviceId")).toList();
          // index order: kind, then at, then the row's key
          assertThat(ids)
              .containsExactlyElementsIn(
                  descending ? List.of("d1", "d4", "d2") : List.of("d2", "d4", "d1"))
              .inOrder();
        }
      }
      try (Stream<?> s =
          (Stream<?>)
              byKind
                  .getClass()
                  .getMethod("scanByKind", String.class, Instant.class, Instant.class)
                  .invoke(byKind, "boot", now.minusSeconds(60), until)) {
        assertThat(s.map(o -> invoke(type, o, "deviceId")).toList()).containsExactly("d1");
      }
    }
  }

  private static Object invoke(Class<?> type, Object o, String accessor) {
    try {
      return type.getMethod(accessor).invoke(o);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  private static List<String> matching(Map<String, PrimaryKey> rows, ScanRange range) {
    List<String> out = new ArrayList<>();
    rows.forEach(
        (name, key) -> {
          if (range.start().compareTo(key) <= 0 && key.compareTo(range.end()) < 0) {
            out.add(name);
          }
        });
    return out;
  }

  private static List<String> methodNames(Class<?> c) {
    List<String> out = new ArrayList<>();
    for (Method m : c.getDeclaredMethods()) {
      if (java.lang.reflect.Modifier.isPublic(m.getModifiers())) {
        out.add(m.getName());
      }
    }
    return out;
  }
}
