package dev.widekey.core.store;

/**
 * How many bytes a key column takes at most in the ordered key encoding (the runtime's {@code
 * OrderedKeyBytes}: a marker byte per column, each zero byte of a text or binary value escaped as
 * two, an end mark of two bytes after each): the processor's key budget (WK109) and the stores'
 * checks count with the same figures.
 *
 * <pre>{@code OrderedKeyWidths.maxEncodedLength(PkType.STRING, 10, false) // 13}</pre>
 */
public final class OrderedKeyWidths {
  /** The bytes of an INTEGER column, whatever its value: its marker and 8 payload bytes. */
  public static final int INTEGER_COLUMN = 1 + 8;

  private OrderedKeyWidths() {}

  /**
   * The most bytes a column value of {@code valueBytes} bytes can take in the encoding: 9 for an
   * INTEGER; for text or binary, a marker, every byte (twice if it may be zero) and the end mark.
   *
   * @param mayHoldZero whether a byte of the value may be zero (escaped as two bytes)
   */
  public static long maxEncodedLength(PkType type, long valueBytes, boolean mayHoldZero) {
    return switch (type) {
      case INTEGER -> INTEGER_COLUMN;
      case STRING, BINARY -> 3 + (mayHoldZero ? 2 * valueBytes : valueBytes);
    };
  }

  /**
   * The most bytes of an index table's ref column ({@link ReservedNames#INDEX_REF_COLUMN}) whose
   * hot key encodes to at most {@code hotKeyBytes}: the hot key, then the write tag, one more
   * INTEGER column.
   */
  public static long maxIndexRefBytes(long hotKeyBytes) {
    return hotKeyBytes + maxEncodedLength(PkType.INTEGER, 8, true);
  }
}
