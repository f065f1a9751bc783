package dev.widekey.runtime.key;

import static dev.widekey.runtime.key.Property.forAll;
import static dev.widekey.runtime.key.Rejections.expectRejected;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.key.KeyAlphabet;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KeyAlphabetTest {
  private static final int GRINNING = 0x1F600; // 😀, above the BMP
  private static final int PRAYING = 0x1F64F; // 🙏

  @Test
  void parsesRangesAndSingles() {
    KeyAlphabet a = KeyAlphabet.parse("a-z0-9_");
    for (int c : new int[] {'a', 'm', 'z', '0', '9', '_'}) {
      assertTrue(a.contains(c), () -> "contains " + (char) c);
    }
    for (int c : new int[] {'A', '-', ',', ':', '`', '{', '/', ' ', 'é'}) {
      assertFalse(a.contains(c), () -> "does not contain " + (char) c);
    }
    assertEquals('0', a.lowest());
    assertEquals('z', a.highest());
    assertEquals("a-z0-9_", a.spec());
    assertEquals("a-z, 0-9, '_'", a.describe());
  }

  @Test
  void describeReadsLikeTheSpec() {
    assertEquals("a-z, 0-9", KeyAlphabet.parse("a-z0-9").describe());
  }

  @Test
  void literalDashFirstOrLastOrEscaped() {
    for (String spec : new String[] {"-a-z", "a-z-", "a\\-z"}) {
      KeyAlphabet a = KeyAlphabet.parse(spec);
      assertTrue(a.contains('-'), spec);
      assertTrue(a.contains('a'), spec);
      assertTrue(a.contains('z'), spec);
    }
    // escaped, the dash is a character, not a range: b is not allowed
    assertFalse(KeyAlphabet.parse("a\\-z").contains('b'));
    assertTrue(KeyAlphabet.parse("-a-z").contains('q'));
    assertTrue(KeyAlphabet.parse("-").contains('-'));
    assertTrue(KeyAlphabet.parse("\\\\").contains('\\'));
    assertTrue(KeyAlphabet.parse("\\^a").contains('^'));
    assertTrue(KeyAlphabet.parse("^").contains('^'));
  }

  @Test
  void codePointsAboveTheBmp() {
    KeyAlphabet a = KeyAlphabet.parse("a-z" + cp(GRINNING) + "-" + cp(PRAYING));
    assertTrue(a.contains(GRINNING));
    assertTrue(a.contains(PRAYING));
    assertTrue(a.contains(0x1F610));
    assertFalse(a.contains(PRAYING + 1));
    assertFalse(a.contains(GRINNING - 1));
    assertFalse(a.contains(Character.highSurrogate(GRINNING)));
    assertEquals(PRAYING, a.highest());
    assertEquals("ok" + cp(GRINNING), a.check("f", "ok" + cp(GRINNING)));
  }

  @Test
  void surrogateCodePointsAreNeverAllowed() {
    KeyAlphabet everything = KeyAlphabet.parse("\u0001-\uFFFF");
    assertTrue(everything.contains('a'));
    assertTrue(everything.contains(0xFFFF));
    assertFalse(everything.contains(0xD800));
    assertFalse(everything.contains(0xDFFF));
    expectRejected(
        InvalidKeyException.class, "WK105", "f", () -> everything.check("f", "ab\uD800"));
  }

  @Test
  void badSpecsAreRefusedWithAClearMessage() {
    String[][] cases = {
      {"", "empty"},
      {"z-a", "reversed"},
      {"a-z\\", "'\\'"},
      {"a-z-0", "'-'"},
      {"\\d", "shorthand"},
      {"^a-z", "negation"},
      {"a\uD800", "surrogate"},
    };
    for (String[] c : cases) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> KeyAlphabet.parse(c[0]), c[0]);
      assertSame(IllegalArgumentException.class, e.getClass());
      assertTrue(e.getMessage().contains("@KeyChars "), e.getMessage());
      assertTrue(e.getMessage().contains(c[1]), () -> c[0] + ": " + e.getMessage());
    }
    IllegalArgumentException reversed =
        assertThrows(IllegalArgumentException.class, () -> KeyAlphabet.parse("a-zZ-A"));
    assertTrue(reversed.getMessage().contains("A-Z"), reversed.getMessage());
  }

  @Test
  void predefinedAlphabets() {
    for (char c = '0'; c <= '9'; c++) {
      assertTrue(KeyAlphabet.DIGITS.contains(c));
      assertTrue(KeyAlphabet.HEX_LOWER.contains(c));
      assertTrue(KeyAlphabet.UUID.contains(c));
    }
    assertFalse(KeyAlphabet.DIGITS.contains('a'));
    assertTrue(KeyAlphabet.HEX_LOWER.contains('f'));
    assertFalse(KeyAlphabet.HEX_LOWER.contains('g'));
    assertFalse(KeyAlphabet.HEX_LOWER.contains('A'));
    assertFalse(KeyAlphabet.HEX_LOWER.contains('-'));
    assertTrue(KeyAlphabet.UUID.contains('-'));
    assertEquals('-', KeyAlphabet.UUID.lowest());
    String uuid = java.util.UUID.randomUUID().toString();
    assertEquals(uuid, KeyAlphabet.UUID.check("id", uuid));
  }

  @Test
  void equalityIsBySetOfCharacters() {
    assertEquals(KeyAlphabet.parse("a-z"), KeyAlphabet.parse("a-mn-z"));
    assertEquals(KeyAlphabet.parse("a-z").hashCode(), KeyAlphabet.parse("n-za-m").hashCode());
    assertNotEquals(KeyAlphabet.parse("a-z"), KeyAlphabet.parse("a-y"));
  }

  @Test
  void checkNamesTheFirstOffendingCharacterItsIndexAndTheSpec() {
    KeyAlphabet a = KeyAlphabet.parse("a-z0-9");
    assertEquals("s42", a.check("sellerId", "s42"));
    assertEquals("", a.check("sellerId", ""));
    InvalidKeyException e =
        expectRejected(
            InvalidKeyException.class, "WK105", "sellerId", () -> a.check("sellerId", "ab:c,d"));
    String m = e.getMessage();
    assertTrue(m.contains("':'"), m);
    assertTrue(m.contains("U+003A"), m);
    assertTrue(m.contains("index 2"), m);
    assertTrue(m.contains("a-z0-9"), m);
    assertTrue(m.contains("'ab:c,d'"), m);
    assertFalse(m.contains("U+002C"), "names only the first offender: " + m);

    InvalidKeyException nonBmp =
        expectRejected(
            InvalidKeyException.class, "WK105", "f", () -> a.check("f", "ab" + cp(GRINNING)));
    assertTrue(nonBmp.getMessage().contains("U+1F600"), nonBmp.getMessage());
    assertTrue(nonBmp.getMessage().contains("index 2"), nonBmp.getMessage());

    InvalidKeyException control =
        expectRejected(InvalidKeyException.class, "WK105", "f", () -> a.check("f", "a\nb"));
    assertTrue(control.getMessage().contains("U+000A"), control.getMessage());
    assertFalse(control.getMessage().contains("\n"), "no raw line break in a message");
  }

  @Test
  void checkRejectsNull() {
    InvalidKeyException e =
        expectRejected(
            InvalidKeyException.class,
            "WK111",
            "sellerId",
            () -> KeyAlphabet.DIGITS.check("sellerId", null));
    assertTrue(e.getMessage().contains("null"), e.getMessage());
  }

  @Test
  void longOffendingValuesAreAbbreviated() {
    String value = "x".repeat(10_000) + "!";
    InvalidKeyException e =
        expectRejected(
            InvalidKeyException.class,
            "WK105",
            "f",
            () -> KeyAlphabet.parse("a-z").check("f", value));
    Rejections.assertAbbreviated(e.getMessage(), 'x', 10_001);
    assertTrue(e.getMessage().contains("index 10000"), e.getMessage());
  }

  /** One item of a random spec: a single code point or a range. */
  private record Item(int low, int high) {}

  // edges of interesting blocks, the characters the syntax gives a meaning, and non-BMP ones
  private static final int[] POOL = {
    '!', ',', '-', '.', '/', '0', '9', ':', 'A', 'Z', '[', '\\', ']', '^', '_', 'a', 'z', '~', 0x7F,
    0xE9, 0x3000, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, GRINNING, PRAYING, 0x10FFFF
  };

  private static int randomCodePoint(Random random) {
    if (random.nextBoolean()) {
      return POOL[random.nextInt(POOL.length)];
    }
    while (true) {
      int cp =
          random.nextInt(4) == 0
              ? 0x20 + random.nextInt(0x10FFFF - 0x20)
              : 0x20 + random.nextInt(0x5F);
      if (cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE) {
        return cp;
      }
    }
  }

  /** Writes a code point for a spec: syntax characters escaped, letters and digits plain. */
  private static String specChar(int cp) {
    return cp == '-' || cp == '\\' || cp == '^' ? "\\" + cp(cp) : cp(cp);
  }

  @Test
  void randomSpecsParseToTheCharactersTheyList() {
    forAll(
        "a random spec allows exactly the characters it lists",
        3_000,
        random -> {
          List<Item> items = new ArrayList<>();
          StringBuilder spec = new StringBuilder();
          boolean leadingDash = random.nextInt(6) == 0;
          boolean trailingDash = random.nextInt(6) == 0;
          if (leadingDash) {
            spec.append('-');
            items.add(new Item('-', '-'));
          }
          int count = 1 + random.nextInt(5);
          for (int i = 0; i < count; i++) {
            int a = randomCodePoint(random);
            if (random.nextBoolean()) {
              items.add(new Item(a, a));
              spec.append(specChar(a));
            } else {
              int b = randomCodePoint(random);
              int low = Math.min(a, b);
              int high = Math.max(a, b);
              items.add(new Item(low, high));
              spec.append(specChar(low)).append('-').append(specChar(high));
            }
          }
          if (trailingDash) {
            spec.append('-');
            items.add(new Item('-', '-'));
          }
          KeyAlphabet alphabet = KeyAlphabet.parse(spec.toString());
          String s = spec.toString();
          assertEquals(s, alphabet.spec());
          int lowest = Integer.MAX_VALUE;
          List<Integer> probes = new ArrayList<>();
          for (Item item : items) {
            lowest = Math.min(lowest, item.low());
            probes.add(item.low() - 1);
            probes.add(item.low());
            probes.add(item.high());
            probes.add(item.high() + 1);
          }
          for (int i = 0; i < 40; i++) {
            probes.add(randomCodePoint(random));
          }
          assertEquals(lowest, alphabet.lowest(), s);
          for (int probe : probes) {
            if (probe < 0 || probe > Character.MAX_CODE_POINT) {
              continue;
            }
            boolean surrogate =
                probe >= Character.MIN_SURROGATE && probe <= Character.MAX_SURROGATE;
            boolean listed = false;
            for (Item item : items) {
              listed |= probe >= item.low() && probe <= item.high();
            }
            assertEquals(
                listed && !surrogate,
                alphabet.contains(probe),
                () -> "spec " + s + " probe U+" + Integer.toHexString(probe));
            if (!surrogate) {
              String value = "" + cp(probe);
              if (listed) {
                assertEquals(value, alphabet.check("f", value));
              } else {
                expectRejected(
                    InvalidKeyException.class, "WK105", "f", () -> alphabet.check("f", value));
              }
            }
          }
        });
  }

  private static String cp(int codePoint) {
    return new String(Character.toChars(codePoint));
  }
}
