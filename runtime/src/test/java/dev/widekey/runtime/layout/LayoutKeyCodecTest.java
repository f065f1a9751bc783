package dev.widekey.runtime.layout;

import static dev.widekey.runtime.key.Rejections.expectRejected;
import static dev.widekey.runtime.layout.TestLayouts.carried;
import static dev.widekey.runtime.layout.TestLayouts.component;
import static dev.widekey.runtime.layout.TestLayouts.hot;
import static dev.widekey.runtime.layout.TestLayouts.padded;
import static dev.widekey.runtime.layout.TestLayouts.part;
import static dev.widekey.runtime.layout.TestLayouts.reversed;
import static dev.widekey.runtime.layout.TestLayouts.string;
import static dev.widekey.runtime.layout.TestLayouts.table;
import static dev.widekey.runtime.layout.TestLayouts.text;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.HashAlgorithm;
import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.layout.BucketLayout;
import dev.widekey.core.layout.ColumnSource;
import dev.widekey.core.layout.HashPrefixLayout;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.core.layout.TableRole;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.key.KeyHash;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class LayoutKeyCodecTest {
  static final TableLayout ORDERS =
      hot(
          "orders",
          text(
              "orderNumber",
              ',',
              new HashPrefixLayout("MD5", 4, null),
              null,
              part("orderNumber", "LONG")));

  static final TableLayout DEVICES =
      hot(
          "devices",
          text(
              "deviceId_sellerId",
              padded("deviceId", "LONG", 6, false),
              string("sellerId", "a-z0-9", 16)),
          component(PkType.INTEGER, part("orderNumber", "LONG")));

  static final TableLayout METRICS =
      hot(
          "metrics",
          text(
              "timestamp",
              ',',
              null,
              new BucketLayout(16, "timestamp"),
              part("timestamp", "INSTANT")),
          component(PkType.STRING, string("machineIp", "0-9a-f.:", 45)));

  static Map<String, Object> values(Object... nameValue) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      m.put((String) nameValue[i], nameValue[i + 1]);
    }
    return m;
  }

  static PrimaryKey key(Object... values) {
    PkValue[] out = new PkValue[values.length];
    for (int i = 0; i < values.length; i++) {
      Object v = values[i];
      out[i] =
          v instanceof String s
              ? PkValue.ofString(s)
              : v instanceof byte[] b ? PkValue.ofBinary(b) : PkValue.ofInteger((Long) v);
    }
    return PrimaryKey.of(out);
  }

  @Test
  void hashPrefixOverTheWholeTextIsTheRealMd5() {
    LayoutKeyCodec codec = new LayoutKeyCodec(ORDERS);
    PrimaryKey key = codec.encode(values("orderNumber", 200004L));
    assertEquals(key("797e200004"), key);
    assertEquals(values("orderNumber", 200004L), codec.decode(key));
    assertEquals(List.of("orderNumber"), codec.names());
  }

  @Test
  void splicedPaddedKeyRoundTripsInKeyOrder() {
    LayoutKeyCodec codec = LayoutKeyCodec.of(DEVICES);
    PrimaryKey key = codec.encode(values("deviceId", 54, "sellerId", "a100", "orderNumber", 7L));
    assertEquals(key("000054,a100", 7L), key);
    Map<String, Object> decoded = codec.decode(key);
    assertEquals(List.of("deviceId", "sellerId", "orderNumber"), List.copyOf(decoded.keySet()));
    assertEquals(values("deviceId", 54L, "sellerId", "a100", "orderNumber", 7L), decoded);
  }

  @Test
  void bucketedInstantIsBucketedByItsEpochMillis() {
    LayoutKeyCodec codec = new LayoutKeyCodec(METRICS);
    long millis = 1_700_000_000_007L;
    PrimaryKey key =
        codec.encode(values("timestamp", Instant.ofEpochMilli(millis), "machineIp", "10.0.0.1"));
    assertEquals(key("07" + millis, "10.0.0.1"), key);
    assertEquals(values("timestamp", millis, "machineIp", "10.0.0.1"), codec.decode(key));
    assertEquals(key, codec.encode(values("timestamp", millis, "machineIp", "10.0.0.1")));
  }

  @Test
  void encoderChecksAsTheGeneratedOneDoes() {
    LayoutKeyCodec devices = new LayoutKeyCodec(DEVICES);
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "deviceId",
        () -> devices.encode(values("deviceId", 1_000_000L, "sellerId", "a", "orderNumber", 1L)));
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "deviceId",
        () -> devices.encode(values("deviceId", -1L, "sellerId", "a", "orderNumber", 1L)));
    expectRejected(
        InvalidKeyException.class,
        "WK105",
        "sellerId",
        () -> devices.encode(values("deviceId", 1L, "sellerId", "A", "orderNumber", 1L)));
    expectRejected(
        InvalidKeyException.class,
        "WK109",
        "sellerId",
        () ->
            devices.encode(values("deviceId", 1L, "sellerId", "a".repeat(17), "orderNumber", 1L)));
    expectRejected(
        InvalidKeyException.class,
        "WK111",
        "orderNumber",
        () -> devices.encode(values("deviceId", 1L, "sellerId", "a")));
    assertSame(
        IllegalArgumentException.class,
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    devices.encode(
                        values("deviceId", 1L, "sellerId", "a", "orderNumber", 1L, "x", 1L)))
            .getClass());
    assertSame(
        IllegalArgumentException.class,
        assertThrows(
                IllegalArgumentException.class,
                () -> devices.encode(values("deviceId", "1", "sellerId", "a", "orderNumber", 1L)))
            .getClass());
  }

  @Test
  void delimiterIsRefusedInASplicedStringWithoutAlphabet() {
    LayoutKeyCodec codec =
        new LayoutKeyCodec(hot("t", text("a_b", string("a", null, 0), string("b", null, 0))));
    expectRejected(
        InvalidKeyException.class, "WK105", "a", () -> codec.encode(values("a", "x,y", "b", "")));
    expectRejected(
        InvalidKeyException.class,
        "WK105",
        "b",
        () -> codec.encode(values("a", "x", "b", "\ud800")));
    assertEquals(key("x,"), codec.encode(values("a", "x", "b", "")));
    // single-part: the delimiter is a character like any other, as in the generated code
    LayoutKeyCodec single = new LayoutKeyCodec(hot("t", text("a", string("a", null, 0))));
    assertEquals(key("x,y"), single.encode(values("a", "x,y")));
  }

  @Test
  void narrowKindsAndTimesAreRangeChecked() {
    LayoutKeyCodec codec =
        new LayoutKeyCodec(
            hot(
                "t",
                component(PkType.INTEGER, part("i", "INT")),
                component(PkType.INTEGER, part("d", "LOCAL_DATE")),
                component(PkType.INTEGER, part("at", "INSTANT"))));
    long maxDay = LocalDate.MAX.toEpochDay();
    PrimaryKey key = codec.encode(values("i", (short) 5, "d", LocalDate.of(2024, 5, 1), "at", 3L));
    assertEquals(key(5L, LocalDate.of(2024, 5, 1).toEpochDay(), 3L), key);
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "i",
        () -> codec.encode(values("i", 1L << 31, "d", 0L, "at", 0L)));
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "d",
        () -> codec.encode(values("i", 0, "d", maxDay + 1, "at", 0L)));
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "at",
        () -> codec.encode(values("i", 0, "d", 0L, "at", Instant.ofEpochSecond(0, 1))));
    expectRejected(
        InvalidKeyException.class, "WK104", "i", () -> codec.decode(key(1L << 31, 0L, 0L)));
    expectRejected(
        InvalidKeyException.class, "WK104", "d", () -> codec.decode(key(0L, maxDay + 1, 0L)));
  }

  @Test
  void descendingColumnKeepsTheComplement() {
    LayoutKeyCodec codec =
        new LayoutKeyCodec(hot("t", component(PkType.INTEGER, part("seq", "LONG"), true)));
    assertEquals(key(~5L), codec.encode(values("seq", 5L)));
    assertEquals(values("seq", 5L), codec.decode(key(~5L)));
  }

  @Test
  void uuidEnumReversedAndBytes() {
    LayoutKeyCodec codec =
        new LayoutKeyCodec(
            hot(
                "t",
                text("id", reversed(part("id", "LONG"))),
                component(PkType.STRING, part("u", "UUID")),
                component(PkType.STRING, part("kind", "ENUM")),
                component(PkType.BINARY, part("device", "BYTES"))));
    UUID u = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
    PrimaryKey key =
        codec.encode(values("id", 1200L, "u", u, "kind", PkType.INTEGER, "device", new byte[] {1}));
    assertEquals(key("0021", u.toString(), "INTEGER", new byte[] {1}), key);
    Map<String, Object> decoded = codec.decode(key);
    assertEquals(1200L, decoded.get("id"));
    assertEquals(u, decoded.get("u"));
    assertEquals("INTEGER", decoded.get("kind"));
    assertArrayEquals(new byte[] {1}, (byte[]) decoded.get("device"));
    expectRejected(
        InvalidKeyException.class,
        "WK105",
        "u",
        () -> codec.decode(key("0021", u.toString().toUpperCase(), "A", new byte[0])));
    expectRejected(
        InvalidKeyException.class,
        "WK112",
        "kind",
        () -> codec.decode(key("0021", u.toString(), "no such", new byte[0])));
    // "1200" reversed is "0021"; "00210" reversed has a leading zero, which no long is written as
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "id",
        () -> codec.decode(key("00210", u.toString(), "A", new byte[0])));
  }

  @Test
  void forgedKeysAreRefusedNamingFieldAndRule() {
    LayoutKeyCodec orders = new LayoutKeyCodec(ORDERS);
    expectRejected(
        InvalidKeyException.class, "WK106", "orderNumber", () -> orders.decode(key("797f200004")));
    String plus = KeyHash.prefix(HashAlgorithm.MD5, 4, "+5") + "+5";
    expectRejected(
        InvalidKeyException.class, "WK104", "orderNumber", () -> orders.decode(key(plus)));
    expectRejected(InvalidKeyException.class, "WK112", "orderNumber", () -> orders.decode(key(5L)));
    expectRejected(
        InvalidKeyException.class, "WK112", "orderNumber", () -> orders.decode(key("a", "b")));

    LayoutKeyCodec devices = new LayoutKeyCodec(DEVICES);
    expectRejected(
        InvalidKeyException.class,
        "WK105",
        "deviceId_sellerId",
        () -> devices.decode(key("000054,a100,x", 7L)));
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "deviceId",
        () -> devices.decode(key("00054,a100", 7L)));
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "deviceId",
        () -> devices.decode(key("+00054,a100", 7L)));
    expectRejected(
        InvalidKeyException.class,
        "WK105",
        "sellerId",
        () -> devices.decode(key("000054,A100", 7L)));

    LayoutKeyCodec metrics = new LayoutKeyCodec(METRICS);
    long millis = 1_700_000_000_007L;
    expectRejected(
        InvalidKeyException.class,
        "WK112",
        "timestamp",
        () -> metrics.decode(key("08" + millis, "10.0.0.1")));
    expectRejected(
        InvalidKeyException.class,
        "WK106",
        "timestamp",
        () -> metrics.decode(key("16" + millis, "10.0.0.1")));
  }

  @Test
  void indexReferenceIsCarriedAsBytes() {
    TableLayout index =
        table(
            "orders_by_card",
            TableRole.INDEX,
            component(PkType.STRING, string("cardId", "0-9A-F", 16)),
            component(PkType.INTEGER, part("placedAt", "INSTANT")),
            carried("wk_ref", PkType.BINARY, ColumnSource.INDEX_REF));
    LayoutKeyCodec codec = new LayoutKeyCodec(index);
    assertEquals(List.of("cardId", "placedAt", LayoutKeyCodec.REF), codec.names());
    PrimaryKey key = key("0A", 5L, new byte[] {9, 8});
    Map<String, Object> decoded = codec.decode(key);
    assertArrayEquals(new byte[] {9, 8}, (byte[]) decoded.get("wk_ref"));
    assertEquals(key, codec.encode(decoded));
  }

  @Test
  void coldAndChunkTablesCarryTagAndPart() {
    TableLayout chunks =
        table(
            "items_chunks",
            TableRole.CHUNKS,
            component(PkType.INTEGER, part("itemId", "LONG")),
            carried("wk_tag", PkType.INTEGER, ColumnSource.WRITE_TAG),
            carried("wk_part", PkType.INTEGER, ColumnSource.CHUNK_PART));
    LayoutKeyCodec codec = new LayoutKeyCodec(chunks);
    PrimaryKey key = key(1L, -77L, 2L);
    assertEquals(values("itemId", 1L, "wk_tag", -77L, "wk_part", 2L), codec.decode(key));
    assertEquals(key, codec.encode(codec.decode(key)));
  }

  @Test
  void layoutsItCannotInterpretAreRefused() {
    List<TableLayout> bad =
        List.of(
            hot("t", text("a", part("a", "FLOAT"))),
            hot("t", carried("wk_tag", PkType.INTEGER, ColumnSource.WRITE_TAG)),
            hot(
                "t",
                component(PkType.STRING, part("a", "STRING")),
                carried("wk_ref", PkType.BINARY, ColumnSource.INDEX_REF)),
            table(
                "t",
                TableRole.INDEX,
                carried("wk_ref", PkType.BINARY, ColumnSource.INDEX_REF),
                component(PkType.STRING, part("a", "STRING"))),
            hot("t", component(PkType.INTEGER, part("a", "STRING"))),
            hot("t", component(PkType.BINARY, part("a", "LONG"))),
            hot("t", text("a", part("a", "BYTES"))),
            hot("t", text("a", padded("a", "STRING", 4, false))),
            hot("t", text("a", padded("a", "LONG", 20, false))),
            hot("t", text("a", string("a", "z-a", 0))),
            hot("t", text("a", ',', new HashPrefixLayout("CRC", 4, null), null, part("a", "LONG"))),
            hot(
                "t",
                text("a", ',', new HashPrefixLayout("MD5", 33, null), null, part("a", "LONG"))),
            hot("t", text("a", ',', new HashPrefixLayout("MD5", 4, "b"), null, part("a", "LONG"))),
            hot("t", text("a", ',', null, new BucketLayout(1, "a"), part("a", "LONG"))),
            hot("t", text("a", ',', null, new BucketLayout(16, "b"), part("a", "LONG"))),
            hot(
                "t",
                text(
                    "a",
                    ',',
                    new HashPrefixLayout("MD5", 4, null),
                    new BucketLayout(16, "a"),
                    part("a", "LONG"))),
            hot("t", text("a", part("a", "LONG")), component(PkType.INTEGER, part("a", "LONG"))),
            hot("t", component(PkType.STRING, part("a", "STRING"), true)));
    for (TableLayout layout : bad) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> new LayoutKeyCodec(layout));
      assertSame(IllegalArgumentException.class, e.getClass(), e::toString);
      assertTrue(e.getMessage().contains("cannot be interpreted"), e::getMessage);
    }
  }

  @Test
  void withEnumChecksNamesAgainstTheConstants() {
    LayoutKeyCodec codec =
        new LayoutKeyCodec(hot("t", component(PkType.STRING, part("type", "ENUM"))))
            .withEnum("type", PkType.class);
    assertEquals(values("type", "BINARY"), codec.decode(key("BINARY")));
    assertEquals(key("STRING"), codec.encode(values("type", PkType.STRING)));
    expectRejected(InvalidKeyException.class, "WK112", "type", () -> codec.decode(key("BINARI")));
    expectRejected(
        InvalidKeyException.class, "WK112", "type", () -> codec.encode(values("type", "BINARI")));
    assertThrows(IllegalArgumentException.class, () -> codec.withEnum("nope", PkType.class));
  }

  @Test
  void aStoredUnpairedSurrogateIsATypedRefusalWhereItIsReversedOrHashed() {
    LayoutKeyCodec reversedText =
        new LayoutKeyCodec(hot("t", text("s", reversed(string("s", null, 0)))));
    expectRejected(
        InvalidKeyException.class, "WK105", "s", () -> reversedText.decode(key("a\ud800")));
    LayoutKeyCodec covered =
        new LayoutKeyCodec(
            hot(
                "t",
                text(
                    "a_b",
                    ',',
                    new HashPrefixLayout("MD5", 4, "a"),
                    null,
                    string("a", null, 0),
                    string("b", null, 0))));
    expectRejected(
        InvalidKeyException.class, "WK106", "a_b", () -> covered.decode(key("0000\ud800,b")));
  }
}
