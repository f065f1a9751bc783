package dev.widekey.runtime.store;

import java.util.Map;
import java.util.Set;

/**
 * Opens a {@link WideTableStore} of one kind from configuration, so that an application picks its
 * backend by configuration alone. Backend modules register an implementation in {@code
 * META-INF/services/dev.widekey.runtime.store.WideTableStoreProvider}; {@link Stores#open(Map)}
 * chooses one by the {@code widekey.store} setting.
 *
 * <p>A provider declares the settings it reads ({@link #settings()}, {@link #settingPrefixes()}),
 * so that {@link Stores} can refuse a misspelt one, name the closest known setting, and map an
 * environment variable such as {@code WIDEKEY_TABLESTORE_ACCESS_KEY_ID} back to its setting {@code
 * widekey.tablestore.access-key-id}.
 *
 * <pre>{@code
 * WideTableStore store = Stores.open(Map.of("widekey.store", "embedded"));
 * }</pre>
 */
public interface WideTableStoreProvider {
  /** The value of {@code widekey.store} that selects this provider, e.g. {@code "hbase"}. */
  String name();

  /**
   * Opens a store.
   *
   * @param config all settings; a provider reads the {@code widekey.<name>.*} keys it documents
   * @throws IllegalArgumentException naming the setting if one is missing or malformed
   */
  WideTableStore open(Map<String, String> config);

  /**
   * The settings this provider reads, each a full key under {@code widekey.<name>.}, e.g. {@code
   * widekey.embedded.dir}. A key under that prefix that no provider declares is refused by {@link
   * Stores#open(Map)}, with the closest known key named. The default declares none, which makes
   * every {@code widekey.<name>.*} key an error: a provider with settings overrides this.
   */
  default Set<String> settings() {
    return Set.of();
  }

  /**
   * Prefixes under which any key is this provider's, passed on as it is (e.g. {@code
   * widekey.hbase.conf.}, whose keys go to the HBase client). Each ends with {@code .}.
   */
  default Set<String> settingPrefixes() {
    return Set.of();
  }
}
