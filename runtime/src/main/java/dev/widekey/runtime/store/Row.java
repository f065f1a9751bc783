package dev.widekey.runtime.store;

import dev.widekey.runtime.RuleViolationException;
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
  private final PrimaryKey key;
  private final SortedMap<String, AttrValue> columns;

  private Row(PrimaryKey key, SortedMap<String, AttrValue> columns) {
    this.key = key;
    this.columns = columns;
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
    return key;
  }

  /** The attribute columns, sorted by name. */
  public SortedMap<String, AttrValue> columns() {
    return columns;
  }

  /** The value of a column, or {@code null} if the row has no such column. */
  public AttrValue get(String column) {
    return columns.get(column);
  }

  /**
   * Bytes of the key and all attributes (names included), as batch limits count them.
   *
   * @throws IllegalArgumentException if a string (key, column name or value) holds an unpaired
   *     surrogate, which has no UTF-8 form
   */
  public long sizeInBytes() {
    long size = key.sizeInBytes();
    for (Map.Entry<String, AttrValue> e : columns.entrySet()) {
      size += Utf8.encodedLength(e.getKey()) + e.getValue().sizeInBytes();
    }
    return size;
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
    return o instanceof Row r && key.equals(r.key) && columns.equals(r.columns);
  }

  @Override
  public int hashCode() {
    return 31 * key.hashCode() + columns.hashCode();
  }

  /** The most columns {@link #toString} shows. */
  private static final int SHOWN_COLUMNS = 8;

  /**
   * The key and the first few columns, each value shortened as {@link AttrValue#toString} does:
   * never the whole row, which may hold thousands of columns and megabytes of personal data.
   */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder().append(key).append(" {");
    int i = 0;
    for (Map.Entry<String, AttrValue> e : columns.entrySet()) {
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
    if (columns.size() > SHOWN_COLUMNS) {
      out.append(" (").append(columns.size()).append(" columns)");
    }
    return out.toString();
  }
}
