package dev.widekey.processor.report;

import dev.widekey.core.Rule;
import dev.widekey.core.layout.KeyColumnLayout;
import dev.widekey.core.layout.KeyPartLayout;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.core.layout.TableRole;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rules that apply to an entity's design, read from its tables' layouts: every key rule the
 * design's features bring in (a hash prefix brings WK106 and WK107, padding WK103 and WK104, …), in
 * rule order, each with the reason in this design.
 */
public final class DesignRules {
  private DesignRules() {}

  /**
   * The rules of an entity whose tables are {@code tables}, the hot table first.
   *
   * @param optOutReasons each key component's {@code @NotSequential} reason, by component name: the
   *     design decision a reviewer reads, which the layout does not hold
   */
  public static List<AppliedRule> of(List<TableLayout> tables, Map<String, String> optOutReasons) {
    TableLayout hot = tables.get(0);
    KeyColumnLayout partition = hot.key().get(0);
    List<KeyColumnLayout> columns = new ArrayList<>();
    for (TableLayout t : tables) {
      columns.addAll(t.key());
    }
    List<KeyPartLayout> parts = new ArrayList<>();
    columns.forEach(c -> parts.addAll(c.parts()));
    List<AppliedRule> rules = new ArrayList<>();
    rules.add(
        new AppliedRule(
            Rule.WK101,
            "the partition key is "
                + names(partition)
                + (hot.key().size() > 1
                    ? ", followed by " + (hot.key().size() - 1) + " further key column(s)"
                    : "")));
    rules.add(new AppliedRule(Rule.WK102, leading(partition, optOutReasons)));
    boolean padded = parts.stream().anyMatch(p -> p.padWidth() > 0);
    boolean splicedNumber =
        columns.stream()
            .anyMatch(
                c -> c.parts().size() > 1 && c.parts().stream().anyMatch(p -> p.padWidth() > 0));
    if (splicedNumber) {
      rules.add(new AppliedRule(Rule.WK103, "numbers spliced into a text key are padded to sort"));
    }
    if (padded) {
      rules.add(
          new AppliedRule(
              Rule.WK104, "padded numbers are refused when they do not fit their width"));
    }
    boolean spliced = columns.stream().anyMatch(c -> c.parts().size() > 1);
    boolean alphabet = parts.stream().anyMatch(p -> p.alphabet() != null);
    if (spliced || alphabet) {
      rules.add(
          new AppliedRule(
              Rule.WK105,
              spliced
                  ? "components are spliced with '"
                      + partition.delimiter()
                      + "', which sorts below every character they may hold"
                  : "a component's characters are limited to its alphabet"));
    }
    boolean hashed = partition.hash() != null;
    boolean bucketed = partition.buckets() != null;
    if (hashed || bucketed) {
      rules.add(
          new AppliedRule(
              Rule.WK106,
              (hashed
                      ? "the partition key leads with a "
                          + partition.hash().length()
                          + "-digit hash"
                      : "the partition key leads with one of "
                          + partition.buckets().count()
                          + " buckets")
                  + "; the table is pre-split at "
                  + hot.splitPoints().size()
                  + " point(s)"));
    }
    boolean reversed = !partition.parts().isEmpty() && partition.parts().get(0).reversed();
    if (hashed || bucketed || reversed) {
      rules.add(
          new AppliedRule(
              Rule.WK107,
              "the partition key's stored order is not its values' order: no range read over it"
                  + (bucketed ? " but one merged over the buckets" : "")));
    }
    Set<String> kinds = new LinkedHashSet<>();
    parts.forEach(p -> kinds.add(p.kind()));
    rules.add(new AppliedRule(Rule.WK108, "key component kinds: " + String.join(", ", kinds)));
    rules.add(
        new AppliedRule(Rule.WK109, "every key column fits the " + hot.profile() + " limits"));
    rules.add(
        new AppliedRule(
            Rule.WK110,
            "the hot key has "
                + hot.key().size()
                + " column(s), within the "
                + hot.profile()
                + " limit"));
    rules.add(new AppliedRule(Rule.WK111, "no key component is ever null"));
    rules.add(new AppliedRule(Rule.WK112, "a stored key decodes only if it re-encodes exactly"));
    if (columns.stream().anyMatch(KeyColumnLayout::descending)) {
      rules.add(
          new AppliedRule(Rule.WK113, "a descending column is stored as an integer's complement"));
    }
    if (tables.stream().anyMatch(t -> t.role() == TableRole.COLD || t.role() == TableRole.CHUNKS)) {
      rules.add(
          new AppliedRule(
              Rule.WK204, "values read less often live in their own cold or chunk table"));
    }
    if (hot.ttlSeconds() != -1) {
      rules.add(new AppliedRule(Rule.WK209, "rows live " + hot.ttlSeconds() + " seconds"));
    }
    if (hot.sharding() != null) {
      String why =
          "tables are split by "
              + hot.sharding().period()
              + " of "
              + hot.sharding().by()
              + ", named "
              + hot.sharding().tableNaming();
      rules.add(new AppliedRule(Rule.WK210, why));
      rules.add(new AppliedRule(Rule.WK211, "every period's tables count against the profile"));
    }
    if (tables.stream().anyMatch(t -> t.role() == TableRole.INDEX)) {
      rules.add(new AppliedRule(Rule.WK306, "index tables are keyed by the indexed values"));
    }
    rules.add(new AppliedRule(Rule.WK308, "the layout shown here is locked once the tables exist"));
    return List.copyOf(rules);
  }

  private static String names(KeyColumnLayout column) {
    List<String> names = new ArrayList<>();
    column.parts().forEach(p -> names.add(p.name()));
    return String.join(" + ", names);
  }

  /** Why the leading component passes WK102: its scattering, else its opt-out with the reason. */
  private static String leading(KeyColumnLayout partition, Map<String, String> optOutReasons) {
    if (partition.hash() != null) {
      return "the leading component is scattered by its hash prefix ("
          + partition.hash().algorithm()
          + ")";
    }
    if (partition.buckets() != null) {
      return "the leading component is spread over " + partition.buckets().count() + " buckets";
    }
    if (!partition.parts().isEmpty() && partition.parts().get(0).reversed()) {
      return "the leading component's text is reversed";
    }
    String name = partition.parts().isEmpty() ? partition.name() : partition.parts().get(0).name();
    String reason = optOutReasons.get(name);
    if (reason != null) {
      // as written in the source, so that a reviewer finds it there
      return "the leading component "
          + name
          + " is stored as itself, declared @NotSequential(reason = \""
          + reason.replace("\\", "\\\\").replace("\"", "\\\"")
          + "\")";
    }
    return "the leading component " + name + " is stored as itself: its values are not sequential";
  }
}
