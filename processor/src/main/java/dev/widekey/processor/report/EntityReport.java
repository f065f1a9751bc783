package dev.widekey.processor.report;

import dev.widekey.core.layout.TableLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The facts of one entity's key-layout report, which its HTML page ({@link LayoutReportPage}) and
 * its Markdown twin ({@link LayoutReportMarkdown}) both show.
 *
 * @param entity the entity's qualified class name
 * @param tables its tables, the hot table first
 * @param rules the rules that apply to its design
 */
public record EntityReport(String entity, List<TableReport> tables, List<AppliedRule> rules) {
  public EntityReport {
    tables = List.copyOf(tables);
    rules = List.copyOf(rules);
  }

  /**
   * The report of an entity with these tables.
   *
   * @param enumConstants each {@code ENUM} key component's constants, by component name
   * @param optOutReasons each key component's {@code @NotSequential} reason, by component name
   */
  public static EntityReport of(
      List<TableLayout> tables,
      Map<String, List<String>> enumConstants,
      Map<String, String> optOutReasons) {
    List<TableReport> reports = new ArrayList<>();
    for (TableLayout t : tables) {
      reports.add(new TableReport(t, ExampleKeys.of(t, enumConstants)));
    }
    return new EntityReport(tables.get(0).entity(), reports, DesignRules.of(tables, optOutReasons));
  }

  /** The entity's simple name. */
  public String simpleName() {
    return entity.substring(entity.lastIndexOf('.') + 1);
  }

  /**
   * The file name of its page, without extension: the qualified name, unique per compilation; an
   * entity in the unnamed package named like the index page gets a suffix instead of its place.
   */
  public String fileStem() {
    return entity.equalsIgnoreCase(ReportIndex.STEM) ? entity + "-entity" : entity;
  }
}
