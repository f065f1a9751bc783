package dev.widekey.runtime.report;

import dev.widekey.core.Rule;
import dev.widekey.core.store.StoreLimits;
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
 * (rule WK301: keep the data under one partition-key value within a guideline, by default the
 * table's profile's {@link StoreLimits#partitionKeyBytesGuideline}, 10 GB; 1 GB in the Chinese
 * edition, {@link StoreLimits#PARTITION_KEY_BYTES_GUIDELINE_CHINESE_EDITION}). Built from the
 * store's own counters, so it shows what the store saw, not what the code meant.
 *
 * <pre>{@code
 * PartitionLoadReport report = PartitionLoadReport.of(store, "orders", 3);
 * if (report.writeSkew() > 2.0) log.warn(report.summary());
 * PartitionLoadReport strict = PartitionLoadReport.of(store, "orders", 3,
 *     StoreLimits.PARTITION_KEY_BYTES_GUIDELINE_CHINESE_EDITION);
 * }</pre>
 *
 * @param table the table
 * @param partitions per-partition counters, in key order
 * @param largestKeys the largest partition-key values by stored bytes, largest first
 * @param guidelineBytes the most bytes one partition-key value should hold; every message quotes it
 */
public record PartitionLoadReport(
    String table, List<PartitionStats> partitions, List<KeySize> largestKeys, long guidelineBytes) {

  public PartitionLoadReport {
    partitions = List.copyOf(partitions);
    largestKeys = List.copyOf(largestKeys);
    if (guidelineBytes <= 0) {
      throw new IllegalArgumentException("guideline of " + guidelineBytes + " bytes; it is > 0");
    }
  }

  /** A report against the default guideline, {@link StoreLimits#PARTITION_KEY_BYTES_GUIDELINE}. */
  public PartitionLoadReport(
      String table, List<PartitionStats> partitions, List<KeySize> largestKeys) {
    this(table, partitions, largestKeys, StoreLimits.PARTITION_KEY_BYTES_GUIDELINE);
  }

  /**
   * Stored bytes of one partition-key value.
   *
   * @param partitionKey the value of the first primary-key column
   * @param rows rows under it
   * @param bytes stored bytes of those rows
   */
  public record KeySize(PkValue partitionKey, long rows, long bytes) {
    /** Whether it holds more than {@code guidelineBytes}. */
    public boolean over(long guidelineBytes) {
      return bytes > guidelineBytes;
    }
  }

  /**
   * Reads the table's partition counters and, with {@code topKeys > 0}, scans the table once to
   * size its partition-key values (a full scan: run it off the hot path), against the guideline of
   * the table's profile ({@link StoreLimits#partitionKeyBytesGuideline}).
   */
  public static PartitionLoadReport of(WideTableStore store, String table, int topKeys) {
    return of(
        store,
        table,
        topKeys,
        StoreLimits.partitionKeyBytesGuideline(spec(store, table).profile()));
  }

  /**
   * As {@link #of(WideTableStore, String, int)}, against {@code guidelineBytes}.
   *
   * <pre>{@code PartitionLoadReport.of(store, "orders", 3, 1L << 30) // 1 GB}</pre>
   */
  public static PartitionLoadReport of(
      WideTableStore store, String table, int topKeys, long guidelineBytes) {
    List<PartitionStats> stats = store.partitionStats(table);
    List<KeySize> largest = topKeys > 0 ? largestKeys(store, table, topKeys) : List.of();
    return new PartitionLoadReport(table, stats, largest, guidelineBytes);
  }

  private static TableSpec spec(WideTableStore store, String table) {
    return store
        .describeTable(table)
        .orElseThrow(() -> new IllegalArgumentException("no table " + table));
  }

  private static List<KeySize> largestKeys(WideTableStore store, String table, int top) {
    TableSpec spec = spec(store, table);
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

  /** The largest partition-key values past the guideline, largest first. */
  public List<KeySize> oversizedKeys() {
    return largestKeys.stream().filter(k -> k.over(guidelineBytes)).toList();
  }

  /** The guideline as messages quote it: "10 GB", "1 GB", "512 MB", "1000 bytes". */
  public String guidelineText() {
    return StoreLimits.sizeText(guidelineBytes);
  }

  /** Row writes over all partitions. */
  public long totalWrites() {
    return partitions.stream().mapToLong(PartitionStats::writeRows).sum();
  }

  /**
   * The busiest partition's writes over the mean; 1.0 is perfectly even (and what a table of one
   * partition always shows), 0 if nothing was written.
   */
  public double writeSkew() {
    return BusiestOverMean.of(partitions.stream().mapToLong(PartitionStats::writeRows).toArray());
  }

  /** Partitions that took more than {@code factor} times the mean writes. */
  public List<PartitionStats> hotPartitions(double factor) {
    double mean = partitions.isEmpty() ? 0 : (double) totalWrites() / partitions.size();
    return partitions.stream()
        .filter(p -> p.writeRows() > factor * mean && p.writeRows() > 0)
        .toList();
  }

  /** A few labelled lines for a console or a log. */
  public String summary() {
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "%s: %d %s, %d row writes, busiest/mean %s (%s)%n",
            table,
            partitions.size(),
            partitions.size() == 1 ? "partition" : "partitions",
            totalWrites(),
            BusiestOverMean.format(writeSkew()),
            partitions.size() == 1
                ? "one partition is always 1.00: not pre-split, its spread shows once the service"
                    + " splits it"
                : BusiestOverMean.MEANING));
    sb.append("  writes per partition, in key order:");
    for (PartitionStats p : partitions) {
      sb.append(' ').append(p.writeRows());
    }
    sb.append(System.lineSeparator());
    for (PartitionStats p : hotPartitions(2.0)) {
      sb.append(
          String.format(
              Locale.ROOT,
              "  %s hotspot: partition %d %s took %d writes%n",
              Rule.WK301,
              p.index(),
              PartitionLoad.rangeText(p.start(), p.end()),
              p.writeRows()));
    }
    if (!largestKeys.isEmpty()) {
      sb.append(
          String.format(
              Locale.ROOT,
              "  largest partition-key values (%s keeps each under %s):%n",
              Rule.WK301,
              guidelineText()));
    }
    for (KeySize k : largestKeys) {
      sb.append(
          String.format(
              Locale.ROOT,
              "    partition key %s: %d rows, %d bytes%s%n",
              k.partitionKey(),
              k.rows(),
              k.bytes(),
              k.over(guidelineBytes)
                  ? " - "
                      + Rule.WK301
                      + ": over the "
                      + guidelineText()
                      + " guideline, splice another column into it"
                  : ""));
    }
    return sb.toString();
  }
}
