package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.Docs.Doc;
import dev.widekey.runtime.repository.Docs.DocRepository;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import org.junit.jupiter.api.Test;

/** A repository used before {@code createTables()} says so: the error names the fix. */
class MissingTablesHintTest {
  @Test
  void aPutOrGetBeforeCreateTablesNamesCreateTables() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      DocRepository docs = new DocRepository(store);
      for (Runnable call :
          new Runnable[] {
            () -> docs.put(Doc.withCold(1, "t", "body")),
            () -> docs.put(Doc.hot(2, "t")),
            () -> docs.insert(Doc.hot(3, "t")),
            () -> docs.get(1)
          }) {
        StoreException e = assertThrows(StoreException.class, call::run);
        assertEquals(ErrorKind.TABLE_NOT_FOUND, e.kind());
        assertFalse(e.retryable());
        assertTrue(e.getMessage().startsWith("TABLE_NOT_FOUND: "), e.getMessage());
        assertTrue(
            e.getMessage().contains("call createTables() on the repository first"), e.getMessage());
      }
      docs.createTables();
      docs.put(Doc.hot(2, "t"));
      assertTrue(docs.get(2).isPresent());
    }
  }
}
