package dev.widekey.runtime.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkValue;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class HotspotHeatmapTest {
  private static final String ODD = "a<b>&\"c'";
  private static final PkValue[] SPLITS = {
    PkValue.ofString("4"), PkValue.ofString(ODD), PkValue.ofString("c")
  };
  private static final Instant T0 = Instant.parse("2026-11-22T08:00:00Z");

  /** Four partitions over {@code n} windows; partition 2 (starting at the odd key) is hot. */
  private static List<LoadWindow> windows(int n) {
    List<LoadWindow> windows = new ArrayList<>();
    for (int w = 0; w < n; w++) {
      List<PartitionLoad> loads = new ArrayList<>();
      for (int p = 0; p < 4; p++) {
        PkValue start = p == 0 ? null : SPLITS[p - 1];
        PkValue end = p == 3 ? null : SPLITS[p];
        long writes = p == 2 ? 1000 + w : w + p;
        loads.add(new PartitionLoad(start, end, writes, writes * 50, p == 1 ? 30 : 3, false));
      }
      windows.add(new LoadWindow(w, T0.plusSeconds(10L * w), T0.plusSeconds(10L * w + 10), loads));
    }
    return windows;
  }

  private static PartitionLoadReport sizes(long guideline) {
    List<PartitionLoadReport.KeySize> largest =
        List.of(
            new PartitionLoadReport.KeySize(PkValue.ofString(ODD), 3, 5000),
            new PartitionLoadReport.KeySize(PkValue.ofString("5"), 1, 200));
    return new PartitionLoadReport("t", List.<PartitionStats>of(), largest, guideline);
  }

  @Test
  void theHotPartitionHasTheHottestCellsOfEveryWindow() throws Exception {
    Document page = parse(HotspotHeatmap.of("t", windows(6), sizes(1000)).html());
    NodeList writes = nodes(page, "//*[@id='writes']//*[@class='cell']");
    assertEquals(4 * 6, writes.getLength());
    for (int w = 0; w < 6; w++) {
      long hottest = -1;
      String hottestPartition = null;
      for (int i = 0; i < writes.getLength(); i++) {
        Element cell = (Element) writes.item(i);
        assertEquals("write", cell.getAttribute("data-kind"));
        if (cell.getAttribute("data-window").equals(Integer.toString(w))) {
          long load = Long.parseLong(cell.getAttribute("data-load"));
          if (load > hottest) {
            hottest = load;
            hottestPartition = cell.getAttribute("data-partition");
          }
        }
      }
      assertEquals("2", hottestPartition, "window " + w);
    }
    // the busiest cell of all is drawn in the scale's darkest colour, an empty one in grey
    Element busiest =
        (Element)
            nodes(page, "//*[@data-kind='write' and @data-partition='2' and @data-window='5']")
                .item(0);
    assertEquals(HotspotHeatmap.colour(1, 1), busiest.getAttribute("fill"));
    Element empty =
        (Element)
            nodes(page, "//*[@data-kind='write' and @data-partition='0' and @data-window='0']")
                .item(0);
    assertEquals("0", empty.getAttribute("data-load"));
    assertEquals(HotspotHeatmap.colour(0, 1), empty.getAttribute("fill"));

    // reads are a heatmap of their own: partition 1 is the read hotspot
    Element read =
        (Element) nodes(page, "//*[@id='reads']//*[@class='cell' and @data-partition='1']").item(0);
    assertEquals("read", read.getAttribute("data-kind"));
    assertEquals("30", read.getAttribute("data-load"));

    // each window's busiest/mean under its column, and a legend per heatmap
    Element skew =
        (Element)
            nodes(page, "//*[@class='skew' and @data-kind='write' and @data-window='0']").item(0);
    double expected = 1000 / ((0 + 1 + 1000 + 3) / 4.0);
    assertEquals(
        String.format(java.util.Locale.ROOT, "%.2f", expected), skew.getAttribute("data-skew"));
    assertEquals(2, nodes(page, "//*[@class='legend']").getLength());
    assertEquals(
        "1005",
        ((Element) nodes(page, "//*[@class='legend' and @data-kind='write']").item(0))
            .getAttribute("data-max-load"));
  }

  @Test
  void oddKeyTextIsEscapedEverywhere() throws Exception {
    String html = HotspotHeatmap.of("t<&>", windows(2), sizes(1000)).html();
    assertFalse(html.contains(ODD), "raw key text");
    assertFalse(html.contains("t<&>"), "raw table name");
    assertTrue(html.contains("a&lt;b&gt;&amp;&quot;c&apos;"), html);
    Document page = parse(html);
    NodeList labels = nodes(page, "//*[@class='partition']");
    assertEquals("[\"4\", \"" + ODD + "\")", labels.item(1).getFirstChild().getTextContent());
    assertEquals("Hotspot heatmap of t<&>", nodes(page, "//title").item(0).getTextContent());
  }

  @Test
  void keysPastTheGuidelineAreListedWithTheRuleLinked() throws Exception {
    Document page = parse(HotspotHeatmap.of("t", windows(1), sizes(1000)).html());
    NodeList oversized = nodes(page, "//*[@id='oversized-keys']/*[@class='oversized-key']");
    assertEquals(1, oversized.getLength());
    Element key = (Element) oversized.item(0);
    assertEquals("5000", key.getAttribute("data-bytes"));
    assertTrue(
        key.getTextContent().contains("over the 1000 bytes guideline"), key.getTextContent());
    assertEquals(
        "https://github.com/widekey/widekey/blob/main/docs/rules.md#wk301",
        ((Element) nodes(key, ".//a").item(0)).getAttribute("href"));
    assertEquals(
        2, nodes(page, "//*[@id='largest-keys']//tr[contains(@class,'largest-key')]").getLength());

    Document none =
        parse(
            HotspotHeatmap.of("t", windows(1), sizes(StoreLimits.PARTITION_KEY_BYTES_GUIDELINE))
                .html());
    assertEquals(0, nodes(none, "//*[@class='oversized-key']").getLength());
    assertTrue(
        nodes(none, "//*[@id='no-oversized-key']").item(0).getTextContent().contains("10 GB"));
  }

  @Test
  void anEmptyPageSaysWhyAndWritesToAFile(@TempDir Path dir) throws Exception {
    Path file = HotspotHeatmap.of("t", List.of(), null).writeTo(dir.resolve("a/b/t.html"));
    Document page = parse(Files.readString(file));
    assertEquals(1, nodes(page, "//*[@id='no-windows']").getLength());
    assertEquals(0, nodes(page, "//*[@class='cell']").getLength());
    assertEquals(1, nodes(page, "//*[@id='writes']").getLength());
    assertEquals(1, nodes(page, "//*[@id='reads']").getLength());
  }

  /** The page parsed as XML (with its one HTML-only void tag closed): proves it well formed. */
  private static Document parse(String html) throws Exception {
    String xml = html.replace("<meta charset=\"utf-8\">", "<meta charset=\"utf-8\"/>");
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
    return f.newDocumentBuilder()
        .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }

  private static NodeList nodes(Object context, String xpath) throws Exception {
    XPath x = XPathFactory.newInstance().newXPath();
    return (NodeList) x.evaluate(xpath, context, XPathConstants.NODESET);
  }
}
