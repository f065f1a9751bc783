package dev.widekey.runtime.store;

import dev.widekey.core.store.SizeMeasure;
import dev.widekey.core.store.Utf8;

/**
 * A {@link SizeMeasure} applied to the runtime's keys and values: the measure itself lives with the
 * profile limits in widekey-core, which knows no {@link PrimaryKey} or {@link AttrValue}.
 *
 * <pre>{@code
 * SizeMeasures.keyBytes(SizeMeasure.HBASE_CELLS, PrimaryKey.of(PkValue.ofString("ab"))) // 5
 * SizeMeasures.keyBytes(SizeMeasure.VALUES, PrimaryKey.of(PkValue.ofString("ab")))      // 2
 * }</pre>
 */
public final class SizeMeasures {
  private SizeMeasures() {}

  /** Bytes of a key as the measure counts them. */
  public static long keyBytes(SizeMeasure measure, PrimaryKey key) {
    return measure == SizeMeasure.VALUES ? key.sizeInBytes() : OrderedKeyBytes.encodedLength(key);
  }

  /** Bytes of one attribute value as the measure counts them (with its tag in an HBase cell). */
  public static long valueBytes(SizeMeasure measure, AttrValue value) {
    return measure.valueBytes(value.sizeInBytes());
  }

  /**
   * Bytes of all attribute values of a row together as the measure counts them: for HBase cells,
   * each value with its tag and the row-marker cell listing the columns.
   *
   * @throws IllegalArgumentException if a string holds an unpaired surrogate
   */
  public static long rowValueBytes(SizeMeasure measure, Row row) {
    long bytes = 0;
    long names = 0;
    int columns = row.columnCount();
    for (int i = 0; i < columns; i++) {
      bytes += valueBytes(measure, row.columnValue(i));
      if (measure == SizeMeasure.HBASE_CELLS) {
        names += Utf8.encodedLength(row.columnName(i));
      }
    }
    return measure.rowValueBytes(bytes, columns, names);
  }
}
