package dev.widekey.runtime.repository;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.key.KeyRanges;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A hand-written indexed entity for the index tests: an item with a tag and a note (hot), indexed
 * by tag, and optionally a cold body.
 */
final class Tagged {
  private Tagged() {}

  record Item(long id, String tag, String note, String body) {}

  static final String HOT = "items";
  static final String COLD = "items_cold";

  /** Indexed by tag, whose values come from the hot column {@code tag}, as generated code says. */
  static final IndexTable BY_TAG =
      new IndexTable(
          "by_tag",
          new TableSpec(
              "items_by_tag", IndexTable.layout(List.of(new PkColumn("tag", PkType.STRING)))),
          List.of("tag"));

  /** {@link #BY_TAG} as a layout read back knows it: a write builds the stored entity. */
  static final IndexTable BY_TAG_VALUES_UNKNOWN = new IndexTable(BY_TAG.name(), BY_TAG.table());

  static EntityTables tables(boolean cold) {
    TableSpec hot = TestRows.table(HOT, 100, 1);
    return (cold ? EntityTables.of(hot, ColdRows.tableSpec(COLD, hot)) : EntityTables.of(hot))
        .withIndex(BY_TAG);
  }

  /** The tables without a cold table, rows living {@code ttlSeconds}. */
  static EntityTables expiring(long ttlSeconds) {
    TableSpec hot = TestRows.table(HOT, 100, 1).withTtlSeconds(ttlSeconds);
    return EntityTables.of(hot)
        .withIndex(
            new IndexTable(
                BY_TAG.name(), BY_TAG.table().withTtlSeconds(ttlSeconds), BY_TAG.valueColumns()));
  }

  static class Items extends SplitTableRepository<Item> {
    Items(WideTableStore store, boolean cold) {
      this(store, Tagged.tables(cold));
    }

    Items(WideTableStore store, EntityTables tables) {
      super(store, tables, List.of(), null);
    }

    @Override
    protected PrimaryKey keyOf(Item item) {
      return TestRows.key(item.id());
    }

    @Override
    protected Map<String, AttrValue> hotColumns(Item item) {
      Map<String, AttrValue> columns = new LinkedHashMap<>();
      if (item.tag() != null) {
        columns.put("tag", AttrValue.ofString(item.tag()));
      }
      if (item.note() != null) {
        columns.put("note", AttrValue.ofString(item.note()));
      }
      return columns;
    }

    @Override
    protected Map<String, AttrValue> coldColumns(Item item) {
      return item.body() == null ? Map.of() : Map.of("body", AttrValue.ofString(item.body()));
    }

    @Override
    protected Item toEntity(PrimaryKey key, Row hot, Row cold) {
      return new Item(
          key.get(0).asLong(),
          Columns.getString(hot, "tag"),
          Columns.getString(hot, "note"),
          cold == null ? null : Columns.getString(cold, "body"));
    }

    @Override
    protected List<PkValue> indexValues(IndexTable index, Item item) {
      return item.tag() == null ? null : List.of(PkValue.ofString(item.tag()));
    }

    Optional<Item> get(long id) {
      return find(TestRows.key(id), false);
    }

    void delete(long id) {
      remove(TestRows.key(id));
    }

    Stream<Item> byTag(String tag) {
      return scanIndex(
          tables().index(BY_TAG.name()).orElseThrow(),
          KeyRanges.leading(List.of(PkValue.ofString(tag)), 2));
    }

    Stream<Item> byTagDescending(String tag) {
      return scanIndex(
          tables().index(BY_TAG.name()).orElseThrow(),
          KeyRanges.leading(List.of(PkValue.ofString(tag)), 2).backward());
    }

    Stream<Item> all() {
      return scan(dev.widekey.runtime.store.ScanRange.all(1), false);
    }
  }
}
