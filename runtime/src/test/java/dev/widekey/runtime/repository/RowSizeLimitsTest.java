package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.repository.Docs.Doc;
import dev.widekey.runtime.repository.Docs.DocRepository;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A row over the put limit of its table's profile (Tablestore's 4 MB) is refused before anything is
 * written: the entity's cold row is not written either, so the stored hot row never meets a cold
 * row of another write.
 */
class RowSizeLimitsTest {
  private EmbeddedStore store;
  private DocRepository docs;

  @BeforeEach
  void open() {
    store = EmbeddedStore.inMemory();
    docs = new DocRepository(store, Profile.TABLESTORE);
    docs.createTables();
  }

  @AfterEach
  void close() {
    store.close();
  }

  /** Three hot texts, each within the 2 MB attribute limit, together over the 4 MB put. */
  private static Doc tooLarge(long id, String body) {
    String two = "x".repeat(2_000_000);
    return new Doc(id, "t".repeat(300_000), two, two, body);
  }

  private static void assertPutLimit(Runnable write) {
    StoreException e = assertThrows(StoreException.class, write::run);
    assertEquals(ErrorKind.LIMIT_EXCEEDED, e.kind());
    String m = e.getMessage();
    assertTrue(m.contains("table " + Docs.HOT), m);
    assertTrue(m.contains(TestRows.key(1).toString()), m);
    assertTrue(m.contains("is a put of 4300"), m);
    assertTrue(m.contains("limit of " + StoreLimits.TABLESTORE_MAX_PUT_BYTES + " bytes"), m);
  }

  @Test
  void anEntityWhoseHotRowIsOverThePutWritesNeitherRow() {
    Doc stored = Doc.withCold(1, "old", "old body");
    docs.put(stored);

    assertPutLimit(() -> docs.put(tooLarge(1, "new body")));
    assertPutLimit(() -> docs.update(tooLarge(1, "new body")));
    // the cold row of the refused write did not replace the stored one
    assertEquals(Optional.of(stored), docs.getWithCold(1));
    try (var cold = store.scan(Docs.COLD, dev.widekey.runtime.store.ScanRange.all(2))) {
      assertEquals(List.of("old body"), cold.map(r -> r.get("body").asString()).toList());
    }
  }

  @Test
  void aBulkPutWithOneEntityOverThePutWritesNothing() {
    assertPutLimit(
        () -> docs.putAll(List.of(Doc.withCold(2, "fine", "b"), tooLarge(1, "new body"))));
    assertEquals(Optional.empty(), docs.get(2));
    assertEquals(0, store.scan(Docs.COLD, dev.widekey.runtime.store.ScanRange.all(2)).count());
  }

  @Test
  void theSameEntityFitsOnePutOfAnHBaseTable() {
    try (EmbeddedStore hbase = EmbeddedStore.inMemory()) {
      DocRepository onHBase = new DocRepository(hbase, Profile.HBASE);
      onHBase.createTables();
      Doc large = tooLarge(1, "new body");
      onHBase.put(large);
      assertEquals(Optional.of(large), onHBase.getWithCold(1));
    }
  }
}
