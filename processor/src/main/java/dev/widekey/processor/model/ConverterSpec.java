package dev.widekey.processor.model;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.type.TypeMirror;

/**
 * A {@code @Convert(MyConverter.class)} as the parser resolved it; the rules (WK212) check it, the
 * repository generator calls it and the layout names it.
 *
 * @param converter the converter class as written
 * @param qualifiedName its qualified (binary-free, canonical) name, as the layout records it
 * @param mirror the {@code @Convert} annotation, where diagnostics point
 * @param implementsConverter whether it implements {@code AttributeConverter}
 * @param javaType the {@code J} it converts, or null when it does not implement the interface (or
 *     leaves it raw)
 * @param raw whether it implements the raw {@code AttributeConverter}, naming no {@code J} at all
 * @param storedType the {@code S} it stores, or null likewise
 * @param storedKind what {@code S} is stored as: {@link ValueKind#STRING}, {@link ValueKind#LONG},
 *     {@link ValueKind#DOUBLE}, {@link ValueKind#BOOLEAN}, {@link ValueKind#BYTES}, else {@link
 *     ValueKind#UNSUPPORTED}
 * @param matchesField whether {@code J} is the field's declared type
 * @param publicNoArgs whether it is a public, non-abstract top-level or static member class with a
 *     public no-argument constructor
 * @param constructorThrows the checked exceptions that constructor declares (simple names joined by
 *     ", "), which the constant it is made in cannot throw; null if none
 */
public record ConverterSpec(
    TypeMirror converter,
    String qualifiedName,
    AnnotationMirror mirror,
    boolean implementsConverter,
    TypeMirror javaType,
    boolean raw,
    TypeMirror storedType,
    ValueKind storedKind,
    boolean matchesField,
    boolean publicNoArgs,
    String constructorThrows) {

  /** Whether every check holds: generated code may call it. */
  public boolean valid() {
    return implementsConverter
        && javaType != null
        && storedKind != ValueKind.UNSUPPORTED
        && matchesField
        && publicNoArgs
        && constructorThrows == null;
  }
}
