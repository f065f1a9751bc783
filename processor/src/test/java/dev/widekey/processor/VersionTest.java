package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.widekey.processor.Fixtures.bad;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.CompilationSubject;
import dev.widekey.core.Rule;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.runtime.repository.ColdRows;
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
import java.lang.reflect.Constructor;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * WK208: {@code @Version} is one primitive long attribute on the hot row, never a key (passing:
 * {@code VersionedNote}, {@code VersionedBean}, {@code VersionedEntry}); and what the generated
 * repositories of versioned and unversioned entities do with insert, update and put, on a store
 * that honours write conditions.
 */
class VersionTest {
  private final EmbeddedStore embedded = EmbeddedStore.inMemory();
  private final WideTableStore store = embedded;

  @AfterEach
  void close() {
    embedded.close();
  }

  // ---------------------------------------------------------------------------- diagnostics

  @Test
  void aVersionIsALong() {
    JavaFileObject f = bad("wk208/VersionType");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK208, Messages.versionType("revision", "int"), f, "@Version int");
  }

  @Test
  void aVersionIsAPrimitiveLong() {
    JavaFileObject f = bad("wk208/BoxedVersion");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c, Rule.WK208, Messages.versionType("version", "java.lang.Long"), f, "@Version Long");
  }

  @Test
  void aTransientVersionIsAnError() {
    JavaFileObject f = bad("wk208/TransientVersion");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK208,
        Messages.unstoredVersion("version", "transient"),
        f,
        "@Version public transient long version");
    assertThat(Messages.unstoredVersion("version", "transient"))
        .contains("every put would be unconditional");
  }

  @Test
  void aVersionIsNeverAKey() {
    JavaFileObject f = bad("wk208/VersionOnKey");
    Compilation c = compile(f);

    assertRejected(c, 2);
    assertError(c, Rule.WK208, Messages.versionOnKey("noteId"), f, "@PartitionKey @Version");
    assertError(c, Rule.WK208, Messages.versionOnKey("revision"), f, "@KeyColumn @Version");
  }

  /**
   * An index's columns are its table's key: a version there is a key that every write changes, so
   * each put would move the entity's index row.
   */
  @Test
  void aVersionIsNoIndexColumn() {
    JavaFileObject f = bad("wk208/IndexedVersion");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK208,
        Messages.indexedVersion("by_version", "version"),
        f,
        "columns = {\"version\"}");
  }

  @Test
  void oneVersionPerEntity() {
    JavaFileObject f = bad("wk208/TwoVersions");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c, Rule.WK208, Messages.versionTwice("revision", "version"), f, "@Version long revision");
  }

  @Test
  void aVersionLivesOnTheHotRow() {
    JavaFileObject f = bad("wk208/ColdVersion");
    Compilation c = compile(f);

    // not also WK204's "a cold column is never primitive": the version must not move at all
    assertRejected(c, 1);
    assertError(c, Rule.WK208, Messages.versionCold("version"), f, "@ColdColumn @Version");
  }

  @Test
  void versionedRecordAndClassesCompileCleanly() {
    for (String entity : new String[] {"VersionedNote", "VersionedBean", "VersionedEntry"}) {
      Compilation c = compile(good(entity));
      CompilationSubject.assertThat(c).succeededWithoutWarnings();
    }
  }

  // ------------------------------------------------------------------ generated repositories

  @Test
  void insertTwiceFailsTheSecondTime() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("AllArgsAccount")));
    Constructor<?> create =
        loader
            .loadClass("good.AllArgsAccount")
            .getConstructor(String.class, long.class, long.class);
    SplitTableRepository<Object> repo = repository(loader, "good.AllArgsAccountRepository");

    Object first = create.newInstance("acc1", 1L, 100L);
    repo.insert(first);
    StoreException e =
        assertThrows(StoreException.class, () -> repo.insert(create.newInstance("acc1", 1L, 999L)));

    assertThat(e.kind()).isEqualTo(ErrorKind.CONDITION_FAILED);
    assertThat(e.retryable()).isFalse();
    assertThat(stored(repo, first).get("amountCents")).isEqualTo(AttrValue.ofInteger(100));
  }

  @Test
  void updateOfAnAbsentRowFails() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("AllArgsAccount")));
    Constructor<?> create =
        loader
            .loadClass("good.AllArgsAccount")
            .getConstructor(String.class, long.class, long.class);
    SplitTableRepository<Object> repo = repository(loader, "good.AllArgsAccountRepository");
    Object entry = create.newInstance("acc2", 1L, 100L);

    StoreException e = assertThrows(StoreException.class, () -> repo.update(entry));

    assertThat(e.kind()).isEqualTo(ErrorKind.CONDITION_FAILED);
    assertThat(stored(repo, entry)).isNull();
    repo.put(entry); // unversioned put stays unconditional
    repo.put(entry);
    repo.update(create.newInstance("acc2", 1L, 200L));
    assertThat(stored(repo, entry).get("amountCents")).isEqualTo(AttrValue.ofInteger(200));
  }

  @Test
  void aVersionedRecordIsStoredAndReturnedWithTheNextVersion() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("VersionedNote")));
    Class<?> type = loader.loadClass("good.VersionedNote");
    Constructor<?> create =
        type.getConstructor(String.class, String.class, long.class, String.class);
    SplitTableRepository<Object> repo = repository(loader, "good.VersionedNoteRepository");

    Object v1 = repo.put(create.newInstance("n1", "title", 0L, "body"));

    assertThat(type.getMethod("version").invoke(v1)).isEqualTo(1L);
    assertThat(type.getMethod("title").invoke(v1)).isEqualTo("title");
    assertThat(stored(repo, v1).get("version")).isEqualTo(AttrValue.ofInteger(1));
    Object read = getWithCold(repo, "n1").orElseThrow();
    assertThat(read).isEqualTo(v1);
    Object v2 = repo.put(create.newInstance("n1", "title 2", 1L, "body 2"));
    assertThat(type.getMethod("version").invoke(v2)).isEqualTo(2L);
  }

  /** The cold rows of versioned_notes owned by the entity of {@code key}. */
  private List<Row> coldRows(PrimaryKey key) {
    try (var rows = embedded.scan("versioned_notes_cold", ScanRange.all(2))) {
      return rows.filter(r -> ColdRows.owner(key).equals(r.get(ColdRows.OWNER))).toList();
    }
  }

  @Test
  void aStaleVersionConflictsAndLeavesBothRowsUnchanged() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("VersionedNote")));
    Class<?> type = loader.loadClass("good.VersionedNote");
    Constructor<?> create =
        type.getConstructor(String.class, String.class, long.class, String.class);
    SplitTableRepository<Object> repo = repository(loader, "good.VersionedNoteRepository");
    Object v1 = repo.put(create.newInstance("n2", "title", 0L, "first body"));
    Object v2 = repo.put(create.newInstance("n2", "title", 1L, "second body"));
    Row hot = stored(repo, v2);
    List<Row> cold = coldRows(hot.key());
    assertThat(cold).hasSize(1);

    VersionConflictException e =
        assertThrows(
            VersionConflictException.class,
            () -> repo.put(create.newInstance("n2", "stale", 1L, "stale body")));

    assertThat(e.kind()).isEqualTo(ErrorKind.CONDITION_FAILED);
    assertThat(e.expectedVersion()).isEqualTo(1);
    assertThat(e.storedVersion()).isEqualTo(OptionalLong.of(2));
    assertThat(e.getMessage()).contains("expected version 1");
    assertThat(e.getMessage()).contains("version 2 is stored");
    assertThat(e.getMessage()).contains("versioned_notes");
    assertThat(stored(repo, v2)).isEqualTo(hot);
    assertThat(coldRows(hot.key())).isEqualTo(cold);
    assertThat(getWithCold(repo, "n2")).isEqualTo(Optional.of(v2));
    assertThat(v1).isNotEqualTo(v2);
  }

  @Test
  void aVersionedBeanGetsItsNewVersionSet() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("VersionedBean")));
    Class<?> type = loader.loadClass("good.VersionedBean");
    SplitTableRepository<Object> repo = repository(loader, "good.VersionedBeanRepository");
    Object bean = type.getConstructor().newInstance();
    type.getMethod("setBeanId", long.class).invoke(bean, 5L);
    type.getMethod("setLabel", String.class).invoke(bean, "five");

    Object stored = repo.put(bean);

    assertThat(stored).isSameInstanceAs(bean);
    assertThat(type.getMethod("getVersion").invoke(bean)).isEqualTo(1L);
    repo.put(bean);
    assertThat(type.getMethod("getVersion").invoke(bean)).isEqualTo(2L);
    type.getMethod("setVersion", long.class).invoke(bean, 1L);
    assertThrows(VersionConflictException.class, () -> repo.put(bean));
    assertThat(type.getMethod("getVersion").invoke(bean)).isEqualTo(1L); // untouched on failure
    repo.prepare(bean);
    assertThat(type.getMethod("getVersion").invoke(bean)).isEqualTo(1L); // prepare writes nothing
  }

  @Test
  void aVersionedAllArgsClassIsCopiedWithItsNewVersion() throws Exception {
    GeneratedClassLoader loader = new GeneratedClassLoader(compile(good("VersionedEntry")));
    Class<?> type = loader.loadClass("good.VersionedEntry");
    SplitTableRepository<Object> repo = repository(loader, "good.VersionedEntryRepository");
    Object entry = type.getConstructor(long.class, long.class, long.class).newInstance(9L, 40L, 0L);

    Object stored = repo.put(entry);

    assertThat(type.getField("version").get(entry)).isEqualTo(0L);
    assertThat(type.getField("version").get(stored)).isEqualTo(1L);
    assertThat(type.getMethod("amount").invoke(stored)).isEqualTo(40L);
    assertThrows(VersionConflictException.class, () -> repo.put(entry));
  }

  @SuppressWarnings("unchecked")
  private SplitTableRepository<Object> repository(ClassLoader loader, String name)
      throws Exception {
    SplitTableRepository<Object> repo =
        (SplitTableRepository<Object>)
            loader.loadClass(name).getConstructor(WideTableStore.class).newInstance(store);
    repo.createTables();
    return repo;
  }

  private Row stored(SplitTableRepository<Object> repo, Object entity) {
    PrimaryKey key = repo.prepare(entity).hot().key();
    return embedded.get(repo.hotTable().name(), key, ColumnSelection.all()).orElse(null);
  }

  private static Optional<?> getWithCold(SplitTableRepository<Object> repo, String id)
      throws Exception {
    return (Optional<?>) repo.getClass().getMethod("getWithCold", String.class).invoke(repo, id);
  }
}
