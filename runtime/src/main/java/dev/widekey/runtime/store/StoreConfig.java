package dev.widekey.runtime.store;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * The settings a store is opened with, read from three sources; a key set in a higher source wins:
 *
 * <ol>
 *   <li>an explicit map ({@link #read(Map)}, {@link Stores#open(Map)});
 *   <li>{@code widekey.*} system properties ({@code -Dwidekey.embedded.dir=data});
 *   <li>{@code WIDEKEY_*} environment variables: the setting's name in upper case with {@code _}
 *       for {@code .} and {@code -} ({@code WIDEKEY_EMBEDDED_DIR} is {@code widekey.embedded.dir},
 *       {@code WIDEKEY_TABLESTORE_ACCESS_KEY_ID} is {@code widekey.tablestore.access-key-id}).
 * </ol>
 *
 * <p>The store's settings are {@code widekey.store} and every key under {@code widekey.embedded.},
 * {@code widekey.hbase.}, {@code widekey.tablestore.} or {@code widekey.<store name>.} of a store
 * on the class path. Such a key that no store declares is refused with an {@link
 * IllegalArgumentException} naming the closest known setting, so a misspelt setting never opens a
 * store other than the one meant. Other {@code widekey.*} keys (for example a test suite's {@code
 * widekey.fuzz.seed}) are not the store's and are passed on unchecked.
 *
 * <p>{@link #toString()} lists the store's settings with where each came from, masking the value of
 * every key whose name (after {@code widekey.}) contains {@code secret}, {@code password} or {@code
 * key}.
 *
 * <pre>{@code
 * StoreConfig config = StoreConfig.read(Map.of("widekey.store", "embedded"));
 * try (WideTableStore store = Stores.open(config)) {
 *   // ...
 * }
 * }</pre>
 */
public final class StoreConfig {
  /** Where a setting's value came from. */
  public enum Source {
    /** Given in the explicit map. */
    EXPLICIT("given"),
    /** A {@code widekey.*} system property. */
    SYSTEM_PROPERTY("system property"),
    /** A {@code WIDEKEY_*} environment variable. */
    ENVIRONMENT("environment"),
    /** Not set anywhere: the built-in default ({@code widekey.store=embedded} only). */
    DEFAULT("default");

    private final String label;

    Source(String label) {
      this.label = label;
    }

    @Override
    public String toString() {
      return label;
    }
  }

  static final String PREFIX = "widekey.";

  /** The store namespaces checked even when their store is not on the class path. */
  static final Map<String, String> BACKEND_ARTIFACTS =
      Map.of(
          "hbase", "dev.widekey:widekey-store-hbase",
          "tablestore", "dev.widekey:widekey-store-tablestore");

  private static final String MASK = "****";

  private final Map<String, String> values;
  private final Map<String, Source> sources;
  private final Map<String, String> environmentNames;
  private final Set<String> storeNamespaces;

  private StoreConfig(
      Map<String, String> values,
      Map<String, Source> sources,
      Map<String, String> environmentNames,
      Set<String> storeNamespaces) {
    this.values = Collections.unmodifiableMap(values);
    this.sources = sources;
    this.environmentNames = environmentNames;
    this.storeNamespaces = storeNamespaces;
  }

  /** System properties over environment variables (see the class comment). */
  public static StoreConfig read() {
    return read(Map.of());
  }

  /** The explicit map over system properties over environment variables. */
  public static StoreConfig read(Map<String, String> explicit) {
    return read(explicit, System.getProperties(), System.getenv(), Stores.providers());
  }

  /**
   * The explicit map alone, ignoring system properties and the environment: for callers that
   * resolve their own configuration (a framework's property binding). Still checked.
   */
  public static StoreConfig of(Map<String, String> explicit) {
    return read(explicit, new Properties(), Map.of(), Stores.providers());
  }

  /** The seam for tests: every source given. */
  static StoreConfig read(
      Map<String, String> explicit,
      Properties system,
      Map<String, String> environment,
      List<WideTableStoreProvider> providers) {
    Set<String> known = new TreeSet<>();
    known.add(Stores.STORE);
    Set<String> prefixes = new TreeSet<>();
    Set<String> namespaces = new LinkedHashSet<>(List.of("embedded"));
    namespaces.addAll(BACKEND_ARTIFACTS.keySet());
    for (WideTableStoreProvider provider : providers) {
      namespaces.add(provider.name());
      known.addAll(provider.settings());
      prefixes.addAll(provider.settingPrefixes());
    }
    Map<String, String> values = new TreeMap<>();
    Map<String, Source> sources = new TreeMap<>();
    Map<String, String> envNames = new TreeMap<>();
    new TreeMap<>(environment)
        .forEach(
            (name, value) -> {
              if (name.startsWith("WIDEKEY_") && value != null) {
                String key = keyOfEnvironmentName(name, known, prefixes);
                values.put(key, value);
                sources.put(key, Source.ENVIRONMENT);
                envNames.put(key, name);
              }
            });
    for (String name : system.stringPropertyNames()) {
      if (name.startsWith(PREFIX)) {
        values.put(name, system.getProperty(name));
        sources.put(name, Source.SYSTEM_PROPERTY);
      }
    }
    explicit.forEach(
        (key, value) -> {
          if (value != null) {
            values.put(key, value);
            sources.put(key, Source.EXPLICIT);
          }
        });
    StoreConfig config = new StoreConfig(values, sources, envNames, namespaces);
    for (String key : values.keySet()) {
      config.check(key, known, prefixes, providers);
    }
    return config;
  }

  /** The kind of store named, {@code widekey.store} or else {@code embedded}. */
  public String kind() {
    String kind = values.get(Stores.STORE);
    return kind == null || kind.isBlank() ? Stores.DEFAULT_KIND : kind.trim();
  }

  /** Every setting, whatever its source, by key: the map a provider opens its store with. */
  public Map<String, String> values() {
    return values;
  }

  /** Where a setting came from; empty if it is not set ({@code widekey.store}: the default). */
  public Optional<Source> source(String key) {
    if (key.equals(Stores.STORE) && !sources.containsKey(key)) {
      return Optional.of(Source.DEFAULT);
    }
    return Optional.ofNullable(sources.get(key));
  }

  /**
   * The store's settings, values masked where secret, with their sources: {@code widekey.store}
   * first, then the settings of the named store, then any key outside {@code widekey.*} given
   * explicitly (e.g. {@code hbase.rpc.timeout}).
   */
  public Map<String, String> describe() {
    Map<String, String> shown = new LinkedHashMap<>();
    shown.put(Stores.STORE, kind() + " (" + source(Stores.STORE).orElseThrow() + ")");
    String own = PREFIX + kind() + ".";
    values.forEach(
        (key, value) -> {
          if (key.startsWith(own) || !key.startsWith(PREFIX)) {
            shown.put(key, (isSecret(key) ? MASK : value) + " (" + origin(key) + ")");
          }
        });
    return shown;
  }

  /** The settings of stores other than the one named: probably meant for it, never read. */
  List<String> settingsOfOtherStores() {
    List<String> others = new ArrayList<>();
    String own = PREFIX + kind() + ".";
    for (String key : values.keySet()) {
      String ns = storeNamespace(key, storeNamespaces);
      if (!key.startsWith(own) && ns != null && !ns.equals("store")) {
        others.add(key);
      }
    }
    return others;
  }

  /** Whether a setting's value is masked when printed: secrets, passwords and keys. */
  public static boolean isSecret(String key) {
    String name = key.toLowerCase(Locale.ROOT);
    if (name.startsWith(PREFIX)) {
      name = name.substring(PREFIX.length());
    }
    return name.contains("secret") || name.contains("password") || name.contains("key");
  }

  /** The environment variable that carries a setting, e.g. {@code WIDEKEY_EMBEDDED_DIR}. */
  public static String environmentName(String key) {
    return key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
  }

  /** The store's settings with their sources, secrets masked. */
  @Override
  public String toString() {
    return describe().entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", ", "StoreConfig[", "]"));
  }

  // -------------------------------------------------------------------------------- internals

  private String origin(String key) {
    Source source = source(key).orElseThrow();
    return source == Source.ENVIRONMENT ? "environment " + environmentNames.get(key) : "" + source;
  }

  private static String keyOfEnvironmentName(String name, Set<String> known, Set<String> prefixes) {
    for (String key : known) {
      if (environmentName(key).equals(name)) {
        return key;
      }
    }
    for (String prefix : prefixes) {
      String envPrefix = environmentName(prefix);
      if (name.startsWith(envPrefix) && name.length() > envPrefix.length()) {
        return prefix
            + name.substring(envPrefix.length()).toLowerCase(Locale.ROOT).replace('_', '.');
      }
    }
    return name.toLowerCase(Locale.ROOT).replace('_', '.');
  }

  /** The store namespace a key is in ({@code "hbase"}), {@code "store"}, or null. */
  private static String storeNamespace(String key, Set<String> namespaces) {
    if (key.equals(Stores.STORE) || key.startsWith(Stores.STORE + ".")) {
      return "store";
    }
    for (String ns : namespaces) {
      if (key.startsWith(PREFIX + ns + ".")) {
        return ns;
      }
    }
    return null;
  }

  private void check(
      String key, Set<String> known, Set<String> prefixes, List<WideTableStoreProvider> providers) {
    String ns = storeNamespace(key, storeNamespaces);
    if (ns == null) {
      checkNotAMisspeltNamespace(key, known, prefixes);
      return;
    }
    if (known.contains(key)) {
      return;
    }
    for (String prefix : prefixes) {
      if (key.startsWith(prefix) && key.length() > prefix.length()) {
        return;
      }
    }
    String from = " (" + origin(key) + ")";
    if (BACKEND_ARTIFACTS.containsKey(ns)
        && providers.stream().noneMatch(p -> p.name().equals(ns))) {
      throw new IllegalArgumentException(
          key
              + from
              + " is a setting of the "
              + ns
              + " store, which is not on the class path: add the dependency "
              + BACKEND_ARTIFACTS.get(ns));
    }
    throw new IllegalArgumentException(
        key
            + from
            + " is not a setting of any store on the class path; did you mean "
            + closest(key, known, prefixes)
            + "? Known settings: "
            + known
            + (prefixes.isEmpty() ? "" : ", and any key under " + prefixes));
  }

  /**
   * A {@code widekey.*} key outside the store's namespaces is not the store's, unless its first
   * part is a near miss of one ({@code widekey.embeded.dir}): that would silently open a store
   * other than the one meant.
   */
  private void checkNotAMisspeltNamespace(String key, Set<String> known, Set<String> prefixes) {
    if (!key.startsWith(PREFIX)) {
      return;
    }
    String rest = key.substring(PREFIX.length());
    int dot = rest.indexOf('.');
    String first = dot < 0 ? rest : rest.substring(0, dot);
    if (first.length() < 4) {
      return;
    }
    List<String> names = new ArrayList<>(storeNamespaces);
    names.add("store");
    LevenshteinDistance near = new LevenshteinDistance(2);
    for (String name : names) {
      if (near.apply(first, name) >= 0) {
        throw new IllegalArgumentException(
            key
                + " ("
                + origin(key)
                + ") is not a store setting, but looks like one misspelt; did you mean "
                + closest(key, known, prefixes)
                + "?");
      }
    }
  }

  private static String closest(String key, Set<String> known, Set<String> prefixes) {
    LevenshteinDistance distance = LevenshteinDistance.getDefaultInstance();
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    List<String> candidates = new ArrayList<>(known);
    prefixes.forEach(p -> candidates.add(p + "…"));
    for (String candidate : candidates) {
      int d = distance.apply(key, candidate);
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    return best;
  }
}
