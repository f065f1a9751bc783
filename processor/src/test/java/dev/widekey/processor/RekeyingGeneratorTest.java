package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.core.Rule;
import dev.widekey.processor.diagnostics.RekeyMessages;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @RekeyedFrom}: the first build commits the old layout, the second declares the move and
 * gets {@code MeterRekeying} generated from the committed file — or a WK308 error on the annotation
 * when the old rows cannot be read as the new entity.
 */
class RekeyingGeneratorTest {
  private static final String OLD =
      String.join(
          "\n",
          "package rekey;",
          "",
          "import dev.widekey.annotations.*;",
          "import java.time.Instant;",
          "",
          "@WideTable(name = \"meters\")",
          "public record Meter(",
          "    @PartitionKey @Padded(width = 6)",
          "        @NotSequential(reason = \"meters report at once\") long meter,",
          "    @KeyColumn Instant at,",
          "    String site,",
          "    long count,",
          "    @ColdColumn String note) {}",
          "");

  /** The old entity edited: a new table name and the declared move. */
  private static final String MOVED =
      OLD.replace(
          "@WideTable(name = \"meters\")",
          "@WideTable(name = \"meters_v2\")\n@RekeyedFrom(table = \"meters\")");

  @TempDir Path layouts;

  @Test
  void aDeclaredMoveIsGeneratedFromTheCommittedOldLayout() throws IOException {
    assertThat(build(OLD)).succeededWithoutWarnings();

    Compilation moved =
        build(
            MOVED.replace(
                "@Padded(width = 6)\n        @NotSequential(reason = \"meters report at once\")",
                "@Padded(width = 8) @HashPrefix(length = 4)"));

    assertThat(moved).succeededWithoutWarnings();
    String rekeying = generated(moved, "rekey.MeterRekeying");
    // the old keys are decoded from the committed file, not from the entity as it is now
    assertThat(rekeying).contains("key.0.part.0.padding=6 unsigned");
    assertThat(rekeying).doesNotContain("padding=8");
    assertThat(rekeying).doesNotContain("key.0.hash");
    // the old cold table is read with the old hot table: it decides how the rows were committed
    assertThat(rekeying).contains("table=meters_cold");
    assertThat(rekeying).contains("MeterRepository.entityOf(decodeOldKey(key), hot, cold)");
    assertThat(rekeying)
        .contains("RekeyJob.builder(new OldLayoutRepository(store), new MeterRepository(store))");
  }

  @Test
  void aRenamedFieldIsReadFromItsOldColumn() throws IOException {
    build(OLD);

    Compilation moved =
        build(
            MOVED.replace(
                "@ColdColumn String note", "@ColdColumn @RenamedFrom(\"note\") String remark"));

    assertThat(moved).succeeded();
    String rekeying = generated(moved, "rekey.MeterRekeying");
    assertThat(rekeying).contains("Map.entry(\"note\", \"remark\")");
    assertThat(rekeying).contains("Columns.renamed(cold, renamed)");
  }

  @Test
  void aMoveBetweenKeysOfOtherFieldsIsRefused() throws IOException {
    build(OLD);

    Compilation renamedKey = build(MOVED.replace("long meter,", "long meterId,"));
    Compilation retyped = build(MOVED.replace("long meter,", "int meter,"));

    assertError(
        renamedKey,
        RekeyMessages.keyFieldsDiffer(
            "Meter",
            "meters",
            List.of("at INSTANT", "meter LONG"),
            List.of("at INSTANT", "meterId LONG")));
    assertError(
        retyped,
        RekeyMessages.keyFieldsDiffer(
            "Meter",
            "meters",
            List.of("at INSTANT", "meter LONG"),
            List.of("at INSTANT", "meter INT")));
  }

  @Test
  void anAttributeStoredAnotherWayIsRefused() throws IOException {
    build(OLD);

    Compilation c = build(MOVED.replace("long count,", "double count,"));

    assertError(
        c,
        RekeyMessages.attributeDiffers(
            "Meter", "meters", "count", "INTEGER plain", "DOUBLE plain"));
  }

  @Test
  void aColdTableOrATimeShardedEntityIsNoMove() throws IOException {
    build(OLD);

    Compilation cold = build(MOVED.replace("table = \"meters\"", "table = \"meters_cold\""));
    Compilation sharded =
        build(
            MOVED.replace(
                "@RekeyedFrom",
                "@TimeSharded(by = \"at\", period = ShardPeriod.MONTH, retain = 3)\n@RekeyedFrom"));

    assertError(cold, RekeyMessages.notHotTable("Meter", "meters_cold", "COLD"));
    assertError(sharded, RekeyMessages.timeSharded("Meter", "meters"));
  }

  /** The role of a table that is no hot table is said in words: "an index table's". */
  @Test
  void anIndexTableIsNoMoveAndIsSaidSo() throws IOException {
    String indexed =
        OLD.replace(
            "public record", "@Index(name = \"by_site\", columns = {\"site\"})\npublic record");
    build(indexed);

    Compilation c = build(MOVED.replace("table = \"meters\"", "table = \"meters_by_site\""));

    String message = RekeyMessages.notHotTable("Meter", "meters_by_site", "INDEX");
    assertThat(message)
        .isEqualTo(
            "WK308: Meter @RekeyedFrom(table = \"meters_by_site\"): the committed layout of"
                + " meters_by_site is an index table's; name the old entity's hot table, whose"
                + " rows are the entities to move.");
    assertError(c, message);
  }

  /**
   * A chain of moves in one compilation (C from B from A, B and C both declared): C's move is
   * checked after B wrote the layout file C starts from, whatever order javac lists them in.
   */
  @Test
  void aChainOfMovesInOneCompilationIsCheckedInItsOrder() throws IOException {
    assertThat(build(OLD)).succeededWithoutWarnings();
    String b = MOVED.replace("@Padded(width = 6)", "@Padded(width = 7)");
    String c =
        OLD.replace("record Meter(", "record MeterV3(")
            .replace(
                "@WideTable(name = \"meters\")",
                "@WideTable(name = \"meters_v3\")\n@RekeyedFrom(table = \"meters_v2\")")
            .replace("@Padded(width = 6)", "@Padded(width = 8)");

    // the later move first, as javac lists the files given first
    Compilation chain =
        Compiler.javac()
            .withProcessors(new WidekeyProcessor())
            .withOptions("-Xlint:all", "-Xlint:-processing", "-Awidekey.layouts=" + layouts)
            .compile(
                JavaFileObjects.forSourceString("rekey.MeterV3", c),
                JavaFileObjects.forSourceString("rekey.Meter", b));

    assertThat(chain).succeeded();
    assertThat(generated(chain, "rekey.MeterV3Rekeying")).contains("padding=7 unsigned");
  }

  /**
   * The old table is named as a table, checked as one (WK207): a path ("sub/../meters", or one
   * leaving the layout directory) would be read as a layout file path, and a blank name names no
   * file.
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"sub/../meters", ""})
  void theOldTableIsATableName(String table) throws IOException {
    build(OLD);
    java.nio.file.Files.createDirectories(layouts.resolve("sub"));

    Compilation c = build(MOVED.replace("table = \"meters\"", "table = \"" + table + "\""));

    String message = dev.widekey.processor.diagnostics.Messages.badTableName("table", table);
    assertThat(c).hadErrorCount(1);
    assertThat(c)
        .hadErrorContainingMatch(
            RuleAssertions.exactly(RuleAssertions.printed(Rule.WK207, message)))
        .inFile(c.sourceFiles().get(0))
        .onLineContaining("@RekeyedFrom");
  }

  // ---- helpers ----

  private Compilation build(String source) {
    return Compiler.javac()
        .withProcessors(new WidekeyProcessor())
        .withOptions("-Xlint:all", "-Xlint:-processing", "-Awidekey.layouts=" + layouts)
        .compile(JavaFileObjects.forSourceString("rekey.Meter", source));
  }

  private static String generated(Compilation c, String type) throws IOException {
    return c.generatedSourceFile(type).orElseThrow().getCharContent(true).toString();
  }

  /** That {@code c} failed with {@code message}, reported on the {@code @RekeyedFrom} line. */
  private static void assertError(Compilation c, String message) throws IOException {
    assertThat(c).failed();
    for (Diagnostic<? extends JavaFileObject> d : c.errors()) {
      if (d.getMessage(null).equals(RuleAssertions.printed(Rule.WK308, message))) {
        List<String> lines = d.getSource().getCharContent(true).toString().lines().toList();
        assertThat(lines.get((int) d.getLineNumber() - 1)).startsWith("@RekeyedFrom");
        return;
      }
    }
    throw new AssertionError("expected the error\n" + message + "\nbut got " + c.diagnostics());
  }
}
