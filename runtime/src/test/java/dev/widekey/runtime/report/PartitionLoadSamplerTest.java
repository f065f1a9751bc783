package dev.widekey.runtime.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class PartitionLoadSamplerTest {
  private static final PkValue M = PkValue.ofString("m");
  private static final PkValue F = PkValue.ofString("f");

  /** A store whose counters the test sets, as a service reports them: cumulative. */
  private static final class CountersStore extends ForwardingStore {
    final AtomicReference<List<PartitionStats>> stats = new AtomicReference<>();

    CountersStore() {
      super(EmbeddedStore.inMemory());
    }

    @Override
    public List<PartitionStats> partitionStats(String table) {
      return stats.get();
    }
  }

  private static PartitionStats stats(int index, PkValue start, PkValue end, long w, long r) {
    return new PartitionStats(index, start, end, 0, 0, w, w * 10, r);
  }

  @Test
  void cumulativeCountersBecomePerWindowLoads() {
    try (CountersStore store = new CountersStore()) {
      store.stats.set(List.of(stats(0, null, M, 100, 5), stats(1, M, null, 40, 0)));
      PartitionLoadSampler sampler = PartitionLoadSampler.of(store, "t", 10);
      store.stats.set(List.of(stats(0, null, M, 130, 5), stats(1, M, null, 40, 7)));
      LoadWindow first = sampler.sample();
      store.stats.set(List.of(stats(0, null, M, 130, 9), stats(1, M, null, 100, 7)));
      LoadWindow second = sampler.sample();

      assertEquals(List.of(30L, 0L), writes(first));
      assertEquals(List.of(0L, 7L), reads(first));
      assertEquals(300, first.partitions().get(0).writtenBytes());
      assertEquals(List.of(0L, 60L), writes(second));
      assertEquals(List.of(4L, 0L), reads(second));
      assertEquals(2.0, second.skew(LoadKind.WRITE), 1e-9);
      assertEquals(0, first.sequence());
      assertEquals(1, second.sequence());
      assertEquals(first.end(), second.start());
      assertEquals(List.of(first, second), sampler.windows());
      assertFalse(first.partitions().get(0).newRange());
    }
  }

  @Test
  void aSplitPartitionsDaughtersAreNewRangesCountedWhole() {
    try (CountersStore store = new CountersStore()) {
      store.stats.set(List.of(stats(0, null, M, 10, 0), stats(1, M, null, 50, 0)));
      PartitionLoadSampler sampler = PartitionLoadSampler.of(store, "t", 10);
      store.stats.set(List.of(stats(0, null, M, 12, 0), stats(1, M, null, 50, 0)));
      assertEquals(List.of(2L, 0L), writes(sampler.sample()));
      // [-inf, m) split at f; the daughters count from the split
      store.stats.set(
          List.of(stats(0, null, F, 3, 0), stats(1, F, M, 4, 0), stats(2, M, null, 55, 0)));
      LoadWindow window = sampler.sample();
      assertEquals(List.of(3L, 4L, 5L), writes(window));
      assertEquals(
          List.of(true, true, false),
          window.partitions().stream().map(PartitionLoad::newRange).toList());
      assertEquals("[\"f\", \"m\")", window.partitions().get(1).rangeText());
      // the next window diffs the daughters by their own ranges
      store.stats.set(
          List.of(stats(0, null, F, 13, 0), stats(1, F, M, 4, 0), stats(2, M, null, 55, 0)));
      LoadWindow next = sampler.sample();
      assertEquals(List.of(10L, 0L, 0L), writes(next));
      assertFalse(next.partitions().get(0).newRange());

      // the heatmap keeps the parent's row beside the daughters', absent where it did not exist
      HotspotHeatmap heatmap = HotspotHeatmap.of(sampler, null);
      assertEquals(
          List.of("[-inf, \"f\")", "[-inf, \"m\")", "[\"f\", \"m\")", "[\"m\", +inf)"),
          heatmap.rowLabels());
      String html = heatmap.html();
      // the parent's row in the windows after the split, the daughters' before it
      assertTrue(
          html.contains(
              "<rect class=\"absent\" data-kind=\"write\" data-partition=\"1\" data-window=\"1\""),
          html);
      assertTrue(
          html.contains(
              "<rect class=\"absent\" data-kind=\"write\" data-partition=\"0\" data-window=\"0\""),
          html);
      assertTrue(
          html.contains(
              "data-partition=\"0\" data-window=\"1\" data-load=\"3\" data-new-range=\"true\""),
          html);
    }
  }

  @Test
  void aCounterThatWentDownWasResetAndCountsWhole() {
    try (CountersStore store = new CountersStore()) {
      store.stats.set(List.of(stats(0, null, null, 500, 0)));
      PartitionLoadSampler sampler = PartitionLoadSampler.of(store, "t", 10);
      store.stats.set(List.of(stats(0, null, null, 20, 0)));
      assertEquals(List.of(20L), writes(sampler.sample()));
    }
  }

  @Test
  void keepsTheLastWindowsOnly() {
    try (CountersStore store = new CountersStore()) {
      store.stats.set(List.of(stats(0, null, null, 0, 0)));
      PartitionLoadSampler sampler = PartitionLoadSampler.of(store, "t", 3);
      for (int i = 1; i <= 5; i++) {
        store.stats.set(List.of(stats(0, null, null, i * i, 0)));
        sampler.sample();
      }
      List<LoadWindow> kept = sampler.windows();
      assertEquals(List.of(2L, 3L, 4L), kept.stream().map(LoadWindow::sequence).toList());
      assertEquals(
          List.of(List.of(5L), List.of(7L), List.of(9L)),
          kept.stream().map(w -> writes(w)).toList());
    }
  }

  @Test
  void aScheduledSamplerSamplesOnItsOwnThreadUntilClosed() throws Exception {
    try (CountersStore store = new CountersStore()) {
      store.stats.set(List.of(stats(0, null, null, 0, 0)));
      PartitionLoadSampler sampler =
          PartitionLoadSampler.every(store, "t", Duration.ofMillis(10), 100);
      try (sampler) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (sampler.windows().size() < 2 && System.nanoTime() < deadline) {
          Thread.sleep(5);
        }
      }
      assertTrue(sampler.windows().size() >= 2, "sampled twice");
      int closedWith = sampler.windows().size();
      Thread.sleep(50);
      assertTrue(sampler.windows().size() <= closedWith + 1, "stopped when closed");
    }
  }

  /**
   * A period longer than the clock counts in nanoseconds (ChronoUnit.FOREVER) means never: the
   * sampler starts (it used to throw an ArithmeticException) and samples only when asked.
   */
  @Test
  void aSamplingPeriodLongerThanTheClockCountsNeverSamplesByItself() throws Exception {
    try (CountersStore store = new CountersStore()) {
      store.stats.set(List.of(stats(0, null, null, 0, 0)));
      try (PartitionLoadSampler sampler =
          PartitionLoadSampler.every(
              store, "t", java.time.temporal.ChronoUnit.FOREVER.getDuration(), 100)) {
        Thread.sleep(20);
        assertEquals(0, sampler.windows().size());
        sampler.sample();
        assertEquals(1, sampler.windows().size());
      }
    }
  }

  private static List<Long> writes(LoadWindow w) {
    return w.partitions().stream().map(PartitionLoad::writeRows).toList();
  }

  private static List<Long> reads(LoadWindow w) {
    return w.partitions().stream().map(PartitionLoad::readRows).toList();
  }
}
