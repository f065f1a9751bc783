package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.PkType;
import dev.widekey.core.store.SizeMeasure;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.SizeMeasures;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.fault.Seeds;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.CallQueueTooBigException;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.RegionTooBusyException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RetriesExhaustedException;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.exceptions.RegionMovedException;
import org.apache.hadoop.hbase.ipc.CallTimeoutException;
import org.apache.hadoop.hbase.regionserver.NoSuchColumnFamilyException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The HBase mapping without a cluster: cell values, table metadata, errors, settings. */
class HBaseMappingTest {
  @Test
  void cellValuesKeepTheirType() {
    for (AttrValue v :
        List.of(
            AttrValue.ofString(""),
            AttrValue.ofString("h\u00e9llo \uD83D\uDE00"),
            AttrValue.ofInteger(Long.MIN_VALUE),
            AttrValue.ofDouble(Double.NaN),
            AttrValue.ofDouble(-0.0),
            AttrValue.ofBoolean(false),
            AttrValue.ofBinary(new byte[] {0, (byte) 0xFF}),
            AttrValue.ofBinary(new byte[0]))) {
      assertEquals(v, CellCodec.decode("t", new byte[] {1}, "c", CellCodec.encode(v)));
    }
  }

  @Test
  void malformedCellsAreTypedErrorsNamingTableKeyAndColumn() {
    byte[][] malformed = {
      {}, // empty: an IllegalArgumentException before
      {'I', 1, 2, 3}, // a short INTEGER: BufferUnderflowException before
      {'I', 0, 0, 0, 0, 0, 0, 0, 0, 9}, // a long one: its tail ignored before
      {'D', 1},
      {'B'},
      {'B', 7}, // a boolean that is neither 0 nor 1
      {'S', (byte) 0xC3, '('}, // not UTF-8: replaced by U+FFFD before
      {'Q', 1}, // an unknown tag
    };
    for (byte[] cell : malformed) {
      StoreException e =
          assertThrows(
              StoreException.class,
              () -> CellCodec.decode("orders", new byte[] {1, 'k', '\n', 0, 1}, "total", cell));
      assertEquals(ErrorKind.CORRUPT_DATA, e.kind(), e.getMessage());
      assertFalse(e.retryable());
      assertTrue(e.getMessage().contains("'orders'"), e.getMessage());
      assertTrue(e.getMessage().contains("'total'"), e.getMessage());
      assertTrue(e.getMessage().contains("0x016b0a0001"), e.getMessage());
    }
    StoreException name =
        assertThrows(
            StoreException.class,
            () -> CellCodec.columnName("orders", new byte[] {1}, new byte[] {(byte) 0xFF}));
    assertEquals(ErrorKind.CORRUPT_DATA, name.kind());
  }

  @Test
  void theSpecRoundTripsThroughTheTableDescriptor() {
    TableSpec spec =
        new TableSpec(
            "t",
            List.of(new PkColumn("a,b:c", PkType.STRING), new PkColumn("n", PkType.INTEGER)),
            List.of(PkValue.ofString("1000"), PkValue.ofString("f\u0000\u00e9")));
    TableDescriptorBuilder b = TableDescriptorBuilder.newBuilder(TableName.valueOf("t"));
    TableMetadata.write(spec, b);
    assertEquals(spec, TableMetadata.read("t", b.build()));
    assertNull(
        TableMetadata.read("t", TableDescriptorBuilder.newBuilder(TableName.valueOf("t")).build()));
  }

  @Test
  void regionBoundariesDecodeToPartitionKeyValues() {
    PkColumn column = new PkColumn("pk", PkType.STRING);
    assertNull(TableMetadata.partitionValue(new byte[0], column));
    assertEquals(
        PkValue.ofString("8"),
        TableMetadata.partitionValue(
            OrderedKeyBytes.encodeFirstColumn(PkValue.ofString("8")), column));
    // a boundary HBase picked when splitting: a whole row key
    byte[] rowKey =
        OrderedKeyBytes.encode(PrimaryKey.of(PkValue.ofString("a\u0000b"), PkValue.ofInteger(3)));
    assertEquals(PkValue.ofString("a\u0000b"), TableMetadata.partitionValue(rowKey, column));
  }

  @Test
  void hbaseExceptionsMapToTypedErrors() {
    assertKind(ErrorKind.UNAVAILABLE, true, new NotServingRegionException("moving"));
    assertKind(
        ErrorKind.UNAVAILABLE,
        true,
        new RegionMovedException(org.apache.hadoop.hbase.ServerName.valueOf("rs1", 16020, 1L), 1));
    assertKind(ErrorKind.THROTTLED, true, new RegionTooBusyException("busy"));
    assertKind(ErrorKind.THROTTLED, true, new CallQueueTooBigException());
    assertKind(ErrorKind.TIMEOUT, true, new CallTimeoutException("slow"));
    assertKind(ErrorKind.TIMEOUT, true, new SocketTimeoutException("slow"));
    assertKind(ErrorKind.TABLE_NOT_FOUND, false, new TableNotFoundException("t"));
    assertKind(ErrorKind.INVALID_REQUEST, false, new NoSuchColumnFamilyException("x"));
    assertKind(ErrorKind.INTERNAL, true, new IOException("disk"));
    // the client wraps the server's exception: the cause decides
    assertKind(
        ErrorKind.THROTTLED,
        true,
        new RetriesExhaustedException("gave up", new RegionTooBusyException("busy")));
  }

  private static void assertKind(ErrorKind kind, boolean retryable, Throwable error) {
    StoreException e = HBaseErrors.map("call", error);
    assertEquals(kind, e.kind(), e.getMessage());
    assertEquals(retryable, e.retryable(), e.getMessage());
  }

  @Test
  void providerSettingsBecomeClientConfiguration() {
    Configuration conf =
        HBaseStoreProvider.configuration(
            Map.of(
                "widekey.hbase.zookeeper.quorum", "zk1,zk2",
                "widekey.hbase.zookeeper.port", "2182",
                "widekey.hbase.username", "root",
                "hbase.rpc.timeout", "1234",
                "widekey.hbase.conf.hbase.client.retries.number", "3",
                "other.key", "ignored"));
    assertEquals("3", conf.get("hbase.client.retries.number"));
    assertEquals("zk1,zk2", conf.get("hbase.zookeeper.quorum"));
    assertEquals(2182, conf.getInt("hbase.zookeeper.property.clientPort", 0));
    assertEquals("root", conf.get("hbase.client.username"));
    assertEquals("1234", conf.get("hbase.rpc.timeout"));
    assertNull(conf.get("other.key"));
    assertEquals("default", HBaseStoreProvider.namespace(Map.of()));
  }

  @Test
  void theWriteOrderSettingNamesAnOrder() {
    assertEquals(HBaseStore.WriteOrder.SERVER_CLOCK, HBaseStoreProvider.writeOrder(Map.of()));
    assertEquals(
        HBaseStore.WriteOrder.SERVER_CLOCK,
        HBaseStoreProvider.writeOrder(Map.of("widekey.hbase.write.order", "server-clock")));
    assertEquals(
        HBaseStore.WriteOrder.ROW_MARKER,
        HBaseStoreProvider.writeOrder(Map.of("widekey.hbase.write.order", " Row-Marker ")));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> HBaseStoreProvider.writeOrder(Map.of("widekey.hbase.write.order", "marker")));
    assertTrue(e.getMessage().contains("widekey.hbase.write.order=marker"), e.getMessage());
    assertTrue(e.getMessage().contains("row-marker"), e.getMessage());
  }

  @Test
  void aMissingQuorumIsNamed() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> HBaseStoreProvider.configuration(Map.of()));
    assertTrue(e.getMessage().contains("widekey.hbase.zookeeper.quorum"));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            HBaseStoreProvider.configuration(
                Map.of(
                    "widekey.hbase.zookeeper.quorum", "zk", "widekey.hbase.zookeeper.port", "x")));
  }

  @RegisterExtension final Seeds seeds = new Seeds();

  private static byte[][] qualifiers(String... names) {
    byte[][] q = new byte[names.length][];
    for (int i = 0; i < names.length; i++) {
      q[i] = names[i].getBytes(StandardCharsets.UTF_8);
    }
    return q;
  }

  @Test
  void rowMarkersListTheirColumnsAndRefuseOtherBytes() {
    byte[] key = {1, 'k', 0, 1};
    byte[] marker = RowMarker.encode(qualifiers("a", "b\u0000c", "é"));
    List<String> listed =
        RowMarker.decode("t", key, marker).stream()
            .map(b -> new String(b, StandardCharsets.UTF_8))
            .toList();
    assertEquals(List.of("a", "b\u0000c", "é"), listed);
    assertEquals(List.of(), RowMarker.decode("t", key, RowMarker.encode(new byte[0][])));
    for (byte[] bad :
        List.of(
            new byte[0],
            new byte[] {'R'},
            new byte[] {'X', (byte) 0xFF},
            new byte[] {'R', 'a', (byte) 0xFF},
            new byte[] {'R', (byte) 0xFF, 'a'},
            new byte[] {'R', (byte) 0xFF, (byte) 0xFF},
            new byte[] {'R', (byte) 0xFF, 'b', (byte) 0xFF, 'a', (byte) 0xFF},
            new byte[] {'R', (byte) 0xFF, 'a', (byte) 0xFF, 'a', (byte) 0xFF})) {
      StoreException e = assertThrows(StoreException.class, () -> RowMarker.decode("t", key, bad));
      assertEquals(ErrorKind.CORRUPT_DATA, e.kind());
      assertFalse(e.retryable());
      assertTrue(e.getMessage().contains("table 't'"), e.getMessage());
    }
  }

  /**
   * The check a conditional put sends: a marker lists a column exactly when its bytes contain the
   * column's listing, for names that share prefixes and suffixes with the listed ones.
   */
  @Test
  void aMarkerContainsAColumnsListingExactlyWhenItListsTheColumn() {
    Random random = new Random(seeds.seed());
    String alphabet = "ab\u0000é😀";
    for (int round = 0; round < 2_000; round++) {
      java.util.TreeSet<String> names = new java.util.TreeSet<>();
      int n = random.nextInt(5);
      while (names.size() < n) {
        names.add(randomName(random, alphabet));
      }
      byte[][] sorted = qualifiers(names.toArray(String[]::new));
      java.util.Arrays.sort(sorted, java.util.Arrays::compareUnsigned);
      String marker = new String(RowMarker.encode(sorted), StandardCharsets.ISO_8859_1);
      String probe = randomName(random, alphabet);
      String listing =
          new String(
              RowMarker.listing(probe.getBytes(StandardCharsets.UTF_8)),
              StandardCharsets.ISO_8859_1);
      assertEquals(
          names.contains(probe),
          marker.contains(listing),
          () -> "names " + names + ", probe " + probe + ", seed " + seeds.seed());
    }
  }

  private static String randomName(Random random, String alphabet) {
    int[] codePoints = alphabet.codePoints().toArray();
    StringBuilder b = new StringBuilder();
    int length = 1 + random.nextInt(3);
    for (int i = 0; i < length; i++) {
      b.appendCodePoint(codePoints[random.nextInt(codePoints.length)]);
    }
    return b.toString();
  }

  /**
   * What the stores count against Lindorm's limits ({@link SizeMeasure#HBASE_CELLS}) is what this
   * backend sends: the Put's row key, and the values of its cells (each tagged value and the row
   * marker), for rows of every value type and of names of one to four UTF-8 bytes a character.
   */
  @Test
  void theLindormMeasureIsTheBytesOfThePutThisBackendSends() {
    Random random = new Random(seeds.seed());
    for (int i = 0; i < 500; i++) {
      Map<String, AttrValue> columns = new TreeMap<>();
      for (int c = 1 + random.nextInt(6); c > 0; c--) {
        String name = randomName(random, "ab\u00e9\u4e2d\uD83D\uDE00");
        columns.put(
            name.isEmpty() ? "x" : name,
            switch (random.nextInt(5)) {
              case 0 -> AttrValue.ofString(randomName(random, "z\u00e9\u4e2d"));
              case 1 -> AttrValue.ofInteger(random.nextLong());
              case 2 -> AttrValue.ofDouble(random.nextDouble());
              case 3 -> AttrValue.ofBoolean(random.nextBoolean());
              default -> AttrValue.ofBinary(new byte[random.nextInt(40)]);
            });
      }
      PrimaryKey key =
          PrimaryKey.of(
              PkValue.ofString(randomName(random, "k\u0000\u00e9")),
              PkValue.ofBinary(new byte[random.nextInt(5)]));
      Row row = Row.of(key, columns);
      Put put = HBaseStore.toPut(OrderedKeyBytes.encode(key), row);
      long sent = 0;
      for (List<Cell> cells : put.getFamilyCellMap().values()) {
        for (Cell cell : cells) {
          sent += cell.getValueLength();
        }
      }
      assertEquals(sent, SizeMeasures.rowValueBytes(SizeMeasure.HBASE_CELLS, row), row::toString);
      assertEquals(
          put.getRow().length, SizeMeasures.keyBytes(SizeMeasure.HBASE_CELLS, key), row::toString);
    }
  }
}
