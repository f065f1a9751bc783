package dev.widekey.runtime.key;

import dev.widekey.core.store.Utf8;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.ScanRange;
import java.util.ArrayList;
import java.util.List;

/**
 * Scan ranges for generated key codecs. A prefix range over a spliced partition key ends just past
 * the prefix, which itself ends with the delimiter, so fixing {@code 54} never matches {@code 540}.
 *
 * <pre>{@code
 * ScanRange r = KeyRanges.textPrefix("000054,", 2); // ["000054,", "000054-") on column 0
 * }</pre>
 */
public final class KeyRanges {
  private KeyRanges() {}

  /**
   * Rows whose first column starts with {@code prefix}, for a key of {@code columns} columns. The
   * end bound is the least text above every extension of the prefix in UTF-8 byte order (the
   * stores' order): the prefix with its last code point replaced by the next one, U+D7FF by U+E000
   * (surrogates are not text), and a last U+10FFFF dropped and carried over to the code point
   * before it; a prefix of U+10FFFF only has no end bound.
   *
   * <pre>{@code
   * KeyRanges.textPrefix("a\uD7FF", 1); // ["a\uD7FF", "a\uE000")
   * }</pre>
   *
   * @throws IllegalArgumentException for an empty prefix, or one that is not valid text (an
   *     unpaired surrogate)
   */
  public static ScanRange textPrefix(String prefix, int columns) {
    if (prefix.isEmpty()) {
      throw new IllegalArgumentException("empty prefix");
    }
    int bad = Utf8.firstUnpairedSurrogate(prefix);
    if (bad >= 0) {
      throw new IllegalArgumentException(
          "a prefix range needs valid text; the prefix has an unpaired surrogate at index " + bad);
    }
    PrimaryKey start =
        PrimaryKey.bound(List.of(PkValue.ofString(prefix)), PkValue.INF_MIN, columns);
    String end = successor(prefix);
    return ScanRange.between(
        start,
        end == null
            ? PrimaryKey.bound(List.of(), PkValue.INF_MAX, columns)
            : PrimaryKey.bound(List.of(PkValue.ofString(end)), PkValue.INF_MIN, columns));
  }

  /**
   * The least text above every text starting with {@code prefix}, in code point (= UTF-8 byte)
   * order, or null if there is none (the prefix is all U+10FFFF).
   */
  static String successor(String prefix) {
    int end = prefix.length();
    while (end > 0) {
      int last = prefix.codePointBefore(end);
      int from = end - Character.charCount(last);
      if (last < Character.MAX_CODE_POINT) {
        int next = last + 1 == Character.MIN_SURROGATE ? Character.MAX_SURROGATE + 1 : last + 1;
        return new StringBuilder(from + 2).append(prefix, 0, from).appendCodePoint(next).toString();
      }
      end = from; // U+10FFFF has no successor: carry over to the code point before it
    }
    return null;
  }

  /** Rows whose leading columns equal {@code fixed}. */
  public static ScanRange leading(List<PkValue> fixed, int columns) {
    return ScanRange.between(
        PrimaryKey.bound(fixed, PkValue.INF_MIN, columns),
        PrimaryKey.bound(fixed, PkValue.INF_MAX, columns));
  }

  /**
   * Rows whose leading columns equal {@code fixed} and whose next column lies in {@code [from,
   * to)}.
   */
  public static ScanRange leadingThenBetween(
      List<PkValue> fixed, PkValue from, PkValue to, int columns) {
    List<PkValue> start = new ArrayList<>(fixed);
    start.add(from);
    List<PkValue> end = new ArrayList<>(fixed);
    end.add(to);
    return ScanRange.between(
        PrimaryKey.bound(start, PkValue.INF_MIN, columns),
        PrimaryKey.bound(end, PkValue.INF_MIN, columns));
  }

  /**
   * As {@link #leadingThenBetween} over a descending INTEGER column, which stores the complement
   * {@code ~v} of each value: the rows whose values lie in {@code [from, to)}, given as their
   * stored complements {@code ~from} and {@code ~to}, are the stored keys in {@code (~to, ~from]},
   * greatest value first in key order.
   *
   * <pre>{@code
   * ScanRange r = KeyRanges.leadingThenBetweenDescending(
   *     List.of(PkValue.ofString("s1")), PkValue.ofInteger(~from), PkValue.ofInteger(~to), 2);
   * }</pre>
   */
  public static ScanRange leadingThenBetweenDescending(
      List<PkValue> fixed, PkValue storedFrom, PkValue storedTo, int columns) {
    long upper = storedFrom.asLong(); // ~from: the greatest stored value in the range
    long lower = storedTo.asLong(); // ~to: stored values above it only
    if (lower == Long.MAX_VALUE || lower >= upper) {
      PrimaryKey none = PrimaryKey.bound(fixed, PkValue.INF_MIN, columns);
      return ScanRange.between(none, none); // no value lies in [from, to)
    }
    List<PkValue> start = new ArrayList<>(fixed);
    start.add(PkValue.ofInteger(lower + 1));
    List<PkValue> end = new ArrayList<>(fixed);
    end.add(upper == Long.MAX_VALUE ? PkValue.INF_MAX : PkValue.ofInteger(upper + 1));
    return ScanRange.between(
        PrimaryKey.bound(start, PkValue.INF_MIN, columns),
        PrimaryKey.bound(
            end, upper == Long.MAX_VALUE ? PkValue.INF_MAX : PkValue.INF_MIN, columns));
  }

  /**
   * Rows whose leading columns equal {@code fixed} and whose next column lies within {@code span}
   * (stored values, each side inclusive, exclusive or open; {@link KeyBounds} makes them from a
   * component's {@code Bounds}). An exclusive lower or inclusive upper bound starts or ends at the
   * value's successor: {@code v + 1} for INTEGER, the value with a NUL character or zero byte
   * appended for STRING and BINARY (the least value above it in the stores' byte order).
   *
   * <pre>{@code
   * ScanRange r = KeyRanges.leadingThenWithin(List.of(PkValue.ofString("s1")),
   *     KeyBounds.numbers(Bounds.greaterThan(5L), Long.MIN_VALUE, Long.MAX_VALUE)
   *         .ascending(PkValue::ofInteger), 2);   // at > 5
   * }</pre>
   */
  public static ScanRange leadingThenWithin(List<PkValue> fixed, KeyBounds.Span span, int columns) {
    PrimaryKey none = PrimaryKey.bound(fixed, PkValue.INF_MIN, columns);
    if (span.empty()) {
      return ScanRange.between(none, none);
    }
    PrimaryKey start;
    if (span.lower() == null) {
      start = none;
    } else {
      PkValue from = span.lowerInclusive() ? span.lower() : successor(span.lower());
      if (from == null) {
        return ScanRange.between(none, none); // above the greatest INTEGER: nothing
      }
      start = PrimaryKey.bound(append(fixed, from), PkValue.INF_MIN, columns);
    }
    PrimaryKey end = PrimaryKey.bound(fixed, PkValue.INF_MAX, columns);
    if (span.upper() != null) {
      PkValue to = span.upperInclusive() ? successor(span.upper()) : span.upper();
      if (to != null) {
        end = PrimaryKey.bound(append(fixed, to), PkValue.INF_MIN, columns);
      }
    }
    return start.compareTo(end) >= 0
        ? ScanRange.between(start, start)
        : ScanRange.between(start, end);
  }

  private static List<PkValue> append(List<PkValue> fixed, PkValue v) {
    List<PkValue> out = new ArrayList<>(fixed.size() + 1);
    out.addAll(fixed);
    out.add(v);
    return out;
  }

  /**
   * The least stored value above {@code v} in the stores' order, or null for the greatest INTEGER.
   */
  static PkValue successor(PkValue v) {
    return switch (v.type()) {
      case INTEGER -> v.asLong() == Long.MAX_VALUE ? null : PkValue.ofInteger(v.asLong() + 1);
      case STRING -> PkValue.ofString(v.asString() + KeyBounds.NO_DELIMITER);
      case BINARY -> {
        byte[] b = v.asBinary();
        yield PkValue.ofBinary(java.util.Arrays.copyOf(b, b.length + 1));
      }
    };
  }
}
