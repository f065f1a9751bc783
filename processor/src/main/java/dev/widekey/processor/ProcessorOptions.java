package dev.widekey.processor;

import java.util.Map;

/**
 * The key-layout report's processor option ({@code -A<name>=<value>}). The diagnostic options,
 * {@code widekey.rulesUrl} among them (the reports link to the same rule documentation), are read
 * by {@link dev.widekey.processor.diagnostics.DiagnosticOptions}; the layout lock's by {@link
 * dev.widekey.processor.layout.LayoutDirectory}.
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
   * {@code widekey.report}: {@code true} writes a key-layout report per entity, and an index of
   * them, under {@code widekey-report/} of the generated sources.
   */
  public static final String REPORT = "widekey.report";

  /** Whether the options ask for the key-layout report: {@code -Awidekey.report} alone does too. */
  public static boolean report(Map<String, String> options) {
    if (!options.containsKey(REPORT)) {
      return false;
    }
    String value = options.get(REPORT);
    return value == null || Boolean.parseBoolean(value.strip());
  }
}
