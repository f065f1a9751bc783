package dev.widekey.runtime.value;

import dev.widekey.core.Rule;
import dev.widekey.core.RuleViolationException;

/**
 * An attribute value that cannot be stored exactly, or a stored one that cannot be read back: money
 * with more decimals than its scale (WK201), a value over the store's size limit (WK202), corrupt
 * compressed data (WK203), text without a UTF-8 form (WK206). Values are rejected, never rounded or
 * cut.
 *
 * <pre>{@code
 * throw new InvalidAttributeException(Rule.WK202, "body", "is 3145728 bytes, over ...");
 * }</pre>
 */
public final class InvalidAttributeException extends RuleViolationException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception; see {@link RuleViolationException}. */
  public InvalidAttributeException(Rule rule, String field, String problem) {
    super(rule, field, problem);
  }

  /** Creates the exception with the low-level failure that revealed the problem. */
  public InvalidAttributeException(Rule rule, String field, String problem, Throwable cause) {
    super(rule, field, problem, cause);
  }
}
