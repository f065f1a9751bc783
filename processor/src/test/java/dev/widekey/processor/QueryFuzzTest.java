package dev.widekey.processor;

import static com.google.common.truth.Truth.assertWithMessage;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.core.Rule;
import dev.widekey.core.RuleDocs;
import dev.widekey.processor.RandomEntities.Entity;
import dev.widekey.processor.RandomEntities.Field;
import dev.widekey.processor.RandomEntities.Nesting;
import dev.widekey.processor.RandomEntities.Type;
import dev.widekey.processor.query.QueryMessages;
import dev.widekey.runtime.store.fault.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Query interfaces over the entity fuzzer's random entities (seeded, the seed printed on failure):
 * over every accepted entity, equality on each leftmost prefix of its key that fixes the whole
 * partition key compiles (over a {@code @TimeSharded} entity with the window {@code since, until}
 * last, the whole key left out: a point read); a query skipping the leading component is WK307,
 * with the message that names it. Over a refused entity, the interfaces add no error of their own.
 * The same prefixes with a {@code Limit} and as {@code CursoredPage}s compile or are refused with
 * WK rules only. Then every accepted entity's queries run on the embedded store over random rows
 * and must answer as a model of the written values does ({@link QueryModelRun}). 30 entities by
 * default; {@code -Dwidekey.fuzz.queryEntities=N} for more.
 */
class QueryFuzzTest {
  @RegisterExtension final Seeds seeds = new Seeds();

  private static final Map<Type, String> PARAMETER_TYPES =
      Map.ofEntries(
          Map.entry(Type.STRING, "java.lang.String"),
          Map.entry(Type.LONG, "long"),
          Map.entry(Type.LONG_BOX, "java.lang.Long"),
          Map.entry(Type.INT, "int"),
          Map.entry(Type.INT_BOX, "java.lang.Integer"),
          Map.entry(Type.SHORT, "short"),
          Map.entry(Type.SHORT_BOX, "java.lang.Short"),
          Map.entry(Type.BYTE, "byte"),
          Map.entry(Type.BYTE_BOX, "java.lang.Byte"),
          Map.entry(Type.BYTES, "byte[]"),
          Map.entry(Type.UUID_, "java.util.UUID"),
          Map.entry(Type.INSTANT, "java.time.Instant"),
          Map.entry(Type.LOCAL_DATE, "java.time.LocalDate"),
          Map.entry(Type.LOCAL_DATE_TIME, "java.time.LocalDateTime"),
          Map.entry(Type.OFFSET_DATE_TIME, "java.time.OffsetDateTime"),
          Map.entry(Type.ZONED_DATE_TIME, "java.time.ZonedDateTime"));

  @Test
  void leftmostPrefixesCompileAndSkippingTheLeadingComponentIsWk307() {
    long seed = seeds.seed();
    Random random = new Random(seed);
    List<Entity> entities = new ArrayList<>();
    // a longer search: -Dwidekey.fuzz.queryEntities=300 (and -Dwidekey.seed=N to repeat one)
    int count = Integer.getInteger("widekey.fuzz.queryEntities", 30);
    for (int i = 0; entities.size() < count && i < 10 * count; i++) {
      Entity e = RandomEntities.entity(random, "qfz" + i, "qfz_" + i);
      List<Field> key = e.keyFields();
      if (e.nesting == Nesting.TOP_LEVEL
          && !key.isEmpty()
          && key.stream().allMatch(f -> PARAMETER_TYPES.containsKey(f.type))) {
        entities.add(e);
      }
    }
    List<JavaFileObject> files = new ArrayList<>();
    for (Entity e : entities) {
      for (String[] f : e.files()) {
        files.add(JavaFileObjects.forSourceString(f[0], f[1]));
      }
      files.add(JavaFileObjects.forSourceString(e.qualified("FuzzQueries"), queries(e)));
      files.add(JavaFileObjects.forSourceString(e.qualified("FuzzSkips"), skips(e)));
      files.add(JavaFileObjects.forSourceString(e.qualified("FuzzExtras"), extras(e)));
    }
    Compilation c = compile(files);
    List<Entity> accepted = new ArrayList<>();
    java.util.Set<Entity> withExtras = new java.util.HashSet<>();
    for (Entity e : entities) {
      String where =
          "seed " + seed + " entity " + e.qualifiedName() + "\n" + e.source() + "\n" + all(c, e);
      List<String> own = errors(c, e, null);
      List<String> good = errors(c, e, "FuzzQueries");
      List<String> skip = errors(c, e, "FuzzSkips");
      if (!own.isEmpty()) {
        // a refused entity: its own errors say why; its query interfaces add none
        assertWithMessage(where).that(good).isEmpty();
        assertWithMessage(where).that(skip).isEmpty();
        continue;
      }
      accepted.add(e);
      assertWithMessage(where).that(good).isEmpty();
      // limits and pages over the same prefixes: a design may refuse them, with its rule only
      List<String> extra = errors(c, e, "FuzzExtras");
      for (String x : extra) {
        assertWithMessage(where).that(x).matches("(?s)WK\\d{3}: .*");
      }
      if (extra.isEmpty()) {
        withExtras.add(e);
      }
      List<Field> key = e.keyFields();
      String refusal =
          QueryMessages.notLeftmostPrefix(
              "skip",
              key.get(0).name,
              key.stream().map(f -> f.name).toList(),
              key.size() > 1 ? List.of(key.get(1).name) : List.of());
      String link = "\n  See " + RuleDocs.link(RuleDocs.DEFAULT_BASE_URL, Rule.WK307);
      if (!e.source().contains("@Index(")) {
        assertWithMessage(where).that(skip).containsExactly(refusal + link);
      } else if (!skip.isEmpty()) {
        // the primary key's refusal, then each index's reason (or an index serves the read)
        assertWithMessage(where).that(skip).hasSize(1);
        assertWithMessage(where)
            .that(
                skip.get(0).equals(refusal + link)
                    || (skip.get(0).startsWith(refusal + " No index")
                        && skip.get(0).endsWith(link)))
            .isTrue();
      }
    }
    assertWithMessage("seed " + seed + ": some entities accepted").that(accepted).isNotEmpty();
    // the accepted entities' valid queries alone compile, implementations included
    List<JavaFileObject> good = new ArrayList<>();
    for (Entity e : accepted) {
      for (String[] f : e.files()) {
        if (!f[0].endsWith("StrayShards")) {
          good.add(JavaFileObjects.forSourceString(f[0], f[1]));
        }
      }
      good.add(JavaFileObjects.forSourceString(e.qualified("FuzzQueries"), queries(e)));
      if (withExtras.contains(e)) {
        good.add(JavaFileObjects.forSourceString(e.qualified("FuzzExtras"), extras(e)));
      }
    }
    Compilation ok = compile(good);
    assertWithMessage("seed " + seed + ": " + ok.errors()).that(ok.errors()).isEmpty();
    for (Entity e : accepted) {
      String impl = "/" + e.qualified("FuzzQueries_").replace('.', '/') + ".java";
      assertWithMessage("seed " + seed + " " + impl)
          .that(ok.generatedSourceFiles().stream().map(JavaFileObject::getName).toList())
          .contains("/SOURCE_OUTPUT" + impl);
    }
    // and they read what a model of the stored rows says, on the embedded store
    GeneratedClassLoader loader = new GeneratedClassLoader(ok, false);
    for (Entity e : accepted) {
      String problem =
          QueryModelRun.run(
              e, loader, withExtras.contains(e), new Random(seed ^ e.name.hashCode()));
      assertWithMessage("seed " + seed + " entity " + e.qualifiedName() + "\n" + e.source())
          .that(problem)
          .isNull();
    }
    QueryModelRun.report(seed);
  }

  private static Compilation compile(List<JavaFileObject> files) {
    return Compiler.javac()
        .withProcessors(new WidekeyProcessor())
        .withOptions("-Xlint:-processing", "-Xmaxerrs", "100000")
        .compile(files);
  }

  /** The errors in the entity's file ({@code iface} null) or in one of its query interfaces. */
  private static List<String> errors(Compilation c, Entity e, String iface) {
    return c.errors().stream()
        .filter(d -> d.getSource() != null && file(d.getSource(), e) != null)
        .filter(
            d -> {
              String file = file(d.getSource(), e);
              // the entity's own file: a stray @TimeSharded class beside it is its own error
              return file.equals((iface == null ? e.name : iface) + ".java");
            })
        .map(d -> d.getMessage(Locale.ROOT))
        .collect(Collectors.toList());
  }

  /** Every diagnostic of the entity's package, for a failure message. */
  private static String all(Compilation c, Entity e) {
    return c.diagnostics().stream()
        .filter(d -> d.getSource() == null || file(d.getSource(), e) != null)
        .map(d -> d.getKind() + " " + d.getMessage(Locale.ROOT))
        .collect(Collectors.joining("\n"));
  }

  /** The file's name if it lies in the entity's package ({@code qfz3/Foo.java}), else null. */
  private static String file(JavaFileObject f, Entity e) {
    String name = f.getName().replaceFirst("^/", "");
    String dir = e.pkg.isEmpty() ? "" : e.pkg.replace('.', '/') + "/";
    String rest = name.startsWith(dir) ? name.substring(dir.length()) : null;
    return rest == null || rest.contains("/") ? null : rest;
  }

  private static String header(Entity e) {
    return (e.pkg.isEmpty() ? "" : "package " + e.pkg + ";\n")
        + "@jakarta.data.repository.Repository\n";
  }

  /** Equality on each leftmost prefix fixing the partition key; the whole key as an Optional. */
  private static String queries(Entity e) {
    String type = e.qualifiedName();
    List<Field> key = e.keyFields();
    long partition = key.stream().filter(f -> f.role == RandomEntities.Role.PARTITION).count();
    // the entity from the supertype: a sharded entity keyed by its partition alone has no method
    StringBuilder s =
        new StringBuilder(header(e))
            .append("public interface FuzzQueries extends jakarta.data.repository.DataRepository<")
            .append(type)
            .append(", Object> {\n");
    for (int k = (int) partition; k <= key.size(); k++) {
      if (sharded(e) && k == key.size()) {
        continue; // the whole key of period tables: a point read, not a scan over a window
      }
      s.append("  @jakarta.data.repository.Find java.util.stream.Stream<")
          .append(type)
          .append("> prefix")
          .append(k)
          .append('(')
          .append(window(e, parameters(key.subList(0, k))))
          .append(");\n");
    }
    if (!sharded(e)) {
      s.append("  @jakarta.data.repository.Find java.util.Optional<")
          .append(type)
          .append("> one(")
          .append(parameters(key))
          .append(");\n");
    }
    return s.append("}\n").toString();
  }

  /**
   * The prefixes of {@link #queries} again, each with a {@code Limit} and as a {@code CursoredPage}
   * (a design may refuse pages, with its rule).
   */
  private static String extras(Entity e) {
    String type = e.qualifiedName();
    List<Field> key = e.keyFields();
    long partition = key.stream().filter(f -> f.role == RandomEntities.Role.PARTITION).count();
    StringBuilder s =
        new StringBuilder(header(e))
            .append("public interface FuzzExtras extends jakarta.data.repository.DataRepository<")
            .append(type)
            .append(", Object> {\n");
    // not the whole key: a point read takes no limit or page (WK307)
    for (int k = (int) partition; k < key.size(); k++) {
      String params = parameters(key.subList(0, k));
      s.append("  @jakarta.data.repository.Find java.util.stream.Stream<")
          .append(type)
          .append("> limited")
          .append(k)
          .append('(')
          .append(window(e, params))
          .append(sharded(e) || !params.isEmpty() ? ", " : "")
          .append("jakarta.data.Limit limit);\n");
      s.append("  @jakarta.data.repository.Find jakarta.data.page.CursoredPage<")
          .append(type)
          .append("> page")
          .append(k)
          .append('(')
          .append(window(e, params))
          .append(sharded(e) || !params.isEmpty() ? ", " : "")
          .append("jakarta.data.page.PageRequest request);\n");
    }
    return s.append("}\n").toString();
  }

  /** A query on the second key component alone (or on nothing): no leftmost prefix. */
  private static String skips(Entity e) {
    List<Field> key = e.keyFields();
    return header(e)
        + "public interface FuzzSkips {\n  @jakarta.data.repository.Find java.util.stream.Stream<"
        + e.qualifiedName()
        + "> skip("
        + window(e, key.size() > 1 ? parameters(key.subList(1, 2)) : "")
        + ");\n}\n";
  }

  private static boolean sharded(Entity e) {
    return e.source().contains("@TimeSharded(");
  }

  /** A read of period tables ends with its window: {@code Instant since, Instant until}. */
  private static String window(Entity e, String parameters) {
    if (!sharded(e)) {
      return parameters;
    }
    return (parameters.isEmpty() ? "" : parameters + ", ")
        + "java.time.Instant since, java.time.Instant until";
  }

  private static String parameters(List<Field> fields) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      Field f = fields.get(i);
      out.add(
          "@jakarta.data.repository.By(\""
              + f.name
              + "\") "
              + PARAMETER_TYPES.get(f.type)
              + " p"
              + i);
    }
    return String.join(", ", out);
  }
}
