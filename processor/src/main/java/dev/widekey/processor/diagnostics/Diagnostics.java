package dev.widekey.processor.diagnostics;

import dev.widekey.core.Rule;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;

/**
 * The report of one entity: every diagnostic found while it is parsed, checked and generated, each
 * placed on the exact element, annotation and annotation value at fault. Printed once, when the
 * entity is final (as Dagger's {@code ValidationReport}): an entity deferred to a later round is
 * checked again from scratch there, so what was found before is dropped, not printed twice.
 *
 * <p>The team's {@link DiagnosticOptions} and {@code @SuppressWarnings("widekey:WKnnn")} decide
 * what a warning becomes when the report is read ({@link #hasErrors()}) and printed; the rule id
 * each message starts with names its rule, and the printed message ends with the rule's link.
 */
public final class Diagnostics {
  /** A message's rule id, which every widekey message starts with ({@code "WK102: ..."}). */
  private static final Pattern RULE_ID = Pattern.compile("\\A(WK\\d{3}): ");

  private final List<Item> items = new ArrayList<>();
  private final DiagnosticOptions options;

  /**
   * A report under the compilation's diagnostic options: its warnings may be suppressed, ignored or
   * made errors, and each printed message ends with a link to its rule.
   */
  public Diagnostics(DiagnosticOptions options) {
    this.options = options;
  }

  /** A report under {@link DiagnosticOptions#DEFAULT}, for diagnostics moved into another one. */
  public Diagnostics() {
    this(DiagnosticOptions.DEFAULT);
  }

  /** An error on an element. */
  public void error(Element element, String message) {
    items.add(new Item(Diagnostic.Kind.ERROR, message, element, positioned(element), null, null));
  }

  /** An error on an annotation of an element (falls back to the element). */
  public void error(Element element, AnnotationMirror annotation, String message) {
    Element at = positioned(element);
    items.add(
        new Item(
            Diagnostic.Kind.ERROR,
            message,
            element,
            at,
            positioned(element, at, annotation),
            null));
  }

  /** An error on one value of an annotation (falls back to the annotation, then the element). */
  public void error(Element element, AnnotationMirror annotation, String member, String message) {
    Element at = positioned(element);
    AnnotationMirror mirror = positioned(element, at, annotation);
    AnnotationValue value = mirror == null ? null : valueOf(mirror, member);
    items.add(new Item(Diagnostic.Kind.ERROR, message, element, at, mirror, value));
  }

  /** A warning on no element: about the compilation, not one of its sources. */
  public void warning(String message) {
    items.add(new Item(Diagnostic.Kind.WARNING, message, null, null, null, null));
  }

  /** A warning on an element. */
  public void warning(Element element, String message) {
    items.add(new Item(Diagnostic.Kind.WARNING, message, element, positioned(element), null, null));
  }

  /** A warning on an annotation of an element (falls back to the element). */
  public void warning(Element element, AnnotationMirror annotation, String message) {
    Element at = positioned(element);
    items.add(
        new Item(
            Diagnostic.Kind.WARNING,
            message,
            element,
            at,
            positioned(element, at, annotation),
            null));
  }

  /** A note on an annotation of an element (falls back to the element). */
  public void note(Element element, AnnotationMirror annotation, String message) {
    Element at = positioned(element);
    items.add(
        new Item(
            Diagnostic.Kind.NOTE, message, element, at, positioned(element, at, annotation), null));
  }

  /**
   * Adds every diagnostic of {@code other}, moved onto {@code annotation} of {@code element}: at
   * its value {@code member} names for the diagnostic's message and original annotation (or on the
   * whole annotation when it names none or the value is a default), its message rewritten (dropped
   * where {@code rewrite} gives null). An index key is checked as an entity of its own, and what is
   * found is reported on its {@code @Index}.
   */
  public void addMoved(
      Diagnostics other,
      Element element,
      AnnotationMirror annotation,
      java.util.function.BiFunction<String, AnnotationMirror, String> member,
      java.util.function.UnaryOperator<String> rewrite) {
    Element at = positioned(element);
    AnnotationMirror mirror = positioned(element, at, annotation);
    for (Item item : other.items) {
      String message = rewrite.apply(item.message());
      if (message == null) {
        continue; // the caller reports it otherwise
      }
      String name = member.apply(item.message(), item.annotation());
      AnnotationValue value = mirror == null || name == null ? null : valueOf(mirror, name);
      items.add(new Item(item.kind(), message, element, at, mirror, value));
    }
  }

  /**
   * Whether an error was reported, a warning the options make an error included: then nothing is
   * generated from the entity.
   */
  public boolean hasErrors() {
    return items.stream()
        .map(this::outcome)
        .anyMatch(o -> o.isPresent() && o.get().kind() == Diagnostic.Kind.ERROR);
  }

  /**
   * Prints the report, in the order the diagnostics were found, under the options: without the
   * warnings suppressed or ignored, with a marker on each warning made an error, and each message
   * of a rule ending with a line that links to the rule's documentation.
   */
  public void printTo(Messager messager) {
    for (Item item : items) {
      Rule rule = ruleOf(item.message()).orElse(null);
      Optional<DiagnosticOptions.Outcome> outcome = outcome(item);
      if (outcome.isEmpty()) {
        continue;
      }
      // lines of their own, which javac prints indented under the message's first line
      StringBuilder text = new StringBuilder(item.message());
      if (outcome.get().upgradedBy() != null) {
        text.append("\n(a warning, reported as an error: ")
            .append(outcome.get().upgradedBy())
            .append(')');
      }
      if (rule != null) {
        text.append("\nSee ").append(options.link(rule));
      }
      if (item.kind() == Diagnostic.Kind.ERROR) {
        options.errorReported(rule, messager);
      }
      item.printTo(messager, outcome.get().kind(), text.toString());
    }
  }

  /**
   * The rule a message names by its leading id ({@code "WK102: ..."}); empty when it names none or
   * an id the rule catalogue does not hold.
   */
  static Optional<Rule> ruleOf(String message) {
    Matcher m = RULE_ID.matcher(message);
    if (!m.find()) {
      return Optional.empty();
    }
    for (Rule rule : Rule.values()) {
      if (rule.name().equals(m.group(1))) {
        return Optional.of(rule);
      }
    }
    return Optional.empty();
  }

  /**
   * How an item is reported under the options: errors and notes as they are; a warning suppressed
   * where it is reported, or of a rule set to {@code ignore}, not at all.
   */
  private Optional<DiagnosticOptions.Outcome> outcome(Item item) {
    if (item.kind() != Diagnostic.Kind.WARNING) {
      return Optional.of(new DiagnosticOptions.Outcome(item.kind(), null));
    }
    Rule rule = ruleOf(item.message()).orElse(null);
    if (WarningSuppression.suppressed(item.element(), rule)
        || WarningSuppression.suppressed(item.origin(), rule)) {
      return Optional.empty();
    }
    return options.warning(rule);
  }

  /**
   * One diagnostic and where javac shows it: on {@code element}, where {@code origin} (the element
   * it was reported on) is placed; {@code annotation} and {@code value} may be null.
   */
  private record Item(
      Diagnostic.Kind kind,
      String message,
      Element origin,
      Element element,
      AnnotationMirror annotation,
      AnnotationValue value) {

    void printTo(Messager messager, Diagnostic.Kind as, String text) {
      if (element == null) {
        messager.printMessage(as, text);
      } else if (annotation == null) {
        messager.printMessage(as, text, element);
      } else if (value == null) {
        messager.printMessage(as, text, element, annotation);
      } else {
        messager.printMessage(as, text, element, annotation, value);
      }
    }
  }

  /**
   * Where javac can place a diagnostic about an element. javac (17) gives a diagnostic on a record
   * component no source position at all, so it would print without file and line; the record's
   * private field of the same name has the component's declaration as its tree.
   */
  private static Element positioned(Element element) {
    if (element.getKind() != ElementKind.RECORD_COMPONENT) {
      return element;
    }
    for (VariableElement field :
        ElementFilter.fieldsIn(element.getEnclosingElement().getEnclosedElements())) {
      if (field.getSimpleName().contentEquals(element.getSimpleName())
          && !field.getModifiers().contains(Modifier.STATIC)) {
        return field;
      }
    }
    return element;
  }

  /**
   * The annotation on {@code at} that corresponds to {@code annotation} on {@code original}: the
   * same mirror, or, for a record component moved to its field, the field's copy of the annotation
   * (every widekey annotation targets fields too). Null when there is none.
   */
  private static AnnotationMirror positioned(
      Element original, Element at, AnnotationMirror annotation) {
    if (annotation == null || original == at) {
      return annotation;
    }
    for (AnnotationMirror m : at.getAnnotationMirrors()) {
      if (m.getAnnotationType().asElement().equals(annotation.getAnnotationType().asElement())) {
        return m;
      }
    }
    return null;
  }

  private static AnnotationValue valueOf(AnnotationMirror annotation, String member) {
    for (var e : annotation.getElementValues().entrySet()) {
      ExecutableElement key = e.getKey();
      if (key.getSimpleName().contentEquals(member)) {
        return e.getValue();
      }
    }
    return null; // a default value has no position of its own
  }
}
