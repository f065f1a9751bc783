package dev.widekey.store.tablestore;

import static dev.widekey.store.tablestore.TablestoreFixtures.storeOver;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.RetriedConditionalPutContractTest;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Conditional puts retried after a lost answer, on the Tablestore backend over the fake service:
 * the service's row condition refuses the retry ({@code OTSConditionCheckFail}), and the retry
 * recognises the row its earlier attempt wrote by reading it back.
 */
class RetriedConditionalPutOnTablestoreTest extends RetriedConditionalPutContractTest {
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
