package dev.widekey.sample.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample entities' key-layout reports, which this module's build writes with {@code
 * -Awidekey.report=true}, as a person sees them in a browser: every page valid HTML, the index
 * listing every entity, and the segments and example keys of known keys in the DOM Chromium lays
 * out and on screen.
 */
class LayoutReportInBrowserTest {
  /** Where the build writes the reports (the compiler's generated-sources directory). */
  static final Path REPORTS =
      Path.of("target", "generated-sources", "annotations", "widekey-report");

  private static final int WIDTH = 1100;
  private static final int HEIGHT = 1400;

  @TempDir Path dir;

  @Test
  void everyPageIsValidHtml() throws Exception {
    List<Path> pages = pages();
    assertTrue(pages.size() >= 9, "the index and the sample's eight entities: " + pages);
    for (Path page : pages) {
      assertEquals(List.of(), NuHtmlChecker.errors(page), page.toString());
    }
  }

  @Test
  void theIndexListsEveryEntityAndLinksToItsPage() throws Exception {
    Document index = Jsoup.parse(browser().dumpDom(REPORTS.resolve("index.html")));

    Set<String> listed = new TreeSet<>();
    for (Element row : index.select("#entities tr.entity")) {
      listed.add(row.attr("data-entity"));
      String href = row.selectFirst("a.entity-link").attr("href");
      assertTrue(Files.isRegularFile(REPORTS.resolve(href)), "the link resolves: " + href);
    }
    Set<String> withPages =
        pages().stream()
            .map(p -> p.getFileName().toString())
            .filter(n -> !n.equals("index.html"))
            .map(n -> n.substring(0, n.length() - ".html".length()))
            .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(withPages, listed);
    assertTrue(
        listed.containsAll(
            Set.of(
                "dev.widekey.sample.Order",
                "dev.widekey.sample.DeviceTransaction",
                "dev.widekey.sample.MonthlyOrder")),
        listed.toString());
  }

  @Test
  void orderShowsItsMd5PrefixAndExamplesInStoreOrderBetweenSplitPoints() throws Exception {
    HeadlessChromium chromium = browser();
    Path page = REPORTS.resolve("dev.widekey.sample.Order.html");
    Screenshots shot = Screenshots.of(chromium.screenshot(page, WIDTH, HEIGHT));
    assertTrue(shot.inkShare() > 0.05, "drawn: " + shot);

    Document dom = Jsoup.parse(chromium.dumpDom(page));
    List<String> parts = dom.select("#key-hot-0 .seg").eachAttr("data-part");
    assertEquals(List.of("hash", "value"), parts);
    assertTrue(
        dom.selectFirst("#key-hot-0 .seg-hash").text().contains("MD5"),
        "the hash segment names its digest");

    // the examples as the store orders them, each prefix the MD5 of the text after it
    List<String> keys = new ArrayList<>();
    List<String> sequence = new ArrayList<>(); // keys and split points, as listed
    for (Element row : dom.select("#examples-hot tr")) {
      if (row.hasClass("split-point")) {
        sequence.add("|" + row.attr("data-point"));
      } else if (row.hasClass("example-key")) {
        Element value = row.selectFirst("code.key-value");
        String prefix = value.selectFirst("span.key-prefix").text();
        String key = value.text();
        String rest = key.substring(prefix.length());
        assertEquals(md5Hex(rest).substring(0, 4), prefix, "the prefix of " + key);
        keys.add(key);
        sequence.add(key);
      }
    }
    assertTrue(keys.size() >= 5, "examples: " + keys);
    List<String> sorted = new ArrayList<>(keys);
    sorted.sort(LayoutReportInBrowserTest::compareUtf8);
    assertEquals(sorted, keys, "listed in the store's order");
    // every split point sits between the keys below it and the keys from it on
    for (int i = 0; i < sequence.size(); i++) {
      if (!sequence.get(i).startsWith("|")) {
        continue;
      }
      String point = sequence.get(i).substring(1);
      for (int j = 0; j < sequence.size(); j++) {
        String s = sequence.get(j);
        if (!s.startsWith("|")) {
          assertEquals(j > i, compareUtf8(s, point) >= 0, s + " against split point " + point);
        }
      }
    }
  }

  @Test
  void aSplicedKeyShowsItsSegmentsInOrderAndEachIsDrawn() throws Exception {
    HeadlessChromium chromium = browser();
    Path page = REPORTS.resolve("dev.widekey.sample.DeviceTransaction.html");
    Document dom = Jsoup.parse(chromium.dumpDom(page));

    List<Element> segments = dom.select("#key-hot-0 .seg");
    assertEquals(
        List.of("value", "delimiter", "value", "delimiter", "value"),
        segments.stream().map(e -> e.attr("data-part")).toList());
    assertEquals("6", segments.get(0).attr("data-width"));
    assertTrue(segments.get(0).attr("data-traits").contains("padded"));

    // on screen: every segment is drawn, a delimiter in another colour than the values around it
    List<SeenCells.Seen> seen = SeenCells.of(chromium, page, "#key-hot-0 .seg", WIDTH, HEIGHT);
    assertEquals(5, seen.size(), "every segment is on screen");
    int background = Screenshots.backgroundOf(chromium.screenshot(page, WIDTH, HEIGHT));
    for (SeenCells.Seen s : seen) {
      assertNotEquals(background, s.rgb(), "segment drawn: " + s.element().attr("title"));
    }
    assertNotEquals(seen.get(0).rgb(), seen.get(1).rgb(), "a delimiter stands out");
    assertEquals(seen.get(0).rgb(), seen.get(2).rgb(), "values share their colour");
  }

  @Test
  void aRuleLinkOpensItsSectionOfTheRulesPage() throws Exception {
    Document dom =
        Jsoup.parse(
            Files.readString(
                REPORTS.resolve("dev.widekey.sample.Order.html"), StandardCharsets.UTF_8));
    Element rule = dom.selectFirst("#rules li.rule[data-rule=WK106]");
    String href = rule.selectFirst("a").attr("href");
    assertTrue(href.endsWith("docs/rules.md#wk106"), href);
    String rules = Files.readString(Path.of("..", "docs", "rules.md"), StandardCharsets.UTF_8);
    assertTrue(rules.contains("\n## WK106\n"), "the rules page has the section the link opens");
  }

  private static List<Path> pages() throws Exception {
    assertTrue(
        Files.isDirectory(REPORTS),
        "the build writes the reports (-Awidekey.report=true in sample-app/pom.xml): " + REPORTS);
    try (Stream<Path> files = Files.list(REPORTS)) {
      return files.filter(p -> p.toString().endsWith(".html")).sorted().toList();
    }
  }

  /** How the store orders string key columns: by their UTF-8 bytes, unsigned. */
  private static int compareUtf8(String a, String b) {
    return java.util.Arrays.compareUnsigned(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  private static String md5Hex(String text) throws Exception {
    return HexFormat.of()
        .formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
  }

  private HeadlessChromium browser() throws Exception {
    return HeadlessChromium.forTest(dir.resolve("chromium"));
  }
}
