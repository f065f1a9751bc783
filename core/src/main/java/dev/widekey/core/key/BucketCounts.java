package dev.widekey.core.key;

import java.util.ArrayList;
import java.util.List;

/**
 * How many buckets a {@code @Bucketed} partition key may have, how wide their number is written and
 * where a bucketed table is pre-split: the processor checks and exports these, the runtime's {@code
 * KeyBuckets} writes keys by them.
 *
 * <pre>{@code
 * BucketCounts.width(16)              // 2: buckets "00" to "15"
 * BucketCounts.splitPoints(16, 4)     // ["04", "08", "12"]
 * }</pre>
 */
public final class BucketCounts {
  /** The fewest buckets: one bucket is no spread. */
  public static final int MIN_BUCKETS = 2;

  /** The most buckets: a read over a range fans out into this many scans. */
  public static final int MAX_BUCKETS = 1024;

  /** Above this many buckets the compiler warns of the read fan-out. */
  public static final int FAN_OUT_WARNING = 256;

  private BucketCounts() {}

  /** Decimal digits of the largest bucket number: 2 for 16 buckets, 3 for 256, 4 for 1,024. */
  public static int width(int buckets) {
    return Integer.toString(buckets - 1).length();
  }

  /** The fixed-width text of bucket {@code bucket} of {@code buckets}: {@code "07"} of 16. */
  public static String text(int bucket, int buckets) {
    String digits = Integer.toString(bucket);
    return "0".repeat(width(buckets) - digits.length()) + digits;
  }

  /**
   * The split points of a table over {@code buckets} buckets cut into at most {@code maxPartitions}
   * partitions (a profile's limit): the bucket texts that start each partition after the first,
   * evenly spaced.
   */
  public static List<String> splitPoints(int buckets, int maxPartitions) {
    int partitions = Math.max(1, Math.min(buckets, maxPartitions));
    List<String> points = new ArrayList<>();
    for (int i = 1; i < partitions; i++) {
      points.add(text((int) ((long) i * buckets / partitions), buckets));
    }
    return points;
  }
}
