package dev.widekey.runtime.store;

/**
 * The service limits a store enforces. {@link #DEFAULT} holds the Tablestore/Lindorm limits the
 * rules come from.
 *
 * <pre>{@code StoreLimits limits = StoreLimits.DEFAULT;}</pre>
 *
 * @param maxPkColumnBytes bytes of one primary-key column value (1 KB)
 * @param maxAttributeBytes bytes of one attribute value (2 MB)
 * @param maxBatchRows operations in one batch write (200)
 * @param maxBatchBytes bytes in one batch write (4 MB, Tablestore BatchWriteRow)
 * @param maxMultiGetRows keys in one multi-get (2,000)
 * @param maxPkColumns primary-key columns of a table (4)
 * @param requireAttribute whether a row must carry at least one attribute (Lindorm)
 */
public record StoreLimits(
    int maxPkColumnBytes,
    int maxAttributeBytes,
    int maxBatchRows,
    long maxBatchBytes,
    int maxMultiGetRows,
    int maxPkColumns,
    boolean requireAttribute) {

  public static final StoreLimits DEFAULT =
      new StoreLimits(1024, 2 * 1024 * 1024, 200, 4L * 1024 * 1024, 2000, 4, true);
}
