package dev.widekey.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The sample's bucketed machine metrics: spread over all 16 partitions, read back in time order.
 */
class BucketedMachineMetricTest {

  private static final Comparator<BucketedMachineMetric> TIME_ORDER =
      Comparator.comparing(BucketedMachineMetric::timestamp)
          .thenComparing(BucketedMachineMetric::machineIp);

  @Test
  void rowsLandInAllSixteenPartitions() {
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      BucketedMachineMetricRepository repo = written(store);
      List<PartitionStats> partitions = store.partitionStats(BucketedMachineMetricTable.NAME);
      assertEquals(16, partitions.size());
      assertEquals(16, BucketedMachineMetricKeys.BUCKETS.count());
      for (PartitionStats p : partitions) {
        assertTrue(p.writeRows() > 0, p.toString());
      }
      assertEquals(2_000, partitions.stream().mapToLong(PartitionStats::writeRows).sum());
      // a point read computes the bucket
      BucketedMachineMetric some = SampleApp.bucketedMetrics().get(1234);
      assertEquals(some, repo.get(some.timestamp(), some.machineIp()).orElseThrow());
    }
  }

  @Test
  void mergedRangeReadReturnsExactlyTheRangeInTimeOrder() {
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      BucketedMachineMetricRepository repo = written(store);
      // bounds between and on written timestamps
      Instant from = SampleApp.BUCKETED_T0.plusMillis(60_060);
      Instant to = SampleApp.BUCKETED_T0.plusMillis(90_000);
      List<BucketedMachineMetric> expected = expected(from, to);
      assertEquals(239, expected.size());
      try (Stream<BucketedMachineMetric> rows = repo.scanByTimestampBetween(from, to)) {
        assertEquals(expected, rows.toList());
      }
      assertEquals(expected.subList(0, 10), repo.scanByTimestampBetween(from, to, 10).toList());
    }
  }

  @Test
  void pagingWithAfterContinuesExactly() {
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      BucketedMachineMetricRepository repo = written(store);
      Instant from = SampleApp.BUCKETED_T0.plusSeconds(60);
      Instant to = SampleApp.BUCKETED_T0.plusSeconds(90);
      List<BucketedMachineMetric> expected = expected(from, to);
      assertEquals(240, expected.size());
      List<BucketedMachineMetric> all = new ArrayList<>();
      List<BucketedMachineMetric> page = repo.scanByTimestampBetween(from, to, 7).toList();
      int pages = 1;
      while (!page.isEmpty()) {
        all.addAll(page);
        page = repo.scanByTimestampBetweenAfter(page.get(page.size() - 1), from, to, 7).toList();
        pages++;
      }
      assertEquals(expected, all);
      assertEquals(240 / 7 + 2, pages); // 35 pages with rows, then an empty one
    }
  }

  @Test
  void sampleShowsTheBucketedSection() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (WideTableStore store = EmbeddedStore.inMemory();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      new SampleApp(store, out).run();
    }
    String output = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(
        output.contains(
            "metric at 2026-11-22T08:00:00.125Z from 10.0.1.2 is stored under key"
                + " [\"130000001795334400125\", \"10.0.1.2\"] (bucket 13"),
        output);
    assertTrue(
        output.contains(
            "machine_metrics_by_time: 16 partitions, 2000 row writes, busiest/mean 1.00"),
        output);
    assertTrue(output.contains("... 240 rows in all"), output);
    assertTrue(
        output.contains(
            "by scanByTimestampBetweenAfter:\n"
                + "    2026-11-22T08:01:00.375Z 10.0.1.4 cpu 0.43 (bucket 07)\n"),
        output);
  }

  private static BucketedMachineMetricRepository written(WideTableStore store) {
    BucketedMachineMetricRepository repo = new BucketedMachineMetricRepository(store);
    repo.createTables();
    // written out of time order: the merged read must not depend on write order
    List<BucketedMachineMetric> metrics = new ArrayList<>(SampleApp.bucketedMetrics());
    java.util.Collections.shuffle(metrics, new java.util.Random(1));
    metrics.forEach(repo::put);
    return repo;
  }

  private static List<BucketedMachineMetric> expected(Instant from, Instant to) {
    return SampleApp.bucketedMetrics().stream()
        .filter(m -> !m.timestamp().isBefore(from) && m.timestamp().isBefore(to))
        .sorted(TIME_ORDER)
        .toList();
  }
}
