package dev.widekey.store.tck.embedded;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.store.tck.GeneratedRepositoriesContractTest;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/** The generated repositories on an embedded store kept in a directory. */
class GeneratedRepositoriesOnEmbeddedStoreOnDiskTest extends GeneratedRepositoriesContractTest {
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

  @Override
  protected WideTableStore store() {
    return store;
  }
}
