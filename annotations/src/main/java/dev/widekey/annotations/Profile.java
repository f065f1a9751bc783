package dev.widekey.annotations;

/**
 * The service whose limits and rules a table is checked against.
 *
 * <p>The stores share one model (rows sorted by primary key, range-partitioned by the first
 * primary-key column) but differ in their limits:
 *
 * <ul>
 *   <li>{@link #TABLESTORE}: at most 4 primary-key columns, each at most 1 KB.
 *   <li>{@link #LINDORM}: a row must carry at least one non-key column (rule WK205).
 *   <li>{@link #HBASE}: one row key; the primary-key columns are encoded into it.
 * </ul>
 *
 * <pre>{@code @WideTable(name = "metrics", profile = Profile.LINDORM)}</pre>
 */
public enum Profile {
  /** Alibaba Tablestore: 4 primary-key columns, 1 KB per column, 2 MB per attribute. */
  TABLESTORE,
  /** Lindorm wide tables: as Tablestore, and every row must have a non-key column. */
  LINDORM,
  /** HBase and Bigtable: the primary key is encoded into one row key. */
  HBASE
}
