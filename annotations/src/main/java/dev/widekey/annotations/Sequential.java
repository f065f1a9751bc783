package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that a key component grows monotonically (order numbers, auto-increment ids), where its
 * type does not say so: a String of increasing ids, say. Integral and time types leading the
 * partition key are taken as sequential anyway, unless they carry {@link NotSequential}. A
 * sequential leading partition-key component sends every new row to the last partition (rule WK102)
 * unless it is hash-prefixed, bucketed or reversed.
 *
 * <pre>{@code @PartitionKey(order = 0) @Sequential @HashPrefix(length = 4) long orderNumber;}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Sequential {}
