package dev.widekey.store.tck.embedded;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.store.tck.TimeShardedContractTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The time-sharded repository contract on an in-memory embedded store. */
class EmbeddedTimeShardedTest extends TimeShardedContractTest {
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
