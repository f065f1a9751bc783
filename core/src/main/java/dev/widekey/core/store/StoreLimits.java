package dev.widekey.core.store;

import dev.widekey.annotations.Profile;
import dev.widekey.core.key.HashPrefixWidths;
import java.util.function.Consumer;

/**
 * The service limits a store enforces, one set per {@link Profile} ({@link #of(Profile)}): the one
 * table of limits, read by the processor at compile time and by every store (embedded, HBase,
 * Tablestore) on each table of that profile, so that what passes locally passes on the service.
 *
 * <pre>{@code
 * StoreLimits limits = StoreLimits.of(Profile.LINDORM);
 * limits.maxPkColumns();          // 5
 * limits.maxRowAttributeBytes();   // 2 MB for all non-key values of a row together
 * }</pre>
 *
 * <table>
 *   <caption>The limits per profile and their sources</caption>
 *   <tr><th>limit</th><th>TABLESTORE</th><th>LINDORM</th><th>HBASE</th></tr>
 *   <tr><td>primary-key columns</td><td>4</td><td>5</td><td>no own bound</td></tr>
 *   <tr><td>one key column</td><td>1 KB</td><td>2 KB</td><td>32,767 B</td></tr>
 *   <tr><td>all key values</td><td>4 KB (4 x 1 KB)</td><td>2 KB of encoded row key</td>
 *       <td>32,767 B</td></tr>
 *   <tr><td>encoded row key ({@code OrderedKeyBytes})</td><td>-</td><td>32,767 B</td>
 *       <td>32,767 B</td></tr>
 *   <tr><td>binary key column</td><td>any</td><td>last only</td><td>any</td></tr>
 *   <tr><td>one attribute</td><td>2 MB</td><td>2 MB</td><td>2 MB</td></tr>
 *   <tr><td>all attributes of a row</td><td>-</td><td>2 MB of cell values</td><td>-</td></tr>
 *   <tr><td>one put of a row (key and attribute names and values)</td><td>4 MB</td>
 *       <td>64 MB</td><td>64 MB</td></tr>
 *   <tr><td>write batch</td><td>200 rows, 4 MB</td><td>2,000 rows, 2 MB</td>
 *       <td>200 rows, 4 MB</td></tr>
 *   <tr><td>multi-get</td><td>2,000 keys</td><td>2,000 keys</td><td>2,000 keys</td></tr>
 *   <tr><td>one read (scan page)</td><td>5,000 rows, 4 MB</td><td>2,000 rows, 16 MB</td>
 *       <td>-</td></tr>
 *   <tr><td>partitions at creation</td><td>10</td><td>4,096</td><td>4,096</td></tr>
 *   <tr><td>one split point</td><td>64 B</td><td>2 KB</td><td>32,767 B</td></tr>
 *   <tr><td>time to live</td><td>-1 or at least 86,400 s</td><td>-1 or any positive</td>
 *       <td>-1 or any positive</td></tr>
 *   <tr><td>attribute columns of a row in one write</td><td>1,024</td><td>-</td><td>-</td></tr>
 *   <tr><td>named columns one read selects</td><td>128</td><td>-</td><td>-</td></tr>
 *   <tr><td>attribute column names</td><td>{@link ServiceNames#PATTERN}</td><td>any</td>
 *       <td>any</td></tr>
 * </table>
 *
 * <p>Sources: Tablestore's published limits ("General limits": 4 primary-key columns, 1 KB per key
 * column, 2 MB per attribute column, BatchWriteRow 200 rows and 4 MB per request, PutRow and
 * UpdateRow 4 MB per request, BatchGetRow, GetRange 5,000 rows or 4 MB per response, CreateTable at
 * most 10 partitions at split points of at most 64 bytes; "Error codes": "The total data size of
 * PutRow request exceeds the limit", OTSParameterInvalid); Lindorm's wide-table quotas ("Quotas and
 * limits": at most 5 primary-key columns, 2 KB for all primary-key values together, only the last
 * key column binary, 2 MB for all non-key values of a row, 64 MB of data and 2,000 rows per write,
 * a batch the seed documents recommend keeping under 2 MB, 2,000 rows or 16 MB per read;
 * https://www.alibabacloud.com/help/en/lindorm/product-overview/quotas-and-limits). Through its
 * HBase API Lindorm receives one row key and untyped cells, so its 2 KB and 2 MB are counted on
 * those ({@link SizeMeasure#HBASE_CELLS}: the encoded row key; each value with its type tag and the
 * row marker listing the columns), not on widekey's values before encoding; HBase's {@code
 * HConstants.MAX_ROW_LENGTH} ({@code Short.MAX_VALUE}) for the row key, into which the HBase
 * backend encodes all key columns with {@code OrderedKeyBytes}. One attribute at most 2 MB, a batch
 * of at most 200 rows and 4 MB, and a put of at most 64 MB on HBase are widekey's own bounds
 * (within HBase's 10 MB per cell, {@code hbase.client.keyvalue.maxsize}, and 256 MB per RPC, {@code
 * hbase.ipc.max.request.size}), so that a design moves between services. Multi-gets of at most
 * 2,000 keys everywhere (seed 003).
 *
 * <p>Columns: Tablestore's "General limits" (operation limits) take at most 1,024 attribute columns
 * written to one row by PutRow, UpdateRow or a row of BatchWriteRow, and 0 to 128 columns in a read
 * request's {@code columns_to_get}; the GetRange API reference says the same ("The maximum number
 * of strings that can be specified in columns_to_get is 128"). The SDKs' restricted-item tests
 * against the service read 1,024 named columns, so the service may take more today; 128 is the
 * documented bound, and a read within it passes whichever holds, so it is the one kept. Column
 * names match {@link ServiceNames#PATTERN} on Tablestore ("Limits on the Wide Column model"). A bad
 * name or too many columns fails a whole BatchWriteRow there, so every store refuses such an
 * operation itself, and in a batch it fails alone. Lindorm's quotas bound a column name to 1 to 255
 * characters of any kind, and its HBase API restricts table names only; no column rule of Lindorm's
 * is kept here.
 *
 * @param maxPkColumnBytes bytes of one primary-key column value
 * @param maxAttributeBytes bytes of one attribute value
 * @param maxBatchRows operations in one batch write
 * @param maxBatchBytes bytes in one batch write (a whole request)
 * @param maxMultiGetRows keys in one multi-get
 * @param maxPkColumns primary-key columns of a table ({@link Integer#MAX_VALUE}: no bound of its
 *     own, as on HBase, where the row key bounds the columns)
 * @param requireAttribute whether a row must carry at least one non-key column (Lindorm and HBase
 *     have no row without a cell; kept on Tablestore so that rows move between services)
 * @param maxPartitions partitions a table may be created with, its split points plus one (10 on
 *     Tablestore, whose CreateTable refuses more; the service splits further by itself as data
 *     grows)
 * @param maxSplitPointBytes bytes of one split point (64 on Tablestore)
 * @param maxPkTotalBytes bytes of all primary-key values of a row together ({@code
 *     PrimaryKey.sizeInBytes()}; 2 KB on Lindorm)
 * @param maxRowKeyBytes bytes of the row key the key columns are encoded into ({@code
 *     OrderedKeyBytes}; 32,767 on HBase and Lindorm), {@link Integer#MAX_VALUE} where the service
 *     keeps key columns apart
 * @param maxRowAttributeBytes bytes of all attribute values of a row together (2 MB on Lindorm),
 *     {@link Long#MAX_VALUE} where only each value is bounded
 * @param binaryOnlyLast whether only the last primary-key column may be BINARY (Lindorm)
 * @param maxScanRows rows the service returns for one read of a range; a scan reads in pages of at
 *     most this many
 * @param maxScanBytes bytes the service returns for one read of a range
 * @param minTtlSeconds the least time to live of a table whose rows expire (86,400 on Tablestore,
 *     whose CreateTable refuses less; 1 elsewhere)
 * @param maxPutBytes bytes of one put of a row, counted as Tablestore counts a write request's data
 *     ({@code Row.putSizeInBytes}: the key columns' names and values, the attributes' names and
 *     values); 4 MB on Tablestore, whose PutRow, UpdateRow and each row of a BatchWriteRow carry no
 *     more, so that a {@code @Chunked} row stays within it. {@link Long#MAX_VALUE}: no bound of its
 *     own
 * @param maxAttributeColumns attribute columns of one row in one write ({@link
 *     #TABLESTORE_MAX_ATTRIBUTE_COLUMNS} on Tablestore), {@link Integer#MAX_VALUE}: no bound
 * @param maxColumnsToGet columns one read may name in its {@code ColumnSelection} ({@link
 *     #TABLESTORE_MAX_COLUMNS_TO_GET} on Tablestore); a read of all columns is not bounded by it.
 *     {@link Integer#MAX_VALUE}: no bound
 * @param serviceNamesOnly whether every attribute column a row writes must be a {@link
 *     ServiceNames#isLegal legal name} (Tablestore; Lindorm and HBase take any name of 1 to 255
 *     characters, resp. any qualifier)
 * @param sizeMeasure how {@code maxPkTotalBytes} and {@code maxRowAttributeBytes} count a key and a
 *     row's values: {@link SizeMeasure#HBASE_CELLS} on Lindorm, whose HBase API receives the
 *     encoded row key and tagged cells (and the row marker), {@link SizeMeasure#VALUES} elsewhere
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
    int maxSplitPointBytes,
    int maxPkTotalBytes,
    int maxRowKeyBytes,
    long maxRowAttributeBytes,
    boolean binaryOnlyLast,
    int maxScanRows,
    long maxScanBytes,
    long minTtlSeconds,
    long maxPutBytes,
    int maxAttributeColumns,
    int maxColumnsToGet,
    boolean serviceNamesOnly,
    SizeMeasure sizeMeasure) {

  private static final int KB = 1024;
  private static final int MB = 1024 * 1024;

  /** The least time to live Tablestore's CreateTable and UpdateTable take (one day), besides -1. */
  public static final long TABLESTORE_MIN_TTL_SECONDS = 86_400;

  /**
   * The longest time to live of a table whose rows expire, on every service: 2^31 - 2 seconds
   * (about 68 years). HBase and Lindorm keep a column family's TTL in an int and read {@code
   * Integer.MAX_VALUE} ({@code HConstants.FOREVER}) as "never expires"; Tablestore's TimeToLive is
   * an int too. One bound for every profile, so that a table that expires on one store expires on
   * every other; -1 ({@link #NO_TTL}) is the way to say "never".
   */
  public static final long MAX_TTL_SECONDS = Integer.MAX_VALUE - 1L;

  /** The time to live that says "never expire". */
  public static final long NO_TTL = -1;

  /** HBase's largest row key, {@code HConstants.MAX_ROW_LENGTH}. */
  public static final int HBASE_MAX_ROW_KEY_BYTES = Short.MAX_VALUE;

  /**
   * The data one Tablestore PutRow or UpdateRow carries, and one row of a BatchWriteRow (4 MB,
   * 4,194,304 bytes: "The total data size of PutRow request exceeds the limit").
   */
  public static final long TABLESTORE_MAX_PUT_BYTES = 4L * MB;

  /**
   * Attribute columns one Tablestore write puts in a row: PutRow, UpdateRow, each row of a
   * BatchWriteRow ("General limits"; the service answers more with OTSParameterInvalid "The number
   * of attribute columns exceeds the limit, limit count: 1024, column count: N.").
   */
  public static final int TABLESTORE_MAX_ATTRIBUTE_COLUMNS = 1024;

  /**
   * Columns one Tablestore read names in {@code columns_to_get}: 0 to 128 ("General limits"; the
   * GetRange API reference). The SDKs' live tests read 1,024; the documented bound is kept, which
   * passes either way.
   */
  public static final int TABLESTORE_MAX_COLUMNS_TO_GET = 128;

  /** The data one Lindorm write carries (64 MB); its 2 MB per row binds long before. */
  public static final long LINDORM_MAX_PUT_BYTES = 64L * MB;

  /**
   * One put of a row on HBase: widekey's own bound, Lindorm's 64 MB, a quarter of the 256 MB an
   * HBase RPC may carry ({@code hbase.ipc.max.request.size}), which leaves room for what an RPC
   * adds to every cell (its row key, family, timestamp and lengths). HBase's 10 MB per cell ({@code
   * hbase.client.keyvalue.maxsize}, {@code hbase.server.keyvalue.maxsize}) never binds: a widekey
   * cell holds at most one attribute of {@link #maxAttributeBytes}.
   */
  public static final long HBASE_MAX_PUT_BYTES = LINDORM_MAX_PUT_BYTES;

  /**
   * The row and batch limits the rules come from (Tablestore's), with pre-splits up to the 4,096
   * partitions a hash prefix spreads over evenly and no bound of its own on the key total, the row
   * key, a row's attributes, a put, a read or a row's columns. For stores built with limits of
   * their own; the profiles' limits are {@link #TABLESTORE}, {@link #LINDORM} and {@link #HBASE}.
   */
  public static final StoreLimits DEFAULT =
      new StoreLimits(KB, 2 * MB, 200, 4L * MB, 2000, 4, true);

  /**
   * Tablestore: 4 key columns of at most 1 KB, 2 MB per attribute, a batch of 200 rows and 4 MB, 4
   * MB per put, 2,000 keys per multi-get, 5,000 rows or 4 MB per GetRange, and CreateTable takes at
   * most 10 partitions at split points of 1 to 64 bytes ("The count of partitions cannot be greater
   * than 10", the SDK's SplitPointTest against the service); 1,024 attribute columns a row per
   * write, 128 named columns per read, and legal column names ({@link ServiceNames}).
   */
  public static final StoreLimits TABLESTORE =
      DEFAULT
          .withPreSplitLimits(10, 64)
          .withKeyLimits(4 * KB, Integer.MAX_VALUE, false)
          .withRowAndReadLimits(Long.MAX_VALUE, 5000, 4L * MB)
          .withMinTtlSeconds(TABLESTORE_MIN_TTL_SECONDS)
          .withMaxPutBytes(TABLESTORE_MAX_PUT_BYTES)
          .withColumnLimits(TABLESTORE_MAX_ATTRIBUTE_COLUMNS, TABLESTORE_MAX_COLUMNS_TO_GET, true);

  /**
   * Whether a table of these limits may have rows that live {@code ttlSeconds}: {@link #NO_TTL}, or
   * from {@link #minTtlSeconds} to {@link #MAX_TTL_SECONDS}.
   */
  public boolean allowsTtl(long ttlSeconds) {
    return ttlSeconds == NO_TTL || (ttlSeconds >= minTtlSeconds && ttlSeconds <= MAX_TTL_SECONDS);
  }

  /** These limits with another least time to live (Tablestore's one day). */
  public StoreLimits withMinTtlSeconds(long minTtlSeconds) {
    return with(c -> c.minTtlSeconds = minTtlSeconds);
  }

  /** These limits with another bound on one put of a row (Tablestore's 4 MB). */
  public StoreLimits withMaxPutBytes(long maxPutBytes) {
    return with(c -> c.maxPutBytes = maxPutBytes);
  }

  /**
   * The most bytes of attribute values one row can carry: its row limit, and at most what one put
   * carries (whose key and names count too). A {@code @Chunked} value is over {@link
   * #maxAttributeBytes}, and all its chunks go in one row.
   */
  public long maxRowValueBytes() {
    return Math.min(maxRowAttributeBytes, maxPutBytes);
  }

  /**
   * How many values over {@link #maxAttributeBytes} (split into chunk columns, {@code @Chunked})
   * one row can hold at a time: none where a row, or one put of it, holds no more than one
   * attribute (Lindorm's 2 MB a row), one on Tablestore (4 MB a put), 31 on HBase. The key and the
   * chunk columns' names, which a put also carries, are left out: no profile's bounds come near
   * them.
   *
   * <pre>{@code StoreLimits.TABLESTORE.chunkedValuesPerRow() // 1}</pre>
   */
  public int chunkedValuesPerRow() {
    return (int) Math.min(Integer.MAX_VALUE, maxRowValueBytes() / (maxAttributeBytes + 1L));
  }

  /**
   * Lindorm wide tables: 5 key columns, 2 KB for all key values together, only the last key column
   * binary, 2 MB for all non-key values of a row, 2,000 rows (kept under 2 MB) per write batch,
   * 2,000 keys per multi-get, 2,000 rows or 16 MB per read, and a non-key column in every row.
   */
  public static final StoreLimits LINDORM =
      new StoreLimits(
          2 * KB,
          2 * MB,
          2000,
          2L * MB,
          2000,
          5,
          true,
          HashPrefixWidths.maxPartitions(HashPrefixWidths.SPLIT_DIGITS),
          2 * KB,
          2 * KB,
          HBASE_MAX_ROW_KEY_BYTES,
          2L * MB,
          true,
          2000,
          16L * MB,
          1,
          LINDORM_MAX_PUT_BYTES,
          Integer.MAX_VALUE,
          Integer.MAX_VALUE,
          false,
          SizeMeasure.HBASE_CELLS);

  /**
   * HBase (and Bigtable-like stores): no bound on the key columns of its own beyond the row key
   * they are encoded into, at most {@link #HBASE_MAX_ROW_KEY_BYTES}; widekey's 2 MB per attribute
   * and batches of 200 rows and 4 MB.
   */
  public static final StoreLimits HBASE =
      new StoreLimits(
          HBASE_MAX_ROW_KEY_BYTES,
          2 * MB,
          200,
          4L * MB,
          2000,
          Integer.MAX_VALUE,
          true,
          HashPrefixWidths.maxPartitions(HashPrefixWidths.SPLIT_DIGITS),
          HBASE_MAX_ROW_KEY_BYTES,
          HBASE_MAX_ROW_KEY_BYTES,
          HBASE_MAX_ROW_KEY_BYTES,
          Long.MAX_VALUE,
          false,
          Integer.MAX_VALUE,
          Long.MAX_VALUE,
          1,
          HBASE_MAX_PUT_BYTES,
          Integer.MAX_VALUE,
          Integer.MAX_VALUE,
          false,
          SizeMeasure.VALUES);

  /**
   * Limits without a partition, key-total, row-key, row, put, read or column bound of their own:
   * pre-splits up to what a hash prefix spreads over evenly, split points of key-column size.
   *
   * <pre>{@code new StoreLimits(16, 64, 3, 1000, 5, 2, false) // a small store for tests}</pre>
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
        HashPrefixWidths.maxPartitions(HashPrefixWidths.SPLIT_DIGITS),
        maxPkColumnBytes,
        Integer.MAX_VALUE,
        Integer.MAX_VALUE,
        Long.MAX_VALUE,
        false,
        Integer.MAX_VALUE,
        Long.MAX_VALUE,
        1,
        Long.MAX_VALUE,
        Integer.MAX_VALUE,
        Integer.MAX_VALUE,
        false,
        SizeMeasure.VALUES);
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

  /**
   * Tables one Tablestore instance holds by default (the service raises it on request): what the
   * period tables of time-sharded entities are checked against (WK211).
   */
  public static final int TABLESTORE_MAX_TABLES = 64;

  /**
   * The tables one instance of the profile's service holds by default: {@link
   * #TABLESTORE_MAX_TABLES} on Tablestore, no bound of widekey's on Lindorm and HBase ({@link
   * Integer#MAX_VALUE}). Kept out of the per-table limits above, which every call checks: this one
   * is checked at compile time only, per entity.
   *
   * <pre>{@code StoreLimits.maxTables(Profile.TABLESTORE) // 64}</pre>
   */
  public static int maxTables(Profile profile) {
    return profile == Profile.TABLESTORE ? TABLESTORE_MAX_TABLES : Integer.MAX_VALUE;
  }

  /**
   * The guideline for the data under one partition-key value (rule WK301), in the English editions
   * of the seed documents: 10 GB (10 GiB), the default of every profile.
   */
  public static final long PARTITION_KEY_BYTES_GUIDELINE = 10L * 1024 * MB;

  /**
   * The same guideline in the Chinese edition of the seed documents (seed 004): 1 GB (1 GiB), for a
   * team that keeps the stricter reading ({@code PartitionLoadReport.of(store, table, top,
   * PARTITION_KEY_BYTES_GUIDELINE_CHINESE_EDITION)}).
   */
  public static final long PARTITION_KEY_BYTES_GUIDELINE_CHINESE_EDITION = 1024L * MB;

  /**
   * The guideline for the data under one partition-key value on the profile's service (WK301):
   * {@link #PARTITION_KEY_BYTES_GUIDELINE} on every profile today. Kept out of the per-table limits
   * above, which every call checks: no store refuses a write by it; the partition load report and
   * the hotspot heatmap measure against it.
   *
   * <pre>{@code StoreLimits.partitionKeyBytesGuideline(Profile.LINDORM) // 10 GB}</pre>
   */
  public static long partitionKeyBytesGuideline(Profile profile) {
    return switch (profile) {
      case TABLESTORE, LINDORM, HBASE -> PARTITION_KEY_BYTES_GUIDELINE;
    };
  }

  /**
   * A limit in bytes as messages quote it, in the units the service documents use (1 KB = 2^10
   * bytes) when it is a whole number of them: "1 KB", "2 MB", "10 GB", else "32767 bytes"; the one
   * formatter of limits and guidelines for compile-time and run-time messages and reports.
   */
  public static String sizeText(long bytes) {
    String[] units = {"GB", "MB", "KB"};
    for (int i = 0; i < units.length; i++) {
      long unit = 1L << (30 - 10 * i);
      if (bytes >= unit && bytes % unit == 0) {
        return bytes / unit + " " + units[i];
      }
    }
    return bytes + " bytes";
  }

  /** The limits of the service a profile targets. */
  public static StoreLimits of(Profile profile) {
    return switch (profile) {
      case TABLESTORE -> TABLESTORE;
      case LINDORM -> LINDORM;
      case HBASE -> HBASE;
    };
  }

  /** Whether a primary key of {@code columns} columns fits ({@link #maxPkColumns}). */
  public boolean fitsPkColumns(int columns) {
    return columns <= maxPkColumns;
  }

  /**
   * The stricter of these limits and {@code other}, bound by bound: what passes it passes both. A
   * store serving a table of another profile than its service's checks the table by the stricter of
   * the two, so the table works on its store and keeps its profile's rules.
   *
   * <pre>{@code StoreLimits.TABLESTORE.stricter(StoreLimits.LINDORM) // 4 key columns, 2 MB a row}
   * </pre>
   */
  public StoreLimits stricter(StoreLimits other) {
    return new StoreLimits(
        Math.min(maxPkColumnBytes, other.maxPkColumnBytes),
        Math.min(maxAttributeBytes, other.maxAttributeBytes),
        Math.min(maxBatchRows, other.maxBatchRows),
        Math.min(maxBatchBytes, other.maxBatchBytes),
        Math.min(maxMultiGetRows, other.maxMultiGetRows),
        Math.min(maxPkColumns, other.maxPkColumns),
        requireAttribute || other.requireAttribute,
        Math.min(maxPartitions, other.maxPartitions),
        Math.min(maxSplitPointBytes, other.maxSplitPointBytes),
        Math.min(maxPkTotalBytes, other.maxPkTotalBytes),
        Math.min(maxRowKeyBytes, other.maxRowKeyBytes),
        Math.min(maxRowAttributeBytes, other.maxRowAttributeBytes),
        binaryOnlyLast || other.binaryOnlyLast,
        Math.min(maxScanRows, other.maxScanRows),
        Math.min(maxScanBytes, other.maxScanBytes),
        Math.max(minTtlSeconds, other.minTtlSeconds),
        Math.min(maxPutBytes, other.maxPutBytes),
        Math.min(maxAttributeColumns, other.maxAttributeColumns),
        Math.min(maxColumnsToGet, other.maxColumnsToGet),
        serviceNamesOnly || other.serviceNamesOnly,
        sizeMeasure.stricter(other.sizeMeasure));
  }

  /**
   * These limits with other bounds on the partitions a table is created with and on one split
   * point's size; the row, batch and key limits stay.
   *
   * <pre>{@code StoreLimits.DEFAULT.withPreSplitLimits(10, 64) // Tablestore's CreateTable}</pre>
   */
  public StoreLimits withPreSplitLimits(int maxPartitions, int maxSplitPointBytes) {
    return with(
        c -> {
          c.maxPartitions = maxPartitions;
          c.maxSplitPointBytes = maxSplitPointBytes;
        });
  }

  /**
   * These limits with other bounds on a whole key: the total of its values, its encoded row key,
   * and whether only its last column may be binary.
   */
  public StoreLimits withKeyLimits(
      int maxPkTotalBytes, int maxRowKeyBytes, boolean binaryOnlyLast) {
    return with(
        c -> {
          c.maxPkTotalBytes = maxPkTotalBytes;
          c.maxRowKeyBytes = maxRowKeyBytes;
          c.binaryOnlyLast = binaryOnlyLast;
        });
  }

  /** These limits with other bounds on a row's attributes together and on one read of a range. */
  public StoreLimits withRowAndReadLimits(
      long maxRowAttributeBytes, int maxScanRows, long maxScanBytes) {
    return with(
        c -> {
          c.maxRowAttributeBytes = maxRowAttributeBytes;
          c.maxScanRows = maxScanRows;
          c.maxScanBytes = maxScanBytes;
        });
  }

  /**
   * These limits with other bounds on a row's columns: how many attribute columns one write puts in
   * a row, how many named columns one read selects, and whether column names must be {@link
   * ServiceNames#isLegal legal} everywhere.
   *
   * <pre>{@code StoreLimits.DEFAULT.withColumnLimits(1024, 128, true) // Tablestore's}</pre>
   */
  public StoreLimits withColumnLimits(
      int maxAttributeColumns, int maxColumnsToGet, boolean serviceNamesOnly) {
    return with(
        c -> {
          c.maxAttributeColumns = maxAttributeColumns;
          c.maxColumnsToGet = maxColumnsToGet;
          c.serviceNamesOnly = serviceNamesOnly;
        });
  }

  /** These limits with the bounds {@code change} sets on a copy of them; the others stay. */
  private StoreLimits with(Consumer<Copy> change) {
    Copy copy = new Copy(this);
    change.accept(copy);
    return copy.limits();
  }

  /**
   * A mutable copy of a set of limits, so that each {@code with...} method names only the bounds it
   * changes: every bound is listed here once, in the order of the record.
   */
  private static final class Copy {
    int maxPkColumnBytes;
    int maxAttributeBytes;
    int maxBatchRows;
    long maxBatchBytes;
    int maxMultiGetRows;
    int maxPkColumns;
    boolean requireAttribute;
    int maxPartitions;
    int maxSplitPointBytes;
    int maxPkTotalBytes;
    int maxRowKeyBytes;
    long maxRowAttributeBytes;
    boolean binaryOnlyLast;
    int maxScanRows;
    long maxScanBytes;
    long minTtlSeconds;
    long maxPutBytes;
    int maxAttributeColumns;
    int maxColumnsToGet;
    boolean serviceNamesOnly;
    SizeMeasure sizeMeasure;

    Copy(StoreLimits l) {
      maxPkColumnBytes = l.maxPkColumnBytes;
      maxAttributeBytes = l.maxAttributeBytes;
      maxBatchRows = l.maxBatchRows;
      maxBatchBytes = l.maxBatchBytes;
      maxMultiGetRows = l.maxMultiGetRows;
      maxPkColumns = l.maxPkColumns;
      requireAttribute = l.requireAttribute;
      maxPartitions = l.maxPartitions;
      maxSplitPointBytes = l.maxSplitPointBytes;
      maxPkTotalBytes = l.maxPkTotalBytes;
      maxRowKeyBytes = l.maxRowKeyBytes;
      maxRowAttributeBytes = l.maxRowAttributeBytes;
      binaryOnlyLast = l.binaryOnlyLast;
      maxScanRows = l.maxScanRows;
      maxScanBytes = l.maxScanBytes;
      minTtlSeconds = l.minTtlSeconds;
      maxPutBytes = l.maxPutBytes;
      maxAttributeColumns = l.maxAttributeColumns;
      maxColumnsToGet = l.maxColumnsToGet;
      serviceNamesOnly = l.serviceNamesOnly;
      sizeMeasure = l.sizeMeasure;
    }

    StoreLimits limits() {
      return new StoreLimits(
          maxPkColumnBytes,
          maxAttributeBytes,
          maxBatchRows,
          maxBatchBytes,
          maxMultiGetRows,
          maxPkColumns,
          requireAttribute,
          maxPartitions,
          maxSplitPointBytes,
          maxPkTotalBytes,
          maxRowKeyBytes,
          maxRowAttributeBytes,
          binaryOnlyLast,
          maxScanRows,
          maxScanBytes,
          minTtlSeconds,
          maxPutBytes,
          maxAttributeColumns,
          maxColumnsToGet,
          serviceNamesOnly,
          sizeMeasure);
    }
  }
}
