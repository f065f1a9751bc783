package dev.widekey.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.core.RuleViolationException;
import dev.widekey.processor.RandomEntities.Entity;
import dev.widekey.processor.RandomEntities.Field;
import dev.widekey.runtime.key.KeyBuckets;
import dev.widekey.runtime.query.Bounds;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.repository.TimeShardedRepository;
import dev.widekey.runtime.shard.ShardTimes;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/**
 * Compiles random entities with the processor, many per javac run, and checks that each one ends
 * one of two ways: rejected with WK diagnostics only, or accepted with generated code that compiles
 * without warnings, round-trips random key values through {@code primaryKey}/{@code decode}, keeps
 * key order where the design keeps it, passes put/get on the embedded store (with the version
 * protocol of a {@code @Version} entity), whose every generated scan ({@code scanBy...}, prefix and
 * {@code ...Between}, bucket merges, {@code ...Descending} twins) returns exactly the stored rows
 * it promises, in key order, as every index read does, whose {@code getWithCold} reads the cold
 * columns back, whose {@code delete} leaves exactly the other rows to reads, scans and index reads
 * (a deleted row written again reads back), and which refuses a null key component before writing
 * anything. A time-sharded entity goes through its sharded repository, over several period tables,
 * its scans and index reads with a time window. An entity that breaks a rule the fuzzer can tell
 * from its declaration alone (profile limits, time to live, versions, a private or inner entity,
 * refused types, private enum types, bad shard declarations, hand-written types named like
 * generated ones) must be rejected naming that rule, also when it has other errors. A failing
 * entity is shrunk (one field or annotation dropped at a time while the same failure persists)
 * before it is reported.
 */
final class EntityFuzzer {
  private static final Pattern RULE_MESSAGE = Pattern.compile("^WK\\d{3}: .*", Pattern.DOTALL);
  private static final int BATCH = 60;
  private static final int ROWS = 12;

  /** Generated scans called, and the rows they returned, in this JVM (for the report). */
  private static final java.util.concurrent.atomic.LongAdder SCANS =
      new java.util.concurrent.atomic.LongAdder();

  private static final java.util.concurrent.atomic.LongAdder SCANNED_ROWS =
      new java.util.concurrent.atomic.LongAdder();

  /** Reads with the cold columns, and deletes, in this JVM (for the report). */
  private static final java.util.concurrent.atomic.LongAdder COLD_READS =
      new java.util.concurrent.atomic.LongAdder();

  private static final java.util.concurrent.atomic.LongAdder DELETES =
      new java.util.concurrent.atomic.LongAdder();

  /** Inserts, updates and putAll calls, and pages read, in this JVM (for the report). */
  private static final java.util.concurrent.atomic.LongAdder WRITES =
      new java.util.concurrent.atomic.LongAdder();

  private static final java.util.concurrent.atomic.LongAdder PAGES =
      new java.util.concurrent.atomic.LongAdder();

  /** Entities whose rows were let expire, in this JVM (for the report). */
  private static final java.util.concurrent.atomic.LongAdder EXPIRIES =
      new java.util.concurrent.atomic.LongAdder();

  /** Signs the generated page methods' tokens. */
  private static final dev.widekey.runtime.query.ContinuationKey PAGE_KEY =
      dev.widekey.runtime.query.ContinuationKey.of(
          "entity fuzzer page tokens, 32 b.".getBytes(java.nio.charset.StandardCharsets.UTF_8));

  /** How one entity ended. */
  record Outcome(Kind kind, String detail) {
    static final Outcome ACCEPTED = new Outcome(Kind.ACCEPTED, "");

    boolean failed() {
      return kind != Kind.ACCEPTED && kind != Kind.REJECTED;
    }
  }

  enum Kind {
    ACCEPTED,
    REJECTED,
    /** The processor threw, or reported an internal error. */
    CRASH,
    /** An error on the entity's own file that is not a WK diagnostic. */
    NOT_A_RULE,
    /** Accepted, but the generated code does not compile. */
    GENERATED_CODE,
    /** Accepted and compiled, but the generated code misbehaves. */
    BEHAVIOUR,
    /** Breaks a rule the fuzzer can tell from the declaration, but not rejected for it. */
    MISSED_RULE,
    /** Accepted, but a rebuild of the unchanged entity reports WK308 against its own layout. */
    LAYOUT_UNSTABLE
  }

  /** A failure, with the entity as generated and the smallest one that still shows it. */
  record Failure(long seed, int index, Outcome outcome, Entity entity, Entity smallest) {
    @Override
    public String toString() {
      return "seed "
          + seed
          + ", entity #"
          + index
          + ": "
          + outcome.kind()
          + ": "
          + outcome.detail()
          + "\nsmallest entity showing it:\n"
          + smallest.source();
    }
  }

  /** The figures of one run. */
  static final class Report {
    final long seed;
    int entities;
    int accepted;
    int rejected;
    long scans;
    long scannedRows;
    long coldReads;
    long deletes;
    long writes;
    long pages;
    long expiries;
    long millis;
    final List<Failure> failures = new ArrayList<>();
    final Map<String, Integer> rejectedByRule = new TreeMap<>();
    final Map<String, Integer> acceptedWith = new TreeMap<>();

    Report(long seed) {
      this.seed = seed;
    }

    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "entity fuzzer: seed %d, %d entities (%d accepted, %d rejected, %d failed) in %.1f s;"
              + " %d generated scans returned %d rows; %d reads with cold columns, %d deletes;"
              + " %d inserts, updates and putAlls; %d pages; %d entities' rows expired;"
              + " rejections by rule %s; accepted with %s",
          seed,
          entities,
          accepted,
          rejected,
          failures.size(),
          millis / 1000.0,
          scans,
          scannedRows,
          coldReads,
          deletes,
          writes,
          pages,
          expiries,
          rejectedByRule,
          acceptedWith);
    }
  }

  private final boolean shrink;

  EntityFuzzer(boolean shrink) {
    this.shrink = shrink;
  }

  Report run(long seed, int count) {
    long start = System.nanoTime();
    long scansBefore = SCANS.sum();
    long rowsBefore = SCANNED_ROWS.sum();
    long coldBefore = COLD_READS.sum();
    long deletesBefore = DELETES.sum();
    long writesBefore = WRITES.sum();
    long pagesBefore = PAGES.sum();
    long expiriesBefore = EXPIRIES.sum();
    Report report = new Report(seed);
    Random random = new Random(seed);
    List<Entity> all = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      boolean defaultPackage = i % BATCH == 0 && random.nextInt(4) == 0;
      // packages: mostly plain, sometimes with letters outside ASCII or a name like a type's
      String pkg =
          defaultPackage
              ? ""
              : RandomEntities.pick(
                      random,
                      new String[] {"fz.e", "fz.e", "fz.e", "fz.\u00e9t\u00e9", "fz.Long.e"})
                  + i;
      all.add(RandomEntities.entity(random, pkg, "t" + i));
    }
    for (int from = 0; from < count; from += BATCH) {
      List<Entity> batch = all.subList(from, Math.min(count, from + BATCH));
      Map<Entity, Outcome> outcomes = check(batch, seed + from);
      for (int i = 0; i < batch.size(); i++) {
        Entity e = batch.get(i);
        Outcome o = outcomes.get(e);
        report.entities++;
        switch (o.kind()) {
          case ACCEPTED -> {
            report.accepted++;
            for (String feature : e.features()) {
              report.acceptedWith.merge(feature, 1, Integer::sum);
            }
          }
          case REJECTED -> {
            report.rejected++;
            for (String rule : o.detail().split(",")) {
              report.rejectedByRule.merge(rule, 1, Integer::sum);
            }
          }
          default -> {
            long valueSeed = seed + from;
            // shrinking costs a compilation per try: the first few failures are enough
            Entity smallest = shrink && report.failures.size() < 5 ? shrink(e, o, valueSeed) : e;
            report.failures.add(new Failure(seed, from + i, o, e, smallest));
          }
        }
      }
    }
    report.millis = (System.nanoTime() - start) / 1_000_000;
    report.scans = SCANS.sum() - scansBefore;
    report.scannedRows = SCANNED_ROWS.sum() - rowsBefore;
    report.coldReads = COLD_READS.sum() - coldBefore;
    report.deletes = DELETES.sum() - deletesBefore;
    report.writes = WRITES.sum() - writesBefore;
    report.pages = PAGES.sum() - pagesBefore;
    report.expiries = EXPIRIES.sum() - expiriesBefore;
    return report;
  }

  /** The outcome of one entity on its own: what shrinking compares. */
  Outcome checkOne(Entity e, long valueSeed) {
    return check(List.of(e), valueSeed).get(e);
  }

  private Entity shrink(Entity e, Outcome failure, long valueSeed) {
    Entity smallest = e;
    boolean smaller = true;
    int budget = 150;
    while (smaller && budget > 0) {
      smaller = false;
      for (Entity candidate : smallest.shrinks()) {
        if (--budget < 0 || candidate.fields.isEmpty()) {
          continue;
        }
        Outcome o = checkOne(candidate, valueSeed);
        if (o.kind() == failure.kind()) {
          smallest = candidate;
          smaller = true;
          break;
        }
      }
    }
    return smallest;
  }

  // ---------------------------------------------------------------- compiling

  /** Every entity's outcome; entities must live in distinct packages. */
  Map<Entity, Outcome> check(List<Entity> batch, long valueSeed) {
    Map<Entity, Outcome> out = compileAndRun(batch, valueSeed);
    out.replaceAll((e, o) -> withExpectedRules(e, o));
    return out;
  }

  /**
   * The outcome, unless the entity breaks a rule that can be told from its declaration alone and
   * the outcome does not name it: then MISSED_RULE.
   */
  private static Outcome withExpectedRules(Entity e, Outcome o) {
    if (o.kind() != Kind.ACCEPTED && o.kind() != Kind.REJECTED) {
      return o;
    }
    List<String> rejectedBy =
        o.kind() == Kind.REJECTED ? List.of(o.detail().split(",")) : List.of();
    for (Map.Entry<String, String> expected : expectedRules(e).entrySet()) {
      if (!rejectedBy.contains(expected.getKey())) {
        return new Outcome(
            Kind.MISSED_RULE,
            expected.getKey()
                + " expected ("
                + expected.getValue()
                + "), but "
                + (rejectedBy.isEmpty() ? "accepted" : "rejected for " + rejectedBy));
      }
    }
    return o;
  }

  /**
   * What an {@code @Index} breaks for sure: a column that names no field (WK306); in an index of
   * known columns, a leading integral or time column neither hash-prefixed nor opted out (WK102).
   */
  private static void expectIndexRules(Entity e, Map<String, String> out) {
    for (RandomEntities.IndexDecl index : e.indexes) {
      List<Field> columns = new ArrayList<>();
      for (String column : index.columns()) {
        e.fields.stream().filter(f -> f.name.equals(column)).findFirst().ifPresent(columns::add);
      }
      if (columns.size() < index.columns().size()) {
        out.put("WK306", "index " + index.name() + " names a missing column");
      } else if (columns.get(0).type.integral
          && index.hashLength() == null
          && index.notSequential() == null) {
        out.put("WK102", "index " + index.name() + " leads with " + columns.get(0).type);
      }
    }
  }

  /**
   * Rules the declaration breaks for sure, with why: the profile's limits, TTL, versions, shape.
   */
  static Map<String, String> expectedRules(Entity e) {
    Map<String, String> out = new TreeMap<>();
    if (e.nesting == RandomEntities.Nesting.PRIVATE_MEMBER
        || e.nesting == RandomEntities.Nesting.INNER) {
      out.put("WK100", e.nesting + " entity");
    }
    if (e.takenSuffix != null) {
      out.put("WK100", "a hand-written type named like the generated " + e.takenSuffix);
    }
    if (e.unstoredAnnotated != null) {
      out.put("WK100", "@ColdColumn on a " + e.unstoredAnnotated + " field");
    }
    if (e.strayTimeSharded) {
      out.put("WK210", "@TimeSharded on a class of the package without @WideTable");
    }
    // a @Transient field is never stored, so generated code never names its type
    if (e.privateEnum
        && e.fields.stream()
            .anyMatch(f -> f.type == RandomEntities.Type.ENUM && !f.transientField)) {
      out.put("WK100", "a stored field of a private enum type");
    }
    for (Field f : e.fields) {
      if (f.type.refused() && !f.transientField) {
        out.put(f.key() ? "WK108" : "WK100", f.name + " of type " + f.type.source);
      }
      if (f.transientField && f.annotations().size() > 1) {
        out.put("WK212", "@Transient " + f.name + " with " + f.annotations());
      }
      boolean truncatable = f.type.time() && f.type != RandomEntities.Type.LOCAL_DATE;
      // on a transient field its WK212 says all: the field is no column; an index column is a key
      // component of its index
      boolean indexed = e.indexes.stream().anyMatch(ix -> ix.columns().contains(f.name));
      if (f.truncated && !f.transientField && (!(f.key() || indexed) || !truncatable)) {
        out.put("WK104", "@TruncatedToMillis on " + f.type + (f.key() ? " key" : ""));
      }
      int presentDay = RandomEntities.presentDayDigits(f.type);
      if (f.key() && f.padWidth != null && f.padWidth >= 1 && f.padWidth < presentDay) {
        out.put("WK104", f.name + " (" + f.type + ") padded to " + f.padWidth + " digits");
      }
    }
    if (e.shardBy != null) {
      Field by = e.fields.stream().filter(f -> f.name.equals(e.shardBy)).findFirst().orElse(null);
      if (by == null || !by.type.time() || (by.cold && !by.key())) {
        out.put("WK210", "shard field " + e.shardBy + (by == null ? " missing" : " " + by.type));
      }
      int ahead = e.shardAhead == null ? 1 : e.shardAhead;
      if (e.shardRetain < 1 || ahead < 0) {
        out.put("WK210", "retain " + e.shardRetain + ", ahead " + ahead);
      } else if (e.profileOrDefault().equals("TABLESTORE")) {
        boolean cold = e.fields.stream().anyMatch(f -> f.cold && !f.key());
        long tables = (long) (e.shardRetain + ahead) * ((cold ? 2 : 1) + e.indexes.size());
        if (tables > 64) {
          out.put("WK211", tables + " period tables on TABLESTORE");
        }
      }
    }
    expectIndexRules(e, out);
    String profile = e.profileOrDefault();
    List<Field> partition =
        e.fields.stream().filter(f -> f.role == RandomEntities.Role.PARTITION).toList();
    List<Field> columns =
        e.keyFields().stream().filter(f -> f.role == RandomEntities.Role.KEY_COLUMN).toList();
    int maxColumns =
        switch (profile) {
          case "TABLESTORE" -> 4;
          case "LINDORM" -> 5;
          default -> Integer.MAX_VALUE;
        };
    if (1 + columns.size() > maxColumns) {
      out.put("WK110", (1 + columns.size()) + " key columns on " + profile);
    }
    if (profile.equals("LINDORM") && !columns.isEmpty()) {
      List<Field> notLast = new ArrayList<>(partition);
      notLast.addAll(columns.subList(0, columns.size() - 1));
      if (notLast.stream().anyMatch(f -> f.type == RandomEntities.Type.BYTES)) {
        out.put("WK110", "a byte[] key column before the last on LINDORM");
      }
    }
    if (e.ttlSeconds != null
        && e.ttlSeconds != -1
        && (e.ttlSeconds < (profile.equals("TABLESTORE") ? 86_400 : 1)
            || e.ttlSeconds > 2_147_483_646L)) {
      out.put("WK209", "ttlSeconds = " + e.ttlSeconds + " on " + profile);
    }
    // a @Transient field's other annotations are WK212 (above), not checked further
    List<Field> versions = e.fields.stream().filter(f -> f.version && !f.transientField).toList();
    if (versions.size() > 1) {
      out.put("WK208", "two @Version fields");
    }
    for (Field v : versions) {
      if (v.key() || v.cold || v.type != RandomEntities.Type.LONG) {
        out.put(
            "WK208", "@Version on " + v.type + (v.key() ? " key" : "") + (v.cold ? " cold" : ""));
      }
    }
    return out;
  }

  private Map<Entity, Outcome> compileAndRun(List<Entity> batch, long valueSeed) {
    Path layouts;
    try {
      layouts = Files.createTempDirectory("widekey-fuzz-layouts");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      return compileAndRun(batch, valueSeed, layouts);
    } finally {
      deleteTree(layouts);
    }
  }

  /**
   * As {@link #compileAndRun(List, long)}, each compilation writing its entities' layout files into
   * {@code layouts} ({@code -Awidekey.layouts}); the accepted entities are then processed once
   * more, unchanged, against the files they wrote: no WK308 may be reported.
   */
  private Map<Entity, Outcome> compileAndRun(List<Entity> batch, long valueSeed, Path layouts) {
    Map<Entity, Outcome> out = new LinkedHashMap<>();
    Compilation first;
    try {
      first = compile(batch, layouts);
    } catch (RuntimeException | Error e) {
      if (batch.size() == 1) {
        out.put(batch.get(0), new Outcome(Kind.CRASH, trace(e)));
        return out;
      }
      for (Entity one : batch) {
        out.putAll(check(List.of(one), valueSeed));
      }
      return out;
    }
    Map<String, Entity> byPackage = byPackage(batch);
    List<Entity> candidates = new ArrayList<>(batch);
    Compilation accepted = first;
    // javac generates no classes when anything failed, and stops before the processor runs when
    // an entity does not parse: classify what failed, then compile the rest again
    for (int attempt = 0; !candidates.isEmpty(); attempt++) {
      if (attempt > 0) {
        try {
          accepted = compile(candidates, layouts);
        } catch (RuntimeException | Error x) {
          for (Entity one : candidates) {
            out.putAll(check(List.of(one), valueSeed));
          }
          return ordered(batch, out);
        }
      }
      if (accepted.status() == Compilation.Status.SUCCESS) {
        break;
      }
      Map<Entity, List<String>> own = new HashMap<>();
      Map<Entity, List<String>> generated = new HashMap<>();
      List<String> unplaced = new ArrayList<>();
      sortErrors(accepted, byPackage, own, generated, unplaced);
      List<Entity> failed = new ArrayList<>();
      for (Entity e : candidates) {
        Outcome o = classify(own.getOrDefault(e, List.of()), generated.getOrDefault(e, List.of()));
        if (o != null) {
          out.put(e, o);
          failed.add(e);
        }
      }
      if (failed.isEmpty() || !unplaced.isEmpty()) {
        if (candidates.size() == 1) {
          out.put(candidates.get(0), new Outcome(Kind.CRASH, "compilation failed: " + unplaced));
          candidates.clear();
        } else {
          for (Entity one : candidates) {
            out.putAll(check(List.of(one), valueSeed));
          }
          return ordered(batch, out);
        }
      }
      candidates.removeAll(failed);
    }
    if (!candidates.isEmpty()) {
      Map<Entity, String> unstable = unstableLayouts(candidates, layouts, byPackage);
      Map<Entity, List<String>> warnings = generatedWarnings(accepted, byPackage);
      ClassLoader loader = new GeneratedClassLoader(accepted, false);
      for (Entity e : candidates) {
        if (unstable.containsKey(e)) {
          out.put(e, new Outcome(Kind.LAYOUT_UNSTABLE, unstable.get(e)));
          continue;
        }
        List<String> warned = warnings.getOrDefault(e, List.of());
        if (!warned.isEmpty()) {
          out.put(e, new Outcome(Kind.GENERATED_CODE, "warning: " + warned.get(0)));
          continue;
        }
        String problem = behave(e, loader, new Random(valueSeed ^ e.table.hashCode()));
        out.put(e, problem == null ? Outcome.ACCEPTED : new Outcome(Kind.BEHAVIOUR, problem));
      }
    }
    return ordered(batch, out);
  }

  private static Map<Entity, Outcome> ordered(List<Entity> batch, Map<Entity, Outcome> out) {
    Map<Entity, Outcome> ordered = new LinkedHashMap<>();
    for (Entity e : batch) {
      ordered.put(e, out.get(e));
    }
    return ordered;
  }

  /** The outcome of an entity with these errors in its own and its generated files, or null. */
  private static Outcome classify(List<String> mine, List<String> gen) {
    List<String> internal = mine.stream().filter(m -> m.contains("widekey failed on")).toList();
    List<String> odd = mine.stream().filter(m -> !RULE_MESSAGE.matcher(m).matches()).toList();
    if (!internal.isEmpty()) {
      return new Outcome(Kind.CRASH, internal.get(0));
    }
    if (!odd.isEmpty()) {
      return new Outcome(Kind.NOT_A_RULE, odd.get(0));
    }
    if (!gen.isEmpty()) {
      return new Outcome(Kind.GENERATED_CODE, gen.get(0));
    }
    if (!mine.isEmpty()) {
      List<String> rules = mine.stream().map(m -> m.substring(0, 5)).distinct().sorted().toList();
      return new Outcome(Kind.REJECTED, String.join(",", rules));
    }
    return null;
  }

  static Compilation compile(List<Entity> entities) {
    return compile(entities, null);
  }

  /**
   * Compiles, with layout directory {@code layouts} unless it is null, and {@code more} options.
   */
  static Compilation compile(List<Entity> entities, Path layouts, String... more) {
    List<JavaFileObject> files = new ArrayList<>();
    for (Entity e : entities) {
      for (String[] file : e.files()) {
        files.add(JavaFileObjects.forSourceString(file[0], file[1]));
      }
    }
    List<String> options =
        new ArrayList<>(
            List.of(
                "-Xlint:all", "-Xlint:-processing", "-Xmaxerrs", "100000", "-Xmaxwarns", "100000"));
    if (layouts != null) {
      options.add("-Awidekey.layouts=" + layouts);
    }
    options.addAll(List.of(more));
    return Compiler.javac()
        .withProcessors(new WidekeyProcessor())
        .withOptions(options)
        .compile(files);
  }

  /**
   * The accepted entities whose unchanged rebuild (annotation processing only) reports WK308 on
   * their own files, with the message: a layout that does not read back as itself, or is not
   * deterministic. A file no entity claims any longer (of an entity refused after it was generated)
   * is warned about on no element, and is not counted.
   */
  private static Map<Entity, String> unstableLayouts(
      List<Entity> accepted, Path layouts, Map<String, Entity> byPackage) {
    Compilation rebuild = compile(accepted, layouts, "-proc:only");
    Map<Entity, String> out = new HashMap<>();
    for (Diagnostic<? extends JavaFileObject> d : rebuild.diagnostics()) {
      String message = d.getMessage(Locale.ROOT);
      if (d.getSource() == null || !message.contains("WK308")) {
        continue;
      }
      String path = d.getSource().toUri().getPath().replaceFirst("^/", "");
      int slash = path.lastIndexOf('/');
      Entity e = byPackage.get(path.substring(0, Math.max(0, slash)).replace('/', '.'));
      out.putIfAbsent(e == null ? accepted.get(0) : e, "unchanged rebuild: " + message);
    }
    return out;
  }

  private static void deleteTree(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // a temporary directory left behind is harmless
    }
  }

  private static Map<String, Entity> byPackage(List<Entity> batch) {
    Map<String, Entity> map = new HashMap<>();
    for (Entity e : batch) {
      map.put(e.pkg, e);
    }
    return map;
  }

  /** Warnings in the generated files, by entity (the entities' own files suppress theirs). */
  private static Map<Entity, List<String>> generatedWarnings(
      Compilation c, Map<String, Entity> byPackage) {
    Map<Entity, List<String>> out = new HashMap<>();
    for (Diagnostic<? extends JavaFileObject> d : c.warnings()) {
      if (d.getSource() == null) {
        continue;
      }
      String path = d.getSource().toUri().getPath();
      if (!path.contains("/SOURCE_OUTPUT/")) {
        continue;
      }
      path = path.replaceFirst(".*/SOURCE_OUTPUT/", "");
      int slash = path.lastIndexOf('/');
      Entity e = byPackage.get(path.substring(0, Math.max(0, slash)).replace('/', '.'));
      if (e != null) {
        out.computeIfAbsent(e, k -> new ArrayList<>())
            .add(
                path.substring(slash + 1)
                    + ":"
                    + d.getLineNumber()
                    + ": "
                    + d.getMessage(Locale.ROOT));
      }
    }
    return out;
  }

  /** Sorts error messages by the entity whose file (own or generated) they are in. */
  private static void sortErrors(
      Compilation c,
      Map<String, Entity> byPackage,
      Map<Entity, List<String>> own,
      Map<Entity, List<String>> generated,
      List<String> unplaced) {
    for (Diagnostic<? extends JavaFileObject> d : c.errors()) {
      String message = d.getMessage(Locale.ROOT);
      if (d.getSource() == null) {
        unplaced.add(message);
        continue;
      }
      String path = d.getSource().toUri().getPath();
      boolean isGenerated = path.contains("/SOURCE_OUTPUT/");
      path = path.replaceFirst(".*/SOURCE_OUTPUT/", "/");
      int slash = path.lastIndexOf('/');
      String pkg =
          path.substring(path.startsWith("/") ? 1 : 0, Math.max(0, slash)).replace('/', '.');
      Entity e = byPackage.get(pkg);
      if (e == null) {
        unplaced.add(path + ": " + message);
        continue;
      }
      String where = path.substring(slash + 1) + ":" + d.getLineNumber() + ": ";
      (isGenerated ? generated : own)
          .computeIfAbsent(e, k -> new ArrayList<>())
          .add(isGenerated ? where + message : message);
    }
  }

  // ---------------------------------------------------------------- behaviour

  /** Null if the generated code of an accepted entity behaves; else what went wrong. */
  static String behave(Entity e, ClassLoader loader, Random r) {
    String[] step = {"loading"};
    try {
      Class<?> type = loader.loadClass(e.binaryName());
      Class<?> keys = loader.loadClass(e.generated("Keys"));
      Class<?> enumType = null;
      if (e.fields.stream().anyMatch(f -> f.type == RandomEntities.Type.ENUM)) {
        enumType =
            loader.loadClass(
                e.topLevelEnum ? e.qualified(e.enumName) : e.binaryName() + "$" + e.enumName);
      }
      Entities entities = new Entities(e, type, keys, enumType);
      // a clock the expiry checks move; expired rows are purged only as reads meet them
      MovingClock clock = new MovingClock();
      try (WideTableStore store =
          EmbeddedStore.builder().clock(clock).sweepInterval(java.time.Duration.ZERO).build()) {
        Target target =
            e.shardBy == null
                ? new Plain(e, loader, store, entities)
                : new Sharded(e, loader, store, entities);
        String problem = behave(e, entities, target, r, step);
        return problem != null ? problem : expire(e, entities, target, clock, r, step);
      }
    } catch (InvocationTargetException x) {
      return step[0] + ": " + trace(x.getCause());
    } catch (Throwable x) {
      return step[0] + ": " + trace(x);
    }
  }

  /** The entity class, its key codec and how to build, read and key its instances. */
  static final class Entities {
    final Entity e;
    final Class<?> type;
    final Class<?> enumType;
    final Class<?>[] keyTypes;
    final Method ofEntity;
    final Method ofValues;
    final Method decode;
    final int version; // the index of the @Version field, or -1
    final int shard; // the index of the shard field, or -1

    Entities(Entity e, Class<?> type, Class<?> keys, Class<?> enumType) throws Exception {
      this.e = e;
      this.type = type;
      this.enumType = enumType;
      List<Field> keyFields = e.keyFields();
      keyTypes = new Class<?>[keyFields.size()];
      for (int i = 0; i < keyTypes.length; i++) {
        keyTypes[i] = type.getDeclaredField(keyFields.get(i).name).getType();
      }
      ofEntity = keys.getMethod("primaryKey", type);
      ofValues = keys.getMethod("primaryKey", keyTypes);
      decode = keys.getMethod("decode", PrimaryKey.class);
      int v = -1;
      int s = -1;
      for (int i = 0; i < e.fields.size(); i++) {
        if (e.fields.get(i).version) {
          v = i; // an accepted entity's @Version is one primitive long attribute
        }
        if (e.fields.get(i).name.equals(e.shardBy)) {
          s = i;
        }
      }
      version = v;
      shard = s;
    }

    PrimaryKey key(Object entity) throws Throwable {
      return (PrimaryKey) invoke(ofEntity, null, entity);
    }

    Object build(Object[] values) throws Exception {
      return construct(type, e, values);
    }

    Object[] values(Object entity) throws Exception {
      Object[] out = new Object[e.fields.size()];
      for (int i = 0; i < out.length; i++) {
        out[i] = fieldValue(type, e, i, entity);
      }
      return out;
    }

    Instant shardOf(Object[] values) {
      return shard < 0 ? null : ShardTimes.instantOf(e.shardBy, values[shard]);
    }
  }

  /**
   * Where the behaviour checks write and read: the entity's repository, or its sharded repository.
   * A stored row is identified by its key, and under time sharding by its period table too.
   */
  abstract static class Target {
    final Entity e;
    final Entities entities;

    Target(Entity e, Entities entities) {
      this.e = e;
      this.entities = entities;
    }

    /** The row the values are stored as. */
    abstract Object id(PrimaryKey key, Object[] values);

    abstract Object put(Object entity);

    /** The repository's {@code insert}, {@code update} and {@code putAll} (all acknowledged?). */
    abstract Object insert(Object entity);

    abstract Object update(Object entity);

    abstract boolean putAll(List<Object> entities);

    /** A page of every stored entity, as {@link #all} orders them. */
    abstract jakarta.data.page.CursoredPage<?> pageAll(jakarta.data.page.PageRequest request);

    /** The repository's {@code get}, {@code getWithCold} (null if none) and {@code delete}. */
    Method get;

    Method getWithCold;
    Method delete;

    /** The arguments of get, getWithCold and delete for these values: the key (and period). */
    abstract Object[] args(Object[] values);

    /** The repository. */
    abstract Object repo();

    /** The stored entity of these values' key (and period), if any. */
    Optional<?> get(Object[] values) throws Throwable {
      return (Optional<?>) invoke(get, repo(), args(values));
    }

    /** As {@link #get}, with the cold columns. */
    Optional<?> getWithCold(Object[] values) throws Throwable {
      return (Optional<?>) invoke(getWithCold, repo(), args(values));
    }

    /** Deletes the entity of these values' key (and period). */
    void delete(Object[] values) throws Throwable {
      invoke(delete, repo(), args(values));
    }

    /** Finds get, getWithCold and delete, which take these parameter types. */
    void methods(Class<?> repoType, Class<?>[] types) throws NoSuchMethodException {
      get = repoType.getMethod("get", types);
      delete = repoType.getMethod("delete", types);
      try {
        getWithCold = repoType.getMethod("getWithCold", types);
      } catch (NoSuchMethodException none) {
        getWithCold = null; // no cold columns
      }
    }

    /** Every stored entity, in the store's order. */
    abstract List<?> all() throws Throwable;

    /** The generated scans, by name. */
    abstract List<Method> scans();

    /** What a scan returns of the rows stored (in store order) for these arguments. */
    abstract Object scanTarget();

    /** Arguments every scan takes after its own: the sharded ones' time window, or none. */
    abstract Object[] window(List<Object[]> stored, Random r);

    /** Whether a stored row lies in the window {@link #window} gave. */
    abstract boolean inWindow(Object[] values, Object[] window);

    Object id(Object entity) throws Throwable {
      return id(entities.key(entity), entities.values(entity));
    }
  }

  /** The entity's {@code FooRepository}. */
  static final class Plain extends Target {
    final SplitTableRepository<Object> repo;
    final Class<?> repoType;

    @SuppressWarnings("unchecked")
    Plain(Entity e, ClassLoader loader, WideTableStore store, Entities entities) throws Exception {
      super(e, entities);
      repoType = loader.loadClass(e.generated("Repository"));
      repo =
          (SplitTableRepository<Object>)
              repoType.getConstructor(WideTableStore.class).newInstance(store);
      repo.createTables();
      repo.withContinuationKey(PAGE_KEY);
      methods(repoType, entities.keyTypes);
    }

    @Override
    Object insert(Object entity) {
      return repo.insert(entity);
    }

    @Override
    Object update(Object entity) {
      return repo.update(entity);
    }

    @Override
    boolean putAll(List<Object> entities) {
      return repo.putAll(entities).allAcknowledged();
    }

    @Override
    jakarta.data.page.CursoredPage<?> pageAll(jakarta.data.page.PageRequest request) {
      return repo.pageAll(request);
    }

    @Override
    Object id(PrimaryKey key, Object[] values) {
      return key;
    }

    @Override
    Object put(Object entity) {
      return repo.put(entity);
    }

    @Override
    Object[] args(Object[] values) {
      return keyValues(e, values);
    }

    @Override
    Object repo() {
      return repo;
    }

    @Override
    List<?> all() {
      try (Stream<Object> all = repo.scanAll()) {
        return all.toList();
      }
    }

    @Override
    List<Method> scans() {
      return scansOf(repoType);
    }

    @Override
    Object scanTarget() {
      return repo;
    }

    @Override
    Object[] window(List<Object[]> stored, Random r) {
      return new Object[0];
    }

    @Override
    boolean inWindow(Object[] values, Object[] window) {
      return true;
    }
  }

  /**
   * The entity's {@code FooShardedRepository}: one set of tables (hot, cold, chunks) per period.
   */
  static final class Sharded extends Target {
    /** The first and last instants period tables are named for (years 0 to 9999). */
    static final Instant FIRST = Instant.parse("0000-01-01T00:00:00Z");

    static final Instant LAST = Instant.parse("9999-12-31T23:59:59.999Z");

    final TimeShardedRepository<Object, ?> repo;
    final Class<?> repoType;

    @SuppressWarnings("unchecked")
    Sharded(Entity e, ClassLoader loader, WideTableStore store, Entities entities)
        throws Exception {
      super(e, entities);
      repoType = loader.loadClass(e.generated("ShardedRepository"));
      repo =
          (TimeShardedRepository<Object, ?>)
              repoType.getConstructor(WideTableStore.class).newInstance(store);
      // the fuzzer writes shard values of any date: a window over every period a table is named for
      repo.allowingBackfill(
          dev.widekey.core.shard.Periods.FIRST, dev.widekey.core.shard.Periods.END);
      repo.withContinuationKey(PAGE_KEY);
      Class<?>[] types = entities.keyTypes;
      if (!e.fields.get(entities.shard).key()) {
        // an attribute shard field names the period: a parameter after the key
        types = java.util.Arrays.copyOf(types, types.length + 1);
        types[types.length - 1] = entities.type.getDeclaredField(e.shardBy).getType();
      }
      methods(repoType, types);
    }

    @Override
    Object insert(Object entity) {
      return repo.insert(entity);
    }

    @Override
    Object update(Object entity) {
      return repo.update(entity);
    }

    @Override
    boolean putAll(List<Object> entities) {
      return repo.putAll(entities).allAcknowledged();
    }

    @Override
    jakarta.data.page.CursoredPage<?> pageAll(jakarta.data.page.PageRequest request) {
      return repo.pageBetween(FIRST, LAST, request);
    }

    @Override
    Object id(PrimaryKey key, Object[] values) {
      // the key itself, not its text: a key's text abbreviates long values, so two keys that
      // differ past the 64th character would be one id
      return List.of(repo.tableName(entities.shardOf(values)), key);
    }

    @Override
    Object put(Object entity) {
      return repo.put(entity);
    }

    @Override
    Object[] args(Object[] values) {
      Object[] args = keyValues(e, values);
      if (!e.fields.get(entities.shard).key()) {
        args = java.util.Arrays.copyOf(args, args.length + 1);
        args[args.length - 1] = values[entities.shard];
      }
      return args;
    }

    @Override
    Object repo() {
      return repo;
    }

    @Override
    List<?> all() {
      try (Stream<Object> all = repo.scanBetween(FIRST, LAST)) {
        return all.toList();
      }
    }

    @Override
    List<Method> scans() {
      return scansOf(repoType);
    }

    @Override
    Object scanTarget() {
      return repo;
    }

    /**
     * {@code since, until}: every row mostly (the named years, or a window past them such as {@code
     * Instant.MIN, Instant.MAX}), a random window between stored shard values else, sometimes open
     * to the past or the future.
     */
    @Override
    Object[] window(List<Object[]> stored, Random r) {
      if (r.nextInt(3) == 0) {
        return r.nextBoolean()
            ? new Object[] {FIRST, LAST}
            : new Object[] {Instant.MIN, r.nextBoolean() ? Instant.MAX : LAST.plusSeconds(1)};
      }
      Instant a = entities.shardOf(stored.get(r.nextInt(stored.size())));
      Instant b = entities.shardOf(stored.get(r.nextInt(stored.size())));
      Object[] w = a.isBefore(b) ? new Object[] {a, b} : new Object[] {b, a.plusMillis(1)};
      if (r.nextInt(6) == 0) {
        int open = r.nextInt(2); // since from the beginning of time, or until its end
        w[open] = open == 0 ? Instant.MIN : Instant.MAX;
      }
      return w;
    }

    @Override
    boolean inWindow(Object[] values, Object[] window) {
      Instant t = entities.shardOf(values);
      return !t.isBefore((Instant) window[0]) && t.isBefore((Instant) window[1]);
    }
  }

  /**
   * A time of whole milliseconds moved by less than a millisecond, earlier or (if {@code later}
   * may) later; other values as given.
   */
  private static Object finerThanMillis(Object t, boolean later, Random r) {
    long nanos = (1 + r.nextInt(999_999)) * (later && r.nextBoolean() ? 1L : -1L);
    if (t instanceof Instant i) {
      return i.plusNanos(nanos);
    } else if (t instanceof java.time.LocalDateTime l) {
      return l.plusNanos(nanos);
    } else if (t instanceof java.time.OffsetDateTime o) {
      return o.plusNanos(nanos);
    } else if (t instanceof java.time.ZonedDateTime z) {
      return z.plusNanos(nanos);
    }
    return t;
  }

  private static List<Method> scansOf(Class<?> repoType) {
    List<Method> scans = new ArrayList<>();
    for (Method m : repoType.getMethods()) {
      if (m.getName().startsWith("scanBy")) {
        scans.add(m);
      }
    }
    scans.sort(java.util.Comparator.comparing(Method::toString));
    return scans;
  }

  private static String behave(Entity e, Entities entities, Target target, Random r, String[] step)
      throws Throwable {
    List<Field> keyFields = e.keyFields();
    int version = entities.version;
    // stored rows by their id, in the store's order: by key, and by period table for equal keys
    Map<Object, Object[]> written = new HashMap<>();
    List<Object[]> rows = new ArrayList<>();
    for (int row = 0; row < ROWS; row++) {
      Object[] values = new Object[e.fields.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = RandomEntities.value(r, e, e.fields.get(i), entities.enumType);
      }
      if (!rows.isEmpty() && r.nextBoolean()) {
        // share leading key values with an earlier row, so that scans find several rows
        Object[] earlier = rows.get(r.nextInt(rows.size()));
        int shared = 1 + r.nextInt(keyFields.size());
        for (int k = 0; k < shared; k++) {
          int i = e.fields.indexOf(keyFields.get(k));
          values[i] = earlier[i];
        }
      }
      Object[] keyValues = keyValues(e, values);
      step[0] = "primaryKey(values) of " + describe(e, values);
      PrimaryKey pk = (PrimaryKey) invoke(entities.ofValues, null, keyValues);
      Object id = target.id(pk, values);
      if (version >= 0) {
        // the version protocol: 0 for a new row, else the stored version
        Object[] stored = written.get(id);
        values[version] = stored == null ? 0L : stored[version];
      }
      Object entity = entities.build(values);
      if (e.record && e.extras) {
        values = entities.values(entity); // what the compact constructor made of them
      }
      step[0] = "primaryKey(entity) of " + describe(e, values);
      PrimaryKey again = entities.key(entity);
      if (!pk.equals(again)) {
        return "primaryKey(entity) " + again + " differs from primaryKey(values) " + pk;
      }
      // a @TruncatedToMillis key holds, and reads back, whole milliseconds
      for (int i = 0; i < values.length; i++) {
        values[i] = RandomEntities.truncated(e.fields.get(i), values[i]);
      }
      keyValues = keyValues(e, values);
      step[0] = "decode(" + pk + ")";
      Object decoded = invoke(entities.decode, null, pk);
      RecordComponent[] parts = decoded.getClass().getRecordComponents();
      if (parts.length != keyValues.length) {
        return "decode gave " + parts.length + " components for " + keyValues.length;
      }
      for (int i = 0; i < parts.length; i++) {
        Object d = parts[i].getAccessor().invoke(decoded);
        if (!RandomEntities.deepEquals(d, keyValues[i])) {
          return "decode("
              + pk
              + ") gave "
              + keyFields.get(i).name
              + " = "
              + RandomEntities.show(d)
              + ", written "
              + RandomEntities.show(keyValues[i]);
        }
      }
      step[0] = "put " + describe(e, values);
      Object stored = target.put(entity);
      if (version >= 0) {
        values[version] = (Long) values[version] + 1;
        Object got = fieldValue(entities.type, e, version, stored);
        if (!values[version].equals(got)) {
          return "put of version " + ((Long) values[version] - 1) + " returned version " + got;
        }
      }
      written.put(id, values);
      rows.add(values);
    }
    List<Object[]> stored = storeOrder(e, entities, written.values(), false);
    List<Object[]> scanned = storeOrder(e, entities, written.values(), true);
    if (e.keepsOrder()) {
      for (int i = 0; i + 1 < stored.size(); i++) {
        Object[] a = keyValues(e, stored.get(i));
        Object[] b = keyValues(e, stored.get(i + 1));
        PrimaryKey ka = (PrimaryKey) invoke(entities.ofValues, null, a);
        PrimaryKey kb = (PrimaryKey) invoke(entities.ofValues, null, b);
        if (compareTuples(e, a, b) > 0 || (compareTuples(e, a, b) == 0) != ka.equals(kb)) {
          return "key order broken: "
              + ka
              + " sorts before "
              + kb
              + " but its values "
              + show(a)
              + " do not sort before "
              + show(b);
        }
      }
    }
    for (Object[] w : stored) {
      step[0] = "get " + describe(e, w);
      Optional<?> read = target.get(w);
      if (read.isEmpty()) {
        return "get " + describe(e, w) + " found nothing after put";
      }
      String diff = difference(entities.type, e, w, read.get(), false);
      if (diff != null) {
        return "get " + describe(e, w) + ": " + diff;
      }
      String cold = coldRead(e, entities, target, w);
      if (cold != null) {
        return cold;
      }
    }
    if (version >= 0) {
      step[0] = "stale put";
      String stale = stalePut(entities, target, stored, r);
      if (stale != null) {
        return stale;
      }
    }
    step[0] = "scanAll";
    List<Object> scannedIds = new ArrayList<>();
    for (Object s : target.all()) {
      scannedIds.add(target.id(s));
    }
    List<Object> expectedIds = new ArrayList<>();
    for (Object[] w : stored) {
      expectedIds.add(target.id((PrimaryKey) invoke(entities.ofValues, null, keyValues(e, w)), w));
    }
    if (!scannedIds.equals(expectedIds)) {
      return "scanAll gave " + scannedIds + ", expected " + expectedIds;
    }
    step[0] = "pageAll";
    String paged = checkPages(target, target::pageAll, expectedIds, r, "pageAll");
    if (paged != null) {
      return paged;
    }
    for (Method scan : target.scans()) {
      for (int attempt = 0; attempt < 3; attempt++) {
        step[0] = scan.getName();
        String problem = checkScan(e, entities, target, scan, scanned, rows, r);
        if (problem != null) {
          return problem;
        }
      }
    }
    if (!e.indexes.isEmpty()) {
      step[0] = "index reads";
      String problem = checkIndexReads(e, entities, target, scanned, r);
      if (problem != null) {
        return problem;
      }
    }
    step[0] = "insert, update, putAll";
    String writes = insertUpdatePutAll(e, entities, target, written, rows, r, step);
    if (writes != null) {
      return writes;
    }
    step[0] = "delete";
    String deleted = deleteSome(e, entities, target, written, rows, r, step);
    if (deleted != null) {
      return deleted;
    }
    step[0] = "null key";
    return nullKeyRefused(e, entities, target, storeOrder(e, entities, written.values(), false), r);
  }

  /**
   * The repository's conditional and bulk writes. {@code insert} over a stored key and {@code
   * update} of a key never stored are refused ({@code CONDITION_FAILED}) and change nothing; an
   * {@code update} of a stored row (new attributes, the stored version), an {@code insert} of a new
   * row and a {@code putAll} of new rows and overwrites each read back as written (cold columns
   * too). The later steps (deletes, scans, index reads) then check the rows as they are now.
   */
  private static String insertUpdatePutAll(
      Entity e,
      Entities entities,
      Target target,
      Map<Object, Object[]> written,
      List<Object[]> rows,
      Random r,
      String[] step)
      throws Throwable {
    List<Object[]> stored = storeOrder(e, entities, written.values(), false);
    Object[] old = stored.get(r.nextInt(stored.size()));
    Object[] changed = redrawn(e, entities, old, r);
    step[0] = "insert over " + describe(e, old);
    String problem =
        refused(() -> target.insert(entities.build(changed)), "insert of a stored key");
    if (problem == null) {
      problem = readsAs(e, entities, target, old, "after a refused insert");
    }
    if (problem != null) {
      return problem;
    }
    step[0] = "update " + describe(e, changed);
    Object entity = entities.build(changed);
    Object[] now = written(e, entities, target, target.update(entity), entity, changed, written);
    problem = readsAs(e, entities, target, now, "after update");
    if (problem != null) {
      return problem;
    }
    rows.add(now);
    // a row never stored: update refused, insert written
    Object[] fresh = freshRow(e, entities, target, written, List.of(), r);
    if (fresh != null) {
      step[0] = "update of an absent " + describe(e, fresh);
      problem = refused(() -> target.update(entities.build(fresh)), "update of an absent key");
      if (problem == null && target.get(fresh).isPresent()) {
        problem = "update of an absent key " + describe(e, fresh) + " stored it";
      }
      if (problem != null) {
        return problem;
      }
      step[0] = "insert " + describe(e, fresh);
      Object inserted = entities.build(fresh);
      now = written(e, entities, target, target.insert(inserted), inserted, fresh, written);
      problem = readsAs(e, entities, target, now, "after insert");
      if (problem != null) {
        return problem;
      }
      rows.add(now);
    }
    // putAll: overwrites of stored rows and new rows, one entity per row
    List<Object[]> batch = new ArrayList<>();
    List<Object> ids = new ArrayList<>();
    for (int i = 1 + r.nextInt(4); i > 0; i--) {
      Object[] values;
      if (r.nextBoolean()) {
        Object[] o = stored.get(r.nextInt(stored.size()));
        values = redrawn(e, entities, written.get(target.id(keyOf(e, entities, o), o)), r);
      } else {
        values = freshRow(e, entities, target, written, ids, r);
      }
      if (values == null) {
        continue;
      }
      Object id = target.id(keyOf(e, entities, values), values);
      if (!ids.contains(id)) {
        ids.add(id);
        batch.add(values);
      }
    }
    List<Object> batchEntities = new ArrayList<>();
    for (Object[] values : batch) {
      batchEntities.add(entities.build(values));
    }
    step[0] = "putAll of " + batch.size();
    WRITES.increment();
    if (!target.putAll(batchEntities)) {
      return "putAll of " + batch.size() + " entities was not all acknowledged";
    }
    for (int i = 0; i < batch.size(); i++) {
      Object[] values = asStored(e, entities, batchEntities.get(i), batch.get(i));
      if (entities.version >= 0) {
        values[entities.version] = (Long) values[entities.version] + 1;
      }
      written.put(ids.get(i), values);
      rows.add(values);
      problem = readsAs(e, entities, target, values, "after putAll");
      if (problem != null) {
        return problem;
      }
    }
    return null;
  }

  private static PrimaryKey keyOf(Entity e, Entities entities, Object[] values) throws Throwable {
    return (PrimaryKey) invoke(entities.ofValues, null, keyValues(e, values));
  }

  /** The values with every attribute drawn again but the shard field (the period) and version. */
  private static Object[] redrawn(Entity e, Entities entities, Object[] values, Random r) {
    Object[] out = values.clone();
    for (int i = 0; i < out.length; i++) {
      Field f = e.fields.get(i);
      if (!f.key() && i != entities.shard && i != entities.version) {
        out[i] = RandomEntities.value(r, e, f, entities.enumType);
      }
    }
    return out;
  }

  /** New values whose row is neither stored nor among {@code taken}, version 0; null if none. */
  private static Object[] freshRow(
      Entity e,
      Entities entities,
      Target target,
      Map<Object, Object[]> written,
      List<Object> taken,
      Random r)
      throws Throwable {
    for (int attempt = 0; attempt < 5; attempt++) {
      Object[] values = new Object[e.fields.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = RandomEntities.value(r, e, e.fields.get(i), entities.enumType);
      }
      if (entities.version >= 0) {
        values[entities.version] = 0L;
      }
      Object id = target.id(keyOf(e, entities, values), values);
      if (!written.containsKey(id) && !taken.contains(id)) {
        return values;
      }
    }
    return null;
  }

  /** The values an entity built of {@code values} is stored with: as built, truncated. */
  private static Object[] asStored(Entity e, Entities entities, Object entity, Object[] values)
      throws Exception {
    Object[] out = e.record && e.extras ? entities.values(entity) : values.clone();
    for (int i = 0; i < out.length; i++) {
      out[i] = RandomEntities.truncated(e.fields.get(i), out[i]);
    }
    return out;
  }

  /** Records a write that returned {@code returned}: the values now stored (version moved on). */
  private static Object[] written(
      Entity e,
      Entities entities,
      Target target,
      Object returned,
      Object entity,
      Object[] values,
      Map<Object, Object[]> written)
      throws Throwable {
    WRITES.increment();
    Object[] now = asStored(e, entities, entity, values);
    if (entities.version >= 0) {
      now[entities.version] = (Long) now[entities.version] + 1;
      Object got = fieldValue(entities.type, e, entities.version, returned);
      if (!now[entities.version].equals(got)) {
        throw new AssertionError(
            "a write of version " + values[entities.version] + " returned version " + got);
      }
    }
    written.put(target.id(keyOf(e, entities, now), now), now);
    return now;
  }

  /** Null if the write is refused with a typed CONDITION_FAILED; else what happened. */
  private static String refused(java.util.concurrent.Callable<?> write, String what) {
    WRITES.increment();
    try {
      write.call();
      return what + " succeeded";
    } catch (dev.widekey.runtime.store.StoreException x) {
      return x.kind() == dev.widekey.runtime.store.ErrorKind.CONDITION_FAILED
          ? null
          : what + " failed with " + x.kind() + ": " + x.getMessage();
    } catch (Exception x) {
      return what + " failed with " + trace(x);
    }
  }

  /** Null if {@code get} (and {@code getWithCold}) read exactly these values. */
  private static String readsAs(
      Entity e, Entities entities, Target target, Object[] values, String when) throws Throwable {
    Optional<?> read = target.get(values);
    if (read.isEmpty()) {
      return "get " + describe(e, values) + " " + when + " found nothing";
    }
    String diff = difference(entities.type, e, values, read.get(), false);
    if (diff != null) {
      return "get " + describe(e, values) + " " + when + ": " + diff;
    }
    String cold = coldRead(e, entities, target, values);
    return cold == null ? null : cold + " " + when;
  }

  /**
   * Rows that expire (an entity with {@code ttlSeconds}): some time after the rows were written,
   * one of them is written again; past the others' time to live, only that one is left, for {@code
   * get} and {@code getWithCold} (reading it as written), {@code scanAll}, every scan, every page
   * and every index read; the others read as absent. Runs after {@link #behave}, on its store.
   */
  private static String expire(
      Entity e, Entities entities, Target target, MovingClock clock, Random r, String[] step)
      throws Throwable {
    if (e.ttlSeconds == null || e.ttlSeconds <= 0) {
      return null;
    }
    List<Object[]> before = new ArrayList<>();
    for (Object s : target.all()) {
      before.add(entities.values(s));
    }
    if (before.isEmpty()) {
      return null;
    }
    // the stored rows as read (transient fields as their defaults), not as written
    long ttl = e.ttlSeconds;
    clock.advance(java.time.Duration.ofSeconds(ttl / 2));
    Object[] kept = before.get(r.nextInt(before.size())).clone();
    step[0] = "put again before expiry " + describe(e, kept);
    Object[] values = kept.clone();
    Object entity = entities.build(values);
    target.put(entity);
    kept = asStored(e, entities, entity, values);
    if (entities.version >= 0) {
      kept[entities.version] = (Long) kept[entities.version] + 1;
    }
    Map<Object, Object[]> left = new HashMap<>();
    left.put(target.id(keyOf(e, entities, kept), kept), kept);
    // past the first writes' time to live, within the second's
    clock.advance(java.time.Duration.ofSeconds(ttl - ttl / 2 + 1));
    WRITES.increment();
    EXPIRIES.increment();
    step[0] = "reads after expiry";
    for (Object[] w : before) {
      Object id = target.id(keyOf(e, entities, w), w);
      Optional<?> read = target.get(w);
      if (!left.containsKey(id) && read.isPresent()) {
        return "get " + describe(e, w) + " found a row past its time to live: " + read.get();
      }
    }
    String problem = readsAs(e, entities, target, kept, "after the others expired");
    if (problem != null) {
      return problem;
    }
    List<Object> all = new ArrayList<>();
    for (Object s : target.all()) {
      all.add(target.id(s));
    }
    if (!all.equals(new ArrayList<>(left.keySet()))) {
      return "scanAll after expiry gave " + all + ", expected " + left.keySet();
    }
    List<Object[]> stored = storeOrder(e, entities, left.values(), true);
    for (Method scan : target.scans()) {
      step[0] = scan.getName() + " after expiry";
      problem = checkScan(e, entities, target, scan, stored, before, r);
      if (problem != null) {
        return problem + " (after expiry)";
      }
    }
    if (!e.indexes.isEmpty()) {
      step[0] = "index reads after expiry";
      problem = checkIndexReads(e, entities, target, stored, r);
      if (problem != null) {
        return problem + " (after expiry)";
      }
    }
    return null;
  }

  /** {@code getWithCold} of a stored row, where the entity has cold columns, reads every field. */
  private static String coldRead(Entity e, Entities entities, Target target, Object[] w)
      throws Throwable {
    if (target.getWithCold == null) {
      return null;
    }
    Optional<?> read = target.getWithCold(w);
    COLD_READS.increment();
    if (read.isEmpty()) {
      return "getWithCold " + describe(e, w) + " found nothing after put";
    }
    String diff = difference(entities.type, e, w, read.get(), true);
    return diff == null ? null : "getWithCold " + describe(e, w) + ": " + diff;
  }

  /**
   * Deletes some stored rows (never all) through the repository's {@code delete}: each is gone for
   * {@code get} and {@code getWithCold}, the others read as written (cold columns too), and {@code
   * scanAll}, every scan and every index read return exactly the rows left. Then one deleted row is
   * written again (a versioned one as a new row, version 0) and reads back.
   */
  private static String deleteSome(
      Entity e,
      Entities entities,
      Target target,
      Map<Object, Object[]> written,
      List<Object[]> rows,
      Random r,
      String[] step)
      throws Throwable {
    List<Object[]> before = storeOrder(e, entities, written.values(), false);
    if (before.size() < 2) {
      return null;
    }
    List<Object[]> gone = new ArrayList<>();
    for (Object[] w : before) {
      if (gone.size() + 1 < before.size() && (gone.isEmpty() || r.nextInt(3) == 0)) {
        gone.add(w);
      }
    }
    for (Object[] w : gone) {
      step[0] = "delete " + describe(e, w);
      target.delete(w);
      DELETES.increment();
      written.remove(target.id((PrimaryKey) invoke(entities.ofValues, null, keyValues(e, w)), w));
    }
    for (Object[] w : gone) {
      step[0] = "get after delete " + describe(e, w);
      if (target.get(w).isPresent()) {
        return "get " + describe(e, w) + " found a row after its delete";
      }
      if (target.getWithCold != null && target.getWithCold(w).isPresent()) {
        return "getWithCold " + describe(e, w) + " found a row after its delete";
      }
    }
    List<Object[]> left = storeOrder(e, entities, written.values(), false);
    for (Object[] w : left) {
      step[0] = "get after deletes " + describe(e, w);
      Optional<?> read = target.get(w);
      if (read.isEmpty()) {
        return "get " + describe(e, w) + " found nothing after another row's delete";
      }
      String diff = difference(entities.type, e, w, read.get(), false);
      String cold = diff == null ? coldRead(e, entities, target, w) : null;
      if (diff != null || cold != null) {
        return "after deletes: get " + describe(e, w) + ": " + (diff != null ? diff : cold);
      }
    }
    step[0] = "scanAll after deletes";
    List<Object> scannedIds = new ArrayList<>();
    for (Object s : target.all()) {
      scannedIds.add(target.id(s));
    }
    List<Object> expectedIds = new ArrayList<>();
    for (Object[] w : left) {
      expectedIds.add(target.id((PrimaryKey) invoke(entities.ofValues, null, keyValues(e, w)), w));
    }
    if (!scannedIds.equals(expectedIds)) {
      return "after deletes: scanAll gave " + scannedIds + ", expected " + expectedIds;
    }
    List<Object[]> scanned = storeOrder(e, entities, written.values(), true);
    for (Method scan : target.scans()) {
      step[0] = scan.getName() + " after deletes";
      String problem = checkScan(e, entities, target, scan, scanned, rows, r);
      if (problem != null) {
        return "after deletes: " + problem;
      }
    }
    if (!e.indexes.isEmpty()) {
      step[0] = "index reads after deletes";
      String problem = checkIndexReads(e, entities, target, scanned, r);
      if (problem != null) {
        return "after deletes: " + problem;
      }
    }
    Object[] again = gone.get(r.nextInt(gone.size())).clone();
    if (entities.version >= 0) {
      again[entities.version] = 0L; // a new row again
    }
    step[0] = "put after delete " + describe(e, again);
    target.put(entities.build(again));
    if (entities.version >= 0) {
      again[entities.version] = 1L;
    }
    Optional<?> read = target.get(again);
    if (read.isEmpty()) {
      return "get " + describe(e, again) + " found nothing after its delete and put";
    }
    String diff = difference(entities.type, e, again, read.get(), false);
    String cold = diff == null ? coldRead(e, entities, target, again) : null;
    if (diff != null || cold != null) {
      return "put after delete: get " + describe(e, again) + ": " + (diff != null ? diff : cold);
    }
    written.put(
        target.id((PrimaryKey) invoke(entities.ofValues, null, keyValues(e, again)), again), again);
    return null;
  }

  /**
   * Reads through each index by a value of its first column that a stored entity holds (and now and
   * then by one none holds): the entities returned are exactly the stored ones with that value and
   * no null indexed value (a sparse index), each once.
   */
  private static String checkIndexReads(
      Entity e, Entities entities, Target target, List<Object[]> stored, Random r)
      throws Throwable {
    if (stored.isEmpty()) {
      return null;
    }
    for (RandomEntities.IndexDecl index : e.indexes) {
      StringBuilder accessor = new StringBuilder();
      for (String word : index.name().split("_")) {
        if (!word.isEmpty()) {
          accessor.append(
              accessor.length() == 0
                  ? word
                  : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
      }
      Object view = target.repo().getClass().getMethod(accessor.toString()).invoke(target.repo());
      String firstName = index.columns().get(0);
      int first = -1;
      for (int i = 0; i < e.fields.size(); i++) {
        if (e.fields.get(i).name.equals(firstName)) {
          first = i;
        }
      }
      String method =
          "scanBy" + Character.toUpperCase(firstName.charAt(0)) + firstName.substring(1);
      // a sharded repository's index reads take a time window after the value
      int trailing = e.shardBy == null ? 0 : 2;
      Method scan = null;
      for (Method m : view.getClass().getMethods()) {
        if (m.getName().equals(method) && m.getParameterCount() == 1 + trailing) {
          scan = m;
        }
      }
      if (scan == null) {
        return "index " + index.name() + " has no " + method + "(value)";
      }
      Object value = stored.get(r.nextInt(stored.size()))[first];
      if (value == null) {
        continue;
      }
      Object[] window = target.window(stored, r);
      Object[] args = new Object[1 + trailing];
      args[0] = value;
      System.arraycopy(window, 0, args, 1, trailing);
      List<Object> expected = new ArrayList<>();
      for (Object[] w : stored) {
        boolean indexed = true;
        for (String column : index.columns()) {
          for (int i = 0; i < e.fields.size(); i++) {
            if (e.fields.get(i).name.equals(column) && w[i] == null) {
              indexed = false;
            }
          }
        }
        Field column = e.fields.get(first);
        if (indexed
            && RandomEntities.deepEquals(
                RandomEntities.millis(column, value), RandomEntities.millis(column, w[first]))
            && target.inWindow(w, window)) {
          expected.add(target.id((PrimaryKey) invoke(entities.ofValues, null, keyValues(e, w)), w));
        }
      }
      List<Object> got = new ArrayList<>();
      List<?> read;
      try (Stream<?> s = (Stream<?>) invoke(scan, view, args)) {
        read = s.toList();
      }
      for (Object entity : read) {
        got.add(target.id(entity));
      }
      if (got.size() != new java.util.HashSet<>(got).size()
          || !new java.util.HashSet<>(got).equals(new java.util.HashSet<>(expected))) {
        return "index "
            + index.name()
            + " read by "
            + firstName
            + " = "
            + value
            + (trailing == 0 ? "" : " in " + show(window))
            + " gave "
            + got
            + ", expected "
            + expected;
      }
    }
    return null;
  }

  /**
   * Stored rows in the order a scan returns them: by key as stored (or, {@code logical}, for a
   * bucketed key, as its merged scans order it: as stored after the bucket number), then by period
   * table.
   */
  static List<Object[]> storeOrder(
      Entity e, Entities entities, java.util.Collection<Object[]> rows, boolean logical)
      throws Throwable {
    Map<Object[], PrimaryKey> keys = new java.util.IdentityHashMap<>();
    for (Object[] w : rows) {
      keys.put(w, (PrimaryKey) invoke(entities.ofValues, null, keyValues(e, w)));
    }
    int strip =
        logical
            ? e.fields.stream()
                .filter(f -> f.key() && f.buckets != null)
                .mapToInt(f -> KeyBuckets.width(f.buckets))
                .findFirst()
                .orElse(0)
            : 0;
    List<Object[]> out = new ArrayList<>(rows);
    out.sort(
        (a, b) -> {
          int c = withoutBucket(keys.get(a), strip).compareTo(withoutBucket(keys.get(b), strip));
          return c != 0 || entities.shard < 0
              ? c
              : entities.shardOf(a).compareTo(entities.shardOf(b));
        });
    return out;
  }

  /** The key with the first {@code width} characters of its first column (the bucket) cut off. */
  private static PrimaryKey withoutBucket(PrimaryKey key, int width) {
    if (width == 0) {
      return key;
    }
    List<PkValue> values = new ArrayList<>();
    for (int i = 0; i < key.size(); i++) {
      values.add(i == 0 ? PkValue.ofString(key.get(0).asString().substring(width)) : key.get(i));
    }
    return PrimaryKey.of(values);
  }

  /**
   * A key component set to null is refused with WK111 (a null shard value with WK210) before
   * anything is written.
   */
  private static String nullKeyRefused(
      Entity e, Entities entities, Target target, List<Object[]> stored, Random r)
      throws Throwable {
    List<Integer> nullable = new ArrayList<>();
    for (int i = 0; i < e.fields.size(); i++) {
      Field f = e.fields.get(i);
      boolean key = f.key() && !f.type.primitive();
      boolean refusedByConstructor = e.record && e.extras && key;
      // a record that refuses null key components in its constructor never gets that far
      if (!refusedByConstructor && (key || i == entities.shard)) {
        nullable.add(i);
      }
    }
    if (nullable.isEmpty()) {
      return null;
    }
    int i = nullable.get(r.nextInt(nullable.size()));
    Object[] values = stored.get(r.nextInt(stored.size())).clone();
    values[i] = null;
    String rule = i == entities.shard ? "WK210" : "WK111";
    int before = target.all().size();
    try {
      target.put(entities.build(values));
      return "put with " + e.fields.get(i).name + " = null succeeded";
    } catch (RuleViolationException x) {
      if (!x.rule().equals(rule)) {
        return "put with " + e.fields.get(i).name + " = null: " + x.rule() + ", not " + rule;
      }
    }
    int after = target.all().size();
    return after == before ? null : "a refused put with a null key wrote a row";
  }

  /** A put with a version other than the stored one fails and writes nothing. */
  private static String stalePut(Entities entities, Target target, List<Object[]> stored, Random r)
      throws Throwable {
    int version = entities.version;
    Object[] values = stored.get(r.nextInt(stored.size())).clone();
    long was = (Long) values[version];
    values[version] = r.nextBoolean() ? was + 1 + r.nextInt(3) : was - 1;
    try {
      target.put(entities.build(values));
      return "put of stale version " + values[version] + " over " + was + " succeeded";
    } catch (RuntimeException x) {
      if (!x.getClass().getSimpleName().equals("VersionConflictException")) {
        return "put of stale version " + values[version] + ": " + trace(x);
      }
    }
    Object read = target.get(values).orElseThrow();
    Object got = fieldValue(entities.type, entities.e, version, read);
    return Long.valueOf(was).equals(got)
        ? null
        : "a refused put changed the stored version " + was + " to " + got;
  }

  /**
   * Calls one generated scan with random bounds and checks that it returns exactly the stored rows
   * it promises, in order. The method's name tells its shape: {@code scanByAAndB(a, b)} fixes the
   * leading key values (a proper prefix of a spliced partition key, or the whole partition key and
   * leading key columns), {@code scanByAAndBBetween(a, from, to)} also bounds b in [from, to); a
   * sharded repository's scans take a time window {@code since, until} after those.
   */
  private static String checkScan(
      Entity e,
      Entities entities,
      Target target,
      Method scan,
      List<Object[]> stored,
      List<Object[]> rows,
      Random r)
      throws Throwable {
    List<Field> keyFields = e.keyFields();
    Class<?> enumType = entities.enumType;
    // a ...Descending twin returns the same rows, greatest key first
    boolean descending = scan.getName().endsWith("Descending");
    String name =
        descending
            ? scan.getName().substring(0, scan.getName().length() - "Descending".length())
            : scan.getName();
    if (name.endsWith("After")) {
      return null; // the next page of a bucketed merged scan: BucketTest checks the paging
    }
    int trailing = e.shardBy == null ? 0 : 2; // since, until
    int n = scan.getParameterCount() - trailing;
    // a bucketed merged scan also comes with a trailing limit
    boolean limited =
        n >= 3
            && scan.getParameterTypes()[n - 1] == long.class
            && n - 2 <= keyFields.size()
            && name.equals(scanName(keyFields.subList(0, n - 2), "Between"));
    Class<?>[] types = scan.getParameterTypes();
    // a ...Within scan takes a Bounds (and a bucketed one a trailing limit too)
    boolean withinLimited =
        n >= 2
            && types[n - 1] == long.class
            && types[n - 2] == Bounds.class
            && n - 1 <= keyFields.size()
            && name.equals(scanName(keyFields.subList(0, n - 1), "Within"));
    boolean within =
        withinLimited
            || n >= 1
                && types[n - 1] == Bounds.class
                && n <= keyFields.size()
                && name.equals(scanName(keyFields.subList(0, n), "Within"));
    limited |= withinLimited;
    int fixed;
    boolean between;
    if (within) {
      fixed = withinLimited ? n - 2 : n - 1;
      between = true;
    } else if (limited) {
      fixed = n - 3;
      between = true;
    } else if (n <= keyFields.size() && name.equals(scanName(keyFields.subList(0, n), ""))) {
      fixed = n;
      between = false;
    } else if (n >= 2
        && n - 1 <= keyFields.size()
        && name.equals(scanName(keyFields.subList(0, n - 1), "Between"))) {
      fixed = n - 2;
      between = true;
    } else {
      return "unexpected scan method " + scan;
    }
    int boundAt = within ? fixed : limited ? n - 3 : n - 2; // where from and to go
    Object[] reference = pickRow(e, rows, enumType, r);
    Object[] args = new Object[n + trailing];
    Object[] refKey = keyValues(e, reference);
    System.arraycopy(refKey, 0, args, 0, fixed);
    Object from = null;
    Object to = null;
    Bounds<Object> bounds = null;
    if (between) {
      Field column = keyFields.get(fixed);
      from = keyValues(e, pickRow(e, rows, enumType, r))[fixed];
      to = r.nextInt(4) == 0 ? from : keyValues(e, pickRow(e, rows, enumType, r))[fixed];
      // bounds finer than the milliseconds a time key holds, as Instant.now() is; a padded
      // column's only earlier (a bound past its width is refused, whatever its milliseconds)
      boolean later = column.padWidth == null;
      from = r.nextInt(4) == 0 ? finerThanMillis(from, later, r) : from;
      to = r.nextInt(4) == 0 ? finerThanMillis(to, later, r) : to;
      if (RandomEntities.compareKeyValue(from, to) > 0) {
        Object t = from;
        from = to;
        to = t;
      }
      if (within) {
        bounds = randomBounds(from, to, r);
        args[boundAt] = bounds;
      } else {
        args[boundAt] = from;
        args[boundAt + 1] = to;
      }
      if (column.type == RandomEntities.Type.ENUM) {
        return "a Between scan over enum column " + column.name;
      }
    }
    Object[] window = target.window(stored, r);
    System.arraycopy(window, 0, args, n, trailing);
    List<Object> expected = new ArrayList<>();
    for (Object[] w : stored) {
      Object[] k = keyValues(e, w);
      boolean match = target.inWindow(w, window);
      for (int i = 0; i < fixed && match; i++) {
        // an argument finer than a @TruncatedToMillis key is truncated as the stored keys were
        match =
            RandomEntities.deepEquals(k[i], RandomEntities.truncated(keyFields.get(i), args[i]));
      }
      if (match && bounds != null) {
        match = withinBounds(bounds, k[fixed]);
      } else if (match && between) {
        // [from, to) in values, also over a descending column
        match =
            RandomEntities.compareKeyValue(from, k[fixed]) <= 0
                && RandomEntities.compareKeyValue(k[fixed], to) < 0;
      }
      if (match) {
        expected.add(target.id((PrimaryKey) invoke(entities.ofValues, null, k), w));
      }
    }
    if (descending) {
      java.util.Collections.reverse(expected);
    }
    if (limited) {
      long limit = r.nextInt(expected.size() + 2);
      args[n - 1] = limit;
      expected = new ArrayList<>(expected.subList(0, (int) Math.min(limit, expected.size())));
    }
    List<Object> got = new ArrayList<>();
    try (Stream<?> found = (Stream<?>) invoke(scan, target.scanTarget(), args)) {
      for (Object row : found.toList()) {
        got.add(target.id(row));
      }
    }
    SCANS.increment();
    SCANNED_ROWS.add(got.size());
    if (!got.equals(expected)) {
      List<Object> all = new ArrayList<>();
      for (Object[] w : stored) {
        all.add(target.id((PrimaryKey) invoke(entities.ofValues, null, keyValues(e, w)), w));
      }
      return scan.getName()
          + show(args)
          + " gave "
          + got
          + ", expected "
          + expected
          + " of the rows "
          + all;
    }
    // the scan's page twin (pageBy…, same parameters and a PageRequest) reads the same rows
    // (one attempt in three: pages cost a read each, and the default suite keeps its time)
    Method page = limited || r.nextInt(3) != 0 ? null : pageTwin(target, scan);
    if (page != null) {
      return checkPages(
          target,
          request -> {
            Object[] withRequest = java.util.Arrays.copyOf(args, args.length + 1);
            withRequest[args.length] = request;
            try {
              return (jakarta.data.page.CursoredPage<?>)
                  invoke(page, target.scanTarget(), withRequest);
            } catch (RuntimeException | Error x) {
              throw x;
            } catch (Throwable x) {
              throw new IllegalStateException(x);
            }
          },
          expected,
          r,
          page.getName() + show(args));
    }
    return null;
  }

  /** {@code pageByX(…, PageRequest)} for {@code scanByX(…)}, if the repository has one. */
  private static Method pageTwin(Target target, Method scan) {
    String name = "page" + scan.getName().substring("scan".length());
    Class<?>[] types =
        java.util.Arrays.copyOf(scan.getParameterTypes(), scan.getParameterCount() + 1);
    types[types.length - 1] = jakarta.data.page.PageRequest.class;
    try {
      return target.scanTarget().getClass().getMethod(name, types);
    } catch (NoSuchMethodException none) {
      return null;
    }
  }

  /**
   * Reads every page from the first on (random sizes, each next page by the token of the one
   * before) and compares the rows' ids with {@code expected}.
   */
  private static String checkPages(
      Target target,
      java.util.function.Function<jakarta.data.page.PageRequest, jakarta.data.page.CursoredPage<?>>
          page,
      List<Object> expected,
      Random r,
      String what)
      throws Throwable {
    List<Object> got = new ArrayList<>();
    jakarta.data.page.PageRequest request = jakarta.data.page.PageRequest.ofSize(1 + r.nextInt(4));
    for (int n = 0; ; n++) {
      jakarta.data.page.CursoredPage<?> p = page.apply(request);
      PAGES.increment();
      if (p.numberOfElements() > request.size()) {
        return what + ": " + p.numberOfElements() + " rows on a page of " + request.size();
      }
      for (Object row : p.content()) {
        got.add(target.id(row));
      }
      if (!p.hasNext()) {
        break;
      }
      if (n > expected.size() + 1) {
        return what + ": more pages than rows, after " + got;
      }
      request = p.nextPageRequest();
      if (r.nextBoolean()) {
        // another page size for the next page, as a client may ask
        request =
            jakarta.data.page.PageRequest.afterCursor(
                request.cursor().orElseThrow(), n + 2, 1 + r.nextInt(4), false);
      }
    }
    return got.equals(expected) ? null : what + " pages gave " + got + ", expected " + expected;
  }

  /** Bounds of a random shape over {@code from <= to}: each side inclusive, exclusive or open. */
  private static Bounds<Object> randomBounds(Object from, Object to, Random r) {
    return switch (r.nextInt(8)) {
      case 0 -> Bounds.between(from, to);
      case 1 -> Bounds.closed(from, to);
      case 2 -> Bounds.open(from, to);
      case 3 -> Bounds.greaterThan(from);
      case 4 -> Bounds.atLeast(from);
      case 5 -> Bounds.lessThan(to);
      case 6 -> Bounds.atMost(to);
      default -> Bounds.greaterThan(from).andAtMost(to);
    };
  }

  /** Whether key value {@code v} lies within {@code b}, compared as values. */
  private static boolean withinBounds(Bounds<Object> b, Object v) {
    if (b.lower() != null) {
      int c = RandomEntities.compareKeyValue(v, b.lower());
      if (c < 0 || c == 0 && !b.lowerInclusive()) {
        return false;
      }
    }
    if (b.upper() != null) {
      int c = RandomEntities.compareKeyValue(v, b.upper());
      return c < 0 || c == 0 && b.upperInclusive();
    }
    return true;
  }

  /**
   * A written row mostly, a fresh random one sometimes (whose values are likely stored nowhere).
   */
  private static Object[] pickRow(Entity e, List<Object[]> rows, Class<?> enumType, Random r) {
    if (r.nextInt(4) > 0) {
      return rows.get(r.nextInt(rows.size()));
    }
    Object[] values = new Object[e.fields.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = RandomEntities.value(r, e, e.fields.get(i), enumType);
    }
    return values;
  }

  /**
   * The generated scan's name over these leading key fields, as {@code GeneratedNames} builds it.
   */
  private static String scanName(List<Field> named, String suffix) {
    StringBuilder s = new StringBuilder("scanBy");
    for (int i = 0; i < named.size(); i++) {
      if (i > 0) {
        s.append("And");
      }
      String n = named.get(i).name;
      s.append(Character.toUpperCase(n.charAt(0))).append(n, 1, n.length());
    }
    return s.append(suffix).toString();
  }

  private static Object fieldValue(Class<?> type, Entity e, int index, Object entity)
      throws Exception {
    java.lang.reflect.Field f = type.getDeclaredField(e.fields.get(index).name);
    f.setAccessible(true);
    return f.get(entity);
  }

  static Object invoke(Method m, Object target, Object... args) throws Throwable {
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException x) {
      throw x.getCause();
    }
  }

  private static Object construct(Class<?> type, Entity e, Object[] values) throws Exception {
    if (e.record || e.allArgs) {
      // a class's all-args constructor takes the stored fields only
      List<Class<?>> types = new ArrayList<>();
      List<Object> args = new ArrayList<>();
      for (int i = 0; i < e.fields.size(); i++) {
        if (e.record || !e.fields.get(i).transientField) {
          types.add(type.getDeclaredField(e.fields.get(i).name).getType());
          args.add(values[i]);
        }
      }
      Constructor<?> c = type.getDeclaredConstructor(types.toArray(new Class<?>[0]));
      return c.newInstance(args.toArray());
    }
    Object entity = type.getConstructor().newInstance();
    for (int i = 0; i < values.length; i++) {
      java.lang.reflect.Field f = type.getDeclaredField(e.fields.get(i).name);
      f.setAccessible(true);
      if (values[i] != null || !f.getType().isPrimitive()) {
        f.set(entity, values[i]);
      }
    }
    return entity;
  }

  /** The first field read back otherwise than written; cold ones only {@code withCold}. */
  static String difference(Class<?> type, Entity e, Object[] values, Object read, boolean withCold)
      throws Exception {
    for (int i = 0; i < values.length; i++) {
      java.lang.reflect.Field f = type.getDeclaredField(e.fields.get(i).name);
      f.setAccessible(true);
      Object got = f.get(read);
      Field spec = e.fields.get(i);
      // cold columns are read only on demand (getWithCold); a transient field is read back as
      // its type's default
      Object expected =
          spec.transientField
              ? java.lang.reflect.Array.get(java.lang.reflect.Array.newInstance(f.getType(), 1), 0)
              : spec.cold && !spec.key() && !withCold ? got : values[i];
      if (!RandomEntities.deepEquals(got, expected)) {
        return spec.name
            + " read back as "
            + RandomEntities.show(got)
            + ", written "
            + RandomEntities.show(expected);
      }
    }
    return null;
  }

  static Object[] keyValues(Entity e, Object[] values) {
    List<Field> keyFields = e.keyFields();
    Object[] out = new Object[keyFields.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = values[e.fields.indexOf(keyFields.get(i))];
    }
    return out;
  }

  /** Key values in stored order: value by value, a descending column's reversed. */
  private static int compareTuples(Entity e, Object[] a, Object[] b) {
    List<Field> keyFields = e.keyFields();
    for (int i = 0; i < a.length; i++) {
      int c = RandomEntities.compareKeyValue(a[i], b[i]);
      if (c != 0) {
        return keyFields.get(i).descending ? -c : c;
      }
    }
    return 0;
  }

  private static String show(Object[] values) {
    List<String> parts = new ArrayList<>();
    for (Object v : values) {
      parts.add(RandomEntities.show(v));
    }
    return parts.toString();
  }

  static String describe(Entity e, Object[] values) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      parts.add(e.fields.get(i).name + "=" + RandomEntities.show(values[i]));
    }
    return parts.toString();
  }

  static String trace(Throwable t) {
    StringBuilder s = new StringBuilder(String.valueOf(t));
    StackTraceElement[] frames = t.getStackTrace();
    for (int i = 0; i < Math.min(4, frames.length); i++) {
      s.append("\n    at ").append(frames[i]);
    }
    return s.toString();
  }
}
