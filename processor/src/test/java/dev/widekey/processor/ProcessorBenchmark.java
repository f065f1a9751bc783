package dev.widekey.processor;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.source.util.JavacTask;
import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A benchmark, not a test (it asserts no time): javac on {@value #DEFAULT_ENTITIES} random accepted
 * entities with the processor, against javac on the same entities plus the code the processor
 * generated for them with {@code -proc:none} — what the processor costs over writing that code by
 * hand. Both sides run in this JVM through {@link ToolProvider}, alternating (ABBA), after warm-up
 * rounds; it prints each side's median, the median of the per-round ratios and their spread, and
 * the processor side's time in annotation processing (javac's task events).
 *
 * <pre>
 * mvn -o -pl processor -am test -Dtest=ProcessorBenchmark -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dwidekey.bench=true [-Dwidekey.bench.rounds=10] [-Dwidekey.bench.entities=200] \
 *     [-Dwidekey.bench.jfr=true]
 * </pre>
 *
 * <p>{@code -Dwidekey.bench.jfr=true} then records three more processor runs with Flight Recorder
 * and prints where their CPU samples fall: the processor's methods (inclusive), JavaPoet, and javac
 * outside the processor.
 */
@EnabledIfSystemProperty(named = "widekey.bench", matches = "true")
class ProcessorBenchmark {
  static final int DEFAULT_ENTITIES = 200;
  private static final int CANDIDATE_BATCH = 25;
  private static final String BENCHMARK = ProcessorBenchmark.class.getName();

  private final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();

  @Test
  void processorAgainstCompilingTheGeneratedCode() throws Exception {
    int count = Integer.getInteger("widekey.bench.entities", DEFAULT_ENTITIES);
    int rounds = Integer.getInteger("widekey.bench.rounds", 10);
    int warmup = Integer.getInteger("widekey.bench.warmup", 3);
    long seed = Long.getLong("widekey.bench.seed", 20261126L);
    Path dir = Files.createTempDirectory("widekey-processor-bench");
    try {
      long setupStart = System.nanoTime();
      List<Path> sources = acceptedSources(seed, count, dir);
      Path generatedDir = dir.resolve("generated");
      Run setup = compile(sources, true, dir.resolve("setup-classes"), generatedDir);
      assertTrue(setup.errors.isEmpty(), () -> String.join("\n", setup.errors));
      List<Path> generated = javaFiles(generatedDir);
      List<Path> byHand = new ArrayList<>(sources);
      byHand.addAll(generated);
      System.out.printf(
          Locale.ROOT,
          "%d accepted entities (%d source files), %d generated source files; setup %.1f s%n",
          count,
          sources.size(),
          generated.size(),
          (System.nanoTime() - setupStart) / 1e9);

      List<Double> withProcessor = new ArrayList<>();
      List<Double> handWritten = new ArrayList<>();
      List<Double> ratios = new ArrayList<>();
      List<Double> processingShare = new ArrayList<>();
      int roundsSeen = 0;
      for (int i = 0; i < warmup + rounds; i++) {
        Run a = null;
        Run b = null;
        // ABBA: neither side always runs first (after a GC, on a warmer JIT)
        for (int k = 0; k < 2; k++) {
          boolean processorSide = (k == 0) == (i % 2 == 0);
          Path out = dir.resolve("run-" + i + "-" + k);
          if (processorSide) {
            a = compile(sources, true, out.resolve("classes"), out.resolve("gen"));
          } else {
            b = compile(byHand, false, out.resolve("classes"), null);
          }
          deleteTree(out);
        }
        assertTrue(a.errors.isEmpty() && b.errors.isEmpty(), () -> "compilation failed");
        if (i < warmup) {
          continue;
        }
        withProcessor.add(a.seconds);
        handWritten.add(b.seconds);
        ratios.add(a.seconds / b.seconds);
        processingShare.add(a.processingSeconds / a.seconds);
        roundsSeen = a.processingRounds;
        System.out.printf(
            Locale.ROOT,
            "round %2d: processor %.3f s (annotation processing %.3f s, %d rounds),"
                + " -proc:none %.3f s, ratio %.3f%n",
            i - warmup + 1,
            a.seconds,
            a.processingSeconds,
            a.processingRounds,
            b.seconds,
            a.seconds / b.seconds);
      }
      String result =
          String.format(
              Locale.ROOT,
              "RESULT %d entities, %d rounds after %d warm-up: with processor median %.3f s,"
                  + " -proc:none median %.3f s; ratio median %.3f (min %.3f, max %.3f);"
                  + " annotation processing %.0f%% of the processor side (%d processing rounds)%n",
              count,
              rounds,
              warmup,
              median(withProcessor),
              median(handWritten),
              median(ratios),
              ratios.stream().min(Double::compare).orElseThrow(),
              ratios.stream().max(Double::compare).orElseThrow(),
              100 * median(processingShare),
              roundsSeen);
      System.out.printf("%n%s", result);
      // for docs/performance.md (benchmarks/performance.sh collects it)
      Path report = Path.of("target", "benchmarks", "processor.md");
      Files.createDirectories(report.getParent());
      Files.writeString(report, "```text\n" + result + "```\n");

      if (Boolean.getBoolean("widekey.bench.jfr")) {
        profile(sources, dir);
      }
    } finally {
      deleteTree(dir);
    }
  }

  /**
   * What the key-layout report ({@code -Awidekey.report=true}) adds to a build: javac with the
   * processor on the same accepted entities, with the report against without, alternating (ABBA)
   * after warm-up rounds; prints both medians and the per-round ratios' median and spread.
   *
   * <pre>
   * mvn -o -pl processor -am test -Dtest='ProcessorBenchmark#reportAgainstNoReport' \
   *     -Dsurefire.failIfNoSpecifiedTests=false -Dwidekey.bench=true \
   *     [-Dwidekey.bench.rounds=8] [-Dwidekey.bench.entities=200]
   * </pre>
   */
  @Test
  void reportAgainstNoReport() throws Exception {
    int count = Integer.getInteger("widekey.bench.entities", DEFAULT_ENTITIES);
    int rounds = Integer.getInteger("widekey.bench.rounds", 8);
    int warmup = Integer.getInteger("widekey.bench.warmup", 2);
    long seed = Long.getLong("widekey.bench.seed", 20261126L);
    Path dir = Files.createTempDirectory("widekey-report-bench");
    try {
      List<Path> sources = acceptedSources(seed, count, dir);
      List<String> report = List.of("-A" + ProcessorOptions.REPORT + "=true");
      List<Double> with = new ArrayList<>();
      List<Double> without = new ArrayList<>();
      List<Double> ratios = new ArrayList<>();
      for (int i = 0; i < warmup + rounds; i++) {
        Run a = null;
        Run b = null;
        for (int k = 0; k < 2; k++) {
          boolean reportSide = (k == 0) == (i % 2 == 0);
          Path out = dir.resolve("run-" + i + "-" + k);
          Run run =
              compile(
                  sources,
                  true,
                  out.resolve("classes"),
                  out.resolve("gen"),
                  reportSide ? report : List.of());
          if (reportSide) {
            a = run;
          } else {
            b = run;
          }
          deleteTree(out);
        }
        assertTrue(a.errors.isEmpty() && b.errors.isEmpty(), () -> "compilation failed");
        if (i < warmup) {
          continue;
        }
        with.add(a.seconds);
        without.add(b.seconds);
        ratios.add(a.seconds / b.seconds);
        System.out.printf(
            Locale.ROOT,
            "round %2d: report %.3f s, no report %.3f s, ratio %.3f%n",
            i - warmup + 1,
            a.seconds,
            b.seconds,
            a.seconds / b.seconds);
      }
      System.out.printf(
          Locale.ROOT,
          "%nRESULT %d entities, %d rounds after %d warm-up: with report median %.3f s,"
              + " without median %.3f s; ratio median %.3f (min %.3f, max %.3f)%n",
          count,
          rounds,
          warmup,
          median(with),
          median(without),
          median(ratios),
          ratios.stream().min(Double::compare).orElseThrow(),
          ratios.stream().max(Double::compare).orElseThrow());
    } finally {
      deleteTree(dir);
    }
  }

  /** One javac run: wall time, time in annotation processing, errors. */
  private record Run(
      double seconds, double processingSeconds, int processingRounds, List<String> errors) {}

  /**
   * Compiles {@code sources} into {@code classes}; with the processor writing sources to {@code
   * generated}, else with {@code -proc:none}.
   */
  private Run compile(List<Path> sources, boolean processor, Path classes, Path generated)
      throws IOException {
    return compile(sources, processor, classes, generated, List.of());
  }

  /** As {@link #compile(List, boolean, Path, Path)}, with more javac options. */
  private Run compile(
      List<Path> sources, boolean processor, Path classes, Path generated, List<String> more)
      throws IOException {
    Files.createDirectories(classes);
    List<String> options = new ArrayList<>(List.of("-d", classes.toString()));
    options.addAll(more);
    options.addAll(List.of("-classpath", System.getProperty("java.class.path")));
    if (processor) {
      Files.createDirectories(generated);
      options.addAll(List.of("-s", generated.toString()));
    } else {
      options.add("-proc:none");
    }
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    System.gc();
    long start = System.nanoTime();
    ProcessingTimer timer = new ProcessingTimer();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      JavacTask task =
          (JavacTask)
              javac.getTask(
                  null,
                  files,
                  diagnostics,
                  options,
                  null,
                  files.getJavaFileObjectsFromPaths(sources));
      if (processor) {
        task.setProcessors(List.of(new WidekeyProcessor()));
      }
      task.addTaskListener(timer);
      task.call();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    List<String> errors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() == Diagnostic.Kind.ERROR) {
        errors.add(d.getSource() + ": " + d.getMessage(Locale.ROOT));
      }
    }
    return new Run(seconds, timer.nanos / 1e9, timer.rounds, errors);
  }

  /** Time javac spends in annotation processing, from its task events. */
  private static final class ProcessingTimer implements TaskListener {
    long started;
    long nanos;
    int rounds;

    @Override
    public void started(TaskEvent e) {
      if (e.getKind() == TaskEvent.Kind.ANNOTATION_PROCESSING) {
        started = System.nanoTime();
      } else if (e.getKind() == TaskEvent.Kind.ANNOTATION_PROCESSING_ROUND) {
        rounds++;
      }
    }

    @Override
    public void finished(TaskEvent e) {
      if (e.getKind() == TaskEvent.Kind.ANNOTATION_PROCESSING) {
        nanos += System.nanoTime() - started;
      }
    }
  }

  /**
   * The source files of {@code count} random entities the processor accepts, written under {@code
   * dir/src}: candidates are compiled in batches, and those with an error in their own files or in
   * the code generated for them are dropped.
   */
  private List<Path> acceptedSources(long seed, int count, Path dir) throws IOException {
    Random random = new Random(seed);
    Path src = dir.resolve("src");
    List<Path> accepted = new ArrayList<>();
    int accepting = 0;
    for (int next = 0; accepting < count; ) {
      Map<String, List<Path>> byPackage = new LinkedHashMap<>();
      for (int i = 0; i < CANDIDATE_BATCH; i++, next++) {
        String pkg = "bench.e" + next;
        RandomEntities.Entity e = RandomEntities.entity(random, pkg, "t" + next);
        List<Path> files = new ArrayList<>();
        for (String[] file : e.files()) {
          Path path = src.resolve(file[0].replace('.', '/') + ".java");
          Files.createDirectories(path.getParent());
          Files.writeString(path, file[1], StandardCharsets.UTF_8);
          files.add(path);
        }
        byPackage.put(pkg, files);
      }
      while (!byPackage.isEmpty()) {
        Path out = dir.resolve("candidates");
        List<Path> batch = byPackage.values().stream().flatMap(List::stream).toList();
        Run run = compile(batch, true, out.resolve("classes"), out.resolve("gen"));
        deleteTree(out);
        if (run.errors.isEmpty()) {
          break;
        }
        Set<String> failed = new HashSet<>();
        for (String error : run.errors) {
          for (String pkg : byPackage.keySet()) {
            if (error.contains("/" + pkg.replace('.', '/') + "/")) {
              failed.add(pkg);
            }
          }
        }
        if (failed.isEmpty()) {
          failed.addAll(byPackage.keySet()); // errors on no file of theirs: drop the batch
        }
        for (String pkg : failed) {
          for (Path p : byPackage.remove(pkg)) {
            Files.delete(p);
          }
        }
      }
      for (List<Path> files : byPackage.values()) {
        if (accepting < count) {
          accepted.addAll(files);
          accepting++;
        } else {
          for (Path p : files) {
            Files.delete(p);
          }
        }
      }
    }
    return accepted;
  }

  /**
   * Three more processor runs under Flight Recorder: the share of CPU samples in each processor
   * method (inclusive: the javac and JavaPoet calls it makes count for it), in JavaPoet, and in
   * javac outside the processor.
   */
  private void profile(List<Path> sources, Path dir) throws Exception {
    Path jfr = dir.resolve("processor.jfr");
    try (Recording recording = new Recording(Configuration.getConfiguration("profile"))) {
      recording.enable("jdk.ExecutionSample").withPeriod(java.time.Duration.ofMillis(5));
      recording.start();
      for (int i = 0; i < 3; i++) {
        Path out = dir.resolve("profile-" + i);
        compile(sources, true, out.resolve("classes"), out.resolve("gen"));
        deleteTree(out);
      }
      recording.stop();
      recording.dump(jfr);
    }
    Map<String, Integer> inclusive = new HashMap<>();
    Map<String, Integer> areas = new HashMap<>();
    Map<String, Integer> lookups = new HashMap<>();
    int total = 0;
    for (RecordedEvent event : RecordingFile.readAllEvents(jfr)) {
      if (!event.getEventType().getName().equals("jdk.ExecutionSample")
          || event.getStackTrace() == null) {
        continue;
      }
      List<RecordedFrame> frames = event.getStackTrace().getFrames();
      boolean compiling =
          frames.stream()
              .anyMatch(f -> type(f).startsWith("com.sun.tools.javac.api.JavacTaskImpl"));
      if (!compiling) {
        continue; // the benchmark's own threads and the JVM's
      }
      total++;
      Set<String> seen = new HashSet<>();
      String area = null;
      boolean inProcessor = false;
      for (RecordedFrame f : frames) {
        String type = type(f);
        boolean processor = type.startsWith("dev.widekey.processor.") && !type.equals(BENCHMARK);
        inProcessor |= processor;
        String method = null;
        if (processor) {
          method = type.substring("dev.widekey.processor.".length()) + "." + name(f);
        } else if (type.startsWith("com.palantir.javapoet.JavaFile")
            || type.equals("com.sun.tools.javac.model.JavacElements")
            || type.equals("com.sun.tools.javac.processing.JavacFiler")) {
          method = type.substring(type.lastIndexOf('.') + 1) + "." + name(f);
        }
        if (method != null && seen.add(method)) {
          inclusive.merge(method, 1, Integer::sum);
        }
        if (area == null) {
          if (processor) {
            area = "processor code (self)";
          } else if (type.startsWith("com.palantir.javapoet.")) {
            area = "JavaPoet (self)";
          } else if (type.startsWith("com.sun.tools.javac.")) {
            area = "javac";
          }
        }
      }
      if (inclusive.containsKey("JavacElements.unboundNameToSymbol")
          && seen.contains("JavacElements.unboundNameToSymbol")) {
        frames.stream()
            .filter(f -> type(f).startsWith("dev.widekey.processor.") && !type(f).equals(BENCHMARK))
            .findFirst()
            .ifPresent(f -> lookups.merge(type(f) + "." + name(f), 1, Integer::sum));
      }
      if (area == null || area.equals("javac")) {
        area = inProcessor ? "javac called by the processor" : "javac (parse, attribute, write)";
      }
      areas.merge(area, 1, Integer::sum);
    }
    int samples = total;
    System.out.printf(Locale.ROOT, "%nPROFILE %d CPU samples of 3 processor runs%n", samples);
    areas.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
        .forEach(
            e ->
                System.out.printf(
                    Locale.ROOT, "  %5.1f%%  %s%n", 100.0 * e.getValue() / samples, e.getKey()));
    System.out.println("type lookups by name in every module (javac's unboundNameToSymbol), from:");
    lookups.forEach(
        (k, v) -> System.out.printf(Locale.ROOT, "  %5.1f%%  %s%n", 100.0 * v / samples, k));
    System.out.println("processor methods, inclusive:");
    inclusive.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
        .limit(25)
        .forEach(
            e ->
                System.out.printf(
                    Locale.ROOT, "  %5.1f%%  %s%n", 100.0 * e.getValue() / samples, e.getKey()));
  }

  private static String type(RecordedFrame f) {
    return f.getMethod() == null ? "" : f.getMethod().getType().getName();
  }

  private static String name(RecordedFrame f) {
    return f.getMethod().getName();
  }

  private static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  private static List<Path> javaFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
  }

  private static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
