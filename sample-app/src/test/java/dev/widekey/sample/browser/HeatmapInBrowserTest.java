package dev.widekey.sample.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.sample.SampleApp;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample app's two hotspot heatmaps as a person sees them in a browser: valid HTML, a drawn
 * page, and in the screenshot the sequential import's hot stripe (one partition's cells dark in
 * every window, the rest light) and the hash-prefixed import's even tint (no cell dark).
 */
class HeatmapInBrowserTest {
  private static final int WIDTH = 1280;
  private static final int HEIGHT = 1200;
  private static final String WRITE_CELLS = "#writes rect.cell[data-kind=write]";

  @TempDir static Path dir;
  static Path sequential;
  static Path hashed;

  @BeforeAll
  static void runTheSampleApp() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (WideTableStore store = EmbeddedStore.inMemory();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      new SampleApp(store, out, dir).run();
    }
    sequential = dir.resolve("sequential.html");
    hashed = dir.resolve("hashed.html");
  }

  @Test
  void bothPagesAreValidHtml() throws Exception {
    assertEquals(List.of(), NuHtmlChecker.errors(sequential), "sequential.html");
    assertEquals(List.of(), NuHtmlChecker.errors(hashed), "hashed.html");
  }

  @Test
  void bothPagesDrawAHeatmap() throws Exception {
    HeadlessChromium chromium = browser();
    for (Path page : List.of(sequential, hashed)) {
      Screenshots shot = Screenshots.of(chromium.screenshot(page, WIDTH, HEIGHT));
      assertTrue(shot.inkShare() > 0.05, page + " is nearly blank: " + shot);
      assertTrue(shot.colours() > 10, page + " has too few colours for a heatmap: " + shot);
    }
  }

  @Test
  void theSequentialImportShowsOneDarkStripe() throws Exception {
    HeadlessChromium chromium = browser();
    Document dom = Jsoup.parse(chromium.dumpDom(sequential));
    Map<Integer, Integer> hottestByWindow = hottestPartitionByWindow(dom);
    assertEquals(SampleApp.HEATMAP_WINDOWS, hottestByWindow.size());
    assertEquals(1, Set.copyOf(hottestByWindow.values()).size(), "one partition in every window");
    int hot = hottestByWindow.get(0);

    List<SeenCells.Seen> cells = SeenCells.of(chromium, sequential, WRITE_CELLS, WIDTH, HEIGHT);
    assertEquals(dom.select(WRITE_CELLS).size(), cells.size(), "every write cell is on screen");
    for (SeenCells.Seen cell : cells) {
      int partition = Integer.parseInt(cell.element().attr("data-partition"));
      if (partition == hot) {
        assertTrue(cell.luminance() < 0.35, "the hot partition is dark: " + describe(cell));
      } else {
        assertTrue(cell.luminance() > 0.85, "the other partitions are light: " + describe(cell));
      }
    }
  }

  @Test
  void theHashPrefixedImportShowsNoDarkCell() throws Exception {
    HeadlessChromium chromium = browser();
    List<SeenCells.Seen> cells = SeenCells.of(chromium, hashed, WRITE_CELLS, WIDTH, HEIGHT);
    assertTrue(cells.size() >= SampleApp.HEATMAP_WINDOWS * 2, "cells on screen: " + cells.size());
    for (SeenCells.Seen cell : cells) {
      assertTrue(cell.luminance() > 0.6, "no partition stands out: " + describe(cell));
    }
    // and the writes did land: every cell is tinted, none left at the no-load grey
    Map<Integer, Long> tinted =
        cells.stream()
            .collect(Collectors.groupingBy(c -> c.rgb(), TreeMap::new, Collectors.counting()));
    assertTrue(tinted.size() > 1, "an even tint still varies a little: " + tinted);
  }

  private static Map<Integer, Integer> hottestPartitionByWindow(Document dom) {
    Map<Integer, Integer> hottest = new TreeMap<>();
    Map<Integer, Long> loads = new TreeMap<>();
    for (var cell : dom.select(WRITE_CELLS)) {
      int window = Integer.parseInt(cell.attr("data-window"));
      long load = Long.parseLong(cell.attr("data-load"));
      if (load > loads.getOrDefault(window, -1L)) {
        loads.put(window, load);
        hottest.put(window, Integer.parseInt(cell.attr("data-partition")));
      }
    }
    return hottest;
  }

  private static String describe(SeenCells.Seen cell) {
    return String.format(
        "partition %s window %s load %s seen #%06x",
        cell.element().attr("data-partition"),
        cell.element().attr("data-window"),
        cell.element().attr("data-load"),
        cell.rgb());
  }

  private static HeadlessChromium browser() throws Exception {
    return HeadlessChromium.forTest(dir.resolve("chromium"));
  }
}
