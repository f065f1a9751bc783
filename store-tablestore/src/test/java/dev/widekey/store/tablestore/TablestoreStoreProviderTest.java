package dev.widekey.store.tablestore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.StoreConfig;
import dev.widekey.runtime.store.Stores;
import dev.widekey.runtime.store.WideTableStore;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TablestoreStoreProviderTest {
  private static final Map<String, String> CONFIG =
      Map.of(
          "widekey.tablestore.endpoint", "https://example-instance.cn-hangzhou.ots.aliyuncs.com",
          "widekey.tablestore.instance", "example-instance",
          "widekey.tablestore.access-key-id", "id",
          "widekey.tablestore.access-key-secret", "very-secret");

  @Test
  void readsSettingsFromConfigurationThenTheEnvironment() {
    TablestoreStoreProvider provider =
        new TablestoreStoreProvider(
            name -> name.equals("WIDEKEY_TABLESTORE_ACCESS_KEY_SECRET") ? "from-env" : null);
    TablestoreStoreProvider.Settings s =
        provider.settings(
            Map.of(
                "widekey.tablestore.endpoint", " https://e ",
                "widekey.tablestore.instance", "i",
                "widekey.tablestore.access-key-id", "id",
                "widekey.tablestore.ready-timeout-seconds", "5"));
    assertEquals("https://e", s.endpoint());
    assertEquals("from-env", s.accessKeySecret());
    assertEquals(Duration.ofSeconds(5), s.readyTimeout());
    assertFalse(s.toString().contains("from-env"), "the secret stays out of messages");
  }

  @Test
  void aMissingSettingIsNamed() {
    TablestoreStoreProvider provider = new TablestoreStoreProvider(name -> null);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> provider.settings(Map.of("widekey.tablestore.endpoint", "https://e")));
    assertTrue(e.getMessage().contains("widekey.tablestore.instance"), e.getMessage());
    assertTrue(e.getMessage().contains("WIDEKEY_TABLESTORE_INSTANCE"), e.getMessage());
  }

  @Test
  void storesOpensItByName() {
    // the SDK client connects lazily: opening and closing sends nothing
    java.util.HashMap<String, String> config = new java.util.HashMap<>(CONFIG);
    config.put(Stores.STORE, "tablestore");
    try (WideTableStore store = Stores.open(config)) {
      assertInstanceOf(TablestoreStore.class, store);
      assertEquals(
          "TablestoreStore[endpoint=https://example-instance.cn-hangzhou.ots.aliyuncs.com,"
              + " instance=example-instance]",
          store.toString());
    }
  }

  @Test
  void theSettingsAreDeclaredSoAMisspeltOneNamesTheRightOne() {
    java.util.HashMap<String, String> config = new java.util.HashMap<>(CONFIG);
    config.put(Stores.STORE, "tablestore");
    config.put("widekey.tablestore.acces-key-secret", "x");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> StoreConfig.of(config));
    assertTrue(
        e.getMessage().contains("did you mean widekey.tablestore.access-key-secret?"),
        e.getMessage());
    config.remove("widekey.tablestore.acces-key-secret");
    String described = StoreConfig.of(config).toString();
    assertFalse(described.contains("very-secret"), described);
    assertTrue(described.contains("widekey.tablestore.access-key-secret=**** (given)"), described);
    assertTrue(described.contains("widekey.tablestore.instance=example-instance"), described);
  }
}
