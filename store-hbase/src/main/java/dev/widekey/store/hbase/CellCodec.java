package dev.widekey.store.hbase;

import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.Utf8;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;

/**
 * Attribute values as HBase cell values: one type tag byte, then the payload, so that a value reads
 * back with the type it was written with (HBase cells are untyped bytes).
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
      case INTEGER -> ByteBuffer.allocate(9).put(INTEGER).putLong(value.asLong()).array();
      case DOUBLE ->
          ByteBuffer.allocate(9)
              .put(DOUBLE)
              .putLong(Double.doubleToRawLongBits(value.asDouble()))
              .array();
      case BOOLEAN -> new byte[] {BOOLEAN, (byte) (value.asBoolean() ? 1 : 0)};
      case BINARY -> tagged(BINARY, value.asBinary());
    };
  }

  static AttrValue decode(byte[] cell) {
    if (cell.length == 0) {
      throw new IllegalArgumentException("empty cell value: not written by widekey");
    }
    ByteBuffer payload = ByteBuffer.wrap(cell, 1, cell.length - 1);
    return switch (cell[0]) {
      case STRING -> AttrValue.ofString(text(cell));
      case INTEGER -> AttrValue.ofInteger(payload.getLong());
      case DOUBLE -> AttrValue.ofDouble(Double.longBitsToDouble(payload.getLong()));
      case BOOLEAN -> AttrValue.ofBoolean(payload.get() != 0);
      case BINARY -> {
        byte[] raw = new byte[cell.length - 1];
        System.arraycopy(cell, 1, raw, 0, raw.length);
        yield AttrValue.ofBinary(raw);
      }
      default -> throw new IllegalArgumentException("unknown value type tag " + cell[0]);
    };
  }

  /** A column qualifier's name, refusing bytes that are not well-formed UTF-8. */
  static String columnName(byte[] qualifier) {
    try {
      return Utf8.decode(qualifier);
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException("column qualifier is not well-formed UTF-8", e);
    }
  }

  /** The text of a STRING cell, refusing bytes that are not well-formed UTF-8. */
  private static String text(byte[] cell) {
    try {
      return Utf8.decode(cell, 1, cell.length - 1);
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException("text cell value is not well-formed UTF-8", e);
    }
  }

  private static byte[] tagged(byte tag, byte[] payload) {
    byte[] out = new byte[payload.length + 1];
    out[0] = tag;
    System.arraycopy(payload, 0, out, 1, payload.length);
    return out;
  }
}
