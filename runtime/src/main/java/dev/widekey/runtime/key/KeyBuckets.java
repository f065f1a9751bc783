package dev.widekey.runtime.key;

import static dev.widekey.core.RuleViolationException.quote;

import dev.widekey.annotations.HashAlgorithm;
import dev.widekey.core.Rule;
import dev.widekey.core.key.BucketCounts;
import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoredKeyPrefix;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The buckets of a {@code @Bucketed} partition key: the bucket number leads the first primary-key
 * column as fixed-width decimal text ({@code "07"} of 16 buckets, {@code "0412"} of 1,024), before
 * the component's own text, so the table holds N contiguous key ranges, one per bucket, and writes
 * of consecutive values spread over them. A bucket is not a key column of its own.
 *
 * <p>Which bucket: an integral value (and an instant, as epoch milliseconds) goes to {@code
 * floorMod(value, N)}: consecutive values (order numbers, timestamps) take the buckets round-robin,
 * which spreads a sequential write stream exactly evenly, and the bucket is visible to a person
 * reading the key ({@code timestamp % 16}, as the seeds do it). Any other value (text, UUID, enum
 * name) goes to the first 64 bits of the MD5 digest of its key text, unsigned, mod N: stable across
 * JVMs and versions (unlike {@code hashCode} of an enum) and even for text with a shared prefix.
 *
 * <p>A read over a range of the bucketed component reads N ranges, one per bucket ({@link
 * #between}), and merges them in {@link #logicalOrder()}: the stored key without its bucket.
 *
 * <pre>{@code
 * KeyBuckets b = new KeyBuckets(16);
 * b.text(b.ofNumber(1_700_000_000_007L)); // "07"
 * }</pre>
 */
public final class KeyBuckets {
  /** The fewest buckets: one bucket is no spread. */
  public static final int MIN_BUCKETS = BucketCounts.MIN_BUCKETS;

  /** The most buckets: a read over a range fans out into this many scans. */
  public static final int MAX_BUCKETS = BucketCounts.MAX_BUCKETS;

  /** Above this many buckets the compiler warns of the read fan-out. */
  public static final int FAN_OUT_WARNING = BucketCounts.FAN_OUT_WARNING;

  private final int buckets;
  private final int width;
  private final String[] texts;
  private final int numberWidth; // digits of the padded number after the bucket, or 0: not one
  private final boolean signed;

  /**
   * @throws IllegalArgumentException if {@code buckets} is not 2 to 1,024
   */
  public KeyBuckets(int buckets) {
    this(buckets, 0, false);
  }

  /**
   * The same buckets before a {@link Padding padded} number of {@code width} digits: the merge of
   * their scans then orders rows by that number, parsed once per row ({@link #sortPrefix()}),
   * instead of comparing texts.
   */
  public KeyBuckets withPaddedNumber(int width, boolean signed) {
    if (width < 1 || width > Padding.MAX_WIDTH) {
      throw new IllegalArgumentException("padding width " + width);
    }
    return new KeyBuckets(buckets, width, signed);
  }

  private KeyBuckets(int buckets, int numberWidth, boolean signed) {
    this.numberWidth = numberWidth;
    this.signed = signed;
    if (buckets < MIN_BUCKETS || buckets > MAX_BUCKETS) {
      throw new IllegalArgumentException(
          "buckets " + buckets + " out of range " + MIN_BUCKETS + ".." + MAX_BUCKETS);
    }
    this.buckets = buckets;
    this.width = width(buckets);
    this.texts = new String[buckets];
    for (int b = 0; b < buckets; b++) {
      String digits = Integer.toString(b);
      texts[b] = "0".repeat(width - digits.length()) + digits;
    }
  }

  /** Decimal digits of the largest bucket number: 2 for 16 buckets, 3 for 256, 4 for 1,024. */
  public static int width(int buckets) {
    return BucketCounts.width(buckets);
  }

  /** The number of buckets. */
  public int count() {
    return buckets;
  }

  /** Characters of the bucket text. */
  public int width() {
    return width;
  }

  /** The bucket of an integral value: {@code floorMod(value, N)}. */
  public int ofNumber(long value) {
    return (int) Math.floorMod(value, (long) buckets);
  }

  /** The bucket of a value by its key text: the first 64 bits of its MD5 digest, mod N. */
  public int ofText(String text) {
    long digest = Long.parseUnsignedLong(KeyHash.prefix(HashAlgorithm.MD5, 16, text), 16);
    return (int) Long.remainderUnsigned(digest, buckets);
  }

  /** The fixed-width text of bucket {@code bucket}. */
  public String text(int bucket) {
    return texts[bucket];
  }

  /**
   * The stored partition text without its bucket.
   *
   * @throws InvalidKeyException WK106 if the text does not start with a bucket number below N (the
   *     bucket itself is checked against the values by canonical decoding, WK112)
   */
  public String strip(String field, String stored) {
    bucketOf(field, stored);
    return stored.substring(width);
  }

  /** The bucket a stored key is in (the source index of its bucket's scan in a merge). */
  public int bucketOf(PrimaryKey key) {
    return bucketOf("bucket", key.get(0).asString());
  }

  private int bucketOf(String field, String stored) {
    int bucket = 0;
    boolean valid = stored != null && stored.length() >= width;
    for (int i = 0; valid && i < width; i++) {
      char c = stored.charAt(i);
      valid = c >= '0' && c <= '9';
      bucket = bucket * 10 + (c - '0');
    }
    if (!valid || bucket >= buckets) {
      throw new InvalidKeyException(
          Rule.WK106,
          field,
          "stored key "
              + quote(stored)
              + " does not start with a bucket number below "
              + buckets
              + " ("
              + width
              + " digits)");
    }
    return bucket;
  }

  /**
   * The key with the same logical key in bucket {@code bucket}: where that bucket's rows resume.
   */
  public PrimaryKey inBucket(PrimaryKey key, int bucket) {
    List<PkValue> values = new ArrayList<>(key.values());
    values.set(0, PkValue.ofString(texts[bucket] + key.get(0).asString().substring(width)));
    return PrimaryKey.of(values);
  }

  /**
   * One range per bucket, in bucket order: the rows whose partition text after the bucket lies in
   * {@code [fromText, toText)}, for a key of {@code columns} columns. The texts are the bucketed
   * component's key text (a spliced key's text continues with the delimiter, which sorts below
   * every character of the component, so the bounds hold whole components).
   */
  public List<ScanRange> between(String fromText, String toText, int columns) {
    List<ScanRange> out = new ArrayList<>(buckets);
    for (int b = 0; b < buckets; b++) {
      out.add(
          ScanRange.between(
              PrimaryKey.bound(
                  List.of(PkValue.ofString(texts[b] + fromText)), PkValue.INF_MIN, columns),
              PrimaryKey.bound(
                  List.of(PkValue.ofString(texts[b] + toText)), PkValue.INF_MIN, columns)));
    }
    return out;
  }

  /**
   * One range per bucket, in bucket order: the rows whose bucketed component lies within {@code
   * span}, given as the component's key text (STRING values; {@link KeyBounds#text} or {@link
   * KeyBounds.Numbers#ascending}). {@code successor} is what makes a component's text the least
   * text above every key holding it: the delimiter's next character where the partition key
   * continues after the component ({@code (char) (delimiter + 1)}), else {@link
   * KeyBounds#NO_DELIMITER}.
   *
   * <pre>{@code
   * BUCKETS.within(KeyBounds.numbers(Bounds.atLeast(t), min, max).ascending(n -> ...), "\0", 2);
   * }</pre>
   */
  public List<ScanRange> within(KeyBounds.Span span, String successor, int columns) {
    List<ScanRange> out = new ArrayList<>(buckets);
    for (int b = 0; b < buckets; b++) {
      String bucket = texts[b];
      PrimaryKey start =
          PrimaryKey.bound(List.of(PkValue.ofString(bucket)), PkValue.INF_MIN, columns);
      ScanRange whole = KeyRanges.textPrefix(bucket, columns);
      PrimaryKey end = whole.end();
      if (span.empty()) {
        out.add(ScanRange.between(start, start));
        continue;
      }
      if (span.lower() != null) {
        String from = bucket + span.lower().asString() + (span.lowerInclusive() ? "" : successor);
        start = PrimaryKey.bound(List.of(PkValue.ofString(from)), PkValue.INF_MIN, columns);
      }
      if (span.upper() != null) {
        String to = bucket + span.upper().asString() + (span.upperInclusive() ? successor : "");
        end = PrimaryKey.bound(List.of(PkValue.ofString(to)), PkValue.INF_MIN, columns);
      }
      out.add(
          start.compareTo(end) >= 0
              ? ScanRange.between(start, start)
              : ScanRange.between(start, end));
    }
    return out;
  }

  /** One range per bucket holding all of its rows, in bucket order. */
  public List<ScanRange> all(int columns) {
    List<ScanRange> out = new ArrayList<>(buckets);
    for (int b = 0; b < buckets; b++) {
      out.add(KeyRanges.textPrefix(texts[b], columns));
    }
    return out;
  }

  /**
   * The logical order of stored keys: the first column's text after the bucket, in UTF-8 byte order
   * as the stores sort it, then the other columns. Keys of different buckets interleave in it.
   */
  public Comparator<PrimaryKey> logicalOrder() {
    return this::compareLogical;
  }

  private int compareLogical(PrimaryKey a, PrimaryKey b) {
    int c = compareFrom(a.get(0).asString(), b.get(0).asString(), width);
    if (c != 0) {
      return c;
    }
    for (int i = 1; i < a.size(); i++) {
      c = a.get(i).compareTo(b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  /** Code point (UTF-8 byte) order of {@code a} and {@code b} from index {@code from}. */
  static int compareFrom(String a, String b, int from) {
    int n = Math.min(a.length(), b.length());
    for (int i = from; i < n; i++) {
      char ca = a.charAt(i);
      char cb = b.charAt(i);
      if (ca != cb) {
        // UTF-16 order is code point order except surrogates against U+E000..U+FFFF
        if (Character.isSurrogate(ca) || Character.isSurrogate(cb)) {
          return Integer.compare(a.codePointAt(i), b.codePointAt(i));
        }
        return Character.compare(ca, cb);
      }
    }
    return Integer.compare(a.length(), b.length());
  }

  /**
   * A sort prefix of the logical order for {@code MergedScan.withSortPrefix}: the padded number
   * after the bucket, or null when the bucketed component is not a padded number. Keys that are not
   * a bucket and a padded number (a corrupt row, which fails to decode anyway) get 0.
   */
  public ToLongFunction<PrimaryKey> sortPrefix() {
    return numberWidth == 0 ? null : new NumberAfterBucket();
  }

  /**
   * {@link #numberAfterBucket}, read from a stored row's key bytes when they have the usual shape
   * (the value marker, then the bucket and the padded number in ASCII), else from its key.
   */
  private final class NumberAfterBucket implements StoredKeyPrefix {
    @Override
    public long applyAsLong(PrimaryKey key) {
      return numberAfterBucket(key);
    }

    @Override
    public long ofRow(Row row) {
      byte[] b = row.storedKey();
      if (b != null) {
        long n = numberAfterBucket(b);
        if (n != NOT_PLAIN) {
          return n;
        }
      }
      return numberAfterBucket(row.key());
    }
  }

  /** What {@link #numberAfterBucket(byte[])} returns for bytes it leaves to the decoded key. */
  private static final long NOT_PLAIN = Long.MIN_VALUE;

  /**
   * The number after the bucket in a one-text-column key's {@link OrderedKeyBytes} form, or {@link
   * #NOT_PLAIN} when its text does not start with {@code width + numberWidth} ASCII characters
   * (each byte then one char, so the offsets are those of the text) or a digit is not a digit.
   */
  private long numberAfterBucket(byte[] b) {
    int from = 1 + width; // after the value marker and the bucket
    boolean negative = signed && b.length > from && b[from] == '-';
    if (negative) {
      from++;
    }
    int end = from + numberWidth;
    if (b.length < end || b[0] != 0x01) {
      return NOT_PLAIN;
    }
    for (int i = 1; i < from; i++) {
      if (b[i] <= 0) { // the end mark's zero or a byte of a multi-byte character
        return NOT_PLAIN;
      }
    }
    long value = digits(b, from, end, negative);
    if (value == NOT_DIGITS) {
      return NOT_PLAIN;
    }
    return negative ? -value - 1 : value;
  }

  /** What {@link #digits(byte[], int, int, boolean)} returns when a byte is not a digit. */
  private static final long NOT_DIGITS = -1;

  /**
   * The number the ASCII decimal digits {@code b[from, to)} spell (their nines' complement if
   * {@code complement}), or {@link #NOT_DIGITS}; wraps as a long would for more than 18 digits, as
   * {@link #digits(String, int, int, boolean)} does. Eight digits at a time, each eight one
   * little-endian load, checked and summed by three multiplications (Lemire's method): the merge of
   * bucketed scans runs this once per row, and a loop over the 19 digits of a padded long was a
   * tenth of its time.
   */
  private static long digits(byte[] b, int from, int to, boolean complement) {
    long value = 0;
    int i = from;
    for (; to - i >= 8; i += 8) {
      long chunk = (long) LITTLE_ENDIAN_LONGS.get(b, i);
      if (((chunk & 0xF0F0F0F0F0F0F0F0L)
              | (((chunk + 0x0606060606060606L) & 0xF0F0F0F0F0F0F0F0L) >>> 4))
          != 0x3333333333333333L) {
        return NOT_DIGITS;
      }
      long d = chunk - 0x3030303030303030L; // each byte its digit, the first in the lowest byte
      if (complement) {
        d = 0x0909090909090909L - d; // no byte borrows: each is at most 9
      }
      d = d * 10 + (d >>> 8); // pairs of digits, in every other byte
      d =
          ((d & 0x000000FF000000FFL) * (100 + (1_000_000L << 32))
                  + ((d >>> 16) & 0x000000FF000000FFL) * (1 + (10_000L << 32)))
              >>> 32;
      value = value * 100_000_000L + d;
    }
    for (; i < to; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return NOT_DIGITS;
      }
      value = value * 10 + (complement ? 9 - d : d);
    }
    return value;
  }

  private static final VarHandle LITTLE_ENDIAN_LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private long numberAfterBucket(PrimaryKey key) {
    String text = key.get(0).asString();
    int from = width;
    boolean negative = signed && text.length() > from && text.charAt(from) == '-';
    if (negative) {
      from++;
    }
    if (text.length() < from + numberWidth) {
      return 0;
    }
    // two halves parsed as independent chains of multiply-adds (about half the latency of one
    // chain: this runs once per merged row), then joined
    int end = from + numberWidth;
    int middle = Math.max(from, end - 9);
    long high = digits(text, from, middle, negative);
    long low = digits(text, middle, end, negative);
    if (high < 0 || low < 0) {
      return 0;
    }
    long value = high * POWERS_OF_TEN[end - middle] + low;
    return negative ? -value - 1 : value;
  }

  private static final long[] POWERS_OF_TEN = {
    1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L
  };

  /**
   * The number the decimal digits {@code text[from, to)} spell (their nines' complement if {@code
   * complement}: a negative padded value is '-' and the nines' complement of -(v + 1)), or -1 if
   * one is not a digit.
   */
  private static long digits(String text, int from, int to, boolean complement) {
    long value = 0;
    for (int i = from; i < to; i++) {
      int d = text.charAt(i) - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      value = value * 10 + (complement ? 9 - d : d);
    }
    return value;
  }

  /**
   * The split points of a table of these buckets pre-split into at most {@code maxPartitions}
   * partitions at bucket boundaries: every bucket its own partition when the profile allows it,
   * otherwise the buckets grouped into {@code maxPartitions} runs of near-equal size (16 buckets on
   * Tablestore's 10: runs of 1 and 2 buckets).
   */
  public List<String> splitPoints(int maxPartitions) {
    return BucketCounts.splitPoints(buckets, maxPartitions);
  }
}
