package dev.widekey.micrometer;

import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The meters of one metered store: names, tags and the bounded set of table names a tag may hold.
 * Thread-safe; the registry caches the meters themselves.
 */
final class StoreMeters {
  /** Tag keys, after OpenTelemetry's database semantic conventions. */
  static final String SYSTEM = "db.system.name";

  static final String COLLECTION = "db.collection.name";
  static final String OPERATION = "db.operation.name";
  static final String ERROR_TYPE = "error.type";

  /** The {@code error.type} of a call that succeeded (a tag needs a value on every meter). */
  static final String NO_ERROR = "none";

  /** The table tag of calls on no table or on several ({@code listTables}, a mixed batch). */
  static final String NO_TABLE = "_none";

  static final String SEVERAL_TABLES = "_multiple";

  /** The table tag once {@code maxTables} distinct names have been seen. */
  static final String OTHER_TABLE = "_other";

  /**
   * The table tag of a call on a name the store has not answered for yet (a name it refuses, made
   * up by a caller): such names take none of the {@code maxTables} tags.
   */
  static final String UNKNOWN_TABLE = "_unknown";

  /** A period table's suffix, as {@code dev.widekey.core.shard.Periods} writes it. */
  private static final Pattern PERIOD_SUFFIX = Pattern.compile("_\\d{4}(?:_\\d{2}){0,2}$");

  private final MeterRegistry registry;
  private final String prefix;
  private final Tags userTags;
  private final Tags common;
  private final int maxTables;
  private final Set<String> tables = ConcurrentHashMap.newKeySet();

  /** With {@code system} null: the meters of no one store (retries, bulk writes). */
  StoreMeters(MeterRegistry registry, String prefix, Tags userTags, String system, int maxTables) {
    this.registry = registry;
    this.prefix = prefix;
    this.userTags = userTags;
    this.common = system == null ? userTags : userTags.and(SYSTEM, system);
    this.maxTables = maxTables;
  }

  /** {@code prefix}, refused when blank: meters would be named {@code null.store.operation}. */
  static String checkedPrefix(String prefix) {
    if (prefix == null || prefix.isBlank()) {
      throw new IllegalArgumentException("a meter name prefix must not be blank");
    }
    return prefix;
  }

  MeterRegistry registry() {
    return registry;
  }

  String prefix() {
    return prefix;
  }

  Tags userTags() {
    return userTags;
  }

  /**
   * The table tag of a call on {@code table}, without admitting the name: a period table's name
   * without its period ({@code orders_2026_11} and {@code orders_cold_2026_11_23} count as {@code
   * orders} and {@code orders_cold}) once admitted ({@link #answered}), else {@link #OTHER_TABLE}
   * past {@code maxTables} distinct names, else {@link #UNKNOWN_TABLE}.
   */
  String collection(String table) {
    if (table == null) {
      return NO_TABLE;
    }
    String base = baseTable(table);
    if (tables.contains(base)) {
      return base;
    }
    return tables.size() >= maxTables ? OTHER_TABLE : UNKNOWN_TABLE;
  }

  /**
   * The table tag of a call the store answered for {@code table}, which shows that the table
   * exists: the name is admitted while fewer than {@code maxTables} are. Only answered names are
   * admitted, so that names a caller makes up, which the store refuses, cannot use up the tags real
   * tables need.
   */
  String answered(String table) {
    if (table == null) {
      return NO_TABLE;
    }
    String base = baseTable(table);
    if (tables.contains(base)) {
      return base;
    }
    // check and add as one step: calls seeing new tables at once could each pass the size check
    synchronized (tables) {
      if (tables.contains(base)) {
        return base;
      }
      if (tables.size() >= maxTables) {
        return OTHER_TABLE;
      }
      tables.add(base);
      return base;
    }
  }

  /**
   * The table tag of a call on {@code table} that failed with {@code error}: admitted as {@link
   * #answered} when the failure shows that the table exists (its row's condition or bytes were
   * checked, or it exists already), else not ({@link #collection}).
   */
  String failedOn(String table, Throwable error) {
    if (error instanceof StoreException e
        && (e.kind() == ErrorKind.CONDITION_FAILED
            || e.kind() == ErrorKind.CORRUPT_DATA
            || e.kind() == ErrorKind.TABLE_EXISTS)) {
      return answered(table);
    }
    return collection(table);
  }

  static String baseTable(String table) {
    String base = PERIOD_SUFFIX.matcher(table).replaceFirst("");
    return base.isEmpty() ? table : base;
  }

  /** The {@code error.type} of a failure: the {@link ErrorKind}, or the exception's class. */
  static String errorType(Throwable error) {
    if (error instanceof StoreException e) {
      return e.kind().name();
    }
    return error.getClass().getName();
  }

  static boolean throttle(Throwable error) {
    return error instanceof StoreException e && e.kind() == ErrorKind.THROTTLED;
  }

  private Tags tags(String collection, String operation) {
    return common.and(COLLECTION, collection, OPERATION, operation);
  }

  Timer timer(String collection, String operation, String errorType) {
    return Timer.builder(prefix + ".store.operation")
        .description("Latency of store calls; a scan lasts until its stream is closed or exhausted")
        .tags(tags(collection, operation))
        .tag(ERROR_TYPE, errorType)
        .register(registry);
  }

  DistributionSummary rows(String collection, String operation) {
    return DistributionSummary.builder(prefix + ".store.rows")
        .description("Rows read or written per store call")
        .baseUnit("rows")
        .tags(tags(collection, operation))
        .register(registry);
  }

  DistributionSummary bytes(String collection, String operation) {
    return DistributionSummary.builder(prefix + ".store.bytes")
        .description("Bytes of the rows read or written per store call (Row.sizeInBytes)")
        .baseUnit("bytes")
        .tags(tags(collection, operation))
        .register(registry);
  }

  DistributionSummary batchSize(String collection, String operation) {
    return DistributionSummary.builder(prefix + ".store.batch.size")
        .description("Operations or keys per batch call (OpenTelemetry's db.operation.batch.size)")
        .baseUnit("operations")
        .tags(tags(collection, operation))
        .register(registry);
  }

  Counter failures(String collection, String operation, String errorType) {
    return Counter.builder(prefix + ".store.failures")
        .description("Failed store calls, and failed operations of batches, by error kind")
        .tags(tags(collection, operation))
        .tag(ERROR_TYPE, errorType)
        .register(registry);
  }

  Counter throttles(String collection, String operation) {
    return Counter.builder(prefix + ".store.throttles")
        .description("Calls or batch operations the store throttled (ErrorKind.THROTTLED)")
        .tags(tags(collection, operation))
        .register(registry);
  }

  /** Records a failure of a call or of one operation of a batch: its kind, and a throttle. */
  void failed(String collection, String operation, Throwable error) {
    failures(collection, operation, errorType(error)).increment();
    if (throttle(error)) {
      throttles(collection, operation).increment();
    }
  }

  Counter retries(String errorType) {
    return Counter.builder(prefix + ".store.retries")
        .description("Failed attempts a RetryPolicy retried, by error kind")
        .tags(userTags)
        .tag(ERROR_TYPE, errorType)
        .register(registry);
  }

  Counter retriesExhausted(String errorType) {
    return Counter.builder(prefix + ".store.retries.exhausted")
        .description("Retryable failures a RetryPolicy gave up on (attempts or deadline used up)")
        .tags(userTags)
        .tag(ERROR_TYPE, errorType)
        .register(registry);
  }

  /** The name a store reports as {@code db.system.name}, from its class. */
  static String systemName(Object store) {
    String name = store.getClass().getSimpleName();
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.contains("embedded")) {
      return "widekey.embedded";
    }
    if (lower.contains("hbase")) {
      return "hbase";
    }
    if (lower.contains("lindorm")) {
      return "lindorm";
    }
    if (lower.contains("tablestore")) {
      return "tablestore";
    }
    if (lower.endsWith("store") && lower.length() > "store".length()) {
      lower = lower.substring(0, lower.length() - "store".length());
    }
    return lower.isEmpty() ? "other" : lower;
  }
}
