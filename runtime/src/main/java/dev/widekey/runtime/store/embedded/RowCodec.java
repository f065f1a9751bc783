package dev.widekey.runtime.store.embedded;

import dev.widekey.core.store.Utf8;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import java.nio.charset.CharacterCodingException;
import java.util.Arrays;

/**
 * The stored form of a row's attribute columns: a format byte, the column count, then per column
 * its UTF-8 name, a type tag and the value (length-prefixed for strings and binaries, 8 bytes for
 * integers and doubles, 1 byte for booleans). Lengths are unsigned varints.
 *
 * <p>Strings are stored as strict UTF-8: a string holding an unpaired surrogate has no UTF-8 form,
 * and storing a replacement character would silently change the value, so it is refused.
 */
final class RowCodec {
  private static final int FORMAT = 1;
  private static final int STRING = 1;
  private static final int INTEGER = 2;
  private static final int DOUBLE = 3;
  private static final int BOOLEAN = 4;
  private static final int BINARY = 5;

  private RowCodec() {}

  /** Encodes attribute columns; throws INVALID_REQUEST for a string without a UTF-8 form. */
  static byte[] encode(Row row) {
    int columns = row.columnCount();
    Out out = new Out(64);
    out.write(FORMAT);
    out.varInt(columns);
    for (int i = 0; i < columns; i++) {
      String column = row.columnName(i);
      byte[] name = utf8(column, "attribute column name");
      out.varInt(name.length);
      out.write(name);
      AttrValue v = row.columnValue(i);
      switch (v.type()) {
        case STRING -> {
          byte[] s = utf8(v.asString(), "value of attribute column " + column);
          out.write(STRING);
          out.varInt(s.length);
          out.write(s);
        }
        case BINARY -> {
          byte[] b = v.asBinary();
          out.write(BINARY);
          out.varInt(b.length);
          out.write(b);
        }
        case INTEGER -> {
          out.write(INTEGER);
          out.longBits(v.asLong());
        }
        case DOUBLE -> {
          out.write(DOUBLE);
          out.longBits(Double.doubleToRawLongBits(v.asDouble()));
        }
        case BOOLEAN -> {
          out.write(BOOLEAN);
          out.write(v.asBoolean() ? 1 : 0);
        }
      }
    }
    return out.toByteArray();
  }

  /**
   * Decodes the selected columns. Returns {@code null} when a selection names columns of which the
   * row holds none: the stores then return no row (an HBase Get for absent columns is an empty
   * Result), so a partial read never looks like a row without attributes.
   */
  static Row.Builder decode(byte[] bytes, ColumnSelection selection) {
    return decode(bytes, selection, null);
  }

  /**
   * {@link #decode(byte[], ColumnSelection)}, taking the names the table's rows had before from
   * {@code names} (may be null). The columns are stored in name order, each once (as {@link
   * #encode} writes them); stored bytes that break that are refused as corrupt.
   */
  static Row.Builder decode(byte[] bytes, ColumnSelection selection, ColumnNames names) {
    In in = new In(bytes);
    int count = in.varInt();
    Row.Builder columns = Row.builder(Math.min(count, 64));
    for (int i = 0; i < count; i++) {
      String name = in.name(i, in.varInt(), names);
      int tag = in.u8();
      AttrValue value =
          switch (tag) {
            case STRING -> {
              int len = in.varInt();
              if (selection.includes(name)) {
                yield AttrValue.ofString(in.utf8(len));
              }
              in.skip(len);
              yield null;
            }
            case BINARY -> {
              int len = in.varInt();
              if (selection.includes(name)) {
                yield AttrValue.ofBinary(in.bytes(len));
              }
              in.skip(len);
              yield null;
            }
            case INTEGER -> {
              long v = in.longBits();
              yield selection.includes(name) ? AttrValue.ofInteger(v) : null;
            }
            case DOUBLE -> {
              long v = in.longBits();
              yield selection.includes(name)
                  ? AttrValue.ofDouble(Double.longBitsToDouble(v))
                  : null;
            }
            case BOOLEAN -> {
              int v = in.u8();
              yield selection.includes(name) ? AttrValue.ofBoolean(v != 0) : null;
            }
            default -> throw corrupt("unknown attribute type tag " + tag);
          };
      if (value != null) {
        try {
          columns.add(name, value);
        } catch (IllegalArgumentException e) {
          throw corrupt(e.getMessage());
        }
      }
    }
    if (!selection.isAll() && !selection.isKeysOnly() && columns.size() == 0) {
      return null;
    }
    return columns;
  }

  /**
   * The value of the column {@code column} in stored attributes, or null if they hold none: the
   * columns before it are walked over (names matched through {@code names}, values skipped), not
   * decoded. Stored bytes that do not walk are refused as corrupt, as {@link #decode} refuses them.
   */
  static AttrValue column(byte[] bytes, String column, ColumnNames names) {
    In in = new In(bytes);
    int count = in.varInt();
    for (int i = 0; i < count; i++) {
      boolean match = column.equals(in.name(i, in.varInt(), names));
      int tag = in.u8();
      switch (tag) {
        case STRING -> {
          int len = in.varInt();
          if (match) {
            return AttrValue.ofString(in.utf8(len));
          }
          in.skip(len);
        }
        case BINARY -> {
          int len = in.varInt();
          if (match) {
            return AttrValue.ofBinary(in.bytes(len));
          }
          in.skip(len);
        }
        case INTEGER -> {
          long v = in.longBits();
          if (match) {
            return AttrValue.ofInteger(v);
          }
        }
        case DOUBLE -> {
          long v = in.longBits();
          if (match) {
            return AttrValue.ofDouble(Double.longBitsToDouble(v));
          }
        }
        case BOOLEAN -> {
          int v = in.u8();
          if (match) {
            return AttrValue.ofBoolean(v != 0);
          }
        }
        default -> throw corrupt("unknown attribute type tag " + tag);
      }
    }
    return null;
  }

  /**
   * The logical size of stored attributes, counted as {@code Row.sizeInBytes()} counts them (UTF-8
   * name plus value bytes), without materializing the values.
   */
  static long logicalSize(byte[] bytes) {
    In in = new In(bytes);
    int count = in.varInt();
    long size = 0;
    for (int i = 0; i < count; i++) {
      int nameLength = in.varInt();
      in.skip(nameLength);
      size += nameLength;
      int tag = in.u8();
      int valueLength =
          switch (tag) {
            case STRING, BINARY -> in.varInt();
            case INTEGER, DOUBLE -> 8;
            case BOOLEAN -> 1;
            default -> throw corrupt("unknown attribute type tag " + tag);
          };
      in.skip(valueLength);
      size += valueLength;
    }
    return size;
  }

  /** Strict UTF-8 bytes of a string; {@code what} names it in the error. */
  static byte[] utf8(String s, String what) {
    try {
      return Utf8.encode(s);
    } catch (IllegalArgumentException e) {
      throw new StoreException(
          ErrorKind.INVALID_REQUEST,
          what + " holds an unpaired surrogate, which has no UTF-8 form",
          e);
    }
  }

  private static StoreException corrupt(String what) {
    return new StoreException(ErrorKind.INTERNAL, "stored row is corrupt: " + what, false, null);
  }

  /** A growable byte buffer (ByteArrayOutputStream synchronizes every write). */
  private static final class Out {
    private byte[] buf;
    private int size;

    Out(int capacity) {
      buf = new byte[capacity];
    }

    void write(int b) {
      ensure(1);
      buf[size++] = (byte) b;
    }

    void write(byte[] b) {
      ensure(b.length);
      System.arraycopy(b, 0, buf, size, b.length);
      size += b.length;
    }

    void varInt(int v) {
      while ((v & ~0x7F) != 0) {
        write((v & 0x7F) | 0x80);
        v >>>= 7;
      }
      write(v);
    }

    void longBits(long v) {
      ensure(8);
      for (int shift = 56; shift >= 0; shift -= 8) {
        buf[size++] = (byte) (v >>> shift);
      }
    }

    private void ensure(int more) {
      if (size + more > buf.length) {
        buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
      }
    }

    byte[] toByteArray() {
      return Arrays.copyOf(buf, size);
    }
  }

  /** Refuses stored attributes of another format than {@link #encode} writes, as corrupt. */
  static void checkFormat(byte[] buf) {
    if (buf.length == 0 || buf[0] != FORMAT) {
      throw corrupt("unknown row format " + (buf.length == 0 ? "(empty)" : buf[0]));
    }
  }

  private static final class In {
    private final byte[] buf;
    private int pos;

    In(byte[] buf) {
      this.buf = buf;
      checkFormat(buf);
      this.pos = 1;
    }

    int u8() {
      require(1);
      return buf[pos++] & 0xFF;
    }

    int varInt() {
      int v = 0;
      for (int shift = 0; shift < 35; shift += 7) {
        int b = u8();
        v |= (b & 0x7F) << shift;
        if ((b & 0x80) == 0) {
          return v;
        }
      }
      throw corrupt("malformed length");
    }

    long longBits() {
      require(8);
      long v = 0;
      for (int i = 0; i < 8; i++) {
        v = (v << 8) | (buf[pos++] & 0xFF);
      }
      return v;
    }

    String utf8(int len) {
      require(len);
      String s;
      try {
        s = Utf8.decode(buf, pos, len);
      } catch (CharacterCodingException e) {
        throw corrupt("a string is not well-formed UTF-8");
      }
      pos += len;
      return s;
    }

    /** The attribute name at {@code place}: one {@code names} knows, or decoded and remembered. */
    String name(int place, int len, ColumnNames names) {
      if (names == null) {
        return utf8(len);
      }
      require(len);
      String known = names.known(place, buf, pos, len);
      if (known != null) {
        pos += len;
        return known;
      }
      int from = pos;
      String decoded = utf8(len);
      names.remember(place, buf, from, len, decoded);
      return decoded;
    }

    byte[] bytes(int len) {
      require(len);
      byte[] b = Arrays.copyOfRange(buf, pos, pos + len);
      pos += len;
      return b;
    }

    void skip(int len) {
      require(len);
      pos += len;
    }

    private void require(int len) {
      if (len < 0 || len > buf.length - pos) {
        throw corrupt("truncated");
      }
    }
  }
}
