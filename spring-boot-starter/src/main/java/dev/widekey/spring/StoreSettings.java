package dev.widekey.spring;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * The settings handed to {@code Stores.open(Map)}: the documented keys from {@link
 * WidekeyProperties}, under their canonical names however they were written (relaxed binding:
 * {@code WIDEKEY_EMBEDDED_DIR}, {@code widekey.tablestore.accessKeyId}), and every other key under
 * {@code widekey.embedded.*}, {@code widekey.hbase.*} and {@code widekey.tablestore.*} as it is
 * written, so that {@code Stores.open} refuses a misspelt one ({@code widekey.embedded.directory})
 * as it does outside Spring. Other {@code widekey.*} properties are not the store's and are left
 * out.
 */
final class StoreSettings {
  private StoreSettings() {}

  /**
   * The backends whose further keys are passed through: all of them, since a key left out here
   * would be ignored silently (a misspelt directory, and the data kept in memory).
   */
  private static final String[] PASSED_THROUGH = {"embedded", "hbase", "tablestore"};

  static Map<String, String> of(WidekeyProperties properties, Environment environment) {
    Map<String, String> out = new LinkedHashMap<>(properties.toStoreSettings());
    Set<String> known = new HashSet<>();
    for (String key : out.keySet()) {
      known.add(normalized(key));
    }
    Binder binder = Binder.get(environment);
    for (String backend : PASSED_THROUGH) {
      String prefix = "widekey." + backend;
      Map<String, String> extra =
          binder.bind(prefix, Bindable.mapOf(String.class, String.class)).orElse(Map.of());
      extra.forEach(
          (key, value) -> {
            String name = prefix + "." + key;
            if (value != null && known.add(normalized(name))) {
              out.put(name, value);
            }
          });
    }
    return out;
  }

  /** A key as relaxed binding compares it: no case, dashes or underscores. */
  private static String normalized(String key) {
    return key.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
  }
}
