package dev.widekey.runtime.report;

import dev.widekey.core.Rule;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.stream.Stream;

/**
 * How evenly a table's load spreads over its partitions, and which partition-key values are largest
 * (rule WK301: keep one partition-key value under 10 GB, 1 GB in the Chinese edition). Built from
 * the store's own counters, so it shows what the store saw, not what the code meant.
 *
 * <pre>{@code
 * PartitionLoadReport report = PartitionLoadReport.of(store, "orders", 3);
 * if (report.writeSkew() > 2.0) log.warn(report.summary());
 * }</pre>
 *
 * @param table the table
 * @param partitions per-partition counters, in key order
 * @param largestKeys the largest partition-key values by stored bytes, largest first
 */
public record PartitionLoadReport(
    String table, List<PartitionStats> partitions, List<KeySize> largestKeys) {

  /** The guideline for one partition-key value: 10 GB. */
  public static final long PARTITION_KEY_BYTES_GUIDELINE = 10L * 1024 * 1024 * 1024;

  public PartitionLoadReport {
    partitions = List.copyOf(partitions);
    largestKeys = List.copyOf(largestKeys);
  }

  /**
   * Stored bytes of one partition-key value.
   *
   * @param partitionKey the value of the first primary-key column
   * @param rows rows under it
   * @param bytes stored bytes of those rows
   */
  public record KeySize(PkValue partitionKey, long rows, long bytes) {
    /** Whether it exceeds the 10 GB guideline. */
    public boolean overGuideline() {
      return bytes > PARTITION_KEY_BYTES_GUIDELINE;
    }
  }

  /**
   * Reads the table's partition counters and, with {@code topKeys > 0}, scans the table once to
   * size its partition-key values (a full scan: run it off the hot path).
   */
  public static PartitionLoadReport of(WideTableStore store, String table, int topKeys) {
    List<PartitionStats> stats = store.partitionStats(table);
    List<KeySize> largest = topKeys > 0 ? largestKeys(store, table, topKeys) : List.of();
    return new PartitionLoadReport(table, stats, largest);
  }

  private static List<KeySize> largestKeys(WideTableStore store, String table, int top) {
    TableSpec spec =
        store
            .describeTable(table)
            .orElseThrow(() -> new IllegalArgumentException("no table " + table));
    PriorityQueue<KeySize> smallestFirst =
        new PriorityQueue<>(Comparator.comparingLong(KeySize::bytes));
    PkValue current = null;
    long rows = 0;
    long bytes = 0;
    try (Stream<Row> scan = store.scan(table, ScanRange.all(spec.primaryKey().size()))) {
      for (Row row : (Iterable<Row>) scan::iterator) {
        PkValue pk = row.key().get(0);
        if (!pk.equals(current)) {
          offer(smallestFirst, current, rows, bytes, top);
          current = pk;
          rows = 0;
          bytes = 0;
        }
        rows++;
        bytes += row.sizeInBytes();
      }
    }
    offer(smallestFirst, current, rows, bytes, top);
    List<KeySize> out = new ArrayList<>(smallestFirst);
    out.sort(Comparator.comparingLong(KeySize::bytes).reversed());
    return out;
  }

  private static void offer(
      PriorityQueue<KeySize> queue, PkValue key, long rows, long bytes, int top) {
    if (key == null) {
      return;
    }
    queue.add(new KeySize(key, rows, bytes));
    if (queue.size() > top) {
      queue.poll();
    }
  }

  /** Row writes over all partitions. */
  public long totalWrites() {
    return partitions.stream().mapToLong(PartitionStats::writeRows).sum();
  }

  /**
   * The busiest partition's writes over the mean; 1.0 is perfectly even, 0 if nothing was written.
   */
  public double writeSkew() {
    long total = totalWrites();
    if (total == 0) {
      return 0;
    }
    long max = partitions.stream().mapToLong(PartitionStats::writeRows).max().orElse(0);
    return max / ((double) total / partitions.size());
  }

  /** Partitions that took more than {@code factor} times the mean writes. */
  public List<PartitionStats> hotPartitions(double factor) {
    double mean = partitions.isEmpty() ? 0 : (double) totalWrites() / partitions.size();
    return partitions.stream()
        .filter(p -> p.writeRows() > factor * mean && p.writeRows() > 0)
        .toList();
  }

  /** A few lines for a console or a log. */
  public String summary() {
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "%s: %d partitions, %d row writes, busiest/mean %.2f%n",
            table,
            partitions.size(),
            totalWrites(),
            writeSkew()));
    sb.append("  writes per partition:");
    for (PartitionStats p : partitions) {
      sb.append(' ').append(p.writeRows());
    }
    sb.append(System.lineSeparator());
    for (PartitionStats p : hotPartitions(2.0)) {
      sb.append(
          String.format(
              Locale.ROOT,
              "  %s hotspot: partition %d [%s, %s) took %d writes%n",
              Rule.WK301,
              p.index(),
              p.start() == null ? "-inf" : p.start(),
              p.end() == null ? "+inf" : p.end(),
              p.writeRows()));
    }
    for (KeySize k : largestKeys) {
      sb.append(
          String.format(
              Locale.ROOT,
              "  partition key %s: %d rows, %d bytes%s%n",
              k.partitionKey(),
              k.rows(),
              k.bytes(),
              k.overGuideline()
                  ? " - " + Rule.WK301 + ": over the 10 GB guideline, splice another column into it"
                  : ""));
    }
    return sb.toString();
  }
}
