package dev.widekey.runtime.value;

import static dev.widekey.core.RuleViolationException.quote;

import dev.widekey.core.Rule;
import dev.widekey.core.value.ValueLimits;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;

/**
 * {@code @Money(scale)} amounts as a long of minor units (rule WK201): at scale 2, 5.32 is 532. An
 * amount with more decimals than the scale, or beyond the long range, is rejected, never rounded.
 *
 * <pre>{@code
 * long cents = Money.toMinorUnits("price", new BigDecimal("5.32"), 2);  // 532
 * BigDecimal price = Money.fromMinorUnits(532, 2);                      // 5.32
 * }</pre>
 */
public final class Money {
  /** The largest scale: a long holds 18 full decimal digits. */
  public static final int MAX_SCALE = ValueLimits.MONEY_MAX_SCALE;

  private Money() {}

  /**
   * The amount in minor units. Trailing zeros do not count as decimals: 5.320 at scale 2 is 532.
   *
   * @param scale decimal places kept, 0 to 18
   * @throws InvalidAttributeException WK201 if the amount has more decimals than {@code scale}, or
   *     its minor units do not fit a long
   * @throws NullPointerException if the amount is null (an absent attribute is not stored)
   */
  public static long toMinorUnits(String field, BigDecimal value, int scale) {
    checkScale(scale);
    Objects.requireNonNull(value, () -> "field '" + field + "' is null");
    if (value.signum() == 0) {
      return 0;
    }
    // Every step below is one BigInteger operation whatever the value's digits: a value of
    // 200,000 digits must cost what one division costs, never a loop per digit (the JDK's
    // stripTrailingZeros removes one zero at a time).
    long integerDigits = (long) value.precision() - value.scale();
    if (integerDigits + scale > 19) {
      throw beyondRange(field, value, scale); // at least 10^19 minor units: no long holds it
    }
    BigInteger unscaled = value.unscaledValue();
    long drop = (long) value.scale() - scale; // decimals beyond the scale, which must be zeros
    BigInteger minor;
    if (drop <= 0) {
      minor = unscaled.multiply(BigInteger.TEN.pow((int) -drop)); // at most 10^18: see above
    } else if (drop >= value.precision()) {
      throw tooManyDecimals(field, value, scale); // a nonzero value below 10^drop is not a multiple
    } else {
      BigInteger[] qr = unscaled.divideAndRemainder(BigInteger.TEN.pow((int) drop));
      if (qr[1].signum() != 0) {
        throw tooManyDecimals(field, value, scale);
      }
      minor = qr[0];
    }
    if (minor.bitLength() > 63) {
      throw beyondRange(field, value, scale);
    }
    return minor.longValueExact();
  }

  private static InvalidAttributeException tooManyDecimals(
      String field, BigDecimal value, int scale) {
    // counting the decimals strips trailing zeros one at a time: only for values of modest size
    String decimals =
        value.precision() <= 1_000
            ? String.valueOf(value.stripTrailingZeros().scale())
            : "more than " + scale;
    return new InvalidAttributeException(
        Rule.WK201,
        field,
        "value "
            + show(value)
            + " has "
            + decimals
            + " decimals, more than @Money(scale = "
            + scale
            + ") keeps; it is rejected, never rounded. Round it yourself, or raise the scale");
  }

  private static InvalidAttributeException beyondRange(String field, BigDecimal value, int scale) {
    return new InvalidAttributeException(
        Rule.WK201,
        field,
        "value "
            + show(value)
            + " is beyond the range @Money(scale = "
            + scale
            + ") holds in a long of minor units ("
            + BigDecimal.valueOf(Long.MIN_VALUE, scale).toPlainString()
            + " to "
            + BigDecimal.valueOf(Long.MAX_VALUE, scale).toPlainString()
            + "); it is rejected, never cut");
  }

  /**
   * The amount of {@code minor} units, with exactly {@code scale} decimals.
   *
   * <pre>{@code Money.fromMinorUnits(-1, 2);  // -0.01}</pre>
   */
  public static BigDecimal fromMinorUnits(long minor, int scale) {
    checkScale(scale);
    return BigDecimal.valueOf(minor, scale);
  }

  private static void checkScale(int scale) {
    if (scale < 0 || scale > MAX_SCALE) {
      throw new IllegalArgumentException(
          Rule.WK201 + ": @Money(scale = " + scale + ") is outside 0.." + MAX_SCALE);
    }
  }

  /** Plain digits unless the exponent is extreme, where plain text would be huge. */
  private static String show(BigDecimal value) {
    boolean modest = Math.abs((long) value.scale()) < 100 && value.precision() < 100;
    return quote(modest ? value.toPlainString() : value.toString()).replace("'", "");
  }
}
