package dev.widekey.store.tck.embedded;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.store.tck.GeneratedRepositoriesContractTest;
import dev.widekey.store.tck.StoreContractTest;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

/** The store TCK on an embedded store kept in a directory: the same code path on disk. */
class EmbeddedStoreOnDiskTckTest {
  @TempDir static Path directory;
  private static EmbeddedStore store;

  @BeforeAll
  static void open() {
    store = EmbeddedStore.open(directory);
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
  }

  @Nested
  class GeneratedRepositories extends GeneratedRepositoriesContractTest {
    @Override
    protected WideTableStore store() {
      return store;
    }
  }
}
