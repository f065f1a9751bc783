package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stores an integral key component as zero-padded decimal text, so that the text order equals the
 * numeric order: unpadded, {@code "54"} sorts after {@code "167"} (rule WK103).
 *
 * <p>The width must fit the type (rule WK104); a value with more digits than the width is rejected
 * at run time, never truncated. With {@code signed = true}, a negative value is written as {@code
 * '-'} followed by the nines' complement of {@code |v| - 1}, so every negative sorts before every
 * non-negative and -999 sorts before -1.
 *
 * <pre>{@code
 * @PartitionKey(order = 0) @Padded(width = 6) long deviceId;      // 54 -> "000054"
 * @KeyColumn(order = 0) @Padded(width = 8, signed = true) int delta; // -1 -> "-99999999"
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Padded {
  /** Number of decimal digits. */
  int width();

  /** Whether negative values are allowed; if not, a negative value is rejected. */
  boolean signed() default false;
}
