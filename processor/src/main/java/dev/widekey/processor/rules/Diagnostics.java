package dev.widekey.processor.rules;

import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.tools.Diagnostic;

/**
 * Reports diagnostics on the exact element, annotation and annotation value at fault, and
 * counts the errors of the entity being processed so that its generation can be skipped.
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
    messager.printMessage(Diagnostic.Kind.ERROR, message, element);
  }

  /** An error on an annotation of an element (falls back to the element). */
  public void error(Element element, AnnotationMirror annotation, String message) {
    errors++;
    if (annotation == null) {
      messager.printMessage(Diagnostic.Kind.ERROR, message, element);
    } else {
      messager.printMessage(Diagnostic.Kind.ERROR, message, element, annotation);
    }
  }

  /** An error on one value of an annotation (falls back to the annotation, then the element). */
  public void error(Element element, AnnotationMirror annotation, String member, String message) {
    AnnotationValue value = annotation == null ? null : valueOf(annotation, member);
    if (value == null) {
      error(element, annotation, message);
      return;
    }
    errors++;
    messager.printMessage(Diagnostic.Kind.ERROR, message, element, annotation, value);
  }

  /** A warning on an element. */
  public void warning(Element element, String message) {
    messager.printMessage(Diagnostic.Kind.WARNING, message, element);
  }

  /** Errors reported since the last {@link #reset()}. */
  public int errorCount() {
    return errors;
  }

  public void reset() {
    errors = 0;
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
