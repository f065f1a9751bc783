package dev.widekey.processor.diagnostics;

import java.util.ArrayList;
import java.util.List;
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
 */
public final class Diagnostics {
  private final List<Item> items = new ArrayList<>();

  /** An error on an element. */
  public void error(Element element, String message) {
    items.add(new Item(Diagnostic.Kind.ERROR, message, positioned(element), null, null));
  }

  /** An error on an annotation of an element (falls back to the element). */
  public void error(Element element, AnnotationMirror annotation, String message) {
    Element at = positioned(element);
    items.add(
        new Item(Diagnostic.Kind.ERROR, message, at, positioned(element, at, annotation), null));
  }

  /** An error on one value of an annotation (falls back to the annotation, then the element). */
  public void error(Element element, AnnotationMirror annotation, String member, String message) {
    Element at = positioned(element);
    AnnotationMirror mirror = positioned(element, at, annotation);
    AnnotationValue value = mirror == null ? null : valueOf(mirror, member);
    items.add(new Item(Diagnostic.Kind.ERROR, message, at, mirror, value));
  }

  /** A warning on an element. */
  public void warning(Element element, String message) {
    items.add(new Item(Diagnostic.Kind.WARNING, message, positioned(element), null, null));
  }

  /** A warning on an annotation of an element (falls back to the element). */
  public void warning(Element element, AnnotationMirror annotation, String message) {
    Element at = positioned(element);
    items.add(
        new Item(Diagnostic.Kind.WARNING, message, at, positioned(element, at, annotation), null));
  }

  /** A note on an annotation of an element (falls back to the element). */
  public void note(Element element, AnnotationMirror annotation, String message) {
    Element at = positioned(element);
    items.add(
        new Item(Diagnostic.Kind.NOTE, message, at, positioned(element, at, annotation), null));
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
      items.add(new Item(item.kind(), message, at, mirror, value));
    }
  }

  /** Whether an error was reported: then nothing is generated from the entity. */
  public boolean hasErrors() {
    return items.stream().anyMatch(i -> i.kind() == Diagnostic.Kind.ERROR);
  }

  /** Prints the report, in the order the diagnostics were found. */
  public void printTo(Messager messager) {
    for (Item item : items) {
      item.printTo(messager);
    }
  }

  /** One diagnostic and where javac shows it; {@code annotation} and {@code value} may be null. */
  private record Item(
      Diagnostic.Kind kind,
      String message,
      Element element,
      AnnotationMirror annotation,
      AnnotationValue value) {

    void printTo(Messager messager) {
      if (annotation == null) {
        messager.printMessage(kind, message, element);
      } else if (value == null) {
        messager.printMessage(kind, message, element, annotation);
      } else {
        messager.printMessage(kind, message, element, annotation, value);
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
