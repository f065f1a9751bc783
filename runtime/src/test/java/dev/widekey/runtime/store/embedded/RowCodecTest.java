package dev.widekey.runtime.store.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class RowCodecTest {
  /** The stored form of a row of these columns (the codec encodes a row's columns alone). */
  static byte[] encoded(Map<String, AttrValue> columns) {
    return RowCodec.encode(Row.of(PrimaryKey.of(PkValue.ofString("k")), columns));
  }

  @Test
  void randomRowsRoundTripAndKeepTheirLogicalSize() {
    Random random = new Random(11);
    PrimaryKey key = PrimaryKey.of(PkValue.ofString("k"));
    for (int n = 0; n < 2000; n++) {
      SortedMap<String, AttrValue> columns = new TreeMap<>();
      int count = random.nextInt(6);
      for (int c = 0; c < count; c++) {
        columns.put("c" + random.nextInt(300) + "\u00e9", randomValue(random));
      }
      byte[] stored = encoded(columns);
      assertEquals(columns, decoded(RowCodec.decode(stored, ColumnSelection.all())));
      long expected = Row.of(key, columns).sizeInBytes() - 1; // minus the one-byte key
      assertEquals(expected, RowCodec.logicalSize(stored));
      // one column found alone is the decoded one; an absent one is null; and a stored row reads
      // as the row decoded at once
      for (String name : columns.keySet()) {
        assertEquals(columns.get(name), RowCodec.column(stored, name, null));
      }
      assertNull(RowCodec.column(stored, "absent", null));
      TableSpec spec = new TableSpec("t", List.of(new PkColumn("pk", PkType.STRING)));
      Row lazy =
          Row.stored(OrderedKeyBytes.encode(key), stored, new StoredRows(spec, new ColumnNames()));
      Row eager = Row.of(key, columns);
      String first = columns.isEmpty() ? "absent" : columns.firstKey();
      assertEquals(eager.get(first), lazy.get(first)); // alone
      assertEquals(eager.get(first), lazy.get(first)); // after the row was decoded
      assertEquals(eager, lazy);
      assertEquals(key, lazy.key());
      assertEquals(eager.columnCount(), lazy.columnCount());
      assertEquals(eager.sizeInBytes(), lazy.sizeInBytes());
    }
  }

  @Test
  void decodeKeepsOnlyTheSelectedColumns() {
    SortedMap<String, AttrValue> columns = new TreeMap<>();
    columns.put("a", AttrValue.ofBinary(new byte[300]));
    columns.put("b", AttrValue.ofDouble(Double.NaN));
    columns.put("c", AttrValue.ofString("x".repeat(200)));
    columns.put("d", AttrValue.ofBoolean(true));
    byte[] stored = encoded(columns);
    assertEquals(
        Map.of("b", AttrValue.ofDouble(Double.NaN), "d", AttrValue.ofBoolean(true)),
        decoded(RowCodec.decode(stored, ColumnSelection.of("b", "d", "zz"))));
    assertNull(RowCodec.decode(stored, ColumnSelection.of("zz")), "no selected column: no row");
    assertEquals(
        Map.of(), decoded(RowCodec.decode(encoded(new TreeMap<>()), ColumnSelection.all())));
  }

  @Test
  void stringsWithoutAUtf8FormAreRefused() {
    SortedMap<String, AttrValue> columns =
        new TreeMap<>(Map.of("s", AttrValue.ofString("a\uDC00")));
    StoreException e = assertThrows(StoreException.class, () -> encoded(columns));
    assertEquals(ErrorKind.INVALID_REQUEST, e.kind());
  }

  /** The columns of a decoded row, or null for no row. */
  static SortedMap<String, AttrValue> decoded(Row.Builder columns) {
    return columns == null ? null : columns.build(PrimaryKey.of(PkValue.ofString("k"))).columns();
  }

  @Test
  void storedColumnsOutOfOrderOrRepeatedAreCorrupt() {
    byte[] a = {'a'};
    byte[] b = {'b'};
    for (byte[][] names : new byte[][][] {{b, a}, {a, a}}) {
      byte[] stored = {1, 2, 1, names[0][0], 4, 1, 1, names[1][0], 4, 0};
      StoreException e =
          assertThrows(StoreException.class, () -> RowCodec.decode(stored, ColumnSelection.all()));
      assertEquals(ErrorKind.INTERNAL, e.kind());
      assertTrue(e.getMessage().contains("stored row is corrupt"), e.getMessage());
    }
    // the same bytes in order decode
    assertEquals(
        Map.of("a", AttrValue.ofBoolean(true), "b", AttrValue.ofBoolean(false)),
        decoded(
            RowCodec.decode(new byte[] {1, 2, 1, 'a', 4, 1, 1, 'b', 4, 0}, ColumnSelection.all())));
  }

  @Test
  void aCorruptValueIsAnInternalError() {
    StoreException e =
        assertThrows(
            StoreException.class,
            () -> RowCodec.decode(new byte[] {1, 1, 1, 'a', 9}, ColumnSelection.all()));
    assertEquals(ErrorKind.INTERNAL, e.kind());
    e = assertThrows(StoreException.class, () -> RowCodec.logicalSize(new byte[] {1, 2, 1}));
    assertEquals(ErrorKind.INTERNAL, e.kind());
  }

  private static AttrValue randomValue(Random random) {
    return switch (random.nextInt(5)) {
      case 0 -> {
        StringBuilder sb = new StringBuilder();
        int length = random.nextInt(200);
        for (int i = 0; i < length; i++) {
          int[] pool = {'a', 0xE9, 0x4E2D, 0x1F600, 0};
          sb.appendCodePoint(pool[random.nextInt(pool.length)]);
        }
        yield AttrValue.ofString(sb.toString());
      }
      case 1 -> AttrValue.ofInteger(random.nextLong());
      case 2 -> AttrValue.ofDouble(random.nextGaussian() * 1e10);
      case 3 -> AttrValue.ofBoolean(random.nextBoolean());
      default -> {
        byte[] b = new byte[random.nextInt(400)];
        random.nextBytes(b);
        yield AttrValue.ofBinary(b);
      }
    };
  }
}
