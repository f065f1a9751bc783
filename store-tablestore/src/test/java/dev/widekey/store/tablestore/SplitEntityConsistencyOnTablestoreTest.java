package dev.widekey.store.tablestore;

import static dev.widekey.store.tablestore.TablestoreFixtures.storeOver;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.SplitEntityConsistencyContractTest;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** A split entity under a second writer that lands mid-write, on the fake Tablestore service. */
class SplitEntityConsistencyOnTablestoreTest extends SplitEntityConsistencyContractTest {
  private static TablestoreStore store;

  @BeforeAll
  static void open() {
    store = storeOver(new FakeTablestoreService(7, 1), Duration.ofSeconds(5));
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
