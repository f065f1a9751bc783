package dev.widekey.core.store;

/**
 * Table and column names every service accepts: a letter or {@code _}, then letters, digits and
 * {@code _}, 1 to 255 characters (Tablestore's rule, the strictest of the stores; HBase and Lindorm
 * accept these too). The processor checks declared names with it at compile time (WK207), and every
 * store checks the rows written to a table whose limits hold names to it ({@link
 * StoreLimits#serviceNamesOnly}, Tablestore's) before a request is sent.
 *
 * <pre>{@code
 * ServiceNames.isLegal("device_transactions"); // true
 * ServiceNames.isLegal("price$cents");         // false
 * }</pre>
 */
public final class ServiceNames {
  /** The pattern a legal name matches, for messages that show it. */
  public static final String PATTERN = "[A-Za-z_][A-Za-z0-9_]*, at most 255 characters";

  /** The longest legal name. */
  private static final int MAX_LENGTH = 255;

  private ServiceNames() {}

  /** Whether every service accepts {@code name} as a table or column name. */
  public static boolean isLegal(String name) {
    // a loop, not a regular expression: every attribute of every row written is checked
    int n = name.length();
    if (n == 0 || n > MAX_LENGTH || isDigit(name.charAt(0))) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      char c = name.charAt(i);
      if (!(isLetter(c) || isDigit(c) || c == '_')) {
        return false;
      }
    }
    return true;
  }

  private static boolean isLetter(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
