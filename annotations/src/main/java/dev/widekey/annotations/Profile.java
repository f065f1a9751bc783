package dev.widekey.annotations;

/**
 * The service whose limits and rules a table is checked against.
 *
 * <p>The stores share one model (rows sorted by primary key, range-partitioned by the first
 * primary-key column) but differ in their limits:
 *
 * <ul>
 *   <li>{@link #TABLESTORE}: at most 4 primary-key columns, each at most 1 KB; a time to live of at
 *       least one day.
 *   <li>{@link #LINDORM}: at most 5 primary-key columns, 2 KB for all of them together, only the
 *       last one binary; 2 MB for all non-key values of a row together (so no {@code @Chunked}
 *       values); a row carries at least one non-key column (rule WK205).
 *   <li>{@link #HBASE}: one row key of at most 32,767 bytes, into which the primary-key columns are
 *       encoded; no bound of its own on their number.
 * </ul>
 *
 * <p>The numbers live in the runtime's {@code StoreLimits.of(Profile)}, which the processor and
 * every store read; a store checks each table by its profile's limits.
 *
 * <pre>{@code @WideTable(name = "metrics", profile = Profile.LINDORM)}</pre>
 */
public enum Profile {
  /** Alibaba Tablestore: 4 primary-key columns, 1 KB per column, 2 MB per attribute. */
  TABLESTORE,
  /**
   * Lindorm wide tables: 5 primary-key columns in 2 KB together, binary only last, 2 MB for a row's
   * non-key values, and every row has a non-key column.
   */
  LINDORM,
  /** HBase and Bigtable: the primary key is encoded into one row key of at most 32,767 bytes. */
  HBASE
}
