package dev.widekey.runtime.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Opens the store that configuration names, among the providers on the class path.
 *
 * <p>Settings are read by {@link StoreConfig}: an explicit map over {@code widekey.*} system
 * properties over {@code WIDEKEY_*} environment variables ({@code WIDEKEY_EMBEDDED_DIR} is {@code
 * widekey.embedded.dir}). A misspelt store setting is an error naming the closest known one. The
 * store that opened, and its settings (secrets masked), are logged once at {@code INFO} through
 * {@link System.Logger} (logger {@code dev.widekey.runtime.store.Stores}).
 *
 * <pre>{@code
 * // -Dwidekey.embedded.dir=data, or WIDEKEY_EMBEDDED_DIR=data: a store kept in a directory
 * WideTableStore store = Stores.open();
 * // widekey.store=hbase, widekey.hbase.zookeeper.quorum=zk1:2181
 * WideTableStore hbase = Stores.open(Map.of("widekey.store", "hbase"));
 * }</pre>
 */
public final class Stores {
  /** The setting that names the store kind. */
  public static final String STORE = "widekey.store";

  /** The kind used when {@link #STORE} is not set. */
  public static final String DEFAULT_KIND = "embedded";

  private static final System.Logger LOG = System.getLogger(Stores.class.getName());

  private Stores() {}

  /**
   * Opens the store that {@code widekey.*} system properties and {@code WIDEKEY_*} environment
   * variables name (default: the embedded store, in memory unless {@code widekey.embedded.dir} is
   * set).
   */
  public static WideTableStore open() {
    return open(StoreConfig.read());
  }

  /**
   * Opens the store named by {@code widekey.store} (default {@code embedded}), with the explicit
   * settings over system properties over environment variables.
   */
  public static WideTableStore open(Map<String, String> config) {
    return open(StoreConfig.read(config));
  }

  /** Opens the store a configuration names. */
  public static WideTableStore open(StoreConfig config) {
    return open(config, providers());
  }

  static WideTableStore open(StoreConfig config, List<WideTableStoreProvider> providers) {
    String kind = config.kind();
    List<String> known = new ArrayList<>();
    for (WideTableStoreProvider provider : providers) {
      if (provider.name().equals(kind)) {
        List<String> others = config.settingsOfOtherStores();
        if (!others.isEmpty()) {
          LOG.log(
              System.Logger.Level.WARNING,
              "widekey: settings of another store are not read by the "
                  + kind
                  + " store: "
                  + others);
        }
        WideTableStore store = provider.open(config.values());
        LOG.log(System.Logger.Level.INFO, "widekey: opened " + store + " with " + config);
        return store;
      }
      known.add(provider.name());
    }
    String artifact = StoreConfig.BACKEND_ARTIFACTS.get(kind);
    throw new IllegalArgumentException(
        STORE
            + "="
            + kind
            + " ("
            + config.source(STORE).orElseThrow()
            + ") names no store on the class path; available: "
            + known
            + (artifact == null ? "" : "; add the dependency " + artifact + " to use it"));
  }

  /** The providers on the class path. */
  static List<WideTableStoreProvider> providers() {
    List<WideTableStoreProvider> providers = new ArrayList<>();
    ServiceLoader.load(WideTableStoreProvider.class).forEach(providers::add);
    return providers;
  }
}
