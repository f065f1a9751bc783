package dev.widekey.runtime.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class RowTest {
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
}
