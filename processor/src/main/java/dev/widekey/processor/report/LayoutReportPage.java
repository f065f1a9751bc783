package dev.widekey.processor.report;

import dev.widekey.core.RuleDocs;
import dev.widekey.core.layout.AttributeLayout;
import dev.widekey.core.layout.KeyColumnLayout;
import dev.widekey.core.layout.TableLayout;
import java.util.List;
import java.util.Locale;

/**
 * An entity's key-layout report as one self-contained HTML5 page: inline CSS, no script, font or
 * other file fetched. Elements a test or a browser check can rely on:
 *
 * <ul>
 *   <li>{@code section.table#table-<id>} per table ({@code hot}, {@code cold}, {@code chunks},
 *       {@code index-<name>}), with {@code data-role} and {@code data-table};
 *   <li>{@code #key-<id>} holding a {@code .key-column} per primary-key column ({@code
 *       #key-<id>-<n>}, {@code data-column}, {@code data-type}, {@code data-source}), whose {@code
 *       .seg} elements are its segments in order: {@code .seg-<part>} with {@code data-part},
 *       {@code data-kind}, {@code data-width} (fixed widths only) and {@code data-traits};
 *   <li>{@code #examples-<id>}: rows {@code tr.example-key} in store order ({@code .key-value} per
 *       column, whose text is the stored value, its hash prefix or bucket marked by a {@code
 *       span.key-prefix}; {@code .example-values}) and {@code tr.split-point} ({@code data-point})
 *       where a pre-split partition starts;
 *   <li>{@code #rules}: {@code li.rule#rule-<id>} ({@code data-rule}), linking to the rule's
 *       section.
 * </ul>
 */
public final class LayoutReportPage {
  private LayoutReportPage() {}

  /** The page's style: one colour per segment part. */
  static final String CSS =
      """
      body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem;color:#1b1f23}
      code{font-family:ui-monospace,monospace}
      h1{margin-bottom:.2rem}
      .key-column{margin:.8rem 0}
      .bar{display:flex;border:1px solid #888;border-radius:4px;overflow:hidden;min-height:3rem}
      .seg{flex-basis:0;min-width:4rem;padding:.3rem;border-right:1px solid #888;font-size:.85rem}
      .seg:last-child{border-right:none}
      .seg-label{display:block;font-weight:600}
      .seg-detail{display:block;color:#444}
      .seg-hash{background:#fde2c8}.seg-bucket{background:#f9d3e6}.seg-value{background:#d6ecfb}
      .seg-delimiter{background:#eee;min-width:1.5rem;flex-grow:0}
      .seg-tag,.seg-chunk-part,.seg-ref{background:#e3e3f7}
      .seg-descending{background:#d2f1d9}.seg-reversed{background:#fff4c2}
      table{border-collapse:collapse;margin:.5rem 0}
      td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}
      tr.split-point td{border-top:3px dashed #c0392b;color:#c0392b;font-size:.85rem}
      .rule-why{margin:.2rem 0 .6rem;color:#444}
      .key-prefix{padding:0 .1rem;border-radius:2px}
      """;

  /**
   * The page.
   *
   * @param rulesUrl the rule documentation's base address ({@link RuleDocs#link})
   */
  public static String render(EntityReport report, String rulesUrl) {
    StringBuilder out = new StringBuilder();
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>Key layout of ")
        .append(h(report.simpleName()))
        .append("</title>\n<style>\n")
        .append(CSS)
        .append("</style>\n</head>\n<body>\n<header>\n<h1 id=\"entity\" data-entity=\"")
        .append(h(report.entity()))
        .append("\">Key layout of ")
        .append(h(report.simpleName()))
        .append("</h1>\n<p><code>")
        .append(h(report.entity()))
        .append("</code>, profile ")
        .append(h(report.tables().get(0).layout().profile()))
        .append(". <a href=\"index.html\">All entities</a></p>\n</header>\n<main>\n");
    out.append("<nav>\n<h2>Tables</h2>\n<ul id=\"tables\">\n");
    for (TableReport t : report.tables()) {
      out.append("<li><a href=\"#table-")
          .append(h(t.id()))
          .append("\"><code>")
          .append(h(t.storedName()))
          .append("</code></a> ")
          .append(h(t.purpose()))
          .append("</li>\n");
    }
    out.append("</ul>\n</nav>\n");
    for (TableReport t : report.tables()) {
      table(out, t);
    }
    out.append("<section id=\"rules\">\n<h2>Rules that apply</h2>\n<ul>\n");
    for (AppliedRule r : report.rules()) {
      String id = RuleDocs.anchor(r.rule());
      out.append("<li class=\"rule\" id=\"rule-")
          .append(h(id))
          .append("\" data-rule=\"")
          .append(r.rule().name())
          .append("\"><a href=\"")
          .append(h(RuleDocs.link(rulesUrl, r.rule())))
          .append("\">")
          .append(r.rule().name())
          .append("</a> ")
          .append(h(r.rule().summary()))
          .append("\n<p class=\"rule-why\">Here: ")
          .append(h(r.why()))
          .append(".</p></li>\n");
    }
    out.append("</ul>\n</section>\n</main>\n</body>\n</html>\n");
    return out.toString();
  }

  private static void table(StringBuilder out, TableReport t) {
    TableLayout layout = t.layout();
    String id = h(t.id());
    out.append("<section class=\"table\" id=\"table-")
        .append(id)
        .append("\" data-role=\"")
        .append(layout.role())
        .append("\" data-table=\"")
        .append(h(t.storedName()))
        .append("\">\n<h2>")
        .append(h(ReportText.capitalized(t.purpose())))
        .append(" <code>")
        .append(h(t.storedName()))
        .append("</code></h2>\n");
    if (layout.sharding() != null) {
      out.append("<p class=\"sharding\">One table per ")
          .append(h(layout.sharding().period().toLowerCase(Locale.ROOT)))
          .append(" of <code>")
          .append(h(layout.sharding().by()))
          .append("</code>, named <code>")
          .append(h(t.storedName()))
          .append("</code>.</p>\n");
    }
    if (layout.ttlSeconds() != -1) {
      out.append("<p class=\"ttl\">Rows live ")
          .append(layout.ttlSeconds())
          .append(" seconds.</p>\n");
    }
    out.append("<h3>Primary key</h3>\n<div class=\"key\" id=\"key-").append(id).append("\">\n");
    List<KeyColumnLayout> key = layout.key();
    for (int i = 0; i < key.size(); i++) {
      KeyColumnLayout c = key.get(i);
      out.append("<div class=\"key-column\" id=\"key-")
          .append(id)
          .append("-")
          .append(i)
          .append("\" data-column=\"")
          .append(h(c.name()))
          .append("\" data-type=\"")
          .append(c.type())
          .append("\" data-source=\"")
          .append(c.source())
          .append("\">\n<div class=\"key-column-name\"><code>")
          .append(h(c.name()))
          .append("</code> ")
          .append(c.type())
          .append(i == 0 ? ", partition key" : "")
          .append(c.descending() ? ", descending" : "")
          .append("</div>\n<div class=\"bar\">\n");
      for (KeySegment s : KeySegments.of(c)) {
        segment(out, s);
      }
      out.append("</div>\n</div>\n");
    }
    out.append("</div>\n");
    examples(out, t);
    out.append("<h3>Attribute columns</h3>\n<ul class=\"attributes\">\n");
    for (AttributeLayout a : layout.attributes()) {
      out.append("<li><code>")
          .append(h(a.name()))
          .append("</code> ")
          .append(a.type())
          .append(", ")
          .append(h(a.encoding()))
          .append(a.field() == null ? " (widekey's own)" : "")
          .append("</li>\n");
    }
    out.append("</ul>\n</section>\n");
  }

  private static void segment(StringBuilder out, KeySegment s) {
    out.append("<div class=\"seg seg-").append(s.part());
    for (String trait : s.traits()) {
      out.append(" seg-").append(trait);
    }
    out.append("\" data-part=\"")
        .append(s.part())
        .append("\" data-kind=\"")
        .append(h(s.kind()))
        .append("\"");
    if (s.width() > 0) {
      out.append(" data-width=\"").append(s.width()).append("\"");
    }
    out.append(" data-traits=\"")
        .append(String.join(" ", s.traits()))
        .append("\" style=\"flex-grow:")
        .append(s.width() > 0 ? Math.min(s.width(), 12) : 8)
        .append("\" title=\"")
        .append(h(s.detail()))
        .append("\"><span class=\"seg-label\">")
        .append(h(s.label()))
        .append("</span><span class=\"seg-detail\">")
        .append(h(s.kind()))
        .append(s.detail().isEmpty() ? "" : ", " + h(s.detail()))
        .append("</span></div>\n");
  }

  private static void examples(StringBuilder out, TableReport t) {
    ExampleKeys examples = t.examples();
    List<KeyColumnLayout> key = t.layout().key();
    int width = key.size() + 2;
    out.append("<h3>Example keys in store order</h3>\n<table class=\"examples\" id=\"examples-")
        .append(h(t.id()))
        .append("\">\n<thead><tr><th>#</th>");
    for (KeyColumnLayout c : key) {
      out.append("<th><code>").append(h(c.name())).append("</code></th>");
    }
    out.append("<th>from the values</th></tr></thead>\n<tbody>\n");
    List<KeyExample> list = examples.examples();
    for (int i = 0; i <= list.size(); i++) {
      for (SplitMarker m : examples.splits()) {
        if (m.before() == i) {
          out.append("<tr class=\"split-point\" data-point=\"")
              .append(h(m.point()))
              .append("\"><td colspan=\"")
              .append(width)
              .append("\">split point <code>")
              .append(h(m.point()))
              .append("</code>: a pre-split partition starts here</td></tr>\n");
        }
      }
      if (i == list.size()) {
        break;
      }
      KeyExample e = list.get(i);
      out.append("<tr class=\"example-key\" data-index=\"").append(i).append("\"><td>");
      out.append(i + 1).append("</td>");
      for (int c = 0; c < key.size(); c++) {
        String col = e.columns().get(c);
        KeyColumnLayout column = key.get(c);
        int prefix = KeySegments.prefixWidth(column);
        out.append("<td><code class=\"key-value\">");
        if (prefix > 0 && col.length() >= prefix) {
          // the hash prefix or bucket, marked as its segment in the bar is
          out.append("<span class=\"key-prefix seg-")
              .append(column.hash() != null ? "hash" : "bucket")
              .append("\">")
              .append(h(col.substring(0, prefix)))
              .append("</span>")
              .append(h(col.substring(prefix)));
        } else {
          out.append(h(col));
        }
        out.append("</code></td>");
      }
      out.append("<td class=\"example-values\">")
          .append(h(String.join(", ", e.values())))
          .append("</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n");
  }

  private static String h(String s) {
    return ReportText.html(s);
  }
}
