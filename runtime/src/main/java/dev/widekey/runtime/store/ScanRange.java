package dev.widekey.runtime.store;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * A range read: rows with {@code start <= key < end}, at most {@code limit} of them, with the
 * selected columns, in ascending key order ({@link ScanDirection#FORWARD}, the default) or
 * descending ({@link ScanDirection#BACKWARD}). Bounds are full-width keys whose trailing columns
 * may be {@link PkValue#INF_MIN} or {@link PkValue#INF_MAX}.
 *
 * <p>The direction changes only the order: a backward range holds exactly the rows of the same
 * forward range, {@code start} still the inclusive lower bound and {@code end} the exclusive upper
 * one, and returns them from the greatest key below {@code end} down; its limit keeps the
 * <em>greatest</em> keys (newest first). So a backward scan equals the reversed forward scan of the
 * same range, and a limit cuts from the end the scan starts at.
 *
 * <pre>{@code
 * ScanRange all = ScanRange.all(2);
 * ScanRange one = ScanRange.between(from, to).withLimit(100).withColumns(ColumnSelection.of("price"));
 * ScanRange last20 = ScanRange.between(from, to).backward().withLimit(20);
 * }</pre>
 *
 * @param start inclusive lower bound, whatever the direction
 * @param end exclusive upper bound, whatever the direction
 * @param columns the attribute columns to return
 * @param limit the maximum number of rows, or {@code Long.MAX_VALUE}
 * @param direction the order of the rows
 */
public record ScanRange(
    PrimaryKey start,
    PrimaryKey end,
    ColumnSelection columns,
    long limit,
    ScanDirection direction) {
  public ScanRange {
    Objects.requireNonNull(start, "start");
    Objects.requireNonNull(end, "end");
    Objects.requireNonNull(columns, "columns");
    Objects.requireNonNull(direction, "direction");
    if (start.size() != end.size()) {
      throw new IllegalArgumentException("scan bounds have different column counts");
    }
    if (limit < 0) {
      throw new IllegalArgumentException("negative scan limit " + limit);
    }
  }

  /** A forward range. */
  public ScanRange(PrimaryKey start, PrimaryKey end, ColumnSelection columns, long limit) {
    this(start, end, columns, limit, ScanDirection.FORWARD);
  }

  /** Every row of a table whose primary key has {@code columns} columns. */
  public static ScanRange all(int columns) {
    return between(
        PrimaryKey.bound(List.of(), PkValue.INF_MIN, columns),
        PrimaryKey.bound(List.of(), PkValue.INF_MAX, columns));
  }

  /** Rows from {@code start} (inclusive) to {@code end} (exclusive), all columns. */
  public static ScanRange between(PrimaryKey start, PrimaryKey end) {
    return new ScanRange(start, end, ColumnSelection.all(), Long.MAX_VALUE);
  }

  public ScanRange withLimit(long limit) {
    return new ScanRange(start, end, columns, limit, direction);
  }

  public ScanRange withColumns(ColumnSelection columns) {
    return new ScanRange(start, end, columns, limit, direction);
  }

  /** The same range read in {@code direction}. */
  public ScanRange withDirection(ScanDirection direction) {
    return new ScanRange(start, end, columns, limit, direction);
  }

  /** The same range read in descending key order (same bounds). */
  public ScanRange backward() {
    return withDirection(ScanDirection.BACKWARD);
  }

  /** Whether the rows come in descending key order. */
  public boolean isBackward() {
    return direction == ScanDirection.BACKWARD;
  }

  /** The same range with the inclusive lower bound {@code start}. */
  public ScanRange withStart(PrimaryKey start) {
    return new ScanRange(start, end, columns, limit, direction);
  }

  /** The same range with the exclusive upper bound {@code end}. */
  public ScanRange withEnd(PrimaryKey end) {
    return new ScanRange(start, end, columns, limit, direction);
  }

  /**
   * The rest of this range after {@code last} in scan order, to resume a scan after the last key it
   * returned. Backward, that is the range below {@code last} ({@code withEnd(last)}, exact);
   * forward, the range from {@code last} on ({@code withStart(last)}), which still holds {@code
   * last} itself, because a key has no successor to start after: the caller skips the rows that do
   * not {@linkplain #isAfter come after} {@code last} (at most that one). The limit is kept.
   *
   * <p>The rest never leaves this range: a {@code last} before the range in scan order leaves it
   * whole, one past it leaves it empty. A continuation key is the caller's to give, and a scan that
   * restarted at it would return rows outside the bounds it was asked for.
   *
   * <pre>{@code
   * ScanRange.between(k10, k20).after(k5);  // [k10, k20): k5 lies before the range
   * ScanRange.between(k10, k20).after(k25); // [k20, k20): nothing comes after k25
   * }</pre>
   */
  public ScanRange after(PrimaryKey last) {
    if (isBackward()) {
      return withEnd(last.compareTo(end) >= 0 ? end : max(last, start));
    }
    return withStart(last.compareTo(start) <= 0 ? start : min(last, end));
  }

  private static PrimaryKey max(PrimaryKey a, PrimaryKey b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  private static PrimaryKey min(PrimaryKey a, PrimaryKey b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  /** Whether the range {@link #after} returns may hold {@code last} itself (forward ranges). */
  public boolean afterHoldsLast() {
    return !isBackward();
  }

  /** Whether {@code key} comes after {@code last} in this range's order. */
  public boolean isAfter(PrimaryKey key, PrimaryKey last) {
    return order().compare(key, last) > 0;
  }

  /** The order the rows come in: ascending keys forward, descending backward. */
  public Comparator<PrimaryKey> order() {
    return isBackward() ? Comparator.reverseOrder() : Comparator.naturalOrder();
  }

  /** Whether {@code key} lies in the range. */
  public boolean contains(PrimaryKey key) {
    return start.compareTo(key) <= 0 && key.compareTo(end) < 0;
  }
}
