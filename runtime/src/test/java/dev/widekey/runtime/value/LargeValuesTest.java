package dev.widekey.runtime.value;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.Seeds;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class LargeValuesTest {
  private static final int MB = 1024 * 1024;

  @RegisterExtension final Seeds seeds = new Seeds();

  private EmbeddedStore store;

  @BeforeEach
  void open() {
    store = EmbeddedStore.inMemory();
    store.createTable(TestRows.table("pages", 10, 1));
  }

  @AfterEach
  void close() {
    store.close();
  }

  /** About {@code bytes} of UTF-8 text mixing 1-, 2-, 3- and 4-byte code points. */
  private static String text(Random random, int bytes) {
    String[] pieces = {"a", "z", "é", "ж", "中", "文", "😀", "𝄞", " "};
    StringBuilder sb = new StringBuilder();
    int size = 0;
    while (size < bytes) {
      String p = pieces[random.nextInt(pieces.length)];
      sb.append(p);
      size += p.getBytes(StandardCharsets.UTF_8).length;
    }
    return sb.toString();
  }

  @Test
  void aFiveMegabyteValueRoundTripsThroughTheEmbeddedStore() {
    Random random = new Random(seeds.seed());
    byte[] blob = new byte[5 * MB + 17];
    random.nextBytes(blob);
    String body = text(random, 5 * MB);
    Row row =
        Row.of(
            TestRows.key(1),
            Map.of(
                "blob", AttrValue.ofBinary(blob),
                "body", AttrValue.ofString(body),
                "title", AttrValue.ofString("small")));

    Row stored = LargeValues.chunk(row, store.limits());
    for (Map.Entry<String, AttrValue> e : stored.columns().entrySet()) {
      assertTrue(e.getValue().sizeInBytes() <= store.limits().maxAttributeBytes(), e.getKey());
    }
    assertEquals(3, stored.get("wk_blob_n").asLong());
    assertEquals(AttrType.STRING, stored.get("wk_body_0").type(), "chunks keep the value's type");
    assertEquals(AttrValue.ofString("small"), stored.get("title"));
    store.put("pages", stored);

    Row back =
        LargeValues.join(store.get("pages", TestRows.key(1), ColumnSelection.all()).orElseThrow());
    assertEquals(row, back);
    assertEquals(
        Optional.of(AttrValue.ofBinary(blob)),
        LargeValues.read(store, "pages", TestRows.key(1), "blob"));
    assertEquals(
        Optional.of(AttrValue.ofString(body)),
        LargeValues.read(store, "pages", TestRows.key(1), "body"));
    assertEquals(
        Optional.of(AttrValue.ofString("small")),
        LargeValues.read(store, "pages", TestRows.key(1), "title"));
    assertEquals(Optional.empty(), LargeValues.read(store, "pages", TestRows.key(2), "body"));
  }

  @Test
  void stringChunksNeverSplitACodePoint() {
    Random random = new Random(seeds.seed());
    String s = text(random, 10_000);
    var chunks = LargeValues.split(AttrValue.ofString(s), 7);
    StringBuilder joined = new StringBuilder();
    for (AttrValue c : chunks) {
      String part = c.asString();
      assertTrue(part.getBytes(StandardCharsets.UTF_8).length <= 7);
      assertFalse(
          Character.isLowSurrogate(part.charAt(0)), "a chunk starts inside a surrogate pair");
      joined.append(part);
    }
    assertEquals(s, joined.toString());
  }

  @Test
  void aLargeValueIsRefusedBeforeAnyWriteWhereChunkingIsNotAllowed() {
    Row row =
        Row.of(
            TestRows.key(3),
            Map.of(
                "body",
                AttrValue.ofBinary(new byte[3 * MB]),
                "note",
                AttrValue.ofBinary(new byte[3 * MB])));
    StoreException e =
        assertThrows(
            StoreException.class, () -> LargeValues.chunk(row, store.limits(), "body"::equals));
    assertEquals(ErrorKind.LIMIT_EXCEEDED, e.kind());
    assertFalse(e.retryable());
    assertTrue(e.getMessage().contains("WK202") && e.getMessage().contains("note"), e.getMessage());

    StoreException strict =
        assertThrows(
            StoreException.class,
            () -> LargeValues.requireWithinLimit("pages", row, store.limits()));
    assertEquals(ErrorKind.LIMIT_EXCEEDED, strict.kind());
    assertTrue(store.get("pages", TestRows.key(3), ColumnSelection.all()).isEmpty());
  }

  @Test
  void smallRowsPassUnchanged() {
    Row row = TestRows.row(4, 1);
    assertSame(row, LargeValues.chunk(row, StoreLimits.DEFAULT));
    assertSame(row, LargeValues.join(row));
    LargeValues.requireWithinLimit("pages", row, StoreLimits.DEFAULT);
  }

  @Test
  void aColumnNamedLikeAChunkIsAConflict() {
    Row row =
        Row.of(
            TestRows.key(5),
            Map.of(
                "body", AttrValue.ofBinary(new byte[3 * MB]), "wk_body_1", AttrValue.ofInteger(1)));
    StoreException e =
        assertThrows(StoreException.class, () -> LargeValues.chunk(row, StoreLimits.DEFAULT));
    assertEquals(ErrorKind.INVALID_REQUEST, e.kind());
  }

  /** A row holding one small chunk of {@code body} and a forged count. */
  private static Row forged(AttrValue count) {
    return Row.of(
        TestRows.key(6),
        Map.of(
            "wk_body_0", AttrValue.ofString("only chunk"),
            "wk_body_n", count,
            "title", AttrValue.ofString("t")));
  }

  private static void assertCorrupt(StoreException e) {
    assertEquals(ErrorKind.CORRUPT_DATA, e.kind(), e.getMessage());
    assertFalse(e.retryable());
    assertTrue(e.getMessage().contains("pages"), e.getMessage());
    assertTrue(e.getMessage().contains("body"), e.getMessage());
    assertTrue(e.getMessage().length() < 600, e.getMessage());
  }

  @Test
  void forgedChunkCountsAreTypedErrorsRaisedBeforeAnyAllocation() {
    // 300 million exhausted a 1 GB heap; MAX_VALUE overflowed the array limit; -1 was an untyped
    // IllegalArgumentException; 2^32+1 read as 1; 0 returned an empty binary
    long[] counts = {300_000_000L, Integer.MAX_VALUE, -1, (1L << 32) + 1, 0, 2, Long.MIN_VALUE};
    for (long n : counts) {
      Row row = forged(AttrValue.ofInteger(n));
      assertCorrupt(
          assertThrows(StoreException.class, () -> LargeValues.join("pages", row), "n = " + n));
      store.put("pages", row);
      assertCorrupt(
          assertThrows(
              StoreException.class,
              () -> LargeValues.read(store, "pages", TestRows.key(6), "body"),
              "n = " + n));
    }
    // a count that is not an INTEGER
    Row text = forged(AttrValue.ofString("1"));
    assertCorrupt(assertThrows(StoreException.class, () -> LargeValues.join("pages", text)));
    store.put("pages", text);
    assertCorrupt(
        assertThrows(
            StoreException.class, () -> LargeValues.read(store, "pages", TestRows.key(6), "body")));
  }

  @Test
  void theRightCountJoins() {
    Row row = forged(AttrValue.ofInteger(1));
    assertEquals(AttrValue.ofString("only chunk"), LargeValues.join("pages", row).get("body"));
    store.put("pages", row);
    assertEquals(
        Optional.of(AttrValue.ofString("only chunk")),
        LargeValues.read(store, "pages", TestRows.key(6), "body"));
  }

  @Test
  void chunksOfMixedTypesOrWithGapsAreCorrupt() {
    Row gap =
        Row.of(
            TestRows.key(7),
            Map.of(
                "wk_body_0", AttrValue.ofString("a"),
                "wk_body_2", AttrValue.ofString("c"),
                "wk_body_n", AttrValue.ofInteger(2)));
    assertCorrupt(assertThrows(StoreException.class, () -> LargeValues.join("pages", gap)));
    Row mixed =
        Row.of(
            TestRows.key(7),
            Map.of(
                "wk_body_0", AttrValue.ofString("a"),
                "wk_body_1", AttrValue.ofBinary(new byte[] {1}),
                "wk_body_n", AttrValue.ofInteger(2)));
    assertCorrupt(assertThrows(StoreException.class, () -> LargeValues.join("pages", mixed)));
  }
}
