package dev.widekey.runtime.repository;

import dev.widekey.annotations.Profile;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** A hand-written split-table entity for the repository tests: three hot texts, one cold body. */
final class Docs {
  private Docs() {}

  record Doc(long id, String title, String a, String b, String body) {
    static Doc hot(long id, String title) {
      return new Doc(id, title, null, null, null);
    }

    static Doc withCold(long id, String title, String body) {
      return new Doc(id, title, null, null, body);
    }
  }

  static final String HOT = "docs";
  static final String COLD = "docs_cold";

  static final class DocRepository extends SplitTableRepository<Doc> {
    DocRepository(WideTableStore store) {
      this(store, Profile.HBASE);
    }

    /** The entity's tables on {@code profile}, each in one partition. */
    DocRepository(WideTableStore store, Profile profile) {
      super(
          store,
          TestRows.table(HOT, 100, 1).withProfile(profile),
          ColdRows.tableSpec(COLD, TestRows.table(HOT, 100, 1).withProfile(profile)));
    }

    @Override
    protected PrimaryKey keyOf(Doc doc) {
      return TestRows.key(doc.id());
    }

    @Override
    protected Map<String, AttrValue> hotColumns(Doc doc) {
      Map<String, AttrValue> columns = new LinkedHashMap<>();
      put(columns, "title", doc.title());
      put(columns, "a", doc.a());
      put(columns, "b", doc.b());
      return columns;
    }

    @Override
    protected Map<String, AttrValue> coldColumns(Doc doc) {
      return doc.body() == null ? Map.of() : Map.of("body", AttrValue.ofString(doc.body()));
    }

    private static void put(Map<String, AttrValue> columns, String name, String value) {
      if (value != null) {
        columns.put(name, AttrValue.ofString(value));
      }
    }

    @Override
    protected Doc toEntity(PrimaryKey key, Row hot, Row cold) {
      return new Doc(
          key.get(0).asLong(),
          Columns.getString(hot, "title"),
          Columns.getString(hot, "a"),
          Columns.getString(hot, "b"),
          cold == null ? null : Columns.getString(cold, "body"));
    }

    Optional<Doc> get(long id) {
      return find(TestRows.key(id), false);
    }

    Optional<Doc> getWithCold(long id) {
      return find(TestRows.key(id), true);
    }

    java.util.stream.Stream<Doc> scanWithCold() {
      return scan(dev.widekey.runtime.store.ScanRange.all(1), true);
    }

    void delete(long id) {
      remove(TestRows.key(id));
    }
  }
}
