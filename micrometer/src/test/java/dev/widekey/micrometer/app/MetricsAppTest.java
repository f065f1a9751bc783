package dev.widekey.micrometer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class MetricsAppTest {
  @Test
  void generatedRepositoriesOverAMeteredStorePublishPerTableMeters() {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    MeterRegistry registry =
        MetricsApp.run(
            new SimpleMeterRegistry(), new PrintStream(printed, true, StandardCharsets.UTF_8));

    Set<String> tables =
        registry.find("widekey.store.operation").timers().stream()
            .map(t -> t.getId().getTag("db.collection.name"))
            .collect(Collectors.toSet());
    assertTrue(tables.contains("meters"), tables.toString());
    assertTrue(tables.contains("meters_cold"), "the cold table is its own: " + tables);
    assertTrue(tables.contains("meter_readings"), "period tables under their base: " + tables);
    assertFalse(
        tables.stream().anyMatch(t -> t.matches(".*_\\d{4}_\\d{2}")),
        "no period table name: " + tables);

    Timer puts =
        registry
            .find("widekey.store.operation")
            .tags(
                "app",
                "metrics-app",
                "db.system.name",
                "widekey.embedded",
                "db.collection.name",
                "meters",
                "error.type",
                "none")
            .timers()
            .stream()
            .filter(t -> !t.getId().getTag("db.operation.name").contains("table"))
            .findFirst()
            .orElseThrow();
    assertTrue(puts.count() >= 20, "the meters' writes: " + puts.getId());
    String out = printed.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains("readings since September: "), out);
    assertTrue(out.contains("widekey.store.operation"), out);
    // the only failures are the time-sharded repository's own probes of tables it has not
    // created (a period table ahead of the clock, looked up by describe or read)
    registry
        .find("widekey.store.failures")
        .counters()
        .forEach(
            c ->
                assertEquals(
                    "TABLE_NOT_FOUND", c.getId().getTag("error.type"), c.getId().toString()));
  }
}
