package dev.widekey.store.hbase;

import dev.widekey.core.RuleViolationException;
import dev.widekey.core.store.SizeMeasure;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The row marker: a cell that every put writes, in the same HBase {@code Put} as the row's columns,
 * whose value lists the columns that put wrote. A put replaces the whole row without deleting
 * anything: a read takes the latest marker and ignores every cell whose column it does not list
 * (the leftovers of an older, wider row). All cells of one {@code Put} carry the same timestamp and
 * sequence id, so the cells of the listed columns are exactly the ones written with the latest
 * marker: a newer cell of a listed column would have come with a newer marker.
 *
 * <p>Its qualifier is the single byte {@code 0xFF}, which no widekey column name can be (a name is
 * UTF-8, where {@code 0xFF} never occurs). Its value is the tag {@code 'R'}, then each column's
 * UTF-8 name preceded by the byte {@code 0xFF}, in unsigned byte order, then a final {@code 0xFF};
 * {@code 0xFF} never occurs in UTF-8, so a column {@code c} is listed exactly when the value
 * contains {@code FF c FF} (which is how a conditional put checks it on the server). A value that
 * is not this form is {@link ErrorKind#CORRUPT_DATA}. Its length is the runtime's {@link
 * SizeMeasure#rowMarkerBytes}, which Lindorm's row limit counts.
 */
final class RowMarker {
  /** The marker's qualifier: not UTF-8, never a column name. */
  static final byte[] QUALIFIER = {(byte) 0xFF};

  /** Why a row with cells but no marker is not widekey's, as reads and conditions report it. */
  static final String NO_MARKER = "the row has cells but no row marker";

  private static final byte TAG = 'R';
  private static final byte SEPARATOR = (byte) 0xFF;

  private RowMarker() {}

  /** The marker value for qualifiers sorted in unsigned byte order, each a non-empty name. */
  static byte[] encode(byte[][] sortedQualifiers) {
    long names = 0;
    for (byte[] q : sortedQualifiers) {
      names += q.length;
    }
    byte[] out =
        new byte[Math.toIntExact(SizeMeasure.rowMarkerBytes(sortedQualifiers.length, names))];
    out[0] = TAG;
    out[1] = SEPARATOR;
    int at = SizeMeasure.ROW_MARKER_FIXED_BYTES;
    for (byte[] q : sortedQualifiers) {
      System.arraycopy(q, 0, out, at, q.length);
      at += q.length;
      out[at++] = SEPARATOR;
    }
    return out;
  }

  /**
   * The bytes a marker value contains exactly when it lists {@code qualifier}: the name between two
   * separators.
   */
  static byte[] listing(byte[] qualifier) {
    byte[] out = new byte[qualifier.length + 2];
    out[0] = SEPARATOR;
    System.arraycopy(qualifier, 0, out, 1, qualifier.length);
    out[out.length - 1] = SEPARATOR;
    return out;
  }

  /**
   * The qualifiers a marker value lists, in order. Stored bytes are not trusted: a wrong tag, a
   * missing separator, an empty name or names out of order are refused (the names' UTF-8 is checked
   * when their cells are decoded).
   *
   * @throws StoreException {@link ErrorKind#CORRUPT_DATA} naming the table and row key
   */
  static List<byte[]> decode(String table, byte[] rowKey, byte[] value) {
    if (value.length < 2 || value[0] != TAG || value[1] != SEPARATOR) {
      throw malformed(table, rowKey, "it does not start with the marker tag and a separator");
    }
    if (value[value.length - 1] != SEPARATOR) {
      throw malformed(table, rowKey, "it does not end with a separator");
    }
    List<byte[]> names = new ArrayList<>();
    int start = 2;
    for (int i = 2; i < value.length; i++) {
      if (value[i] == SEPARATOR) {
        if (i == start) {
          throw malformed(table, rowKey, "it lists an empty column name");
        }
        byte[] name = Arrays.copyOfRange(value, start, i);
        if (!names.isEmpty() && Arrays.compareUnsigned(names.get(names.size() - 1), name) >= 0) {
          throw malformed(table, rowKey, "its column names are not in strictly ascending order");
        }
        names.add(name);
        start = i + 1;
      }
    }
    return names;
  }

  static StoreException malformed(String table, byte[] rowKey, String why) {
    return new StoreException(
        ErrorKind.CORRUPT_DATA,
        "the row marker of row key "
            + RuleViolationException.quoteBytes(rowKey)
            + " of table "
            + RuleViolationException.quote(table)
            + " is not widekey's: "
            + why
            + "; the row was not written by widekey",
        false,
        null);
  }
}
