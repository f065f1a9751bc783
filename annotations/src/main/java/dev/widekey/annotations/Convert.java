package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stores an attribute of a type widekey does not store natively (a value class, a record, a {@code
 * List<String>}…) through a converter: a class implementing {@code
 * dev.widekey.runtime.value.AttributeConverter<J, S>}, where {@code J} is the field's type and
 * {@code S} one of the stored types {@code String}, {@code Long}, {@code Double}, {@code Boolean}
 * or {@code byte[]}, with a public no-argument constructor. Generated code holds one instance of it
 * in a constant and calls it directly, never by reflection; a null field value is stored as an
 * absent column without calling the converter. Only on attributes: a key component has its own,
 * order-preserving encodings (WK212). The exported layout names the converter, so that another
 * converter on an existing table is an attribute change (WK308).
 *
 * <pre>{@code
 * @WideTable(name = "profiles")
 * public record Profile(
 *     @PartitionKey @HashPrefix String id,
 *     @Convert(TagsConverter.class) List<String> tags) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Convert {
  /**
   * The converter class: {@code AttributeConverter<J, S>} with a public no-argument constructor.
   */
  Class<?> value();
}
