package dev.widekey.processor.model;

import dev.widekey.runtime.store.PkType;
import java.util.ArrayList;
import java.util.List;

/**
 * How a valid entity's key components become primary-key columns: the partition-key column (one
 * component stored as itself, or several spliced into text, possibly hash-prefixed) and one column
 * per key column. The generators and the schema export share it.
 */
public record KeyLayout(
    EntityModel entity,
    ColumnLayout partition,
    List<ColumnLayout> keyColumns,
    List<String> splitPoints) {

  public static KeyLayout of(EntityModel entity) {
    List<KeyComponent> pk = entity.partitionKey();
    boolean text = pk.size() > 1 || entity.hashPrefix() != null || pk.get(0).reversed();
    PkType partitionType = text ? PkType.STRING : columnType(pk.get(0));
    ColumnLayout partition = new ColumnLayout(ColumnNames.of(pk), partitionType, pk);
    List<ColumnLayout> columns = new ArrayList<>();
    for (KeyComponent c : entity.keyColumns()) {
      columns.add(new ColumnLayout(c.name(), columnType(c), List.of(c)));
    }
    return new KeyLayout(entity, partition, columns, splitPoints(entity, partitionType));
  }

  /** All primary-key columns, partition key first. */
  public List<ColumnLayout> columns() {
    List<ColumnLayout> all = new ArrayList<>();
    all.add(partition);
    all.addAll(keyColumns);
    return all;
  }

  /** The layout of the key column holding {@code c}. */
  public ColumnLayout columnOf(KeyComponent c) {
    for (ColumnLayout column : keyColumns) {
      if (column.single() == c) {
        return column;
      }
    }
    throw new IllegalArgumentException(c.name() + " is not a key column");
  }

  /** Whether the partition column is text built from its components rather than one value. */
  public boolean partitionIsText() {
    KeyComponent first = partition.single();
    return partition.components().size() > 1
        || entity.hashPrefix() != null
        || first.reversed()
        || (partition.type() == PkType.STRING && first.padding() != null);
  }

  /**
   * The fewest leading partition-key components an exact-prefix scan may fix, or a number above the
   * component count when no proper prefix can be scanned. A hash over the whole key allows only the
   * whole key; a hash over component {@code h} needs components up to {@code h}.
   */
  public int shortestScannablePrefix() {
    HashPrefixSpec hash = entity.hashPrefix();
    if (hash == null) {
      return 1;
    }
    if (hash.on() == entity.type()) {
      return partition.components().size();
    }
    for (int i = 0; i < partition.components().size(); i++) {
      if (partition.components().get(i).hashPrefix() != null) {
        return i + 1;
      }
    }
    return partition.components().size();
  }

  private static PkType columnType(KeyComponent c) {
    if (c.padding() != null) {
      return PkType.STRING;
    }
    if (c.kind().integral()) {
      return PkType.INTEGER;
    }
    return c.kind() == ValueKind.BYTES ? PkType.BINARY : PkType.STRING;
  }

  /** Uniform hex boundaries for a hash prefix; '1'..'9' for a reversed number; else none. */
  private static List<String> splitPoints(EntityModel entity, PkType partitionType) {
    List<String> points = new ArrayList<>();
    HashPrefixSpec hash = entity.hashPrefix();
    if (hash != null) {
      int digits = Math.min(hash.length(), 3);
      long space = 1L << (4 * digits);
      for (int i = 1; i < hash.partitions(); i++) {
        String boundary = String.format("%0" + digits + "x", i * space / hash.partitions());
        StringBuilder padded = new StringBuilder(boundary);
        while (padded.length() < hash.length()) {
          padded.append('0');
        }
        points.add(padded.toString());
      }
      return points;
    }
    KeyComponent leading = entity.partitionKey().get(0);
    if (partitionType == PkType.STRING && leading.reversed() && leading.kind().integral()) {
      for (char d = '1'; d <= '9'; d++) {
        points.add(String.valueOf(d));
      }
    }
    return points;
  }
}
