package dev.widekey.runtime.store;

import static dev.widekey.core.store.OrderedKeyWidths.INTEGER_COLUMN;

import dev.widekey.core.RuleViolationException;
import dev.widekey.core.store.OrderedKeyWidths;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.core.store.Utf8;
import java.nio.charset.CharacterCodingException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Encodes a typed primary key into one byte string whose unsigned bytewise order is the key's order
 * ({@link PrimaryKey#compareTo}). Stores that sort one row key (HBase, the embedded store's B-tree)
 * use it.
 *
 * <p>Each column is a marker byte and a payload. The marker is {@code 0x01} for a value, {@code
 * 0x00} for {@link PkValue#INF_MIN} and {@code 0xFF} for {@link PkValue#INF_MAX}, so a bound sorts
 * before or after every key sharing its leading columns. INTEGER payloads are 8 bytes big-endian
 * with the sign bit flipped; STRING (as UTF-8) and BINARY payloads escape {@code 0x00} as {@code
 * 0x00 0xFF} and end with {@code 0x00 0x01}, so that a value sorts before every longer value it is
 * a prefix of.
 *
 * <pre>{@code
 * byte[] row = OrderedKeyBytes.encode(key);
 * PrimaryKey back = OrderedKeyBytes.decode(row, schema);
 * }</pre>
 */
public final class OrderedKeyBytes {
  private static final int VALUE = 0x01;
  private static final int MIN = 0x00;
  private static final int MAX = 0xFF;

  private OrderedKeyBytes() {}

  /**
   * Encodes a key.
   *
   * @throws StoreException {@link ErrorKind#INVALID_REQUEST} if a string holds an unpaired
   *     surrogate, which has no UTF-8 form
   */
  public static byte[] encode(PrimaryKey key) {
    byte[] decodedFrom = key.encoding();
    if (decodedFrom != null) {
      return decodedFrom.clone();
    }
    // two passes into an array of the exact length: every store call encodes a key, and a
    // stream's synchronized write per byte cost more than the rest of the encoding
    List<PkValue> values = key.values();
    int columns = values.size();
    byte[][] payloads = null; // the UTF-8 or binary payload of each text or binary column
    int length = 0;
    for (int i = 0; i < columns; i++) {
      PkValue v = values.get(i);
      if (v.isInfinite()) {
        length += 1;
        continue;
      }
      if (v.type() == PkType.INTEGER) {
        length += INTEGER_COLUMN;
        continue;
      }
      if (payloads == null) {
        payloads = new byte[columns][];
      }
      byte[] payload = v.type() == PkType.STRING ? utf8(v.asString()) : v.binaryBytes();
      payloads[i] = payload;
      length += 3 + escapedLength(payload);
    }
    byte[] out = new byte[length];
    int pos = 0;
    for (int i = 0; i < columns; i++) {
      PkValue v = values.get(i);
      if (v.isInfinite()) {
        out[pos++] = (byte) (v == PkValue.INF_MIN ? MIN : MAX);
        continue;
      }
      out[pos++] = VALUE;
      if (v.type() == PkType.INTEGER) {
        pos = writeInteger(out, pos, v.asLong());
      } else {
        pos = writeEscaped(out, pos, payloads[i]);
      }
    }
    return out;
  }

  /**
   * Encodes {@code key} followed by one more INTEGER column holding {@code last}, as {@link
   * #encode} encodes that longer key (each column's bytes follow the one before's), without
   * building it: an index row's ref, a hot key and a write's tag.
   *
   * <pre>{@code byte[] ref = OrderedKeyBytes.encodeFollowedBy(hotKey, tag);}</pre>
   *
   * @throws StoreException as {@link #encode}
   */
  public static byte[] encodeFollowedBy(PrimaryKey key, long last) {
    byte[] head = key.encoding();
    if (head == null) {
      head = encode(key);
    }
    byte[] out = Arrays.copyOf(head, head.length + INTEGER_COLUMN);
    out[head.length] = VALUE;
    writeInteger(out, head.length + 1, last);
    return out;
  }

  /**
   * {@link #encodeFollowedBy} as a BINARY key value, the bytes not copied again.
   *
   * <pre>{@code PkValue ref = OrderedKeyBytes.valueFollowedBy(hotKey, tag);}</pre>
   */
  public static PkValue valueFollowedBy(PrimaryKey key, long last) {
    return PkValue.ofOwnedBinary(encodeFollowedBy(key, last));
  }

  /** Writes an INTEGER payload at {@code pos}: big-endian, its sign bit flipped; the next pos. */
  private static int writeInteger(byte[] out, int pos, long value) {
    long bits = value ^ Long.MIN_VALUE;
    for (int shift = 56; shift >= 0; shift -= 8) {
      out[pos++] = (byte) (bits >>> shift);
    }
    return pos;
  }

  /**
   * Decodes a key encoded inside a BINARY key value, as an index row's ref holds its hot key, as
   * {@link #decode(String, byte[], List)} does, without copying the value first.
   *
   * <pre>{@code PrimaryKey hotKey = OrderedKeyBytes.decode("orders_by_card", ref, refSchema);}
   * </pre>
   *
   * @throws StoreException {@link ErrorKind#CORRUPT_DATA} as {@link #decode(String, byte[], List)}
   */
  public static PrimaryKey decode(String table, PkValue encoded, List<PkColumn> schema) {
    return decode(table, encoded.binaryBytes(), schema);
  }

  /**
   * Decodes the columns before the INTEGER that ends a key encoded inside a BINARY key value, as an
   * index row's ref holds its hot key before the write's tag ({@link #lastInteger} reads the tag):
   * as {@link #decode(String, PkValue, List)} with {@code schema} and one INTEGER column more, the
   * key of the leading columns only.
   *
   * <pre>
   * {@code PrimaryKey hotKey = OrderedKeyBytes.decodeBeforeInteger("orders_by_card", ref, hotSchema);}
   * </pre>
   *
   * @throws StoreException {@link ErrorKind#CORRUPT_DATA} as {@link #decode(String, byte[], List)},
   *     also where the value does not end in an INTEGER column
   */
  public static PrimaryKey decodeBeforeInteger(
      String table, PkValue encoded, List<PkColumn> schema) {
    byte[] bytes = encoded.binaryBytes();
    int end = bytes.length - INTEGER_COLUMN;
    if (end < 0 || (bytes[end] & 0xFF) != VALUE) {
      throw malformed(table, bytes, "it does not end in an INTEGER column");
    }
    PrimaryKey key = decode(table, bytes, end, schema);
    // kept with the key: the hot key of an index row is read by a multi-get next, which would
    // encode it again (a tenth of a page read through an index)
    return PrimaryKey.decoded(key.values(), Arrays.copyOf(bytes, end));
  }

  /**
   * The INTEGER that ends a key encoded inside a BINARY key value, read from its last 8 bytes
   * without decoding the columns before it; for values this process encoded (a stored one is read
   * with {@link #decode(String, PkValue, List)}, which checks it).
   *
   * <pre>{@code long tag = OrderedKeyBytes.lastInteger(indexKey.get(indexKey.size() - 1));}</pre>
   */
  public static long lastInteger(PkValue encoded) {
    byte[] bytes = encoded.binaryBytes();
    return integerAt(bytes, bytes.length - 8);
  }

  /**
   * A key encoded inside a BINARY key value, as {@link #lastInteger} reads it, with its last
   * INTEGER replaced by {@code value}: the encoding of the same key followed by {@code value}
   * instead.
   *
   * <pre>{@code PkValue ref = OrderedKeyBytes.withLastInteger(indexKey.get(last), otherTag);}</pre>
   */
  public static PkValue withLastInteger(PkValue encoded, long value) {
    byte[] bytes = encoded.binaryBytes().clone();
    writeInteger(bytes, bytes.length - 8, value);
    return PkValue.ofOwnedBinary(bytes);
  }

  /** The INTEGER payload at {@code bytes[pos, pos + 8)}: big-endian, its sign bit flipped. */
  private static long integerAt(byte[] bytes, int pos) {
    long bits = 0;
    for (int i = pos; i < pos + 8; i++) {
      bits = (bits << 8) | (bytes[i] & 0xFF);
    }
    return bits ^ Long.MIN_VALUE;
  }

  /** As {@link #decode(String, byte[], List)}, for bytes of no particular table. */
  public static PrimaryKey decode(byte[] bytes, List<PkColumn> schema) {
    return decode(null, bytes, schema);
  }

  /**
   * Decodes a key encoded by {@link #encode} for a table of this schema. Stored bytes are not
   * trusted: only the canonical encoding decodes (a value marker, {@code 0x00 0xFF} for a zero byte
   * and {@code 0x00 0x01} at the end, nothing after the last column, strict UTF-8), so that one
   * stored key has one meaning. The bound markers of {@link PkValue#INF_MIN} and {@link
   * PkValue#INF_MAX} are malformed too: scans encode bounds, no row key holds one.
   *
   * <pre>{@code PrimaryKey key = OrderedKeyBytes.decode("orders", rowKey, schema);}</pre>
   *
   * @param table the table the bytes were read from, named in errors; may be null
   * @throws StoreException {@link ErrorKind#CORRUPT_DATA} (not retryable) naming the table and an
   *     escaped prefix of the bytes, for anything else
   */
  public static PrimaryKey decode(String table, byte[] bytes, List<PkColumn> schema) {
    return decode(table, bytes, bytes.length, schema);
  }

  /** As {@link #decode(String, byte[], List)}, for the key encoded in {@code bytes[0, length)}. */
  private static PrimaryKey decode(String table, byte[] bytes, int length, List<PkColumn> schema) {
    List<PkValue> values = new ArrayList<>(schema.size());
    int pos = decodeColumns(table, bytes, 0, length, schema, values);
    if (pos != length) {
      throw malformed(
          table, bytes, (length - pos) + " bytes follow the last of " + schema.size() + " columns");
    }
    return PrimaryKey.of(values);
  }

  /**
   * A key whose last column is a BINARY value holding another key followed by one INTEGER, as an
   * index row's key holds its indexed values and then its ref (the hot key and the write's tag):
   * its leading columns, the inner key, and that INTEGER.
   *
   * @param leading the values of the columns before the BINARY one
   * @param inner the key encoded inside the BINARY value, before its INTEGER; it keeps its
   *     encoding, so a store that encodes it again copies it
   * @param last the INTEGER that ends the BINARY value
   */
  public record Nested(List<PkValue> leading, PrimaryKey inner, long last) {}

  /**
   * Decodes a key whose last column is a BINARY value holding a key of {@code innerSchema} followed
   * by one INTEGER: what {@link #decode(String, byte[], List)} of the whole key and then {@link
   * #decodeBeforeInteger} of its last value return, in one pass and checked as strictly, without
   * the BINARY value's own array or the whole key. A page read through an index decodes one per
   * row.
   *
   * <pre>{@code
   * OrderedKeyBytes.Nested row = OrderedKeyBytes.decodeNested("orders_by_card", stored, indexSchema, hotSchema);
   * }</pre>
   *
   * @throws StoreException {@link ErrorKind#CORRUPT_DATA} where either decode would throw
   * @throws IllegalArgumentException if {@code schema} does not end in a BINARY column
   */
  public static Nested decodeNested(
      String table, byte[] bytes, List<PkColumn> schema, List<PkColumn> innerSchema) {
    int n = schema.size() - 1;
    PkColumn nested = schema.get(n);
    if (nested.type() != PkType.BINARY) {
      throw new IllegalArgumentException("column " + nested.name() + " is not BINARY");
    }
    List<PkValue> leading = new ArrayList<>(n);
    int pos = decodeColumns(table, bytes, 0, bytes.length, schema.subList(0, n), leading);
    pos = valueMarker(table, bytes, pos, bytes.length, nested);
    long scanned = endOfEscaped(table, bytes, pos, bytes.length, nested);
    int end = (int) scanned;
    if (end != bytes.length) {
      throw malformed(
          table,
          bytes,
          (bytes.length - end) + " bytes follow the last of " + schema.size() + " columns");
    }
    int payloadEnd = end - 2;
    // the inner key's bytes unescaped straight into the array it keeps; its INTEGER read after
    int innerLength = payloadEnd - pos - (int) (scanned >>> 32) - INTEGER_COLUMN;
    if (innerLength < 0) {
      throw malformed(table, bytes, "column " + nested.name() + " does not end in an INTEGER");
    }
    byte[] inner = new byte[innerLength];
    pos = unescapeInto(bytes, pos, inner, innerLength);
    byte[] tail = new byte[INTEGER_COLUMN];
    unescapeInto(bytes, pos, tail, tail.length);
    if (tail[0] != VALUE) {
      throw malformed(table, bytes, "column " + nested.name() + " does not end in an INTEGER");
    }
    List<PkValue> innerValues = new ArrayList<>(innerSchema.size());
    int innerEnd = decodeColumns(table, inner, 0, innerLength, innerSchema, innerValues);
    if (innerEnd != innerLength) {
      throw malformed(
          table,
          inner,
          (innerLength - innerEnd)
              + " bytes follow the last of "
              + innerSchema.size()
              + " columns inside column "
              + nested.name());
    }
    return new Nested(
        List.copyOf(leading), PrimaryKey.decoded(innerValues, inner), integerAt(tail, 1));
  }

  /**
   * Decodes the values of {@code columns} from {@code bytes[pos, length)} into {@code values}; the
   * position after the last.
   */
  private static int decodeColumns(
      String table,
      byte[] bytes,
      int pos,
      int length,
      List<PkColumn> columns,
      List<PkValue> values) {
    for (PkColumn column : columns) {
      pos = valueMarker(table, bytes, pos, length, column);
      switch (column.type()) {
        case INTEGER -> {
          if (length - pos < 8) {
            throw malformed(table, bytes, "INTEGER column " + column.name() + " is cut short");
          }
          values.add(PkValue.ofInteger(integerAt(bytes, pos)));
          pos += 8;
        }
        case STRING, BINARY -> {
          long scanned = endOfEscaped(table, bytes, pos, length, column);
          int end = (int) scanned;
          int zeros = (int) (scanned >>> 32);
          // most values hold no zero byte: they decode from the stored bytes without a copy
          int payloadEnd = end - 2;
          values.add(
              column.type() == PkType.STRING
                  ? PkValue.ofString(string(table, bytes, column, pos, payloadEnd, zeros))
                  : PkValue.ofOwnedBinary(unescape(bytes, pos, payloadEnd, zeros)));
          pos = end;
        }
      }
    }
    return pos;
  }

  /** Checks that {@code column} starts at {@code pos} with a value's marker; the position after. */
  private static int valueMarker(String table, byte[] bytes, int pos, int length, PkColumn column) {
    if (pos >= length) {
      throw malformed(table, bytes, "it ends before column " + column.name());
    }
    int marker = bytes[pos] & 0xFF;
    if (marker == MIN || marker == MAX) {
      // bounds are encoded for scans, never stored: as [INF_MAX, "b"] such a row would pass a
      // store's range check and reach the entity mapping
      throw malformed(
          table,
          bytes,
          "column "
              + column.name()
              + " holds the scan bound marker "
              + (marker == MIN ? "INF_MIN" : "INF_MAX"));
    }
    if (marker != VALUE) {
      throw malformed(table, bytes, "column " + column.name() + " has marker " + marker);
    }
    return pos + 1;
  }

  /**
   * The index just past the end mark {@code 00 01} of the escaped value starting at {@code pos}
   * (the low 32 bits), and the zero bytes escaped before it (the high 32 bits), checking that every
   * other zero byte is escaped as {@code 00 FF}. Counted here, the zeros size the unescaped value
   * without a second pass over its bytes.
   */
  private static long endOfEscaped(
      String table, byte[] bytes, int pos, int length, PkColumn column) {
    long zeros = 0;
    while (true) {
      if (pos >= length) {
        throw malformed(table, bytes, "column " + column.name() + " has no end mark");
      }
      if (bytes[pos++] != 0) {
        continue;
      }
      int next = pos < length ? bytes[pos++] & 0xFF : -1;
      if (next == 0x01) {
        return zeros << 32 | pos;
      }
      if (next != 0xFF) { // only 00 FF stands for a zero byte
        throw malformed(
            table, bytes, "column " + column.name() + " has a zero byte not escaped as 00 FF");
      }
      zeros++;
    }
  }

  /**
   * The value bytes of a checked escaped run {@code [from, to)} holding {@code zeros} escaped
   * zeros: each {@code 00 FF} a zero.
   */
  private static byte[] unescape(byte[] bytes, int from, int to, int zeros) {
    if (zeros == 0) {
      return Arrays.copyOfRange(bytes, from, to);
    }
    byte[] out = new byte[to - from - zeros];
    unescapeInto(bytes, from, out, out.length);
    return out;
  }

  /**
   * Unescapes the checked escaped run starting at {@code from} into {@code out[0, count)}; the
   * position in {@code bytes} after the last byte taken.
   */
  private static int unescapeInto(byte[] bytes, int from, byte[] out, int count) {
    int i = from;
    for (int o = 0; o < count; o++) {
      byte b = bytes[i++];
      out[o] = b;
      if (b == 0) {
        i++; // its FF
      }
    }
    return i;
  }

  private static StoreException malformed(String table, byte[] bytes, String why) {
    return new StoreException(
        ErrorKind.CORRUPT_DATA,
        "row key "
            + RuleViolationException.quoteBytes(bytes)
            + (table == null ? "" : " of table " + RuleViolationException.quote(table))
            + " is not widekey's key encoding: "
            + why
            + "; it was not written by widekey",
        false,
        null);
  }

  /**
   * The encoded prefix of the first column only, as a partition lookup compares it: a key's
   * encoding starts with the encoding of its first column.
   */
  public static byte[] encodeFirstColumn(PkValue partitionKey) {
    return encode(PrimaryKey.of(partitionKey));
  }

  /**
   * The length of {@link #encode}'s bytes for a key of values (no infinite bound), without encoding
   * it: what an HBase row key of this key holds, checked against {@link
   * StoreLimits#maxRowKeyBytes}.
   */
  public static long encodedLength(PrimaryKey key) {
    byte[] kept = key.encoding();
    if (kept != null) {
      return kept.length; // a decoded key: the bytes it was decoded from
    }
    long length = 0;
    for (PkValue v : key.values()) {
      if (v.isInfinite()) {
        length += 1;
        continue;
      }
      length +=
          switch (v.type()) {
            case INTEGER -> INTEGER_COLUMN;
            case STRING -> 3 + escapedLength(v.asString());
            case BINARY -> 3 + escapedLength(v.binaryBytes());
          };
    }
    return length;
  }

  /**
   * The escaped length of a string's UTF-8 bytes, without encoding it: U+0000 is the one code point
   * whose UTF-8 form holds a zero byte.
   */
  private static long escapedLength(String s) {
    long length;
    try {
      length = Utf8.encodedLength(s);
    } catch (IllegalArgumentException e) {
      throw unpairedSurrogate(e);
    }
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) == 0) {
        length++;
      }
    }
    return length;
  }

  /**
   * The most bytes a column value of {@code valueBytes} bytes can take in the encoding: 9 for an
   * INTEGER; for text or binary, a marker, every byte (twice if it may be zero) and the end mark.
   *
   * <pre>{@code OrderedKeyBytes.maxEncodedLength(PkType.STRING, 10, false) // 13}</pre>
   *
   * @param mayHoldZero whether a byte of the value may be zero (escaped as two bytes)
   */
  public static long maxEncodedLength(PkType type, long valueBytes, boolean mayHoldZero) {
    return OrderedKeyWidths.maxEncodedLength(type, valueBytes, mayHoldZero);
  }

  private static int escapedLength(byte[] payload) {
    int n = payload.length;
    for (byte b : payload) {
      if (b == 0) {
        n++;
      }
    }
    return n;
  }

  /** Writes {@code payload} escaped and terminated at {@code pos}; the position after it. */
  private static int writeEscaped(byte[] out, int pos, byte[] payload) {
    for (byte b : payload) {
      out[pos++] = b;
      if (b == 0) {
        out[pos++] = (byte) 0xFF;
      }
    }
    out[pos++] = 0x00;
    out[pos++] = 0x01;
    return pos;
  }

  /** UTF-8 bytes of a string key value, refusing unpaired surrogates instead of replacing them. */
  private static byte[] utf8(String s) {
    try {
      return Utf8.encode(s);
    } catch (IllegalArgumentException e) {
      throw unpairedSurrogate(e);
    }
  }

  private static StoreException unpairedSurrogate(IllegalArgumentException e) {
    return new StoreException(
        ErrorKind.INVALID_REQUEST, "string key value holds an unpaired surrogate", e);
  }

  /**
   * A string key value from the checked escaped run {@code [from, to)} of {@code bytes} holding
   * {@code zeros} escaped zeros, refusing malformed UTF-8.
   */
  private static String string(
      String table, byte[] bytes, PkColumn column, int from, int to, int zeros) {
    try {
      return zeros > 0
          ? Utf8.decode(unescape(bytes, from, to, zeros))
          : Utf8.decode(bytes, from, to - from);
    } catch (CharacterCodingException e) {
      throw malformed(table, bytes, "STRING column " + column.name() + " is not well-formed UTF-8");
    }
  }
}
