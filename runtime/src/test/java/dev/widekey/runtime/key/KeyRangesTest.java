package dev.widekey.runtime.key;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.Utf8;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.fault.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Prefix ranges at the edges of the alphabet: the end bound is the next code point in UTF-8 order
 * (U+D7FF is followed by U+E000, never by a surrogate), and a prefix ending with U+10FFFF carries
 * over to the code point before it, or leaves the range unbounded.
 */
class KeyRangesTest {
  @RegisterExtension final Seeds seeds = new Seeds();

  private static final int[] EDGES = {
    0x00, 0x01, ',', '-', 'a', 'z', 0x7F, 0x80, 0x7FF, 0x800, 0xD7FE, 0xD7FF, 0xE000, 0xE001,
    0xFFFE, 0xFFFF, 0x10000, 0x10001, 0x10FFFE, 0x10FFFF
  };

  private static PrimaryKey key(String text) {
    return PrimaryKey.of(PkValue.ofString(text));
  }

  private static String end(ScanRange r) {
    PkValue v = r.end().get(0);
    return v.isInfinite() ? null : v.asString();
  }

  @Test
  void theEndBoundSkipsTheSurrogateBlock() {
    ScanRange r = KeyRanges.textPrefix("a\uD7FF", 1);
    assertEquals("a\uE000", end(r));
    assertTrue(Utf8.isWellFormed(end(r)));
    assertTrue(r.contains(key("a\uD7FF\uD83D\uDE00")));
    assertTrue(!r.contains(key("a\uE000")));
  }

  @Test
  void aDelimiterOfUffffHasARange() {
    ScanRange r = KeyRanges.textPrefix("54\uFFFF", 2);
    assertEquals("54" + new String(Character.toChars(0x10000)), end(r));
    assertTrue(r.contains(PrimaryKey.of(PkValue.ofString("54\uFFFFx"), PkValue.ofInteger(1))));
    assertTrue(!r.contains(PrimaryKey.of(PkValue.ofString("540"), PkValue.ofInteger(1))));
  }

  @Test
  void theLastCodePointCarriesOverOrLeavesTheRangeUnbounded() {
    String max = new String(Character.toChars(0x10FFFF));
    assertEquals("b", end(KeyRanges.textPrefix("a" + max + max, 1)));
    ScanRange unbounded = KeyRanges.textPrefix(max, 1);
    assertEquals(PkValue.INF_MAX, unbounded.end().get(0));
    assertTrue(unbounded.contains(key(max + max)));
    assertTrue(!unbounded.contains(key("\uFFFF")));
  }

  /** A random string over {@code alphabet}, {@code 0..maxLength} code points. */
  private static String text(Random random, int[] alphabet, int maxLength) {
    StringBuilder sb = new StringBuilder();
    int n = random.nextInt(maxLength + 1);
    for (int i = 0; i < n; i++) {
      sb.appendCodePoint(alphabet[random.nextInt(alphabet.length)]);
    }
    return sb.toString();
  }

  private static int[] alphabet(Random random) {
    int size = 1 + random.nextInt(6);
    int[] out = new int[size];
    for (int i = 0; i < size; i++) {
      out[i] = random.nextBoolean() ? EDGES[random.nextInt(EDGES.length)] : randomCodePoint(random);
    }
    return out;
  }

  private static int randomCodePoint(Random random) {
    while (true) {
      int cp = random.nextInt(0x110000);
      if (cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE) {
        return cp;
      }
    }
  }

  @Test
  void aPrefixRangeHoldsExactlyTheKeysWithThePrefixInUtf8Order() {
    Random random = new Random(seeds.seed());
    for (int trial = 0; trial < 2_000; trial++) {
      int[] alphabet = alphabet(random);
      String prefix = "";
      while (prefix.isEmpty()) {
        prefix = text(random, alphabet, 4);
      }
      ScanRange range = KeyRanges.textPrefix(prefix, 1);
      String start = range.start().get(0).asString();
      String end = end(range);
      assertTrue(end == null || Utf8.isWellFormed(end), "the end bound is valid text");
      List<String> keys = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
        keys.add(text(random, alphabet, 6));
        keys.add(prefix + text(random, alphabet, 3));
        String p = prefix;
        keys.add(p.substring(0, p.offsetByCodePoints(0, p.codePointCount(0, p.length()) - 1)));
      }
      for (String k : keys) {
        boolean inside = Utf8.compare(start, k) <= 0 && (end == null || Utf8.compare(k, end) < 0);
        String p = prefix;
        java.util.function.Supplier<String> why =
            () -> "prefix " + codePoints(p) + ", key " + codePoints(k);
        assertEquals(k.startsWith(prefix), inside, why);
        assertEquals(inside, range.contains(key(k)), why);
      }
    }
  }

  private static String codePoints(String s) {
    StringBuilder sb = new StringBuilder("[");
    s.codePoints().forEach(cp -> sb.append(String.format(" U+%04X", cp)));
    return sb.append(" ]").toString();
  }

  /**
   * A descending column stores ~v: the range of [from, to) in values holds a stored key exactly
   * when its value lies in [from, to), whatever the trailing column, at the edges of long too.
   */
  @Test
  void aDescendingBetweenHoldsExactlyTheValuesInFromTo() {
    Random random = new Random(seeds.seed());
    long[] edges = {
      Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE - 1, Long.MAX_VALUE
    };
    List<PkValue> fixed = List.of(PkValue.ofString("s"));
    for (int trial = 0; trial < 2000; trial++) {
      long from =
          random.nextBoolean() ? edges[random.nextInt(edges.length)] : random.nextInt(9) - 4;
      long to = random.nextBoolean() ? edges[random.nextInt(edges.length)] : random.nextInt(9) - 4;
      long v =
          switch (random.nextInt(3)) {
            case 0 -> edges[random.nextInt(edges.length)];
            case 1 -> from + random.nextInt(3) - 1;
            default -> to + random.nextInt(3) - 1;
          };
      ScanRange r =
          KeyRanges.leadingThenBetweenDescending(
              fixed, PkValue.ofInteger(~from), PkValue.ofInteger(~to), 3);
      for (long trailing : new long[] {Long.MIN_VALUE, 0, Long.MAX_VALUE}) {
        PrimaryKey stored =
            PrimaryKey.of(
                PkValue.ofString("s"), PkValue.ofInteger(~v), PkValue.ofInteger(trailing));
        boolean in = from <= v && v < to;
        int t = trial;
        assertEquals(
            in,
            r.contains(stored),
            () -> "trial " + t + ": " + v + " in [" + from + ", " + to + ")? range " + r);
      }
      PrimaryKey other =
          PrimaryKey.of(PkValue.ofString("t"), PkValue.ofInteger(~v), PkValue.ofInteger(0));
      assertTrue(!r.contains(other), "another leading value is never in the range");
    }
  }
}
