package dev.widekey.processor.diagnostics;

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
 * Reports diagnostics on the exact element, annotation and annotation value at fault, and counts
 * the errors of the entity being processed so that its generation can be skipped.
 */
public final class Diagnostics {
  private final Messager messager;
  private int errors;

  public Diagnostics(Messager messager) {
    this.messager = messager;
  }

  /** An error on an element. */
  public void error(Element element, String message) {
    errors++;
    messager.printMessage(Diagnostic.Kind.ERROR, message, positioned(element));
  }

  /** An error on an annotation of an element (falls back to the element). */
  public void error(Element element, AnnotationMirror annotation, String message) {
    errors++;
    Element at = positioned(element);
    AnnotationMirror mirror = positioned(element, at, annotation);
    if (mirror == null) {
      messager.printMessage(Diagnostic.Kind.ERROR, message, at);
    } else {
      messager.printMessage(Diagnostic.Kind.ERROR, message, at, mirror);
    }
  }

  /** An error on one value of an annotation (falls back to the annotation, then the element). */
  public void error(Element element, AnnotationMirror annotation, String member, String message) {
    Element at = positioned(element);
    AnnotationMirror mirror = positioned(element, at, annotation);
    AnnotationValue value = mirror == null ? null : valueOf(mirror, member);
    if (value == null) {
      error(element, annotation, message);
      return;
    }
    errors++;
    messager.printMessage(Diagnostic.Kind.ERROR, message, at, mirror, value);
  }

  /** A warning on an element. */
  public void warning(Element element, String message) {
    messager.printMessage(Diagnostic.Kind.WARNING, message, positioned(element));
  }

  /** Errors reported since the last {@link #reset()}. */
  public int errorCount() {
    return errors;
  }

  public void reset() {
    errors = 0;
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
