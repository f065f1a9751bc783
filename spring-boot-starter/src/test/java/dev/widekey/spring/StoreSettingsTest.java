package dev.widekey.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.mock.env.MockEnvironment;

/** Which settings reach {@code Stores.open}: documented keys canonically, extras as written. */
class StoreSettingsTest {
  private static Map<String, String> settings(MockEnvironment env) {
    WidekeyProperties properties = Binder.get(env).bindOrCreate("widekey", WidekeyProperties.class);
    return StoreSettings.of(properties, env);
  }

  @Test
  void documentedKeysUnderTheirCanonicalNames() {
    MockEnvironment env =
        new MockEnvironment()
            .withProperty("widekey.store", "tablestore")
            .withProperty("widekey.tablestore.accessKeyId", "id")
            .withProperty("widekey.tablestore.access-key-secret", "secret")
            .withProperty("widekey.tablestore.endpoint", "https://x")
            .withProperty("widekey.tablestore.instance", "i");

    assertThat(settings(env))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "widekey.store", "tablestore",
                "widekey.tablestore.access-key-id", "id",
                "widekey.tablestore.access-key-secret", "secret",
                "widekey.tablestore.endpoint", "https://x",
                "widekey.tablestore.instance", "i"));
  }

  @Test
  void extraKeysPassThroughTheStartersOwnDoNot() {
    MockEnvironment env =
        new MockEnvironment()
            .withProperty("widekey.store", "hbase")
            .withProperty("widekey.hbase.zookeeper.quorum", "zk1,zk2")
            .withProperty("widekey.hbase.conf.hbase.rpc.timeout", "5000")
            .withProperty("widekey.hbase.future.setting", "x")
            .withProperty("widekey.seed", "42")
            .withProperty("widekey.repositories.enabled", "true");

    assertThat(settings(env))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "widekey.store", "hbase",
                "widekey.hbase.zookeeper.quorum", "zk1,zk2",
                "widekey.hbase.conf.hbase.rpc.timeout", "5000",
                "widekey.hbase.future.setting", "x",
                // Stores.open passes a key outside the stores' namespaces on unchecked
                "widekey.seed", "42"));
  }

  @Test
  void defaultIsEmbeddedInMemory() {
    assertThat(settings(new MockEnvironment()))
        .containsExactlyEntriesOf(Map.of("widekey.store", "embedded"));
  }
}
