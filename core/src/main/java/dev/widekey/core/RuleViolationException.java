package dev.widekey.core;

import java.util.HexFormat;
import java.util.Objects;

/**
 * A value that breaks one of widekey's rules at run time: a key component that does not fit its
 * padding, holds a forbidden character, or an attribute too large for the store. The message reads
 * {@code rule + ": field '" + field + "' " + problem} and says what is wrong with the value and how
 * to fix it; it never shows more than {@value #MAX_SHOWN_CHARS} characters of a user value.
 *
 * <pre>{@code
 * try { keys.encode(order); }
 * catch (RuleViolationException e) { log.warn("{} rejected: {}", e.field(), e.rule()); }
 * // WK104: field 'deviceId' value 1234567 has 7 digits, more than @Padded(width = 6) holds; ...
 * }</pre>
 */
public class RuleViolationException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** The most characters of a user value a message shows; longer values are abbreviated. */
  public static final int MAX_SHOWN_CHARS = 64;

  private final String rule;
  private final String field;
  private final String problem;

  /**
   * Creates the exception.
   *
   * @param rule the rule broken, e.g. {@link Rule#WK104}
   * @param field the entity field (or column) at fault
   * @param problem what is wrong with the value and the fix, shown after the field name
   */
  public RuleViolationException(Rule rule, String field, String problem) {
    this(rule, field, problem, null);
  }

  /** Creates the exception with the low-level failure that revealed the problem. */
  public RuleViolationException(Rule rule, String field, String problem, Throwable cause) {
    super(
        Objects.requireNonNull(rule, "rule")
            + ": field '"
            + Objects.requireNonNull(field, "field")
            + "' "
            + Objects.requireNonNull(problem, "problem"),
        cause);
    this.rule = rule.name();
    this.field = field;
    this.problem = problem;
  }

  /** The rule id, e.g. {@code "WK105"}. */
  public String rule() {
    return rule;
  }

  /** The field (or column) whose value broke the rule. */
  public String field() {
    return field;
  }

  /** The message after the field name: the value's problem and the fix. */
  public String problem() {
    return problem;
  }

  /**
   * How messages show a user value: in single quotes, the characters that could forge or reorder a
   * log line (see {@link #escaped(int)}) and unpaired surrogates as {@code \}{@code uXXXX}, and at
   * most {@value #MAX_SHOWN_CHARS} characters of it, a longer value ending in {@code …} followed by
   * its length. A message must not become a copy of a megabyte value, nor carry a user's line
   * breaks or bidi overrides into a log. Every value or description a message or {@code toString}
   * shows goes through this helper ({@link #quote}, {@link #shown}, {@link #escapedPrefix}, {@link
   * #codePoint}).
   *
   * <pre>{@code quote("a:b")  // "'a:b'"}</pre>
   *
   * @param value the value, may be {@code null}
   */
  public static String quote(CharSequence value) {
    if (value == null) {
      return "null";
    }
    String shown = "'" + escapedPrefix(value) + "'";
    return shownChars(value) < value.length() ? shown + " (" + value.length() + " chars)" : shown;
  }

  /**
   * The part of a value that {@link #quote} shows, without the quotes and the length: at most
   * {@value #MAX_SHOWN_CHARS} characters, {@link #escaped(int)} characters and unpaired surrogates
   * escaped, and {@code …} where it is cut. For formats that quote their own way, as {@code
   * PkValue.toString}.
   *
   * <pre>{@code escapedPrefix("x".repeat(100))  // 64 x and "…"}</pre>
   */
  public static String escapedPrefix(CharSequence value) {
    int length = value.length();
    int shown = shownChars(value);
    StringBuilder out = new StringBuilder(shown + 8);
    for (int i = 0; i < shown; i++) {
      char c = value.charAt(i);
      boolean pairedSurrogate =
          Character.isHighSurrogate(c)
                  && i + 1 < length
                  && Character.isLowSurrogate(value.charAt(i + 1))
              || Character.isLowSurrogate(c)
                  && i > 0
                  && Character.isHighSurrogate(value.charAt(i - 1));
      if (Character.isSurrogate(c) ? !pairedSurrogate : escaped(c)) {
        out.append(String.format("\\u%04X", (int) c));
      } else {
        out.append(c);
      }
    }
    if (shown < length) {
      out.append('…');
    }
    return out.toString();
  }

  /**
   * As {@link #quote}, without the quotes: for a text a message shows after its own words, as an
   * alphabet's description.
   *
   * <pre>{@code shown("x".repeat(100))  // 64 x, "…" and " (100 chars)"}</pre>
   *
   * @param value the value, may be {@code null}
   */
  public static String shown(CharSequence value) {
    if (value == null) {
      return "null";
    }
    String shown = escapedPrefix(value);
    return shownChars(value) < value.length() ? shown + " (" + value.length() + " chars)" : shown;
  }

  /**
   * Whether messages show a character escaped rather than as itself: ISO controls (line breaks
   * among them), the line and paragraph separators U+2028 and U+2029, and format characters, which
   * include the bidi controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069) and
   * zero-width characters: printed as themselves they break, hide or reorder a log line. Surrogates
   * are escaped when unpaired, which only a caller holding the text can tell.
   */
  public static boolean escaped(int codePoint) {
    if (Character.isISOControl(codePoint)) {
      return true;
    }
    int type = Character.getType(codePoint);
    return type == Character.LINE_SEPARATOR
        || type == Character.PARAGRAPH_SEPARATOR
        || type == Character.FORMAT;
  }

  /** How many leading chars of a value messages show: never half a surrogate pair. */
  private static int shownChars(CharSequence value) {
    int length = value.length();
    int shown = Math.min(length, MAX_SHOWN_CHARS);
    if (shown < length
        && shown > 0
        && Character.isHighSurrogate(value.charAt(shown - 1))
        && Character.isLowSurrogate(value.charAt(shown))) {
      shown--;
    }
    return shown;
  }

  /** The most bytes of a binary value a message shows, as hex. */
  public static final int MAX_SHOWN_BYTES = 32;

  /**
   * How messages show a binary value: {@code 0x} and the hex of at most {@value #MAX_SHOWN_BYTES}
   * bytes, a longer value ending in {@code …} followed by its length.
   *
   * <pre>{@code quoteBytes(new byte[] {0, 10})  // "0x000a"}</pre>
   *
   * @param value the bytes, may be {@code null}
   */
  public static String quoteBytes(byte[] value) {
    if (value == null) {
      return "null";
    }
    String hex = hexPrefix(value);
    return value.length > MAX_SHOWN_BYTES ? hex + " (" + value.length + " bytes)" : hex;
  }

  /**
   * The part of a binary value that {@link #quoteBytes} shows, without the length: {@code 0x} and
   * the hex of at most {@value #MAX_SHOWN_BYTES} bytes, and {@code …} where it is cut.
   *
   * <pre>{@code hexPrefix(new byte[] {0, 10})  // "0x000a"}</pre>
   */
  public static String hexPrefix(byte[] value) {
    int shown = Math.min(value.length, MAX_SHOWN_BYTES);
    String hex = "0x" + HexFormat.of().formatHex(value, 0, shown);
    return shown < value.length ? hex + "…" : hex;
  }

  /**
   * A code point as messages show it: {@code 'x' (U+0078)}, or only {@code U+000A} for a character
   * that would not print, or would print as blank space ({@code U+0020}).
   *
   * <pre>{@code codePoint(':')  // "':' (U+003A)"}</pre>
   */
  public static String codePoint(int codePoint) {
    String hex = String.format("U+%04X", codePoint);
    if (escaped(codePoint)
        || Character.isWhitespace(codePoint)
        || Character.isSpaceChar(codePoint)
        || codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE
        || !Character.isDefined(codePoint)) {
      return hex;
    }
    return "'" + new String(Character.toChars(codePoint)) + "' (" + hex + ")";
  }
}
