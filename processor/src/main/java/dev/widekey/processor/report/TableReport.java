package dev.widekey.processor.report;

import dev.widekey.core.layout.TableLayout;
import dev.widekey.core.layout.TableRole;
import java.util.Locale;

/**
 * One table of an entity's report: its layout and its example keys.
 *
 * @param layout the table's layout
 * @param examples its example keys in store order, with its split points
 */
public record TableReport(TableLayout layout, ExampleKeys examples) {
  /**
   * A stable id for the table within its page: {@code hot}, {@code cold}, {@code chunks} or {@code
   * index-<name>} (characters other than letters, digits, {@code -} and {@code _} become {@code
   * -}).
   */
  public String id() {
    String role = layout.role().name().toLowerCase(Locale.ROOT);
    if (layout.role() == TableRole.INDEX) {
      return role + "-" + layout.index().replaceAll("[^A-Za-z0-9_-]", "-");
    }
    return role;
  }

  /**
   * The table's name as stored: its name, or for a time-sharded entity its period tables' name
   * pattern ({@code orders_yyyy_MM}).
   */
  public String storedName() {
    if (layout.sharding() == null) {
      return layout.table();
    }
    return layout.sharding().tableNaming().replace("<table>", layout.table());
  }

  /** What the table is for, in a few words. */
  public String purpose() {
    return switch (layout.role()) {
      case HOT -> "hot table";
      case COLD -> "cold table";
      case CHUNKS -> "chunk table";
      case INDEX -> "index table " + layout.index();
    };
  }
}
