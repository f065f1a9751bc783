package dev.widekey.processor.model;

import javax.lang.model.element.AnnotationMirror;

/**
 * A primary-key component as declared: a property with its key annotations.
 *
 * @param property the property
 * @param role partition-key component or key column
 * @param order the declared order within its role
 * @param roleMirror the {@code @PartitionKey}/{@code @KeyColumn} annotation
 * @param padding {@code @Padded}, or null
 * @param hashPrefix {@code @HashPrefix} on this component, or null
 * @param reversed whether {@code @Reversed}
 * @param sequential whether declared {@code @Sequential}
 * @param keyChars the {@code @KeyChars} spec, or null
 * @param keyCharsMirror its annotation, or null
 * @param maxLength {@code @MaxLength}, or 0 when absent
 * @param maxLengthMirror its annotation, or null
 */
public record KeyComponent(
    Property property,
    KeyRole role,
    int order,
    AnnotationMirror roleMirror,
    PaddingSpec padding,
    HashPrefixSpec hashPrefix,
    boolean reversed,
    boolean sequential,
    String keyChars,
    AnnotationMirror keyCharsMirror,
    int maxLength,
    AnnotationMirror maxLengthMirror) {

  public String name() {
    return property.name();
  }

  public ValueKind kind() {
    return property.kind();
  }

  /** Whether the value grows over time: declared, or a time type. */
  public boolean isSequential() {
    return sequential || property.kind() == ValueKind.INSTANT;
  }
}
