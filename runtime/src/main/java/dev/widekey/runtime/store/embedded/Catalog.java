package dev.widekey.runtime.store.embedded;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.Utf8;
import dev.widekey.runtime.store.DefinedColumn;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.ServiceIndex;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.h2.mvstore.Cursor;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.type.ByteArrayDataType;
import org.h2.mvstore.type.StringDataType;

/**
 * The store's meta map and everything it records: the store format, each table's spec and row-map
 * name, the next table id, and the per-partition row and byte totals saved at a clean close with
 * the flag that says they are current. Split points are kept in their ordered-key encoding, so they
 * decode exactly as they were given.
 *
 * <pre>{@code
 * Catalog catalog = Catalog.open(mv);
 * catalog.checkFormat(directory);
 * String mapName = catalog.newRowMapName();
 * catalog.saveTable(spec, mapName);
 * }</pre>
 */
final class Catalog {
  private static final String META_MAP = "widekey.meta";
  private static final String ROWS_MAP_PREFIX = "widekey.rows.";
  private static final String TABLE_PREFIX = "table/";
  private static final String TOTALS_PREFIX = "totals/";
  private static final String FORMAT_KEY = "format";
  private static final String CLEAN_KEY = "clean";
  private static final String NEXT_ID_KEY = "next-table-id";

  /** The format of the whole store, kept under {@link #FORMAT_KEY}. */
  private static final long STORE_FORMAT = 1;

  /** The format byte that starts every totals record. */
  private static final int FORMAT = 1;

  /**
   * The format byte of the table records written now: format 1 followed by the table's profile and
   * time to live. Records of format 1 are still read, as tables of the default profile whose rows
   * never expire (what every table was before profiles were kept).
   */
  private static final int TABLE_FORMAT = 2;

  private final MVMap<String, byte[]> meta;

  private Catalog(MVMap<String, byte[]> meta) {
    this.meta = meta;
  }

  /** The catalog of {@code mv}, its meta map created if the store is new. */
  static Catalog open(MVStore mv) {
    return new Catalog(
        mv.openMap(
            META_MAP,
            new MVMap.Builder<String, byte[]>()
                .keyType(StringDataType.INSTANCE)
                .valueType(ByteArrayDataType.INSTANCE)));
  }

  /** A table as the meta map records it. */
  record StoredTable(TableSpec spec, String mapName) {}

  /** The row and stored-byte totals of a table's partitions, in partition order. */
  record PartitionTotals(long[] rows, long[] storedBytes) {
    int partitions() {
      return rows.length;
    }
  }

  /**
   * Records the format of a new store, or refuses a store written in another format.
   *
   * @param directory where the store is kept, for the message
   */
  void checkFormat(Path directory) {
    byte[] format = meta.get(FORMAT_KEY);
    if (format == null) {
      meta.put(FORMAT_KEY, encodeLong(STORE_FORMAT));
    } else if (decodeLong(format) != STORE_FORMAT) {
      throw new StoreException(
          ErrorKind.INTERNAL,
          "store in "
              + directory
              + " has format "
              + decodeLong(format)
              + "; this version reads format "
              + STORE_FORMAT,
          false,
          null);
    }
  }

  /**
   * Whether the store was closed cleanly, so that its saved totals are current. Clears the flag: it
   * stays unset while the store is open, so a crash leaves it unset.
   */
  boolean takeCleanClose() {
    return meta.remove(CLEAN_KEY) != null;
  }

  /** Records a clean close; written last, after the totals it vouches for. */
  void markCleanClose() {
    meta.put(CLEAN_KEY, encodeLong(1));
  }

  /** Takes the next table id and names the row map of a new table after it. */
  String newRowMapName() {
    byte[] next = meta.get(NEXT_ID_KEY);
    long id = next == null ? 1 : decodeLong(next);
    meta.put(NEXT_ID_KEY, encodeLong(id + 1));
    return ROWS_MAP_PREFIX + id;
  }

  /** Whether an MVStore map is a table's row map (recorded or orphaned), not the meta map. */
  static boolean isRowMapName(String mapName) {
    return mapName.startsWith(ROWS_MAP_PREFIX);
  }

  /** Records a table and the name of its row map. */
  void saveTable(TableSpec spec, String mapName) {
    meta.put(TABLE_PREFIX + spec.name(), encodeTable(spec, mapName));
  }

  /** Every recorded table, in name order. */
  List<StoredTable> loadTables() {
    List<StoredTable> tables = new ArrayList<>();
    Cursor<String, byte[]> cursor = meta.cursor(TABLE_PREFIX);
    while (cursor.hasNext()) {
      String key = cursor.next();
      if (!key.startsWith(TABLE_PREFIX)) {
        break;
      }
      tables.add(decodeTable(cursor.getValue()));
    }
    return tables;
  }

  /** Forgets a table and its saved totals. */
  void removeTable(String table) {
    meta.remove(TABLE_PREFIX + table);
    meta.remove(TOTALS_PREFIX + table);
  }

  /** Saves a table's partition totals, for the next open to trust after a clean close. */
  void saveTotals(String table, PartitionTotals totals) {
    meta.put(TOTALS_PREFIX + table, encodeTotals(totals));
  }

  /**
   * A table's saved partition totals, or {@code null} if none were saved or they are unreadable.
   */
  PartitionTotals loadTotals(String table) {
    byte[] saved = meta.get(TOTALS_PREFIX + table);
    return saved == null ? null : decodeTotals(saved);
  }

  private static byte[] encodeTable(TableSpec spec, String mapName) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(TABLE_FORMAT);
      writeString(out, mapName);
      writeString(out, spec.name());
      out.writeInt(spec.primaryKey().size());
      for (PkColumn c : spec.primaryKey()) {
        writeString(out, c.name());
        writeString(out, c.type().name());
      }
      out.writeInt(spec.splitPoints().size());
      for (PkValue p : spec.splitPoints()) {
        byte[] encoded = OrderedKeyBytes.encodeFirstColumn(p);
        out.writeInt(encoded.length);
        out.write(encoded);
      }
      writeString(out, spec.profile().name());
      out.writeLong(spec.ttlSeconds());
      if (!spec.serviceIndexes().isEmpty() || !spec.definedColumns().isEmpty()) {
        // an optional tail, absent from the records of tables without them
        out.writeInt(spec.definedColumns().size());
        for (DefinedColumn d : spec.definedColumns()) {
          writeString(out, d.name());
          writeString(out, d.type().name());
        }
        out.writeInt(spec.serviceIndexes().size());
        for (ServiceIndex index : spec.serviceIndexes()) {
          writeString(out, index.name());
          writeString(out, index.kind().name());
          out.writeInt(index.columns().size());
          for (String column : index.columns()) {
            writeString(out, column);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array stream does not fail
    }
    return bytes.toByteArray();
  }

  private static StoredTable decodeTable(byte[] bytes) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      int format = in.readUnsignedByte();
      if (format != FORMAT && format != TABLE_FORMAT) {
        throw corrupt("unknown table record format " + format);
      }
      String mapName = readString(in);
      String name = readString(in);
      int columns = in.readInt();
      List<PkColumn> primaryKey = new ArrayList<>(columns);
      for (int i = 0; i < columns; i++) {
        primaryKey.add(new PkColumn(readString(in), PkType.valueOf(readString(in))));
      }
      int splitCount = in.readInt();
      List<PkValue> splits = new ArrayList<>(splitCount);
      List<PkColumn> first = List.of(primaryKey.get(0));
      for (int i = 0; i < splitCount; i++) {
        byte[] encoded = new byte[in.readInt()];
        in.readFully(encoded);
        splits.add(OrderedKeyBytes.decode(encoded, first).get(0));
      }
      Profile profile = TableSpec.DEFAULT_PROFILE;
      long ttlSeconds = TableSpec.NO_TTL;
      if (format == TABLE_FORMAT) {
        profile = Profile.valueOf(readString(in));
        ttlSeconds = in.readLong();
      }
      List<DefinedColumn> defined = new ArrayList<>();
      List<ServiceIndex> indexes = new ArrayList<>();
      if (format == TABLE_FORMAT && in.available() > 0) {
        int definedCount = in.readInt();
        for (int i = 0; i < definedCount; i++) {
          defined.add(new DefinedColumn(readString(in), AttrType.valueOf(readString(in))));
        }
        int indexCount = in.readInt();
        for (int i = 0; i < indexCount; i++) {
          String indexName = readString(in);
          ServiceIndex.Kind kind = ServiceIndex.Kind.valueOf(readString(in));
          int columnCount = in.readInt();
          List<String> indexColumns = new ArrayList<>(columnCount);
          for (int c = 0; c < columnCount; c++) {
            indexColumns.add(readString(in));
          }
          indexes.add(new ServiceIndex(indexName, indexColumns, kind));
        }
      }
      if (in.read() != -1) {
        throw corrupt("table record of " + name + " has bytes after its end");
      }
      return new StoredTable(
          new TableSpec(name, primaryKey, splits, profile, ttlSeconds, defined, indexes), mapName);
    } catch (IOException | RuntimeException e) {
      if (e instanceof StoreException se) {
        throw se;
      }
      throw new StoreException(ErrorKind.INTERNAL, "table record is corrupt: " + e, false, e);
    }
  }

  private static byte[] encodeTotals(PartitionTotals totals) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(FORMAT);
      out.writeInt(totals.partitions());
      for (int i = 0; i < totals.partitions(); i++) {
        out.writeLong(totals.rows()[i]);
        out.writeLong(totals.storedBytes()[i]);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** The saved totals, or {@code null} if unreadable. */
  private static PartitionTotals decodeTotals(byte[] bytes) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      if (in.readUnsignedByte() != FORMAT) {
        return null;
      }
      int n = in.readInt();
      long[] rows = new long[n];
      long[] storedBytes = new long[n];
      for (int i = 0; i < n; i++) {
        rows[i] = in.readLong();
        storedBytes[i] = in.readLong();
      }
      return new PartitionTotals(rows, storedBytes);
    } catch (IOException e) {
      return null; // recounted from the rows instead
    }
  }

  private static byte[] encodeLong(long v) {
    byte[] b = new byte[8];
    for (int i = 0; i < 8; i++) {
      b[i] = (byte) (v >>> (56 - 8 * i));
    }
    return b;
  }

  private static long decodeLong(byte[] b) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (b[i] & 0xFF);
    }
    return v;
  }

  private static void writeString(DataOutputStream out, String s) throws IOException {
    byte[] b = Utf8.encode(s);
    out.writeInt(b.length);
    out.write(b);
  }

  private static String readString(DataInputStream in) throws IOException {
    byte[] b = new byte[in.readInt()];
    in.readFully(b);
    return Utf8.decode(b); // a CharacterCodingException is an IOException: corrupt
  }

  private static StoreException corrupt(String what) {
    return new StoreException(ErrorKind.INTERNAL, what, false, null);
  }
}
