package dev.widekey.spring;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * The settings handed to {@code Stores.open(Map)}: the documented keys from {@link
 * WidekeyProperties}, under their canonical names however they were written (relaxed binding:
 * {@code WIDEKEY_EMBEDDED_DIR}, {@code widekey.tablestore.accessKeyId}), and every other {@code
 * widekey.*} key as it is written but the starter's own ({@code widekey.repositories.*}, {@code
 * widekey.health.*}): {@code Stores.open} is the one place that checks them, refusing a misspelt
 * setting ({@code widekey.embedded.directory}) or store name ({@code widekey.embeded.dir}) and
 * passing other keys on unchecked. A key left out here would be ignored silently: a misspelt
 * directory, and the data kept in memory.
 */
final class StoreSettings {
  private StoreSettings() {}

  /**
   * The starter's own properties, not the store's, as normalized prefixes: {@code
   * widekey.repositories.enabled}, {@code widekey.health.timeout}.
   */
  private static final List<String> STARTER_OWN = List.of("repositories.", "health.");

  static Map<String, String> of(WidekeyProperties properties, Environment environment) {
    Map<String, String> out = new LinkedHashMap<>(properties.toStoreSettings());
    Set<String> known = new HashSet<>();
    for (String key : out.keySet()) {
      known.add(normalized(key));
    }
    Map<String, String> extra =
        Binder.get(environment)
            .bind("widekey", Bindable.mapOf(String.class, String.class))
            .orElse(Map.of());
    extra.forEach(
        (key, value) -> {
          String name = "widekey." + key;
          if (value != null
              && STARTER_OWN.stream().noneMatch(normalized(key)::startsWith)
              && known.add(normalized(name))) {
            out.put(name, value);
          }
        });
    return out;
  }

  /** A key as relaxed binding compares it: no case, dashes or underscores. */
  private static String normalized(String key) {
    return key.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
  }
}
