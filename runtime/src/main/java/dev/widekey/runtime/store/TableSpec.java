package dev.widekey.runtime.store;

import java.util.List;
import java.util.Objects;

/**
 * What a store needs to create a table: its name, its primary-key schema and the points at which it
 * is pre-split into partitions. A split point is a one-column key on the partition-key column;
 * partition {@code i} holds the keys from split point {@code i - 1} (inclusive) up to split point
 * {@code i} (exclusive).
 *
 * <pre>{@code
 * TableSpec spec = new TableSpec("orders",
 *     List.of(new PkColumn("pk", PkType.STRING)),
 *     List.of(PkValue.ofString("4"), PkValue.ofString("8"), PkValue.ofString("c")));
 * }</pre>
 *
 * @param name table name
 * @param primaryKey the primary-key columns, partition key first
 * @param splitPoints ascending, distinct values of the partition-key column's type
 */
public record TableSpec(String name, List<PkColumn> primaryKey, List<PkValue> splitPoints) {
  public TableSpec {
    Objects.requireNonNull(name, "name");
    primaryKey = List.copyOf(primaryKey);
    splitPoints = List.copyOf(splitPoints);
    if (name.isEmpty()) {
      throw new IllegalArgumentException("table name is empty");
    }
    if (primaryKey.isEmpty()) {
      throw new IllegalArgumentException("table " + name + " has no primary-key column");
    }
    PkType partitionType = primaryKey.get(0).type();
    for (int i = 0; i < splitPoints.size(); i++) {
      PkValue p = splitPoints.get(i);
      if (p.isInfinite() || p.type() != partitionType) {
        throw new IllegalArgumentException(
            "split point " + p + " of table " + name + " is not a " + partitionType + " value");
      }
      if (i > 0 && splitPoints.get(i - 1).compareTo(p) >= 0) {
        throw new IllegalArgumentException("split points of table " + name + " are not ascending");
      }
    }
  }

  /** A table without pre-split points. */
  public TableSpec(String name, List<PkColumn> primaryKey) {
    this(name, primaryKey, List.of());
  }

  /** The number of partitions the split points make. */
  public int partitionCount() {
    return splitPoints.size() + 1;
  }
}
