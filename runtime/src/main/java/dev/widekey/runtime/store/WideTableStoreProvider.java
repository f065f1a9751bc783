package dev.widekey.runtime.store;

import java.util.Map;

/**
 * Opens a {@link WideTableStore} of one kind from configuration, so that an application picks its
 * backend by configuration alone. Backend modules register an implementation in {@code
 * META-INF/services/dev.widekey.runtime.store.WideTableStoreProvider}; {@link Stores#open(Map)}
 * chooses one by the {@code widekey.store} setting.
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
}
