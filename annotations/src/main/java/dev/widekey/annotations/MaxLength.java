package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The most characters a String key component may hold. It lets the processor prove at compile time
 * that a primary-key column fits the 1 KB limit (rule WK109); a longer value is rejected at run
 * time, never cut.
 *
 * <pre>{@code @PartitionKey(order = 0) @MaxLength(64) String tenant;}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface MaxLength {
  /** Maximum length in characters (UTF-16 code units). */
  int value();
}
