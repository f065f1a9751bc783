package dev.widekey.runtime.store;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * An ordered list of primary-key column values. Primary keys compare column by column, each column
 * in its type's order ({@link PkValue}); the stores sort rows this way.
 *
 * <pre>{@code
 * PrimaryKey key = PrimaryKey.of(PkValue.ofString("192.168.0.1"), PkValue.ofInteger(1700000000000L));
 * }</pre>
 */
public final class PrimaryKey implements Comparable<PrimaryKey> {
  private final List<PkValue> values;

  /** The hash, once computed; 0 until then (a key is hashed on every map a write passes). */
  private int hash;

  /**
   * The key's {@link OrderedKeyBytes} encoding where it was decoded from one, else null: a key read
   * from the store and then asked for (an index row's hot key, read by a multi-get) is not encoded
   * again. Never handed out: {@link OrderedKeyBytes#encode} copies it.
   */
  private final byte[] encoding;

  private PrimaryKey(List<PkValue> values, byte[] encoding) {
    this.values = values;
    this.encoding = encoding;
  }

  /** A key of these column values. */
  public static PrimaryKey of(PkValue... values) {
    return of(List.of(values));
  }

  /** A key of these column values. */
  public static PrimaryKey of(List<PkValue> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("a primary key has at least one column");
    }
    for (PkValue v : values) {
      Objects.requireNonNull(v, "primary-key column value");
    }
    return new PrimaryKey(List.copyOf(values), null);
  }

  /**
   * A key {@link OrderedKeyBytes} decoded from {@code encoding}, which nobody changes: the values
   * checked by the decode, the encoding kept for its next encode.
   */
  static PrimaryKey decoded(List<PkValue> values, byte[] encoding) {
    return new PrimaryKey(List.copyOf(values), encoding);
  }

  /** The encoding this key was decoded from, or null; not to be changed. */
  byte[] encoding() {
    return encoding;
  }

  /** The column values, in order. */
  public List<PkValue> values() {
    return values;
  }

  /** The number of columns. */
  public int size() {
    return values.size();
  }

  /** The value of column {@code index}. */
  public PkValue get(int index) {
    return values.get(index);
  }

  /**
   * Bytes of all the key's columns ({@link PkValue#sizeInBytes}), the key's part of a row's or a
   * write's size.
   *
   * <pre>{@code
   * PrimaryKey.of(PkValue.ofString("é"), PkValue.ofInteger(7)).sizeInBytes();  // 2 + 8
   * }</pre>
   *
   * @throws IllegalArgumentException if a string holds an unpaired surrogate
   */
  public long sizeInBytes() {
    long size = 0;
    for (PkValue v : values) {
      size += v.sizeInBytes();
    }
    return size;
  }

  /** Whether a column holds {@link PkValue#INF_MIN} or {@link PkValue#INF_MAX}. */
  public boolean hasInfinite() {
    for (PkValue v : values) {
      if (v.isInfinite()) {
        return true;
      }
    }
    return false;
  }

  /**
   * A scan bound: the given leading values followed by {@code fill} up to {@code columns} columns,
   * e.g. {@code bound(List.of(pk), PkValue.INF_MIN, 2)} is the first key of {@code pk}.
   */
  public static PrimaryKey bound(List<PkValue> leading, PkValue fill, int columns) {
    if (leading.size() > columns) {
      throw new IllegalArgumentException(
          leading.size() + " leading values for a key of " + columns + " columns");
    }
    List<PkValue> out = new ArrayList<>(columns);
    out.addAll(leading);
    out.addAll(Collections.nCopies(columns - leading.size(), fill));
    return of(out);
  }

  /** Whether the values match the schema's column count and types. */
  public boolean matches(List<PkColumn> schema) {
    if (schema.size() != values.size()) {
      return false;
    }
    for (int i = 0; i < values.size(); i++) {
      PkValue v = values.get(i);
      if (!v.isInfinite() && v.type() != schema.get(i).type()) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int compareTo(PrimaryKey other) {
    int n = Math.min(values.size(), other.values.size());
    for (int i = 0; i < n; i++) {
      int c = values.get(i).compareTo(other.values.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(values.size(), other.values.size());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PrimaryKey p && values.equals(p.values);
  }

  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      h = values.hashCode();
      hash = h; // a race computes the same value again
    }
    return h;
  }

  @Override
  public String toString() {
    return values.toString();
  }
}
