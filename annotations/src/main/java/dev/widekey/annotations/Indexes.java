package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The container of repeated {@link Index} annotations; written by the compiler, rarely by hand.
 *
 * <pre>{@code
 * @Indexes({
 *   @Index(name = "by_card", columns = {"cardId"}),
 *   @Index(name = "by_seller", columns = {"sellerId"})
 * })
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Indexes {
  /** The indexes, in declaration order. */
  Index[] value();
}
