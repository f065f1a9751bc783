package dev.widekey.processor.model;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.Convert;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.RenamedFrom;
import dev.widekey.annotations.Reversed;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.Transient;
import dev.widekey.annotations.TruncatedToMillis;
import dev.widekey.annotations.Version;
import dev.widekey.annotations.WideTable;
import java.lang.annotation.Annotation;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * The widekey annotations written on one element, each with its mirror, where diagnostics about it
 * point. The parser reads them once, so that rules ask the model, never the element.
 *
 * @param mirrors per annotation type present, its mirror, in the order written
 */
public record WidekeyAnnotations(Map<Class<? extends Annotation>, AnnotationMirror> mirrors) {
  /** Every widekey annotation. */
  private static final List<Class<? extends Annotation>> ALL =
      List.of(
          WideTable.class,
          PartitionKey.class,
          KeyColumn.class,
          Padded.class,
          HashPrefix.class,
          Bucketed.class,
          Reversed.class,
          Sequential.class,
          NotSequential.class,
          KeyChars.class,
          MaxLength.class,
          ColdColumn.class,
          Money.class,
          Chunked.class,
          Version.class,
          RenamedFrom.class,
          Convert.class,
          Transient.class,
          TruncatedToMillis.class);

  public WidekeyAnnotations {
    mirrors = Collections.unmodifiableMap(new LinkedHashMap<>(mirrors));
  }

  /** The widekey annotations on an element. */
  static WidekeyAnnotations of(Element element) {
    Map<Class<? extends Annotation>, AnnotationMirror> found = new LinkedHashMap<>();
    for (AnnotationMirror m : element.getAnnotationMirrors()) {
      TypeElement t = (TypeElement) m.getAnnotationType().asElement();
      for (Class<? extends Annotation> type : ALL) {
        if (t.getQualifiedName().contentEquals(type.getCanonicalName())) {
          found.put(type, m);
        }
      }
    }
    return new WidekeyAnnotations(found);
  }

  public boolean has(Class<? extends Annotation> type) {
    return mirrors.containsKey(type);
  }

  /** The annotation's mirror, or null when the element does not carry it. */
  public AnnotationMirror mirror(Class<? extends Annotation> type) {
    return mirrors.get(type);
  }

  /** The annotation types present, in the order written. */
  public Set<Class<? extends Annotation>> types() {
    return mirrors.keySet();
  }
}
