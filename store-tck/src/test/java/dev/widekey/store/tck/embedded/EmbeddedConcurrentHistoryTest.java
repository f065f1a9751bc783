package dev.widekey.store.tck.embedded;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.store.tck.history.ConcurrentHistoryContractTest;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The history-checked concurrency test on one in-memory embedded store, given twice. */
class EmbeddedConcurrentHistoryTest extends ConcurrentHistoryContractTest {
  private static EmbeddedStore store;

  @BeforeAll
  static void open() {
    store = EmbeddedStore.inMemory();
  }

  @AfterAll
  static void close() {
    store.close();
  }

  @Override
  protected List<WideTableStore> stores() {
    return List.of(store, store);
  }
}
