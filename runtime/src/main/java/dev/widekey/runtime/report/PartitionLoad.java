package dev.widekey.runtime.report;

import dev.widekey.runtime.store.PkValue;

/**
 * One partition's load in one time window: the rows written and read between two samples of the
 * store's cumulative counters ({@link PartitionLoadSampler}).
 *
 * @param start first partition-key value of the partition's range, or {@code null} for the first
 * @param end partition-key value the range ends before, or {@code null} for the last
 * @param writeRows row writes (puts and deletes) in the window
 * @param writtenBytes bytes written in the window
 * @param readRows rows returned by reads in the window
 * @param newRange whether the range was not in the previous sample (a split's or a merge's result):
 *     its counters had no baseline, so all of them are counted in this window
 */
public record PartitionLoad(
    PkValue start,
    PkValue end,
    long writeRows,
    long writtenBytes,
    long readRows,
    boolean newRange) {

  /** The range as reports show it: {@code [start, end)}, {@code -inf} and {@code +inf} open. */
  public String rangeText() {
    return rangeText(start, end);
  }

  /**
   * A key range as reports show it: {@code [start, end)}, a null end as {@code -inf}/{@code +inf}.
   */
  public static String rangeText(PkValue start, PkValue end) {
    return "[" + (start == null ? "-inf" : start) + ", " + (end == null ? "+inf" : end) + ")";
  }

  /** The window's rows of {@code kind}. */
  public long load(LoadKind kind) {
    return kind == LoadKind.WRITE ? writeRows : readRows;
  }
}
