package dev.widekey.annotations;

/**
 * The span of one table of a {@link TimeSharded} entity, computed in UTC, and the suffix its table
 * name gets: {@code orders} holds the rows of November 2026 in {@code orders_2026_11} by month,
 * {@code orders_2026_11_23} by day, {@code orders_2026} by year.
 */
public enum ShardPeriod {
  /** One table per UTC day: {@code _yyyy_MM_dd}. */
  DAY,
  /** One table per UTC month: {@code _yyyy_MM}. */
  MONTH,
  /** One table per UTC year: {@code _yyyy}. */
  YEAR
}
