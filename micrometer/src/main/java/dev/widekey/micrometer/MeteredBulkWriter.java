package dev.widekey.micrometer;

import dev.widekey.runtime.write.BulkWriteProgress;
import dev.widekey.runtime.write.BulkWriteProgressListener;
import dev.widekey.runtime.write.BulkWriteResult;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bulk-writer progress as meters: a {@link dev.widekey.runtime.write.BulkWriter.Builder#progress}
 * callback that counts operations read, acknowledged and failed, retries and batches ({@code
 * widekey.bulk.*} counters, which add up over imports) and shows the running import's state (the
 * {@code widekey.bulk.in.flight} gauge: operations read but not yet acknowledged nor failed, summed
 * over the imports running with the same tags).
 *
 * <pre>{@code
 * import dev.widekey.micrometer.MeteredBulkWriter;
 * import dev.widekey.runtime.write.BulkWriter;
 *
 * BulkWriter writer = BulkWriter.builder(store)
 *     .progress(MeteredBulkWriter.progress(registry))
 *     .build();
 * }</pre>
 *
 * One callback per import at a time: it counts the differences between the snapshots it is given,
 * so an import's counts are added once, and when the import ends ({@link
 * BulkWriteProgressListener#importEnded}), finished or stopped, it takes that import's unfinished
 * operations off the gauge and starts afresh for a next import of the same writer. Imports running
 * at once need a callback each (writers of their own); callbacks with the same tags share the
 * gauge. A listener composing this one must forward {@code importEnded} to it, or a stopped
 * import's operations stay on the gauge. Tag it ({@link #progress(MeterRegistry, Iterable)}) with a
 * low-cardinality name (the job, never an id per run) to tell kinds of imports apart.
 */
public final class MeteredBulkWriter {
  private static final Map<MeterRegistry, Map<String, AtomicLong>> GAUGES = new WeakHashMap<>();

  private MeteredBulkWriter() {}

  /** A progress callback publishing under {@code widekey.bulk.*}. */
  public static BulkWriteProgressListener progress(MeterRegistry registry) {
    return progress(registry, Tags.empty());
  }

  /** A progress callback publishing under {@code widekey.bulk.*} with {@code tags}. */
  public static BulkWriteProgressListener progress(MeterRegistry registry, Iterable<Tag> tags) {
    return progress(registry, "widekey", tags);
  }

  /** A progress callback publishing under {@code <prefix>.bulk.*} with {@code tags}. */
  public static BulkWriteProgressListener progress(
      MeterRegistry registry, String prefix, Iterable<Tag> tags) {
    return new Meters(
        Objects.requireNonNull(registry, "registry"),
        StoreMeters.checkedPrefix(prefix),
        Tags.of(Objects.requireNonNull(tags, "tags")));
  }

  private static final class Meters implements BulkWriteProgressListener {
    private final Counter read;
    private final Counter acknowledged;
    private final Counter failed;
    private final Counter retries;
    private final Counter batches;
    private final AtomicLong inFlight;
    private static final BulkWriteProgress NOTHING = new BulkWriteProgress(0, 0, 0, 0, 0);
    private BulkWriteProgress last = NOTHING;

    Meters(MeterRegistry registry, String prefix, Tags tags) {
      String p = prefix + ".bulk.";
      read = counter(registry, p + "read", tags, "Operations read from an import's input");
      acknowledged =
          counter(registry, p + "acknowledged", tags, "Operations the store acknowledged");
      failed = counter(registry, p + "failed", tags, "Operations reported failed for good");
      retries = counter(registry, p + "retries", tags, "Attempts beyond the first");
      batches = counter(registry, p + "batches", tags, "Batch-write calls made");
      inFlight = shared(registry, p + "in.flight", tags);
    }

    /**
     * The number behind a gauge, one per registry, name and tags: imports with the same tags add
     * their own numbers to it, so it is their sum (Micrometer keeps a gauge's first registration).
     */
    private static AtomicLong shared(MeterRegistry registry, String name, Tags tags) {
      Map<String, AtomicLong> numbers;
      synchronized (GAUGES) {
        numbers = GAUGES.computeIfAbsent(registry, r -> new ConcurrentHashMap<>());
      }
      return numbers.computeIfAbsent(
          name + tags,
          k -> {
            AtomicLong n = new AtomicLong();
            Gauge.builder(name, n, AtomicLong::get)
                .description(
                    "Operations of running imports read but not yet acknowledged nor failed")
                .tags(tags)
                .strongReference(true)
                .register(registry);
            return n;
          });
    }

    private static Counter counter(MeterRegistry r, String name, Tags tags, String description) {
      return Counter.builder(name).description(description).tags(tags).register(r);
    }

    @Override
    public synchronized void accept(BulkWriteProgress p) {
      BulkWriteProgress before = last;
      add(read, p.read() - before.read());
      add(acknowledged, p.acknowledged() - before.acknowledged());
      add(failed, p.failed() - before.failed());
      add(retries, p.retries() - before.retries());
      add(batches, p.batches() - before.batches());
      last =
          new BulkWriteProgress(
              Math.max(p.read(), before.read()),
              Math.max(p.acknowledged(), before.acknowledged()),
              Math.max(p.failed(), before.failed()),
              Math.max(p.retries(), before.retries()),
              Math.max(p.batches(), before.batches()));
      inFlight.addAndGet(last.inFlight() - before.inFlight());
    }

    /**
     * The import ended: its operations still unfinished (never sent, or of unknown outcome) are in
     * flight no more. The acknowledged, failed, retries and batches counters catch up with the
     * result, in case its last snapshot did not reach this callback (a composing listener that
     * threw first); the result has no count of operations read to catch up with.
     */
    @Override
    public synchronized void importEnded(BulkWriteResult result) {
      BulkWriteProgress before = last;
      add(acknowledged, result.acknowledged() - before.acknowledged());
      add(failed, result.failed() - before.failed());
      add(retries, result.retries() - before.retries());
      add(batches, result.batches() - before.batches());
      inFlight.addAndGet(-before.inFlight());
      last = NOTHING;
    }

    private static void add(Counter c, long delta) {
      if (delta > 0) { // snapshots handed over out of order never count down
        c.increment(delta);
      }
    }
  }
}
