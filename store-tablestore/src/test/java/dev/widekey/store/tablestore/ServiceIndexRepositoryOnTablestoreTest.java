package dev.widekey.store.tablestore;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.ServiceIndexRepositoryContractTest;
import dev.widekey.store.tck.TestClock;
import java.time.Duration;

/** The service-index repository contract through the Tablestore backend over the fake service. */
class ServiceIndexRepositoryOnTablestoreTest extends ServiceIndexRepositoryContractTest {
  @Override
  protected WideTableStore store(TestClock clock, Duration globalLag) {
    FakeTablestoreService service = new FakeTablestoreService(3, 0);
    service.useClock(clock);
    service.globalIndexLag(globalLag);
    return TablestoreFixtures.storeOver(service, Duration.ofSeconds(5));
  }
}
