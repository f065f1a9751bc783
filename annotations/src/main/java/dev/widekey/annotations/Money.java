package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A {@link java.math.BigDecimal} amount stored as a long of minor units: with {@code scale = 2},
 * 5.32 is stored as 532 (rule WK201). Binary floating point cannot hold 0.1 exactly; a value with
 * more decimals than the scale is rejected, never rounded.
 *
 * <pre>{@code @Money(scale = 2) BigDecimal price;}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Money {
  /** Decimal places kept, 0 to 18. */
  int scale();
}
