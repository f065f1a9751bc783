package dev.widekey.spring;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code widekey.*} settings of the store the starter opens with {@code
 * dev.widekey.runtime.store.Stores#open(Map)}: the documented keys of every backend, so that IDEs
 * complete them. Every further {@code widekey.*} key but {@code widekey.repositories.*} is passed
 * to the store as it is written: a misspelt one ({@code widekey.embedded.directory}, {@code
 * widekey.embeded.dir}) fails the start with the store's error naming the closest known key. The
 * starter's own settings ({@code widekey.repositories.*}, {@code widekey.health.*}) are not.
 */
@ConfigurationProperties(prefix = "widekey")
public class WidekeyProperties {
  /** The store to open: embedded, hbase or tablestore (its module must be on the class path). */
  private String store = "embedded";

  private final Embedded embedded = new Embedded();
  private final Hbase hbase = new Hbase();
  private final Tablestore tablestore = new Tablestore();
  private final Repositories repositories = new Repositories();
  private final Health health = new Health();

  public String getStore() {
    return store;
  }

  public void setStore(String store) {
    this.store = store;
  }

  public Embedded getEmbedded() {
    return embedded;
  }

  public Hbase getHbase() {
    return hbase;
  }

  public Tablestore getTablestore() {
    return tablestore;
  }

  public Repositories getRepositories() {
    return repositories;
  }

  public Health getHealth() {
    return health;
  }

  /** The settings this object holds, under their {@code widekey.*} names; unset ones left out. */
  public Map<String, String> toStoreSettings() {
    Map<String, String> out = new LinkedHashMap<>();
    put(out, "widekey.store", store);
    put(out, "widekey.embedded.dir", embedded.dir);
    put(out, "widekey.hbase.zookeeper.quorum", hbase.zookeeper.quorum);
    put(out, "widekey.hbase.zookeeper.port", hbase.zookeeper.port);
    put(out, "widekey.hbase.znode.parent", hbase.znode.parent);
    put(out, "widekey.hbase.namespace", hbase.namespace);
    put(out, "widekey.hbase.username", hbase.username);
    put(out, "widekey.hbase.password", hbase.password);
    put(out, "widekey.hbase.write.order", hbase.write.order);
    hbase.conf.forEach((k, v) -> put(out, "widekey.hbase.conf." + k, v));
    put(out, "widekey.tablestore.endpoint", tablestore.endpoint);
    put(out, "widekey.tablestore.instance", tablestore.instance);
    put(out, "widekey.tablestore.access-key-id", tablestore.accessKeyId);
    put(out, "widekey.tablestore.access-key-secret", tablestore.accessKeySecret);
    put(
        out,
        "widekey.tablestore.ready-timeout-seconds",
        tablestore.readyTimeoutSeconds == null ? null : tablestore.readyTimeoutSeconds.toString());
    return out;
  }

  /**
   * A set value, blank included: the store refuses a blank one naming its key ({@code
   * widekey.embedded.dir=} is not a store in memory), rather than the value being dropped here.
   */
  private static void put(Map<String, String> out, String key, String value) {
    if (value != null) {
      out.put(key, value);
    }
  }

  /** The embedded store. */
  public static class Embedded {
    /**
     * The directory to keep the embedded store in; unset, the store lives in memory. Blank fails
     * the start.
     */
    private String dir;

    public String getDir() {
      return dir;
    }

    public void setDir(String dir) {
      this.dir = dir;
    }
  }

  /** HBase and Lindorm (module widekey-store-hbase). */
  public static class Hbase {
    private final Zookeeper zookeeper = new Zookeeper();
    private final Znode znode = new Znode();
    private final Write write = new Write();

    /** The namespace that holds the tables (the store's default: default); it must exist. */
    private String namespace;

    /** Lindorm's user name (hbase.client.username). */
    private String username;

    /** Lindorm's password (hbase.client.password). */
    private String password;

    /** HBase client settings passed as they are, e.g. widekey.hbase.conf[hbase.rpc.timeout]. */
    private Map<String, String> conf = new LinkedHashMap<>();

    public Zookeeper getZookeeper() {
      return zookeeper;
    }

    public Znode getZnode() {
      return znode;
    }

    public Write getWrite() {
      return write;
    }

    public String getNamespace() {
      return namespace;
    }

    public void setNamespace(String namespace) {
      this.namespace = namespace;
    }

    public String getUsername() {
      return username;
    }

    public void setUsername(String username) {
      this.username = username;
    }

    public String getPassword() {
      return password;
    }

    public void setPassword(String password) {
      this.password = password;
    }

    public Map<String, String> getConf() {
      return conf;
    }

    public void setConf(Map<String, String> conf) {
      this.conf = conf;
    }

    /** The ZooKeeper ensemble. */
    public static class Zookeeper {
      /** The ZooKeeper quorum, e.g. zk1,zk2,zk3. */
      private String quorum;

      /** The ZooKeeper client port. */
      private String port;

      public String getQuorum() {
        return quorum;
      }

      public void setQuorum(String quorum) {
        this.quorum = quorum;
      }

      public String getPort() {
        return port;
      }

      public void setPort(String port) {
        this.port = port;
      }
    }

    /** The cluster's znode. */
    public static class Znode {
      /** The cluster's parent znode, e.g. /hbase. */
      private String parent;

      public String getParent() {
        return parent;
      }

      public void setParent(String parent) {
        this.parent = parent;
      }
    }

    /** How writes are ordered. */
    public static class Write {
      /** server-clock (the store's default) or row-marker: how puts and deletes are ordered. */
      private String order;

      public String getOrder() {
        return order;
      }

      public void setOrder(String order) {
        this.order = order;
      }
    }
  }

  /** Alibaba Tablestore (module widekey-store-tablestore). */
  public static class Tablestore {
    /** The instance endpoint, e.g. https://my-instance.cn-hangzhou.ots.aliyuncs.com. */
    private String endpoint;

    /** The instance name. */
    private String instance;

    /** The AccessKey id. */
    private String accessKeyId;

    /** The AccessKey secret. */
    private String accessKeySecret;

    /** How long creating a table waits for it to serve, in seconds (the store's default: 60). */
    private Integer readyTimeoutSeconds;

    public String getEndpoint() {
      return endpoint;
    }

    public void setEndpoint(String endpoint) {
      this.endpoint = endpoint;
    }

    public String getInstance() {
      return instance;
    }

    public void setInstance(String instance) {
      this.instance = instance;
    }

    public String getAccessKeyId() {
      return accessKeyId;
    }

    public void setAccessKeyId(String accessKeyId) {
      this.accessKeyId = accessKeyId;
    }

    public String getAccessKeySecret() {
      return accessKeySecret;
    }

    public void setAccessKeySecret(String accessKeySecret) {
      this.accessKeySecret = accessKeySecret;
    }

    public Integer getReadyTimeoutSeconds() {
      return readyTimeoutSeconds;
    }

    public void setReadyTimeoutSeconds(Integer readyTimeoutSeconds) {
      this.readyTimeoutSeconds = readyTimeoutSeconds;
    }
  }

  /** The generated repositories. */
  public static class Repositories {
    /** Whether the generated repositories of the class path are registered as beans. */
    private boolean enabled = true;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    /**
     * How many commit points each repository remembers (0: none; unset: the repository's default):
     * a rewrite of an entity remembered skips a read on a networked store, at a few hundred bytes
     * of heap an entity. Size it to the entities an instance rewrites.
     */
    private Integer rememberedCommitPoints;

    public Integer getRememberedCommitPoints() {
      return rememberedCommitPoints;
    }

    public void setRememberedCommitPoints(Integer rememberedCommitPoints) {
      if (rememberedCommitPoints != null && rememberedCommitPoints < 0) {
        throw new IllegalArgumentException(
            "widekey.repositories.remembered-commit-points must be 0 (none) or more: "
                + rememberedCommitPoints);
      }
      this.rememberedCommitPoints = rememberedCommitPoints;
    }
  }

  /** The {@code widekey} health indicator (with spring-boot-health, the actuator). */
  public static class Health {
    /**
     * How long a health check waits for the store's answer before reporting it DOWN (error
     * TIMEOUT), e.g. 5s or 500ms.
     */
    private Duration timeout = Duration.ofSeconds(5);

    public Duration getTimeout() {
      return timeout;
    }

    public void setTimeout(Duration timeout) {
      this.timeout = checkedTimeout(timeout);
    }

    /** {@code timeout}, refused unless positive: a check must wait some time, and not for ever. */
    static Duration checkedTimeout(Duration timeout) {
      if (timeout == null || timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("widekey.health.timeout must be positive: " + timeout);
      }
      return timeout;
    }
  }
}
