package dev.widekey.benchmarks.codec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/** Medians and spreads of per-round benchmark figures. */
final class Stats {
  private Stats() {}

  static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /** The ratios of paired rounds, {@code top[i] / bottom[i]}. */
  static List<Double> ratios(List<Double> top, List<Double> bottom) {
    List<Double> out = new ArrayList<>();
    for (int i = 0; i < Math.min(top.size(), bottom.size()); i++) {
      out.add(top.get(i) / bottom.get(i));
    }
    return out;
  }

  /** "1.05× (0.98–1.12)": the median of the paired rounds' ratios and their range. */
  static String ratioSummary(List<Double> top, List<Double> bottom) {
    List<Double> ratios = ratios(top, bottom);
    return String.format(
        Locale.ROOT,
        "%.2f× (%.2f–%.2f)",
        median(ratios),
        Collections.min(ratios),
        Collections.max(ratios));
  }
}
