package dev.widekey.processor.model;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Reversed;
import dev.widekey.annotations.Sequential;
import javax.lang.model.element.AnnotationMirror;

/**
 * A primary-key component as declared: a property with its key annotations.
 *
 * @param property the property
 * @param role partition-key component or key column
 * @param order the declared order within its role
 * @param padding {@code @Padded}, or null
 * @param hashPrefix {@code @HashPrefix} on this component, or null
 * @param keyChars the {@code @KeyChars} spec, or null
 * @param maxLength {@code @MaxLength}, or 0 when absent
 */
public record KeyComponent(
    Property property,
    KeyRole role,
    int order,
    PaddingSpec padding,
    HashPrefixSpec hashPrefix,
    String keyChars,
    int maxLength) {

  public String name() {
    return property.name();
  }

  public ValueKind kind() {
    return property.kind();
  }

  /** The {@code @PartitionKey}/{@code @KeyColumn} annotation. */
  public AnnotationMirror roleMirror() {
    return property
        .annotations()
        .mirror(role == KeyRole.PARTITION ? PartitionKey.class : KeyColumn.class);
  }

  /**
   * Whether the {@code @PartitionKey}/{@code @KeyColumn} states its {@code order}; when no
   * component of a role does, the declaration order is the key order.
   */
  public boolean orderStated() {
    AnnotationMirror mirror = roleMirror();
    return mirror != null
        && mirror.getElementValues().keySet().stream()
            .anyMatch(e -> e.getSimpleName().contentEquals("order"));
  }

  /** This component at position {@code order} of its role. */
  KeyComponent withOrder(int order) {
    return new KeyComponent(property, role, order, padding, hashPrefix, keyChars, maxLength);
  }

  /** Whether {@code @Reversed}. */
  public boolean reversed() {
    return property.annotations().has(Reversed.class);
  }

  /** Whether a key column declared {@code @KeyColumn(descending = true)}. */
  public boolean descending() {
    // an index key's view of a property carries no @KeyColumn: its columns are ascending
    KeyColumn column =
        role == KeyRole.PARTITION || roleMirror() == null
            ? null
            : property.element().getAnnotation(KeyColumn.class);
    return column != null && column.descending();
  }

  /**
   * Whether {@code @TruncatedToMillis}: a time kept as epoch milliseconds is truncated to whole
   * milliseconds before it is encoded, instead of refused when finer (WK104).
   */
  public boolean truncated() {
    return property.annotations().has(dev.widekey.annotations.TruncatedToMillis.class)
        && property.kind().millis();
  }

  /** Whether declared {@code @Sequential}. */
  public boolean sequential() {
    return property.annotations().has(Sequential.class);
  }

  /** The {@code @KeyChars} annotation, or null. */
  public AnnotationMirror keyCharsMirror() {
    return property.annotations().mirror(KeyChars.class);
  }

  /** The {@code @MaxLength} annotation, or null. */
  public AnnotationMirror maxLengthMirror() {
    return property.annotations().mirror(MaxLength.class);
  }

  /** The {@code @Bucketed} annotation, or null. */
  public AnnotationMirror bucketedMirror() {
    return property.annotations().mirror(Bucketed.class);
  }

  /** {@code @Bucketed(buckets)}, or 0 when the component is not bucketed. */
  public int buckets() {
    if (bucketedMirror() == null) {
      return 0; // an index key's view of a property drops its @Bucketed
    }
    Bucketed b = property.element().getAnnotation(Bucketed.class);
    return b == null ? 0 : b.buckets();
  }

  /** The {@code @NotSequential} annotation (the explicit WK102 opt-out), or null. */
  public AnnotationMirror notSequentialMirror() {
    return property.annotations().mirror(NotSequential.class);
  }

  /** The {@code @NotSequential} reason as written, or null without the annotation. */
  public String notSequentialReason() {
    AnnotationMirror mirror = notSequentialMirror();
    if (mirror == null) {
      return null;
    }
    return mirror.getElementValues().entrySet().stream()
        .filter(e -> e.getKey().getSimpleName().contentEquals("reason"))
        .map(e -> String.valueOf(e.getValue().getValue()))
        .findFirst()
        .orElse("");
  }

  /**
   * Whether the value may grow over time: declared {@code @Sequential}, or an integral or time type
   * that does not carry the {@code @NotSequential} opt-out.
   */
  public boolean isSequential() {
    return sequential() || (property.kind().integral() && notSequentialMirror() == null);
  }
}
