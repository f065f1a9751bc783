package dev.widekey.sample;

import dev.widekey.runtime.write.BulkWriteProgress;
import java.io.PrintStream;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * A console progress bar for bulk imports: redraws one line in place ({@code \r}) at most every
 * whole percent, so a long import neither floods the console nor looks stuck.
 */
final class ProgressBar implements Consumer<BulkWriteProgress> {
  private static final int WIDTH = 30;
  private final PrintStream out;
  private final long total;
  private int lastPercent = -1;

  ProgressBar(PrintStream out, long total) {
    this.out = out;
    this.total = total;
  }

  @Override
  public synchronized void accept(BulkWriteProgress p) {
    long done = p.acknowledged() + p.failed();
    int percent = (int) Math.min(100, 100 * done / Math.max(1, total));
    if (percent == lastPercent) {
      return;
    }
    lastPercent = percent;
    int filled = percent * WIDTH / 100;
    out.printf(
        Locale.ROOT,
        "\r  [%s%s] %3d%% %,d/%,d writes, %,d failed, %,d retried",
        "#".repeat(filled),
        ".".repeat(WIDTH - filled),
        percent,
        done,
        total,
        p.failed(),
        p.retries());
    out.flush();
  }

  /** Ends the bar's line. */
  void finish() {
    out.println();
  }
}
