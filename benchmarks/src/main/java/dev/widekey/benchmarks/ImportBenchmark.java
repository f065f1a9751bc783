package dev.widekey.benchmarks;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.BulkWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Measures what shuffling does to an import (rule WK302): the same rows written in key order and
 * shuffled, through the {@link BulkWriter}, onto an embedded store of 16 partitions each of which
 * writes at most a fixed number of rows per time slice, as a partition server does. Prints rows per
 * second per scenario and their ratio to the in-order import, from one run.
 *
 * <p>Run: {@code mvn -q -o -pl runtime -am install -DskipTests && mvn -q -o -pl benchmarks compile
 * exec:java} (arguments: {@code -Dexec.args="--rows=100000 --workers=16"}).
 */
public final class ImportBenchmark {
  private static final String TABLE = "events";

  private ImportBenchmark() {}

  public static void main(String[] args) {
    Map<String, String> opts = new java.util.HashMap<>();
    for (String a : args) {
      if (a.startsWith("--") && a.contains("=")) {
        opts.put(a.substring(2, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
      }
    }
    int rows = Integer.parseInt(opts.getOrDefault("rows", "100000"));
    int partitions = Integer.parseInt(opts.getOrDefault("partitions", "16"));
    int rowsPerSlice = Integer.parseInt(opts.getOrDefault("rowsPerSlice", "100"));
    long sliceMillis = Long.parseLong(opts.getOrDefault("sliceMillis", "10"));
    int workers = Integer.parseInt(opts.getOrDefault("workers", "16"));
    long seed = Long.parseLong(opts.getOrDefault("seed", "42"));

    System.out.printf(
        "import of %,d rows onto %d partitions, each capped at %d rows per %d ms (%,d rows/s; %,d rows/s for all); %d workers, batches of up to 200 rows%n",
        rows,
        partitions,
        rowsPerSlice,
        sliceMillis,
        rowsPerSlice * 1000L / sliceMillis,
        partitions * rowsPerSlice * 1000L / sliceMillis,
        workers);
    System.out.printf(
        "java %s, %d processors%n%n",
        System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());

    int[] shuffled = IntStream.range(0, rows).toArray();
    Random random = new Random(seed);
    for (int i = shuffled.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = shuffled[i];
      shuffled[i] = shuffled[j];
      shuffled[j] = t;
    }

    record Scenario(
        String name,
        Function<BulkWriter.Builder, BulkWriter.Builder> writer,
        boolean shuffledInput) {}
    List<Scenario> scenarios =
        List.of(
            new Scenario(
                "sorted input, in order (window = workers x 200)",
                b -> b.window(workers * 200),
                false),
            new Scenario("sorted input, default shuffle window", b -> b, false),
            new Scenario("sorted input, splitInput(64)", b -> b.splitInput(64), false),
            new Scenario("shuffled input, default window", b -> b, true));

    // warm-up: JIT the writer and the store, on a store that is thrown away
    run(
        Math.min(rows, 20_000),
        partitions,
        1_000_000,
        sliceMillis,
        workers,
        seed,
        b -> b,
        shuffled,
        true,
        true);

    System.out.printf(
        "%-52s %10s %12s %9s %s%n",
        "scenario",
        "seconds",
        "rows/s",
        "vs first",
        "busiest partition's share of the first 10% of writes");
    double base = 0;
    for (Scenario s : scenarios) {
      double[] r =
          run(
              rows,
              partitions,
              rowsPerSlice,
              sliceMillis,
              workers,
              seed,
              s.writer(),
              shuffled,
              s.shuffledInput(),
              false);
      if (base == 0) {
        base = r[1];
      }
      System.out.printf(
          "%-52s %10.2f %,12.0f %8.1fx %s%n",
          s.name(), r[0], r[1], r[1] / base, String.format("%.0f%%", r[2] * 100));
    }
  }

  /**
   * Runs one import; returns seconds, rows per second and the busiest partition's share early on.
   */
  private static double[] run(
      int rows,
      int partitions,
      int rowsPerSlice,
      long sliceMillis,
      int workers,
      long seed,
      Function<BulkWriter.Builder, BulkWriter.Builder> configure,
      int[] shuffled,
      boolean shuffledInput,
      boolean quiet) {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      List<PkValue> splits = new ArrayList<>();
      for (int i = 1; i < partitions; i++) {
        splits.add(PkValue.ofInteger((long) rows * i / partitions));
      }
      // the HBase profile: a table pre-split into more than Tablestore's 10 partitions
      embedded.createTable(
          new TableSpec(TABLE, List.of(new PkColumn("id", PkType.INTEGER)), splits)
              .withProfile(Profile.HBASE));
      PartitionCappedStore store =
          new PartitionCappedStore(embedded, rowsPerSlice, sliceMillis * 1_000_000L);
      // the busiest partition's share of the first tenth of the writes: 100% is a tail hotspot
      AtomicReference<List<PartitionStats>> snapshot = new AtomicReference<>();
      BulkWriter writer =
          configure
              .apply(
                  BulkWriter.builder(store)
                      .workers(workers)
                      .seed(seed)
                      .progress(
                          p -> {
                            if (snapshot.get() == null && p.acknowledged() >= rows / 10) {
                              snapshot.set(embedded.partitionStats(TABLE));
                            }
                          }))
              .build();
      Stream<WriteOp> input =
          (shuffledInput ? IntStream.of(shuffled).filter(i -> i < rows) : IntStream.range(0, rows))
              .mapToObj(i -> WriteOp.put(TABLE, row(i)));
      long start = System.nanoTime();
      BulkWriteResult result = writer.write(input);
      double seconds = (System.nanoTime() - start) / 1e9;
      long stored = embedded.partitionStats(TABLE).stream().mapToLong(PartitionStats::rows).sum();
      if (!result.allAcknowledged() || stored != rows) {
        throw new IllegalStateException(
            "import incomplete: " + result + ", " + stored + " rows stored");
      }
      double share = 0;
      if (snapshot.get() != null) {
        long total = snapshot.get().stream().mapToLong(PartitionStats::writeRows).sum();
        long max = snapshot.get().stream().mapToLong(PartitionStats::writeRows).max().orElse(0);
        share = total == 0 ? 0 : (double) max / total;
      }
      return new double[] {seconds, rows / seconds, share};
    }
  }

  private static Row row(long id) {
    return Row.of(
        PrimaryKey.of(PkValue.ofInteger(id)),
        Map.of(
            "v", AttrValue.ofInteger(id * 31),
            "payload",
                AttrValue.ofString(
                    "event-" + id + "-" + Long.toHexString(id * 0x9E3779B97F4A7C15L))));
  }
}
