package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.widekey.core.Rule;
import dev.widekey.core.RuleDocs;
import dev.widekey.processor.diagnostics.Messages;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Diagnostics a team configures: {@code @SuppressWarnings("widekey:WKnnn")} on an element, the
 * options {@code widekey.warningsAsErrors} and {@code widekey.severity.WKnnn}, and the rule link
 * each message ends with ({@code widekey.rulesUrl}). Errors are never suppressed nor lowered.
 */
class ConfiguredDiagnosticsTest {
  private static final String NUMBER_WARNING =
      Messages.sequentialNameLeading("orderNumber", "order number");

  /** A record whose String partition key is named for a sequence: one WK102 warning. */
  private static JavaFileObject numbered(String onType, String onComponent) {
    return JavaFileObjects.forSourceLines(
        "test.Numbered",
        "package test;",
        "import dev.widekey.annotations.*;",
        onType,
        "@WideTable(name = \"numbered\")",
        "public record Numbered(",
        "    " + onComponent,
        "    @PartitionKey @KeyChars(\"0-9A-Z\") @MaxLength(20) String orderNumber,",
        "    String cardId) {}");
  }

  private static Compilation compile(JavaFileObject file, String... options) {
    List<String> all = new ArrayList<>(List.of("-Xlint:all", "-Xlint:-processing"));
    for (String option : options) {
      all.add("-A" + option);
    }
    return Compiler.javac().withProcessors(new WidekeyProcessor()).withOptions(all).compile(file);
  }

  /** The printed text: the message, then the rule's link on a line of its own. */
  private static String linked(Rule rule, String message) {
    return message
        + "\n  See "
        + RuleDocs.DEFAULT_BASE_URL
        + "#"
        + rule.name().toLowerCase(Locale.ROOT);
  }

  private static Pattern exactly(String text) {
    return Pattern.compile("\\A" + Pattern.quote(text) + "\\z");
  }

  // ---- @SuppressWarnings ----

  @Test
  void unsuppressedTheWarningIsReported() {
    Compilation c = compile(numbered("", ""));

    assertThat(c).succeeded();
    assertThat(c).hadWarningCount(1);
    assertThat(c)
        .hadWarningContainingMatch(exactly(linked(Rule.WK102, NUMBER_WARNING)))
        .inFile(c.sourceFiles().get(0))
        .onLineContaining("String orderNumber");
  }

  @Test
  void suppressedOnTheRecordComponent() {
    // javac moves the annotation to the component's private field, where the warning is placed
    Compilation c = compile(numbered("", "@SuppressWarnings(\"widekey:WK102\")"));

    assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void suppressedOnTheEntityType() {
    Compilation c = compile(numbered("@SuppressWarnings({\"unchecked\", \"widekey:WK102\"})", ""));

    assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void suppressedByWidekeyAll() {
    Compilation c = compile(numbered("@SuppressWarnings(\"widekey:all\")", ""));

    assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void anotherRuleOrAPlainNameSuppressesNothing() {
    Compilation c =
        compile(numbered("@SuppressWarnings(\"all\")", "@SuppressWarnings(\"widekey:WK201\")"));

    assertThat(c).succeeded();
    assertThat(c).hadWarningCount(1);
    assertThat(c).hadWarningContaining(NUMBER_WARNING);
  }

  @Test
  void suppressedOnAClassField() {
    JavaFileObject f =
        JavaFileObjects.forSourceLines(
            "test.Ticket",
            "package test;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"tickets\")",
            "public class Ticket {",
            "  @SuppressWarnings(\"widekey:WK102\")",
            "  @PartitionKey @KeyChars(\"0-9A-Z\") @MaxLength(20) private String orderNumber;",
            "  public String getOrderNumber() { return orderNumber; }",
            "  public void setOrderNumber(String orderNumber) { this.orderNumber = orderNumber; }",
            "  public String note;",
            "}");

    assertThat(compile(f)).succeededWithoutWarnings();
  }

  /** An index whose key leads with a String named for a sequence: WK102, reported on @Index. */
  private static JavaFileObject indexed(String onType) {
    return JavaFileObjects.forSourceLines(
        "test.Indexed",
        "package test;",
        "import dev.widekey.annotations.*;",
        onType,
        "@WideTable(name = \"indexed\")",
        "@Index(name = \"by_number\", columns = {\"orderNumber\"})",
        "public record Indexed(",
        "    @PartitionKey @KeyChars(\"0-9a-z\") @MaxLength(20) String cardId,",
        "    @KeyChars(\"0-9A-Z\") @MaxLength(20) String orderNumber) {}");
  }

  @Test
  void anIndexWarningIsSuppressedOnTheEntityType() {
    Compilation warned = compile(indexed(""));
    assertThat(warned).succeeded();
    assertThat(warned).hadWarningCount(1);
    assertThat(warned)
        .hadWarningContaining("WK102: index 'by_number'")
        .inFile(warned.sourceFiles().get(0))
        .onLineContaining("@Index");

    assertThat(compile(indexed("@SuppressWarnings(\"widekey:WK102\")"))).succeededWithoutWarnings();
  }

  @Test
  void anErrorIsNeverSuppressed() {
    JavaFileObject f =
        JavaFileObjects.forSourceLines(
            "test.Priced",
            "package test;",
            "import dev.widekey.annotations.*;",
            "@SuppressWarnings(\"widekey:all\")",
            "@WideTable(name = \"priced\")",
            "public record Priced(",
            "    @PartitionKey @KeyChars(\"0-9a-z\") @MaxLength(20) String cardId,",
            "    @SuppressWarnings(\"widekey:WK201\") java.math.BigDecimal total) {}");
    Compilation c = compile(f);

    assertThat(c).failed();
    assertThat(c).hadErrorCount(1);
    assertThat(c).hadErrorContaining("WK201: field 'total'").inFile(f).onLineContaining("total");
  }

  // ---- severity options ----

  @Test
  void warningsAsErrorsFailsTheBuildAndGeneratesNothing() {
    SpyingProcessor spy = new SpyingProcessor();
    Compilation c =
        Compiler.javac()
            .withProcessors(spy)
            .withOptions("-Awidekey.warningsAsErrors=true")
            .compile(numbered("", ""));

    assertThat(c).failed();
    assertThat(c).hadErrorCount(1);
    assertThat(c)
        .hadErrorContainingMatch(
            exactly(
                NUMBER_WARNING
                    + "\n  (a warning, reported as an error: widekey.warningsAsErrors=true)"
                    + "\n  See "
                    + RuleDocs.link(RuleDocs.DEFAULT_BASE_URL, Rule.WK102)))
        .inFile(c.sourceFiles().get(0))
        .onLineContaining("String orderNumber");
    assertThat(spy.created()).isEmpty();
  }

  @Test
  void warningsAsErrorsWithoutAValueMeansTrue() {
    Compilation c = compile(numbered("", ""), "widekey.warningsAsErrors");

    assertThat(c).failed();
    assertThat(c).hadErrorCount(1);
    assertThat(c).hadWarningCount(0);
  }

  @Test
  void warningsAsErrorsFalseKeepsWarnings() {
    Compilation c = compile(numbered("", ""), "widekey.warningsAsErrors=false");

    assertThat(c).succeeded();
    assertThat(c).hadWarningCount(1);
  }

  @Test
  void aSuppressedWarningStaysSilentUnderWarningsAsErrors() {
    Compilation c =
        compile(
            numbered("", "@SuppressWarnings(\"widekey:WK102\")"), "widekey.warningsAsErrors=true");

    assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void aRuleSetToErrorMakesItsWarningsErrors() {
    Compilation c = compile(numbered("", ""), "widekey.severity.WK102=error");

    assertThat(c).failed();
    assertThat(c).hadErrorCount(1);
    assertThat(c)
        .hadErrorContaining(
            NUMBER_WARNING + "\n  (a warning, reported as an error: widekey.severity.WK102=error)");
  }

  @Test
  void aRuleSetToIgnoreDropsItsWarnings() {
    assertThat(compile(numbered("", ""), "widekey.severity.WK102=ignore"))
        .succeededWithoutWarnings();
  }

  @Test
  void aRuleSetToWarningStaysAWarningUnderWarningsAsErrors() {
    Compilation c =
        compile(
            numbered("", ""), "widekey.warningsAsErrors=true", "widekey.severity.WK102=Warning");

    assertThat(c).succeeded();
    assertThat(c).hadWarningCount(1);
    assertThat(c).hadWarningContainingMatch(exactly(linked(Rule.WK102, NUMBER_WARNING)));
  }

  @Test
  void anotherRulesSeverityLeavesTheWarningAlone() {
    Compilation c = compile(numbered("", ""), "widekey.severity.WK201=error");

    assertThat(c).succeeded();
    assertThat(c).hadWarningCount(1);
  }

  @Test
  void anErrorIsNeverLoweredAndTheOptionIsNamed() {
    JavaFileObject f =
        JavaFileObjects.forSourceLines(
            "test.Priced",
            "package test;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"priced\")",
            "public record Priced(",
            "    @PartitionKey @KeyChars(\"0-9a-z\") @MaxLength(20) String cardId,",
            "    java.math.BigDecimal total,",
            "    java.math.BigDecimal tax) {}");
    Compilation c = compile(f, "widekey.severity.WK201=ignore");

    assertThat(c).failed();
    assertThat(c).hadErrorCount(2);
    assertThat(c).hadErrorContaining("WK201: field 'total'");
    assertThat(c).hadErrorContaining("WK201: field 'tax'");
    // said once, however many errors the rule reports
    assertThat(c).hadWarningCount(1);
    assertThat(c)
        .hadWarningContaining(
            "widekey: option widekey.severity.WK201=ignore applies to the rule's warnings only");
  }

  // ---- options it cannot use ----

  @Test
  void anUnknownRuleIdIsNamed() {
    Compilation c = compile(numbered("", ""), "widekey.severity.WK999=error");

    assertThat(c).succeeded();
    assertThat(c)
        .hadWarningContaining("widekey: option widekey.severity.WK999 names no rule: rule ids are");
    // javac names it too: no processor declares it
    assertThat(c).hadWarningContaining(NUMBER_WARNING);
  }

  @Test
  void anUnknownSeverityIsNamedAndIgnored() {
    Compilation c = compile(numbered("", ""), "widekey.severity.WK102=fatal");

    assertThat(c).succeeded();
    assertThat(c)
        .hadWarningContaining(
            "widekey: option widekey.severity.WK102=fatal is no severity: error, warning or"
                + " ignore; it is ignored");
    assertThat(c).hadWarningContaining(NUMBER_WARNING);
  }

  @Test
  void anUnknownFlagValueIsNamedAndIgnored() {
    Compilation c = compile(numbered("", ""), "widekey.warningsAsErrors=yes");

    assertThat(c).succeeded();
    assertThat(c).hadWarningCount(2);
    assertThat(c)
        .hadWarningContaining(
            "widekey: option widekey.warningsAsErrors=yes is neither true nor false; it is"
                + " ignored");
  }

  @Test
  void everyDiagnosticOptionIsDeclared() {
    // else javac warns that no processor recognized it
    Compilation c =
        compile(
            numbered("", "@SuppressWarnings(\"widekey:WK102\")"),
            "widekey.warningsAsErrors=false",
            "widekey.severity.WK201=error",
            "widekey.rulesUrl=https://docs.example.com/rules.html");

    assertThat(c).succeededWithoutWarnings();
  }

  // ---- links ----

  @Test
  void eachMessageLinksToItsOwnRule() {
    JavaFileObject f =
        JavaFileObjects.forSourceLines(
            "test.BadOrder",
            "package test;",
            "import dev.widekey.annotations.*;",
            "@WideTable(name = \"bad_orders\")",
            "public record BadOrder(",
            "    @PartitionKey long orderNumber,",
            "    java.math.BigDecimal total) {}");
    Compilation c = compile(f);

    assertThat(c).hadErrorCount(2);
    for (Diagnostic<? extends JavaFileObject> d : c.errors()) {
      String message = d.getMessage(Locale.ROOT);
      String id = message.substring(0, 5);
      assertWithMessage("link of: %s", message)
          .that(message)
          .endsWith("\n  See " + RuleDocs.link(RuleDocs.DEFAULT_BASE_URL, Rule.valueOf(id)));
    }
    assertThat(c).hadErrorContaining("\n  See " + RuleDocs.DEFAULT_BASE_URL + "#wk102");
    assertThat(c).hadErrorContaining("\n  See " + RuleDocs.DEFAULT_BASE_URL + "#wk201");
  }

  @Test
  void theLinkBaseIsAnOption() {
    Compilation c =
        compile(numbered("", ""), "widekey.rulesUrl=https://wiki.example.com/widekey/rules");

    assertThat(c)
        .hadWarningContainingMatch(
            exactly(NUMBER_WARNING + "\n  See https://wiki.example.com/widekey/rules#wk102"));
  }

  /**
   * Every true/false option of the processor reads its value as widekey.warningsAsErrors does: a
   * value neither true nor false is named and ignored, not silently read as false.
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(
      strings = {"widekey.report", "widekey.layouts.update"})
  void everyFlagNamesAValueItCannotRead(String option) throws java.io.IOException {
    java.nio.file.Path layouts = java.nio.file.Files.createTempDirectory("widekey-flag");
    Compilation c = compile(numbered("", ""), option + "=yes", "widekey.layouts=" + layouts);

    assertThat(c).succeeded();
    assertThat(c)
        .hadWarningContaining(
            "widekey: option " + option + "=yes is neither true nor false; it is ignored");
  }

  @Test
  void aBlankLayoutDirectoryIsNamed() {
    Compilation c = compile(numbered("", ""), "widekey.layouts= ");

    assertThat(c).succeeded();
    assertThat(c)
        .hadWarningContaining(
            "widekey: option widekey.layouts is blank; no layout is locked (WK308)");
  }

  /**
   * A layout directory that is a file fails the build once, naming the option (not as every table's
   * unreadable file, "restore it from version control"): the lock asked for cannot run.
   */
  @Test
  void aLayoutDirectoryThatIsAFileIsNamed() throws java.io.IOException {
    java.nio.file.Path file = java.nio.file.Files.createTempFile("widekey-layouts", ".txt");
    Compilation c = compile(numbered("", ""), "widekey.layouts=" + file);

    assertThat(c).failed();
    assertThat(c).hadErrorCount(1);
    assertThat(c)
        .hadErrorContaining(
            "widekey: option widekey.layouts="
                + file
                + " names no directory, so no layout can be checked (WK308): name the directory"
                + " of the committed layout files");
    java.nio.file.Files.delete(file);
  }

  @Test
  void anUpdateWithoutALayoutDirectoryIsNamed() {
    Compilation c = compile(numbered("", ""), "widekey.layouts.update=true");

    assertThat(c).succeeded();
    assertThat(c)
        .hadWarningContaining(
            "widekey: option widekey.layouts.update=true has no layout files to update: set"
                + " widekey.layouts to their directory; it is ignored");
  }

  @Test
  void aBlankLinkBaseFallsBackToTheDefault() {
    Compilation c = compile(numbered("", ""), "widekey.rulesUrl= ");

    assertThat(c).hadWarningContainingMatch(exactly(linked(Rule.WK102, NUMBER_WARNING)));
    assertThat(c)
        .hadWarningContaining(
            "widekey: option widekey.rulesUrl is blank; links use " + RuleDocs.DEFAULT_BASE_URL);
  }
}
