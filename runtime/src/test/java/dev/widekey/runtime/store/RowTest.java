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

  /**
   * Whatever map a row comes from (in any iteration order, at any column count, below and above the
   * insertion sort), its columns by position are the map's in name order; {@code with} sets one
   * column as a map's put would, {@code withKey} keeps the columns under another key; neither
   * changes the row it came from.
   */
  @Test
  void columnsByPositionAndRowsDerivedFromOneAreThoseOfTheSameMapOnRandomRows() {
    Random random = new Random(seeds.seed());
    PrimaryKey other = PrimaryKey.of(PkValue.ofString("other"));
    for (int round = 0; round < 2_000; round++) {
      List<String> names = new java.util.ArrayList<>();
      int count = random.nextInt(random.nextBoolean() ? 10 : 40);
      for (int c = 0; c < count; c++) {
        names.add(name(random));
      }
      java.util.Collections.shuffle(names, random);
      Map<String, AttrValue> given = new java.util.LinkedHashMap<>();
      for (String n : names) {
        given.put(n, AttrValue.ofInteger(random.nextLong()));
      }
      TreeMap<String, AttrValue> sorted = new TreeMap<>(given);
      Row row = Row.of(KEY, given);
      assertEquals(sorted.size(), row.columnCount(), "seed " + seeds.seed());
      int i = 0;
      for (Map.Entry<String, AttrValue> e : sorted.entrySet()) {
        assertEquals(e.getKey(), row.columnName(i), "seed " + seeds.seed());
        assertEquals(e.getValue(), row.columnValue(i++));
      }
      assertThrows(IndexOutOfBoundsException.class, () -> row.columnName(row.columnCount()));
      assertThrows(IndexOutOfBoundsException.class, () -> row.columnValue(-1));

      String set = random.nextBoolean() && !names.isEmpty() ? names.get(0) : name(random);
      AttrValue value = AttrValue.ofString("set " + round);
      TreeMap<String, AttrValue> expected = new TreeMap<>(sorted);
      expected.put(set, value);
      Row changed = row.with(set, value);
      assertEquals(Row.of(KEY, expected), changed, "seed " + seeds.seed());
      assertEquals(expected.size(), changed.columnCount());
      assertEquals(value, changed.get(set));
      assertEquals(Row.of(KEY, sorted), row, "the row it came from is unchanged");
      Row moved = changed.withKey(other);
      assertEquals(Row.of(other, expected), moved);
      assertEquals(KEY, changed.key());
    }
    assertThrows(NullPointerException.class, () -> Row.of(KEY, Map.of()).with("a", null));
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
