package dev.widekey.store.tck.embedded;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.store.tck.ServiceIndexRepositoryContractTest;
import dev.widekey.store.tck.TestClock;
import java.time.Duration;

/** The service-index repository contract on the embedded store, with a global-index lag. */
class EmbeddedServiceIndexRepositoryTest extends ServiceIndexRepositoryContractTest {
  @Override
  protected WideTableStore store(TestClock clock, Duration globalLag) {
    return EmbeddedStore.builder().clock(clock).globalIndexLag(globalLag).build();
  }
}
