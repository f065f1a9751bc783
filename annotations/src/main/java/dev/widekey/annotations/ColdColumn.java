package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An attribute read rarely, stored in the entity's cold table (rule WK204) so that reads of the hot
 * columns do not drag it along. The repository reads the cold table only when asked.
 *
 * <p>With {@code compress = true} a String or byte[] value is deflated and stored as binary (rule
 * WK203), and restored exactly on read.
 *
 * <pre>{@code @ColdColumn(compress = true) String description;}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface ColdColumn {
  /** Deflate the value and store it as binary; String and byte[] only. */
  boolean compress() default false;
}
