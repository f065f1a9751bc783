package dev.widekey.runtime.key;

import static dev.widekey.runtime.key.Property.between;
import static dev.widekey.runtime.key.Property.forAll;
import static dev.widekey.runtime.key.Rejections.expectRejected;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.Profile;
import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.key.KeyAlphabet;
import dev.widekey.core.store.Utf8;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeyTextTest {

  private static int compareUtf8(String a, String b) {
    return Arrays.compareUnsigned(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  // ---- checkText: the one-pass checks give what the checks one by one give ------------------

  @Test
  void checkTextRefusesWhatTheSeparateChecksRefuseWithTheSameError() {
    KeyAlphabet chars = KeyAlphabet.parse("a-z0-9é\uD83D\uDE00");
    String[] values = {
      "",
      "abc",
      "a,b",
      "ABC",
      "é",
      "aé",
      "\uD83D\uDE00",
      "\uD800",
      "a\uDC00",
      "abcdef",
      "abcdefg",
      "\u007f",
      "\u0080"
    };
    for (String value : values) {
      for (int maxLength : new int[] {-1, 0, 6}) {
        RuntimeException oneByOne = null;
        try {
          KeyText.requireWellFormed("f", value);
          if (maxLength >= 0) {
            KeyText.checkLength("f", value, maxLength, Profile.TABLESTORE);
          }
          chars.check("f", value);
        } catch (InvalidKeyException e) {
          oneByOne = e;
        }
        RuntimeException onePass = null;
        try {
          assertSame(value, KeyText.checkText("f", value, maxLength, chars, Profile.TABLESTORE));
        } catch (InvalidKeyException e) {
          onePass = e;
        }
        String what = value + " @MaxLength " + maxLength;
        assertEquals(oneByOne == null, onePass == null, what);
        if (oneByOne != null) {
          assertEquals(oneByOne.getMessage(), onePass.getMessage(), what);
        }
      }
    }
    assertThrows(
        InvalidKeyException.class,
        () -> KeyText.checkText("f", null, 3, chars, Profile.TABLESTORE));
  }

  // ---- splicing keeps tuple order ------------------------------------------------------------

  /** A key tuple: (unsigned padded long, string, signed padded long, string). */
  private record Tuple(long id, String name, long delta, String tag) {
    int compareTo(Tuple o) {
      int c = Long.compare(id, o.id);
      if (c == 0) {
        c = compareUtf8(name, o.name);
      }
      if (c == 0) {
        c = Long.compare(delta, o.delta);
      }
      if (c == 0) {
        c = compareUtf8(tag, o.tag);
      }
      return c;
    }

    String splice(char delimiter, KeyAlphabet alphabet) {
      return KeyText.join(
          delimiter,
          Padding.encode("id", id, 4, false),
          alphabet.check("name", KeyText.requireNoDelimiter("name", name, delimiter)),
          Padding.encode("delta", delta, 3, true),
          alphabet.check("tag", KeyText.requireNoDelimiter("tag", tag, delimiter)));
    }
  }

  /** Strings drawn from an alphabet's edges, often empty or a prefix of an earlier string. */
  private static String randomText(Random random, int[] edges, List<String> earlier) {
    int kind = random.nextInt(6);
    if (kind == 0) {
      return "";
    }
    if (kind == 1 && !earlier.isEmpty()) {
      String other = earlier.get(random.nextInt(earlier.size()));
      int[] cps = other.codePoints().toArray();
      int cut = random.nextInt(cps.length + 1);
      StringBuilder s = new StringBuilder();
      for (int i = 0; i < cut; i++) {
        s.appendCodePoint(cps[i]);
      }
      if (random.nextBoolean()) { // or a longer string that the earlier one is a prefix of
        s = new StringBuilder(other).appendCodePoint(edges[random.nextInt(edges.length)]);
      }
      return s.toString();
    }
    StringBuilder s = new StringBuilder();
    int length = 1 + random.nextInt(5);
    for (int i = 0; i < length; i++) {
      s.appendCodePoint(edges[random.nextInt(edges.length)]);
    }
    return s.toString();
  }

  private static List<Tuple> randomTuples(Random random, int[] edges, int n) {
    List<Tuple> tuples = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      // few distinct ids and deltas, so that later components decide often
      long id = random.nextInt(3) == 0 ? between(random, 0, 9999) : random.nextInt(3) * 100;
      long delta = random.nextInt(3) == 0 ? between(random, -1000, 999) : random.nextInt(3) - 1;
      String name = randomText(random, edges, texts);
      texts.add(name);
      String tag = randomText(random, edges, texts);
      texts.add(tag);
      tuples.add(new Tuple(id, name, delta, tag));
    }
    return tuples;
  }

  private static final int[] ALNUM_EDGES = {
    '0', '1', '8', '9', 'A', 'B', 'Y', 'Z', 'a', 'b', 'y', 'z'
  };

  private static void assertSpliceKeepsOrder(KeyAlphabet alphabet, int[] edges, Random random) {
    List<Tuple> tuples = randomTuples(random, edges, 40);
    for (Tuple a : tuples) {
      for (Tuple b : tuples) {
        String ka = a.splice(',', alphabet);
        String kb = b.splice(',', alphabet);
        assertEquals(
            Integer.signum(a.compareTo(b)),
            Integer.signum(compareUtf8(ka, kb)),
            () -> a + " -> " + ka + " vs " + b + " -> " + kb);
      }
    }
  }

  @Test
  void splicedKeysSortLikeTheirTuples() {
    KeyAlphabet alphabet = KeyAlphabet.parse("a-zA-Z0-9");
    assertTrue(alphabet.lowest() > ',', "',' sorts below every allowed character");
    forAll(
        "spliced keys sort by UTF-8 bytes as their tuples sort",
        300,
        random -> assertSpliceKeepsOrder(alphabet, ALNUM_EDGES, random));
  }

  @Test
  void splicedKeysSortLikeTheirTuplesAboveTheBmp() {
    // U+FF61.. and U+1F600.. are where UTF-16 order (String.compareTo) and UTF-8 order differ
    KeyAlphabet alphabet = KeyAlphabet.parse("a-z\uFF61-\uFF9F\uD83D\uDE00-\uD83D\uDE4F");
    int[] edges = {'a', 'z', 0xFF61, 0xFF9F, 0x1F600, 0x1F64F};
    forAll(
        "spliced keys with non-BMP characters sort by UTF-8 bytes as their tuples sort",
        100,
        random -> assertSpliceKeepsOrder(alphabet, edges, random));
  }

  @Test
  void splicedKeysSplitBackIntoTheirComponents() {
    KeyAlphabet alphabet = KeyAlphabet.parse("a-zA-Z0-9");
    forAll(
        "split(join(parts)) == parts",
        500,
        random -> {
          for (Tuple t : randomTuples(random, ALNUM_EDGES, 5)) {
            String[] parts = KeyText.split("pk", t.splice(',', alphabet), ',', 4);
            assertEquals(t.id(), Padding.decode("id", parts[0], 4, false));
            assertEquals(t.name(), parts[1]);
            assertEquals(t.delta(), Padding.decode("delta", parts[2], 3, true));
            assertEquals(t.tag(), parts[3]);
          }
        });
  }

  @Test
  void colonAsDelimiterBreaksTheOrder() {
    // ':' (0x3A) sorts above the digits: "a100:..." lands after "a1001:..."
    Tuple a100 = new Tuple(1, "a100", 0, "x");
    Tuple a1001 = new Tuple(1, "a1001", 0, "x");
    KeyAlphabet alphabet = KeyAlphabet.parse("a-zA-Z0-9");
    assertTrue(a100.compareTo(a1001) < 0);
    assertTrue(compareUtf8(a100.splice(',', alphabet), a1001.splice(',', alphabet)) < 0);
    assertTrue(
        compareUtf8(a100.splice(':', alphabet), a1001.splice(':', alphabet)) > 0,
        "with ':' the order is broken");
    assertTrue(alphabet.lowest() < ':', "':' does not sort below the alphabet");
  }

  @Test
  void colonAsDelimiterBreaksTheOrderOnRandomDataToo() {
    KeyAlphabet alphabet = KeyAlphabet.parse("a-zA-Z0-9");
    forAll(
        "random tuples spliced with ':' contain an out-of-order pair",
        1,
        random -> {
          List<Tuple> tuples = randomTuples(random, ALNUM_EDGES, 200);
          int broken = 0;
          for (Tuple a : tuples) {
            for (Tuple b : tuples) {
              int expected = Integer.signum(a.compareTo(b));
              int actual =
                  Integer.signum(compareUtf8(a.splice(':', alphabet), b.splice(':', alphabet)));
              if (expected != actual) {
                broken++;
              }
            }
          }
          assertTrue(broken > 0, "expected ':' to break the order somewhere");
        });
  }

  // ---- join and split ------------------------------------------------------------------------

  @Test
  void joinAndSplitKeepEmptyParts() {
    assertEquals("000054,a100", KeyText.join(',', "000054", "a100"));
    assertEquals(",,", KeyText.join(',', "", "", ""));
    assertArrayEquals(new String[] {"", "", ""}, KeyText.split("pk", ",,", ',', 3));
    assertArrayEquals(new String[] {"000054", "", "x"}, KeyText.split("pk", "000054,,x", ',', 3));
    assertArrayEquals(new String[] {"abc"}, KeyText.split("pk", "abc", ',', 1));
  }

  @Test
  void splitRejectsAnotherNumberOfParts() {
    InvalidKeyException e =
        expectRejected(
            InvalidKeyException.class, "WK105", "pk", () -> KeyText.split("pk", "a,b", ',', 3));
    assertTrue(e.getMessage().contains("'a,b'"), e.getMessage());
    assertTrue(e.getMessage().contains("has 2 parts, expected 3"), e.getMessage());
    InvalidKeyException more =
        expectRejected(
            InvalidKeyException.class, "WK105", "pk", () -> KeyText.split("pk", "a,b,c,d", ',', 3));
    assertTrue(more.getMessage().contains("has 4 parts, expected 3"), more.getMessage());
    expectRejected(
        InvalidKeyException.class, "WK105", "pk", () -> KeyText.split("pk", null, ',', 2));
  }

  // ---- checks --------------------------------------------------------------------------------

  @Test
  void aValueCarryingTheDelimiterIsRejected() {
    assertEquals("a100", KeyText.requireNoDelimiter("sku", "a100", ','));
    InvalidKeyException e =
        expectRejected(
            InvalidKeyException.class,
            "WK105",
            "sku",
            () -> KeyText.requireNoDelimiter("sku", "a100,999999", ','));
    assertTrue(e.getMessage().contains("holds the delimiter ','"), e.getMessage());
    assertTrue(e.getMessage().contains("another key's rows"), e.getMessage());
    assertTrue(e.getMessage().contains("'a100,999999'"), e.getMessage());
    expectRejected(
        InvalidKeyException.class,
        "WK111",
        "sku",
        () -> KeyText.requireNoDelimiter("sku", null, ','));
  }

  @Test
  void aTooLongValueIsRejectedNeverCut() {
    String ok = "x".repeat(64);
    assertSame(ok, KeyText.checkLength("tenant", ok, 64, Profile.TABLESTORE));
    String tooLong = "y".repeat(65);
    InvalidKeyException e =
        expectRejected(
            InvalidKeyException.class,
            "WK109",
            "tenant",
            () -> KeyText.checkLength("tenant", tooLong, 64, Profile.TABLESTORE));
    assertTrue(e.getMessage().contains("65 characters"), e.getMessage());
    assertTrue(e.getMessage().contains("@MaxLength(64)"), e.getMessage());
    assertTrue(e.getMessage().contains("never cut"), e.getMessage());
    Rejections.assertAbbreviated(e.getMessage(), 'y', 65);
  }

  @ParameterizedTest
  @CsvSource({"TABLESTORE, 1 KB", "LINDORM, 2 KB", "HBASE, 32767 bytes"})
  void aTooLongValueQuotesItsProfilesKeyColumnLimit(Profile profile, String limit) {
    String tooLong = "y".repeat(65);
    InvalidKeyException e =
        expectRejected(
            InvalidKeyException.class,
            "WK109",
            "tenant",
            () -> KeyText.checkLength("tenant", tooLong, 64, profile));
    assertTrue(
        e.getMessage()
            .endsWith("within the " + limit + " a primary-key column holds on " + profile),
        e.getMessage());
    assertEquals(
        e.getMessage(),
        assertThrows(
                InvalidKeyException.class,
                () -> KeyText.checkText("tenant", tooLong, 64, KeyAlphabet.parse("a-z"), profile))
            .getMessage());
  }

  @Test
  void unpairedSurrogatesAreRejected() {
    String pair = "a\uD83D\uDE00b";
    assertSame(pair, KeyText.requireWellFormed("f", pair));
    for (String bad : new String[] {"a\uD83D", "\uDE00a", "a\uDE00\uD83Db", "\uD83D\uD83D\uDE00"}) {
      InvalidKeyException e =
          expectRejected(
              InvalidKeyException.class, "WK105", "f", () -> KeyText.requireWellFormed("f", bad));
      assertTrue(e.getMessage().contains("unpaired surrogate"), e.getMessage());
      assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
    }
    InvalidKeyException first =
        expectRejected(
            InvalidKeyException.class,
            "WK105",
            "f",
            () -> KeyText.requireWellFormed("f", "ab\uDE00"));
    assertTrue(first.getMessage().contains("U+DE00"), first.getMessage());
    assertTrue(first.getMessage().contains("index 2"), first.getMessage());
  }

  @Test
  void nullKeyComponentsAreRejected() {
    InvalidKeyException e =
        expectRejected(
            InvalidKeyException.class,
            "WK111",
            "tenant",
            () -> KeyText.requireNonNull("tenant", null));
    assertEquals("WK111: field 'tenant' is null; key components are never null", e.getMessage());
    Integer boxed = 7;
    assertSame(boxed, KeyText.requireNonNull("n", boxed));
  }

  // ---- reverse -------------------------------------------------------------------------------

  @Test
  void reverseByCodePoints() {
    assertEquals("4321", KeyText.reverse("1234"));
    assertEquals("", KeyText.reverse(""));
    assertEquals("b\uD83D\uDE00a", KeyText.reverse("a\uD83D\uDE00b"));
    assertThrows(IllegalArgumentException.class, () -> KeyText.reverse("a\uD800b"));
  }

  @Test
  void reverseTwiceIsIdentity() {
    forAll(
        "reverse(reverse(s)) == s, and reverse keeps the code points",
        5_000,
        random -> {
          String s = Property.wellFormedText(random, random.nextInt(30));
          String r = KeyText.reverse(s);
          assertEquals(s, KeyText.reverse(r));
          int[] forward = s.codePoints().toArray();
          int[] backward = r.codePoints().toArray();
          assertEquals(forward.length, backward.length);
          for (int i = 0; i < forward.length; i++) {
            assertEquals(forward[i], backward[forward.length - 1 - i]);
          }
          assertEquals(-1, Utf8.firstUnpairedSurrogate(r));
        });
  }

  @Test
  void reversedDigitsSpreadConsecutiveIds() {
    // consecutive ids differ in their first character once reversed
    String a = KeyText.reverse(Long.toString(1_000_000));
    String b = KeyText.reverse(Long.toString(1_000_001));
    assertFalse(a.charAt(0) == b.charAt(0));
  }
}
