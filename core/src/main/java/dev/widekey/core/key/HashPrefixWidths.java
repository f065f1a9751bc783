package dev.widekey.core.key;

/**
 * How wide a {@code @HashPrefix} may be and how many partitions its digits split a table into: the
 * processor checks a design against these (rule WK106), the runtime's {@code KeyHash} computes the
 * prefix within them.
 *
 * <pre>{@code HashPrefixWidths.maxPartitions(2) // 256}</pre>
 */
public final class HashPrefixWidths {
  /** The longest prefix: 32 hex digits, all of MD5 (rule WK106). */
  public static final int MAX_LENGTH = 32;

  /**
   * The most leading hex digits of the prefix that a table's pre-split points are drawn from, so
   * that a hashed table starts with at most 16^3 = 4,096 partitions (rule WK106).
   */
  public static final int SPLIT_DIGITS = 3;

  private HashPrefixWidths() {}

  /**
   * The most partitions a table keyed by a {@code length}-digit prefix can be pre-split into
   * evenly: 16 to the power of {@code min(length, SPLIT_DIGITS)}, so 16 for one digit and 4,096
   * from three.
   */
  public static int maxPartitions(int length) {
    return 1 << (4 * Math.max(0, Math.min(length, SPLIT_DIGITS)));
  }
}
