package dev.widekey.runtime.store;

import java.util.List;
import java.util.Objects;

/**
 * A forward range read: rows with {@code start <= key < end}, at most {@code limit} of them, with
 * the selected columns. Bounds are full-width keys whose trailing columns may be {@link
 * PkValue#INF_MIN} or {@link PkValue#INF_MAX}.
 *
 * <pre>{@code
 * ScanRange all = ScanRange.all(2);
 * ScanRange one = ScanRange.between(from, to).withLimit(100).withColumns(ColumnSelection.of("price"));
 * }</pre>
 *
 * @param start inclusive lower bound
 * @param end exclusive upper bound
 * @param columns the attribute columns to return
 * @param limit the maximum number of rows, or {@code Long.MAX_VALUE}
 */
public record ScanRange(PrimaryKey start, PrimaryKey end, ColumnSelection columns, long limit) {
  public ScanRange {
    Objects.requireNonNull(start, "start");
    Objects.requireNonNull(end, "end");
    Objects.requireNonNull(columns, "columns");
    if (start.size() != end.size()) {
      throw new IllegalArgumentException("scan bounds have different column counts");
    }
    if (limit < 0) {
      throw new IllegalArgumentException("negative scan limit " + limit);
    }
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
    return new ScanRange(start, end, columns, limit);
  }

  public ScanRange withColumns(ColumnSelection columns) {
    return new ScanRange(start, end, columns, limit);
  }

  /** The same range starting at {@code start}; used to resume a scan after its last key. */
  public ScanRange withStart(PrimaryKey start) {
    return new ScanRange(start, end, columns, limit);
  }

  /** Whether {@code key} lies in the range. */
  public boolean contains(PrimaryKey key) {
    return start.compareTo(key) <= 0 && key.compareTo(end) < 0;
  }
}
