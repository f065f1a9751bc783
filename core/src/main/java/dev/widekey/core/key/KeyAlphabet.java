package dev.widekey.core.key;

import static dev.widekey.core.RuleViolationException.codePoint;
import static dev.widekey.core.RuleViolationException.quote;
import static dev.widekey.core.RuleViolationException.shown;

import dev.widekey.core.Rule;
import dev.widekey.core.store.Utf8;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The characters a String key component may hold, parsed from a {@code @KeyChars} spec written like
 * the body of a regex character class: single characters and ranges ({@code "a-zA-Z0-9_"}), a
 * literal {@code '-'} first or last, and {@code '\'} escaping the next character (an escaped letter
 * or digit is refused, so that {@code "\\d"} does not silently mean the letter d). Characters above
 * U+FFFF are allowed. Immutable.
 *
 * <p>The annotation processor uses it to check that the delimiter sorts below {@link #lowest()}
 * (rule WK105); the generated code calls {@link #check} on every value, which is also what stops a
 * value carrying the delimiter from reaching another key's rows.
 *
 * <pre>{@code
 * KeyAlphabet sellerIds = KeyAlphabet.parse("a-z0-9");
 * sellerIds.lowest();                   // '0'
 * sellerIds.check("sellerId", "s42");   // "s42"
 * sellerIds.check("sellerId", "s,42");  // throws InvalidKeyException WK105
 * }</pre>
 */
public final class KeyAlphabet {
  /** Decimal digits, {@code "0-9"}. */
  public static final KeyAlphabet DIGITS = parse("0-9");

  /** Lower-case hex digits, {@code "0-9a-f"}. */
  public static final KeyAlphabet HEX_LOWER = parse("0-9a-f");

  /** The characters of a canonical lower-case UUID, {@code "0-9a-f-"}. */
  public static final KeyAlphabet UUID = parse("0-9a-f-");

  private final String spec;
  private final String describe;
  // merged, sorted, disjoint, non-adjacent ranges [starts[i], ends[i]], surrogates excluded
  private final int[] starts;
  private final int[] ends;
  // the allowed ASCII characters as bits (0-63, 64-127): the common case checks a char with a shift
  private final long asciiLow;
  private final long asciiHigh;

  private KeyAlphabet(String spec, String describe, int[] starts, int[] ends) {
    this.spec = spec;
    this.describe = describe;
    this.starts = starts;
    this.ends = ends;
    long low = 0;
    long high = 0;
    for (int i = 0; i < starts.length; i++) {
      for (int c = starts[i]; c <= Math.min(ends[i], 127); c++) {
        if (c < 64) {
          low |= 1L << c;
        } else {
          high |= 1L << (c - 64);
        }
      }
    }
    this.asciiLow = low;
    this.asciiHigh = high;
  }

  /**
   * Parses a spec.
   *
   * @throws IllegalArgumentException if the spec is empty, has a reversed range ({@code z-a}), a
   *     dangling {@code '\'}, a {@code '-'} that is neither first, last, escaped nor between two
   *     characters, an escaped letter or digit, a leading {@code '^'} (negation is not supported),
   *     an unpaired surrogate, or allows no character outside the surrogate range
   */
  public static KeyAlphabet parse(String spec) {
    Objects.requireNonNull(spec, "spec");
    if (spec.isEmpty()) {
      throw bad(spec, "it is empty; list the allowed characters, e.g. \"a-z0-9\"");
    }
    int bad = Utf8.firstUnpairedSurrogate(spec);
    if (bad >= 0) {
      throw bad(spec, "it holds an unpaired surrogate at index " + bad);
    }
    // tokens: code points, and whether each was escaped
    List<int[]> tokens = new ArrayList<>();
    for (int i = 0; i < spec.length(); ) {
      int cp = spec.codePointAt(i);
      i += Character.charCount(cp);
      if (cp != '\\') {
        tokens.add(new int[] {cp, 0});
        continue;
      }
      if (i >= spec.length()) {
        throw bad(spec, "it ends with a lone '\\'; write \"\\\\\\\\\" for a backslash");
      }
      int escaped = spec.codePointAt(i);
      i += Character.charCount(escaped);
      if (escaped < 0x80 && Character.isLetterOrDigit(escaped)) {
        throw bad(
            spec,
            "'\\"
                + (char) escaped
                + "' escapes a letter or digit, which has no meaning here (shorthands like \\d"
                + " are not supported); write the character or range plainly, e.g. 0-9");
      }
      tokens.add(new int[] {escaped, 1});
    }
    if (isPlain(tokens.get(0), '^') && tokens.size() > 1) {
      throw bad(spec, "it starts with '^', but negation is not supported; escape it as \\^");
    }
    List<int[]> items = new ArrayList<>(); // {low, high} in spec order
    int n = tokens.size();
    for (int i = 0; i < n; ) {
      int[] token = tokens.get(i);
      if (i + 2 < n && isPlain(tokens.get(i + 1), '-')) {
        int low = token[0];
        int high = tokens.get(i + 2)[0];
        if (low > high) {
          throw bad(
              spec,
              "its range "
                  + new String(Character.toChars(low))
                  + "-"
                  + new String(Character.toChars(high))
                  + " is reversed; write "
                  + new String(Character.toChars(high))
                  + "-"
                  + new String(Character.toChars(low)));
        }
        items.add(new int[] {low, high});
        i += 3;
        continue;
      }
      if (isPlain(token, '-') && i != 0 && i != n - 1) {
        throw bad(
            spec,
            "it has a '-' that is neither part of a range nor first or last; escape it as \\-"
                + " or move it to the end");
      }
      items.add(new int[] {token[0], token[0]});
      i++;
    }
    return build(spec, items);
  }

  private static boolean isPlain(int[] token, int c) {
    return token[0] == c && token[1] == 0;
  }

  private static KeyAlphabet build(String spec, List<int[]> items) {
    StringBuilder describe = new StringBuilder();
    for (int[] item : items) {
      if (describe.length() > 0) {
        describe.append(", ");
      }
      describe.append(show(item[0]));
      if (item[1] != item[0]) {
        describe.append('-').append(show(item[1]));
      }
    }
    // strings with surrogate code points have no UTF-8 form, so no alphabet admits them
    List<int[]> ranges = new ArrayList<>();
    for (int[] item : items) {
      int low = item[0];
      int high = item[1];
      if (low < Character.MIN_SURROGATE) {
        ranges.add(new int[] {low, Math.min(high, Character.MIN_SURROGATE - 1)});
      }
      if (high > Character.MAX_SURROGATE) {
        ranges.add(new int[] {Math.max(low, Character.MAX_SURROGATE + 1), high});
      }
    }
    if (ranges.isEmpty()) {
      throw bad(spec, "it allows only surrogate code points, which no UTF-8 text holds");
    }
    ranges.sort((a, b) -> Integer.compare(a[0], b[0]));
    List<int[]> merged = new ArrayList<>();
    for (int[] range : ranges) {
      int[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
      if (last != null && range[0] <= last[1] + 1) {
        last[1] = Math.max(last[1], range[1]);
      } else {
        merged.add(range.clone());
      }
    }
    int[] starts = new int[merged.size()];
    int[] ends = new int[merged.size()];
    for (int i = 0; i < merged.size(); i++) {
      starts[i] = merged.get(i)[0];
      ends[i] = merged.get(i)[1];
    }
    return new KeyAlphabet(spec, describe.toString(), starts, ends);
  }

  /** Whether the alphabet allows this code point. Surrogate code points are never allowed. */
  public boolean contains(int codePoint) {
    int i = Arrays.binarySearch(starts, codePoint);
    if (i >= 0) {
      return true;
    }
    int before = -i - 2; // the range starting below the code point, if any
    return before >= 0 && codePoint <= ends[before];
  }

  /** The lowest allowed code point: a delimiter must sort below it (rule WK105). */
  public int lowest() {
    return starts[0];
  }

  /** The highest allowed code point. */
  public int highest() {
    return ends[ends.length - 1];
  }

  /** How many code points the alphabet allows. */
  public long size() {
    long n = 0;
    for (int i = 0; i < starts.length; i++) {
      n += ends[i] - starts[i] + 1L;
    }
    return n;
  }

  /** The spec as written, e.g. {@code "a-z0-9"}. */
  public String spec() {
    return spec;
  }

  /**
   * The alphabet for people, in spec order, e.g. {@code "a-z, 0-9, '_'"}; characters that do not
   * print are shown as {@code U+XXXX}.
   */
  public String describe() {
    return describe;
  }

  /**
   * Returns the value if every character is in the alphabet.
   *
   * <pre>{@code KeyAlphabet.DIGITS.check("zip", "0815");  // "0815"}</pre>
   *
   * @throws InvalidKeyException WK111 if the value is null; WK105 naming the first character
   *     outside the alphabet (or unpaired surrogate), its index and the allowed spec
   */
  public String check(String field, String value) {
    InvalidKeyException.requireNonNull(field, value);
    if (allowsAllAscii(value)) {
      return value;
    }
    for (int i = 0; i < value.length(); ) {
      int cp = value.codePointAt(i);
      if (cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE) {
        throw new InvalidKeyException(
            Rule.WK105,
            field,
            "value "
                + quote(value)
                + " holds an unpaired surrogate "
                + codePoint(cp)
                + " at index "
                + i
                + ", which has no UTF-8 form; remove it before storing");
      }
      if (!contains(cp)) {
        throw new InvalidKeyException(
            Rule.WK105,
            field,
            "value "
                + quote(value)
                + " holds "
                + codePoint(cp)
                + " at index "
                + i
                + ", outside @KeyChars "
                + quote(spec)
                + " ("
                + shown(describe)
                + "); clean or reject the value before storing, or widen @KeyChars if such"
                + " values are legitimate (the delimiter must stay below every allowed"
                + " character)");
      }
      i += Character.charCount(cp);
    }
    return value;
  }

  /**
   * Whether every character of the value is ASCII and allowed: the fast path of the checks. False
   * says nothing about the value; the full check then decides and names the problem.
   */
  public boolean allowsAllAscii(String value) {
    long low = asciiLow;
    long high = asciiHigh;
    for (int i = 0, n = value.length(); i < n; i++) {
      char c = value.charAt(i);
      long bits = c < 64 ? low : c < 128 ? high : 0;
      // a shift takes its distance mod 64, so c & 63 is implied
      if ((bits >>> c & 1) == 0) {
        return false;
      }
    }
    return true;
  }

  /** Two alphabets are equal if they allow the same characters, whatever their specs. */
  @Override
  public boolean equals(Object o) {
    return o instanceof KeyAlphabet other
        && Arrays.equals(starts, other.starts)
        && Arrays.equals(ends, other.ends);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(starts) + Arrays.hashCode(ends);
  }

  @Override
  public String toString() {
    return "KeyAlphabet[" + quote(spec) + "]";
  }

  private static String show(int cp) {
    String text = new String(Character.toChars(cp));
    if (Character.isLetterOrDigit(cp) && isVisible(cp)) {
      return text;
    }
    return isVisible(cp) ? "'" + text + "'" : String.format("U+%04X", cp);
  }

  private static boolean isVisible(int cp) {
    int type = Character.getType(cp);
    return Character.isDefined(cp)
        && !Character.isISOControl(cp)
        && type != Character.FORMAT
        && type != Character.SPACE_SEPARATOR
        && type != Character.LINE_SEPARATOR
        && type != Character.PARAGRAPH_SEPARATOR
        && type != Character.PRIVATE_USE
        && type != Character.UNASSIGNED;
  }

  private static IllegalArgumentException bad(String spec, String why) {
    return new IllegalArgumentException(
        "@KeyChars " + quote(spec) + " is not a valid alphabet: " + why);
  }
}
