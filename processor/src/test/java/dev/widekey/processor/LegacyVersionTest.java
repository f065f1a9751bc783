package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.widekey.processor.Fixtures.compile;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.JavaFileObjects;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.repository.VersionConflictException;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.write.BulkWriteResult;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Adding {@code @Version} to an entity with stored rows: a row the entity's earlier version (no
 * {@code @Version}) wrote reads as version 0, "not yet versioned", and the versioned writes treat
 * it as DynamoDBMapper treats an item without its version attribute. Each shape is compiled twice
 * under one table name, without and with {@code @Version}: a hot-row entity (store conditions
 * directly), one with a cold column and one with an index (both under the commit point).
 */
class LegacyVersionTest {
  private static final String IMPORTS = "import dev.widekey.annotations.*;\n";

  /** Per shape: fields before the version, and the type's annotations. */
  private static final Map<String, String[]> SHAPES = new LinkedHashMap<>();

  static {
    SHAPES.put(
        "Ticket", new String[] {"@WideTable(name = \"tickets\")", "@ColdColumn String body"});
    SHAPES.put("Label", new String[] {"@WideTable(name = \"labels\")", "String body"});
    SHAPES.put(
        "Card",
        new String[] {
          "@WideTable(name = \"cards\")\n@Index(name = \"by_queue\", columns = {\"queue\"})",
          "String body"
        });
  }

  private static GeneratedClassLoader legacyLoader;
  private static GeneratedClassLoader currentLoader;

  private final EmbeddedStore store = EmbeddedStore.inMemory();

  @BeforeAll
  static void compileBoth() {
    List<JavaFileObject> legacy = new ArrayList<>();
    List<JavaFileObject> current = new ArrayList<>();
    for (Map.Entry<String, String[]> shape : SHAPES.entrySet()) {
      String name = shape.getKey();
      String annotations = shape.getValue()[0];
      String last = shape.getValue()[1];
      String fields =
          "@PartitionKey @KeyChars(\"a-z0-9\") @MaxLength(20) String id, "
              + (name.equals("Card") ? "@KeyChars(\"a-z\") @MaxLength(20) " : "")
              + "String queue, ";
      legacy.add(
          JavaFileObjects.forSourceString(
              "legacy." + name,
              "package legacy;\n"
                  + IMPORTS
                  + annotations
                  + "\npublic record "
                  + name
                  + "("
                  + fields
                  + last
                  + ") {}\n"));
      current.add(
          JavaFileObjects.forSourceString(
              "current." + name,
              "package current;\n"
                  + IMPORTS
                  + annotations
                  + "\npublic record "
                  + name
                  + "("
                  + fields
                  + "@Version long version, "
                  + last
                  + ") {}\n"));
    }
    legacyLoader = new GeneratedClassLoader(compile(legacy.toArray(JavaFileObject[]::new)));
    currentLoader = new GeneratedClassLoader(compile(current.toArray(JavaFileObject[]::new)));
  }

  @AfterEach
  void close() {
    store.close();
  }

  /** One shape's two generations over the same table. */
  private final class Pair {
    final String name;
    final SplitTableRepository<Object> legacy;
    final SplitTableRepository<Object> current;

    Pair(String name) throws Exception {
      this.name = name;
      legacy = repository("legacy." + name + "Repository");
      current = repository("current." + name + "Repository");
    }

    Object legacyEntity(String id, String queue, String body) throws Exception {
      return legacyLoader
          .loadClass("legacy." + name)
          .getConstructor(String.class, String.class, String.class)
          .newInstance(id, queue, body);
    }

    Object entity(String id, String queue, long version, String body) throws Exception {
      Constructor<?> c =
          currentLoader
              .loadClass("current." + name)
              .getConstructor(String.class, String.class, long.class, String.class);
      return c.newInstance(id, queue, version, body);
    }

    Optional<?> get(String id) throws Exception {
      String method = name.equals("Ticket") ? "getWithCold" : "get";
      try {
        return (Optional<?>) current.getClass().getMethod(method, String.class).invoke(current, id);
      } catch (InvocationTargetException e) {
        throw (Exception) e.getCause();
      }
    }

    Row hot(String id) throws Exception {
      PrimaryKey key = current.prepare(entity(id, "q", 0, null)).hot().key();
      return store.get(current.hotTable().name(), key, ColumnSelection.all()).orElse(null);
    }

    long version(Object entity) throws Exception {
      return (long) entity.getClass().getMethod("version").invoke(entity);
    }
  }

  @SuppressWarnings("unchecked")
  private SplitTableRepository<Object> repository(String name) throws Exception {
    SplitTableRepository<Object> repo =
        (SplitTableRepository<Object>)
            (name.startsWith("legacy.") ? legacyLoader : currentLoader)
                .loadClass(name)
                .getConstructor(WideTableStore.class)
                .newInstance(store);
    repo.createTables();
    return repo;
  }

  private List<Pair> pairs() throws Exception {
    List<Pair> out = new ArrayList<>();
    for (String name : SHAPES.keySet()) {
      out.add(new Pair(name));
    }
    return out;
  }

  @Test
  void aRowWrittenBeforeTheVersionReadsAsVersionZero() throws Exception {
    for (Pair p : pairs()) {
      p.legacy.put(p.legacyEntity("t1", "inbox", "the body"));

      assertThat(p.get("t1")).isEqualTo(Optional.of(p.entity("t1", "inbox", 0, "the body")));
      try (Stream<Object> all = p.current.scanAll()) {
        assertThat(all.toList())
            .containsExactly(
                p.entity("t1", "inbox", 0, p.name.equals("Ticket") ? null : "the body"));
      }
    }
  }

  @Test
  void aPutOfVersionZeroVersionsALegacyRowOnce() throws Exception {
    for (Pair p : pairs()) {
      p.legacy.put(p.legacyEntity("t1", "inbox", "old"));

      Object v1 = p.current.put(p.entity("t1", "triage", 0, "new"));

      assertThat(p.version(v1)).isEqualTo(1);
      assertThat(p.get("t1")).isEqualTo(Optional.of(p.entity("t1", "triage", 1, "new")));
      assertThat(p.hot("t1").get("version")).isEqualTo(AttrValue.ofInteger(1));
      VersionConflictException again =
          assertThrows(
              VersionConflictException.class,
              () -> p.current.put(p.entity("t1", "stale", 0, "stale")));
      assertThat(again.storedVersion()).isEqualTo(OptionalLong.of(1));
      assertThat(p.get("t1")).isEqualTo(Optional.of(p.entity("t1", "triage", 1, "new")));
      Object v2 = p.current.put(p.entity("t1", "done", 1, "newer"));
      assertThat(p.version(v2)).isEqualTo(2);
    }
  }

  @Test
  void anUpdateOfVersionZeroNeedsAStoredRowWithoutAVersion() throws Exception {
    for (Pair p : pairs()) {
      VersionConflictException absent =
          assertThrows(
              VersionConflictException.class,
              () -> p.current.update(p.entity("t2", "inbox", 0, "x")));
      assertThat(absent.kind()).isEqualTo(ErrorKind.CONDITION_FAILED);
      assertThat(p.hot("t2")).isNull();

      p.legacy.put(p.legacyEntity("t2", "inbox", "old"));
      Object v1 = p.current.update(p.entity("t2", "later", 0, "new"));
      assertThat(p.version(v1)).isEqualTo(1);
      assertThat(p.get("t2")).isEqualTo(Optional.of(p.entity("t2", "later", 1, "new")));

      assertThrows(
          VersionConflictException.class, () -> p.current.update(p.entity("t2", "x", 0, "x")));
      assertThat(p.get("t2")).isEqualTo(Optional.of(p.entity("t2", "later", 1, "new")));
    }
  }

  @Test
  void anInsertStillNeedsNoRowAtAll() throws Exception {
    for (Pair p : pairs()) {
      p.legacy.put(p.legacyEntity("t3", "inbox", "old"));

      StoreException e =
          assertThrows(StoreException.class, () -> p.current.insert(p.entity("t3", "x", 0, "x")));

      assertThat(e.kind()).isEqualTo(ErrorKind.CONDITION_FAILED);
      assertThat(p.get("t3")).isEqualTo(Optional.of(p.entity("t3", "inbox", 0, "old")));
    }
  }

  @Test
  void aNewEntityOfVersionZeroIsStillWrittenOnlyOnce() throws Exception {
    for (Pair p : pairs()) {
      assertThat(p.version(p.current.put(p.entity("t4", "inbox", 0, "a")))).isEqualTo(1);
      assertThrows(
          VersionConflictException.class, () -> p.current.put(p.entity("t4", "inbox", 0, "b")));
    }
  }

  @Test
  void putAllVersionsLegacyRowsOnceEach() throws Exception {
    for (Pair p : pairs()) {
      p.legacy.put(p.legacyEntity("t5", "inbox", "old"));

      BulkWriteResult first =
          p.current.putAll(List.of(p.entity("t5", "bulk", 0, "b"), p.entity("t6", "bulk", 0, "c")));
      assertThat(first.failures()).isEmpty();
      assertThat(p.get("t5")).isEqualTo(Optional.of(p.entity("t5", "bulk", 1, "b")));
      assertThat(p.get("t6")).isEqualTo(Optional.of(p.entity("t6", "bulk", 1, "c")));

      BulkWriteResult second = p.current.putAll(List.of(p.entity("t5", "again", 0, "d")));
      assertThat(second.failures()).isNotEmpty();
      assertThat(
              second.failures().stream()
                  .filter(f -> f.table().equals(p.current.hotTable().name()))
                  .map(f -> f.error().kind())
                  .toList())
          .containsExactly(ErrorKind.CONDITION_FAILED);
      assertThat(p.get("t5")).isEqualTo(Optional.of(p.entity("t5", "bulk", 1, "b")));
    }
  }

  @Test
  void restoringAVersionZeroEntityKeepsItUnversioned() throws Exception {
    for (Pair p : pairs()) {
      List<Object> refused = new ArrayList<>();
      p.current.restoreAll(List.of(p.entity("t7", "inbox", 0, "r")), (e, x) -> refused.add(e));

      assertThat(refused).isEmpty();
      assertThat(p.hot("t7").get("version")).isNull();
      assertThat(p.get("t7")).isEqualTo(Optional.of(p.entity("t7", "inbox", 0, "r")));
    }
  }

  @Test
  void aStoredVersionOfZeroOrAnotherTypeIsStillCorrupt() throws Exception {
    Pair p = new Pair("Label");
    p.current.put(p.entity("t8", "inbox", 0, "a"));
    Row hot = p.hot("t8");
    for (AttrValue forged : List.of(AttrValue.ofInteger(0), AttrValue.ofString("1"))) {
      Map<String, AttrValue> columns = new LinkedHashMap<>(hot.columns());
      columns.put("version", forged);
      store.put(p.current.hotTable().name(), Row.of(hot.key(), columns));

      StoreException e = assertThrows(StoreException.class, () -> p.get("t8"));

      assertThat(e.kind()).isEqualTo(ErrorKind.CORRUPT_DATA);
      assertThrows(
          VersionConflictException.class, () -> p.current.put(p.entity("t8", "x", 0, "x")));
    }
  }

  @Test
  void theIndexFindsAVersionedLegacyRowUnderItsNewValueOnly() throws Exception {
    Pair p = new Pair("Card");
    p.legacy.put(p.legacyEntity("t9", "inbox", "old"));

    p.current.put(p.entity("t9", "triage", 0, "new"));

    var index = p.current.tables().indexes().get(0).table();
    try (Stream<Row> rows = store.scan(index.name(), ScanRange.all(index.primaryKey().size()))) {
      assertThat(rows.count()).isEqualTo(1);
    }
  }
}
