package dev.widekey.store.hbase;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WideTableStoreProvider;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;

/**
 * Opens an {@link HBaseStore} from configuration ({@code widekey.store=hbase}).
 *
 * <p>Settings:
 *
 * <ul>
 *   <li>{@code widekey.hbase.zookeeper.quorum} (required unless {@code hbase.zookeeper.quorum} is
 *       given, here or by an {@code hbase-site.xml} on the class path): the ZooKeeper quorum, or
 *       for Lindorm the wide-table endpoint;
 *   <li>{@code widekey.hbase.zookeeper.port}: ZooKeeper client port (default 2181);
 *   <li>{@code widekey.hbase.znode.parent}: the cluster's znode (default {@code /hbase});
 *   <li>{@code widekey.hbase.namespace}: the namespace that holds the tables (default {@code
 *       default}); it must exist;
 *   <li>{@code widekey.hbase.username} / {@code widekey.hbase.password}: Lindorm's user and
 *       password ({@code hbase.client.username} / {@code hbase.client.password});
 *   <li>{@code widekey.hbase.write.order}: {@code server-clock} (the default) or {@code
 *       row-marker}, how plain puts and deletes of a row are ordered ({@link
 *       HBaseStore.WriteOrder});
 *   <li>any {@code hbase.*} or {@code zookeeper.*} key: passed to the HBase client as it is, e.g.
 *       {@code hbase.client.retries.number} or {@code hbase.rpc.timeout};
 *   <li>{@code widekey.hbase.conf.<key>}: passed as {@code <key>}, for configurations that only
 *       carry {@code widekey.*} settings (e.g. {@code WIDEKEY_HBASE_CONF_HBASE_RPC_TIMEOUT} read
 *       from the environment as {@code widekey.hbase.conf.hbase.rpc.timeout}).
 * </ul>
 *
 * <pre>{@code
 * WideTableStore store = Stores.open(Map.of(
 *     "widekey.store", "hbase",
 *     "widekey.hbase.zookeeper.quorum", "zk1,zk2,zk3"));
 * }</pre>
 */
public final class HBaseStoreProvider implements WideTableStoreProvider {
  /** The value of {@code widekey.store} that selects this provider. */
  public static final String NAME = "hbase";

  static final String PREFIX = "widekey.hbase.";
  static final String QUORUM = PREFIX + "zookeeper.quorum";
  static final String PORT = PREFIX + "zookeeper.port";
  static final String ZNODE = PREFIX + "znode.parent";
  static final String NAMESPACE = PREFIX + "namespace";
  static final String USERNAME = PREFIX + "username";
  static final String PASSWORD = PREFIX + "password";
  static final String CONF_PREFIX = PREFIX + "conf.";
  static final String WRITE_ORDER = PREFIX + "write.order";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<String> settings() {
    return Set.of(QUORUM, PORT, ZNODE, NAMESPACE, USERNAME, PASSWORD, WRITE_ORDER);
  }

  @Override
  public Set<String> settingPrefixes() {
    return Set.of(CONF_PREFIX);
  }

  @Override
  public WideTableStore open(Map<String, String> config) {
    return HBaseStore.connect(configuration(config), namespace(config), writeOrder(config));
  }

  static HBaseStore.WriteOrder writeOrder(Map<String, String> config) {
    String order = config.get(WRITE_ORDER);
    if (order == null || order.isBlank()) {
      return HBaseStore.WriteOrder.SERVER_CLOCK;
    }
    try {
      return HBaseStore.WriteOrder.of(order);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(WRITE_ORDER + "=" + order + ": " + e.getMessage(), e);
    }
  }

  static String namespace(Map<String, String> config) {
    String ns = config.getOrDefault(NAMESPACE, "default").trim();
    if (ns.isEmpty()) {
      throw new IllegalArgumentException(NAMESPACE + " is empty");
    }
    return ns;
  }

  /** The HBase client configuration the settings describe. */
  static Configuration configuration(Map<String, String> config) {
    Configuration conf = HBaseConfiguration.create();
    config.forEach(
        (key, value) -> {
          if (key.startsWith("hbase.") || key.startsWith("zookeeper.")) {
            conf.set(key, value);
          } else if (key.startsWith(CONF_PREFIX) && key.length() > CONF_PREFIX.length()) {
            conf.set(key.substring(CONF_PREFIX.length()), value);
          }
        });
    String quorum = config.get(QUORUM);
    if (quorum != null && !quorum.isBlank()) {
      conf.set("hbase.zookeeper.quorum", quorum.trim());
    } else if (!config.containsKey("hbase.zookeeper.quorum")
        && !config.containsKey(CONF_PREFIX + "hbase.zookeeper.quorum")
        && java.util.Set.of("127.0.0.1", "localhost")
            .contains(conf.get("hbase.zookeeper.quorum"))) {
      // only HBase's built-in default: almost certainly a forgotten setting
      throw new IllegalArgumentException(
          QUORUM + " is not set: name the ZooKeeper quorum (or Lindorm endpoint) to connect to");
    }
    String port = config.get(PORT);
    if (port != null) {
      try {
        int p = Integer.parseInt(port.trim());
        if (p <= 0 || p > 65535) {
          throw new NumberFormatException();
        }
        conf.setInt("hbase.zookeeper.property.clientPort", p);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(PORT + "=" + port + " is not a port number", e);
      }
    }
    setIfPresent(config, ZNODE, conf, "zookeeper.znode.parent");
    setIfPresent(config, USERNAME, conf, "hbase.client.username");
    setIfPresent(config, PASSWORD, conf, "hbase.client.password");
    return conf;
  }

  private static void setIfPresent(
      Map<String, String> config, String key, Configuration conf, String hbaseKey) {
    String value = config.get(key);
    if (value != null) {
      conf.set(hbaseKey, value.trim());
    }
  }
}
