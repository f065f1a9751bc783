package dev.widekey.store.tck.embedded;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.store.tck.RekeyContractTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The re-keying job's contract on an in-memory embedded store. */
class EmbeddedRekeyTest extends RekeyContractTest {
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
  protected WideTableStore store() {
    return store;
  }
}
