package dev.widekey.store.tablestore;

import static dev.widekey.store.tablestore.TablestoreFixtures.storeOver;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.history.ConcurrentHistoryContractTest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;

/**
 * The history-checked concurrency test on two Tablestore stores over one fake service, as two
 * clients of one instance: it checks the backend's mapping of conditional puts and reads (the fake
 * applies each row under a lock, as the service applies a row atomically).
 */
class TablestoreConcurrentHistoryTest extends ConcurrentHistoryContractTest {
  private static List<WideTableStore> stores;

  @BeforeAll
  static void open() {
    FakeTablestoreService service = new FakeTablestoreService(7, 0);
    stores =
        List.of(
            storeOver(service, Duration.ofSeconds(5)), storeOver(service, Duration.ofSeconds(5)));
  }

  @Override
  protected List<WideTableStore> stores() {
    return stores;
  }

  /** Shorter by default than on a real store: the fake checks the mapping, not the service. */
  @Override
  protected long seconds() {
    return Long.getLong(SECONDS_PROPERTY, 5);
  }
}
