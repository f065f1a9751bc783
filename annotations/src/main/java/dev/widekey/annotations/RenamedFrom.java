package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that an attribute field was renamed, so its stored column is renamed with it: the
 * committed layout file (processor option {@code widekey.layouts}) lists the old column, this field
 * stores a new one of the same type. Without it, the processor refuses the rename (rule WK308):
 * rows written before it keep their value in the old column, which nothing reads any longer, so
 * every existing row would read as if the value were null.
 *
 * <p>The annotation acknowledges exactly that: the old column's values are no longer read. To keep
 * them, move the entity to a new table ({@code @WideTable(name = ...)} with {@link RekeyedFrom})
 * and run the generated re-keying job, which copies the old column's values into the new one.
 *
 * <pre>{@code
 * @WideTable(name = "orders")
 * public record Order(@PartitionKey @HashPrefix String orderNumber,
 *     @RenamedFrom("amount") @Money(scale = 2) BigDecimal total) {} // was: BigDecimal amount
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface RenamedFrom {
  /** The old field's (the old column's) name. */
  String value();
}
