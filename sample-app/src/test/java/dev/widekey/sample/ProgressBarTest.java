package dev.widekey.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.write.BulkWriteProgress;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The progress output: a bar redrawn in place on a terminal, plain lines into a file or pipe. */
class ProgressBarTest {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  /** A clock that advances one second a reading after the first. */
  private final AtomicLong now = new AtomicLong();

  private ProgressBar bar(ProgressBar.Mode mode, long total) {
    return new ProgressBar(out, total, mode, () -> now.getAndAdd(1_000_000_000L));
  }

  private static BulkWriteProgress done(long acknowledged, long failed, long retries) {
    return new BulkWriteProgress(acknowledged + failed, acknowledged, failed, retries, 1);
  }

  private String output() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void linesModePrintsAPlainLineEveryTenPercentAndNoCarriageReturn() {
    ProgressBar p = bar(ProgressBar.Mode.LINES, 100_000);
    for (long rows = 1_000; rows <= 100_000; rows += 1_000) {
      p.accept(done(rows, 0, 0));
    }
    p.finish();

    String output = output();
    assertFalse(output.contains("\r"), output);
    List<String> lines = output.lines().toList();
    assertEquals(10, lines.size(), output);
    // the clock reads once at the start and once per line: the k-th line is k seconds in
    assertEquals(
        "  10,000 / 100,000 writes (10%), 10,000 writes/s, 0 failed, 0 retried", lines.get(0));
    assertEquals(
        "  40,000 / 100,000 writes (40%), 10,000 writes/s, 0 failed, 0 retried", lines.get(3));
    assertEquals(
        "  100,000 / 100,000 writes (100%), 10,000 writes/s, 0 failed, 0 retried", lines.get(9));
  }

  @Test
  void linesModeCountsFailuresAsDoneAndSkipsStepsItJumpsOver() {
    ProgressBar p = bar(ProgressBar.Mode.LINES, 1_000);
    p.accept(done(50, 0, 0)); // 5%: below the first step
    p.accept(done(300, 50, 7)); // 35%
    p.accept(done(340, 50, 7)); // 39%: same step
    p.finish(); // the last progress was not printed: printed now

    assertEquals(
        List.of(
            "  350 / 1,000 writes (35%), 350 writes/s, 50 failed, 7 retried",
            "  390 / 1,000 writes (39%), 195 writes/s, 50 failed, 7 retried"),
        output().lines().toList());
  }

  @Test
  void barModeRedrawsOneLineInPlaceEachWholePercent() {
    ProgressBar p = bar(ProgressBar.Mode.BAR, 200);
    p.accept(done(1, 0, 0)); // 0%
    p.accept(done(2, 0, 0)); // 1%
    p.accept(done(3, 0, 0)); // still 1%: not redrawn
    p.accept(done(200, 0, 2)); // 100%
    p.finish();

    String output = output();
    assertEquals(3, output.chars().filter(c -> c == '\r').count(), output);
    assertTrue(output.endsWith(System.lineSeparator()), output);
    // one line (String.lines() would split at each \r too)
    assertEquals(1, output.chars().filter(c -> c == '\n').count(), output);
    assertTrue(
        output.endsWith(
            "\r  [##############################] 100% 200/200 writes, 0 failed, 2 retried"
                + System.lineSeparator()),
        output);
  }

  @Test
  void theModeIsChosenByOptionElseByTerminal() {
    assertEquals(ProgressBar.Mode.BAR, ProgressBar.Mode.choose(null, true));
    assertEquals(ProgressBar.Mode.LINES, ProgressBar.Mode.choose(null, false));
    assertEquals(ProgressBar.Mode.LINES, ProgressBar.Mode.choose("lines", true));
    assertEquals(ProgressBar.Mode.BAR, ProgressBar.Mode.choose(" BAR ", false));
    assertEquals(ProgressBar.Mode.LINES, ProgressBar.Mode.choose("fancy", false));
  }
}
