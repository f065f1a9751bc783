package dev.widekey.runtime.store;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.ServiceIndexLimits;
import dev.widekey.core.store.StoreLimits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What a store needs to create a table: its name, its primary-key schema, the points at which it is
 * pre-split into partitions, the profile whose limits it keeps on every store, and its time to
 * live. A split point is a one-column key on the partition-key column; partition {@code i} holds
 * the keys from split point {@code i - 1} (inclusive) up to split point {@code i} (exclusive).
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
 * @param profile the service whose limits the table keeps ({@link StoreLimits#of(Profile)}), on
 *     whichever store holds it, so that what passes locally passes in production
 * @param ttlSeconds seconds a row lives after its last write, or {@link #NO_TTL}: expired rows are
 *     never read back on any store
 * @param definedColumns the predefined (typed, non-key) columns a service index may index; empty
 *     for most tables; at most {@link
 *     dev.widekey.core.store.ServiceIndexLimits#MAX_DEFINED_COLUMNS}
 * @param serviceIndexes the secondary indexes the store's service maintains, created with the table
 *     ({@link ServiceIndex}, read by {@link WideTableStore#scanIndex}); empty for most tables
 */
public record TableSpec(
    String name,
    List<PkColumn> primaryKey,
    List<PkValue> splitPoints,
    Profile profile,
    long ttlSeconds,
    List<DefinedColumn> definedColumns,
    List<ServiceIndex> serviceIndexes) {

  /** The time to live of a table whose rows never expire (Tablestore's {@code -1}). */
  public static final long NO_TTL = StoreLimits.NO_TTL;

  /** The profile of a spec that names none: {@code @WideTable}'s default. */
  public static final Profile DEFAULT_PROFILE = Profile.TABLESTORE;

  public TableSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(profile, "profile");
    if (ttlSeconds != NO_TTL && ttlSeconds <= 0) {
      throw new IllegalArgumentException(
          "time to live of table " + name + " is " + ttlSeconds + "; it is positive or NO_TTL");
    }
    primaryKey = List.copyOf(primaryKey);
    splitPoints = List.copyOf(splitPoints);
    definedColumns = List.copyOf(definedColumns);
    serviceIndexes = List.copyOf(serviceIndexes);
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
    checkServiceIndexes(name, primaryKey, definedColumns, serviceIndexes);
  }

  /** A table without defined columns and service indexes. */
  public TableSpec(
      String name,
      List<PkColumn> primaryKey,
      List<PkValue> splitPoints,
      Profile profile,
      long ttlSeconds) {
    this(name, primaryKey, splitPoints, profile, ttlSeconds, List.of(), List.of());
  }

  private static void checkServiceIndexes(
      String name,
      List<PkColumn> primaryKey,
      List<DefinedColumn> definedColumns,
      List<ServiceIndex> serviceIndexes) {
    if (serviceIndexes.size() > ServiceIndex.MAX_PER_TABLE) {
      throw new IllegalArgumentException(
          "table "
              + name
              + " has "
              + serviceIndexes.size()
              + " service indexes, more than the "
              + ServiceIndex.MAX_PER_TABLE
              + " a table may have");
    }
    if (definedColumns.size() > ServiceIndexLimits.MAX_DEFINED_COLUMNS) {
      throw new IllegalArgumentException(
          "table "
              + name
              + " has "
              + definedColumns.size()
              + " defined columns, more than the "
              + ServiceIndexLimits.MAX_DEFINED_COLUMNS
              + " a table may have");
    }
    Map<String, Object> columns = new HashMap<>();
    for (PkColumn c : primaryKey) {
      columns.put(c.name(), c);
    }
    for (DefinedColumn d : definedColumns) {
      if (columns.put(d.name(), d) != null) {
        throw new IllegalArgumentException(
            "defined column " + d.name() + " of table " + name + " is declared twice");
      }
    }
    Set<String> names = new HashSet<>();
    for (ServiceIndex index : serviceIndexes) {
      if (!names.add(index.name()) || index.name().equals(name)) {
        throw new IllegalArgumentException(
            "service index " + index.name() + " of table " + name + " is not uniquely named");
      }
      for (String column : index.columns()) {
        Object c = columns.get(column);
        if (c == null || (c instanceof DefinedColumn d && d.indexType() == null)) {
          throw new IllegalArgumentException(
              "service index "
                  + index.name()
                  + " of table "
                  + name
                  + " lists "
                  + column
                  + ", which is neither a primary-key column nor a STRING, INTEGER or BINARY"
                  + " defined column");
        }
      }
      if (index.kind() == ServiceIndex.Kind.LOCAL
          && !index.columns().get(0).equals(primaryKey.get(0).name())) {
        throw new IllegalArgumentException(
            "local index "
                + index.name()
                + " of table "
                + name
                + " starts with "
                + index.columns().get(0)
                + "; a local index starts with the table's first primary-key column, "
                + primaryKey.get(0).name());
      }
    }
  }

  /**
   * The key of a service index's table: its columns (a primary-key column's type, or a defined
   * column's as {@link DefinedColumn#indexType()}), then this table's primary-key columns not among
   * them, in order. A {@link ScanRange} given to {@link WideTableStore#scanIndex} is over this key.
   *
   * <pre>{@code List<PkColumn> key = spec.indexKey("orders_by_card"); // cardId, customer}</pre>
   *
   * @throws IllegalArgumentException if the table has no service index of that name
   */
  public List<PkColumn> indexKey(String index) {
    ServiceIndex found = serviceIndex(index);
    List<PkColumn> key = new ArrayList<>();
    for (String column : found.columns()) {
      PkColumn pk =
          primaryKey.stream().filter(c -> c.name().equals(column)).findFirst().orElse(null);
      if (pk == null) {
        DefinedColumn d =
            definedColumns.stream().filter(c -> c.name().equals(column)).findFirst().orElseThrow();
        pk = new PkColumn(column, d.indexType());
      }
      key.add(pk);
    }
    for (PkColumn c : primaryKey) {
      if (!found.columns().contains(c.name())) {
        key.add(c);
      }
    }
    return List.copyOf(key);
  }

  /**
   * The key a row of this table has in service index {@code index}, or null if the service does not
   * index it: a row without a value of an index column, or with a value of another type than the
   * defined column's, is left out (Tablestore's sparse index). What the embedded store and the
   * Tablestore fake maintain their indexes by.
   *
   * <pre>{@code PrimaryKey indexed = spec.indexKeyOf("orders_by_card", row); // CARD7, C1}</pre>
   */
  public PrimaryKey indexKeyOf(String index, Row row) {
    List<PkColumn> key = indexKey(index);
    List<PkValue> values = new ArrayList<>(key.size());
    for (PkColumn column : key) {
      int at = pkIndex(column.name());
      if (at >= 0) {
        values.add(row.key().get(at));
        continue;
      }
      AttrValue v = row.get(column.name());
      if (v == null) {
        return null;
      }
      PkValue value =
          switch (v.type()) {
            case STRING -> column.type() == PkType.STRING ? PkValue.ofString(v.asString()) : null;
            case INTEGER -> column.type() == PkType.INTEGER ? PkValue.ofInteger(v.asLong()) : null;
            case BINARY -> column.type() == PkType.BINARY ? PkValue.ofBinary(v.asBinary()) : null;
            case DOUBLE, BOOLEAN -> null;
          };
      if (value == null) {
        return null;
      }
      values.add(value);
    }
    return PrimaryKey.of(values);
  }

  /**
   * The data table's primary key of a row read from service index {@code index} ({@link
   * WideTableStore#scanIndex}): its primary-key columns, taken from where the index key holds them.
   */
  public PrimaryKey dataKeyOf(String index, PrimaryKey indexKey) {
    List<PkColumn> key = indexKey(index);
    List<PkValue> values = new ArrayList<>(primaryKey.size());
    for (PkColumn c : primaryKey) {
      values.add(indexKey.get(key.indexOf(c)));
    }
    return PrimaryKey.of(values);
  }

  private int pkIndex(String column) {
    for (int i = 0; i < primaryKey.size(); i++) {
      if (primaryKey.get(i).name().equals(column)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * This table's service index of that name.
   *
   * @throws IllegalArgumentException if there is none
   */
  public ServiceIndex serviceIndex(String index) {
    for (ServiceIndex s : serviceIndexes) {
      if (s.name().equals(index)) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "table " + name + " has no service index " + index + ": " + serviceIndexes);
  }

  /**
   * This spec with these predefined columns and service indexes, created with the table.
   *
   * <pre>{@code spec.withServiceIndexes(List.of(new DefinedColumn("cardId", AttrType.STRING)),
   *     List.of(new ServiceIndex("orders_by_card", List.of("cardId"), ServiceIndex.Kind.LOCAL)))}
   * </pre>
   */
  public TableSpec withServiceIndexes(
      List<DefinedColumn> definedColumns, List<ServiceIndex> serviceIndexes) {
    return new TableSpec(
        name, primaryKey, splitPoints, profile, ttlSeconds, definedColumns, serviceIndexes);
  }

  /** A table of the default profile whose rows never expire. */
  public TableSpec(String name, List<PkColumn> primaryKey, List<PkValue> splitPoints) {
    this(name, primaryKey, splitPoints, DEFAULT_PROFILE, NO_TTL);
  }

  /** A table without pre-split points. */
  public TableSpec(String name, List<PkColumn> primaryKey) {
    this(name, primaryKey, List.of());
  }

  /** This spec for tables of {@code profile}. */
  public TableSpec withProfile(Profile profile) {
    return new TableSpec(
        name, primaryKey, splitPoints, profile, ttlSeconds, definedColumns, serviceIndexes);
  }

  /**
   * This spec with rows that expire {@code ttlSeconds} after their last write, or {@link #NO_TTL}.
   */
  public TableSpec withTtlSeconds(long ttlSeconds) {
    return new TableSpec(
        name, primaryKey, splitPoints, profile, ttlSeconds, definedColumns, serviceIndexes);
  }

  /** Whether rows of this table expire. */
  public boolean expires() {
    return ttlSeconds != NO_TTL;
  }

  /** The number of partitions the split points make. */
  public int partitionCount() {
    return splitPoints.size() + 1;
  }
}
