package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The field is not stored: no column holds it, and the exported layout does not list it.
 *
 * <p>On a class the field is simply skipped: it keeps whatever value the no-argument (or
 * all-arguments) constructor gives it. A record component cannot be skipped on construction, so an
 * entity read back gets the type's default in it: {@code null} for a reference, {@code 0} for a
 * number, {@code false} for a boolean. A key component cannot be transient (WK212). Java's own
 * {@code transient} modifier on a class field has the same effect; {@code java.beans.Transient} is
 * not read.
 *
 * <pre>{@code
 * @WideTable(name = "carts")
 * public record Cart(@PartitionKey @HashPrefix String id, long total, @Transient String view) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Transient {}
