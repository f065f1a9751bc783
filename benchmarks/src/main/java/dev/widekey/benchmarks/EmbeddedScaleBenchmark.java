package dev.widekey.benchmarks;

import dev.widekey.annotations.HashAlgorithm;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.key.KeyHash;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.BulkWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * The embedded store at scale (issue 22): imports N rows shaped as the sample's {@code Order}
 * entity stores them, through the {@link BulkWriter} with its defaults (what a repository's {@code
 * putAll} does), into an in-memory store and into a store kept in a directory, and measures import,
 * random gets, a full scan, the directory's size (sampled during the import, and after close) and
 * the heap after a GC.
 *
 * <p>The rows are written with the store API directly, byte for byte as the generated {@code
 * OrderRepository} writes the hot table {@code orders}: key {@code orderNumber} STRING = the first
 * 4 hex digits of the MD5 of the order number, then the number; columns {@code cardId} (16 hex
 * digits), {@code total} (INTEGER, minor units) and {@code placedAt} (the {@link Instant}'s text);
 * the table pre-split at the generated 9 split points. The index table {@code orders_by_card} is
 * not written.
 *
 * <p>Run (from the repository root; see {@code docs/performance.md}): {@code java -Xmx512m -cp …
 * dev.widekey.benchmarks.EmbeddedScaleBenchmark --rows=1000000 --store=directory}; {@code
 * --store=memory|directory|both}, {@code --gets=}, {@code --dir=} (a fresh temporary directory
 * unless set; it is deleted at the end unless {@code --keep=true}).
 */
public final class EmbeddedScaleBenchmark {
  private static final String TABLE = "orders";
  private static final List<PkColumn> PRIMARY_KEY =
      List.of(new PkColumn("orderNumber", PkType.STRING));
  private static final List<PkValue> SPLIT_POINTS =
      Stream.of("1990", "3330", "4cc0", "6660", "8000", "9990", "b330", "ccc0", "e660")
          .map(PkValue::ofString)
          .toList();
  private static final long EPOCH_MILLIS = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();

  private EmbeddedScaleBenchmark() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> opts = new HashMap<>();
    for (String a : args) {
      if (a.startsWith("--") && a.contains("=")) {
        opts.put(a.substring(2, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
      }
    }
    long rows = Long.parseLong(opts.getOrDefault("rows", "1000000"));
    long gets = Long.parseLong(opts.getOrDefault("gets", String.valueOf(Math.min(rows, 500_000))));
    String which = opts.getOrDefault("store", "both");
    boolean keep = Boolean.parseBoolean(opts.getOrDefault("keep", "false"));

    System.out.printf(
        "embedded store at scale: %,d Order rows, %,d random gets; java %s, %d processors,"
            + " max heap %d MB%n%n",
        rows,
        gets,
        System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory() >> 20);

    List<Map<String, String>> results = new ArrayList<>();
    if (which.equals("memory") || which.equals("both")) {
      results.add(run("in memory", null, rows, gets));
    }
    if (which.equals("directory") || which.equals("both")) {
      Path dir =
          opts.containsKey("dir")
              ? Path.of(opts.get("dir"))
              : Files.createTempDirectory("widekey-scale");
      try {
        results.add(run("directory", dir, rows, gets));
      } finally {
        if (!keep) {
          deleteTree(dir);
        }
      }
    }
    printTable(results);
  }

  private static Map<String, String> run(String name, Path dir, long rows, long gets)
      throws InterruptedException {
    Map<String, String> r = new LinkedHashMap<>();
    r.put("store", name);
    r.put("rows", String.format("%,d", rows));
    EmbeddedStore store = dir == null ? EmbeddedStore.inMemory() : EmbeddedStore.open(dir);
    store.createTable(new TableSpec(TABLE, PRIMARY_KEY, SPLIT_POINTS));
    DirectorySampler sampler = dir == null ? null : DirectorySampler.start(dir);
    LongAdder logical = new LongAdder();
    long tenth = Math.max(1, rows / 10);
    final long importStart = System.nanoTime();
    long t0 = importStart;
    long[] lastTenth = {importStart};
    BulkWriteResult result =
        BulkWriter.of(store)
            .write(
                LongStream.rangeClosed(1, rows)
                    .mapToObj(
                        n -> {
                          Row row = row(n);
                          logical.add(row.sizeInBytes());
                          if (n % tenth == 0) {
                            // rows handed to the writer; it holds at most its window besides
                            long now = System.nanoTime();
                            System.out.printf(
                                "  %s: %,d rows in %.1f s, %,d rows/s over the last tenth%s%n",
                                name,
                                n,
                                (now - importStart) / 1e9,
                                Math.round(tenth / ((now - lastTenth[0]) / 1e9)),
                                dir == null
                                    ? ""
                                    : ", directory " + mb(DirectorySampler.size(dir)) + " MB");
                            lastTenth[0] = now;
                          }
                          return WriteOp.put(TABLE, row);
                        }));
    double importSeconds = (System.nanoTime() - t0) / 1e9;
    if (!result.allAcknowledged()) {
      throw new IllegalStateException("import failed: " + result);
    }
    r.put("import rows/s", rate(rows, importSeconds));
    r.put("import s", String.format("%.1f", importSeconds));
    r.put("logical MB", mb(logical.sum()));

    SplittableRandom random = new SplittableRandom(7);
    t0 = System.nanoTime();
    long found = 0;
    for (long i = 0; i < gets; i++) {
      long n = 1 + random.nextLong(rows);
      if (store.get(TABLE, key(n), ColumnSelection.all()).isPresent()) {
        found++;
      }
    }
    double getSeconds = (System.nanoTime() - t0) / 1e9;
    if (found != gets) {
      throw new IllegalStateException("gets found " + found + " of " + gets);
    }
    r.put("get rows/s", rate(gets, getSeconds));

    t0 = System.nanoTime();
    long scanned;
    try (Stream<Row> scan = store.scan(TABLE, ScanRange.all(1))) {
      scanned = scan.count();
    }
    double scanSeconds = (System.nanoTime() - t0) / 1e9;
    if (scanned != rows) {
      throw new IllegalStateException("scan read " + scanned + " of " + rows);
    }
    r.put("scan rows/s", rate(scanned, scanSeconds));
    r.put("heap MB after GC", mb(heapAfterGc()));

    if (sampler != null) {
      r.put("dir max MB (import)", mb(sampler.stop()));
      r.put("dir MB before close", mb(DirectorySampler.size(dir)));
      t0 = System.nanoTime();
      store.close();
      r.put("close s", String.format("%.1f", (System.nanoTime() - t0) / 1e9));
      long after = DirectorySampler.size(dir);
      r.put("dir MB after close", mb(after));
      r.put("after close / logical", String.format("%.2f", (double) after / logical.sum()));
      t0 = System.nanoTime();
      try (EmbeddedStore reopened = EmbeddedStore.open(dir)) {
        r.put("reopen s", String.format("%.1f", (System.nanoTime() - t0) / 1e9));
        if (!reopened.get(TABLE, key(rows), ColumnSelection.all()).isPresent()) {
          throw new IllegalStateException("row " + rows + " lost at reopen");
        }
      }
    } else {
      store.close();
    }
    System.out.println(r);
    return r;
  }

  /** The row {@code OrderRepository} writes for order number {@code n}. */
  public static Row row(long n) {
    Map<String, AttrValue> columns = new LinkedHashMap<>();
    columns.put("cardId", AttrValue.ofString(String.format("%016X", n * 0x9E3779B97F4A7C15L)));
    columns.put("total", AttrValue.ofInteger(100 + (n * 7919) % 1_000_000));
    columns.put("placedAt", AttrValue.ofString(Instant.ofEpochMilli(EPOCH_MILLIS + n).toString()));
    return Row.of(key(n), columns);
  }

  public static PrimaryKey key(long n) {
    String number = Long.toString(n);
    return PrimaryKey.of(PkValue.ofString(KeyHash.prefix(HashAlgorithm.MD5, 4, number) + number));
  }

  public static long heapAfterGc() throws InterruptedException {
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(100);
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  public static String rate(long n, double seconds) {
    return String.format("%,d", Math.round(n / seconds));
  }

  public static String mb(long bytes) {
    return String.format("%,.1f", bytes / 1e6);
  }

  public static void printTable(List<Map<String, String>> results) {
    List<String> keys = new ArrayList<>();
    for (Map<String, String> r : results) {
      for (String k : r.keySet()) {
        if (!keys.contains(k)) {
          keys.add(k);
        }
      }
    }
    StringBuilder out = new StringBuilder("\n| measure |");
    results.forEach(r -> out.append(' ').append(r.get("store")).append(" |"));
    out.append("\n|---|");
    results.forEach(r -> out.append("---:|"));
    for (String k : keys) {
      if (k.equals("store")) {
        continue;
      }
      out.append("\n| ").append(k).append(" |");
      for (Map<String, String> r : results) {
        out.append(' ').append(r.getOrDefault(k, "")).append(" |");
      }
    }
    System.out.println(out);
  }

  public static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** Samples a directory's size every 100 ms on a daemon thread and keeps the largest. */
  public static final class DirectorySampler {
    private final Path dir;
    private final AtomicLong max = new AtomicLong();
    private volatile boolean running = true;
    private final Thread thread;

    private DirectorySampler(Path dir) {
      this.dir = dir;
      this.thread = new Thread(this::loop, "directory-sampler");
      thread.setDaemon(true);
    }

    public static DirectorySampler start(Path dir) {
      DirectorySampler s = new DirectorySampler(dir);
      s.thread.start();
      return s;
    }

    private void loop() {
      while (running) {
        max.accumulateAndGet(size(dir), Math::max);
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          return;
        }
      }
    }

    public long stop() throws InterruptedException {
      running = false;
      thread.join();
      return max.accumulateAndGet(size(dir), Math::max);
    }

    public static long size(Path dir) {
      try (Stream<Path> paths = Files.walk(dir)) {
        return paths
            .filter(Files::isRegularFile)
            .mapToLong(
                p -> {
                  try {
                    return Files.size(p);
                  } catch (IOException e) {
                    return 0; // a file removed while walking
                  }
                })
            .sum();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
