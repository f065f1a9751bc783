package dev.widekey.store.tck.embedded;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.store.tck.ServiceIndexContractTest;
import dev.widekey.store.tck.TestClock;
import java.time.Duration;

/** Service-maintained indexes on the embedded store, which serves the Tablestore profile. */
class EmbeddedServiceIndexTest extends ServiceIndexContractTest {
  @Override
  protected WideTableStore store(TestClock clock, Duration globalLag) {
    return EmbeddedStore.builder().clock(clock).globalIndexLag(globalLag).build();
  }
}
