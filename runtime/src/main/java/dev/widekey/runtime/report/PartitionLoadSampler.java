package dev.widekey.runtime.report;

import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.WideTableStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples a table's cumulative partition counters ({@link WideTableStore#partitionStats}) and keeps
 * the differences between consecutive samples as time windows of per-partition writes and reads,
 * the input of a {@link HotspotHeatmap}. The sampler takes its first sample (the baseline) when it
 * is created; each later sample closes one window. It keeps the last {@code maxWindows} windows.
 *
 * <pre>{@code
 * // every 10 seconds on a daemon thread of its own
 * try (PartitionLoadSampler sampler = PartitionLoadSampler.every(store, "orders", Duration.ofSeconds(10), 60)) {
 *   ... run the load ...
 *   HotspotHeatmap.of(sampler.windows(), PartitionLoadReport.of(store, "orders", 5)).writeTo(path);
 * }
 * // or on the caller's own schedule
 * PartitionLoadSampler sampler = PartitionLoadSampler.of(store, "orders", 60);
 * sampler.sample(); // closes a window
 * }</pre>
 *
 * <p>Partitions are matched between samples by their key range, not their index. A range in both
 * samples gets the difference of its counters; if a counter went down (the partition was reopened,
 * or the store restarted) its new value is taken as the window's load. A range not in the earlier
 * sample (the daughters of a split, the result of a merge, a region the service moved and reset)
 * has no baseline: all its counters are counted in the window, and its {@link
 * PartitionLoad#newRange} is set so that a reader knows the cell may include load from before the
 * window. A range gone from the later sample drops out of the window; its load since the earlier
 * sample is lost.
 *
 * <p>Thread-safe: {@link #sample()} and {@link #windows()} may be called from any thread.
 */
public final class PartitionLoadSampler implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(PartitionLoadSampler.class.getName());

  private final WideTableStore store;
  private final String table;
  private final int maxWindows;
  private final Clock clock;
  private final ArrayDeque<LoadWindow> windows = new ArrayDeque<>();
  private ScheduledExecutorService scheduler;
  private Map<Range, PartitionStats> previous;
  private Instant previousAt;
  private long nextSequence;

  private PartitionLoadSampler(WideTableStore store, String table, int maxWindows, Clock clock) {
    if (maxWindows < 1) {
      throw new IllegalArgumentException("maxWindows is " + maxWindows + "; it is at least 1");
    }
    this.store = Objects.requireNonNull(store, "store");
    this.table = Objects.requireNonNull(table, "table");
    this.maxWindows = maxWindows;
    this.clock = Objects.requireNonNull(clock, "clock");
    previousAt = clock.instant();
    previous = byRange(store.partitionStats(table));
  }

  /**
   * A sampler whose caller calls {@link #sample()}, keeping the last {@code maxWindows} windows;
   * its baseline is taken now.
   */
  public static PartitionLoadSampler of(WideTableStore store, String table, int maxWindows) {
    return of(store, table, maxWindows, Clock.systemUTC());
  }

  /**
   * As {@link #of(WideTableStore, String, int)}, with the windows' times read from {@code clock}.
   */
  public static PartitionLoadSampler of(
      WideTableStore store, String table, int maxWindows, Clock clock) {
    return new PartitionLoadSampler(store, table, maxWindows, clock);
  }

  /**
   * A sampler that samples every {@code period} on a daemon thread of its own until closed. A
   * sample that fails (the store unreachable) is logged and skipped: the next one closes a longer
   * window. A period longer than a long counts in nanoseconds ({@code ChronoUnit.FOREVER}) never
   * comes: the sampler then samples only when {@link #sample()} is called.
   */
  public static PartitionLoadSampler every(
      WideTableStore store, String table, Duration period, int maxWindows) {
    if (period.isNegative() || period.isZero()) {
      throw new IllegalArgumentException("sampling period " + period + "; it is positive");
    }
    PartitionLoadSampler sampler = of(store, table, maxWindows);
    ScheduledExecutorService scheduler =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "widekey-load-sampler-" + table);
              t.setDaemon(true);
              return t;
            });
    sampler.scheduler = scheduler;
    // a period longer than nanoseconds count (ChronoUnit.FOREVER) means never, not an overflow
    long nanos = RetryPolicy.saturatedNanos(period);
    scheduler.scheduleAtFixedRate(sampler::sampleOrLog, nanos, nanos, TimeUnit.NANOSECONDS);
    return sampler;
  }

  private void sampleOrLog() {
    try {
      sample();
    } catch (RuntimeException e) {
      // a scheduled task that throws is never run again: keep sampling
      LOG.log(System.Logger.Level.WARNING, "partition load sample of " + table + " failed", e);
    }
  }

  /**
   * Samples the counters now and closes the window since the previous sample.
   *
   * @return the window closed
   */
  public synchronized LoadWindow sample() {
    List<PartitionStats> now = store.partitionStats(table);
    Instant at = clock.instant();
    List<PartitionLoad> loads = new ArrayList<>(now.size());
    for (PartitionStats p : now) {
      PartitionStats before = previous.get(new Range(p.start(), p.end()));
      loads.add(
          before == null
              ? new PartitionLoad(
                  p.start(), p.end(), p.writeRows(), p.writtenBytes(), p.readRows(), true)
              : new PartitionLoad(
                  p.start(),
                  p.end(),
                  since(p.writeRows(), before.writeRows()),
                  since(p.writtenBytes(), before.writtenBytes()),
                  since(p.readRows(), before.readRows()),
                  false));
    }
    LoadWindow window = new LoadWindow(nextSequence++, previousAt, at, loads);
    windows.addLast(window);
    if (windows.size() > maxWindows) {
      windows.removeFirst();
    }
    previous = byRange(now);
    previousAt = at;
    return window;
  }

  /** A counter's growth since {@code before}, or its value if it went down (it was reset). */
  private static long since(long now, long before) {
    return now >= before ? now - before : now;
  }

  /** The windows kept, oldest first. */
  public synchronized List<LoadWindow> windows() {
    return List.copyOf(windows);
  }

  /** The table sampled. */
  public String table() {
    return table;
  }

  /** Stops the sampling thread, if any; the windows stay readable. */
  @Override
  public void close() {
    if (scheduler != null) {
      scheduler.shutdownNow();
    }
  }

  private static Map<Range, PartitionStats> byRange(List<PartitionStats> stats) {
    Map<Range, PartitionStats> map = new HashMap<>();
    for (PartitionStats p : stats) {
      map.put(new Range(p.start(), p.end()), p);
    }
    return map;
  }

  /** A partition's key range, what partitions are matched by between samples. */
  private record Range(PkValue start, PkValue end) {}
}
