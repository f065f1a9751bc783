package dev.widekey.processor.model;

import javax.lang.model.element.AnnotationMirror;

/**
 * A non-key property, stored as an attribute column.
 *
 * @param property the property
 * @param cold whether {@code @ColdColumn}: stored in the cold table
 * @param compress whether {@code @ColdColumn(compress = true)}
 * @param coldMirror the {@code @ColdColumn} annotation, or null
 * @param moneyScale {@code @Money(scale)} as written; meaningless when {@code moneyMirror} is null
 * @param moneyMirror the {@code @Money} annotation, or null
 * @param chunkedMirror the {@code @Chunked} annotation, or null
 */
public record Attribute(
    Property property,
    boolean cold,
    boolean compress,
    AnnotationMirror coldMirror,
    int moneyScale,
    AnnotationMirror moneyMirror,
    AnnotationMirror chunkedMirror) {

  public String name() {
    return property.name();
  }

  public ValueKind kind() {
    return property.kind();
  }

  /** Whether {@code @Chunked}: values over the attribute limit are split into chunk columns. */
  public boolean chunked() {
    return chunkedMirror != null;
  }

  /** Whether {@code @Money} is present (its scale may still be out of range: rule WK201). */
  public boolean isMoney() {
    return moneyMirror != null;
  }
}
