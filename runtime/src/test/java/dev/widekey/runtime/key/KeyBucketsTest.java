package dev.widekey.runtime.key;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoredKeyPrefix;
import dev.widekey.runtime.store.StoredRowDecoder;
import dev.widekey.runtime.store.fault.Seeds;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Bucket texts, split points, the logical order and its numeric sort prefix. */
class KeyBucketsTest {
  @RegisterExtension final Seeds seeds = new Seeds();

  @Test
  void bucketTextsAreFixedWidthAndSplitPointsGroupBuckets() {
    KeyBuckets b = new KeyBuckets(16);
    assertEquals(2, b.width());
    assertEquals("05", b.text(b.ofNumber(1_000_000_037L)));
    assertEquals(11, b.ofNumber(-5)); // floorMod: negative values have buckets too
    assertEquals(4, KeyBuckets.width(1024));
    // Tablestore's 10 partitions: 9 points at bucket boundaries; HBase: one per bucket
    assertEquals(List.of("01", "03", "04", "06", "08", "09", "11", "12", "14"), b.splitPoints(10));
    assertEquals(15, b.splitPoints(4096).size());
    assertThrows(IllegalArgumentException.class, () -> new KeyBuckets(1));
    assertThrows(IllegalArgumentException.class, () -> new KeyBuckets(1025));
    assertEquals("0000012", b.strip("f", "050000012"));
    assertEquals(
        "WK106", assertThrows(InvalidKeyException.class, () -> b.strip("f", "16x")).rule());
  }

  /** The sort prefix never contradicts the logical order, on random signed padded numbers. */
  @Test
  void theNumericSortPrefixAgreesWithTheLogicalOrder() {
    long seed = seeds.seed();
    Random random = new Random(seed);
    KeyBuckets b = new KeyBuckets(16).withPaddedNumber(19, true);
    ToLongFunction<PrimaryKey> prefix = b.sortPrefix();
    for (int i = 0; i < 20_000; i++) {
      long x = random.nextInt(3) == 0 ? random.nextInt(100) - 50 : random.nextLong();
      long y = random.nextInt(3) == 0 ? random.nextInt(100) - 50 : random.nextLong();
      PrimaryKey kx = key(b, x);
      PrimaryKey ky = key(b, y);
      assertEquals(x, prefix.applyAsLong(kx), "seed " + seed);
      int logical = Integer.signum(b.logicalOrder().compare(kx, ky));
      assertEquals(
          Integer.signum(Long.compare(x, y)), logical, "seed " + seed + ": " + x + " " + y);
    }
    assertTrue(new KeyBuckets(4).sortPrefix() == null);
  }

  /** The sort prefix is the padded number itself, at every width, signed or not. */
  @Test
  void theNumericSortPrefixIsThePaddedNumberAtEveryWidth() {
    long seed = seeds.seed();
    Random random = new Random(seed);
    int checked = 0;
    for (int i = 0; i < 20_000; i++) {
      int width = 1 + random.nextInt(Padding.MAX_WIDTH);
      boolean signed = random.nextBoolean();
      KeyBuckets b = new KeyBuckets(2 + random.nextInt(1023)).withPaddedNumber(width, signed);
      long bound = width >= 19 ? Long.MAX_VALUE : (long) Math.pow(10, width) - 1;
      long v =
          random.nextBoolean()
              ? random.nextLong() % (bound + (bound < Long.MAX_VALUE ? 1 : 0))
              : random.nextInt(21) - 10;
      if (!signed) {
        v = Math.abs(v % bound);
      }
      String text;
      try {
        text = Padding.encode("v", v, width, signed);
      } catch (RuntimeException doesNotFit) {
        continue;
      }
      PrimaryKey k = PrimaryKey.of(PkValue.ofString(b.text(b.ofNumber(v)) + text));
      assertEquals(
          v,
          b.sortPrefix().applyAsLong(k),
          "seed " + seed + ": " + v + " width " + width + (signed ? " signed" : ""));
      checked++;
    }
    assertTrue(checked > 10_000, "only " + checked + " numbers fit their width, seed " + seed);
  }

  /**
   * A stored row's prefix, read from its key bytes, is the decoded key's: for padded numbers at
   * every width and for texts that are not a bucket and a padded number (non-digits, too short,
   * non-ASCII), which leave it to the decoded key.
   */
  @Test
  void theSortPrefixOfAStoredKeyIsTheDecodedKeys() {
    long seed = seeds.seed();
    Random random = new Random(seed);
    String[] odd = {
      "",
      "0",
      "03",
      "03-",
      "03x12",
      "03\u00e912345",
      "\u00e9\u00e9000000000000000000001",
      "03-00000000000000000000",
      "030000000000000000000000000"
    };
    for (int i = 0; i < 20_000; i++) {
      int width = 1 + random.nextInt(Padding.MAX_WIDTH);
      boolean signed = random.nextBoolean();
      KeyBuckets b = new KeyBuckets(2 + random.nextInt(100)).withPaddedNumber(width, signed);
      String text;
      if (random.nextInt(4) == 0) {
        text = odd[random.nextInt(odd.length)];
      } else {
        long v = random.nextInt(3) == 0 ? random.nextInt(21) - 10 : random.nextLong();
        try {
          text = b.text(b.ofNumber(v)) + Padding.encode("v", v, width, signed);
        } catch (RuntimeException doesNotFit) {
          continue;
        }
        if (random.nextInt(3) == 0) {
          // one character anywhere made a neighbour of the digits' range, a zero (escaped in the
          // key bytes), a letter or a non-ASCII character: the stored bytes are read eight at a
          // time, and each of those must still be refused to the decoded key
          char[] chars = text.toCharArray();
          chars[random.nextInt(chars.length)] = "/:a\0 -\u00e9\u0130".charAt(random.nextInt(8));
          text = new String(chars);
        }
      }
      PrimaryKey k = PrimaryKey.of(PkValue.ofString(text));
      StoredKeyPrefix prefix = (StoredKeyPrefix) b.sortPrefix();
      Row stored = Row.stored(OrderedKeyBytes.encode(k), new byte[0], keyOnly(k));
      assertEquals(prefix.applyAsLong(k), prefix.ofRow(stored), "seed " + seed + ": " + text);
      assertEquals(prefix.applyAsLong(k), prefix.ofRow(Row.of(k, Map.of())), text);
    }
  }

  /** A decoder of one known key, for rows that hold no columns. */
  private static StoredRowDecoder keyOnly(PrimaryKey key) {
    return new StoredRowDecoder() {
      @Override
      public PrimaryKey key(byte[] storedKey) {
        return key;
      }

      @Override
      public Row.Builder columns(byte[] storedColumns) {
        return Row.builder(0);
      }

      @Override
      public AttrValue column(byte[] storedColumns, String name) {
        return null;
      }
    };
  }

  private static PrimaryKey key(KeyBuckets b, long v) {
    return PrimaryKey.of(
        PkValue.ofString(b.text(b.ofNumber(v)) + Padding.encode("v", v, 19, true)),
        PkValue.ofInteger(0));
  }
}
