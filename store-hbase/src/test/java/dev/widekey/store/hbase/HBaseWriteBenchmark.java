package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.fault.Seeds;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Write throughput on the mini cluster, in one run: the store's {@code batchWrite} against the raw
 * HBase client's {@code Table.put(List<Put>)} of the same row keys and cells, with 1 and 8 threads,
 * and, for comparison, the put path widekey had before (each row an atomic {@code RowMutations} of
 * a delete of older cells and a put, at client timestamps), and the store in write order {@code
 * row-marker} ({@code ordered}: new rows, one {@code checkAndMutate} each; {@code ordered-re}: rows
 * that exist, written untimed before the round, two each). Skipped unless {@code
 * -Dwidekey.bench=true}; a benchmark, not a test: it prints rows per second and ratios, and only
 * checks that the rows were written.
 *
 * <pre>{@code
 * mvn -B -o -q -pl store-hbase -am verify -Dwidekey.bench=true \
 *     -Dtest=HBaseWriteBenchmark -Dsurefire.failIfNoSpecifiedTests=false
 * }</pre>
 *
 * {@code -Dwidekey.bench.rows=} sets the rows per measurement (default 20,000), {@code
 * -Dwidekey.bench.rounds=} the measured rounds (default 5, after one warm-up round), {@code
 * -Dwidekey.bench.contenders=store} only those contenders (and {@code raw}). It prints, per
 * contender, the median of its per-round ratios to {@code raw} and their range, and writes them as
 * a Markdown table to {@code target/benchmarks/hbase-write.md}.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
@EnabledIfSystemProperty(named = "widekey.bench", matches = "true")
class HBaseWriteBenchmark {
  private static final int BATCH = 200;
  private static final byte[] FAMILY = HBaseStore.FAMILY.getBytes(StandardCharsets.UTF_8);
  private static final List<PkColumn> SCHEMA = List.of(new PkColumn("id", PkType.STRING));

  @RegisterExtension final Seeds seeds = new Seeds();

  private interface Writer {
    void write(List<Row> batch) throws Exception;
  }

  @Test
  void storeBatchWriteAgainstTheRawClient(MiniHBase cluster) throws Exception {
    int rows = Integer.getInteger("widekey.bench.rows", 20_000);
    int rounds = Integer.getInteger("widekey.bench.rounds", 5);
    Random random = new Random(seeds.seed());
    Connection connection = cluster.connection();
    HBaseStore store = HBaseStore.using(connection, "default");
    HBaseStore ordered = store.withWriteOrder(HBaseStore.WriteOrder.ROW_MARKER);
    // hex keys over 8 regions, as a hash-prefixed table would have them
    List<PkValue> splits = new ArrayList<>();
    for (String s : List.of("2", "4", "6", "8", "a", "c", "e")) {
      splits.add(PkValue.ofString(s));
    }
    Map<String, Writer> writers = new LinkedHashMap<>();
    // untimed, before a contender's round: ordered-re replaces rows that exist
    Map<String, Writer> prepare = new LinkedHashMap<>();
    for (String name : List.of("store", "raw", "before", "ordered", "ordered_re")) {
      store.createTable(new TableSpec("bench_" + name, SCHEMA, splits));
    }
    writers.put("store", batch -> batchWrite(store, "bench_store", batch));
    // write order row-marker: each put a checkAndMutate on the row marker; new rows, then rows that
    // exist (the first guess, absent, fails for each: a second call)
    writers.put("ordered", batch -> batchWrite(ordered, "bench_ordered", batch));
    writers.put("ordered-re", batch -> batchWrite(ordered, "bench_ordered_re", batch));
    prepare.put("ordered-re", batch -> batchWrite(store, "bench_ordered_re", batch));
    writers.put(
        "raw",
        batch -> {
          List<Put> puts = new ArrayList<>(batch.size());
          for (Row r : batch) {
            Put put = new Put(OrderedKeyBytes.encode(r.key()));
            for (Map.Entry<String, AttrValue> e : r.columns().entrySet()) {
              put.addColumn(
                  FAMILY,
                  e.getKey().getBytes(StandardCharsets.UTF_8),
                  CellCodec.encode(e.getValue()));
            }
            puts.add(put);
          }
          try (Table t = connection.getTable(TableName.valueOf("default", "bench_raw"))) {
            t.put(puts);
          }
        });
    long[] clock = {0};
    writers.put(
        "before",
        batch -> {
          List<RowMutations> actions = new ArrayList<>(batch.size());
          long ts;
          synchronized (clock) {
            ts = Math.max(System.currentTimeMillis(), clock[0] + 1);
            clock[0] = ts;
          }
          for (Row r : batch) {
            byte[] key = OrderedKeyBytes.encode(r.key());
            Put put = new Put(key, ts);
            for (Map.Entry<String, AttrValue> e : r.columns().entrySet()) {
              put.addColumn(
                  FAMILY,
                  e.getKey().getBytes(StandardCharsets.UTF_8),
                  ts,
                  CellCodec.encode(e.getValue()));
            }
            actions.add(
                new RowMutations(key, 2)
                    .add((Mutation) new Delete(key, ts - 1))
                    .add((Mutation) put));
          }
          try (Table t = connection.getTable(TableName.valueOf("default", "bench_before"))) {
            t.batch(actions, new Object[actions.size()]);
          }
        });

    // -Dwidekey.bench.contenders=store,raw measures only those (raw always)
    String chosen = System.getProperty("widekey.bench.contenders", "");
    if (!chosen.isBlank()) {
      List<String> keep = new ArrayList<>(List.of(chosen.split(",")));
      keep.add("raw");
      writers.keySet().retainAll(keep);
    }
    System.err.printf(
        "write benchmark: seed %d, %d rows of 8 columns per measurement, batches of %d,"
            + " %d rounds after a warm-up%n",
        seeds.seed(), rows, BATCH, rounds);
    StringBuilder table =
        new StringBuilder(
            String.format(
                "%d rows of 8 columns per measurement, batches of %d, %d rounds after a warm-up,"
                    + " contenders in a rotating order; ratio = rows/s against `raw` in the same"
                    + " round: median (lowest–highest) over the rounds%n%n"
                    + "| threads | contender | median ratio to raw | range | rows/s (median) |%n"
                    + "|---|---|---|---|---|%n",
                rows, BATCH, rounds));
    for (int threads : new int[] {1, 8}) {
      Map<String, List<Double>> rates = new LinkedHashMap<>();
      Map<String, List<Double>> ratios = new LinkedHashMap<>();
      for (int round = 0; round <= rounds; round++) {
        List<List<Row>> batches = batches(random, rows);
        // the order of the contenders changes every round, so none always follows a flush
        List<String> order = new ArrayList<>(writers.keySet());
        java.util.Collections.rotate(order, round);
        Map<String, Double> rate = new LinkedHashMap<>();
        for (String name : order) {
          Writer before = prepare.get(name);
          if (before != null) {
            for (List<Row> batch : batches) {
              before.write(batch);
            }
          }
          rate.put(name, rate(rows, run(writers.get(name), batches, threads)));
        }
        if (round > 0) {
          for (Map.Entry<String, Double> e : rate.entrySet()) {
            rates.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue());
            ratios
                .computeIfAbsent(e.getKey(), k -> new ArrayList<>())
                .add(e.getValue() / rate.get("raw"));
          }
        }
      }
      for (String name : writers.keySet()) {
        List<Double> r = ratios.get(name);
        System.err.printf(
            "  %d thread(s) %-10s median %,8.0f rows/s, %.2fx raw (%.2fx–%.2fx over %d rounds)%n",
            threads,
            name,
            median(rates.get(name)),
            median(r),
            java.util.Collections.min(r),
            java.util.Collections.max(r),
            r.size());
        table.append(
            String.format(
                "| %d | `%s` | %.2fx | %.2fx–%.2fx | %,.0f |%n",
                threads,
                name,
                median(r),
                java.util.Collections.min(r),
                java.util.Collections.max(r),
                median(rates.get(name))));
      }
    }
    // for docs/performance.md (benchmarks/performance.sh collects it)
    java.nio.file.Path out = java.nio.file.Path.of("target", "benchmarks", "hbase-write.md");
    java.nio.file.Files.createDirectories(out.getParent());
    java.nio.file.Files.writeString(out, table);
    // the first rows written (the warm-up's) read back as written
    for (Row r : batches(new Random(seeds.seed()), BATCH).get(0)) {
      for (String name : List.of("store", "ordered", "ordered-re")) {
        if (writers.containsKey(name)) {
          String t = "bench_" + name.replace('-', '_');
          assertEquals(r, store.get(t, r.key(), ColumnSelection.all()).orElseThrow(), t);
        }
      }
    }
  }

  private static void batchWrite(HBaseStore store, String table, List<Row> batch) {
    List<WriteOp> ops = new ArrayList<>(batch.size());
    for (Row r : batch) {
      ops.add(WriteOp.put(table, r));
    }
    for (WriteOutcome o : store.batchWrite(ops)) {
      assertTrue(o.succeeded(), () -> String.valueOf(o));
    }
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    java.util.Collections.sort(sorted);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  private static double rate(long rows, long nanos) {
    return rows * 1e9 / nanos;
  }

  /** Rows with fresh random hex keys: 6 strings of 32 characters and 2 integers each. */
  private static List<List<Row>> batches(Random random, int rows) {
    List<List<Row>> batches = new ArrayList<>();
    List<Row> batch = new ArrayList<>(BATCH);
    for (int i = 0; i < rows; i++) {
      Map<String, AttrValue> columns = new LinkedHashMap<>();
      for (int c = 0; c < 6; c++) {
        columns.put(
            "s" + c,
            AttrValue.ofString(
                Long.toHexString(random.nextLong())
                    + "-"
                    + c
                    + "abcdefghijklmnopqrstu".substring(0, 14)));
      }
      columns.put("n0", AttrValue.ofInteger(random.nextLong()));
      columns.put("n1", AttrValue.ofInteger(i));
      String id = String.format("%016x", random.nextLong());
      batch.add(Row.of(PrimaryKey.of(PkValue.ofString(id)), columns));
      if (batch.size() == BATCH) {
        batches.add(batch);
        batch = new ArrayList<>(BATCH);
      }
    }
    if (!batch.isEmpty()) {
      batches.add(batch);
    }
    return batches;
  }

  /** Nanoseconds to write all batches with {@code threads} threads taking batches in turn. */
  private static long run(Writer writer, List<List<Row>> batches, int threads) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      long start = System.nanoTime();
      List<Future<?>> done = new ArrayList<>();
      for (int w = 0; w < threads; w++) {
        final int first = w;
        done.add(
            pool.submit(
                () -> {
                  for (int b = first; b < batches.size(); b += threads) {
                    writer.write(batches.get(b));
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
      return System.nanoTime() - start;
    } finally {
      pool.shutdownNow();
    }
  }
}
