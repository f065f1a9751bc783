package dev.widekey.runtime.key;

import static java.time.temporal.ChronoUnit.MILLIS;

import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.runtime.query.Bounds;
import dev.widekey.runtime.store.PkValue;
import java.time.Instant;
import java.util.Arrays;
import java.util.function.LongFunction;

/**
 * {@link Bounds} of a key component as bounds of what its column stores, for {@link
 * KeyRanges#leadingThenWithin} and {@link KeyBuckets#within}. A bound the column cannot hold is no
 * error: it reads as below or above every value the column holds, or is compared as the stores
 * compare stored bytes where that gives exactly the same rows, since a bound is never stored.
 *
 * <pre>{@code
 * // @Padded(width = 3) long n: 1000 lies above every stored value, so [5, 1000) is n >= 5
 * KeyBounds.Span s = KeyBounds.numbers(Bounds.between(5L, 1000L), 0, 999)
 *     .ascending(n -> PkValue.ofString(Padding.encode("n", n, 3, false)));
 * }</pre>
 */
public final class KeyBounds {
  private KeyBounds() {}

  /** The successor suffix of a text column's value: the least text above {@code v} is v + NUL. */
  public static final String NO_DELIMITER = "\u0000";

  /**
   * Bounds of stored column values: a side is {@code null} when open ended; {@code empty} when no
   * value lies within.
   *
   * @param lower the lower stored bound, or null
   * @param lowerInclusive whether {@code lower} itself is within
   * @param upper the upper stored bound, or null
   * @param upperInclusive whether {@code upper} itself is within
   * @param empty whether no value is within
   */
  public record Span(
      PkValue lower, boolean lowerInclusive, PkValue upper, boolean upperInclusive, boolean empty) {
    /** No value. */
    public static final Span EMPTY = new Span(null, false, null, false, true);
  }

  /**
   * Integral bounds normalized to the half-open {@code [from, to)} within the values a column
   * holds: {@code hasFrom}/{@code hasTo} false where that side is open (every stored value
   * satisfies it).
   */
  public record Numbers(long from, boolean hasFrom, long to, boolean hasTo, boolean empty) {
    static final Numbers EMPTY = new Numbers(0, false, 0, false, true);

    /** The stored bounds of a column storing {@code encode(v)} in the order of {@code v}. */
    public Span ascending(LongFunction<PkValue> encode) {
      if (empty) {
        return Span.EMPTY;
      }
      return new Span(
          hasFrom ? encode.apply(from) : null, true, hasTo ? encode.apply(to) : null, false, false);
    }

    /**
     * The stored bounds of a descending INTEGER column, storing {@code ~v}: values in {@code [from,
     * to)} are the stored {@code (~to, ~from]}.
     */
    public Span descending() {
      if (empty) {
        return Span.EMPTY;
      }
      return new Span(
          hasTo ? PkValue.ofInteger(~to) : null,
          false,
          hasFrom ? PkValue.ofInteger(~from) : null,
          true,
          false);
    }
  }

  /** The least value of a {@code @Padded(width, signed)} column. */
  public static long paddedMin(int width, boolean signed) {
    // signed width 19 holds every long (Long.MIN_VALUE included)
    return !signed ? 0 : width >= 19 ? Long.MIN_VALUE : -pow10(width);
  }

  /** The greatest value of a {@code @Padded(width, signed)} column. */
  public static long paddedMax(int width, boolean signed) {
    // 10^19 is beyond a long: every non-negative long fits a width of 19
    return width >= 19 ? Long.MAX_VALUE : pow10(width) - 1;
  }

  private static long pow10(int width) {
    long p = 1;
    for (int i = 0; i < width; i++) {
      p *= 10;
    }
    return p;
  }

  /**
   * Integral bounds over a column holding {@code [min, max]}: a bound outside it is below or above
   * every value.
   */
  public static Numbers numbers(Bounds<? extends Number> b, long min, long max) {
    Bounds<Long> longs = b.map(Number::longValue);
    return normalize(
        longs.lower() == null ? End.OPEN_END : End.at(longs.lower(), !longs.lowerInclusive()),
        longs.upper() == null ? End.OPEN_END : End.at(longs.upper(), longs.upperInclusive()),
        min,
        max);
  }

  /**
   * Bounds over instants stored as epoch milliseconds in {@code [min, max]}: a bound finer than a
   * millisecond bounds exactly the keys its next whole millisecond does, and one beyond a long of
   * milliseconds ({@code Instant.MAX}) is above (or below) every value.
   */
  public static Numbers instants(Bounds<Instant> b, long min, long max) {
    return normalize(
        b.lower() == null ? End.OPEN_END : millis(b.lower(), !b.lowerInclusive()),
        b.upper() == null ? End.OPEN_END : millis(b.upper(), b.upperInclusive()),
        min,
        max);
  }

  /**
   * An end as a long {@code n} such that the values on the range's side of it are exactly those at
   * or above {@code n} (a lower end) or below {@code n} (an upper end): {@code past} moves a whole
   * value one on (an exclusive lower or an inclusive upper bound).
   */
  private record End(int kind, long value) {
    static final int VALUE = 0;
    static final int OPEN = -2; // no bound: every value is on the range's side
    static final int BELOW_ALL = -1; // below every long
    static final int ABOVE_ALL = 1; // above every long
    static final End OPEN_END = new End(OPEN, 0);

    static End at(long v, boolean past) {
      if (!past) {
        return new End(VALUE, v);
      }
      return v == Long.MAX_VALUE ? new End(ABOVE_ALL, 0) : new End(VALUE, v + 1);
    }
  }

  private static End millis(Instant t, boolean past) {
    Instant whole = t.truncatedTo(MILLIS); // the floor: nanos of second are never negative
    long floor;
    try {
      floor = whole.toEpochMilli();
    } catch (ArithmeticException e) {
      return new End(t.getEpochSecond() > 0 ? End.ABOVE_ALL : End.BELOW_ALL, 0);
    }
    // a bound between two milliseconds: every key on its far side is at or above the next one
    return whole.equals(t) ? End.at(floor, past) : End.at(floor, true);
  }

  private static Numbers normalize(End lower, End upper, long min, long max) {
    long from = 0;
    boolean hasFrom = false;
    if (lower.kind() != End.OPEN) {
      if (lower.kind() == End.ABOVE_ALL || lower.kind() == End.VALUE && lower.value() > max) {
        return Numbers.EMPTY;
      }
      if (lower.kind() == End.VALUE && lower.value() > min) {
        from = lower.value();
        hasFrom = true;
      }
    }
    long to = 0;
    boolean hasTo = false;
    if (upper.kind() != End.OPEN) {
      if (upper.kind() == End.BELOW_ALL || upper.kind() == End.VALUE && upper.value() <= min) {
        return Numbers.EMPTY;
      }
      if (upper.kind() == End.VALUE && upper.value() <= max) {
        to = upper.value();
        hasTo = true;
      }
    }
    if (hasFrom && hasTo && from >= to) {
      return Numbers.EMPTY;
    }
    return new Numbers(from, hasFrom, to, hasTo, false);
  }

  /**
   * Text bounds over a text the stores compare by its UTF-8 bytes. The bytes of a bound outside the
   * component's alphabet compare exactly; where the text continues after the component ({@code
   * delimiter}, which sorts below every character it may hold, is not {@link #NO_DELIMITER}), a
   * bound is cut before its first character at or below the delimiter, and one over {@code
   * maxLength} (0: none) is cut at it, which bounds exactly the same values: no stored value
   * continues past the cut, so "at or above" the bound is "above" the cut and "at or below" the
   * bound is "at or below" the cut.
   *
   * @throws InvalidKeyException WK105 naming {@code field} for a bound with an unpaired surrogate,
   *     which has no UTF-8 form to compare
   */
  public static Span text(Bounds<String> b, String field, int maxLength, String delimiter) {
    int floor = NO_DELIMITER.equals(delimiter) ? -1 : delimiter.charAt(0);
    PkValue lower = null;
    boolean lowerInclusive = false;
    if (b.lower() != null) {
      String v = KeyText.requireWellFormed(field, b.lower());
      String cut = cut(v, maxLength, floor);
      lower = PkValue.ofString(cut);
      lowerInclusive = cut.equals(v) && b.lowerInclusive();
    }
    PkValue upper = null;
    boolean upperInclusive = false;
    if (b.upper() != null) {
      String v = KeyText.requireWellFormed(field, b.upper());
      String cut = cut(v, maxLength, floor);
      upper = PkValue.ofString(cut);
      upperInclusive = !cut.equals(v) || b.upperInclusive();
    }
    return new Span(lower, lowerInclusive, upper, upperInclusive, false);
  }

  private static String cut(String v, int maxLength, int floor) {
    if (floor >= 0) {
      for (int i = 0; i < v.length(); i++) {
        if (v.charAt(i) <= floor) {
          v = v.substring(0, i);
          break;
        }
      }
    }
    // a cut inside a surrogate pair would not be exact (a stored text one char shorter may end
    // with a character below the pair): compare the whole bound instead
    if (maxLength > 0
        && v.length() > maxLength
        && !Character.isHighSurrogate(v.charAt(maxLength - 1))) {
      v = v.substring(0, maxLength);
    }
    return v;
  }

  /** Bounds over a BINARY column: its bytes, compared unsigned, exactly as stored. */
  public static Span bytes(Bounds<byte[]> b) {
    return new Span(
        b.lower() == null ? null : PkValue.ofBinary(Arrays.copyOf(b.lower(), b.lower().length)),
        b.lowerInclusive(),
        b.upper() == null ? null : PkValue.ofBinary(Arrays.copyOf(b.upper(), b.upper().length)),
        b.upperInclusive(),
        false);
  }
}
