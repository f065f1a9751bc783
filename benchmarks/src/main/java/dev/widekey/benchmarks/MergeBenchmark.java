package dev.widekey.benchmarks;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.key.KeyBuckets;
import dev.widekey.runtime.key.Padding;
import dev.widekey.runtime.merge.MergeSource;
import dev.widekey.runtime.merge.MergedScan;
import dev.widekey.runtime.merge.ReadAhead;
import dev.widekey.runtime.store.AttrValue;
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
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * Measures the k-way merge (issue 12): the same rows read as one ordered scan of a table keyed by
 * timestamp, and as a {@link MergedScan} of the 16 buckets of a table keyed by (bucket, timestamp)
 * with the bucket {@code timestamp % 16}, on one embedded store. Prints rows per second of both and
 * their ratio, from one run; each is measured several times, alternating, and the best run counts.
 *
 * <p>Run: {@code mvn -B -o -q -pl benchmarks -am package -DskipTests}, then the {@code java}
 * command in docs/performance.md (options {@code --rows=200000 --buckets=16 --pageSize=0 --runs=5
 * --threads=N}, N the processors less one; {@code --jvms=N} runs it in N JVMs one after the other
 * and prints the median share of each line).
 */
public final class MergeBenchmark {
  private MergeBenchmark() {}

  /** Marks the lines a run prints for {@link #medianOfJvms}: the label, wall and CPU shares. */
  private static final String SHARE = "share\t";

  private static boolean printShares; // a run of medianOfJvms: print the SHARE lines

  public static void main(String[] args) throws Exception {
    Map<String, String> opts = new HashMap<>();
    for (String a : args) {
      if (a.startsWith("--") && a.contains("=")) {
        opts.put(a.substring(2, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
      }
    }
    printShares = Boolean.parseBoolean(opts.getOrDefault("shares", "false"));
    int jvms = Integer.parseInt(opts.getOrDefault("jvms", "1"));
    if (jvms > 1) {
      medianOfJvms(jvms, args);
      return;
    }
    int rows = Integer.parseInt(opts.getOrDefault("rows", "200000"));
    int buckets = Integer.parseInt(opts.getOrDefault("buckets", "16"));
    // 0: the merge's default, MergedScan.defaultPageSize(buckets)
    int pageSize = Integer.parseInt(opts.getOrDefault("pageSize", "0"));
    int runs = Integer.parseInt(opts.getOrDefault("runs", "5"));
    // the executor's reading threads; the merge's own thread reads as well, so by default one
    // fewer than the processors, as withReadAhead runs
    int threads =
        Integer.parseInt(
            opts.getOrDefault(
                "threads",
                String.valueOf(Math.max(1, Runtime.getRuntime().availableProcessors() - 1))));

    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(new TableSpec("single", List.of(new PkColumn("ts", PkType.INTEGER))));
      // the same entity's key without its bucket: the signed padded timestamp as text
      store.createTable(new TableSpec("padded", List.of(new PkColumn("ts", PkType.STRING))));
      List<PkValue> bucketSplits = new ArrayList<>();
      for (int b = 1; b < buckets; b++) {
        bucketSplits.add(PkValue.ofString(bucket(b)));
      }
      store.createTable(
          new TableSpec(
                  "bucketed",
                  List.of(
                      new PkColumn("bucket", PkType.STRING), new PkColumn("ts", PkType.INTEGER)),
                  bucketSplits)
              // HBase creates a table with a region per bucket (Tablestore with at most 10)
              .withProfile(Profile.HBASE));
      write(
          store,
          LongStream.range(0, rows)
              .mapToObj(
                  ts -> WriteOp.put("single", row(PrimaryKey.of(PkValue.ofInteger(ts)), ts))));
      write(
          store,
          LongStream.range(0, rows)
              .mapToObj(
                  ts ->
                      WriteOp.put(
                          "padded",
                          row(
                              PrimaryKey.of(PkValue.ofString(Padding.encode("ts", ts, 19, true))),
                              ts))));
      write(
          store,
          LongStream.range(0, rows)
              .mapToObj(
                  ts ->
                      WriteOp.put(
                          "bucketed",
                          row(
                              PrimaryKey.of(
                                  PkValue.ofString(bucket((int) (ts % buckets))),
                                  PkValue.ofInteger(ts)),
                              ts))));

      // the layout @Bucketed(buckets = N) generates: one text column, the bucket then the signed
      // padded timestamp, split at the buckets; merged in KeyBuckets.logicalOrder()
      KeyBuckets keyBuckets = new KeyBuckets(buckets).withPaddedNumber(19, true);
      store.createTable(
          new TableSpec(
                  "generated",
                  List.of(new PkColumn("ts", PkType.STRING)),
                  keyBuckets.splitPoints(buckets).stream().map(PkValue::ofString).toList())
              .withProfile(Profile.HBASE));
      write(
          store,
          LongStream.range(0, rows)
              .mapToObj(
                  ts ->
                      WriteOp.put(
                          "generated",
                          row(PrimaryKey.of(PkValue.ofString(generatedKey(keyBuckets, ts))), ts))));
      List<MergeSource> generatedSources = new ArrayList<>();
      for (ScanRange r : keyBuckets.all(1)) {
        generatedSources.add(new MergeSource(store, "generated", r));
      }
      MergedScan generated =
          MergedScan.of(generatedSources, keyBuckets.logicalOrder())
              .withSortPrefix(keyBuckets.sortPrefix());

      List<MergeSource> sources = new ArrayList<>();
      for (int b = 0; b < buckets; b++) {
        List<PkValue> prefix = List.of(PkValue.ofString(bucket(b)));
        sources.add(
            new MergeSource(
                store,
                "bucketed",
                ScanRange.between(
                    PrimaryKey.bound(prefix, PkValue.INF_MIN, 2),
                    PrimaryKey.bound(prefix, PkValue.INF_MAX, 2))));
      }
      // the logical key: the timestamp, without the bucket in front
      Comparator<PrimaryKey> logical = Comparator.comparing(k -> k.get(1));
      // the timestamp itself is a sort prefix of that order: the merge compares longs
      MergedScan merge = MergedScan.of(sources, logical).withSortPrefix(k -> k.get(1).asLong());

      if (pageSize == 0) {
        pageSize = MergedScan.defaultPageSize(buckets);
      }
      merge = merge.withPageSize(pageSize);
      generated = generated.withPageSize(pageSize);
      System.out.printf(
          "%,d rows: one ordered scan vs a merged scan of %d buckets (pages of %d rows), best of"
              + " %d runs each%n",
          rows, buckets, pageSize, runs);
      ExecutorService pool =
          Executors.newFixedThreadPool(
              threads,
              r -> {
                Thread t = new Thread(r, "merge-prefetch");
                t.setDaemon(true);
                return t;
              });
      MergedScan ahead = merge.withPrefetch(pool, threads);
      // what a generated scanBy...Between runs by default: the buckets read ahead in parallel on
      // the
      // runtime's shared executor, as many at once as the store gains from (its processors)
      MergedScan generatedAhead = generated.withReadAhead(ReadAhead.executor());
      // best of the runs, by wall clock and by the reading thread's CPU time (on a machine that
      // other processes load, the CPU time is the steadier measure of the read's own cost)
      double[] single = new double[3];
      double[] padded = new double[3];
      double[] raw = new double[3];
      double[] merged = new double[3];
      double[] readAhead = new double[3];
      double[] generatedLayout = new double[3];
      double[] generatedReadAhead = new double[3];
      check(rows, () -> store.scan("bucketed", all(2)), false, -1);
      check(rows, () -> store.scan("single", all(1)), true, -1);
      check(rows, () -> store.scan("padded", all(1)), true, 0);
      check(rows, merge::stream, true, -1);
      check(rows, ahead::stream, true, -1);
      check(rows, generated::stream, true, keyBuckets.width());
      check(rows, generatedAhead::stream, true, keyBuckets.width());
      for (int run = 0; run < runs; run++) {
        best(raw, rowsPerSecond(rows, () -> store.scan("bucketed", all(2)), false));
        best(single, rowsPerSecond(rows, () -> store.scan("single", all(1)), true));
        best(padded, rowsPerSecond(rows, () -> store.scan("padded", all(1)), true));
        best(merged, rowsPerSecond(rows, merge::stream, true));
        best(readAhead, rowsPerSecond(rows, ahead::stream, true));
        best(generatedLayout, rowsPerSecond(rows, generated::stream, true));
        best(generatedReadAhead, rowsPerSecond(rows, generatedAhead::stream, true));
      }
      pool.shutdown();
      System.out.printf(
          "%-44s %12s %12s %12s  %s%n",
          "", "wall rows/s", "CPU rows/s", "all CPU", "of the single scan (wall, CPU, all CPU)");
      print("one ordered scan", single, single);
      print("(one ordered scan, padded text key)", padded, single);
      print("(one scan of the bucketed table, unmerged)", raw, single);
      print("merged scan of " + buckets + " buckets", merged, single);
      print("same, pages read ahead on " + threads + " threads", readAhead, single);
      print("merged, generated layout (one text column)", generatedLayout, single);
      print("same, read ahead (generated scans' default)", generatedReadAhead, single);
    }
  }

  private static ScanRange all(int columns) {
    return ScanRange.all(columns);
  }

  private static String bucket(int b) {
    return String.format("%02d", b);
  }

  private static Row row(PrimaryKey key, long ts) {
    return Row.of(
        key,
        Map.of(
            "host", AttrValue.ofString("10.0.0." + (ts % 250)),
            "time", AttrValue.ofInteger(ts)));
  }

  private static void write(EmbeddedStore store, Stream<WriteOp> ops) {
    BulkWriteResult result = BulkWriter.of(store).write(ops);
    if (!result.allAcknowledged()) {
      throw new IllegalStateException("the import failed: " + result);
    }
  }

  private static void best(double[] best, double[] run) {
    for (int i = 0; i < best.length; i++) {
      best[i] = Math.max(best[i], run[i]);
    }
  }

  /**
   * Runs the benchmark in {@code jvms} JVMs one after the other (the JIT, the heap and the
   * machine's other work differ more between JVMs than between runs in one) and prints each line's
   * share of the single scan per JVM and the median over them, by wall clock and by CPU time.
   */
  private static void medianOfJvms(int jvms, String[] args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(MergeBenchmark.class.getName());
    command.add("--shares=true");
    for (String a : args) {
      if (!a.startsWith("--jvms=")) {
        command.add(a);
      }
    }
    Map<String, List<double[]>> shares = new java.util.LinkedHashMap<>();
    for (int run = 0; run < jvms; run++) {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      List<String> out;
      try (var reader =
          new java.io.BufferedReader(
              new java.io.InputStreamReader(
                  p.getInputStream(), java.nio.charset.StandardCharsets.UTF_8))) {
        out = reader.lines().toList();
      }
      if (p.waitFor() != 0) {
        throw new IllegalStateException("run " + (run + 1) + " failed:\n" + String.join("\n", out));
      }
      for (String line : out) {
        if (line.startsWith(SHARE)) {
          String[] f = line.split("\t");
          shares
              .computeIfAbsent(f[1], k -> new ArrayList<>())
              .add(new double[] {Double.parseDouble(f[2]), Double.parseDouble(f[3])});
        } else if (run == 0) {
          System.out.println(line);
        }
      }
      System.err.printf("JVM run %d of %d done%n", run + 1, jvms);
    }
    System.out.printf(
        "%nShare of the one ordered scan over %d JVM runs: median (min–max), wall clock | CPU"
            + " time of the reading thread%n",
        jvms);
    for (Map.Entry<String, List<double[]>> e : shares.entrySet()) {
      double[] wall = e.getValue().stream().mapToDouble(v -> v[0]).sorted().toArray();
      double[] cpu = e.getValue().stream().mapToDouble(v -> v[1]).sorted().toArray();
      System.out.printf(
          "%-44s %4.0f%% (%3.0f–%3.0f%%) | %4.0f%% (%3.0f–%3.0f%%)%n",
          e.getKey(),
          median(wall),
          wall[0],
          wall[wall.length - 1],
          median(cpu),
          cpu[0],
          cpu[cpu.length - 1]);
    }
  }

  private static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static void print(String what, double[] rate, double[] single) {
    if (printShares) {
      System.out.printf(
          SHARE + "%s\t%f\t%f%n", what, 100 * rate[0] / single[0], 100 * rate[1] / single[1]);
    }
    System.out.printf(
        "%-44s %,12.0f %,12.0f %,12.0f  %.0f%%, %.0f%%, %.0f%%%n",
        what,
        rate[0],
        rate[1],
        rate[2],
        100 * rate[0] / single[0],
        100 * rate[1] / single[1],
        100 * rate[2] / single[2]);
  }

  /** The bucket + padded text of a timestamp, as {@code @Bucketed} on a long stores it. */
  private static String generatedKey(KeyBuckets buckets, long ts) {
    return buckets.text(buckets.ofNumber(ts)) + Padding.encode("ts", ts, 19, true);
  }

  /**
   * Reads the whole stream once, untimed, and checks every row: its key holds the timestamp of its
   * {@code time} column ({@code textFrom}: where the timestamp starts in a text key, or -1 for an
   * INTEGER last key column), in timestamp order if {@code ordered}, and all rows are there.
   */
  private static void check(int rows, Supplier<Stream<Row>> scan, boolean ordered, int textFrom) {
    long count = 0;
    long last = -1;
    try (Stream<Row> stream = scan.get()) {
      for (Row row : (Iterable<Row>) stream::iterator) {
        long ts = row.get("time").asLong();
        long key =
            textFrom >= 0
                ? Long.parseLong(row.key().get(0).asString().substring(textFrom))
                : row.key().get(row.key().size() - 1).asLong();
        if (key != ts || (ordered && ts <= last)) {
          throw new IllegalStateException("row " + row + " out of order or not its key's");
        }
        last = ts;
        count++;
      }
    }
    if (count != rows) {
      throw new IllegalStateException(count + " rows read of " + rows);
    }
  }

  /**
   * Reads the whole stream, touching each row as a caller would and the same way on every line (its
   * {@code time} column, checked to be in order if {@code ordered}); returns rows/s by wall clock,
   * by this thread's CPU time and by the CPU time of all the process's threads.
   */
  private static double[] rowsPerSecond(int rows, Supplier<Stream<Row>> scan, boolean ordered) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long processCpuStart = os.getProcessCpuTime();
    long cpuStart = threads.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    long count = 0;
    long last = -1;
    try (Stream<Row> stream = scan.get()) {
      for (Row row : (Iterable<Row>) stream::iterator) {
        long ts = row.get("time").asLong();
        if (ordered && ts <= last) {
          throw new IllegalStateException("out of order at " + ts);
        }
        last = ts;
        count++;
      }
    }
    long nanos = System.nanoTime() - start;
    long cpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
    long processCpuNanos = os.getProcessCpuTime() - processCpuStart;
    if (count != rows) {
      throw new IllegalStateException(count + " rows read of " + rows);
    }
    return new double[] {
      count * 1e9 / nanos, count * 1e9 / cpuNanos, count * 1e9 / processCpuNanos
    };
  }
}
