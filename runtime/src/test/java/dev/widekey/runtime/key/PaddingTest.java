package dev.widekey.runtime.key;

import static dev.widekey.runtime.key.Property.between;
import static dev.widekey.runtime.key.Property.forAll;
import static dev.widekey.runtime.key.Rejections.expectRejected;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.key.InvalidKeyException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PaddingTest {

  /** The expected text, from the definition, computed with BigInteger (no long overflow). */
  private static String reference(long v, int width) {
    if (v >= 0) {
      String digits = Long.toString(v);
      return "0".repeat(width - digits.length()) + digits;
    }
    // nines' complement of |v| - 1 at this width is 10^width - |v|
    String digits = BigInteger.TEN.pow(width).subtract(BigInteger.valueOf(v).negate()).toString();
    return "-" + "0".repeat(width - digits.length()) + digits;
  }

  private static int compareUtf8(String a, String b) {
    return Arrays.compareUnsigned(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  /** The largest value of {@code width} digits, or Long.MAX_VALUE at width 19. */
  private static long maxOf(int width) {
    return width >= 19 ? Long.MAX_VALUE : BigInteger.TEN.pow(width).longValueExact() - 1;
  }

  /** The lowest signed value at this width: -10^width, or Long.MIN_VALUE at width 19. */
  private static long minOf(int width) {
    return width >= 19 ? Long.MIN_VALUE : -BigInteger.TEN.pow(width).longValueExact();
  }

  /** A value whose digit count is itself random, so that short and long values both occur. */
  private static long valueUpTo(Random random, long max) {
    int digits = 1 + random.nextInt(Long.toString(max).length());
    long cap = digits >= 19 ? max : Math.min(max, BigInteger.TEN.pow(digits).longValueExact() - 1);
    return between(random, 0, cap);
  }

  @Test
  void decodingARangeIsDecodingTheSubstring() {
    String[] texts = {"000054", "x000054y", "00005a", "12345", "1234567", "-999001", "٠٠٠٠٠٠", ""};
    for (String text : texts) {
      for (int from = 0; from <= text.length(); from++) {
        for (int to = from; to <= text.length(); to++) {
          for (boolean signed : new boolean[] {false, true}) {
            String part = text.substring(from, to);
            Object whole;
            try {
              whole = Padding.decode("f", part, 6, signed);
            } catch (InvalidKeyException e) {
              whole = e.getMessage();
            }
            Object range;
            try {
              range = Padding.decode("f", text, from, to, 6, signed);
            } catch (InvalidKeyException e) {
              range = e.getMessage();
            }
            assertEquals(whole, range, part + (signed ? " signed" : ""));
          }
        }
      }
    }
  }

  @Test
  void examplesFromTheAnnotationDocs() {
    assertEquals("000054", Padding.encode("deviceId", 54, 6, false));
    assertEquals("000167", Padding.encode("deviceId", 167, 6, false));
    assertTrue("000054".compareTo("000167") < 0);
    assertEquals("-99999999", Padding.encode("delta", -1, 8, true));
    assertEquals("-999999", Padding.encode("delta", -1, 6, true));
    assertEquals("-999001", Padding.encode("delta", -999, 6, true));
    assertEquals("000000", Padding.encode("delta", 0, 6, true));
    assertEquals("999999", Padding.encode("delta", 999_999, 6, true));
    assertEquals("-000000", Padding.encode("delta", -1_000_000, 6, true));
  }

  @Test
  void minus999SortsBeforeMinus1AndEveryNegativeBeforeZero() {
    String m999 = Padding.encode("delta", -999, 6, true);
    String m1 = Padding.encode("delta", -1, 6, true);
    String zero = Padding.encode("delta", 0, 6, true);
    String lowest = Padding.encode("delta", -1_000_000, 6, true);
    assertTrue(compareUtf8(m999, m1) < 0, m999 + " vs " + m1);
    assertTrue(compareUtf8(m1, zero) < 0, m1 + " vs " + zero);
    assertTrue(compareUtf8(lowest, m999) < 0, lowest + " vs " + m999);
  }

  @Test
  void width19HoldsTheWholeLongRange() {
    String min = Padding.encode("v", Long.MIN_VALUE, 19, true);
    String max = Padding.encode("v", Long.MAX_VALUE, 19, true);
    assertEquals(reference(Long.MIN_VALUE, 19), min);
    assertEquals(reference(Long.MAX_VALUE, 19), max);
    assertEquals(20, min.length());
    assertEquals(Long.toString(Long.MAX_VALUE), max);
    assertEquals(Long.MIN_VALUE, Padding.decode("v", min, 19, true));
    assertEquals(Long.MAX_VALUE, Padding.decode("v", max, 19, true));
    assertEquals(Long.MAX_VALUE, Padding.decode("v", max, 19, false));
    assertTrue(compareUtf8(min, Padding.encode("v", Long.MIN_VALUE + 1, 19, true)) < 0);
    assertTrue(compareUtf8(Padding.encode("v", -1, 19, true), "0".repeat(19)) < 0);
  }

  @Test
  void unsignedRoundTripAndOrder() {
    forAll(
        "unsigned padding round trip and order",
        5_000,
        random -> {
          int width = 1 + random.nextInt(19);
          long a = valueUpTo(random, maxOf(width));
          long b = random.nextInt(8) == 0 ? a : valueUpTo(random, maxOf(width));
          String ea = Padding.encode("f", a, width, false);
          String eb = Padding.encode("f", b, width, false);
          assertEquals(reference(a, width), ea);
          assertEquals(width, ea.length());
          assertEquals(a, Padding.decode("f", ea, width, false));
          assertEquals(b, Padding.decode("f", eb, width, false));
          assertEquals(
              Integer.signum(Long.compare(a, b)),
              Integer.signum(compareUtf8(ea, eb)),
              () -> a + " -> " + ea + " vs " + b + " -> " + eb);
        });
  }

  @Test
  void zerosThenTheNumberIsTheUnsignedEncodingAndRejectsAsItDoes() {
    forAll(
        "zeros + value == encode, unsigned, rejections alike",
        5_000,
        random -> {
          int width = random.nextInt(8) == 0 ? random.nextInt(22) - 1 : 1 + random.nextInt(19);
          long value =
              switch (random.nextInt(4)) {
                case 0 -> random.nextLong();
                case 1 -> -valueUpTo(random, Long.MAX_VALUE);
                default -> valueUpTo(random, Long.MAX_VALUE);
              };
          Object encoded;
          try {
            encoded = Padding.encode("f", value, width, false);
          } catch (InvalidKeyException e) {
            encoded = e.getMessage();
          }
          Object spliced;
          try {
            spliced = Padding.zeros("f", value, width) + value;
          } catch (InvalidKeyException e) {
            spliced = e.getMessage();
          }
          assertEquals(encoded, spliced, () -> value + " at width " + width);
        });
    assertEquals("000000", Padding.zeros("f", 0, 6) + 0);
    assertEquals("0".repeat(18) + "7", Padding.zeros("f", 7, 19) + 7);
    assertEquals(
        Long.toString(Long.MAX_VALUE), Padding.zeros("f", Long.MAX_VALUE, 19) + Long.MAX_VALUE);
  }

  @Test
  void signedRoundTripAndOrderAcrossZero() {
    forAll(
        "signed padding round trip and order across zero",
        5_000,
        random -> {
          int width = random.nextInt(4) == 0 ? 19 : 1 + random.nextInt(19);
          long[] edges = {minOf(width), -1, 0, 1, maxOf(width), minOf(width) + 1, -999};
          long a = pick(random, width, edges);
          long b = pick(random, width, edges);
          String ea = Padding.encode("f", a, width, true);
          String eb = Padding.encode("f", b, width, true);
          assertEquals(reference(a, width), ea);
          assertEquals(a, Padding.decode("f", ea, width, true));
          assertEquals(b, Padding.decode("f", eb, width, true));
          assertEquals(
              Integer.signum(Long.compare(a, b)),
              Integer.signum(compareUtf8(ea, eb)),
              () -> a + " -> " + ea + " vs " + b + " -> " + eb);
        });
  }

  private static long pick(Random random, int width, long[] edges) {
    int kind = random.nextInt(4);
    if (kind == 0) {
      long edge = edges[random.nextInt(edges.length)];
      return Math.max(minOf(width), Math.min(maxOf(width), edge));
    }
    if (kind == 1) {
      return -valueUpTo(random, -(minOf(width) + 1)) - 1; // negative, any magnitude
    }
    return between(random, minOf(width), maxOf(width));
  }

  @Test
  void sortingEncodedTextSortsTheNumbers() {
    forAll(
        "a sorted list of encoded values is the sorted list of values",
        200,
        random -> {
          int width = 1 + random.nextInt(19);
          List<Long> values = new ArrayList<>();
          for (int i = 0; i < 50; i++) {
            values.add(between(random, minOf(width), maxOf(width)));
          }
          values.add(minOf(width));
          values.add(maxOf(width));
          values.add(0L);
          values.add(Math.max(minOf(width), -1));
          List<String> encoded = new ArrayList<>();
          for (long v : values) {
            encoded.add(Padding.encode("f", v, width, true));
          }
          encoded.sort(PaddingTest::compareUtf8);
          values.sort(Comparator.naturalOrder());
          List<Long> decoded = new ArrayList<>();
          for (String e : encoded) {
            decoded.add(Padding.decode("f", e, width, true));
          }
          assertEquals(values, decoded);
        });
  }

  @Test
  void decodeIsTheExactInverseOnEveryString() {
    // any text either decodes to a value that encodes back to the same text, or is rejected
    String chars = "0123456789-+ 9a\u0663";
    forAll(
        "decode accepts only canonical text",
        20_000,
        random -> {
          int width = 1 + random.nextInt(19);
          boolean signed = random.nextBoolean();
          int length = Math.max(0, width + random.nextInt(3) - 1);
          StringBuilder text = new StringBuilder();
          for (int i = 0; i < length; i++) {
            // mostly digits, so that near-valid text is common
            text.append(
                random.nextInt(10) < 8
                    ? (char) ('0' + random.nextInt(10))
                    : chars.charAt(random.nextInt(chars.length())));
          }
          String s = text.toString();
          long decoded;
          try {
            decoded = Padding.decode("f", s, width, signed);
          } catch (InvalidKeyException e) {
            assertEquals("WK104", e.rule(), e::getMessage);
            return;
          }
          assertEquals(s, Padding.encode("f", decoded, width, signed), () -> "accepted " + s);
        });
  }

  @Test
  void tooManyDigitsIsRejectedNeverTruncated() {
    InvalidKeyException e =
        expectRejected(
            InvalidKeyException.class,
            "WK104",
            "deviceId",
            () -> Padding.encode("deviceId", 1_234_567, 6, false));
    assertEquals(
        "WK104: field 'deviceId' value 1234567 has 7 digits, more than @Padded(width = 6) holds;"
            + " widen the padding",
        e.getMessage());
    assertTrue(e.getMessage().contains("@Padded(width = 6)"), e.getMessage());
    assertTrue(e.getMessage().contains("widen"), e.getMessage());
    expectRejected(
        InvalidKeyException.class, "WK104", "d", () -> Padding.encode("d", 1_000_000, 6, true));
    expectRejected(
        InvalidKeyException.class, "WK104", "d", () -> Padding.encode("d", 10, 1, false));
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "d",
        () -> Padding.encode("d", Long.MAX_VALUE, 18, false));
  }

  @Test
  void negativeUnsignedIsRejected() {
    InvalidKeyException e =
        expectRejected(
            InvalidKeyException.class, "WK104", "qty", () -> Padding.encode("qty", -5, 6, false));
    assertTrue(e.getMessage().contains("-5"), e.getMessage());
    assertTrue(e.getMessage().contains("@Padded(signed = true)"), e.getMessage());
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "qty",
        () -> Padding.encode("qty", Long.MIN_VALUE, 19, false));
  }

  @Test
  void belowTheSignedRangeIsRejected() {
    assertEquals("-000", Padding.encode("d", -1000, 3, true));
    InvalidKeyException e =
        expectRejected(
            InvalidKeyException.class, "WK104", "d", () -> Padding.encode("d", -1001, 3, true));
    assertTrue(e.getMessage().contains("-1001"), e.getMessage());
    assertTrue(e.getMessage().contains("signed = true"), e.getMessage());
  }

  @Test
  void widthOutside1To19IsRejected() {
    for (int width : new int[] {0, -1, 20}) {
      expectRejected(
          InvalidKeyException.class, "WK104", "d", () -> Padding.encode("d", 1, width, false));
      expectRejected(
          InvalidKeyException.class, "WK104", "d", () -> Padding.decode("d", "1", width, false));
    }
  }

  @Test
  void malformedStoredTextIsRejected() {
    String[] unsigned6 = {
      "",
      "12345",
      "1234567",
      "12a456",
      "-12345",
      "+12345",
      " 12345",
      "12345\u0663",
      "\uFF11\uFF12\uFF13\uFF14\uFF15\uFF16"
    };
    for (String text : unsigned6) {
      InvalidKeyException e =
          expectRejected(
              InvalidKeyException.class, "WK104", "pk", () -> Padding.decode("pk", text, 6, false));
      assertTrue(e.getMessage().contains("@Padded(width = 6)"), e.getMessage());
    }
    String[] signed6 = {"-12345", "--12345", "-1234567", "+123456", "1-2345", "-12345-"};
    for (String text : signed6) {
      expectRejected(
          InvalidKeyException.class, "WK104", "pk", () -> Padding.decode("pk", text, 6, true));
    }
    expectRejected(
        InvalidKeyException.class, "WK104", "pk", () -> Padding.decode("pk", null, 6, true));
  }

  @Test
  void storedTextBeyondTheLongRangeIsRejected() {
    // 19 nines is above Long.MAX_VALUE; '-' and 19 zeros is -10^19, below Long.MIN_VALUE
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "pk",
        () -> Padding.decode("pk", "9".repeat(19), 19, false));
    expectRejected(
        InvalidKeyException.class,
        "WK104",
        "pk",
        () -> Padding.decode("pk", "-" + "0".repeat(19), 19, true));
    String justBelowMin = reference(Long.MIN_VALUE, 19);
    // one less in the complement is one lower than Long.MIN_VALUE
    String tooLow = justBelowMin.substring(0, 19) + (char) (justBelowMin.charAt(19) - 1);
    expectRejected(
        InvalidKeyException.class, "WK104", "pk", () -> Padding.decode("pk", tooLow, 19, true));
  }

  @Test
  void longStoredTextIsAbbreviatedInTheMessage() {
    String text = "7".repeat(5_000);
    InvalidKeyException e =
        expectRejected(
            InvalidKeyException.class, "WK104", "pk", () -> Padding.decode("pk", text, 6, false));
    Rejections.assertAbbreviated(e.getMessage(), '7', 5_000);
    assertFalse(e.getMessage().length() > 400, e.getMessage());
  }
}
