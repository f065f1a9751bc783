package dev.widekey.store.tablestore;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.ServiceIndexContractTest;
import dev.widekey.store.tck.TestClock;
import java.time.Duration;

/**
 * Service-maintained indexes through the Tablestore backend over the fake service: created with the
 * table by CreateTable's IndexMeta list, read by GetRange on the index table's name, a local index
 * synchronous and a global one lagging by the delay the test sets on the fake.
 */
class ServiceIndexOnTablestoreTest extends ServiceIndexContractTest {
  @Override
  protected WideTableStore store(TestClock clock, Duration globalLag) {
    FakeTablestoreService service = new FakeTablestoreService(3, 0);
    service.useClock(clock);
    service.globalIndexLag(globalLag);
    return TablestoreFixtures.storeOver(service, Duration.ofSeconds(5));
  }
}
