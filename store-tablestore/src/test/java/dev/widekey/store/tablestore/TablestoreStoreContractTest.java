package dev.widekey.store.tablestore;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.TestClock;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The store contract on the Tablestore backend, its requests answered by {@link
 * FakeTablestoreService} through the SDK's client interface: GetRange pages of at most 7 rows that
 * also end at partition boundaries, and new tables that refuse their first call while they "load".
 */
class TablestoreStoreContractTest extends TablestoreContractBase {
  private static TablestoreStore store;
  private static final TestClock clock = new TestClock();

  @BeforeAll
  static void open() {
    FakeTablestoreService service = new FakeTablestoreService(7, 1);
    service.useClock(clock);
    store =
        new TablestoreStore(
            service.client(), service::createTableEx, () -> {}, Duration.ofSeconds(5));
  }

  @AfterAll
  static void close() {
    store.close();
  }

  @Override
  protected WideTableStore store() {
    return store;
  }

  @Override
  protected TestClock clock() {
    return clock;
  }
}
