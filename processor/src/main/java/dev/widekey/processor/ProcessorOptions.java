package dev.widekey.processor;

import dev.widekey.core.RuleDocs;
import java.util.Map;

/**
 * The processor options ({@code -A<name>=<value>}) that more than one part of the processor reads:
 * one home for each option's name and its default.
 *
 * <pre>{@code
 * <compilerArgs>
 *   <arg>-Awidekey.report=true</arg>
 *   <arg>-Awidekey.rulesUrl=https://wiki.example.com/widekey/rules</arg>
 * </compilerArgs>
 * }</pre>
 */
public final class ProcessorOptions {
  private ProcessorOptions() {}

  /**
   * {@code widekey.rulesUrl}: the base address of the rule documentation that links to a rule's
   * section are made from ({@link RuleDocs#link}); {@link RuleDocs#DEFAULT_BASE_URL} when unset.
   */
  public static final String RULES_URL = "widekey.rulesUrl";

  /**
   * {@code widekey.report}: {@code true} writes a key-layout report per entity, and an index of
   * them, under {@code widekey-report/} of the generated sources.
   */
  public static final String REPORT = "widekey.report";

  /** The rule documentation's base address the options ask for. */
  public static String rulesUrl(Map<String, String> options) {
    String url = options.get(RULES_URL);
    return url == null || url.isBlank() ? RuleDocs.DEFAULT_BASE_URL : url.strip();
  }

  /** Whether the options ask for the key-layout report: {@code -Awidekey.report} alone does too. */
  public static boolean report(Map<String, String> options) {
    if (!options.containsKey(REPORT)) {
      return false;
    }
    String value = options.get(REPORT);
    return value == null || Boolean.parseBoolean(value.strip());
  }
}
