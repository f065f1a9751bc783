package dev.widekey.runtime.query;

import java.util.Objects;
import java.util.function.Function;

/**
 * The bounds of a range over one key component: each side inclusive, exclusive, or absent (open
 * ended). {@link #between} is the half-open {@code [from, to)} of the generated {@code
 * ...Between(from, to)} scans; the others say what they read.
 *
 * <p>A bound need not be a value the key column can hold: one past a {@code @Padded} width, a
 * negative value where the padding is unsigned, {@code Instant.MAX}, a text outside the component's
 * {@code @KeyChars} or over its {@code @MaxLength} reads as "above every value" or "below every
 * value" (or is compared as the stores compare stored bytes, where that is exact), so a scan
 * returns exactly the stored rows whose values satisfy the bounds; it is never refused as a key
 * would be (WK104). A bound is never stored.
 *
 * <pre>{@code
 * readings.scanBySensorIdAndAtWithin("s1", Bounds.atLeast(since));          // at >= since
 * readings.scanBySensorIdAndAtWithin("s1", Bounds.closed(from, to));        // from <= at <= to
 * readings.scanBySensorIdAndAtWithin("s1", Bounds.greaterThan(5L).andAtMost(9L)); // (5, 9]
 * }</pre>
 *
 * @param <T> the component's type (boxed for primitives)
 */
public final class Bounds<T> {
  private static final Bounds<?> ALL = new Bounds<>(null, false, null, false);

  private final T lower;
  private final boolean lowerInclusive;
  private final T upper;
  private final boolean upperInclusive;

  private Bounds(T lower, boolean lowerInclusive, T upper, boolean upperInclusive) {
    this.lower = lower;
    this.lowerInclusive = lower != null && lowerInclusive;
    this.upper = upper;
    this.upperInclusive = upper != null && upperInclusive;
  }

  /** {@code [from, to)}: from inclusive, to exclusive, as the generated {@code ...Between}. */
  public static <T> Bounds<T> between(T from, T to) {
    return new Bounds<>(required(from, "from"), true, required(to, "to"), false);
  }

  /** {@code [from, to]}: both inclusive. */
  public static <T> Bounds<T> closed(T from, T to) {
    return new Bounds<>(required(from, "from"), true, required(to, "to"), true);
  }

  /** {@code (from, to)}: both exclusive. */
  public static <T> Bounds<T> open(T from, T to) {
    return new Bounds<>(required(from, "from"), false, required(to, "to"), false);
  }

  /** Values above {@code from}, no upper bound. */
  public static <T> Bounds<T> greaterThan(T from) {
    return new Bounds<>(required(from, "from"), false, null, false);
  }

  /** Values at or above {@code from}, no upper bound. */
  public static <T> Bounds<T> atLeast(T from) {
    return new Bounds<>(required(from, "from"), true, null, false);
  }

  /** Values below {@code to}, no lower bound. */
  public static <T> Bounds<T> lessThan(T to) {
    return new Bounds<>(null, false, required(to, "to"), false);
  }

  /** Values at or below {@code to}, no lower bound. */
  public static <T> Bounds<T> atMost(T to) {
    return new Bounds<>(null, false, required(to, "to"), true);
  }

  /** Every value: no bound on either side. */
  @SuppressWarnings("unchecked")
  public static <T> Bounds<T> all() {
    return (Bounds<T>) ALL;
  }

  /** These bounds with the upper bound {@code to}, exclusive. */
  public Bounds<T> andLessThan(T to) {
    return new Bounds<>(lower, lowerInclusive, required(to, "to"), false);
  }

  /** These bounds with the upper bound {@code to}, inclusive. */
  public Bounds<T> andAtMost(T to) {
    return new Bounds<>(lower, lowerInclusive, required(to, "to"), true);
  }

  private static <T> T required(T value, String name) {
    // a null where a value is required is the caller's mistake; "unbounded" is said with all(),
    // atLeast, atMost, ..., never with a null that a typo could produce
    return Objects.requireNonNull(
        value, () -> name + " is null: a bound needs a value; leave that side out instead");
  }

  /** The lower bound, or null if there is none. */
  public T lower() {
    return lower;
  }

  /** Whether the lower bound is a value the range holds (false if there is none). */
  public boolean lowerInclusive() {
    return lowerInclusive;
  }

  /** The upper bound, or null if there is none. */
  public T upper() {
    return upper;
  }

  /** Whether the upper bound is a value the range holds (false if there is none). */
  public boolean upperInclusive() {
    return upperInclusive;
  }

  /**
   * The same bounds over {@code f}'s values; {@code f} must keep the order exactly (a time type to
   * its instant, say), as it is applied to the bounds only.
   */
  public <U> Bounds<U> map(Function<? super T, ? extends U> f) {
    return new Bounds<>(
        lower == null ? null : f.apply(lower),
        lowerInclusive,
        upper == null ? null : f.apply(upper),
        upperInclusive);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Bounds<?> b
        && Objects.equals(lower, b.lower)
        && lowerInclusive == b.lowerInclusive
        && Objects.equals(upper, b.upper)
        && upperInclusive == b.upperInclusive;
  }

  @Override
  public int hashCode() {
    return Objects.hash(lower, lowerInclusive, upper, upperInclusive);
  }

  @Override
  public String toString() {
    return (lower == null ? "(-inf" : (lowerInclusive ? "[" : "(") + lower)
        + ", "
        + (upper == null ? "+inf)" : upper + (upperInclusive ? "]" : ")"));
  }
}
