package dev.widekey.store.tablestore;

import dev.widekey.runtime.store.WideTableStore;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * The store contract against a real Tablestore instance, run only when the environment names one:
 * {@code WIDEKEY_TABLESTORE_ENDPOINT}, {@code WIDEKEY_TABLESTORE_INSTANCE}, {@code
 * WIDEKEY_TABLESTORE_ACCESS_KEY_ID} and {@code WIDEKEY_TABLESTORE_ACCESS_KEY_SECRET}. Every test
 * creates and drops its own tables ({@code wk_...}); expect a few minutes, most of it tables
 * loading after CreateTable.
 */
@EnabledIfEnvironmentVariable(
    named = "WIDEKEY_TABLESTORE_ENDPOINT",
    matches = ".+",
    disabledReason = TablestoreLiveContractTest.SKIPPED)
@EnabledIfEnvironmentVariable(
    named = "WIDEKEY_TABLESTORE_INSTANCE",
    matches = ".+",
    disabledReason = TablestoreLiveContractTest.SKIPPED)
@EnabledIfEnvironmentVariable(
    named = "WIDEKEY_TABLESTORE_ACCESS_KEY_ID",
    matches = ".+",
    disabledReason = TablestoreLiveContractTest.SKIPPED)
@EnabledIfEnvironmentVariable(
    named = "WIDEKEY_TABLESTORE_ACCESS_KEY_SECRET",
    matches = ".+",
    disabledReason = TablestoreLiveContractTest.SKIPPED)
class TablestoreLiveContractTest extends TablestoreContractBase {
  static final String SKIPPED =
      "live Tablestore contract run skipped: set WIDEKEY_TABLESTORE_ENDPOINT, _INSTANCE,"
          + " _ACCESS_KEY_ID and _ACCESS_KEY_SECRET to run it against a real instance";

  private static WideTableStore store;

  @BeforeAll
  static void open() {
    store = new TablestoreStoreProvider().open(Map.of());
  }

  @AfterAll
  static void close() {
    if (store != null) {
      store.close();
    }
  }

  @Override
  protected WideTableStore store() {
    return store;
  }
}
