package dev.widekey.runtime.key;

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

  /** Rows whose first column starts with {@code prefix}, for a key of {@code columns} columns. */
  public static ScanRange textPrefix(String prefix, int columns) {
    if (prefix.isEmpty()) {
      throw new IllegalArgumentException("empty prefix");
    }
    char last = prefix.charAt(prefix.length() - 1);
    if (last == Character.MAX_VALUE || Character.isSurrogate(last)) {
      throw new IllegalArgumentException("a prefix range needs a prefix ending below U+D800");
    }
    // the least string above every extension of the prefix: bump its last character
    String end = prefix.substring(0, prefix.length() - 1) + (char) (last + 1);
    return ScanRange.between(
        PrimaryKey.bound(List.of(PkValue.ofString(prefix)), PkValue.INF_MIN, columns),
        PrimaryKey.bound(List.of(PkValue.ofString(end)), PkValue.INF_MIN, columns));
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
}
