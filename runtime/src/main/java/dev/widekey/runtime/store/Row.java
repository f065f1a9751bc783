package dev.widekey.runtime.store;

import dev.widekey.core.RuleViolationException;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.core.store.Utf8;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A row: its primary key and its attribute columns (sorted by name). Immutable.
 *
 * <pre>{@code
 * Row row = Row.of(key, Map.of("quantity", AttrValue.ofInteger(3)));
 * }</pre>
 */
public final class Row {
  /** Up to this many columns {@link #get} compares names one by one, above it by halves. */
  private static final int LINEAR_SEARCH = 8;

  // null until decoded for a stored row (see Row.stored); a racy cache is safe, as PrimaryKey is
  // immutable with final fields
  private PrimaryKey key;
  // A stored row (Row.stored) keeps the store's bytes and decodes a part when first asked for it:
  // a scan's caller pays only for what it reads, and a merge orders rows by their key bytes
  private final byte[] storedKey;
  private final byte[] storedColumns;
  private final StoredRowDecoder decoder;
  private Decoded decoded; // a stored row's columns once decoded; racy, its fields are final
  private boolean lookedUp; // a stored row was asked for one column: a second lookup decodes all
  // A row a store decoded holds its columns as two arrays in name order (names[i] holds
  // values[i]): a dozen fewer objects per row than a TreeMap, which a merge reading pages on
  // another thread pays for in cache misses. A row built from a map keeps the map; names is null.
  private final String[] names;
  private final AttrValue[] values;
  private final int size; // 0 for a stored row: its count is in decoded()
  // built from the arrays when first asked for; a racy cache is safe, as the unmodifiable
  // wrapper reaches the finished TreeMap through a final field
  private SortedMap<String, AttrValue> columns;
  // sizeInBytes once measured (-1: not yet): a write asks for it in its checks, its batch's limit
  // and the partition counters; volatile, as a long's write is not atomic everywhere
  private volatile long sizeInBytes = -1;

  private Row(PrimaryKey key, SortedMap<String, AttrValue> columns) {
    this.key = key;
    this.columns = columns;
    this.names = null;
    this.values = null;
    this.size = columns.size();
    this.storedKey = null;
    this.storedColumns = null;
    this.decoder = null;
  }

  private Row(PrimaryKey key, String[] names, AttrValue[] values, int size) {
    this.key = key;
    this.names = names;
    this.values = values;
    this.size = size;
    this.storedKey = null;
    this.storedColumns = null;
    this.decoder = null;
  }

  private Row(byte[] storedKey, byte[] storedColumns, StoredRowDecoder decoder) {
    this.storedKey = Objects.requireNonNull(storedKey, "storedKey");
    this.storedColumns = Objects.requireNonNull(storedColumns, "storedColumns");
    this.decoder = Objects.requireNonNull(decoder, "decoder");
    this.names = null;
    this.values = null;
    this.size = 0;
  }

  /** A stored row's columns, decoded. */
  private record Decoded(String[] names, AttrValue[] values, int size) {}

  /**
   * A row a store read, kept in its stored form: {@code storedKey} (the key's {@link
   * OrderedKeyBytes}) and {@code storedColumns} (the store's encoding of the attribute columns)
   * decode through {@code decoder} when first asked for ({@link #key()}, {@link #get}, {@link
   * #columns()}). A caller that reads one column of each row pays for that column alone, and a
   * merge of scans orders rows by their key bytes without decoding the keys. The arrays are the
   * row's from then on: neither side may modify them. A corrupt stored form throws its {@link
   * StoreException} from the method that decodes it, not from the scan.
   *
   * <pre>{@code
   * Row row = Row.stored(keyBytes, columnBytes, tableDecoder);
   * }</pre>
   */
  public static Row stored(byte[] storedKey, byte[] storedColumns, StoredRowDecoder decoder) {
    return new Row(storedKey, storedColumns, decoder);
  }

  /**
   * The key's {@link OrderedKeyBytes} form if the store kept the row stored ({@link #stored}), else
   * null: what a merge reads a sort prefix from without decoding the key. The array is the row's
   * own: do not modify it.
   */
  public byte[] storedKey() {
    return storedKey;
  }

  private Decoded decoded() {
    Decoded d = decoded;
    if (d == null) {
      Builder b = decoder.columns(storedColumns);
      d = new Decoded(b.names, b.values, b.size);
      decoded = d;
    }
    return d;
  }

  /**
   * A builder of a row from columns given in ascending name order: what a store's decoder uses to
   * build a row without a map per row.
   *
   * <pre>{@code
   * Row row = Row.builder(2).add("a", AttrValue.ofInteger(1)).add("b", v).build(key);
   * }</pre>
   */
  public static Builder builder(int expectedColumns) {
    return new Builder(expectedColumns);
  }

  /** Columns in ascending name order, then {@link #build}: see {@link Row#builder}. */
  public static final class Builder {
    private static final String[] NO_NAMES = {};
    private static final AttrValue[] NO_VALUES = {};

    private final int expected;
    private String[] names = NO_NAMES;
    private AttrValue[] values = NO_VALUES;
    private int size;

    private Builder(int expectedColumns) {
      this.expected = Math.max(1, expectedColumns);
    }

    /**
     * Adds a column after those added before.
     *
     * @throws IllegalArgumentException if {@code name} does not sort after the column added last
     *     ({@link String#compareTo}, the order of {@link Row#columns()}): out of order or repeated
     */
    public Builder add(String name, AttrValue value) {
      Objects.requireNonNull(name, "column name");
      Objects.requireNonNull(value, () -> "value of column " + name);
      if (size > 0 && names[size - 1].compareTo(name) >= 0) {
        throw new IllegalArgumentException(
            "column "
                + RuleViolationException.escapedPrefix(name)
                + " does not sort after column "
                + RuleViolationException.escapedPrefix(names[size - 1])
                + ": columns are added in ascending name order, each once");
      }
      if (size == names.length) {
        int capacity = size == 0 ? expected : 2 * size;
        names = Arrays.copyOf(names, capacity);
        values = Arrays.copyOf(values, capacity);
      }
      names[size] = name;
      values[size++] = value;
      return this;
    }

    /** The columns added so far. */
    public int size() {
      return size;
    }

    /** The row of these columns; the builder starts over empty. */
    public Row build(PrimaryKey key) {
      Objects.requireNonNull(key, "key");
      Row row = new Row(key, names, values, size);
      names = NO_NAMES; // the row owns the arrays now
      values = NO_VALUES;
      size = 0;
      return row;
    }
  }

  /** A row with these attribute columns. */
  public static Row of(PrimaryKey key, Map<String, AttrValue> columns) {
    Objects.requireNonNull(key, "key");
    if (columns instanceof SortedMap<String, AttrValue> sorted && sorted.comparator() == null) {
      // already in name order (a decoded row): copied in one pass, without comparisons
      sorted.forEach(
          (name, value) -> {
            Objects.requireNonNull(name, "column name");
            Objects.requireNonNull(value, () -> "value of column " + name);
          });
      return new Row(key, Collections.unmodifiableSortedMap(new TreeMap<>(sorted)));
    }
    TreeMap<String, AttrValue> copy = new TreeMap<>();
    columns.forEach(
        (name, value) ->
            copy.put(
                Objects.requireNonNull(name, "column name"),
                Objects.requireNonNull(value, () -> "value of column " + name)));
    return new Row(key, Collections.unmodifiableSortedMap(copy));
  }

  public PrimaryKey key() {
    PrimaryKey k = key;
    if (k == null) {
      k = decoder.key(storedKey);
      key = k;
    }
    return k;
  }

  /** The attribute columns, sorted by name. */
  public SortedMap<String, AttrValue> columns() {
    SortedMap<String, AttrValue> map = columns;
    if (map == null) {
      TreeMap<String, AttrValue> built = new TreeMap<>();
      if (decoder != null) {
        Decoded d = decoded();
        for (int i = 0; i < d.size(); i++) {
          built.put(d.names()[i], d.values()[i]);
        }
      }
      for (int i = 0; i < size; i++) {
        built.put(names[i], values[i]);
      }
      map = Collections.unmodifiableSortedMap(built);
      columns = map;
    }
    return map;
  }

  /** The number of attribute columns. */
  public int columnCount() {
    return decoder != null ? decoded().size() : size;
  }

  /** The value of a column, or {@code null} if the row has no such column. */
  public AttrValue get(String column) {
    if (decoder != null) {
      Decoded d = decoded;
      if (d == null && !lookedUp) {
        // one column looked up alone is decoded alone; a reader that asks for more decodes the
        // row once rather than walking it per column
        lookedUp = true;
        return decoder.column(storedColumns, Objects.requireNonNull(column, "column"));
      }
      d = decoded();
      return find(d.names(), d.values(), d.size(), column);
    }
    if (names == null) {
      return columns.get(column);
    }
    return find(names, values, size, column);
  }

  private static AttrValue find(String[] names, AttrValue[] values, int size, String column) {
    if (size <= LINEAR_SEARCH) {
      for (int i = 0; i < size; i++) {
        if (names[i].equals(column)) {
          return values[i];
        }
      }
      return null;
    }
    int i = Arrays.binarySearch(names, 0, size, column);
    return i >= 0 ? values[i] : null;
  }

  /**
   * Bytes of the key and all attributes (names included), as batch limits count them.
   *
   * @throws IllegalArgumentException if a string (key, column name or value) holds an unpaired
   *     surrogate, which has no UTF-8 form
   */
  public long sizeInBytes() {
    long bytes = sizeInBytes;
    if (bytes < 0) {
      bytes = measure(); // throws, and caches nothing, for a string with no UTF-8 form
      sizeInBytes = bytes;
    }
    return bytes;
  }

  private long measure() {
    long bytes = key().sizeInBytes();
    if (decoder != null) {
      Decoded d = decoded();
      for (int i = 0; i < d.size(); i++) {
        bytes += Utf8.encodedLength(d.names()[i]) + d.values()[i].sizeInBytes();
      }
      return bytes;
    }
    if (names != null) {
      for (int i = 0; i < size; i++) {
        bytes += Utf8.encodedLength(names[i]) + values[i].sizeInBytes();
      }
      return bytes;
    }
    for (Map.Entry<String, AttrValue> e : columns.entrySet()) {
      bytes += Utf8.encodedLength(e.getKey()) + e.getValue().sizeInBytes();
    }
    return bytes;
  }

  /**
   * Bytes of a put of this row into a table whose primary key is {@code primaryKey}, as Tablestore
   * counts the data of a write request (PutRow, UpdateRow, a row of BatchWriteRow) and {@link
   * StoreLimits#maxPutBytes} bounds it: {@link #sizeInBytes} and the key columns' names.
   *
   * <pre>{@code long bytes = row.putSizeInBytes(spec.primaryKey()); // "pk" + "a100" + "q" + 8}
   * </pre>
   *
   * @throws IllegalArgumentException if a string holds an unpaired surrogate
   */
  public long putSizeInBytes(List<PkColumn> primaryKey) {
    long size = sizeInBytes();
    for (PkColumn c : primaryKey) {
      size += Utf8.encodedLength(c.name());
    }
    return size;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Row r && key().equals(r.key()) && columns().equals(r.columns());
  }

  @Override
  public int hashCode() {
    return 31 * key().hashCode() + columns().hashCode();
  }

  /** The most columns {@link #toString} shows. */
  private static final int SHOWN_COLUMNS = 8;

  /**
   * The key and the first few columns, each value shortened as {@link AttrValue#toString} does:
   * never the whole row, which may hold thousands of columns and megabytes of personal data.
   */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder().append(key()).append(" {");
    int i = 0;
    for (Map.Entry<String, AttrValue> e : columns().entrySet()) {
      if (i == SHOWN_COLUMNS) {
        out.append(", …");
        break;
      }
      out.append(i++ == 0 ? "" : ", ")
          .append(RuleViolationException.escapedPrefix(e.getKey()))
          .append('=')
          .append(e.getValue());
    }
    out.append('}');
    if (columnCount() > SHOWN_COLUMNS) {
      out.append(" (").append(columnCount()).append(" columns)");
    }
    return out.toString();
  }
}
