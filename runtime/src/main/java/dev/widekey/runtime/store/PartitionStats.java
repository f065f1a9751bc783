package dev.widekey.runtime.store;

/**
 * Load counters of one partition (a Tablestore partition, an HBase region).
 *
 * <pre>{@code store.partitionStats("orders").forEach(p -> log(p.writeRows()));}</pre>
 *
 * @param index position of the partition in key order, from 0
 * @param start first partition-key value (inclusive), or {@code null} for the first partition
 * @param end partition-key value the partition ends before, or {@code null} for the last
 * @param rows rows stored now
 * @param storedBytes bytes stored now (keys and attributes)
 * @param writeRows row writes (puts and deletes) since the store opened
 * @param writtenBytes bytes written since the store opened
 * @param readRows rows returned by reads since the store opened
 */
public record PartitionStats(
    int index,
    PkValue start,
    PkValue end,
    long rows,
    long storedBytes,
    long writeRows,
    long writtenBytes,
    long readRows) {}
