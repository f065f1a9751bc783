package dev.widekey.runtime.value;

import static dev.widekey.core.RuleViolationException.codePoint;
import static dev.widekey.core.RuleViolationException.quote;

import dev.widekey.core.Rule;
import dev.widekey.core.store.Utf8;
import java.util.Objects;

/**
 * Checks on attribute values before any write: text must have an exact UTF-8 form (WK206) and a
 * value must fit the store's attribute limit, 2 MB on Tablestore and Lindorm (WK202).
 *
 * <pre>{@code
 * Attributes.requireWellFormed("title", title);
 * Attributes.checkSize("body", bytes.length, StoreLimits.DEFAULT.maxAttributeBytes());
 * }</pre>
 */
public final class Attributes {
  private Attributes() {}

  /**
   * Returns the text if it is well-formed UTF-16, i.e. has an exact UTF-8 form.
   *
   * @throws InvalidAttributeException WK206 naming the first unpaired surrogate
   */
  public static String requireWellFormed(String field, String value) {
    Objects.requireNonNull(value, () -> "field '" + field + "' is null");
    int bad = Utf8.firstUnpairedSurrogate(value);
    if (bad >= 0) {
      throw unpaired(field, value, bad);
    }
    return value;
  }

  /**
   * Checks a value's size against the store's attribute limit.
   *
   * @param bytes the size of the value as stored (UTF-8 bytes of text, compressed bytes)
   * @throws InvalidAttributeException WK202 if {@code bytes > maxBytes}
   */
  public static void checkSize(String field, long bytes, long maxBytes) {
    if (bytes > maxBytes) {
      throw new InvalidAttributeException(
          Rule.WK202,
          field,
          "is "
              + bytes
              + " bytes, over the store's "
              + size(maxBytes)
              + " attribute limit; mark it @ColdColumn(compress = true) or split it");
    }
  }

  static InvalidAttributeException unpaired(String field, String value, int index) {
    return new InvalidAttributeException(
        Rule.WK206,
        field,
        "value "
            + quote(value)
            + " holds an unpaired surrogate "
            + codePoint(value.charAt(index))
            + " at index "
            + index
            + "; text with an unpaired surrogate cannot be stored exactly as UTF-8. Remove it,"
            + " or store the data as byte[]");
  }

  private static String size(long bytes) {
    if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
      return bytes / (1 << 20) + " MB";
    }
    if (bytes >= 1 << 10 && bytes % (1 << 10) == 0) {
      return bytes / (1 << 10) + " KB";
    }
    return bytes + "-byte";
  }
}
