package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Leads the partition key with a bucket number so that a sequential component spreads over {@code
 * buckets} key ranges (partitions), while range reads over it stay possible: they run one scan per
 * bucket and merge them in key order.
 *
 * <p>The bucket: an integral value (and an {@code Instant}, as epoch milliseconds) goes to {@code
 * floorMod(value, buckets)}, so consecutive values take the buckets round-robin, the exact spread
 * of a sequential write stream, and the bucket is readable in the key ({@code timestamp % 16}). A
 * text, UUID or enum goes to an MD5 digest of its key text mod {@code buckets}, stable across JVMs
 * and versions. The bucket is stored first in the first primary-key column, as fixed-width decimal
 * text ({@code "05"} of 16), before the component's text: no key column of its own. A bucketed
 * number without {@code @Padded} is padded to its type's width, signed, so its text sorts as its
 * value. As the bucket is computed from the component's value alone, buckets do not spread a
 * component of few values (an enum of 3 constants fills at most 3 buckets): it still warns (WK102).
 *
 * <p>Only on the leading partition-key component; 2 to 1,024 buckets (above 256 the compiler warns
 * of the read fan-out); never together with {@link HashPrefix} or {@link Reversed} (rule WK106).
 * The table is pre-split at bucket boundaries, into at most as many partitions as the profile's
 * service creates a table with (10 on Tablestore). Point reads compute the bucket.
 *
 * <pre>{@code @PartitionKey(order = 0) @Sequential @Bucketed(buckets = 16) long orderNumber;}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Bucketed {
  /** Number of buckets, 2 to 1,024. */
  int buckets();
}
