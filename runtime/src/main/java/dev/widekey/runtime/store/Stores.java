package dev.widekey.runtime.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Opens the store that configuration names, among the providers on the class path.
 *
 * <pre>{@code
 * // widekey.store=hbase, widekey.hbase.zookeeper.quorum=zk1:2181
 * WideTableStore store = Stores.open(config);
 * }</pre>
 */
public final class Stores {
  /** The setting that names the store kind. */
  public static final String STORE = "widekey.store";

  /** The kind used when {@link #STORE} is not set. */
  public static final String DEFAULT_KIND = "embedded";

  private Stores() {}

  /** Opens the store named by {@code widekey.store} (default {@code embedded}). */
  public static WideTableStore open(Map<String, String> config) {
    String kind = config.getOrDefault(STORE, DEFAULT_KIND).trim();
    List<String> known = new ArrayList<>();
    for (WideTableStoreProvider provider : ServiceLoader.load(WideTableStoreProvider.class)) {
      if (provider.name().equals(kind)) {
        return provider.open(config);
      }
      known.add(provider.name());
    }
    throw new IllegalArgumentException(
        STORE + "=" + kind + " names no store on the class path; available: " + known);
  }
}
