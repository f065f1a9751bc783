package dev.widekey.store.hbase;

import dev.widekey.core.RuleViolationException;
import dev.widekey.core.store.SizeMeasure;
import dev.widekey.core.store.Utf8;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;

/**
 * Attribute values as HBase cell values: one type tag byte, then the payload, so that a value reads
 * back with the type it was written with (HBase cells are untyped bytes). The sizes are the
 * runtime's {@link SizeMeasure#HBASE_CELLS}, which the stores' checks count with (Lindorm's 2 MB a
 * row): a change of layout here changes it there.
 */
final class CellCodec {
  private static final byte STRING = 'S';
  private static final byte INTEGER = 'I';
  private static final byte DOUBLE = 'D';
  private static final byte BOOLEAN = 'B';
  private static final byte BINARY = 'X';

  private CellCodec() {}

  static byte[] encode(AttrValue value) {
    return switch (value.type()) {
      case STRING -> tagged(STRING, Utf8.encode(value.asString()));
      case INTEGER ->
          ByteBuffer.allocate(SizeMeasure.cellValueBytes(Long.BYTES))
              .put(INTEGER)
              .putLong(value.asLong())
              .array();
      case DOUBLE ->
          ByteBuffer.allocate(SizeMeasure.cellValueBytes(Long.BYTES))
              .put(DOUBLE)
              .putLong(Double.doubleToRawLongBits(value.asDouble()))
              .array();
      case BOOLEAN -> new byte[] {BOOLEAN, (byte) (value.asBoolean() ? 1 : 0)};
      case BINARY -> tagged(BINARY, value.asBinary());
    };
  }

  /**
   * A cell value as written by {@link #encode}. Stored bytes are not trusted: an unknown tag, a
   * payload of the wrong length, a boolean other than 0 or 1, or text that is not strict UTF-8 is
   * refused.
   *
   * @throws StoreException {@link ErrorKind#CORRUPT_DATA} (not retryable) naming the table, the row
   *     key (an escaped prefix) and the column
   */
  static AttrValue decode(String table, byte[] rowKey, String column, byte[] cell) {
    if (cell.length == 0) {
      throw malformed(table, rowKey, column, "it is empty");
    }
    int payload = cell.length - 1;
    ByteBuffer bytes = ByteBuffer.wrap(cell, 1, payload);
    return switch (cell[0]) {
      case STRING -> {
        try {
          yield AttrValue.ofString(Utf8.decode(cell, 1, payload));
        } catch (CharacterCodingException e) {
          throw malformed(table, rowKey, column, "its text is not well-formed UTF-8");
        }
      }
      case INTEGER -> AttrValue.ofInteger(fixed(table, rowKey, column, cell, 8).getLong());
      case DOUBLE ->
          AttrValue.ofDouble(
              Double.longBitsToDouble(fixed(table, rowKey, column, cell, 8).getLong()));
      case BOOLEAN -> {
        byte b = fixed(table, rowKey, column, cell, 1).get();
        if (b != 0 && b != 1) {
          throw malformed(table, rowKey, column, "its boolean byte is " + b + ", not 0 or 1");
        }
        yield AttrValue.ofBoolean(b == 1);
      }
      case BINARY -> {
        byte[] raw = new byte[payload];
        bytes.get(raw);
        yield AttrValue.ofBinary(raw);
      }
      default -> throw malformed(table, rowKey, column, "its type tag is " + cell[0]);
    };
  }

  /** A column name from its cell qualifier, strict UTF-8. */
  static String columnName(String table, byte[] rowKey, byte[] qualifier) {
    try {
      return Utf8.decode(qualifier);
    } catch (CharacterCodingException e) {
      throw malformed(
          table, rowKey, RuleViolationException.quoteBytes(qualifier), "its name is not UTF-8");
    }
  }

  private static ByteBuffer fixed(
      String table, byte[] rowKey, String column, byte[] cell, int length) {
    if (cell.length - 1 != length) {
      throw malformed(
          table,
          rowKey,
          column,
          "its payload is " + (cell.length - 1) + " bytes where its type has " + length);
    }
    return ByteBuffer.wrap(cell, 1, length);
  }

  private static StoreException malformed(String table, byte[] rowKey, String column, String why) {
    return new StoreException(
        ErrorKind.CORRUPT_DATA,
        "cell "
            + RuleViolationException.quote(column)
            + " of row key "
            + RuleViolationException.quoteBytes(rowKey)
            + " of table "
            + RuleViolationException.quote(table)
            + " is not widekey's cell encoding: "
            + why
            + "; it was not written by widekey",
        false,
        null);
  }

  private static byte[] tagged(byte tag, byte[] payload) {
    byte[] out = new byte[SizeMeasure.cellValueBytes(payload.length)];
    out[0] = tag;
    System.arraycopy(payload, 0, out, SizeMeasure.CELL_TAG_BYTES, payload.length);
    return out;
  }
}
