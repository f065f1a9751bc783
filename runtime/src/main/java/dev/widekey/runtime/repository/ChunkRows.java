package dev.widekey.runtime.repository;

import dev.widekey.core.Rule;
import dev.widekey.core.RuleViolationException;
import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.ReservedNames;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.core.store.Utf8;
import dev.widekey.core.value.ValueLimits;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The layout of an entity's chunk rows: the one home of how a {@code @Chunked} value larger than
 * one attribute is stored over several rows, and of the reference that names them.
 *
 * <p>A chunk row is immutable, as a cold row is ({@link ColdRows}): keyed by the hot key's
 * partition column, the random tag of the write that stored it ({@value ColdRows#TAG}) and its part
 * number ({@value #PART}), so no other write ever stores that key. The parts of one write are
 * numbered from 0 across all its chunked values; the hot row (the commit point) carries their count
 * ({@value #PARTS}), so that the write replacing it deletes them by key without reading them. Each
 * chunk row carries one piece of a value ({@value #DATA}, BINARY: a String's UTF-8 bytes, cut
 * anywhere), the owner ({@value ColdRows#OWNER}, checked on read) and the time it was written
 * ({@value ColdRows#WRITTEN}, for the sweep).
 *
 * <p>The row that holds the column (hot or cold) keeps, in place of the value, a reference in
 * column {@code wk_<column>_chunks}: BINARY, 18 bytes: a format byte (1), the value's type ({@code
 * 'S'} or {@code 'B'}), the first part (int), the number of parts (int) and the value's length in
 * bytes (long), all big-endian.
 *
 * <pre>{@code
 * TableSpec chunks = ChunkRows.tableSpec(ChunkRows.tableName("docs"), DocTable.HOT); // docs_chunks
 * int piece = ChunkRows.chunkBytes(store.limits(Profile.TABLESTORE));              // 2 MB
 * }</pre>
 */
public final class ChunkRows {
  /** The chunk table's third key column: INTEGER, the part number within the write. */
  public static final String PART = ReservedNames.CHUNK_PART;

  /** Chunk-row column: BINARY, one piece of a value. */
  public static final String DATA = ReservedNames.CHUNK_DATA;

  /** Hot-row column: INTEGER, the number of chunk rows the write stored (absent: none). */
  public static final String PARTS = ReservedNames.CHUNK_PARTS;

  /** What the chunk table's name adds to the hot table's. */
  public static final String TABLE_SUFFIX = ReservedNames.CHUNK_TABLE_SUFFIX;

  /** What a reference column's name adds to the column's, after {@code wk_}. */
  public static final String REFERENCE_SUFFIX = ReservedNames.CHUNK_REFERENCE_SUFFIX;

  /** The default cap of one {@code @Chunked} value, in bytes (UTF-8 for a String): 64 MiB. */
  public static final long DEFAULT_MAX_BYTES = ValueLimits.DEFAULT_MAX_CHUNKED_BYTES;

  /** The largest cap: a value is joined into one Java array. */
  public static final long LARGEST_MAX_BYTES = ValueLimits.LARGEST_MAX_CHUNKED_BYTES;

  /**
   * Bytes a chunk row keeps for everything but its piece: its key (the partition column, tag and
   * part), the owner (the hot key, {@code OrderedKeyBytes}: at most twice the key's bytes and a
   * marker per column), the write time and the column names. 64 KiB plus twice the profile's key
   * bound, so that every chunk row fits one row and one put on every profile.
   */
  static final int RESERVED_BYTES = ValueLimits.CHUNK_RESERVED_BYTES;

  private static final byte FORMAT = 1;
  private static final int REFERENCE_BYTES = 18;

  private ChunkRows() {}

  /** The chunk table's name for a hot table's: {@code docs_chunks}. */
  public static String tableName(String hotTable) {
    return ReservedNames.chunkTable(hotTable);
  }

  /**
   * The chunk table of an entity whose hot table is {@code hot}: named {@code name}, keyed by the
   * hot table's partition column, {@value ColdRows#TAG} and {@value #PART}, with the hot table's
   * split points, profile and time to live.
   */
  public static TableSpec tableSpec(String name, TableSpec hot) {
    return new TableSpec(name, keyColumns(hot), hot.splitPoints(), hot.profile(), hot.ttlSeconds());
  }

  /** The chunk table's key columns for a hot table. */
  public static List<PkColumn> keyColumns(TableSpec hot) {
    return List.of(
        hot.primaryKey().get(0),
        new PkColumn(ColdRows.TAG, PkType.INTEGER),
        new PkColumn(PART, PkType.INTEGER));
  }

  /** Whether {@code chunks} is laid out as the chunk table of {@code hot} (its name aside). */
  static boolean laidOutFor(TableSpec chunks, TableSpec hot) {
    return chunks.primaryKey().equals(keyColumns(hot))
        && chunks.splitPoints().equals(hot.splitPoints())
        && chunks.profile() == hot.profile()
        && chunks.ttlSeconds() == hot.ttlSeconds();
  }

  /** The key of part {@code part} of the write tagged {@code tag} of {@code hotKey}. */
  public static PrimaryKey key(PrimaryKey hotKey, long tag, long part) {
    return PrimaryKey.of(hotKey.get(0), PkValue.ofInteger(tag), PkValue.ofInteger(part));
  }

  /** The column holding the reference of a chunked column: {@code wk_body_chunks}. */
  public static String referenceColumn(String column) {
    return ReservedNames.chunkReferenceColumn(column);
  }

  /**
   * The most bytes of a value one chunk row carries on a profile: the attribute limit, or less
   * where one row's values together, or one put of a row, leave less beside the key and owner
   * (Lindorm's 2 MB a row). The one place this is derived.
   */
  public static int chunkBytes(StoreLimits limits) {
    return ValueLimits.chunkBytes(limits);
  }

  /** The most parts a value of {@code maxBytes} bytes takes on a profile. */
  public static long partsOf(long maxBytes, StoreLimits limits) {
    return ValueLimits.chunkPartsOf(maxBytes, limits);
  }

  /** A value's place among its write's chunk rows. */
  record Reference(AttrType type, int first, int parts, long length) {}

  /** The reference column's value for a value stored in parts {@code first …}. */
  static AttrValue reference(AttrType type, int first, int parts, long length) {
    ByteBuffer b = ByteBuffer.allocate(REFERENCE_BYTES);
    b.put(FORMAT).put((byte) (type == AttrType.STRING ? 'S' : 'B'));
    b.putInt(first).putInt(parts).putLong(length);
    return AttrValue.ofBinary(b.array());
  }

  /**
   * The pieces of a value, each at most {@code piece} bytes (a String's UTF-8 bytes, cut anywhere).
   */
  static List<byte[]> split(AttrValue value, int piece) {
    byte[] bytes =
        value.type() == AttrType.STRING ? Utf8.encode(value.asString()) : value.asBinary();
    List<byte[]> pieces = new ArrayList<>((bytes.length + piece - 1) / piece);
    for (int from = 0; from < bytes.length; from += piece) {
      pieces.add(Arrays.copyOfRange(bytes, from, Math.min(bytes.length, from + piece)));
    }
    return pieces;
  }

  /** The bytes a value is stored as: a String's UTF-8 length, a byte[]'s length. */
  static long storedLength(AttrValue value) {
    return value.type() == AttrType.STRING
        ? Utf8.encodedLength(value.asString())
        : value.asBinary().length;
  }

  /**
   * Refuses a value over its column's cap, before anything is written.
   *
   * @throws RuleViolationException WK202, naming the column
   */
  static void checkCap(String column, long length, long cap) {
    if (length > cap) {
      throw new RuleViolationException(
          Rule.WK202,
          column,
          "holds "
              + length
              + " bytes, over its @Chunked(maxBytes = "
              + cap
              + ") cap; nothing was written. Raise maxBytes (checked against the profile at compile"
              + " time) or keep the value elsewhere (an object store) and store its address");
    }
  }

  /** The chunk row of one piece. */
  static Row row(PrimaryKey hotKey, long tag, int part, byte[] piece, long writtenMillis) {
    return Row.of(
        key(hotKey, tag, part),
        Map.of(
            DATA,
            AttrValue.ofBinary(piece),
            ColdRows.OWNER,
            ColdRows.owner(hotKey),
            ColdRows.WRITTEN,
            AttrValue.ofInteger(writtenMillis)));
  }

  /**
   * The reference stored in {@code value}, checked against what can be true of a write: a format
   * widekey writes, parts within the write's {@code parts}, at least one byte a part, a length
   * within the column's cap. A forged reference never sizes an allocation past the cap.
   *
   * @throws StoreException {@link ErrorKind#CORRUPT_DATA} naming the table, row and column
   */
  static Reference parse(
      String table, PrimaryKey row, String column, AttrValue value, long writeParts, long cap) {
    if (value.type() != AttrType.BINARY || value.asBinary().length != REFERENCE_BYTES) {
      throw corrupt(table, row, column, "its chunk reference is not the 18 bytes widekey writes");
    }
    ByteBuffer b = ByteBuffer.wrap(value.asBinary());
    byte format = b.get();
    byte type = b.get();
    int first = b.getInt();
    int parts = b.getInt();
    long length = b.getLong();
    if (format != FORMAT || (type != 'S' && type != 'B')) {
      throw corrupt(table, row, column, "its chunk reference has an unknown format or type");
    }
    if (first < 0 || parts < 1 || (long) first + parts > writeParts) {
      throw corrupt(
          table,
          row,
          column,
          "its chunk reference names parts "
              + first
              + " to "
              + ((long) first + parts - 1)
              + ", but the write stored "
              + writeParts
              + " chunk rows");
    }
    if (length < parts || length > cap) {
      throw corrupt(
          table,
          row,
          column,
          "its chunk reference claims "
              + length
              + " bytes in "
              + parts
              + " parts; the column holds at most "
              + cap
              + " bytes, at least one a part");
    }
    return new Reference(type == 'S' ? AttrType.STRING : AttrType.BINARY, first, parts, length);
  }

  /**
   * Joins the pieces of one value read from its chunk rows ({@code pieces} in part order, each
   * checked to be that entity's), into a value of exactly the reference's length.
   *
   * @throws StoreException {@link ErrorKind#CORRUPT_DATA} for pieces that do not add up
   */
  static AttrValue join(
      String chunkTable, PrimaryKey hotKey, String column, Reference ref, List<Row> pieces) {
    byte[] out = new byte[(int) ref.length()]; // the length is within the declared cap
    int at = 0;
    for (Row piece : pieces) {
      AttrValue data = piece.get(DATA);
      if (data == null || data.type() != AttrType.BINARY || data.asBinary().length == 0) {
        throw corrupt(
            chunkTable, piece.key(), column, "a chunk row of entity " + hotKey + " has no data");
      }
      byte[] d = data.asBinary();
      if (d.length > out.length - at) {
        throw corrupt(
            chunkTable,
            piece.key(),
            column,
            "its chunk rows hold more than the " + ref.length() + " bytes the reference claims");
      }
      System.arraycopy(d, 0, out, at, d.length);
      at += d.length;
    }
    if (at != out.length) {
      throw corrupt(
          chunkTable,
          hotKey,
          column,
          "its chunk rows hold "
              + at
              + " bytes, not the "
              + ref.length()
              + " the reference claims");
    }
    if (ref.type() == AttrType.BINARY) {
      return AttrValue.ofBinary(out);
    }
    try {
      return AttrValue.ofString(Utf8.decode(out));
    } catch (CharacterCodingException e) {
      throw corrupt(chunkTable, hotKey, column, "its chunk rows are not UTF-8 text");
    }
  }

  static StoreException corrupt(String table, PrimaryKey row, String column, String why) {
    return new StoreException(
        ErrorKind.CORRUPT_DATA,
        Rule.WK202
            + ": chunked column "
            + column
            + " of row "
            + row
            + " of table "
            + table
            + " cannot be read: "
            + why
            + "; widekey did not write it so (another writer, a restored backup, or damage)",
        false,
        null);
  }
}
