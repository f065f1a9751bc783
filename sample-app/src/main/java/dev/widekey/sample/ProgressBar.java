package dev.widekey.sample;

import dev.widekey.runtime.write.BulkWriteProgress;
import java.io.PrintStream;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The progress of a bulk import, in one of two {@link Mode}s: on a terminal a bar that redraws one
 * line in place ({@code \r}) at most every whole percent, so a long import neither floods the
 * console nor looks stuck; into a file or a pipe, where each {@code \r} frame would pile up on one
 * long line, a plain line every {@value #LINE_STEP_PERCENT} percent.
 */
final class ProgressBar implements Consumer<BulkWriteProgress> {
  /** The system property that chooses the mode: {@code bar} or {@code lines}. */
  static final String MODE_PROPERTY = "widekey.sample.progress";

  /** How far apart, in percent of the total, the plain lines are. */
  static final int LINE_STEP_PERCENT = 10;

  private static final int WIDTH = 30;

  /** How progress is drawn. */
  enum Mode {
    /** One line redrawn in place with {@code \r}: for a terminal. */
    BAR,
    /**
     * A plain line every {@value #LINE_STEP_PERCENT} percent, no {@code \r}: for a file or pipe.
     */
    LINES;

    /**
     * The mode {@code option} (the value of {@value #MODE_PROPERTY}, may be null) names, else
     * {@code BAR} on a terminal and {@code LINES} otherwise.
     */
    static Mode choose(String option, boolean terminal) {
      if (option != null) {
        for (Mode mode : values()) {
          if (mode.name().equalsIgnoreCase(option.trim())) {
            return mode;
          }
        }
      }
      return terminal ? BAR : LINES;
    }

    /**
     * This process's mode: the system property {@value #MODE_PROPERTY}, else whether it has a
     * console (on Java 17, none when standard output is redirected to a file or pipe).
     */
    static Mode detect() {
      return choose(System.getProperty(MODE_PROPERTY), onTerminal());
    }

    /**
     * Whether standard output is a terminal. Up to Java 21 {@code System.console()} is null when it
     * is redirected; from Java 22 a console exists either way and {@code Console.isTerminal()}
     * (absent from the Java 17 API this is compiled against) tells, so it is looked up by name.
     */
    static boolean onTerminal() {
      java.io.Console console = System.console();
      if (console == null) {
        return false;
      }
      try {
        var isTerminal =
            java.lang.invoke.MethodHandles.publicLookup()
                .findVirtual(
                    java.io.Console.class,
                    "isTerminal",
                    java.lang.invoke.MethodType.methodType(boolean.class));
        return (boolean) isTerminal.invoke(console);
      } catch (NoSuchMethodException | IllegalAccessException e) {
        return true; // Java 17 to 21: a console exists only on a terminal
      } catch (Throwable e) {
        return false;
      }
    }
  }

  private final PrintStream out;
  private final long total;
  private final Mode mode;
  private final LongSupplier nanoTime;
  private final long start;
  private int lastPercent = -1;
  private BulkWriteProgress last;
  private boolean lastPrinted;

  /** Progress towards {@code total} writes, in this process's {@link Mode#detect() mode}. */
  ProgressBar(PrintStream out, long total) {
    this(out, total, Mode.detect(), System::nanoTime);
  }

  /** Progress towards {@code total} writes in {@code mode}; rates are timed by {@code nanoTime}. */
  ProgressBar(PrintStream out, long total, Mode mode, LongSupplier nanoTime) {
    this.out = out;
    this.total = total;
    this.mode = mode;
    this.nanoTime = nanoTime;
    this.start = nanoTime.getAsLong();
  }

  @Override
  public synchronized void accept(BulkWriteProgress p) {
    last = p;
    lastPrinted = false;
    int percent = (int) Math.min(100, 100 * done(p) / Math.max(1, total));
    if (mode == Mode.BAR) {
      if (percent != lastPercent) {
        lastPercent = percent;
        drawBar(p, percent);
      }
      return;
    }
    int step = percent == 100 ? 100 : percent / LINE_STEP_PERCENT * LINE_STEP_PERCENT;
    if (step > lastPercent && step > 0) {
      lastPercent = step;
      printLine(p, percent);
    }
  }

  /** Ends the bar's line; in lines mode, prints the last progress unless it was printed. */
  synchronized void finish() {
    if (mode == Mode.BAR) {
      out.println();
    } else if (last != null && !lastPrinted) {
      printLine(last, (int) Math.min(100, 100 * done(last) / Math.max(1, total)));
    }
    out.flush();
  }

  private void drawBar(BulkWriteProgress p, int percent) {
    int filled = percent * WIDTH / 100;
    out.printf(
        Locale.ROOT,
        "\r  [%s%s] %3d%% %,d/%,d writes, %,d failed, %,d retried",
        "#".repeat(filled),
        ".".repeat(WIDTH - filled),
        percent,
        done(p),
        total,
        p.failed(),
        p.retries());
    out.flush();
  }

  private void printLine(BulkWriteProgress p, int percent) {
    double seconds = Math.max(1, nanoTime.getAsLong() - start) / 1e9;
    out.printf(
        Locale.ROOT,
        "  %,d / %,d writes (%d%%), %,d writes/s, %,d failed, %,d retried%n",
        done(p),
        total,
        percent,
        Math.round(done(p) / seconds),
        p.failed(),
        p.retries());
    out.flush();
    lastPrinted = true;
  }

  private static long done(BulkWriteProgress p) {
    return p.acknowledged() + p.failed();
  }
}
