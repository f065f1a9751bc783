package dev.widekey.runtime.key;

import static dev.widekey.runtime.key.Property.forAll;
import static dev.widekey.runtime.key.Rejections.expectRejected;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Decoding is canonical: only the text {@code Long.toString} writes parses back. */
class KeyPartsTest {

  @Test
  void onlyTheCanonicalSpellingOfANumberDecodes() {
    assertEquals(5, KeyParts.parseLong("order", "5"));
    assertEquals(0, KeyParts.parseLong("order", "0"));
    assertEquals(-12, KeyParts.parseLong("order", "-12"));
    assertEquals(Long.MIN_VALUE, KeyParts.parseLong("order", String.valueOf(Long.MIN_VALUE)));
    // five stored keys that all decoded as order 5
    String[] others = {
      "+5", "05", "005", "\u0665", "\uFF15", "-0", "+0", " 5", "5 ", "", "9223372036854775808"
    };
    for (String text : others) {
      InvalidKeyException e =
          expectRejected(
              InvalidKeyException.class, "WK104", "order", () -> KeyParts.parseLong("order", text));
      assertTrue(e.getMessage().length() < 400, e.getMessage());
    }
  }

  @Test
  void everyLongRoundTripsAndNothingElseDoes() {
    forAll(
        "parseLong accepts exactly Long.toString's output",
        5_000,
        random -> {
          long v = random.nextLong() >> random.nextInt(64);
          assertEquals(v, KeyParts.parseLong("n", Long.toString(v)));
          String padded = (v < 0 ? "-0" + (-(v + 1) + 1) : "0" + v);
          if (v != Long.MIN_VALUE) {
            expectRejected(
                InvalidKeyException.class, "WK104", "n", () -> KeyParts.parseLong("n", padded));
          }
        });
  }
}
