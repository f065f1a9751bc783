package dev.widekey.processor.model;

import javax.lang.model.element.Element;
import javax.lang.model.type.TypeMirror;

/**
 * One stored property of an entity: a record component, or a field of a class with the way
 * generated code reads and sets it.
 *
 * @param name the property (and column) name
 * @param element the record component or field, where diagnostics about it are reported
 * @param type the declared type
 * @param kind what the type is for storage
 * @param primitive whether the type is primitive (cannot be null)
 * @param annotations the widekey annotations written on it
 * @param reader how generated code reads it from an entity {@code e}: {@code name()} for a record
 *     or getter (the method name), or the field name for a public field
 * @param readerIsMethod whether {@code reader} is a method
 * @param setter for an entity built with {@link Construction#BEAN}: the setter generated code
 *     calls, or null when it assigns the public field; null for entities built by a constructor
 */
public record Property(
    String name,
    Element element,
    TypeMirror type,
    ValueKind kind,
    boolean primitive,
    WidekeyAnnotations annotations,
    String reader,
    boolean readerIsMethod,
    String setter) {

  /**
   * The simple name of a primitive type's box, by the primitive's name: {@code long}: {@code Long}.
   */
  public static String boxedName(String primitive) {
    return switch (primitive) {
      case "int" -> "Integer";
      case "char" -> "Character";
      default -> Character.toUpperCase(primitive.charAt(0)) + primitive.substring(1);
    };
  }

  /** This property, set through {@code setter} (null: by assigning its field). */
  Property withSetter(String setter) {
    return new Property(
        name, element, type, kind, primitive, annotations, reader, readerIsMethod, setter);
  }
}
