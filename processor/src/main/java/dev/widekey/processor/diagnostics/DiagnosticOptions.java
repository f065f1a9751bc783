package dev.widekey.processor.diagnostics;

import dev.widekey.core.Rule;
import dev.widekey.core.RuleDocs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.Messager;
import javax.tools.Diagnostic;

/**
 * How a team has configured widekey's diagnostics, from the processor options of one compilation:
 * warnings made errors ({@value #WARNINGS_AS_ERRORS}), a severity per rule ({@value
 * #SEVERITY_PREFIX}{@code WK102=error|warning|ignore}) and the base address of the rule links
 * ({@value #RULES_URL}). Errors are never lowered: a design with an error is never generated from.
 *
 * <pre>{@code
 * DiagnosticOptions options = DiagnosticOptions.of(processingEnv.getOptions());
 * options.problems().forEach(p -> messager.printMessage(Diagnostic.Kind.WARNING, p));
 * }</pre>
 */
public final class DiagnosticOptions {
  /** Every widekey warning is reported as an error ({@code true} or {@code false}). */
  public static final String WARNINGS_AS_ERRORS = "widekey.warningsAsErrors";

  /** Followed by a rule id: the severity of that rule's warnings. */
  public static final String SEVERITY_PREFIX = "widekey.severity.";

  /** The base address of the rule documentation the printed links point into. */
  public static final String RULES_URL = "widekey.rulesUrl";

  /** What a rule's warnings become. */
  public enum Severity {
    /** Reported as errors: nothing is generated from the entity. */
    ERROR,
    /** Reported as warnings, also under {@value #WARNINGS_AS_ERRORS}. */
    WARNING,
    /** Not reported. */
    IGNORE;

    /** The option value that selects it. */
    String value() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** No options: warnings stay warnings, links point to {@link RuleDocs#DEFAULT_BASE_URL}. */
  public static final DiagnosticOptions DEFAULT = of(Map.of());

  private final boolean warningsAsErrors;
  private final Map<Rule, Severity> severities;
  private final String rulesUrl;
  private final List<String> problems;

  /** Rules whose errors a severity option tried to lower: each said once a compilation. */
  private final Set<Rule> loweringRefused = EnumSet.noneOf(Rule.class);

  private DiagnosticOptions(
      boolean warningsAsErrors,
      Map<Rule, Severity> severities,
      String rulesUrl,
      List<String> problems) {
    this.warningsAsErrors = warningsAsErrors;
    this.severities = severities;
    this.rulesUrl = rulesUrl;
    this.problems = problems;
  }

  /**
   * Reads the options of a compilation (all processor options; only widekey's diagnostic ones are
   * read). A value it cannot use is left at its default, and {@link #problems()} says so.
   */
  public static DiagnosticOptions of(Map<String, String> options) {
    List<String> problems = new ArrayList<>();
    // read as every true/false option of the processor is
    boolean warningsAsErrors =
        dev.widekey.processor.ProcessorOptions.flag(options, WARNINGS_AS_ERRORS, problems);
    Map<Rule, Severity> severities = new EnumMap<>(Rule.class);
    for (Map.Entry<String, String> e : new TreeMap<>(options).entrySet()) {
      if (!e.getKey().startsWith(SEVERITY_PREFIX)) {
        continue;
      }
      String id = e.getKey().substring(SEVERITY_PREFIX.length());
      Optional<Rule> rule = rule(id);
      Optional<Severity> severity = severity(e.getValue());
      if (rule.isEmpty()) {
        problems.add(
            "widekey: option "
                + e.getKey()
                + " names no rule: rule ids are "
                + Rule.values()[0]
                + " to "
                + Rule.values()[Rule.values().length - 1]
                + " (dev.widekey.core.Rule); it is ignored");
      } else if (severity.isEmpty()) {
        problems.add(
            "widekey: option "
                + e.getKey()
                + "="
                + e.getValue()
                + " is no severity: error, warning or ignore; it is ignored");
      } else {
        severities.put(rule.get(), severity.get());
      }
    }
    String rulesUrl = options.get(RULES_URL);
    if (rulesUrl == null) {
      rulesUrl = RuleDocs.DEFAULT_BASE_URL;
    } else if (rulesUrl.isBlank()) {
      problems.add(
          "widekey: option " + RULES_URL + " is blank; links use " + RuleDocs.DEFAULT_BASE_URL);
      rulesUrl = RuleDocs.DEFAULT_BASE_URL;
    } else {
      rulesUrl = rulesUrl.trim();
    }
    return new DiagnosticOptions(
        warningsAsErrors, Collections.unmodifiableMap(severities), rulesUrl, List.copyOf(problems));
  }

  /** Every option read here, for the processor's {@code getSupportedOptions}. */
  public static Set<String> names() {
    Set<String> names = new LinkedHashSet<>(List.of(WARNINGS_AS_ERRORS, RULES_URL));
    Arrays.stream(Rule.values()).forEach(r -> names.add(SEVERITY_PREFIX + r.name()));
    return names;
  }

  /** Options that could not be used, each a sentence naming the option; empty when all could. */
  public List<String> problems() {
    return problems;
  }

  /** The rule documentation's base address: {@value #RULES_URL}, or the project's by default. */
  public String rulesUrl() {
    return rulesUrl;
  }

  /** The link printed after a diagnostic of {@code rule}. */
  public String link(Rule rule) {
    return RuleDocs.link(rulesUrl, rule);
  }

  /**
   * What a warning of {@code rule} (null when the message names none) becomes, and, when it becomes
   * an error, the option that made it one; empty when it is ignored.
   */
  Optional<Outcome> warning(Rule rule) {
    Severity severity = rule == null ? null : severities.get(rule);
    if (severity == null) {
      return Optional.of(
          warningsAsErrors
              ? new Outcome(Diagnostic.Kind.ERROR, WARNINGS_AS_ERRORS + "=true")
              : new Outcome(Diagnostic.Kind.WARNING, null));
    }
    return switch (severity) {
      case ERROR ->
          Optional.of(new Outcome(Diagnostic.Kind.ERROR, SEVERITY_PREFIX + rule.name() + "=error"));
      case WARNING -> Optional.of(new Outcome(Diagnostic.Kind.WARNING, null));
      case IGNORE -> Optional.empty();
    };
  }

  /**
   * Says once a compilation, as a warning on no element, that an error of {@code rule} stays one
   * although its severity option would lower it.
   */
  void errorReported(Rule rule, Messager messager) {
    Severity severity = rule == null ? null : severities.get(rule);
    if (severity == null || severity == Severity.ERROR || !loweringRefused.add(rule)) {
      return;
    }
    messager.printMessage(
        Diagnostic.Kind.WARNING,
        "widekey: option "
            + SEVERITY_PREFIX
            + rule.name()
            + "="
            + severity.value()
            + " applies to the rule's warnings only: "
            + rule.name()
            + " reported an error, and errors are never lowered (nothing is generated from a"
            + " design with an error)");
  }

  /** A warning's kind as printed, and the option that made it an error (null if none did). */
  record Outcome(Diagnostic.Kind kind, String upgradedBy) {}

  private static Optional<Rule> rule(String id) {
    for (Rule r : Rule.values()) {
      if (r.name().equals(id)) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  private static Optional<Severity> severity(String value) {
    for (Severity s : Severity.values()) {
      if (s.value().equalsIgnoreCase(value == null ? "" : value.trim())) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }
}
