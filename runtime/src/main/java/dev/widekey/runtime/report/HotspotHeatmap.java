package dev.widekey.runtime.report;

import dev.widekey.core.Rule;
import dev.widekey.core.RuleDocs;
import dev.widekey.runtime.store.PkValue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.apache.commons.text.StringEscapeUtils;

/**
 * A table's load over time as a self-contained HTML page, in the manner of Bigtable's Key
 * Visualizer: one heatmap of row writes and one of rows read, partitions as rows in key order
 * (labelled by their key range), time windows as columns ({@link PartitionLoadSampler}), darker for
 * more load, with the busiest/mean of each window under its column, and the largest partition-key
 * values against the size guideline (rule WK301, {@link PartitionLoadReport}). A sequential key
 * shows as one dark stripe (one partition takes each window's writes); a scattered key as an even
 * tint. Inline SVG and CSS only: no script, no network.
 *
 * <pre>{@code
 * PartitionLoadSampler sampler = PartitionLoadSampler.of(store, "orders", 60);
 * ... load, sampler.sample() now and then ...
 * HotspotHeatmap.of(sampler, PartitionLoadReport.of(store, "orders", 5))
 *     .writeTo(Path.of("target/orders-heatmap.html"));
 * }</pre>
 *
 * <p>The page's parts carry stable names for tools that check it: sections {@code #writes}, {@code
 * #reads} and {@code #partition-keys}; a cell is {@code <rect class="cell" data-kind="write"
 * data-partition="3" data-window="7" data-load="1234">} (partition: the row, from 0 in key order;
 * window: the column, from 0 oldest first), a partition absent from a window (before a split) a
 * {@code rect.absent}; a window's busiest/mean a {@code text.skew} with {@code data-kind}, {@code
 * data-window} and {@code data-skew}; the legend {@code g.legend}; each partition-key value past
 * the guideline a {@code li.oversized-key} in {@code #oversized-keys}, each of the largest a {@code
 * tr.largest-key} in {@code #largest-keys}.
 */
public final class HotspotHeatmap {
  private static final int LABEL_WIDTH = 260;
  private static final int CELL_HEIGHT = 20;
  private static final int HEADER_HEIGHT = 24;
  private static final int SKEW_HEIGHT = 40;
  private static final int LEGEND_HEIGHT = 58;
  private static final int LEGEND_STEPS = 5;
  private static final int SWATCH_WIDTH = 60;
  private static final int PLOT_WIDTH = 720;
  private static final int MAX_LABEL_CHARS = 40;
  private static final String NO_LOAD_COLOUR = "#f2f2f2";
  // a sequential scale from a light to a dark red: hot reads as hot
  private static final int[] LIGHT = {0xfe, 0xe8, 0xc8};
  private static final int[] DARK = {0x99, 0x00, 0x00};

  private final String table;
  private final List<LoadWindow> windows;
  private final PartitionLoadReport sizes;
  private final String rulesBaseUrl;
  private final Map<LoadKind, Long> scaleMax;

  private HotspotHeatmap(
      String table,
      List<LoadWindow> windows,
      PartitionLoadReport sizes,
      String rulesBaseUrl,
      Map<LoadKind, Long> scaleMax) {
    this.table = Objects.requireNonNull(table, "table");
    this.windows = List.copyOf(windows);
    this.sizes = sizes;
    this.rulesBaseUrl = Objects.requireNonNull(rulesBaseUrl, "rulesBaseUrl");
    this.scaleMax = Map.copyOf(scaleMax);
  }

  /**
   * The heatmap of {@code windows} of {@code table}, with the largest partition-key values of
   * {@code sizes} (null: no such list).
   */
  public static HotspotHeatmap of(
      String table, List<LoadWindow> windows, PartitionLoadReport sizes) {
    return new HotspotHeatmap(table, windows, sizes, RuleDocs.DEFAULT_BASE_URL, Map.of());
  }

  /** The heatmap of the windows {@code sampler} keeps now. */
  public static HotspotHeatmap of(PartitionLoadSampler sampler, PartitionLoadReport sizes) {
    return of(sampler.table(), sampler.windows(), sizes);
  }

  /** This heatmap with rule links under another base (a mirror of {@code docs/rules.md}). */
  public HotspotHeatmap withRulesBaseUrl(String rulesBaseUrl) {
    return new HotspotHeatmap(table, windows, sizes, rulesBaseUrl, scaleMax);
  }

  /**
   * This heatmap with its colour scale of {@code kind} running up to {@code max} rows per window
   * rather than to its busiest cell, so that heatmaps of several tables or runs compare by colour:
   * a cell of {@code max} or more is the darkest.
   *
   * <pre>{@code heatmap.withScaleMax(LoadKind.WRITE, 500) // as dark as 500 writes a window}</pre>
   */
  public HotspotHeatmap withScaleMax(LoadKind kind, long max) {
    if (max <= 0) {
      throw new IllegalArgumentException("scale maximum " + max + "; it is positive");
    }
    Map<LoadKind, Long> scales = new HashMap<>(scaleMax);
    scales.put(kind, max);
    return new HotspotHeatmap(table, windows, sizes, rulesBaseUrl, scales);
  }

  /**
   * The partitions' key ranges as the rows show them, in key order: every range any window lists
   * (after a split, the parent's and the daughters').
   */
  public List<String> rowLabels() {
    return rows().stream().map(HotspotHeatmap::rangeText).toList();
  }

  /** Writes the page to {@code file}, creating its directory. */
  public Path writeTo(Path file) {
    try {
      Path dir = file.toAbsolutePath().getParent();
      if (dir != null) {
        Files.createDirectories(dir);
      }
      return Files.writeString(file, html(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write heatmap " + file, e);
    }
  }

  /** The page: valid HTML5 with inline SVG and CSS. */
  public String html() {
    StringBuilder h = new StringBuilder(8192);
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    h.append("<title>Hotspot heatmap of ").append(esc(table)).append("</title>\n");
    h.append("<style>\n")
        .append("body{font-family:sans-serif;margin:1.5em;color:#222}\n")
        .append("svg{display:block;margin:.5em 0}\n")
        .append("svg text{font-size:11px;font-family:monospace}\n")
        .append("table{border-collapse:collapse}td,th{padding:2px 8px;text-align:left}\n")
        .append(".oversized-key{color:#990000}\n")
        .append("</style>\n</head>\n<body>\n");
    h.append("<h1>Hotspot heatmap of table <code>").append(esc(table)).append("</code></h1>\n");
    List<Row> rows = rows();
    if (windows.isEmpty()) {
      h.append("<p id=\"no-windows\">No time window sampled yet: a window closes at the")
          .append(" sampler's second sample.</p>\n");
    } else {
      h.append("<p>")
          .append(windows.size())
          .append(windows.size() == 1 ? " time window" : " time windows")
          .append(" from ")
          .append(esc(windows.get(0).start().toString()))
          .append(" to ")
          .append(esc(windows.get(windows.size() - 1).end().toString()))
          .append(", columns oldest first; ")
          .append(rows.size())
          .append(rows.size() == 1 ? " partition" : " partitions")
          .append(", rows in key order. A darker cell took more load. One dark row across the")
          .append(" windows is a hotspot: one partition takes the table's writes, as a sequential")
          .append(" key makes it (rule ")
          .append(ruleLink(Rule.WK102))
          .append("). Under each column the window's busiest/mean: ")
          .append(esc(BusiestOverMean.MEANING))
          .append(rows.size() == 1 ? "; a table of one partition always shows 1.00" : "")
          .append(".</p>\n");
    }
    section(h, LoadKind.WRITE, "writes", "Row writes per partition and window", rows);
    section(h, LoadKind.READ, "reads", "Rows read per partition and window", rows);
    partitionKeys(h);
    h.append("</body>\n</html>\n");
    return h.toString();
  }

  private void section(StringBuilder h, LoadKind kind, String id, String title, List<Row> rows) {
    h.append("<section id=\"").append(id).append("\">\n<h2>").append(title).append("</h2>\n");
    if (windows.isEmpty()) {
      h.append("</section>\n");
      return;
    }
    long max = 0;
    for (LoadWindow w : windows) {
      for (PartitionLoad p : w.partitions()) {
        max = Math.max(max, p.load(kind));
      }
    }
    max = scaleMax.getOrDefault(kind, max);
    int cellWidth = Math.max(6, Math.min(40, PLOT_WIDTH / windows.size()));
    int plotTop = HEADER_HEIGHT;
    int skewTop = plotTop + rows.size() * CELL_HEIGHT;
    int legendTop = skewTop + SKEW_HEIGHT;
    int legendWidth = (LEGEND_STEPS + 1) * SWATCH_WIDTH + 20;
    int width = LABEL_WIDTH + Math.max(windows.size() * cellWidth, legendWidth) + 10;
    int height = legendTop + LEGEND_HEIGHT;
    h.append(
            String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                    + " viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">%n",
                width,
                height,
                width,
                height,
                esc(title)))
        .append(
            text(
                LABEL_WIDTH,
                16,
                "window →",
                "",
                "time windows, oldest first, one per sample of the counters"));
    for (int r = 0; r < rows.size(); r++) {
      Row row = rows.get(r);
      String label = rangeText(row);
      String shown =
          label.length() > MAX_LABEL_CHARS ? label.substring(0, MAX_LABEL_CHARS - 1) + "…" : label;
      h.append(
          text(
              4,
              plotTop + r * CELL_HEIGHT + 14,
              shown,
              " class=\"partition\" data-partition=\"" + r + "\"",
              "partition " + r + ": " + label));
    }
    for (int c = 0; c < windows.size(); c++) {
      LoadWindow w = windows.get(c);
      Map<Row, PartitionLoad> byRow = new HashMap<>();
      for (PartitionLoad p : w.partitions()) {
        byRow.put(new Row(p.start(), p.end()), p);
      }
      int x = LABEL_WIDTH + c * cellWidth;
      for (int r = 0; r < rows.size(); r++) {
        int y = plotTop + r * CELL_HEIGHT;
        PartitionLoad p = byRow.get(rows.get(r));
        if (p == null) {
          h.append(
              String.format(
                  Locale.ROOT,
                  "<rect class=\"absent\" data-kind=\"%s\" data-partition=\"%d\""
                      + " data-window=\"%d\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\""
                      + " fill=\"#ffffff\" stroke=\"#dddddd\"><title>%s</title></rect>%n",
                  kind.id(),
                  r,
                  c,
                  x,
                  y,
                  cellWidth,
                  CELL_HEIGHT,
                  esc("partition " + r + " did not exist in window " + c)));
          continue;
        }
        long load = p.load(kind);
        h.append(
            String.format(
                Locale.ROOT,
                "<rect class=\"cell\" data-kind=\"%s\" data-partition=\"%d\" data-window=\"%d\""
                    + " data-load=\"%d\"%s x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\""
                    + " fill=\"%s\"><title>%s</title></rect>%n",
                kind.id(),
                r,
                c,
                load,
                p.newRange() ? " data-new-range=\"true\"" : "",
                x,
                y,
                cellWidth,
                CELL_HEIGHT,
                colour(load, max),
                esc(
                    "partition "
                        + r
                        + " "
                        + rangeText(rows.get(r))
                        + ", window "
                        + c
                        + " ("
                        + w.start()
                        + " to "
                        + w.end()
                        + "): "
                        + load
                        + (kind == LoadKind.WRITE ? " row writes" : " rows read")
                        + (p.newRange() ? " (a new range: counted since it appeared)" : ""))));
      }
      double skew = w.skew(kind);
      int tx = x + cellWidth / 2 + 4;
      int ty = skewTop + SKEW_HEIGHT - 4;
      h.append(
          String.format(
              Locale.ROOT,
              "<text class=\"skew\" data-kind=\"%s\" data-window=\"%d\" data-skew=\"%s\""
                  + " x=\"%d\" y=\"%d\" transform=\"rotate(-90 %d %d)\"%s>%s<title>%s</title>"
                  + "</text>%n",
              kind.id(),
              c,
              BusiestOverMean.format(skew),
              tx,
              ty,
              tx,
              ty,
              skew > 2 ? " fill=\"#990000\"" : "",
              BusiestOverMean.format(skew),
              esc(
                  "window "
                      + c
                      + ": busiest/mean "
                      + BusiestOverMean.format(skew)
                      + " of "
                      + w.total(kind)
                      + " rows ("
                      + BusiestOverMean.MEANING
                      + ")")));
    }
    h.append(text(4, skewTop + 24, "busiest/mean ↑", "", BusiestOverMean.MEANING));
    legend(h, kind, max, legendTop);
    h.append("</svg>\n</section>\n");
  }

  private static void legend(StringBuilder h, LoadKind kind, long max, int top) {
    h.append("<g class=\"legend\" data-kind=\"")
        .append(kind.id())
        .append("\" data-max-load=\"")
        .append(max)
        .append("\">\n");
    h.append(
        text(
            4,
            top + 14,
            kind == LoadKind.WRITE ? "row writes per window:" : "rows read per window:",
            "",
            "the colour scale, linear from no load to its maximum (the busiest cell unless set)"));
    for (int i = 0; i <= LEGEND_STEPS; i++) {
      long value = Math.round((double) max * i / LEGEND_STEPS);
      int x = LABEL_WIDTH + i * SWATCH_WIDTH;
      h.append(
          String.format(
              Locale.ROOT,
              "<rect class=\"swatch\" data-load=\"%d\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"14\""
                  + " fill=\"%s\" stroke=\"#cccccc\"/>%n",
              value,
              x,
              top + 2,
              SWATCH_WIDTH,
              colour(value, max)));
      h.append(text(x, top + 30, Long.toString(value), "", ""));
    }
    h.append(
        text(
            4,
            top + 48,
            "grey: no load; white, outlined: no such range in that window",
            "",
            "a range appears after a split or merge, and disappears with one"));
    h.append("</g>\n");
  }

  private void partitionKeys(StringBuilder h) {
    h.append("<section id=\"partition-keys\">\n<h2>Largest partition-key values</h2>\n");
    if (sizes == null) {
      h.append("<p>Not measured: no partition load report was given.</p>\n</section>\n");
      return;
    }
    h.append("<p>Rule ")
        .append(ruleLink(Rule.WK301))
        .append(" keeps the data under one partition-key value within ")
        .append(esc(sizes.guidelineText()))
        .append(" (the guideline this report used: ")
        .append(sizes.guidelineBytes())
        .append(" bytes). A value past it is one partition's data that no split can divide:")
        .append(" splice another column into the partition key.</p>\n");
    List<PartitionLoadReport.KeySize> oversized = sizes.oversizedKeys();
    if (oversized.isEmpty()) {
      h.append("<p id=\"no-oversized-key\">No partition-key value is past ")
          .append(esc(sizes.guidelineText()))
          .append(" among the ")
          .append(sizes.largestKeys().size())
          .append(" largest.</p>\n");
    } else {
      h.append("<ul id=\"oversized-keys\">\n");
      for (PartitionLoadReport.KeySize k : oversized) {
        h.append("<li class=\"oversized-key\" data-bytes=\"")
            .append(k.bytes())
            .append("\"><code>")
            .append(esc(k.partitionKey().toString()))
            .append("</code>: ")
            .append(k.rows())
            .append(" rows, ")
            .append(k.bytes())
            .append(" bytes, over the ")
            .append(esc(sizes.guidelineText()))
            .append(" guideline (")
            .append(ruleLink(Rule.WK301))
            .append(")</li>\n");
      }
      h.append("</ul>\n");
    }
    if (!sizes.largestKeys().isEmpty()) {
      h.append("<table id=\"largest-keys\">\n<tr><th>partition key</th><th>rows</th>")
          .append("<th>bytes</th></tr>\n");
      for (PartitionLoadReport.KeySize k : sizes.largestKeys()) {
        h.append("<tr class=\"largest-key")
            .append(k.over(sizes.guidelineBytes()) ? " oversized-key" : "")
            .append("\"><td><code>")
            .append(esc(k.partitionKey().toString()))
            .append("</code></td><td>")
            .append(k.rows())
            .append("</td><td>")
            .append(k.bytes())
            .append("</td></tr>\n");
      }
      h.append("</table>\n");
    }
    h.append("</section>\n");
  }

  private String ruleLink(Rule rule) {
    return "<a href=\"" + esc(RuleDocs.link(rulesBaseUrl, rule)) + "\">" + rule + "</a>";
  }

  private static String text(int x, int y, String content, String attributes, String tooltip) {
    return String.format(
        Locale.ROOT,
        "<text x=\"%d\" y=\"%d\"%s>%s%s</text>%n",
        x,
        y,
        attributes,
        esc(content),
        tooltip.isEmpty() ? "" : "<title>" + esc(tooltip) + "</title>");
  }

  /** The colour of {@code load} on a scale up to {@code max}: grey for none, light to dark red. */
  static String colour(long load, long max) {
    if (load <= 0 || max <= 0) {
      return NO_LOAD_COLOUR;
    }
    double t = Math.min(1.0, (double) load / max);
    StringBuilder c = new StringBuilder("#");
    for (int i = 0; i < 3; i++) {
      c.append(String.format(Locale.ROOT, "%02x", Math.round(LIGHT[i] + (DARK[i] - LIGHT[i]) * t)));
    }
    return c.toString();
  }

  private static String esc(String text) {
    return StringEscapeUtils.escapeXml10(text);
  }

  /** Every range the windows list, in key order. */
  private List<Row> rows() {
    TreeSet<Row> rows = new TreeSet<>(ROW_ORDER);
    for (LoadWindow w : windows) {
      for (PartitionLoad p : w.partitions()) {
        rows.add(new Row(p.start(), p.end()));
      }
    }
    return List.copyOf(rows);
  }

  private static String rangeText(Row row) {
    return PartitionLoad.rangeText(row.start(), row.end());
  }

  private static final Comparator<PkValue> START_ORDER =
      Comparator.nullsFirst(Comparator.naturalOrder());
  private static final Comparator<PkValue> END_ORDER =
      Comparator.nullsLast(Comparator.naturalOrder());
  private static final Comparator<Row> ROW_ORDER =
      Comparator.comparing(Row::start, START_ORDER).thenComparing(Row::end, END_ORDER);

  /** One row of the heatmaps: a partition's key range. */
  private record Row(PkValue start, PkValue end) {}
}
