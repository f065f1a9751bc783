package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.widekey.core.RuleViolationException;
import dev.widekey.runtime.repository.Tagged.Item;
import dev.widekey.runtime.repository.Tagged.Items;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Adversary: a second application sharing the store rewrites one column of an indexed entity's hot
 * row (with a cold row) to a value of another type or a value widekey never writes. Every read and
 * write of the repository either works or fails with a typed error ({@link StoreException}, a
 * {@link RuleViolationException}); none throws an untyped one, and a write that succeeds leaves the
 * index exact.
 */
class ForgedIndexedRowsTest {
  private static final List<AttrValue> GARBAGE =
      List.of(
          AttrValue.ofString("x"),
          AttrValue.ofInteger(-1),
          AttrValue.ofInteger(Long.MIN_VALUE),
          AttrValue.ofInteger(Long.MAX_VALUE),
          AttrValue.ofBoolean(true),
          AttrValue.ofBoolean(false),
          AttrValue.ofDouble(Double.NaN),
          AttrValue.ofBinary(new byte[] {1, 2, 3}));

  private static final List<String> COLUMNS =
      List.of(
          SplitTableRepository.COLD_TAG,
          SplitTableRepository.COLD_MARKER,
          ChunkRows.PARTS,
          IndexRows.tagColumn(Tagged.BY_TAG),
          "tag",
          "note");

  private static List<Long> ids(Stream<Item> items) {
    try (items) {
      return items.map(Item::id).toList();
    }
  }

  @Test
  void everyCallOnAForgedHotRowWorksOrFailsTyped() {
    Map<String, Consumer<Items>> calls = new java.util.LinkedHashMap<>();
    calls.put("get", r -> r.get(1));
    calls.put("getWithCold", r -> r.find(TestRows.key(1), true));
    calls.put("scan", r -> ids(r.all()));
    calls.put("byTag", r -> ids(r.byTag("red")));
    calls.put("byTagDescending", r -> ids(r.byTagDescending("red")));
    calls.put("countIndex", r -> r.countIndex(Tagged.BY_TAG, IndexRowsTest.byTagRange("red")));
    calls.put("put moved", r -> r.put(new Item(1, "blue", "n", "b")));
    calls.put("put kept", r -> r.put(new Item(1, "red", "n", null)));
    calls.put("insert", r -> r.insert(new Item(1, "red", "n", null)));
    calls.put("update", r -> r.update(new Item(1, "green", "n", "b")));
    calls.put("delete", r -> r.delete(1));
    calls.put("putAll", r -> r.putAll(List.of(new Item(1, "blue", null, "c"))));
    List<String> untyped = new ArrayList<>();
    for (String column : COLUMNS) {
      for (AttrValue garbage : GARBAGE) {
        for (Map.Entry<String, Consumer<Items>> call : calls.entrySet()) {
          String where = column + " = " + garbage + ", " + call.getKey();
          try (EmbeddedStore store = EmbeddedStore.inMemory()) {
            Items items = new Items(store, true);
            items.createTables();
            items.put(new Item(1, "red", "a", "body"));
            items.put(new Item(2, "red", "b", null));
            Row hot = store.get(Tagged.HOT, TestRows.key(1), ColumnSelection.all()).orElseThrow();
            Map<String, AttrValue> forged = new HashMap<>(hot.columns());
            forged.put(column, garbage);
            store.put(Tagged.HOT, Row.of(hot.key(), forged));
            Items other = new Items(store, true); // nothing remembered
            boolean wrote = call.getKey().startsWith("put") || call.getKey().equals("update");
            try {
              call.getValue().accept(other);
            } catch (StoreException | RuleViolationException typed) {
              continue;
            } catch (RuntimeException e) {
              untyped.add(where + ": " + e);
              continue;
            }
            if (wrote) {
              try {
                List<String> anomalies = new ArrayList<>();
                for (String tag : List.of("red", "blue", "green")) {
                  List<Long> read = ids(other.byTag(tag));
                  List<Long> stored = ids(other.all().filter(i -> tag.equals(i.tag())));
                  if (!read.equals(stored)) {
                    anomalies.add(tag + ": index " + read + ", stored " + stored);
                  }
                }
                assertEquals(List.of(), anomalies, where);
              } catch (StoreException | RuleViolationException typed) {
                // the forged row itself still unreadable
              }
            }
          }
        }
      }
    }
    if (!untyped.isEmpty()) {
      fail(untyped.size() + " untyped failures:\n" + String.join("\n", untyped));
    }
  }
}
