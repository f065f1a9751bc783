package dev.widekey.processor.diagnostics;

import dev.widekey.annotations.HashAlgorithm;
import dev.widekey.annotations.Profile;
import dev.widekey.core.Rule;
import dev.widekey.core.RuleDocs;
import dev.widekey.core.key.KeyAlphabet;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.key.KeyHash;
import dev.widekey.runtime.key.KeyParts;
import dev.widekey.runtime.key.KeyText;
import dev.widekey.runtime.key.Padding;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.value.Attributes;
import dev.widekey.runtime.value.Compression;
import dev.widekey.runtime.value.Money;
import java.math.BigDecimal;
import java.time.DayOfWeek;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Generates {@code docs/rules.md} ({@link RuleDocs#PATH}): one section per {@link Rule}, headed
 * exactly by its id ({@link RuleDocs#anchor}), with the rule, why it matters, its seeds, when it is
 * checked, every compiler message of the rule from the catalogue {@link Message} (placeholders
 * shown as {@code {field}}) and, for rules checked at run time, the runtime's messages, produced
 * here by running its checks on bad values, so that the page cannot drift from either. {@code
 * RulesPageTest} fails when the committed page differs; {@code -Dwidekey.rules.write=true} rewrites
 * it.
 */
final class RulesPage {
  private RulesPage() {}

  /** The command that rewrites the page, from the repository root. */
  static final String REGENERATE =
      "mvn -q -o -pl processor -am test -Dtest=RulesPageTest"
          + " -Dsurefire.failIfNoSpecifiedTests=false -Dwidekey.rules.write=true";

  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{(\\w+)}");

  /** A run-time check that breaks its rule: it throws, and its message is the example. */
  @FunctionalInterface
  interface Violation {
    void run() throws Exception;
  }

  /** The runtime's checks, each called with a value that breaks the rule it is listed under. */
  static Map<Rule, List<Violation>> violations() {
    Map<Rule, List<Violation>> v = new EnumMap<>(Rule.class);
    add(v, Rule.WK104, () -> Padding.encode("deviceId", 1_000_000, 6, false));
    add(v, Rule.WK104, () -> KeyParts.narrow("quantity", 70_000, Short.MIN_VALUE, Short.MAX_VALUE));
    add(v, Rule.WK105, () -> KeyAlphabet.parse("a-z0-9").check("sellerId", "a1,C1"));
    add(v, Rule.WK105, () -> KeyText.requireNoDelimiter("sku", "a,b", ','));
    add(v, Rule.WK105, () -> KeyText.requireWellFormed("sku", "a\uD800"));
    add(v, Rule.WK106, () -> KeyHash.strip("orderId", "0000o-17", HashAlgorithm.MD5, 4));
    for (Profile profile : Profile.values()) {
      add(v, Rule.WK109, () -> KeyText.checkLength("tenant", "t".repeat(65), 64, profile));
    }
    add(v, Rule.WK111, () -> KeyText.requireNonNull("cardId", null));
    add(
        v,
        Rule.WK112,
        () ->
            KeyParts.requireShape(
                PrimaryKey.of(PkValue.ofString("c-1")),
                List.of(
                    new PkColumn("cardId", PkType.STRING), new PkColumn("at", PkType.INTEGER))));
    add(v, Rule.WK112, () -> KeyParts.parseEnum("day", "FUNDAY", DayOfWeek.class));
    add(v, Rule.WK201, () -> Money.toMinorUnits("amount", new BigDecimal("0.001"), 2));
    add(
        v,
        Rule.WK202,
        () ->
            Attributes.checkSize(
                "body", 3L << 20, StoreLimits.of(Profile.TABLESTORE).maxAttributeBytes()));
    add(v, Rule.WK203, () -> Compression.inflate("notes", new byte[] {1, 2, 3}));
    add(v, Rule.WK206, () -> Attributes.requireWellFormed("note", "a\uD800"));
    return v;
  }

  /**
   * Where the runtime reports the rules it checks on more than one value (a table, a page, a
   * workload), which the page names instead of an example.
   */
  static Map<Rule, String> reporters() {
    Map<Rule, String> r = new EnumMap<>(Rule.class);
    r.put(Rule.WK208, "the repositories' conditional writes (`SplitTableRepository`)");
    r.put(Rule.WK210, "`TimeShardedRepository` (a null shard value, a write to a fenced period)");
    r.put(Rule.WK212, "`AttributeConverter` (a converter that fails on a value)");
    r.put(Rule.WK301, "`PartitionLoadReport` marks hotspots and oversized partition keys");
    r.put(Rule.WK302, "`BulkWriter` (shuffled or `splitInput` input, parallel workers)");
    r.put(Rule.WK303, "`RetryPolicy`, `RetryingStore`");
    r.put(Rule.WK304, "`BulkWriter`, `RetryingStore` and every store");
    r.put(Rule.WK305, "`@TimeSharded`, `TimeShardedRepository`");
    r.put(
        Rule.WK309,
        "`InvalidContinuationException` (`reason()`: MALFORMED, UNKNOWN_VERSION, BAD_SIGNATURE,"
            + " OTHER_TABLE, OTHER_QUERY)");
    return r;
  }

  private static void add(Map<Rule, List<Violation>> v, Rule rule, Violation violation) {
    v.computeIfAbsent(rule, r -> new ArrayList<>()).add(violation);
  }

  /** The message a violation throws; fails when it throws none, so a lost check shows. */
  static String messageOf(Violation violation) {
    try {
      violation.run();
    } catch (Exception e) {
      return e.getMessage();
    }
    throw new IllegalStateException("a run-time check of the rules page accepted its bad value");
  }

  /** The page. */
  static String generate() {
    Map<Rule, List<Violation>> violations = violations();
    Map<Rule, String> reporters = reporters();
    StringBuilder out = new StringBuilder();
    out.append("# The rules\n\n")
        .append("<!-- Generated by RulesPage (processor tests) from Rule, the diagnostic catalogue")
        .append(" Message and the runtime's checks; do not edit. Regenerate:\n")
        .append(REGENERATE)
        .append("\n-->\n\n")
        .append("Every rule has a stable id; each compile-time diagnostic and each run-time")
        .append(" `RuleViolationException` starts with it. A section per rule: the rule, why it")
        .append(" matters, the seed documents it comes from, when it is checked, every message")
        .append(" the compiler reports for it (placeholders in braces, such as `{field}`) and")
        .append(" what the runtime says.\n\n");
    for (Rule rule : Rule.values()) {
      out.append("- [").append(rule.name()).append("](#").append(RuleDocs.anchor(rule));
      out.append("): ").append(rule.summary()).append('\n');
    }
    for (Rule rule : Rule.values()) {
      out.append("\n## ").append(rule.name()).append("\n\n");
      out.append("**Rule:** ").append(rule.summary()).append(".\n\n");
      out.append("**Why:** ").append(rule.why()).append(".\n\n");
      out.append("**Seeds:** ").append(rule.seeds()).append(". ");
      out.append("**Checked at:** ").append(rule.checked().text()).append(".\n");
      List<Message> messages = new ArrayList<>();
      for (Message m : Message.values()) {
        if (m.rule() == rule) {
          messages.add(m);
        }
      }
      if (!messages.isEmpty()) {
        out.append("\nThe compiler says:\n\n");
        for (Message m : messages) {
          out.append("- ")
              .append(m.severity().name().toLowerCase(java.util.Locale.ROOT))
              .append(" `")
              .append(m.name())
              .append("`: ")
              .append(code(rule.name() + ": " + shown(m.template())))
              .append('\n');
        }
      }
      List<Violation> examples = violations.getOrDefault(rule, List.of());
      if (!examples.isEmpty()) {
        out.append("\nThe runtime says, for example:\n\n");
        for (Violation example : examples) {
          out.append("- ").append(code(messageOf(example))).append('\n');
        }
      }
      if (reporters.containsKey(rule)) {
        out.append("\nAt run time: ").append(reporters.get(rule)).append(".\n");
      }
    }
    return out.toString();
  }

  /** A template as the page shows it: {@code ${field}} as {@code {field}}. */
  static String shown(String template) {
    Matcher m = PLACEHOLDER.matcher(template);
    return m.replaceAll("{$1}");
  }

  /** A message as inline code, on one line (a layout diff's line breaks shown as ⏎). */
  private static String code(String text) {
    return "`" + text.replace("\n", " ⏎ ").replace("`", "'") + "`";
  }
}
