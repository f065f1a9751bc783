package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Leads the partition key with a bucket number ({@code value mod buckets}) so that a sequential
 * component spreads over {@code buckets} partitions; reads fan out over the buckets and merge.
 *
 * <p>Reserved: this version of the processor reports it as not yet supported and suggests {@link
 * HashPrefix} or {@link Reversed}.
 *
 * <pre>{@code @PartitionKey(order = 0) @Bucketed(buckets = 16) long orderNumber;}</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Bucketed {
  /** Number of buckets, 2 or more. */
  int buckets();
}
