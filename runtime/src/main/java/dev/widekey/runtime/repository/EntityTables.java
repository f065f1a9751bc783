package dev.widekey.runtime.repository;

import dev.widekey.runtime.store.TableSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The tables one entity is stored in, by role: the one description of them that the generated table
 * class holds ({@code FooTable.TABLES}) and repositories take, so that a new role is one more entry
 * here, not a parameter threaded through every constructor. The hot table is the entity's commit
 * point ({@link CommitPoint}); every other role holds rows that only a committed hot row names.
 *
 * <pre>{@code
 * EntityTables tables = EntityTables.of(ItemTable.HOT, ItemTable.COLD)
 *     .withColumns(EntityTables.Role.HOT, List.of("quantity", "price"))
 *     .withColumns(EntityTables.Role.COLD, List.of("description"));
 * tables.table(EntityTables.Role.COLD);      // Optional[items_cold]
 * tables.creationOrder();                    // [items_cold, items]: the commit point last
 * }</pre>
 */
public final class EntityTables {
  /** What a table of an entity holds. */
  public enum Role {
    /** The hot row: the entity's commit point, its key and hot columns. */
    HOT,
    /** Cold rows, one per committed write with cold values ({@link ColdRows}). */
    COLD,
    /** Chunk rows: the pieces of {@code @Chunked} values over one attribute ({@link ChunkRows}). */
    CHUNKS,
    /**
     * Index rows, one per committed write and declared index ({@link IndexTable}); an entity may
     * have several index tables, listed by {@link #indexes()}.
     */
    INDEX
  }

  private final Map<Role, TableSpec> tables;

  /** The attribute columns each role's rows hold, as the entity declares them; absent: unknown. */
  private final Map<Role, Set<String>> columns;

  /** The entity's index tables, in declaration order. */
  private final List<IndexTable> indexes;

  private EntityTables(
      Map<Role, TableSpec> tables, Map<Role, Set<String>> columns, List<IndexTable> indexes) {
    this.tables = Collections.unmodifiableMap(new EnumMap<>(tables));
    this.columns =
        columns.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(columns));
    this.indexes = List.copyOf(indexes);
  }

  /** An entity stored in one table. */
  public static EntityTables of(TableSpec hot) {
    return of(hot, null);
  }

  /**
   * An entity with a hot table and a cold table laid out by {@link ColdRows#tableSpec}.
   *
   * @param cold the cold table, or {@code null} if the entity has no cold columns
   */
  public static EntityTables of(TableSpec hot, TableSpec cold) {
    return of(hot, cold, null);
  }

  /**
   * An entity with a hot table, a cold table laid out by {@link ColdRows#tableSpec} and a chunk
   * table laid out by {@link ChunkRows#tableSpec}.
   *
   * @param cold the cold table, or {@code null} if the entity has no cold columns
   * @param chunks the chunk table, or {@code null} if the entity has no {@code @Chunked} field
   */
  public static EntityTables of(TableSpec hot, TableSpec cold, TableSpec chunks) {
    Objects.requireNonNull(hot, "hot");
    Map<Role, TableSpec> tables = new EnumMap<>(Role.class);
    tables.put(Role.HOT, hot);
    if (cold != null) {
      if (!ColdRows.laidOutFor(cold, hot)) {
        throw new IllegalArgumentException(
            "cold table "
                + cold.name()
                + " is not laid out as ColdRows.tableSpec(name, hot) lays it out: "
                + cold.primaryKey());
      }
      tables.put(Role.COLD, cold);
    }
    if (chunks != null) {
      if (!ChunkRows.laidOutFor(chunks, hot)) {
        throw new IllegalArgumentException(
            "chunk table "
                + chunks.name()
                + " is not laid out as ChunkRows.tableSpec(name, hot) lays it out: "
                + chunks.primaryKey());
      }
      tables.put(Role.CHUNKS, chunks);
    }
    return new EntityTables(tables, Map.of(), List.of());
  }

  /**
   * The same tables, with the attribute columns the entity declares for a role's rows (the
   * generated {@code HOT_COLUMNS}, {@code COLD_COLUMNS}). Reads then select those columns and the
   * ones widekey itself writes, never others: cells another writer or an older, wider row left in a
   * row are not fetched. Without it a role's rows are read whole.
   *
   * <pre>{@code
   * EntityTables.of(HOT, COLD).withColumns(EntityTables.Role.HOT, List.of("quantity", "price"));
   * }</pre>
   *
   * @throws IllegalArgumentException if the entity has no table of that role
   */
  public EntityTables withColumns(Role role, Collection<String> declared) {
    if (!tables.containsKey(role)) {
      throw new IllegalArgumentException("no " + role + " table to declare columns of: " + this);
    }
    Map<Role, Set<String>> with = new EnumMap<>(Role.class);
    with.putAll(columns);
    with.put(role, Collections.unmodifiableSet(new LinkedHashSet<>(declared)));
    return new EntityTables(tables, with, indexes);
  }

  /**
   * The same tables and one more index table ({@link Role#INDEX}).
   *
   * <pre>{@code
   * EntityTables.of(OrderTable.HOT).withIndex(OrderTable.INDEX_BY_CARD);
   * }</pre>
   *
   * @throws IllegalArgumentException if the entity already has an index of that name, or a table of
   *     that table's name
   */
  public EntityTables withIndex(IndexTable index) {
    for (IndexTable other : indexes) {
      if (other.name().equals(index.name())) {
        throw new IllegalArgumentException("two indexes named " + index.name() + ": " + this);
      }
    }
    for (TableSpec t : creationOrder()) {
      if (t.name().equals(index.table().name())) {
        throw new IllegalArgumentException(
            "index " + index.name() + " takes the table name " + t.name() + " of another role");
      }
    }
    List<IndexTable> with = new ArrayList<>(indexes);
    with.add(index);
    return new EntityTables(tables, columns, with);
  }

  /** The entity's index tables, in declaration order; empty if it declares none. */
  public List<IndexTable> indexes() {
    return indexes;
  }

  /** The index of this name. */
  public Optional<IndexTable> index(String name) {
    return indexes.stream().filter(i -> i.name().equals(name)).findFirst();
  }

  /** The attribute columns the entity declares for a role's rows, if it said. */
  public Optional<Set<String>> columns(Role role) {
    return Optional.ofNullable(columns.get(role));
  }

  /** The hot table: the commit point. */
  public TableSpec hot() {
    return tables.get(Role.HOT);
  }

  /**
   * The table of a role, if the entity has one; for {@link Role#INDEX}, which may have several, use
   * {@link #indexes()}.
   */
  public Optional<TableSpec> table(Role role) {
    return Optional.ofNullable(tables.get(role));
  }

  /**
   * Every table, in the order they are created: the commit point last, so that once it exists every
   * table its rows name exists too.
   */
  public List<TableSpec> creationOrder() {
    List<TableSpec> order = new ArrayList<>(tables.size());
    for (Map.Entry<Role, TableSpec> e : tables.entrySet()) {
      if (e.getKey() != Role.HOT) {
        order.add(e.getValue());
      }
    }
    for (IndexTable index : indexes) {
      order.add(index.table());
    }
    order.add(hot());
    return order;
  }

  /**
   * The same tables under other names (a period's tables): keys, limits and roles unchanged.
   *
   * <pre>{@code
   * tables.renamed(n -> n + "_2026_11"); // orders_2026_11, orders_cold_2026_11, orders_chunks_2026_11
   * }</pre>
   */
  public EntityTables renamed(UnaryOperator<String> name) {
    Map<Role, TableSpec> renamed = new EnumMap<>(Role.class);
    tables.forEach((role, spec) -> renamed.put(role, renamed(spec, name)));
    List<IndexTable> renamedIndexes = new ArrayList<>(indexes.size());
    for (IndexTable index : indexes) {
      renamedIndexes.add(index.withTable(renamed(index.table(), name)));
    }
    return new EntityTables(renamed, columns, renamedIndexes);
  }

  private static TableSpec renamed(TableSpec spec, UnaryOperator<String> name) {
    return new TableSpec(
        name.apply(spec.name()),
        spec.primaryKey(),
        spec.splitPoints(),
        spec.profile(),
        spec.ttlSeconds());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EntityTables other
        && tables.equals(other.tables)
        && columns.equals(other.columns)
        && indexes.equals(other.indexes);
  }

  @Override
  public int hashCode() {
    return (tables.hashCode() * 31 + columns.hashCode()) * 31 + indexes.hashCode();
  }

  @Override
  public String toString() {
    return indexes.isEmpty() ? tables.toString() : tables + " indexes " + indexes;
  }
}
