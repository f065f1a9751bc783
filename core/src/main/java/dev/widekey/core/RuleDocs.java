package dev.widekey.core;

import java.util.Locale;

/**
 * Where each rule is documented: {@code docs/rules.md}, one heading per rule id, so that a link
 * printed in a build log, a layout report or an exception opens the rule's own section.
 *
 * <pre>{@code
 * RuleDocs.link(RuleDocs.DEFAULT_BASE_URL, Rule.WK102)
 * // https://github.com/widekey/widekey/blob/main/docs/rules.md#wk102
 * }</pre>
 */
public final class RuleDocs {
  private RuleDocs() {}

  /**
   * The project's published rule documentation; a team that mirrors it sets another base (the
   * processor option {@code widekey.rulesUrl}).
   */
  public static final String DEFAULT_BASE_URL =
      "https://github.com/widekey/widekey/blob/main/docs/rules.md";

  /** The path of the rule documentation in the repository, from its root. */
  public static final String PATH = "docs/rules.md";

  /**
   * The anchor of a rule's section: its id in lower case, as GitHub and most Markdown renderers
   * derive it from a heading that is exactly the id ({@code ## WK102}).
   */
  public static String anchor(Rule rule) {
    return rule.name().toLowerCase(Locale.ROOT);
  }

  /** The link to one rule's section under {@code baseUrl}. */
  public static String link(String baseUrl, Rule rule) {
    return baseUrl + "#" + anchor(rule);
  }
}
