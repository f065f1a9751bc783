package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.good;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import dev.widekey.core.RuleDocs;
import dev.widekey.core.store.Utf8;
import dev.widekey.processor.report.LayoutReportWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.apache.commons.text.StringEscapeUtils;
import org.junit.jupiter.api.Test;

/**
 * The key-layout report ({@code -Awidekey.report=true}): one HTML page and one Markdown twin per
 * entity and an index, with the key's segments, example keys in store order, split points and
 * rules.
 */
class LayoutReportTest {
  private static final String DIR = "widekey-report/";

  private static Compilation compile(List<String> options, JavaFileObject... files) {
    List<String> all = new ArrayList<>(List.of("-Xlint:all", "-Xlint:-processing"));
    all.addAll(options);
    return Compiler.javac().withProcessors(new WidekeyProcessor()).withOptions(all).compile(files);
  }

  private static String file(Compilation c, String name) throws IOException {
    return c.generatedFile(StandardLocation.SOURCE_OUTPUT, "", DIR + name)
        .orElseThrow(() -> new AssertionError("no " + name))
        .getCharContent(true)
        .toString();
  }

  /** One example row of a page: its key values' texts and the values it was made from. */
  private record Row(List<String> columns, String values) {}

  /** The page's example rows of one table, split points as rows with the point only. */
  private static List<Object> examples(String html, String table) {
    int start = html.indexOf("<table class=\"examples\" id=\"examples-" + table + "\">");
    assertThat(start).isAtLeast(0);
    String body = html.substring(start, html.indexOf("</table>", start));
    List<Object> rows = new ArrayList<>();
    Matcher m =
        Pattern.compile(
                "<tr class=\"(example-key|split-point)\"[^>]*?(?: data-point=\"([^\"]*)\")?>(.*?)</tr>")
            .matcher(body);
    while (m.find()) {
      if (m.group(1).equals("split-point")) {
        rows.add(StringEscapeUtils.unescapeHtml4(m.group(2)));
        continue;
      }
      List<String> columns = new ArrayList<>();
      Matcher v = Pattern.compile("<code class=\"key-value\">(.*?)</code>").matcher(m.group(3));
      while (v.find()) {
        // the text, as a browser's textContent: the prefix's mark-up left out
        columns.add(StringEscapeUtils.unescapeHtml4(v.group(1).replaceAll("<[^>]+>", "")));
      }
      Matcher values =
          Pattern.compile("<td class=\"example-values\">(.*?)</td>").matcher(m.group(3));
      assertThat(values.find()).isTrue();
      rows.add(new Row(columns, StringEscapeUtils.unescapeHtml4(values.group(1))));
    }
    return rows;
  }

  private static String md5Hex(String text) throws NoSuchAlgorithmException {
    return HexFormat.of()
        .formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void anEntityNamedLikeTheIndexKeepsBothPages() throws IOException {
    Compilation c =
        compile(
            List.of("-Awidekey.report=true"),
            com.google.testing.compile.JavaFileObjects.forSourceString(
                "index",
                "import dev.widekey.annotations.*;\n"
                    + "@WideTable(name = \"indexed\")\n"
                    + "public record index(@PartitionKey @HashPrefix(length = 4) String id,"
                    + " String note) {}\n"));

    assertThat(c).succeeded();
    assertThat(file(c, "index-entity.html")).contains("Key layout of index");
    assertThat(file(c, "index.html")).contains("href=\"index-entity.html\"");
  }

  @Test
  void withoutTheRuntimeOnTheProcessorPathTheReportIsAWarningNotAFailure() {
    // a user's processor path holds no runtime unless the build adds it for the report
    ClassLoader bare = new java.net.URLClassLoader(new java.net.URL[0], null);
    String message = LayoutReportWriter.missingCodec(bare).orElseThrow();
    assertThat(message).contains("widekey.report");
    assertThat(message).contains("dev.widekey.runtime.layout.LayoutKeyCodec is missing");
    assertThat(message).contains("add dev.widekey:widekey-runtime to annotationProcessorPaths");
    // the tests' path has it, as a build that asks for the report does
    assertThat(LayoutReportWriter.missingCodec(getClass().getClassLoader())).isEmpty();
  }

  @Test
  void hashPrefixedKeyShowsItsHashSegmentAndExamplesInStoreOrderBetweenSplitPoints()
      throws Exception {
    Compilation c = compile(List.of("-Awidekey.report=true"), good("Order"));

    assertThat(c).succeededWithoutWarnings();
    String html = file(c, "good.Order.html");
    assertThat(html).startsWith("<!DOCTYPE html>\n<html lang=\"en\">");
    assertThat(html).contains("<div class=\"key\" id=\"key-hot\">");
    assertThat(html)
        .containsMatch(
            "<div class=\"seg seg-hash\" data-part=\"hash\" data-kind=\"HEX\" data-width=\"4\"");
    assertThat(html)
        .containsMatch("<div class=\"seg seg-value\" data-part=\"value\" data-kind=\"LONG\"");
    // the hash comes first, then the value
    assertThat(html.indexOf("data-part=\"hash\"")).isLessThan(html.indexOf("data-part=\"value\""));
    // and each example key marks its own prefix
    assertThat(html)
        .containsMatch(
            "<code class=\"key-value\"><span class=\"key-prefix seg-hash\">[0-9a-f]{4}</span>");
    assertThat(html).doesNotContainMatch("(?i)<script|<link|https?://[^\"]*\\.(css|js|woff)");

    List<Object> rows = examples(html, "hot");
    List<Row> examples = rows.stream().filter(Row.class::isInstance).map(Row.class::cast).toList();
    assertThat(examples.size()).isAtLeast(6);
    String previous = null;
    String lastPoint = null;
    for (Object row : rows) {
      if (row instanceof String point) {
        lastPoint = point;
        continue;
      }
      String key = ((Row) row).columns().get(0);
      // whole-key MD5: the first 4 characters are the digest's hex prefix of the rest
      assertThat(key.substring(0, 4)).isEqualTo(md5Hex(key.substring(4)).substring(0, 4));
      assertThat(((Row) row).values()).isEqualTo("orderNumber=" + key.substring(4));
      if (previous != null) {
        assertThat(Utf8.compare(previous, key)).isLessThan(0); // store order
      }
      if (lastPoint != null) {
        assertThat(Utf8.compare(key, lastPoint)).isAtLeast(0); // after the point it follows
      }
      previous = key;
    }
    // each split point sorts before the example after it and after the one before it
    for (int i = 0; i < rows.size(); i++) {
      if (rows.get(i) instanceof String point
          && i + 1 < rows.size()
          && rows.get(i + 1) instanceof Row next) {
        assertThat(Utf8.compare(point, next.columns().get(0))).isAtMost(0);
      }
      if (rows.get(i) instanceof String point && i > 0 && rows.get(i - 1) instanceof Row before) {
        assertThat(Utf8.compare(before.columns().get(0), point)).isLessThan(0);
      }
    }
    assertThat(rows.stream().filter(String.class::isInstance).count()).isGreaterThan(0L);

    assertThat(html).contains("id=\"rule-wk106\" data-rule=\"WK106\"");
    assertThat(html).contains("href=\"" + RuleDocs.DEFAULT_BASE_URL + "#wk102\"");
  }

  @Test
  void markdownTwinHasTheSameFacts() throws Exception {
    Compilation c = compile(List.of("-Awidekey.report=true"), good("Order"));

    String md = file(c, "good.Order.md");
    assertThat(md).startsWith("# Key layout of Order\n");
    assertThat(md).contains("| 0 | hash | `MD5` | HEX | 4 |");
    assertThat(md).contains("| 1 | value | `orderNumber` | LONG | varies |");
    assertThat(md).contains("- [WK106](" + RuleDocs.DEFAULT_BASE_URL + "#wk106)");
    // the same example keys, in the same order, as the page
    List<String> pageKeys = new ArrayList<>();
    for (Object row : examples(file(c, "good.Order.html"), "hot")) {
      pageKeys.add(row instanceof Row r ? r.columns().get(0) : "split " + row);
    }
    List<String> mdKeys = new ArrayList<>();
    Matcher m = Pattern.compile("(?m)^\\| (\\d+|✂ split point) \\| `([^`]*)` \\|").matcher(md);
    while (m.find()) {
      mdKeys.add(m.group(1).startsWith("✂") ? "split " + m.group(2) : m.group(2));
    }
    assertThat(mdKeys).isEqualTo(pageKeys);
  }

  @Test
  void bucketedKeyShowsItsBucketAndExamplesLedByTheirBucket() throws Exception {
    Compilation c = compile(List.of("-Awidekey.report=true"), good("BucketedOrder"));

    assertThat(c).succeededWithoutWarnings();
    String html = file(c, "good.BucketedOrder.html");
    assertThat(html)
        .containsMatch(
            "<div class=\"seg seg-bucket\" data-part=\"bucket\" data-kind=\"DIGITS\""
                + " data-width=\"2\"");
    for (Object row : examples(html, "hot")) {
      if (row instanceof Row r) {
        long orderNumber = Long.parseLong(r.values().split("[=,]")[1].strip());
        String bucket = String.format("%02d", Math.floorMod(orderNumber, 16));
        assertThat(r.columns().get(0)).startsWith(bucket);
      }
    }
    // Tablestore pre-splits 16 buckets into 10 partitions: 9 split points
    assertThat(examples(html, "hot").stream().filter(String.class::isInstance).count())
        .isEqualTo(9L);
  }

  @Test
  void indexListsEveryEntityOfTheCompilation() throws Exception {
    Compilation c = compile(List.of("-Awidekey.report=true"), good("Order"), good("BucketedOrder"));

    assertThat(c).succeededWithoutWarnings();
    String index = file(c, "index.html");
    assertThat(index).contains("<a class=\"entity-link\" href=\"good.Order.html\">");
    assertThat(index).contains("<a class=\"entity-link\" href=\"good.BucketedOrder.html\">");
    assertThat(index.indexOf("good.BucketedOrder")).isLessThan(index.indexOf("good.Order.html"));
    String md = file(c, "index.md");
    assertThat(md).contains("[good.Order](good.Order.md)");
    assertThat(md).contains("[good.BucketedOrder](good.BucketedOrder.md)");
  }

  @Test
  void rulesLinkToTheConfiguredDocumentation() throws Exception {
    Compilation c =
        compile(
            List.of("-Awidekey.report=true", "-Awidekey.rulesUrl=https://wiki.example.com/rules"),
            good("Order"));

    assertThat(c).succeededWithoutWarnings();
    assertThat(file(c, "good.Order.html"))
        .contains("href=\"https://wiki.example.com/rules#wk106\"");
    assertThat(file(c, "good.Order.md")).contains("(https://wiki.example.com/rules#wk106)");
  }

  @Test
  void everyTableOfTheEntityHasItsSection() throws Exception {
    Compilation c =
        compile(
            List.of("-Awidekey.report=true"),
            good("IndexedOrder"),
            good("ShardedOrder"),
            good("NewestReading"));

    assertThat(c).succeededWithoutWarnings();
    String indexed = file(c, "good.IndexedOrder.html");
    assertThat(indexed).contains("id=\"table-index-by_time\" data-role=\"INDEX\"");
    // an index table's key: the indexed values, then the reference to the hot row
    int byTime = indexed.indexOf("<div class=\"key\" id=\"key-index-by_time\">");
    assertThat(byTime).isAtLeast(0);
    String key = indexed.substring(byTime, indexed.indexOf("<h3>", byTime));
    assertThat(key).contains("data-part=\"hash\"");
    assertThat(key.indexOf("data-part=\"hash\"")).isLessThan(key.indexOf("data-part=\"ref\""));
    assertThat(examples(indexed, "index-by_time")).isNotEmpty();
    assertThat(indexed).contains("data-rule=\"WK306\"");

    String sharded = file(c, "good.ShardedOrder.html");
    assertThat(sharded).contains("data-table=\"sharded_orders_yyyy_MM\"");
    assertThat(sharded).contains("id=\"table-cold\" data-role=\"COLD\"");
    assertThat(sharded).contains("data-part=\"tag\"");
    assertThat(sharded).contains("data-rule=\"WK210\"");

    String newest = file(c, "good.NewestReading.html");
    assertThat(newest).containsMatch("class=\"seg seg-value[^\"]* seg-descending\"");
    assertThat(newest).contains("data-rule=\"WK113\"");
  }

  /**
   * A leading component that passes WK102 only by its {@code @NotSequential} opt-out: the report
   * shows the reason the design gives, the decision a reviewer reads, in both twins.
   */
  @Test
  void anOptedOutLeadingComponentShowsItsReason() throws Exception {
    Compilation c = compile(List.of("-Awidekey.report=true"), good("OptedOutLeading"));

    assertThat(c).succeededWithoutWarnings();
    String why =
        "Here: the leading component deviceId is stored as itself, declared"
            + " @NotSequential(reason = \"many devices write at the same time\").";
    String md = file(c, "good.OptedOutLeading.md");
    List<String> wk102 = md.lines().filter(l -> l.startsWith("- [WK102]")).toList();
    assertThat(wk102).hasSize(1);
    assertThat(wk102.get(0)).endsWith(". " + why);
    String html = file(c, "good.OptedOutLeading.html");
    Matcher li =
        Pattern.compile(
                "<li class=\"rule\" id=\"rule-wk102\"[^>]*>.*?<p class=\"rule-why\">(.*?)</p>",
                Pattern.DOTALL)
            .matcher(html);
    assertThat(li.find()).isTrue();
    assertThat(StringEscapeUtils.unescapeHtml4(li.group(1))).isEqualTo(why);
  }

  @Test
  void enumComponentsShowTheirConstants() throws Exception {
    Compilation c = compile(List.of("-Awidekey.report=true"), good("Ticket"));

    assertThat(c).succeededWithoutWarnings();
    List<String> priorities = new ArrayList<>();
    for (Object row : examples(file(c, "good.Ticket.html"), "hot")) {
      Matcher m = Pattern.compile("priority=(\\w+)").matcher(((Row) row).values());
      assertThat(m.find()).isTrue();
      priorities.add(m.group(1));
    }
    // the enum's own constants, every one of them, and no placeholder
    assertThat(new TreeSet<>(priorities)).containsExactly("HIGH", "LOW", "MEDIUM");
  }

  @Test
  void everyAcceptedRandomEntityGetsItsReport() throws Exception {
    Random random = new Random(20261126L);
    List<RandomEntities.Entity> entities = new ArrayList<>();
    for (int i = 0; i < 120; i++) {
      entities.add(RandomEntities.entity(random, "rp.e" + i, "t" + i));
    }
    // the accepted ones: those without an error in their package, compiled again on their own
    Compilation all = EntityFuzzer.compile(entities, null);
    Set<String> refused = new HashSet<>();
    for (var d : all.errors()) {
      if (d.getSource() != null) {
        Matcher m = Pattern.compile("(?:^|/)rp/(e\\d+)/").matcher(d.getSource().getName());
        if (m.find()) {
          refused.add(m.group(1));
        }
      }
    }
    List<RandomEntities.Entity> accepted = new ArrayList<>();
    for (int i = 0; i < entities.size(); i++) {
      if (!refused.contains("e" + i)) {
        accepted.add(entities.get(i));
      }
    }
    assertThat(accepted.size()).isAtLeast(10);
    Compilation c = EntityFuzzer.compile(accepted, null, "-Awidekey.report=true");
    assertThat(c).succeeded();

    assertThat(
            c.diagnostics().stream()
                .map(d -> d.getMessage(Locale.ROOT))
                .filter(m -> m.contains("key-layout report"))
                .toList())
        .isEmpty();
    List<String> pages = new ArrayList<>();
    for (JavaFileObject f : c.generatedFiles()) {
      String path = f.toUri().getPath();
      if (path.contains("/" + DIR) && path.endsWith(".html") && !path.endsWith("/index.html")) {
        pages.add(path.substring(path.lastIndexOf('/') + 1, path.length() - ".html".length()));
        String html = f.getCharContent(true).toString();
        assertThat(html).startsWith("<!DOCTYPE html>");
        assertThat(html).contains("<div class=\"key\" id=\"key-hot\">");
      }
    }
    assertThat(pages).hasSize(accepted.size());
    String index = file(c, "index.html");
    for (String page : pages) {
      assertThat(index).contains("href=\"" + StringEscapeUtils.escapeHtml4(page) + ".html\"");
    }
  }

  @Test
  void withoutTheOptionNothingIsWritten() {
    Compilation c = compile(List.of(), good("Order"));

    assertThat(c).succeededWithoutWarnings();
    assertThat(
            c.generatedFiles().stream()
                .filter(f -> f.toUri().getPath().contains("/" + DIR))
                .toList())
        .isEmpty();
  }
}
