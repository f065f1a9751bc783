package dev.widekey.store.tablestore;

import com.alicloud.openservices.tablestore.ClientConfiguration;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WideTableStoreProvider;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Opens a {@link TablestoreStore} from configuration ({@code widekey.store=tablestore}).
 *
 * <p>Settings, each read from the configuration or else from the environment variable of the same
 * name in upper case with {@code _} for {@code .} and {@code -} (e.g. {@code
 * WIDEKEY_TABLESTORE_ENDPOINT}):
 *
 * <ul>
 *   <li>{@code widekey.tablestore.endpoint} (required), e.g. {@code
 *       https://my-instance.cn-hangzhou.ots.aliyuncs.com};
 *   <li>{@code widekey.tablestore.instance} (required);
 *   <li>{@code widekey.tablestore.access-key-id} and {@code widekey.tablestore.access-key-secret}
 *       (required);
 *   <li>{@code widekey.tablestore.ready-timeout-seconds}: how long {@code createTable} waits for a
 *       new table to serve (default 60).
 * </ul>
 *
 * <pre>{@code
 * WideTableStore store = Stores.open(Map.of(
 *     "widekey.store", "tablestore",
 *     "widekey.tablestore.endpoint", "https://my-instance.cn-hangzhou.ots.aliyuncs.com",
 *     "widekey.tablestore.instance", "my-instance",
 *     "widekey.tablestore.access-key-id", keyId,
 *     "widekey.tablestore.access-key-secret", keySecret));
 * }</pre>
 */
public final class TablestoreStoreProvider implements WideTableStoreProvider {
  /** The value of {@code widekey.store} that selects this provider. */
  public static final String NAME = "tablestore";

  static final String PREFIX = "widekey.tablestore.";
  static final String ENDPOINT = PREFIX + "endpoint";
  static final String INSTANCE = PREFIX + "instance";
  static final String ACCESS_KEY_ID = PREFIX + "access-key-id";
  static final String ACCESS_KEY_SECRET = PREFIX + "access-key-secret";
  static final String READY_TIMEOUT = PREFIX + "ready-timeout-seconds";

  private final Function<String, String> environment;

  public TablestoreStoreProvider() {
    this(System::getenv);
  }

  TablestoreStoreProvider(Function<String, String> environment) {
    this.environment = environment;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<String> settings() {
    return Set.of(ENDPOINT, INSTANCE, ACCESS_KEY_ID, ACCESS_KEY_SECRET, READY_TIMEOUT);
  }

  @Override
  public WideTableStore open(Map<String, String> config) {
    Settings s = settings(config);
    return TablestoreClients.connect(
        s.endpoint,
        s.instance,
        s.accessKeyId,
        s.accessKeySecret,
        new ClientConfiguration(),
        s.readyTimeout);
  }

  record Settings(
      String endpoint,
      String instance,
      String accessKeyId,
      String accessKeySecret,
      Duration readyTimeout) {
    @Override
    public String toString() {
      // never print the secret
      return "Settings[endpoint=" + endpoint + ", instance=" + instance + "]";
    }
  }

  Settings settings(Map<String, String> config) {
    String timeout = setting(config, READY_TIMEOUT, false);
    Duration ready = Duration.ofSeconds(60);
    if (timeout != null) {
      try {
        ready = Duration.ofSeconds(Long.parseLong(timeout));
        if (ready.isNegative()) {
          throw new NumberFormatException();
        }
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            READY_TIMEOUT + "=" + timeout + " is not a number of seconds", e);
      }
    }
    return new Settings(
        setting(config, ENDPOINT, true),
        setting(config, INSTANCE, true),
        setting(config, ACCESS_KEY_ID, true),
        setting(config, ACCESS_KEY_SECRET, true),
        ready);
  }

  /** The environment variable a setting falls back to. */
  static String environmentName(String key) {
    return key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
  }

  private String setting(Map<String, String> config, String key, boolean required) {
    String value = config.get(key);
    if (value == null || value.isBlank()) {
      value = environment.apply(environmentName(key));
    }
    if (value == null || value.isBlank()) {
      if (required) {
        throw new IllegalArgumentException(
            key + " is not set (nor " + environmentName(key) + " in the environment)");
      }
      return null;
    }
    return value.trim();
  }
}
