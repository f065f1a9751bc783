package dev.widekey.runtime.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.PkType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The ordered key encoding sorts exactly as {@link PrimaryKey#compareTo} and decodes back. */
class OrderedKeyBytesTest {
  private static final long SEED = Long.getLong("widekey.test.seed", 42L);

  private static final List<PkColumn> SCHEMA =
      List.of(
          new PkColumn("s", PkType.STRING),
          new PkColumn("i", PkType.INTEGER),
          new PkColumn("b", PkType.BINARY));

  @Test
  void sortedEncodingsAreSortedKeysOnRandomKeys() {
    Random random = new Random(SEED);
    List<PrimaryKey> keys = new ArrayList<>();
    for (int n = 0; n < 5000; n++) {
      keys.add(randomKey(random, random.nextInt(6) == 0));
    }
    List<PrimaryKey> byCompareTo = new ArrayList<>(keys);
    byCompareTo.sort(Comparator.naturalOrder());
    List<PrimaryKey> byBytes = new ArrayList<>(keys);
    byBytes.sort(
        (a, b) -> Arrays.compareUnsigned(OrderedKeyBytes.encode(a), OrderedKeyBytes.encode(b)));
    // equal keys have equal encodings, so both sorts agree element by element
    assertEquals(byCompareTo, byBytes, "seed " + SEED);
    for (int n = 0; n < 20000; n++) {
      PrimaryKey a = keys.get(random.nextInt(keys.size()));
      PrimaryKey b = keys.get(random.nextInt(keys.size()));
      int expected = Integer.signum(a.compareTo(b));
      int actual =
          Integer.signum(
              Arrays.compareUnsigned(OrderedKeyBytes.encode(a), OrderedKeyBytes.encode(b)));
      assertEquals(expected, actual, () -> a + " vs " + b + ", seed " + SEED);
    }
  }

  @Test
  void decodeInvertsEncodeOnRandomKeys() {
    Random random = new Random(SEED + 1);
    for (int n = 0; n < 5000; n++) {
      PrimaryKey k = randomKey(random, false);
      byte[] encoded = OrderedKeyBytes.encode(k);
      assertEquals(k, OrderedKeyBytes.decode(encoded, SCHEMA), () -> k + ", seed " + SEED);
      assertEquals(OrderedKeyBytes.encodedLength(k), encoded.length, () -> k + ", seed " + SEED);
      // a key hashes as its values do, before and after its hash is kept
      PrimaryKey same = PrimaryKey.of(k.values());
      assertEquals(k.values().hashCode(), same.hashCode(), () -> k + ", seed " + SEED);
      assertEquals(k.hashCode(), same.hashCode(), () -> k + ", seed " + SEED);
    }
  }

  /**
   * A key followed by an INTEGER inside a BINARY value (an index row's ref: hot key, then tag)
   * decodes to the key alone exactly where the whole decodes to the key and the integer, and the
   * decoded key encodes as a fresh one does.
   */
  @Test
  void theKeyBeforeATrailingIntegerEncodesAndDecodesAsTheWholeDoesOnRandomKeys() {
    Random random = new Random(SEED + 2);
    List<PkColumn> withTag = new ArrayList<>(SCHEMA);
    withTag.add(new PkColumn("tag", PkType.INTEGER));
    for (int n = 0; n < 5000; n++) {
      PrimaryKey k = randomKey(random, false);
      long tag = randomLong(random);
      List<PkValue> values = new ArrayList<>(k.values());
      values.add(PkValue.ofInteger(tag));
      byte[] whole = OrderedKeyBytes.encode(PrimaryKey.of(values));
      // the key and the tag encoded without building the longer key, from a key built by hand
      // and from one decoded (which encodes from the bytes it kept)
      assertArrayEquals(
          whole, OrderedKeyBytes.encodeFollowedBy(k, tag), () -> k + ", seed " + SEED);
      PkValue ref = PkValue.ofBinary(whole);
      PrimaryKey decoded = OrderedKeyBytes.decodeBeforeInteger("t", ref, SCHEMA);
      assertEquals(k, decoded, () -> k + ", seed " + SEED);
      assertEquals(
          OrderedKeyBytes.encode(k).length,
          OrderedKeyBytes.encodedLength(decoded),
          () -> k + ", seed " + SEED);
      assertArrayEquals(
          whole, OrderedKeyBytes.encodeFollowedBy(decoded, tag), () -> k + ", seed " + SEED);
      assertEquals(tag, OrderedKeyBytes.lastInteger(ref), () -> k + ", seed " + SEED);
      assertEquals(ref, OrderedKeyBytes.valueFollowedBy(k, tag), () -> k + ", seed " + SEED);
      // the same key under another tag, the ref it was derived from unchanged
      long other = randomLong(random);
      assertEquals(
          OrderedKeyBytes.valueFollowedBy(k, other),
          OrderedKeyBytes.withLastInteger(ref, other),
          () -> k + ", seed " + SEED);
      assertArrayEquals(whole, ref.binaryBytes(), () -> k + ", seed " + SEED);
      byte[] again = OrderedKeyBytes.encode(decoded);
      assertArrayEquals(OrderedKeyBytes.encode(k), again, () -> k + ", seed " + SEED);
      again[0] ^= 1; // a caller's change to an encoding does not reach the key's next one
      assertArrayEquals(OrderedKeyBytes.encode(k), OrderedKeyBytes.encode(decoded));
      // a damaged copy fails both ways or neither: one meaning for the stored bytes
      byte[] damaged = whole.clone();
      int at = random.nextInt(damaged.length);
      damaged[at] = (byte) random.nextInt(256);
      boolean wholeDecodes = decodes(() -> OrderedKeyBytes.decode("t", damaged, withTag));
      boolean keyDecodes =
          decodes(
              () -> OrderedKeyBytes.decodeBeforeInteger("t", PkValue.ofBinary(damaged), SCHEMA));
      assertEquals(wholeDecodes, keyDecodes, () -> k + " byte " + at + ", seed " + SEED);
    }
    // too short to hold an INTEGER, or a last column that is not one
    byte[] text = OrderedKeyBytes.encode(PrimaryKey.of(PkValue.ofString("abcdefghijk")));
    for (byte[] bytes : new byte[][] {new byte[0], new byte[8], text}) {
      StoreException e =
          assertThrows(
              StoreException.class,
              () -> OrderedKeyBytes.decodeBeforeInteger("t", PkValue.ofBinary(bytes), SCHEMA));
      assertEquals(ErrorKind.CORRUPT_DATA, e.kind());
    }
  }

  /**
   * An index row's key (leading columns, then a BINARY ref holding a key and an INTEGER) decodes in
   * one pass exactly as the whole key and then its ref do: the same leading values, inner key
   * (which encodes from the bytes it kept) and integer on random keys, and on a damaged copy it
   * fails with CORRUPT_DATA exactly where the two decodes together do.
   */
  @Test
  void aNestedKeyDecodesInOnePassAsItsTwoDecodesDoOnRandomKeys() {
    Random random = new Random(SEED + 3);
    List<PkColumn> outer =
        List.of(
            new PkColumn("v", PkType.STRING),
            new PkColumn("w", PkType.INTEGER),
            new PkColumn("ref", PkType.BINARY));
    for (int n = 0; n < 5000; n++) {
      PrimaryKey inner = randomKey(random, false);
      long tag = randomLong(random);
      List<PkValue> leading =
          List.of(PkValue.ofString(randomString(random)), PkValue.ofInteger(randomLong(random)));
      List<PkValue> values = new ArrayList<>(leading);
      values.add(OrderedKeyBytes.valueFollowedBy(inner, tag));
      byte[] stored = OrderedKeyBytes.encode(PrimaryKey.of(values));
      String where = inner + " " + leading + ", seed " + SEED;

      OrderedKeyBytes.Nested nested = OrderedKeyBytes.decodeNested("t", stored, outer, SCHEMA);
      assertEquals(leading, nested.leading(), where);
      assertEquals(inner, nested.inner(), where);
      assertEquals(tag, nested.last(), where);
      assertArrayEquals(OrderedKeyBytes.encode(inner), OrderedKeyBytes.encode(nested.inner()));
      assertEquals(
          OrderedKeyBytes.encode(inner).length, OrderedKeyBytes.encodedLength(nested.inner()));

      byte[] damaged = stored.clone();
      int at = random.nextInt(damaged.length);
      damaged[at] = (byte) random.nextInt(256);
      byte[] cut = Arrays.copyOf(stored, random.nextInt(stored.length));
      for (byte[] bad : new byte[][] {damaged, cut}) {
        boolean twoDecodes =
            decodes(
                () ->
                    OrderedKeyBytes.decodeBeforeInteger(
                        "t", OrderedKeyBytes.decode("t", bad, outer).get(2), SCHEMA));
        boolean onePass = decodes(() -> OrderedKeyBytes.decodeNested("t", bad, outer, SCHEMA));
        assertEquals(twoDecodes, onePass, () -> where + " bytes " + Arrays.toString(bad));
        if (onePass) {
          OrderedKeyBytes.Nested read = OrderedKeyBytes.decodeNested("t", bad, outer, SCHEMA);
          PrimaryKey whole = OrderedKeyBytes.decode("t", bad, outer);
          assertEquals(whole.values().subList(0, 2), read.leading(), where);
          assertEquals(
              OrderedKeyBytes.decodeBeforeInteger("t", whole.get(2), SCHEMA), read.inner(), where);
          assertEquals(OrderedKeyBytes.lastInteger(whole.get(2)), read.last(), where);
        }
      }
    }
    assertThrows(
        IllegalArgumentException.class,
        () -> OrderedKeyBytes.decodeNested("t", new byte[0], SCHEMA.subList(0, 2), SCHEMA));
  }

  private static boolean decodes(Runnable decode) {
    try {
      decode.run();
      return true;
    } catch (StoreException e) {
      assertEquals(ErrorKind.CORRUPT_DATA, e.kind(), e.getMessage());
      return false;
    }
  }

  /**
   * Bounds are encoded for scans and never stored: a stored key with a bound marker is a malformed
   * row, not {@code [INF_MAX, "b"]}, which would pass a store's range check and be read as a row.
   */
  @Test
  void aStoredKeyNeverDecodesToABound() {
    List<PkColumn> twoTexts =
        List.of(new PkColumn("a", PkType.STRING), new PkColumn("b", PkType.STRING));
    StoreException max =
        assertThrows(
            StoreException.class,
            () -> OrderedKeyBytes.decode("t", HexFormat.of().parseHex("ff01620001"), twoTexts));
    assertEquals(ErrorKind.CORRUPT_DATA, max.kind(), max.getMessage());
    assertTrue(max.getMessage().contains("a"), max.getMessage());
    malformed(new byte[] {1, 'a', 0, 1, 0x00});
    malformed(new byte[] {1, 'a', 0, 1, (byte) 0xFF});
    // every encoded bound, as the property test draws them
    Random random = new Random(SEED + 2);
    for (int n = 0; n < 2000; n++) {
      PrimaryKey bound = randomKey(random, true);
      if (!bound.hasInfinite()) {
        continue;
      }
      byte[] encoded = OrderedKeyBytes.encode(bound);
      StoreException e =
          assertThrows(
              StoreException.class,
              () -> OrderedKeyBytes.decode("t", encoded, SCHEMA),
              () -> bound + ", seed " + SEED);
      assertEquals(ErrorKind.CORRUPT_DATA, e.kind());
    }
  }

  @Test
  void utf8OrderDiffersFromStringCompareTo() {
    PrimaryKey tilde = PrimaryKey.of(PkValue.ofString("\uFF5E"));
    PrimaryKey smiley = PrimaryKey.of(PkValue.ofString("\uD83D\uDE00"));
    assertTrue("\uFF5E".compareTo("\uD83D\uDE00") > 0);
    assertTrue(tilde.compareTo(smiley) < 0);
    assertTrue(
        Arrays.compareUnsigned(OrderedKeyBytes.encode(tilde), OrderedKeyBytes.encode(smiley)) < 0);
  }

  @Test
  void aKeyStartsWithTheEncodingOfItsFirstColumn() {
    Random random = new Random(SEED + 2);
    for (int n = 0; n < 1000; n++) {
      PrimaryKey k = randomKey(random, false);
      byte[] first = OrderedKeyBytes.encodeFirstColumn(k.get(0));
      byte[] whole = OrderedKeyBytes.encode(k);
      assertArrayEquals(first, Arrays.copyOf(whole, first.length));
    }
  }

  @Test
  void anUnpairedSurrogateHasNoEncoding() {
    StoreException e =
        assertThrows(
            StoreException.class,
            () -> OrderedKeyBytes.encode(PrimaryKey.of(PkValue.ofString("a\uD800"))));
    assertEquals(ErrorKind.INVALID_REQUEST, e.kind());
    StoreException measured =
        assertThrows(
            StoreException.class,
            () -> OrderedKeyBytes.encodedLength(PrimaryKey.of(PkValue.ofString("a\uD800"))));
    assertEquals(ErrorKind.INVALID_REQUEST, measured.kind());
  }

  private static PrimaryKey randomKey(Random random, boolean withSentinels) {
    List<PkValue> values = new ArrayList<>(3);
    values.add(PkValue.ofString(randomString(random)));
    values.add(PkValue.ofInteger(randomLong(random)));
    values.add(PkValue.ofBinary(randomBytes(random)));
    if (withSentinels) {
      // a scan bound: the leading columns, then INF_MIN or INF_MAX to the end
      int keep = random.nextInt(3);
      PkValue fill = random.nextBoolean() ? PkValue.INF_MIN : PkValue.INF_MAX;
      return PrimaryKey.bound(values.subList(0, keep), fill, 3);
    }
    return PrimaryKey.of(values);
  }

  private static String randomString(Random random) {
    int[] pool = {
      0x00, 0x01, 'a', 'b', 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFF5E, 0xFFFF, 0x10000,
      0x1F600, 0x10FFFF
    };
    int length = random.nextInt(5);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < length; i++) {
      sb.appendCodePoint(pool[random.nextInt(pool.length)]);
    }
    return sb.toString();
  }

  private static long randomLong(Random random) {
    long[] edges = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -256, -1, 0, 1, 255, 256, Long.MAX_VALUE};
    return random.nextBoolean() ? edges[random.nextInt(edges.length)] : random.nextLong();
  }

  private static byte[] randomBytes(Random random) {
    int[] pool = {0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF};
    byte[] b = new byte[random.nextInt(5)];
    for (int i = 0; i < b.length; i++) {
      b[i] =
          (byte) (random.nextBoolean() ? pool[random.nextInt(pool.length)] : random.nextInt(256));
    }
    return b;
  }

  private static final List<PkColumn> TEXT_AND_NUMBER =
      List.of(new PkColumn("s", PkType.STRING), new PkColumn("n", PkType.INTEGER));

  private static StoreException malformed(byte[] bytes) {
    StoreException e =
        assertThrows(
            StoreException.class, () -> OrderedKeyBytes.decode("t", bytes, TEXT_AND_NUMBER));
    assertEquals(ErrorKind.CORRUPT_DATA, e.kind(), e.getMessage());
    assertTrue(!e.retryable());
    assertTrue(e.getMessage().contains("'t'"), e.getMessage());
    assertTrue(e.getMessage().length() < 400, e.getMessage());
    return e;
  }

  @Test
  void malformedRowKeysAreTypedErrorsNeverUntypedOnes() {
    byte[] good =
        OrderedKeyBytes.encode(PrimaryKey.of(PkValue.ofString("a\u0000b"), PkValue.ofInteger(5)));
    assertEquals(
        PrimaryKey.of(PkValue.ofString("a\u0000b"), PkValue.ofInteger(5)),
        OrderedKeyBytes.decode("t", good, TEXT_AND_NUMBER));
    // every truncation: ArrayIndexOutOfBoundsException before
    for (int n = 0; n < good.length; n++) {
      malformed(java.util.Arrays.copyOf(good, n));
    }
    // trailing bytes, an unknown marker, invalid UTF-8
    malformed(java.util.Arrays.copyOf(good, good.length + 1));
    byte[] marker = good.clone();
    marker[0] = 0x07;
    malformed(marker);
    malformed(new byte[] {1, (byte) 0xC3, 0x28, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 5});
    // a huge forged key shows a short prefix
    byte[] huge = new byte[100_000];
    huge[0] = 1;
    java.util.Arrays.fill(huge, 1, huge.length, (byte) 'x');
    malformed(huge);
  }

  @Test
  void onlyTheCanonicalEscapeDecodes() {
    // "a" NUL "b": 61 00 FF 62 00 01; 00 07 decoded as NUL before
    byte[] canonical = {1, 'a', 0, (byte) 0xFF, 'b', 0, 1, 1, (byte) 0x80, 0, 0, 0, 0, 0, 0, 5};
    assertEquals(
        "a\u0000b", OrderedKeyBytes.decode("t", canonical, TEXT_AND_NUMBER).get(0).asString());
    for (int escape : new int[] {0x00, 0x02, 0x07, 0xFE}) {
      byte[] other = canonical.clone();
      other[3] = (byte) escape;
      malformed(other);
    }
  }
}
