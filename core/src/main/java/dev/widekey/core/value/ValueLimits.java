package dev.widekey.core.value;

import dev.widekey.core.store.StoreLimits;

/**
 * The bounds on stored values that an annotation may set and the runtime enforces: the scale of a
 * {@code @Money} amount, the inflated size of a compressed value, the size of a {@code @Chunked}
 * value and of the pieces it is cut into. The processor checks annotation values against them; the
 * runtime's {@code Money}, {@code Compression} and {@code ChunkRows} work within them.
 */
public final class ValueLimits {
  /** The largest {@code @Money} scale: a long holds 18 full decimal digits. */
  public static final int MONEY_MAX_SCALE = 18;

  /**
   * The default cap on a compressed value's inflated size: 32 MiB. A stored value that would
   * inflate past it is refused on read (a decompression bomb), so no single value can take the
   * heap.
   */
  public static final int DEFAULT_MAX_INFLATED_BYTES = 32 * 1024 * 1024;

  /** The largest inflated-size cap: the largest array the JVM allocates. */
  public static final int LARGEST_MAX_INFLATED_BYTES = Integer.MAX_VALUE - 8;

  /** The default cap of one {@code @Chunked} value, in bytes (UTF-8 for a String): 64 MiB. */
  public static final long DEFAULT_MAX_CHUNKED_BYTES = 64L << 20;

  /** The largest {@code @Chunked} cap: a value is joined into one Java array. */
  public static final long LARGEST_MAX_CHUNKED_BYTES = Integer.MAX_VALUE - 8;

  /**
   * Bytes a chunk row keeps for everything but its piece: its key (the partition column, tag and
   * part), the owner (the hot key in the ordered key bytes: at most twice the key's bytes and a
   * marker per column), the write time and the column names. 64 KiB plus twice the profile's key
   * bound, so that every chunk row fits one row and one put on every profile.
   */
  public static final int CHUNK_RESERVED_BYTES = 64 * 1024;

  private ValueLimits() {}

  /**
   * The most bytes of a value one chunk row carries on a profile: the attribute limit, or less
   * where one row's values together, or one put of a row, leave less beside the key and owner
   * (Lindorm's 2 MB a row). The one place this is derived.
   */
  public static int chunkBytes(StoreLimits limits) {
    long keyBound = Math.min(limits.maxPkTotalBytes(), limits.maxRowKeyBytes());
    // the piece's own cell, as the profile's row limit counts it (a type tag on Lindorm)
    long cell = limits.sizeMeasure().valueBytes(0);
    long room = limits.maxRowValueBytes() - CHUNK_RESERVED_BYTES - 2 * keyBound - cell;
    return (int) Math.max(1, Math.min(limits.maxAttributeBytes(), room));
  }

  /** The most chunk rows a value of {@code maxBytes} bytes takes on a profile. */
  public static long chunkPartsOf(long maxBytes, StoreLimits limits) {
    int piece = chunkBytes(limits);
    return (maxBytes + piece - 1) / piece;
  }
}
