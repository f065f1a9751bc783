package dev.widekey.processor.report;

import static dev.widekey.processor.report.ReportText.code;
import static dev.widekey.processor.report.ReportText.markdown;

import dev.widekey.core.RuleDocs;
import dev.widekey.core.layout.KeyColumnLayout;
import dev.widekey.core.layout.TableLayout;
import java.util.List;
import java.util.Locale;

/**
 * An entity's key-layout report as Markdown, the HTML page's twin for code review: per table a
 * table of each key column's segments, the example keys in store order with the split points
 * between them, and the rules with links to their sections.
 */
public final class LayoutReportMarkdown {
  private LayoutReportMarkdown() {}

  /** The split point line's mark, which a reviewer (or a test) finds among the example keys. */
  static final String SPLIT_MARK = "✂ split point";

  /**
   * The Markdown.
   *
   * @param rulesUrl the rule documentation's base address ({@link RuleDocs#link})
   */
  public static String render(EntityReport report, String rulesUrl) {
    StringBuilder out = new StringBuilder();
    out.append("# Key layout of ")
        .append(markdown(report.simpleName()))
        .append("\n\n")
        .append(code(report.entity()))
        .append(", profile ")
        .append(markdown(report.tables().get(0).layout().profile()))
        .append(". [All entities](index.md)\n\n## Tables\n\n");
    for (TableReport t : report.tables()) {
      out.append("- ")
          .append(code(t.storedName()))
          .append(": ")
          .append(markdown(t.purpose()))
          .append('\n');
    }
    for (TableReport t : report.tables()) {
      table(out, t);
    }
    out.append("\n## Rules that apply\n\n");
    for (AppliedRule r : report.rules()) {
      out.append("- [")
          .append(r.rule().name())
          .append("](")
          .append(RuleDocs.link(rulesUrl, r.rule()).replace(" ", "%20").replace(")", "%29"))
          .append(") ")
          .append(markdown(r.rule().summary()))
          .append(". Here: ")
          .append(markdown(r.why()))
          .append(".\n");
    }
    return out.toString();
  }

  private static void table(StringBuilder out, TableReport t) {
    TableLayout layout = t.layout();
    out.append("\n## ")
        .append(markdown(ReportText.capitalized(t.purpose())))
        .append(" ")
        .append(code(t.storedName()))
        .append("\n\n");
    if (layout.sharding() != null) {
      out.append("One table per ")
          .append(layout.sharding().period().toLowerCase(Locale.ROOT))
          .append(" of ")
          .append(code(layout.sharding().by()))
          .append(".\n\n");
    }
    List<KeyColumnLayout> key = layout.key();
    for (int i = 0; i < key.size(); i++) {
      KeyColumnLayout c = key.get(i);
      out.append("### Key column ")
          .append(i)
          .append(": ")
          .append(code(c.name()))
          .append(" ")
          .append(c.type())
          .append(i == 0 ? ", partition key" : "")
          .append(c.descending() ? ", descending" : "")
          .append("\n\n| # | part | holds | kind | width | encoding |\n")
          .append("|---|---|---|---|---|---|\n");
      List<KeySegment> segments = KeySegments.of(c);
      for (int j = 0; j < segments.size(); j++) {
        KeySegment s = segments.get(j);
        out.append("| ")
            .append(j)
            .append(" | ")
            .append(s.part())
            .append(" | ")
            .append(code(s.label()))
            .append(" | ")
            .append(s.kind())
            .append(" | ")
            .append(s.width() > 0 ? String.valueOf(s.width()) : "varies")
            .append(" | ")
            .append(markdown(s.detail()))
            .append(" |\n");
      }
      out.append('\n');
    }
    out.append("### Example keys in store order\n\n| # |");
    for (KeyColumnLayout c : key) {
      out.append(' ').append(code(c.name())).append(" |");
    }
    out.append(" from the values |\n|---|");
    out.append("---|".repeat(key.size() + 1)).append('\n');
    List<KeyExample> list = t.examples().examples();
    for (int i = 0; i <= list.size(); i++) {
      for (SplitMarker m : t.examples().splits()) {
        if (m.before() == i) {
          out.append("| ").append(SPLIT_MARK).append(" | ").append(code(m.point())).append(" |");
          out.append(" |".repeat(key.size())).append('\n');
        }
      }
      if (i == list.size()) {
        break;
      }
      KeyExample e = list.get(i);
      out.append("| ").append(i + 1).append(" |");
      for (String col : e.columns()) {
        out.append(' ').append(code(col)).append(" |");
      }
      out.append(' ').append(markdown(String.join(", ", e.values()))).append(" |\n");
    }
  }
}
