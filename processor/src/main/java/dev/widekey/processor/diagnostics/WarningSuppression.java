package dev.widekey.processor.diagnostics;

import dev.widekey.core.Rule;
import java.util.Locale;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;

/**
 * {@code @SuppressWarnings("widekey:WK102")} (or {@code "widekey:all"}) on an element or one that
 * encloses it silences widekey warnings of that rule reported there. javac keeps the
 * source-retention annotation on the elements of the sources it compiles, so a processor sees it;
 * on a record component it is found on the component's private field, where javac puts it.
 */
final class WarningSuppression {
  /** The prefix that marks widekey's names among a {@code @SuppressWarnings}'s values. */
  static final String PREFIX = "widekey:";

  /** The name that suppresses every widekey warning. */
  static final String ALL = PREFIX + "all";

  private WarningSuppression() {}

  /**
   * Whether a warning of {@code rule} (null: a message that names none, which only {@value #ALL}
   * silences) on {@code element} is suppressed by it or an enclosing element.
   */
  static boolean suppressed(Element element, Rule rule) {
    for (Element e = element; e != null; e = e.getEnclosingElement()) {
      SuppressWarnings annotation = e.getAnnotation(SuppressWarnings.class);
      if (annotation != null) {
        for (String name : annotation.value()) {
          if (names(name.trim(), rule)) {
            return true;
          }
        }
      }
      if (e.getKind() == ElementKind.PACKAGE || e.getKind() == ElementKind.MODULE) {
        break; // @SuppressWarnings cannot annotate a package or module
      }
    }
    return false;
  }

  private static boolean names(String name, Rule rule) {
    String lower = name.toLowerCase(Locale.ROOT);
    return lower.equals(ALL)
        || (rule != null && lower.equals(PREFIX + rule.name().toLowerCase(Locale.ROOT)));
  }
}
