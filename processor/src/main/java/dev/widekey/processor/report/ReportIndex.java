package dev.widekey.processor.report;

import static dev.widekey.processor.report.ReportText.code;
import static dev.widekey.processor.report.ReportText.html;
import static dev.widekey.processor.report.ReportText.markdown;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The index of a compilation's key-layout reports ({@code index.html} and {@code index.md}): every
 * entity, by qualified name, with its tables and a link to its page. In the HTML, {@code #entities}
 * holds a {@code tr.entity} ({@code data-entity}) per entity with an {@code a.entity-link}.
 */
public final class ReportIndex {
  private ReportIndex() {}

  /** The index page's file name, without extension. */
  public static final String STEM = "index";

  /** The index as an HTML page. */
  public static String renderHtml(List<EntityReport> reports) {
    StringBuilder out = new StringBuilder();
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>Key layouts</title>\n<style>\n")
        .append(LayoutReportPage.CSS)
        .append("</style>\n</head>\n<body>\n<main>\n<h1>Key layouts</h1>\n")
        .append("<table id=\"entities\">\n<thead><tr><th>entity</th><th>tables</th>")
        .append("<th>profile</th></tr></thead>\n<tbody>\n");
    for (EntityReport r : sorted(reports)) {
      List<String> tables = new ArrayList<>();
      r.tables().forEach(t -> tables.add("<code>" + html(t.storedName()) + "</code>"));
      out.append("<tr class=\"entity\" data-entity=\"")
          .append(html(r.entity()))
          .append("\"><td><a class=\"entity-link\" href=\"")
          .append(html(r.fileStem()))
          .append(".html\">")
          .append(html(r.entity()))
          .append("</a></td><td>")
          .append(String.join(", ", tables))
          .append("</td><td>")
          .append(html(r.tables().get(0).layout().profile()))
          .append("</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n</main>\n</body>\n</html>\n");
    return out.toString();
  }

  /** The index as Markdown. */
  public static String renderMarkdown(List<EntityReport> reports) {
    StringBuilder out = new StringBuilder("# Key layouts\n\n| entity | tables | profile |\n");
    out.append("|---|---|---|\n");
    for (EntityReport r : sorted(reports)) {
      List<String> tables = new ArrayList<>();
      r.tables().forEach(t -> tables.add(code(t.storedName())));
      out.append("| [")
          .append(markdown(r.entity()))
          .append("](")
          .append(r.fileStem().replace(" ", "%20"))
          .append(".md) | ")
          .append(String.join(", ", tables))
          .append(" | ")
          .append(r.tables().get(0).layout().profile())
          .append(" |\n");
    }
    return out.toString();
  }

  private static List<EntityReport> sorted(List<EntityReport> reports) {
    List<EntityReport> sorted = new ArrayList<>(reports);
    sorted.sort(Comparator.comparing(EntityReport::entity));
    return sorted;
  }
}
