package dev.widekey.runtime.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.StoreConfig.Source;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreConfigTest {
  /** A provider with settings like a real backend's: a dash, a secret, an open prefix. */
  private static final WideTableStoreProvider CLOUD =
      new WideTableStoreProvider() {
        @Override
        public String name() {
          return "cloud";
        }

        @Override
        public Set<String> settings() {
          return Set.of(
              "widekey.cloud.endpoint",
              "widekey.cloud.access-key-id",
              "widekey.cloud.access-key-secret",
              "widekey.cloud.password");
        }

        @Override
        public Set<String> settingPrefixes() {
          return Set.of("widekey.cloud.conf.");
        }

        @Override
        public WideTableStore open(Map<String, String> config) {
          throw new UnsupportedOperationException();
        }
      };

  private static final List<WideTableStoreProvider> PROVIDERS =
      List.of(new dev.widekey.runtime.store.embedded.EmbeddedStoreProvider(), CLOUD);

  @TempDir Path dir;

  private static Properties props(String... keyValues) {
    Properties p = new Properties();
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return p;
  }

  @Test
  void explicitWinsOverSystemPropertiesWhichWinOverTheEnvironment() {
    StoreConfig config =
        StoreConfig.read(
            Map.of("widekey.cloud.endpoint", "explicit"),
            props("widekey.cloud.endpoint", "property", "widekey.embedded.dir", "property-dir"),
            Map.of(
                "WIDEKEY_CLOUD_ENDPOINT", "env",
                "WIDEKEY_EMBEDDED_DIR", "env-dir",
                "WIDEKEY_STORE", "cloud"),
            PROVIDERS);
    assertEquals("explicit", config.values().get("widekey.cloud.endpoint"));
    assertEquals(Optional.of(Source.EXPLICIT), config.source("widekey.cloud.endpoint"));
    assertEquals("property-dir", config.values().get("widekey.embedded.dir"));
    assertEquals(Optional.of(Source.SYSTEM_PROPERTY), config.source("widekey.embedded.dir"));
    assertEquals("cloud", config.kind());
    assertEquals(Optional.of(Source.ENVIRONMENT), config.source(Stores.STORE));
  }

  @Test
  void environmentNamesMapToTheDeclaredSettingsDashesIncluded() {
    StoreConfig config =
        StoreConfig.read(
            Map.of(),
            new Properties(),
            Map.of(
                "WIDEKEY_EMBEDDED_DIR", "data",
                "WIDEKEY_CLOUD_ACCESS_KEY_ID", "id",
                "WIDEKEY_CLOUD_CONF_RPC_TIMEOUT", "5",
                "WIDEKEY_FUZZ_SEED", "42",
                "PATH", "/bin"),
            PROVIDERS);
    assertEquals(
        Map.of(
            "widekey.embedded.dir", "data",
            "widekey.cloud.access-key-id", "id",
            "widekey.cloud.conf.rpc.timeout", "5",
            "widekey.fuzz.seed", "42"),
        config.values());
  }

  @Test
  void anUnknownStoreSettingIsAnErrorNamingTheClosestKnownOne() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                StoreConfig.read(
                    Map.of(),
                    new Properties(),
                    Map.of("WIDEKEY_EMBEDDED_DIRECTORY", "data"),
                    PROVIDERS));
    assertTrue(
        e.getMessage()
            .startsWith("widekey.embedded.directory (environment WIDEKEY_EMBEDDED_DIRECTORY)"),
        e.getMessage());
    assertTrue(e.getMessage().contains("did you mean widekey.embedded.dir?"), e.getMessage());

    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                StoreConfig.read(
                    Map.of("widekey.cloud.endpiont", "x"), new Properties(), Map.of(), PROVIDERS));
    assertTrue(e.getMessage().contains("did you mean widekey.cloud.endpoint?"), e.getMessage());

    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> StoreConfig.read(Map.of(), props("widekey.stor", "cloud"), Map.of(), PROVIDERS));
    assertFalse(e.getMessage().isEmpty());
  }

  @Test
  void aSettingOfABackendNotOnTheClassPathNamesItsArtifact() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                StoreConfig.read(
                    Map.of("widekey.hbase.zookeeper.quorum", "zk1"),
                    new Properties(),
                    Map.of(),
                    PROVIDERS));
    assertTrue(e.getMessage().contains("dev.widekey:widekey-store-hbase"), e.getMessage());
  }

  @Test
  void otherWidekeySettingsAreNotTheStoresAndPassUnchecked() {
    StoreConfig config =
        StoreConfig.read(
            Map.of(),
            props("widekey.fuzz.seed", "7", "widekey.bench", "true"),
            Map.of(),
            PROVIDERS);
    assertEquals("7", config.values().get("widekey.fuzz.seed"));
    assertEquals("embedded", config.kind());
    assertEquals(Optional.of(Source.DEFAULT), config.source(Stores.STORE));
  }

  @Test
  void secretsAreMaskedInTheDescription() {
    StoreConfig config =
        StoreConfig.read(
            Map.of(
                "widekey.store", "cloud",
                "widekey.cloud.endpoint", "https://cloud.example",
                "widekey.cloud.access-key-id", "LTAI-id",
                "widekey.cloud.access-key-secret", "s3cr3t",
                "widekey.cloud.password", "hunter2",
                "hbase.client.password", "hunter3"),
            new Properties(),
            Map.of(),
            PROVIDERS);
    String text = config.toString();
    assertTrue(text.contains("widekey.store=cloud (given)"), text);
    assertTrue(text.contains("widekey.cloud.endpoint=https://cloud.example (given)"), text);
    for (String secret : List.of("LTAI-id", "s3cr3t", "hunter2", "hunter3")) {
      assertFalse(text.contains(secret), text);
    }
    assertTrue(text.contains("widekey.cloud.access-key-secret=**** (given)"), text);
    assertTrue(StoreConfig.isSecret("widekey.tablestore.access-key-secret"));
    assertFalse(StoreConfig.isSecret("widekey.embedded.dir"), "the widekey. prefix is no key");
  }

  @Test
  void aDirectoryFromASystemPropertyOpensADirectoryStore() throws Exception {
    Path data = dir.resolve("data");
    StoreConfig config =
        StoreConfig.read(
            Map.of(), props("widekey.embedded.dir", data.toString()), Map.of(), PROVIDERS);
    try (WideTableStore store = Stores.open(config, PROVIDERS)) {
      assertEquals(Optional.of(data), ((EmbeddedStore) store).directory());
      assertTrue(store.toString().contains(data.toString()), store.toString());
    }
    assertTrue(Files.isDirectory(data));
  }

  @Test
  void theRealSystemPropertyIsReadByOpen() {
    Path data = dir.resolve("from-property");
    String before = System.getProperty("widekey.embedded.dir");
    System.setProperty("widekey.embedded.dir", data.toString());
    try (WideTableStore store = Stores.open()) {
      assertInstanceOf(EmbeddedStore.class, store);
      assertEquals(Optional.of(data), ((EmbeddedStore) store).directory());
    } finally {
      if (before == null) {
        System.clearProperty("widekey.embedded.dir");
      } else {
        System.setProperty("widekey.embedded.dir", before);
      }
    }
    assertTrue(Files.isDirectory(data));
  }

  @Test
  void aBackendNotOnTheClassPathNamesTheArtifactToAdd() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Stores.open(StoreConfig.of(Map.of("widekey.store", "hbase"))));
    assertTrue(e.getMessage().contains("names no store on the class path"), e.getMessage());
    assertTrue(
        e.getMessage().contains("add the dependency dev.widekey:widekey-store-hbase"),
        e.getMessage());
  }
}
