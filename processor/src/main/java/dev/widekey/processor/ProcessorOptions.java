package dev.widekey.processor;

import dev.widekey.processor.layout.LayoutDirectory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
    return flag(options, REPORT, new ArrayList<>());
  }

  /**
   * A true/false option, read alike for every one of them: absent is false; {@code -Aname} alone,
   * as javac's flags, or {@code true} (any case, spaces around) is true; {@code false} is false;
   * any other value is false and adds a sentence naming the option to {@code problems}, so that
   * {@code -Awidekey.report=yes} is not silently off.
   */
  public static boolean flag(Map<String, String> options, String name, List<String> problems) {
    if (!options.containsKey(name)) {
      return false;
    }
    String flag = options.get(name);
    String value = flag == null ? "" : flag.strip().toLowerCase(Locale.ROOT);
    if (value.equals("true") || value.isEmpty()) {
      return true;
    }
    if (!value.equals("false")) {
      problems.add(
          "widekey: option " + name + "=" + flag + " is neither true nor false; it is ignored");
    }
    return false;
  }

  /**
   * The options read outside the diagnostic ones (the report's, the layout lock's) that cannot be
   * used as given, each a sentence naming the option; empty when all can.
   */
  public static List<String> problems(Map<String, String> options) {
    List<String> problems = new ArrayList<>();
    flag(options, REPORT, problems);
    boolean update = flag(options, LayoutDirectory.UPDATE_OPTION, problems);
    String layouts = options.get(LayoutDirectory.OPTION);
    if (options.containsKey(LayoutDirectory.OPTION) && (layouts == null || layouts.isBlank())) {
      problems.add(
          "widekey: option " + LayoutDirectory.OPTION + " is blank; no layout is locked (WK308)");
    } else if (update && layouts == null) {
      problems.add(
          "widekey: option "
              + LayoutDirectory.UPDATE_OPTION
              + "="
              + options.get(LayoutDirectory.UPDATE_OPTION)
              + " has no layout files to update: set "
              + LayoutDirectory.OPTION
              + " to their directory; it is ignored");
    }
    return problems;
  }

  /**
   * The options that must fail the build, each a sentence naming the option: a layout directory
   * that is a file would leave the lock the build asked for off, so a changed key would pass.
   */
  public static List<String> errors(Map<String, String> options) {
    String layouts = options.get(LayoutDirectory.OPTION);
    if (layouts != null && !layouts.isBlank() && LayoutDirectory.notADirectory(layouts)) {
      return List.of(
          "widekey: option "
              + LayoutDirectory.OPTION
              + "="
              + layouts
              + " names no directory, so no layout can be checked (WK308): name the directory of"
              + " the committed layout files");
    }
    return List.of();
  }
}
