package dev.widekey.runtime.value;

import static dev.widekey.runtime.key.Property.forAll;
import static dev.widekey.runtime.key.Rejections.expectRejected;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class MoneyTest {

  private static BigDecimal d(String text) {
    return new BigDecimal(text);
  }

  @Test
  void examples() {
    assertEquals(532, Money.toMinorUnits("price", d("5.32"), 2));
    assertEquals(-1, Money.toMinorUnits("price", d("-0.01"), 2));
    assertEquals(532, Money.toMinorUnits("price", d("5.320"), 2));
    assertEquals(500, Money.toMinorUnits("price", d("5"), 2));
    assertEquals(0, Money.toMinorUnits("price", d("0.000"), 2));
    assertEquals(0, Money.toMinorUnits("price", d("-0.00"), 2));
    assertEquals(100_000, Money.toMinorUnits("price", d("1E+3"), 2));
    assertEquals(5, Money.toMinorUnits("qty", d("5"), 0));
    assertEquals(1, Money.toMinorUnits("rate", d("0.000000000000000001"), 18));
  }

  @Test
  void fromMinorUnitsHasExactlyTheScale() {
    BigDecimal five = Money.fromMinorUnits(500, 2);
    assertEquals(2, five.scale());
    assertEquals("5.00", five.toPlainString());
    assertEquals("-0.01", Money.fromMinorUnits(-1, 2).toPlainString());
    assertEquals("532", Money.fromMinorUnits(532, 0).toPlainString());
    assertEquals("-9.223372036854775808", Money.fromMinorUnits(Long.MIN_VALUE, 18).toPlainString());
  }

  @Test
  void moreDecimalsThanTheScaleIsRejectedNeverRounded() {
    InvalidAttributeException e =
        expectRejected(
            InvalidAttributeException.class,
            "WK201",
            "price",
            () -> Money.toMinorUnits("price", d("5.321"), 2));
    String m = e.getMessage();
    assertTrue(m.contains("5.321"), m);
    assertTrue(m.contains("has 3 decimals"), m);
    assertTrue(m.contains("@Money(scale = 2)"), m);
    assertTrue(m.contains("never rounded"), m);
    expectRejected(
        InvalidAttributeException.class,
        "WK201",
        "price",
        () -> Money.toMinorUnits("price", d("0.005"), 2));
    expectRejected(
        InvalidAttributeException.class,
        "WK201",
        "qty",
        () -> Money.toMinorUnits("qty", d("5.5"), 0));
    expectRejected(
        InvalidAttributeException.class,
        "WK201",
        "price",
        () -> Money.toMinorUnits("price", d("-0.0000001"), 2));
  }

  @Test
  void beyondTheLongRangeIsRejected() {
    assertEquals(Long.MAX_VALUE, Money.toMinorUnits("p", BigDecimal.valueOf(Long.MAX_VALUE, 2), 2));
    assertEquals(Long.MIN_VALUE, Money.toMinorUnits("p", BigDecimal.valueOf(Long.MIN_VALUE, 2), 2));
    BigDecimal cent = d("0.01");
    for (BigDecimal over :
        new BigDecimal[] {
          BigDecimal.valueOf(Long.MAX_VALUE, 2).add(cent),
          BigDecimal.valueOf(Long.MIN_VALUE, 2).subtract(cent),
          d("1E+17"),
          d("-1E+30"),
          new BigDecimal(BigInteger.TEN.pow(400))
        }) {
      InvalidAttributeException e =
          expectRejected(
              InvalidAttributeException.class,
              "WK201",
              "p",
              () -> Money.toMinorUnits("p", over, 2));
      assertTrue(e.getMessage().contains("long"), e.getMessage());
      assertTrue(e.getMessage().length() < 400, e.getMessage());
    }
  }

  @Test
  void extremeExponentsAreRejectedCheaply() {
    // a guard against a hang (expanding 1E+999999999), not a speed target: generous, so a loaded
    // machine does not fail it
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          InvalidAttributeException big =
              expectRejected(
                  InvalidAttributeException.class,
                  "WK201",
                  "p",
                  () -> Money.toMinorUnits("p", d("1E+999999999"), 2));
          assertTrue(big.getMessage().length() < 400, big.getMessage());
          InvalidAttributeException tiny =
              expectRejected(
                  InvalidAttributeException.class,
                  "WK201",
                  "p",
                  () -> Money.toMinorUnits("p", d("1E-999999999"), 2));
          assertTrue(tiny.getMessage().contains("has 999999999 decimals"), tiny.getMessage());
        });
  }

  @Test
  void longValuesAreAbbreviatedInMessages() {
    BigDecimal value = new BigDecimal("0." + "3".repeat(500));
    InvalidAttributeException e =
        expectRejected(
            InvalidAttributeException.class, "WK201", "p", () -> Money.toMinorUnits("p", value, 2));
    assertFalse(e.getMessage().contains("3".repeat(65)), e.getMessage());
    assertTrue(e.getMessage().contains("has 500 decimals"), e.getMessage());
  }

  @Test
  void nullAndBadScales() {
    assertThrows(NullPointerException.class, () -> Money.toMinorUnits("p", null, 2));
    assertThrows(IllegalArgumentException.class, () -> Money.toMinorUnits("p", d("1"), -1));
    assertThrows(IllegalArgumentException.class, () -> Money.toMinorUnits("p", d("1"), 19));
    assertThrows(IllegalArgumentException.class, () -> Money.fromMinorUnits(1, 19));
  }

  @Test
  void roundTripOnRandomUnscaledValues() {
    forAll(
        "toMinorUnits(fromMinorUnits(x, s), s) == x",
        10_000,
        random -> {
          int scale = random.nextInt(19);
          long minor = random.nextLong() >> random.nextInt(64);
          BigDecimal amount = Money.fromMinorUnits(minor, scale);
          assertEquals(scale, amount.scale());
          assertEquals(BigInteger.valueOf(minor), amount.unscaledValue());
          assertEquals(minor, Money.toMinorUnits("p", amount, scale));
          // the same amount written with extra trailing zeros, or in another scale
          BigDecimal padded = amount.setScale(scale + random.nextInt(5));
          assertEquals(minor, Money.toMinorUnits("p", padded, scale));
          BigDecimal stripped = amount.stripTrailingZeros();
          assertEquals(minor, Money.toMinorUnits("p", stripped, scale));
          assertEquals(0, Money.fromMinorUnits(minor, scale).compareTo(stripped));
        });
  }

  @Test
  void oneDecimalTooManyIsAlwaysRejected() {
    forAll(
        "a value with scale+1 significant decimals is rejected",
        5_000,
        random -> {
          int scale = random.nextInt(18);
          long unscaled = random.nextLong() >> random.nextInt(64);
          if (unscaled % 10 == 0) {
            unscaled += 1; // keep the last decimal significant
          }
          BigDecimal value = BigDecimal.valueOf(unscaled, scale + 1);
          expectRejected(
              InvalidAttributeException.class,
              "WK201",
              "p",
              () -> Money.toMinorUnits("p", value, scale));
        });
  }

  @Test
  void hugeDigitStringsCostConstantSteps() {
    // "1" and 200,000 zeros took 13 s a call when trailing zeros were stripped one at a time
    String zeros = "0".repeat(200_000);
    BigDecimal huge = d("1" + zeros); // parsing is slow itself, so it is done outside the timer
    BigDecimal padded = d("5.32" + zeros);
    BigDecimal longFraction = d("5.32" + zeros + "1");
    // a guard against the stripping loop (15 calls of 13 s), not a speed target: generous, so a
    // loaded machine does not fail it
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          for (int i = 0; i < 5; i++) {
            InvalidAttributeException big =
                expectRejected(
                    InvalidAttributeException.class,
                    "WK201",
                    "p",
                    () -> Money.toMinorUnits("p", huge, 2));
            assertTrue(big.getMessage().length() < 400, big.getMessage());
            assertEquals(532, Money.toMinorUnits("p", padded, 2));
            InvalidAttributeException fraction =
                expectRejected(
                    InvalidAttributeException.class,
                    "WK201",
                    "p",
                    () -> Money.toMinorUnits("p", longFraction, 2));
            assertTrue(fraction.getMessage().contains("decimals"), fraction.getMessage());
            assertTrue(fraction.getMessage().length() < 400, fraction.getMessage());
          }
        });
  }
}
