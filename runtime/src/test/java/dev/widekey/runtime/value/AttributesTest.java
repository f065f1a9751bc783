package dev.widekey.runtime.value;

import static dev.widekey.runtime.key.Property.forAll;
import static dev.widekey.runtime.key.Rejections.expectRejected;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AttributesTest {
  private static final long TWO_MB = 2L * 1024 * 1024;

  @Test
  void sizeUpToTheLimitPasses() {
    Attributes.checkSize("body", 0, TWO_MB);
    Attributes.checkSize("body", TWO_MB, TWO_MB);
  }

  @Test
  void oneByteOverTheLimitIsRejected() {
    InvalidAttributeException e =
        expectRejected(
            InvalidAttributeException.class,
            "WK202",
            "body",
            () -> Attributes.checkSize("body", TWO_MB + 1, TWO_MB));
    String m = e.getMessage();
    assertTrue(m.contains("is " + (TWO_MB + 1) + " bytes"), m);
    assertTrue(m.contains("2 MB attribute limit"), m);
    assertTrue(m.contains("@ColdColumn(compress = true)"), m);
    assertTrue(m.contains("split it"), m);
  }

  @Test
  void checkSizeAgreesWithTheLimitOnRandomSizes() {
    forAll(
        "checkSize rejects exactly the sizes over the limit",
        5_000,
        random -> {
          long max = 1 + random.nextInt(Integer.MAX_VALUE);
          long size = Math.max(0, max + random.nextInt(5) - 2);
          if (size <= max) {
            Attributes.checkSize("v", size, max);
          } else {
            expectRejected(
                InvalidAttributeException.class,
                "WK202",
                "v",
                () -> Attributes.checkSize("v", size, max));
          }
        });
  }

  @Test
  void wellFormedTextPassesAndUnpairedSurrogatesAreRejected() {
    String ok = "caf\u00e9 \uD83D\uDE00";
    assertSame(ok, Attributes.requireWellFormed("title", ok));
    InvalidAttributeException e =
        expectRejected(
            InvalidAttributeException.class,
            "WK206",
            "title",
            () -> Attributes.requireWellFormed("title", "ab\uDE00cd"));
    String m = e.getMessage();
    assertTrue(m.contains("text with an unpaired surrogate cannot be stored exactly as UTF-8"), m);
    assertTrue(m.contains("U+DE00"), m);
    assertTrue(m.contains("index 2"), m);
  }

  @Test
  void longTextIsAbbreviatedInTheMessage() {
    String value = "q".repeat(3_000_000) + "\uD800";
    InvalidAttributeException e =
        expectRejected(
            InvalidAttributeException.class,
            "WK206",
            "body",
            () -> Attributes.requireWellFormed("body", value));
    dev.widekey.runtime.key.Rejections.assertAbbreviated(e.getMessage(), 'q', value.length());
    assertTrue(e.getMessage().contains("index 3000000"), e.getMessage());
  }
}
