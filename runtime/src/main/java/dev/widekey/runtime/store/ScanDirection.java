package dev.widekey.runtime.store;

/**
 * The order a {@link ScanRange} returns its rows in. The range's bounds mean the same either way
 * ({@code start <= key < end}); only the order of the rows differs.
 *
 * <pre>{@code
 * ScanRange newestFirst = ScanRange.between(from, to).backward().withLimit(20);
 * }</pre>
 */
public enum ScanDirection {
  /** Ascending primary-key order, from {@code start} up: the default. */
  FORWARD,
  /**
   * Descending primary-key order, from the greatest key below {@code end} down to {@code start}.
   */
  BACKWARD
}
