package dev.widekey.store.tck.embedded;

import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.retry.RetryingStore;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.store.tck.ServiceIndexContractTest;
import dev.widekey.store.tck.TestClock;
import java.time.Duration;

/** Service indexes read through a {@link RetryingStore}, which resumes index scans as scans. */
class RetryingServiceIndexTest extends ServiceIndexContractTest {
  @Override
  protected WideTableStore store(TestClock clock, Duration globalLag) {
    return new RetryingStore(
        EmbeddedStore.builder().clock(clock).globalIndexLag(globalLag).build(),
        RetryPolicy.defaults());
  }
}
