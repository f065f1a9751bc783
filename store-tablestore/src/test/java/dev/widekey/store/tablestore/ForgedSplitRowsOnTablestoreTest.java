package dev.widekey.store.tablestore;

import static dev.widekey.store.tablestore.TablestoreFixtures.storeOver;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.ForgedSplitRowsContractTest;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Rows of a split entity no write could have produced, on the fake Tablestore service. */
class ForgedSplitRowsOnTablestoreTest extends ForgedSplitRowsContractTest {
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
