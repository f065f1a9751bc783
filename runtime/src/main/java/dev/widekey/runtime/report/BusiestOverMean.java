package dev.widekey.runtime.report;

import java.util.Locale;

/**
 * The one measure of how evenly load spreads over partitions: the busiest partition's load over the
 * mean load, and how the reports explain it.
 */
final class BusiestOverMean {
  private BusiestOverMean() {}

  /** What the number means, quoted next to it wherever it is shown. */
  static final String MEANING =
      "1.00 is perfectly even; above 2 one partition takes a hotspot's share";

  /**
   * The busiest of {@code loads} over their mean: 1.0 when all are equal, {@code loads.length} when
   * one takes everything, 0 when there is no load at all.
   */
  static double of(long[] loads) {
    long total = 0;
    long max = 0;
    for (long load : loads) {
      total += load;
      max = Math.max(max, load);
    }
    return total == 0 ? 0 : max / ((double) total / loads.length);
  }

  /** The value with two decimals, as the reports print it. */
  static String format(double skew) {
    return String.format(Locale.ROOT, "%.2f", skew);
  }
}
