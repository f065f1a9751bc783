package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Prefixes the partition key with the first {@code length} hex digits of a digest of the key, so
 * that sequential values scatter over all partitions instead of piling onto the last one.
 *
 * <p>On a component, the digest is of that component's text; on the type, of the whole
 * partition-key text. Readers recompute the prefix from the key values, so point reads keep
 * working; range reads across partition-key values do not (rule WK107), and the generated
 * repository offers none. {@code length} is 1 to 32 (rule WK106).
 *
 * <pre>{@code
 * @PartitionKey(order = 0) @HashPrefix(length = 4) long orderNumber; // 200004 -> "797e200004"
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.TYPE})
public @interface HashPrefix {
  /** Number of hex digits of the digest, 1 to 32. */
  int length() default 4;

  /** The digest. */
  HashAlgorithm algorithm() default HashAlgorithm.MD5;

  /**
   * Partitions the table is pre-split into, at uniform boundaries of the prefix's hex space (16
   * gives {@code "1000", "2000", ... "f000"} for a 4-digit prefix), so that writes spread from the
   * first row instead of waiting for the store to split. {@code 0}, the default, lets the profile
   * decide: 10 on {@link Profile#TABLESTORE}, the most the service creates a table with (it splits
   * further by itself as data grows), 16 on HBase and Lindorm. Otherwise 1 to 4096, and at most 10
   * on Tablestore (rule WK106).
   */
  int partitions() default 0;
}
