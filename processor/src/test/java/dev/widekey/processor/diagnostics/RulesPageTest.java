package dev.widekey.processor.diagnostics;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import dev.widekey.core.Rule;
import dev.widekey.core.RuleDocs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The generated rules page ({@code docs/rules.md}) is the one {@link RulesPage} produces from the
 * rules, the diagnostic catalogue and the runtime's checks; {@code -Dwidekey.rules.write=true}
 * rewrites it.
 */
class RulesPageTest {

  /** The page in the repository: the processor's tests run in {@code processor/}. */
  private static Path page() {
    Path root = Path.of("").toAbsolutePath();
    if (!Files.isDirectory(root.resolve("docs"))) {
      root = root.getParent();
    }
    return root.resolve(RuleDocs.PATH);
  }

  @Test
  void theCommittedPageIsTheGeneratedOne() throws IOException {
    String generated = RulesPage.generate();
    Path page = page();
    if (Boolean.getBoolean("widekey.rules.write")) {
      Files.writeString(page, generated, StandardCharsets.UTF_8);
    }
    String committed = Files.exists(page) ? Files.readString(page, StandardCharsets.UTF_8) : "";
    if (!committed.equals(generated)) {
      throw new AssertionError(
          RuleDocs.PATH
              + " is not what the rules, the message catalogue and the runtime's checks give:\n"
              + diff(committed, generated)
              + "\nRegenerate it (from the repository root): "
              + RulesPage.REGENERATE);
    }
  }

  @Test
  void everyRuleHasASectionHeadedByItsId() {
    String generated = RulesPage.generate();
    for (Rule rule : Rule.values()) {
      assertWithMessage("section of %s", rule)
          .that(generated)
          .contains("\n## " + rule.name() + "\n");
      assertThat(generated).contains("](#" + RuleDocs.anchor(rule) + ")");
    }
  }

  @Test
  void everyRuntimeExampleBreaksTheRuleItIsListedUnder() {
    for (Map.Entry<Rule, List<RulesPage.Violation>> e : RulesPage.violations().entrySet()) {
      assertWithMessage("%s is checked at run time", e.getKey())
          .that(e.getKey().checked())
          .isNotEqualTo(Rule.Checked.COMPILE_TIME);
      for (RulesPage.Violation v : e.getValue()) {
        assertThat(RulesPage.messageOf(v)).startsWith(e.getKey().name() + ": ");
      }
    }
  }

  @Test
  void everyCatalogueEntryFormatsWithItsPlaceholders() {
    for (Message m : Message.values()) {
      Object[] args = new Object[m.placeholders().size() * 2];
      int i = 0;
      for (String name : m.placeholders()) {
        args[i++] = name;
        args[i++] = "\u0001" + name + "\u0002"; // marks no template holds
      }
      String message = m.format(args);
      assertWithMessage("%s", m).that(message).startsWith(m.rule().name() + ": ");
      assertWithMessage("%s", m).that(message).doesNotContain("${");
      assertWithMessage("%s", m)
          .that(RulesPage.shown(m.template()))
          .isEqualTo(message.substring(7).replaceAll("\u0001(\\w+)\u0002", "{$1}"));
    }
  }

  @Test
  void aValueIsPrintedAsItIsNeverReadAsATemplate() {
    assertThat(Message.NO_PARTITION_KEY.format("type", "${type}"))
        .startsWith("WK101: ${type} has no @PartitionKey.");
  }

  /** The lines where the two differ, with a line of context on each side. */
  private static String diff(String committed, String generated) {
    String[] a = committed.split("\n", -1);
    String[] b = generated.split("\n", -1);
    int start = 0;
    while (start < a.length && start < b.length && a[start].equals(b[start])) {
      start++;
    }
    int endA = a.length;
    int endB = b.length;
    while (endA > start && endB > start && a[endA - 1].equals(b[endB - 1])) {
      endA--;
      endB--;
    }
    StringBuilder out = new StringBuilder();
    out.append("@@ line ").append(start + 1).append(" @@\n");
    if (start > 0) {
      out.append("  ").append(a[start - 1]).append('\n');
    }
    for (int i = start; i < endA && i < start + 40; i++) {
      out.append("- ").append(a[i]).append('\n');
    }
    for (int i = start; i < endB && i < start + 40; i++) {
      out.append("+ ").append(b[i]).append('\n');
    }
    if (endA < a.length) {
      out.append("  ").append(a[endA]).append('\n');
    }
    return out.toString();
  }
}
