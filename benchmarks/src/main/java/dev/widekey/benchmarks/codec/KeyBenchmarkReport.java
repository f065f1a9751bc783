package dev.widekey.benchmarks.codec;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs the key benchmarks ({@link KeyCodecBenchmark}, {@link HashPrefixBenchmark}, {@link
 * RepositoryBenchmark}) through the JMH Runner API and prints, as a Markdown table, each goal's
 * generated / hand-written ratio: the median and the spread (lowest to highest) over several
 * rounds. A round runs every benchmark once, in its own fork, one after the other, so that the two
 * sides of a ratio run seconds apart under the same machine load; the ratio is taken per round,
 * then the rounds' ratios are summarized. Machine facts (JDK, cores, load average) head the table.
 *
 * <p>System properties: {@code widekey.bench.smoke=true} runs everything once, in this JVM, for a
 * few milliseconds (the CI check that the benchmarks still run, see {@code
 * KeyBenchmarkReportSmokeTest}); {@code widekey.bench.rounds} (default 5), {@code
 * widekey.bench.warmups} (default 3), {@code widekey.bench.iterations} (default 5), {@code
 * widekey.bench.seconds} (seconds per iteration, default 1) and {@code widekey.bench.include} (a
 * regular expression over benchmark names; default all three classes) tune a full run; {@code
 * widekey.bench.profiler} adds a JMH profiler (e.g. {@code gc}), whose figures JMH prints.
 */
public final class KeyBenchmarkReport {
  private static final String GENERATED = "generated";
  private static final String HAND_WRITTEN = "handWritten";
  private static final String REFLECTIVE = "reflective";

  /** The goal each benchmark group is held to, as a ratio to the hand-written side. */
  private static final Map<String, Double> GOALS =
      Map.of(
          "partitionKey", 1.1,
          "primaryKey", 1.1,
          "decode", 1.1,
          "roundTrip", 1.1,
          "hashPrefix", 1.2);

  /** How a run is made. */
  public record Settings(
      boolean smoke, int rounds, int warmups, int iterations, double seconds, String include) {
    /** The settings the system properties ask for. */
    public static Settings fromSystemProperties() {
      boolean smoke = Boolean.getBoolean("widekey.bench.smoke");
      String include =
          System.getProperty(
              "widekey.bench.include",
              "dev\\.widekey\\.benchmarks\\.codec\\.(KeyCodec|HashPrefix|Repository)Benchmark\\..*");
      if (smoke) {
        return new Settings(true, 1, 0, 1, 0.02, include);
      }
      return new Settings(
          false,
          Integer.getInteger("widekey.bench.rounds", 5),
          Integer.getInteger("widekey.bench.warmups", 3),
          Integer.getInteger("widekey.bench.iterations", 5),
          Double.parseDouble(System.getProperty("widekey.bench.seconds", "1")),
          include);
    }
  }

  private KeyBenchmarkReport() {}

  public static void main(String[] args) throws RunnerException {
    System.out.println(run(Settings.fromSystemProperties()));
  }

  /** Runs the benchmarks and returns the Markdown report. */
  public static String run(Settings settings) throws RunnerException {
    if (settings.smoke()) {
      // JMH takes a machine-wide lock so that runs do not disturb each other's figures; a smoke
      // run's figures mean nothing, and it must not fail because a real run holds the lock
      System.setProperty("jmh.ignoreLock", "true");
    }
    double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    // scores.get(benchmark method) = its score (ns/op) in each round
    Map<String, List<Double>> scores = new LinkedHashMap<>();
    for (int round = 0; round < settings.rounds(); round++) {
      for (RunResult result : runRound(settings)) {
        String name = result.getParams().getBenchmark();
        String method = name.substring(name.lastIndexOf('.') + 1);
        scores
            .computeIfAbsent(method, m -> new ArrayList<>())
            .add(result.getPrimaryResult().getStatistics().getPercentile(50));
      }
    }
    double loadAfter = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    return table(settings, scores, loadBefore, loadAfter);
  }

  private static Collection<RunResult> runRound(Settings settings) throws RunnerException {
    TimeValue time = TimeValue.milliseconds(Math.max(1, Math.round(settings.seconds() * 1000)));
    ChainedOptionsBuilder options =
        new OptionsBuilder()
            .include(settings.include())
            .warmupIterations(settings.warmups())
            .warmupTime(time)
            .measurementIterations(settings.iterations())
            .measurementTime(time)
            .shouldFailOnError(true)
            .verbosity(settings.smoke() ? VerboseMode.SILENT : VerboseMode.NORMAL);
    // the smoke run stays in this JVM (a test's class path need not start a fork); a full run
    // gives each benchmark its own JVM, so that one's profile does not slow another
    options = settings.smoke() ? options.forks(0) : options.forks(1).jvmArgsAppend("-Xmx1g");
    String profiler = System.getProperty("widekey.bench.profiler");
    if (profiler != null) {
      options = options.addProfiler(profiler); // e.g. gc: the allocation per operation
    }
    return new Runner(options.build()).run();
  }

  static String table(
      Settings settings, Map<String, List<Double>> scores, double loadBefore, double loadAfter) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "Key benchmarks%s: %s %s, %d cores, %s; load average %.2f before, %.2f after. %d"
                + " round(s), each benchmark in its own fork per round, %d warm-up and %d measured"
                + " iterations of %s s; ns/op is the median of a fork's iterations, then of the"
                + " rounds.%n%n",
            settings.smoke() ? " (SMOKE RUN: the figures mean nothing)" : "",
            System.getProperty("java.vm.name"),
            System.getProperty("java.version"),
            Runtime.getRuntime().availableProcessors(),
            System.getProperty("os.name") + " " + System.getProperty("os.arch"),
            loadBefore,
            loadAfter,
            settings.rounds(),
            settings.warmups(),
            settings.iterations(),
            settings.seconds()));
    out.append(
        "| goal | generated ns/op | hand-written ns/op | generated / hand-written: median"
            + " (lowest–highest) | goal | reflective / hand-written |\n");
    out.append("|---|---:|---:|---:|---:|---:|\n");
    Map<String, Boolean> goals = new LinkedHashMap<>();
    for (String method : scores.keySet()) {
      goals.put(method.substring(0, method.indexOf('_')), true);
    }
    for (String goal : goals.keySet()) {
      List<Double> generated = scores.get(goal + "_" + GENERATED);
      List<Double> hand = scores.get(goal + "_" + HAND_WRITTEN);
      if (generated == null || hand == null) {
        continue;
      }
      List<Double> reflective = scores.get(goal + "_" + REFLECTIVE);
      Double target = GOALS.get(goal);
      out.append(
          String.format(
              Locale.ROOT,
              "| %s | %.1f | %.1f | %s | %s | %s |%n",
              goal,
              Stats.median(generated),
              Stats.median(hand),
              Stats.ratioSummary(generated, hand),
              target == null ? "—" : String.format(Locale.ROOT, "≤ %.1f×", target),
              reflective == null ? "—" : Stats.ratioSummary(reflective, hand)));
    }
    return out.toString();
  }
}
