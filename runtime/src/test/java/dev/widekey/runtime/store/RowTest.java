package dev.widekey.runtime.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.fault.Seeds;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RowTest {
  @RegisterExtension final Seeds seeds = new Seeds();

  private static final PrimaryKey KEY = PrimaryKey.of(PkValue.ofString("k"));

  @Test
  void aRowKeepsItsOwnCopyOfItsColumnsInNameOrderWhateverMapItCameFrom() {
    TreeMap<String, AttrValue> natural = new TreeMap<>();
    TreeMap<String, AttrValue> reversed = new TreeMap<>(Comparator.reverseOrder());
    Map<String, AttrValue> hashed = new HashMap<>();
    for (Map<String, AttrValue> m : List.of(natural, reversed, hashed)) {
      m.put("b", AttrValue.ofInteger(2));
      m.put("a", AttrValue.ofString("one"));
      m.put("c", AttrValue.ofBoolean(true));
    }
    for (Map<String, AttrValue> m : List.of(natural, reversed, hashed)) {
      Row row = Row.of(KEY, m);
      m.put("d", AttrValue.ofInteger(4)); // the caller's map changes afterwards
      assertEquals(List.of("a", "b", "c"), List.copyOf(row.columns().keySet()));
      assertEquals(null, row.columns().comparator(), "natural name order");
      assertThrows(UnsupportedOperationException.class, () -> row.columns().remove("a"));
    }
  }

  @Test
  void aNullColumnValueIsRefusedFromEveryKindOfMap() {
    TreeMap<String, AttrValue> natural = new TreeMap<>();
    natural.put("a", null);
    Map<String, AttrValue> hashed = new HashMap<>(natural);
    for (Map<String, AttrValue> m : List.of(natural, hashed)) {
      NullPointerException e = assertThrows(NullPointerException.class, () -> Row.of(KEY, m));
      assertEquals("value of column a", e.getMessage());
    }
  }

  /**
   * A row built in name order (as stores decode) is the row {@link Row#of} makes of the same
   * columns: equal, same hash, same {@code get} for every name and for absent ones, at every column
   * count (below and above the linear search).
   */
  @Test
  void aRowBuiltInNameOrderIsTheRowOfTheSameMap() {
    Random random = new Random(seeds.seed());
    for (int round = 0; round < 2_000; round++) {
      TreeMap<String, AttrValue> columns = new TreeMap<>();
      int count = random.nextInt(random.nextBoolean() ? 10 : 40);
      for (int c = 0; c < count; c++) {
        columns.put(name(random), AttrValue.ofInteger(random.nextLong()));
      }
      Row.Builder builder = Row.builder(random.nextInt(4));
      columns.forEach(builder::add);
      assertEquals(columns.size(), builder.size());
      Row built = builder.build(KEY);
      Row mapped = Row.of(KEY, columns);
      assertEquals(mapped, built, "seed " + seeds.seed());
      assertEquals(built, mapped);
      assertEquals(mapped.hashCode(), built.hashCode());
      assertEquals(mapped.sizeInBytes(), built.sizeInBytes());
      assertEquals(columns.size(), built.columnCount());
      assertEquals(List.copyOf(columns.keySet()), List.copyOf(built.columns().keySet()));
      for (int probe = 0; probe < 20; probe++) {
        String name = name(random);
        assertEquals(columns.get(name), built.get(name), name);
      }
      for (String name : columns.keySet()) {
        assertEquals(columns.get(name), built.get(name), name);
      }
      assertThrows(UnsupportedOperationException.class, () -> built.columns().clear());
      assertEquals(0, builder.size(), "the builder starts over");
    }
  }

  @Test
  void aBuilderRefusesColumnsOutOfOrderOrRepeated() {
    Row.Builder builder = Row.builder(2).add("b", AttrValue.ofInteger(1));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> builder.add("a", AttrValue.ofInteger(2)));
    assertTrue(e.getMessage().contains("does not sort after column"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> builder.add("b", AttrValue.ofInteger(2)));
    assertThrows(NullPointerException.class, () -> builder.add("c", null));
    // String (UTF-16) order, as the columns' map sorts: a supplementary character's surrogate
    // pair (D83D DE00) before U+FFFD, although its code point is greater
    builder.add("\uD83D\uDE00", AttrValue.ofInteger(3)).add("\uFFFD", AttrValue.ofInteger(4));
    assertEquals(
        List.of("b", "\uD83D\uDE00", "\uFFFD"), List.copyOf(builder.build(KEY).columns().keySet()));
  }

  private static String name(Random random) {
    return "c" + random.nextInt(60);
  }
}
