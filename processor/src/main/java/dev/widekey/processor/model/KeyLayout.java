package dev.widekey.processor.model;

import dev.widekey.core.key.BucketCounts;
import dev.widekey.core.key.HashPrefixWidths;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.StoreLimits;
import java.util.ArrayList;
import java.util.List;

/**
 * How a valid entity's key components become primary-key columns: the partition-key column (one
 * component stored as itself, or text built from its components: spliced, hash-prefixed, reversed
 * or padded) and one column per key column. Computed once, after validation, and given with the
 * entity to every generator and the schema export; each key-layout fact is one method here.
 *
 * @param partition the partition-key column
 * @param keyColumns the further primary-key columns, in order
 * @param partitionIsText whether the partition column is text built from its components (by the
 *     generated {@code partitionKey(...)}) rather than one component stored as itself
 * @param hashPrefix the hash prefix leading the partition column, or null
 * @param hashedComponent the one component whose text alone the hash prefix digests, or null when
 *     it digests the whole partition text (or there is no prefix)
 * @param splitPoints the partition-key values the table is pre-split at
 * @param buckets the {@code @Bucketed} count of the leading component, whose bucket number leads
 *     the partition text ({@link dev.widekey.core.key.BucketCounts}), or 0
 */
public record KeyLayout(
    ColumnLayout partition,
    List<ColumnLayout> keyColumns,
    boolean partitionIsText,
    HashPrefixSpec hashPrefix,
    KeyComponent hashedComponent,
    List<String> splitPoints,
    int buckets) {

  public KeyLayout {
    keyColumns = List.copyOf(keyColumns);
    splitPoints = List.copyOf(splitPoints);
  }

  public static KeyLayout of(EntityModel entity) {
    List<KeyComponent> pk = entity.partitionKey();
    KeyComponent first = pk.get(0);
    HashPrefixSpec hash = entity.hashPrefix();
    int buckets = entity.bucketed() == null ? 0 : entity.bucketed().buckets();
    boolean text =
        pk.size() > 1 || hash != null || first.reversed() || first.padding() != null || buckets > 0;
    PkType partitionType = text ? PkType.STRING : columnType(first);
    List<ColumnLayout> columns = new ArrayList<>();
    for (KeyComponent c : entity.keyColumns()) {
      columns.add(new ColumnLayout(c.name(), columnType(c), List.of(c)));
    }
    return new KeyLayout(
        new ColumnLayout(ColumnNames.of(pk), partitionType, pk),
        columns,
        text,
        hash,
        hashedComponent(entity),
        splitPoints(entity, partitionType, buckets),
        buckets);
  }

  /** The bucketed leading component, or null. */
  public KeyComponent bucketed() {
    return buckets > 0 ? partition.components().get(0) : null;
  }

  /** All primary-key columns, partition key first. */
  public List<ColumnLayout> columns() {
    List<ColumnLayout> all = new ArrayList<>();
    all.add(partition);
    all.addAll(keyColumns);
    return all;
  }

  /** The column holding {@code c}. */
  public ColumnLayout columnOf(KeyComponent c) {
    for (ColumnLayout column : columns()) {
      if (column.components().contains(c)) {
        return column;
      }
    }
    throw new IllegalArgumentException(c.name() + " is not a key component");
  }

  /** Whether the hash prefix digests the whole partition text rather than one component's. */
  public boolean hashesWholeText() {
    return hashPrefix != null && hashedComponent == null;
  }

  /**
   * The fewest leading partition-key components an exact-prefix scan may fix, or a number above the
   * component count when no proper prefix can be scanned: a hash over the whole text allows only
   * the whole key; a hash over component {@code h} needs components up to {@code h}.
   */
  public int shortestScannablePrefix() {
    if (hashPrefix == null) {
      return 1;
    }
    if (hashedComponent == null) {
      return partition.components().size();
    }
    return partition.components().indexOf(hashedComponent) + 1;
  }

  /**
   * What a hash prefix digests: the whole partition text when it is on the type or on the only
   * component; one component's text when it is on a component of a spliced key.
   */
  private static KeyComponent hashedComponent(EntityModel entity) {
    if (entity.typeHashPrefix() != null || !entity.isSpliced()) {
      return null;
    }
    for (KeyComponent c : entity.partitionKey()) {
      if (c.hashPrefix() != null) {
        return c;
      }
    }
    return null;
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

  /**
   * Bucket boundaries for buckets; uniform hex boundaries for a hash prefix; '1'..'9' for a
   * reversed number; else none.
   */
  private static List<String> splitPoints(EntityModel entity, PkType partitionType, int buckets) {
    List<String> points = new ArrayList<>();
    if (buckets > 0) {
      // at bucket boundaries, grouped into as many partitions as the profile creates a table with
      return BucketCounts.splitPoints(buckets, StoreLimits.of(entity.profile()).maxPartitions());
    }
    HashPrefixSpec hash = entity.hashPrefix();
    if (hash != null) {
      int digits = hash.splitDigits();
      long space = HashPrefixWidths.maxPartitions(hash.length());
      int partitions = hash.partitions(StoreLimits.of(entity.profile()));
      for (int i = 1; i < partitions; i++) {
        String boundary = String.format("%0" + digits + "x", i * space / partitions);
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
