package dev.widekey.store.tck.embedded;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.store.tck.ForgedSplitRowsContractTest;
import dev.widekey.store.tck.GeneratedRekeyingContractTest;
import dev.widekey.store.tck.GeneratedRepositoriesContractTest;
import dev.widekey.store.tck.IndexBuildContractTest;
import dev.widekey.store.tck.IndexConsistencyContractTest;
import dev.widekey.store.tck.RetriedConditionalPutContractTest;
import dev.widekey.store.tck.SplitEntityConsistencyContractTest;
import dev.widekey.store.tck.StoreContractTest;
import dev.widekey.store.tck.TestClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;

/** The store TCK on an in-memory embedded store, shared by the suites as a cluster would be. */
class EmbeddedStoreTckTest {
  private static EmbeddedStore store;
  private static final TestClock clock = new TestClock();

  @BeforeAll
  static void open() {
    store = EmbeddedStore.builder().clock(clock).build();
  }

  @AfterAll
  static void close() {
    store.close();
  }

  @Nested
  class Contract extends StoreContractTest {
    @Override
    protected WideTableStore store() {
      return store;
    }

    @Override
    protected TestClock clock() {
      return clock;
    }
  }

  @Nested
  class GeneratedRekeying extends GeneratedRekeyingContractTest {
    @Override
    protected WideTableStore store() {
      return store;
    }
  }

  @Nested
  class IndexConsistency extends IndexConsistencyContractTest {
    @Override
    protected WideTableStore store() {
      return store;
    }
  }

  @Nested
  class IndexBuild extends IndexBuildContractTest {
    @Override
    protected WideTableStore store() {
      return store;
    }
  }

  @Nested
  class GeneratedRepositories extends GeneratedRepositoriesContractTest {
    @Override
    protected WideTableStore store() {
      return store;
    }
  }

  @Nested
  class RetriedConditionalPuts extends RetriedConditionalPutContractTest {
    @Override
    protected WideTableStore store() {
      return store;
    }

    /** The embedded store is fast: more rounds than on a networked store. */
    @Override
    protected int propertyRounds() {
      return Integer.getInteger(ROUNDS_PROPERTY, 2_000);
    }
  }

  @Nested
  class SplitEntityConsistency extends SplitEntityConsistencyContractTest {
    @Override
    protected WideTableStore store() {
      return store;
    }
  }

  @Nested
  class ForgedSplitRows extends ForgedSplitRowsContractTest {
    @Override
    protected WideTableStore store() {
      return store;
    }
  }
}
