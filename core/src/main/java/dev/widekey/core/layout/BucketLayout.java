package dev.widekey.core.layout;

/**
 * The bucket leading a text column ({@code @Bucketed}): a number (or a time's epoch number) goes to
 * {@code floorMod(value, count)}, any other value to its key text's MD5 digest mod {@code count};
 * the bucket is written as a fixed-width decimal ({@code KeyBuckets}).
 *
 * @param count the number of buckets
 * @param component the bucketed component (the column's first part)
 */
public record BucketLayout(int count, String component) {}
