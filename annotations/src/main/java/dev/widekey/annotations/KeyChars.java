package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The characters a String key component may hold, written like the body of a regex character class:
 * single characters and ranges, e.g. {@code "a-zA-Z0-9_"}. A literal {@code '-'} goes first or
 * last; {@code '\\'} escapes the next character.
 *
 * <p>A spliced partition key needs it on every String component: the delimiter must sort below all
 * of these characters (rule WK105), and a value holding a character outside them is rejected at run
 * time. That check is also what stops a value carrying the delimiter from reading or overwriting
 * another key's rows.
 *
 * <pre>{@code @PartitionKey(order = 1) @KeyChars("a-z0-9") @MaxLength(16) String sellerId;}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface KeyChars {
  /** The alphabet, as character ranges. */
  String value();
}
