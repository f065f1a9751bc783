package dev.widekey.runtime.store.embedded;

import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkType;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.Utf8;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The entries of the store's meta map: a table's spec and row-map name, and the per-partition row
 * and byte totals saved at a clean close. Split points are kept in their ordered-key encoding, so
 * they decode exactly as they were given.
 */
final class Catalog {
  private static final int FORMAT = 1;

  private Catalog() {}

  /** A table as the meta map records it. */
  record StoredTable(TableSpec spec, String mapName) {}

  static byte[] encodeTable(TableSpec spec, String mapName) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(FORMAT);
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
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array stream does not fail
    }
    return bytes.toByteArray();
  }

  static StoredTable decodeTable(byte[] bytes) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      int format = in.readUnsignedByte();
      if (format != FORMAT) {
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
      return new StoredTable(new TableSpec(name, primaryKey, splits), mapName);
    } catch (IOException | RuntimeException e) {
      if (e instanceof StoreException se) {
        throw se;
      }
      throw new StoreException(ErrorKind.INTERNAL, "table record is corrupt: " + e, false, e);
    }
  }

  /** Rows and stored bytes of each partition, in partition order. */
  static byte[] encodeTotals(long[] rows, long[] storedBytes) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(FORMAT);
      out.writeInt(rows.length);
      for (int i = 0; i < rows.length; i++) {
        out.writeLong(rows[i]);
        out.writeLong(storedBytes[i]);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** The saved totals as {@code {rows, storedBytes}}, or {@code null} if unreadable. */
  static long[][] decodeTotals(byte[] bytes) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      if (in.readUnsignedByte() != FORMAT) {
        return null;
      }
      int n = in.readInt();
      long[][] totals = new long[2][n];
      for (int i = 0; i < n; i++) {
        totals[0][i] = in.readLong();
        totals[1][i] = in.readLong();
      }
      return totals;
    } catch (IOException e) {
      return null; // recounted from the rows instead
    }
  }

  static byte[] encodeLong(long v) {
    byte[] b = new byte[8];
    for (int i = 0; i < 8; i++) {
      b[i] = (byte) (v >>> (56 - 8 * i));
    }
    return b;
  }

  static long decodeLong(byte[] b) {
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
