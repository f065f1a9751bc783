package dev.widekey.runtime.store;

import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Which attribute columns a read returns: all of them, or the named ones.
 *
 * <pre>{@code store.get("items", key, ColumnSelection.of("quantity", "price"))}</pre>
 */
public final class ColumnSelection {
  private static final ColumnSelection ALL = new ColumnSelection(null);
  private static final ColumnSelection KEYS_ONLY =
      new ColumnSelection(java.util.Collections.emptySortedSet());

  private final SortedSet<String> names; // null: all

  /**
   * The same names for {@link #includes} when they are few ({@link #FEW}), else null: a store asks
   * it of every column of every row it decodes, and an index read selects a handful of hot columns,
   * where a walk down the sorted set compared strings at each level (6% of a page read through an
   * index on the embedded store); equals on a short array stops at a length or a first byte.
   */
  private final String[] few;

  private static final int FEW = 8;

  private ColumnSelection(SortedSet<String> names) {
    this.names = names;
    this.few = names != null && names.size() <= FEW ? names.toArray(new String[0]) : null;
  }

  public static ColumnSelection all() {
    return ALL;
  }

  /** The named columns; a name given twice is selected once, as the stores do. */
  public static ColumnSelection of(String... names) {
    if (names.length == 1) {
      // a conditional write's check of one column builds one per write: no set to copy from
      TreeSet<String> one = new TreeSet<>();
      one.add(java.util.Objects.requireNonNull(names[0], "column name"));
      return new ColumnSelection(java.util.Collections.unmodifiableSortedSet(one));
    }
    return of(new java.util.HashSet<>(java.util.Arrays.asList(names)));
  }

  public static ColumnSelection of(Set<String> names) {
    if (names.isEmpty()) {
      throw new IllegalArgumentException("a column selection names at least one column");
    }
    return new ColumnSelection(java.util.Collections.unmodifiableSortedSet(new TreeSet<>(names)));
  }

  /**
   * No attribute column: every row of the range with its primary key only, for counts and existence
   * checks. Unlike a selection of named columns, which leaves out a row holding none of them (as an
   * HBase Get or Scan of absent columns does), it returns every row. Each store asks its service
   * for the key alone (HBase: the row marker cell only; Tablestore: the first primary-key column as
   * the column to get).
   *
   * <pre>
   * {@code long n = store.scan("items", range.withColumns(ColumnSelection.keysOnly())).count();}
   * </pre>
   */
  public static ColumnSelection keysOnly() {
    return KEYS_ONLY;
  }

  /** Whether this is {@link #keysOnly()}. */
  public boolean isKeysOnly() {
    return names != null && names.isEmpty();
  }

  public boolean isAll() {
    return names == null;
  }

  /** The selected names; only when not {@link #isAll()}. */
  public SortedSet<String> names() {
    if (names == null) {
      throw new IllegalStateException("all columns are selected");
    }
    return names;
  }

  public boolean includes(String column) {
    if (few == null) {
      return names == null || names.contains(column);
    }
    for (String name : few) {
      if (name.equals(column)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ColumnSelection c && java.util.Objects.equals(names, c.names);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hashCode(names);
  }

  @Override
  public String toString() {
    return names == null ? "all" : names.isEmpty() ? "keys only" : names.toString();
  }
}
