package dev.widekey.core.store;

/**
 * How a profile's service counts the bytes of a key and of a row's values, which {@link
 * StoreLimits#maxPkTotalBytes} and {@link StoreLimits#maxRowAttributeBytes} bound: the one home of
 * that arithmetic, used by every store's checks ({@code ServiceChecks}, through the runtime's
 * {@code SizeMeasures}), by the processor's key budget (WK109) and by the HBase backend's cell
 * format, so that a row that passes locally is the size the service sees.
 *
 * <pre>{@code
 * SizeMeasure.HBASE_CELLS.maxKeyColumnBytes(PkType.STRING, 2, false) // 5: marker, a, b, end mark
 * SizeMeasure.VALUES.maxKeyColumnBytes(PkType.STRING, 2, false)      // 2
 * }</pre>
 *
 * <p>HBase cells, the layout the HBase backend writes (and so what Lindorm stores through its HBase
 * API): the row key is the whole key as {@code OrderedKeyBytes} encodes it (a marker byte per
 * column, each zero byte of a text or binary value escaped as two, an end mark of two bytes after
 * each); each attribute is a cell whose value is a type tag of {@value #CELL_TAG_BYTES} byte and
 * the payload ({@code AttrValue.sizeInBytes}); and each put adds the row-marker cell, whose value
 * is a tag and a separator ({@value #ROW_MARKER_FIXED_BYTES} bytes) and each column's UTF-8 name
 * followed by a separator.
 */
public enum SizeMeasure {
  /**
   * The values as given: a key's values ({@code PrimaryKey.sizeInBytes}), a row's attribute values
   * ({@code AttrValue.sizeInBytes}). Tablestore keeps key columns and types apart and counts so.
   */
  VALUES,
  /**
   * The bytes the HBase API carries for the row (see the class comment): Lindorm's, whose limits
   * apply to the row key and cell values it receives, not to widekey's values before encoding.
   */
  HBASE_CELLS;

  /** The type tag before each attribute's payload in its HBase cell value. */
  public static final int CELL_TAG_BYTES = 1;

  /** The row marker's tag and its first separator, before the listed names. */
  public static final int ROW_MARKER_FIXED_BYTES = 2;

  /**
   * The most bytes a key column of {@code valueBytes} value bytes can count for: the processor's
   * bound on a declared column ({@code mayHoldZero}: whether a byte of it may be zero).
   */
  public long maxKeyColumnBytes(PkType type, long valueBytes, boolean mayHoldZero) {
    return this == VALUES
        ? (type == PkType.INTEGER ? 8 : valueBytes)
        : OrderedKeyWidths.maxEncodedLength(type, valueBytes, mayHoldZero);
  }

  /**
   * Bytes of one attribute value of {@code payloadBytes} bytes (its {@code sizeInBytes}) as this
   * measure counts them: with its tag in an HBase cell.
   */
  public long valueBytes(long payloadBytes) {
    return this == VALUES ? payloadBytes : CELL_TAG_BYTES + payloadBytes;
  }

  /**
   * Bytes of a row's attribute values together as this measure counts them, given the sum of their
   * {@link #valueBytes} ({@code valueBytes}), how many there are and their UTF-8 names' bytes: for
   * HBase cells, the values and the row-marker cell listing the columns.
   */
  public long rowValueBytes(long valueBytes, int columns, long nameBytes) {
    return this == VALUES ? valueBytes : valueBytes + rowMarkerBytes(columns, nameBytes);
  }

  /** What the runtime's {@code SizeMeasures.keyBytes} counts, for messages. */
  public String keyMeasured() {
    return this == VALUES
        ? "its values together"
        : "its encoded row key (what the HBase API sends: a marker byte per column, each zero"
            + " byte of a text or binary value escaped as two, and a two-byte end mark after each)";
  }

  /** What {@link #rowValueBytes} counts, for messages. */
  public String rowMeasured() {
    return this == VALUES
        ? "its non-key values together"
        : "its cell values together (what the HBase API sends: each value with its "
            + CELL_TAG_BYTES
            + "-byte type tag, and the row-marker cell listing every column name)";
  }

  /** The stricter of two measures: the one that counts more for every key and row. */
  public SizeMeasure stricter(SizeMeasure other) {
    return this == HBASE_CELLS || other == HBASE_CELLS ? HBASE_CELLS : VALUES;
  }

  /** Bytes of an HBase cell value holding a payload of {@code payloadBytes}: tag and payload. */
  public static int cellValueBytes(int payloadBytes) {
    return Math.addExact(CELL_TAG_BYTES, payloadBytes);
  }

  /**
   * Bytes of the row-marker cell value of a row of {@code columns} columns whose UTF-8 names hold
   * {@code nameBytes} bytes together: tag, separator, and each name followed by a separator.
   */
  public static long rowMarkerBytes(int columns, long nameBytes) {
    return ROW_MARKER_FIXED_BYTES + nameBytes + columns;
  }
}
