package dev.widekey.processor.model;

import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.Version;
import dev.widekey.core.value.ValueLimits;
import javax.lang.model.element.AnnotationMirror;

/**
 * A non-key property, stored as an attribute column.
 *
 * @param property the property
 * @param compress whether {@code @ColdColumn(compress = true)}
 * @param moneyScale {@code @Money(scale)} as written; meaningless unless {@link #isMoney()}
 * @param maxInflatedBytes {@code @ColdColumn(maxInflatedBytes)} as written, 0 when not set
 * @param column the stored column name: the field name under the entity's column naming ({@link
 *     ColumnNames#attribute})
 * @param converter the {@code @Convert} converter, or null
 */
public record Attribute(
    Property property,
    boolean compress,
    int moneyScale,
    long maxInflatedBytes,
    String column,
    ConverterSpec converter) {

  /** An attribute stored under its field name, without a converter. */
  public Attribute(Property property, boolean compress, int moneyScale, long maxInflatedBytes) {
    this(property, compress, moneyScale, maxInflatedBytes, property.name(), null);
  }

  /** The field's name (messages name it); the column is {@link #column()}. */
  public String name() {
    return property.name();
  }

  /**
   * What the stored value is: the field's kind, or for a converted attribute the kind of the
   * converter's stored type ({@link ValueKind#UNSUPPORTED} when the converter is invalid, WK212).
   */
  public ValueKind kind() {
    return converter == null ? property.kind() : converter.storedKind();
  }

  /** Whether {@code @Convert}: stored through a converter. */
  public boolean converted() {
    return converter != null;
  }

  /** Whether {@code @ColdColumn}: stored in the cold table. */
  public boolean cold() {
    return property.annotations().has(ColdColumn.class);
  }

  /** The {@code @ColdColumn} annotation, or null. */
  public AnnotationMirror coldMirror() {
    return property.annotations().mirror(ColdColumn.class);
  }

  /**
   * The cap on the inflated size of a compressed value: as written, or the runtime's default
   * ({@code ValueLimits.DEFAULT_MAX_INFLATED_BYTES}) when not set. Generated code carries it as a
   * constant, on write and on read.
   */
  public long inflatedCap() {
    return maxInflatedBytes == 0 ? ValueLimits.DEFAULT_MAX_INFLATED_BYTES : maxInflatedBytes;
  }

  /** Whether {@code @Chunked}: values over the attribute limit are stored in chunk rows. */
  public boolean chunked() {
    return property.annotations().has(Chunked.class);
  }

  /** {@code @Chunked(maxBytes)} as written (or its default); 0 if the field is not chunked. */
  public long chunkedMaxBytes() {
    Chunked chunked = property.element().getAnnotation(Chunked.class);
    return chunked == null ? 0 : chunked.maxBytes();
  }

  /** Whether {@code @Version}: the entity's version, checked and incremented by every write. */
  public boolean version() {
    return property.annotations().has(Version.class);
  }

  /** The {@code @Version} annotation, or null. */
  public AnnotationMirror versionMirror() {
    return property.annotations().mirror(Version.class);
  }

  /** Whether {@code @Money} is present (its scale may still be out of range: rule WK201). */
  public boolean isMoney() {
    return property.annotations().has(Money.class);
  }

  /** The {@code @Money} annotation, or null. */
  public AnnotationMirror moneyMirror() {
    return property.annotations().mirror(Money.class);
  }
}
