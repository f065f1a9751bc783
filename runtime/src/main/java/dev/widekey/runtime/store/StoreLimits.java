package dev.widekey.runtime.store;

import dev.widekey.annotations.Profile;
import dev.widekey.runtime.key.KeyHash;

/**
 * The service limits a store enforces, one set per {@link Profile} ({@link #of(Profile)}), read by
 * the stores and by the processor alike.
 *
 * <pre>{@code StoreLimits limits = StoreLimits.of(Profile.TABLESTORE);}</pre>
 *
 * @param maxPkColumnBytes bytes of one primary-key column value (1 KB)
 * @param maxAttributeBytes bytes of one attribute value (2 MB)
 * @param maxBatchRows operations in one batch write (200)
 * @param maxBatchBytes bytes in one batch write (4 MB, Tablestore BatchWriteRow)
 * @param maxMultiGetRows keys in one multi-get (2,000)
 * @param maxPkColumns primary-key columns of a table (4)
 * @param requireAttribute whether a row must carry at least one non-key column (Lindorm)
 * @param maxPartitions partitions a table may be created with, its split points plus one (10 on
 *     Tablestore, whose CreateTable refuses more; the service splits further by itself as data
 *     grows)
 * @param maxSplitPointBytes bytes of one split point (64 on Tablestore)
 */
public record StoreLimits(
    int maxPkColumnBytes,
    int maxAttributeBytes,
    int maxBatchRows,
    long maxBatchBytes,
    int maxMultiGetRows,
    int maxPkColumns,
    boolean requireAttribute,
    int maxPartitions,
    int maxSplitPointBytes) {

  /**
   * The row and batch limits of Tablestore and Lindorm that the rules come from, with pre-splits up
   * to the 4,096 partitions a hash prefix spreads over evenly: HBase, Lindorm and the embedded
   * store, which take the tables of every profile.
   */
  public static final StoreLimits DEFAULT =
      new StoreLimits(1024, 2 * 1024 * 1024, 200, 4L * 1024 * 1024, 2000, 4, true);

  /**
   * Tablestore: as {@link #DEFAULT}, and CreateTable takes at most 10 partitions at split points of
   * 1 to 64 bytes ("The count of partitions cannot be greater than 10", the SDK's SplitPointTest
   * against the service).
   */
  public static final StoreLimits TABLESTORE = DEFAULT.withPreSplitLimits(10, 64);

  /**
   * Limits without a partition bound of their own: pre-splits up to what a hash prefix spreads over
   * evenly, split points of key-column size.
   */
  public StoreLimits(
      int maxPkColumnBytes,
      int maxAttributeBytes,
      int maxBatchRows,
      long maxBatchBytes,
      int maxMultiGetRows,
      int maxPkColumns,
      boolean requireAttribute) {
    this(
        maxPkColumnBytes,
        maxAttributeBytes,
        maxBatchRows,
        maxBatchBytes,
        maxMultiGetRows,
        maxPkColumns,
        requireAttribute,
        KeyHash.maxPartitions(KeyHash.SPLIT_DIGITS),
        maxPkColumnBytes);
  }

  /** Partitions a hash-prefixed table is pre-split into when {@code @HashPrefix} leaves it open. */
  public static final int HASH_PARTITIONS = 16;

  /**
   * The partitions a hash-prefixed table gets by default on this service: {@link #HASH_PARTITIONS},
   * or fewer where the service creates a table with fewer (10 on Tablestore).
   */
  public int hashPartitions() {
    return Math.min(HASH_PARTITIONS, maxPartitions);
  }

  /** The limits of the service a profile targets. */
  public static StoreLimits of(Profile profile) {
    return switch (profile) {
      case TABLESTORE -> TABLESTORE;
      case LINDORM, HBASE -> DEFAULT;
    };
  }

  /**
   * These limits with other bounds on the partitions a table is created with and on one split
   * point's size; the row, batch and key limits stay.
   *
   * <pre>{@code StoreLimits.DEFAULT.withPreSplitLimits(10, 64) // Tablestore's CreateTable}</pre>
   */
  public StoreLimits withPreSplitLimits(int maxPartitions, int maxSplitPointBytes) {
    return new StoreLimits(
        maxPkColumnBytes,
        maxAttributeBytes,
        maxBatchRows,
        maxBatchBytes,
        maxMultiGetRows,
        maxPkColumns,
        requireAttribute,
        maxPartitions,
        maxSplitPointBytes);
  }
}
