package dev.widekey.store.hbase;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The HBase version of the servers a store writes to, as far as conditional writes depend on it:
 * the least of the master's and every live region server's, read once per store. Two protocol
 * features widekey's conditions use are newer than many deployed servers, and an older server does
 * not refuse them, it drops them:
 *
 * <ul>
 *   <li>a condition inside a batch ({@code RegionAction.condition} of a {@code multi} request,
 *       HBASE-8458, HBase 2.4.0): an older region server ignores the unknown field and applies the
 *       mutations unconditionally;
 *   <li>a filter as the condition of a {@code checkAndMutate} ({@code Condition.filter},
 *       HBASE-23146, HBase 2.3.0), which a column condition needs (the column's value and the row
 *       marker listing it): an older server has no such field.
 * </ul>
 *
 * So a batch carries conditions only to servers known to be 2.4 or later; for others (older, or
 * whose version cannot be read, as some compatible services do not report it) each conditional
 * write of a batch goes alone as one {@code checkAndMutate}, whose condition every 2.x server
 * honours or rejects; and a column condition is refused, typed, on a server known to be older than
 * 2.3.
 *
 * <pre>{@code
 * ServerVersion.parse("2.2.7").conditionsInBatches() // false
 * }</pre>
 */
record ServerVersion(int major, int minor, String text) {
  /** A version that could not be read: no feature is assumed. */
  static final ServerVersion UNKNOWN = new ServerVersion(-1, -1, "unknown");

  private static final Pattern NUMBERS = Pattern.compile("^(\\d+)\\.(\\d+)");

  /**
   * The version of {@code text} ("2.6.4", "2.4.18-hadoop3", ...); unknown if it has none, or if it
   * is "0.0...", what the client reports for a server that did not report its version.
   */
  static ServerVersion parse(String text) {
    if (text == null) {
      return UNKNOWN;
    }
    Matcher m = NUMBERS.matcher(text.trim());
    if (!m.find()) {
      return UNKNOWN;
    }
    try {
      int major = Integer.parseInt(m.group(1));
      if (major == 0) {
        return UNKNOWN;
      }
      return new ServerVersion(major, Integer.parseInt(m.group(2)), text);
    } catch (NumberFormatException e) {
      return UNKNOWN;
    }
  }

  boolean known() {
    return major >= 0;
  }

  /** The lesser of two versions; an unknown one wins, since it promises nothing. */
  ServerVersion least(ServerVersion other) {
    if (!known() || !other.known()) {
      return UNKNOWN;
    }
    return atLeast(other.major, other.minor) ? other : this;
  }

  /** Whether conditions inside a batch are honoured (HBase 2.4.0, HBASE-8458). */
  boolean conditionsInBatches() {
    return atLeast(2, 4);
  }

  /**
   * Whether a server is known not to take a filter as a {@code checkAndMutate}'s condition (before
   * HBase 2.3.0, HBASE-23146). An unknown version is not: the single request is sent, and a server
   * without the feature fails it rather than dropping the condition.
   */
  boolean lacksFilterConditions() {
    return known() && !atLeast(2, 3);
  }

  private boolean atLeast(int wantMajor, int wantMinor) {
    return major > wantMajor || major == wantMajor && minor >= wantMinor;
  }

  @Override
  public String toString() {
    return text;
  }
}
