package dev.widekey.store.tck.embedded;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.store.tck.fuzz.StoredRowFuzzTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The stored-row fuzzer on a fresh in-memory embedded store, in its own small-heap JVM. */
@SmallHeap
class EmbeddedStoredRowFuzzTest extends StoredRowFuzzTest {
  private EmbeddedStore store;

  @BeforeEach
  void open() {
    store = EmbeddedStore.inMemory();
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Override
  protected WideTableStore store() {
    return store;
  }
}
