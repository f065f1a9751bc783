package dev.widekey.core.key;

import dev.widekey.core.Rule;
import dev.widekey.core.RuleViolationException;

/**
 * A key component value that cannot be encoded, or a stored key that cannot be decoded: it breaks a
 * key rule (WK104 padding, WK105 characters, WK106 hash prefix, WK109 size, WK111 null, WK112 not
 * the codec's own encoding). Nothing is written when it is thrown; a value is never cut or rounded
 * to make it fit.
 *
 * <pre>{@code
 * throw new InvalidKeyException(Rule.WK111, "tenant", "is null; key components are never null");
 * }</pre>
 */
public final class InvalidKeyException extends RuleViolationException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception; see {@link RuleViolationException}. */
  public InvalidKeyException(Rule rule, String field, String problem) {
    super(rule, field, problem);
  }

  /** Creates the exception with the low-level failure that revealed the problem. */
  public InvalidKeyException(Rule rule, String field, String problem, Throwable cause) {
    super(rule, field, problem, cause);
  }

  /**
   * The value, if not null.
   *
   * @throws InvalidKeyException WK111 if it is null: key components are never null
   */
  public static <T> T requireNonNull(String field, T value) {
    if (value == null) {
      throw new InvalidKeyException(Rule.WK111, field, "is null; key components are never null");
    }
    return value;
  }
}
