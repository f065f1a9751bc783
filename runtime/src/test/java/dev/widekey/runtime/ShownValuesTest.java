package dev.widekey.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.widekey.core.RuleViolationException;
import dev.widekey.core.key.KeyAlphabet;
import dev.widekey.runtime.repository.Columns;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Every value or description a message or {@code toString} shows is escaped and bounded by the one
 * helper, {@link RuleViolationException#quote}: no character that breaks, hides or reorders a log
 * line reaches the output, and no output grows with the value.
 */
class ShownValuesTest {
  /** Characters that must never be printed as themselves. */
  private static final int[] HOSTILE = {
    '\n', '\r', 0, 0x1B, 0x7F, 0x85, 0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066,
    0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C, 0xD800, 0xDBFF, 0xDC00, 0xDFFF
  };

  /** The most characters a shown value may take: each shown char escaped, quotes and length. */
  private static final int BOUND = RuleViolationException.MAX_SHOWN_CHARS * 6 + 40;

  @Test
  void randomValuesAreShownEscapedAndBounded() {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    Map<String, Function<String, String>> shows =
        Map.of(
            "quote", RuleViolationException::quote,
            "shown", RuleViolationException::shown,
            "escapedPrefix", RuleViolationException::escapedPrefix,
            "PkValue", s -> PkValue.ofString(s).toString(),
            "AttrValue", s -> AttrValue.ofString(s).toString());
    for (int run = 0; run < 2_000; run++) {
      String value = randomText(random);
      for (Map.Entry<String, Function<String, String>> show : shows.entrySet()) {
        String out = show.getValue().apply(value);
        String where = show.getKey() + " of run " + run + " (seed " + seed + ")";
        assertSafe(out, where);
        assertTrue(out.length() <= BOUND, where + " shows " + out.length() + " chars");
      }
      int cp = value.isEmpty() ? 0x202E : value.codePointAt(0);
      assertSafe(RuleViolationException.codePoint(cp), "codePoint (seed " + seed + ")");
    }
  }

  @Test
  void keysAndAttributesHideLogForgingCharacters() {
    String forged = "ok\u2028WARN admin logged in\u2029\u202Etxt.exe\u2066x\u2069\u200E\u061C";
    assertSafe(AttrValue.ofString(forged).toString(), "AttrValue");
    String key = PrimaryKey.of(PkValue.ofString(forged), PkValue.ofInteger(1)).toString();
    assertSafe(key, "PrimaryKey");
    assertTrue(key.contains("\\u2028") && key.contains("\\u202E"), key);
  }

  @Test
  void aCorruptDataMessageShowsTheStoredValueEscaped() {
    String forged = "\u2028x".repeat(10_000);
    Row row =
        Row.of(
            PrimaryKey.of(PkValue.ofString("k\u202Eey\u2029" + forged)),
            Map.of("at", AttrValue.ofString(forged)));
    StoreException e = assertThrows(StoreException.class, () -> Columns.getInstant(row, "at"));
    assertEquals(ErrorKind.CORRUPT_DATA, e.kind());
    assertSafe(e.getMessage(), "CORRUPT_DATA");
    assertTrue(e.getMessage().length() < 4 * BOUND, e.getMessage().length() + " chars");
  }

  @Test
  void aWk105KeyMessageShowsTheValueEscaped() {
    RuleViolationException e =
        assertThrows(
            RuleViolationException.class,
            () -> KeyAlphabet.DIGITS.check("zip", "12\u2028INFO fake\u202E" + "9".repeat(100_000)));
    assertTrue(e.getMessage().startsWith("WK105"), e.getMessage());
    assertSafe(e.getMessage(), "WK105");
    assertTrue(e.getMessage().length() < 1_000, e.getMessage().length() + " chars");
  }

  @Test
  void aKeyCharsDescriptionOfAnyLengthIsShownBounded() {
    // every other CJK ideograph: some 10,000 one-character ranges, a huge spec and description
    StringBuilder spec = new StringBuilder();
    for (int cp = 0x4E00; cp < 0x9FA0; cp += 2) {
      spec.appendCodePoint(cp);
    }
    spec.append("\u2028\u202E");
    KeyAlphabet alphabet = KeyAlphabet.parse(spec.toString());
    assertTrue(alphabet.describe().length() > 10_000);
    RuleViolationException e =
        assertThrows(RuleViolationException.class, () -> alphabet.check("name", "\u4E01"));
    assertTrue(e.getMessage().startsWith("WK105"), e.getMessage());
    assertSafe(e.getMessage(), "WK105 with a huge @KeyChars");
    assertTrue(e.getMessage().length() < 1_500, e.getMessage().length() + " chars");
    assertSafe(alphabet.toString(), "KeyAlphabet.toString");
    assertTrue(alphabet.toString().length() <= BOUND + 20);

    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class,
            () -> KeyAlphabet.parse(spec + "z-a\u2028" + "q".repeat(100_000)));
    assertSafe(bad.getMessage(), "an invalid @KeyChars");
    assertTrue(bad.getMessage().length() < 1_000, bad.getMessage().length() + " chars");
  }

  /** A text of random length, with hostile characters, pairs and lone surrogates among others. */
  static String randomText(Random random) {
    int length =
        switch (random.nextInt(4)) {
          case 0 -> random.nextInt(8);
          case 1 -> random.nextInt(80);
          case 2 -> random.nextInt(1_000);
          default -> random.nextInt(100_000);
        };
    StringBuilder out = new StringBuilder(length);
    while (out.length() < length) {
      switch (random.nextInt(5)) {
        case 0 -> out.append((char) HOSTILE[random.nextInt(HOSTILE.length)]);
        case 1 -> out.appendCodePoint(0x1F600 + random.nextInt(80)); // a surrogate pair
        case 2 -> out.append((char) random.nextInt(0x10000)); // anything, lone surrogates too
        default -> out.append((char) (' ' + random.nextInt(95)));
      }
    }
    return out.toString();
  }

  /** Fails if {@code out} holds a hostile character or an unpaired surrogate. */
  static void assertSafe(String out, String where) {
    for (int i = 0; i < out.length(); i++) {
      char c = out.charAt(i);
      boolean paired =
          Character.isHighSurrogate(c)
                  && i + 1 < out.length()
                  && Character.isLowSurrogate(out.charAt(i + 1))
              || Character.isLowSurrogate(c)
                  && i > 0
                  && Character.isHighSurrogate(out.charAt(i - 1));
      if (Character.isSurrogate(c) ? !paired : isHostile(c)) {
        fail(where + " shows U+" + String.format("%04X", (int) c) + " at index " + i);
      }
    }
  }

  private static boolean isHostile(char c) {
    if (Character.isISOControl(c)) {
      return true;
    }
    for (int h : HOSTILE) {
      if (h == c) {
        return true;
      }
    }
    return false;
  }
}
