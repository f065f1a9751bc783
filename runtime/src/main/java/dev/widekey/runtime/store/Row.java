package dev.widekey.runtime.store;

import dev.widekey.core.RuleViolationException;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.core.store.Utf8;
import java.util.Arrays;
import java.util.Collections;
import java.util.ConcurrentModificationException;
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
  // A row holds its columns as two arrays in name order (names[i] holds values[i]), however it
  // was built: a dozen fewer objects per row than a TreeMap, which a merge reading pages on
  // another thread pays for in cache misses, and which every write walked to check and encode
  // its row. A stored row's arrays are null until decoded (see decoded).
  private final String[] names;
  private final AttrValue[] values;
  private final int size; // 0 for a stored row: its count is in decoded()
  // built from the arrays when first asked for; a racy cache is safe, as the unmodifiable
  // wrapper reaches the finished TreeMap through a final field
  private SortedMap<String, AttrValue> columns;
  // sizeInBytes once measured (-1: not yet): a write asks for it in its checks, its batch's limit
  // and the partition counters; volatile, as a long's write is not atomic everywhere
  private volatile long sizeInBytes = -1;

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
    int n = columns.size();
    String[] names = new String[n];
    AttrValue[] values = new AttrValue[n];
    int i = 0;
    for (Map.Entry<String, AttrValue> e : columns.entrySet()) {
      if (i == n) {
        throw new ConcurrentModificationException("columns of row " + key + " changed meanwhile");
      }
      String name = Objects.requireNonNull(e.getKey(), "column name");
      names[i] = name;
      values[i++] = Objects.requireNonNull(e.getValue(), () -> "value of column " + name);
    }
    if (i != n) {
      throw new ConcurrentModificationException("columns of row " + key + " changed meanwhile");
    }
    // a sorted map in natural order (a decoded row's columns) is in name order already
    if (!(columns instanceof SortedMap<String, AttrValue> sorted && sorted.comparator() == null)) {
      sortByName(names, values, n);
    }
    return new Row(key, names, values, n);
  }

  /**
   * Sorts the columns by name (a map's keys are distinct): insertion sort, as a row has a few
   * columns in most cases, by an index array where it has many.
   */
  private static void sortByName(String[] names, AttrValue[] values, int n) {
    if (n <= 16) {
      for (int i = 1; i < n; i++) {
        String name = names[i];
        AttrValue value = values[i];
        int j = i - 1;
        while (j >= 0 && names[j].compareTo(name) > 0) {
          names[j + 1] = names[j];
          values[j + 1] = values[j];
          j--;
        }
        names[j + 1] = name;
        values[j + 1] = value;
      }
      return;
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    String[] byIndex = names.clone();
    AttrValue[] valueByIndex = values.clone();
    Arrays.sort(order, (a, b) -> byIndex[a].compareTo(byIndex[b]));
    for (int i = 0; i < n; i++) {
      names[i] = byIndex[order[i]];
      values[i] = valueByIndex[order[i]];
    }
  }

  /**
   * This row with {@code column} set to {@code value}: added where the row has no such column,
   * replaced where it has. The columns are copied once; no map is built.
   *
   * <pre>{@code Row tagged = row.with("wk_tag", AttrValue.ofInteger(tag));}</pre>
   */
  public Row with(String column, AttrValue value) {
    Objects.requireNonNull(column, "column name");
    Objects.requireNonNull(value, () -> "value of column " + column);
    int n = columnCount();
    String[] names = new String[n + 1];
    AttrValue[] values = new AttrValue[n + 1];
    int out = 0;
    boolean placed = false;
    for (int i = 0; i < n; i++) {
      String name = columnName(i);
      int c = placed ? -1 : name.compareTo(column);
      if (c == 0) {
        names[out] = column;
        values[out++] = value;
        placed = true;
        continue;
      }
      if (c > 0) {
        names[out] = column;
        values[out++] = value;
        placed = true;
      }
      names[out] = name;
      values[out++] = columnValue(i);
    }
    if (!placed) {
      names[out] = column;
      values[out++] = value;
    }
    return new Row(key(), names, values, out);
  }

  public PrimaryKey key() {
    PrimaryKey k = key;
    if (k == null) {
      k = decoder.key(storedKey);
      key = k;
    }
    return k;
  }

  /**
   * The same columns under another key, shared rather than copied (a row is immutable).
   *
   * <pre>{@code Row moved = row.withKey(newKey);}</pre>
   */
  public Row withKey(PrimaryKey key) {
    Objects.requireNonNull(key, "key");
    if (decoder != null) {
      Decoded d = decoded();
      return new Row(key, d.names(), d.values(), d.size());
    }
    return new Row(key, names, values, size);
  }

  /**
   * The attribute columns, sorted by name. A map is built on the first call; a caller that walks
   * the columns of many rows reads them by position ({@link #columnName}, {@link #columnValue}).
   */
  public SortedMap<String, AttrValue> columns() {
    SortedMap<String, AttrValue> map = columns;
    if (map == null) {
      TreeMap<String, AttrValue> built = new TreeMap<>();
      int n = columnCount();
      for (int i = 0; i < n; i++) {
        built.put(columnName(i), columnValue(i));
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

  /**
   * The name of the attribute column at {@code position} in name order ({@code 0 <= position <
   * }{@link #columnCount()}).
   *
   * <pre>{@code
   * for (int i = 0; i < row.columnCount(); i++) check(row.columnName(i), row.columnValue(i));
   * }</pre>
   */
  public String columnName(int position) {
    if (decoder != null) {
      Decoded d = decoded();
      Objects.checkIndex(position, d.size());
      return d.names()[position];
    }
    Objects.checkIndex(position, size);
    return names[position];
  }

  /** The value of the attribute column at {@code position}: see {@link #columnName}. */
  public AttrValue columnValue(int position) {
    if (decoder != null) {
      Decoded d = decoded();
      Objects.checkIndex(position, d.size());
      return d.values()[position];
    }
    Objects.checkIndex(position, size);
    return values[position];
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
    for (int i = 0; i < size; i++) {
      bytes += Utf8.encodedLength(names[i]) + values[i].sizeInBytes();
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
