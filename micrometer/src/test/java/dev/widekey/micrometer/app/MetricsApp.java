package dev.widekey.micrometer.app;

import dev.widekey.micrometer.MeteredStore;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.retry.RetryingStore;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.stream.Stream;

/**
 * The metrics module's test application: generated repositories over a metered, retrying embedded
 * store, then the meters they left. Run it with {@code main}, or through {@code MetricsAppTest}.
 */
public final class MetricsApp {
  private MetricsApp() {}

  public static void main(String[] args) {
    run(new SimpleMeterRegistry(), System.out);
  }

  /** Writes and reads through the generated repositories; prints and returns the registry. */
  static MeterRegistry run(MeterRegistry registry, PrintStream out) {
    MeteredStore.Builder metrics = MeteredStore.builder(registry).tag("app", "metrics-app");
    RetryPolicy retries = RetryPolicy.builder().listener(metrics.retryListener()).build();
    try (WideTableStore store =
        metrics.wrap(new RetryingStore(EmbeddedStore.inMemory(), retries))) {
      MeterRepository meters = new MeterRepository(store);
      meters.createTables();
      for (int i = 0; i < 20; i++) {
        meters.put(new Meter("M" + i, 1000L * i, "installed in cellar " + i));
      }
      meters.get("M7").orElseThrow();

      Instant now = Instant.parse("2026-11-26T08:00:00Z");
      MeterReadingShardedRepository readings =
          new MeterReadingShardedRepository(store)
              .withClock(Clock.fixed(now, ZoneOffset.UTC))
              .allowingBackfill(
                  Instant.parse("2026-09-01T00:00:00Z"), Instant.parse("2026-12-01T00:00:00Z"));
      readings.createTablesAhead(now);
      for (int i = 0; i < 30; i++) {
        Instant at = now.minusSeconds(86_400L * 3 * i);
        readings.put(new MeterReading(500_000 + i, "M" + (i % 20), i, at));
      }
      try (Stream<MeterReading> rows =
          readings.scanBetween(Instant.parse("2026-09-01T00:00:00Z"), now)) {
        out.println("readings since September: " + rows.count());
      }
    }
    registry.getMeters().stream()
        .map(m -> m.getId().getName() + " " + m.getId().getTags())
        .sorted()
        .forEach(out::println);
    return registry;
  }
}
