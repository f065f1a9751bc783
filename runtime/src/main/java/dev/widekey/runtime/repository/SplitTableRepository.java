package dev.widekey.runtime.repository;

import dev.widekey.core.Rule;
import dev.widekey.core.RuleViolationException;
import dev.widekey.core.key.InvalidKeyException;
import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.ReservedNames;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.key.KeyBuckets;
import dev.widekey.runtime.key.KeyText;
import dev.widekey.runtime.merge.MergePosition;
import dev.widekey.runtime.merge.MergedScan;
import dev.widekey.runtime.merge.ReadAhead;
import dev.widekey.runtime.query.ContinuationKey;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.backend.ServiceChecks;
import dev.widekey.runtime.value.Attributes;
import dev.widekey.runtime.write.BulkWriteException;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.BulkWriter;
import dev.widekey.runtime.write.WriteGroup;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The base of generated repositories: puts, gets, deletes and scans entities whose columns are
 * split between a hot table and an optional cold table. Generated subclasses supply the mapping
 * (key, hot columns, cold columns, entity from rows) and the public, typed methods.
 *
 * <p>One commit point per entity: the hot row. Every write of an entity with a cold table carries a
 * fresh random tag ({@value #COLD_TAG}) in its hot row and stores its cold columns, first, in a
 * cold row of its own ({@link ColdRows}: keyed by the tag, never overwritten); the hot row then
 * commits the write, atomically, and the cold row of the write it replaced is deleted. A reader
 * pairs a hot row only with the cold row its tag names, so no reader ever sees two writes mixed, a
 * late cold row can never overwrite a later write's, and a crash anywhere leaves at worst a cold
 * row nobody points at, never a hot row without its cold row. The protocol is {@link
 * CommitPoint}'s.
 *
 * <p>Every value is encoded and checked against the store's limits before the first write, and so
 * is each row as a whole (a row's values together, one put of it: {@link ServiceChecks#rowSize}),
 * so a bad entity writes nothing: not its cold row when its hot row is too large, nor the other way
 * round.
 *
 * <p>Conditional writes ({@link #insert}, {@link #update}, and every write of a versioned entity,
 * one with {@code @Version}) check their condition on the hot row, atomically with writing it: a
 * condition that fails changes nothing a reader sees.
 *
 * <pre>{@code
 * ItemRepository items = new ItemRepository(store);
 * items.createTables();
 * items.put(new Item(7, 3, new BigDecimal("5.32"), "long text"));
 * Optional<Item> hotOnly = items.get(7);          // description == null
 * Optional<Item> full = items.getWithCold(7);     // reads the cold table too
 * }</pre>
 *
 * @param <E> the entity type
 */
public abstract class SplitTableRepository<E> {
  /**
   * Hot-row column: BOOLEAN {@code true} when the entity has a cold row, which a read with cold
   * columns then requires. Absent or {@code false}: no cold row, and none is read (a cold row
   * nobody points at is a leftover of a crash between the writes). Any other value is {@link
   * ErrorKind#CORRUPT_DATA}.
   */
  public static final String COLD_MARKER = ReservedNames.COLD_MARKER;

  /**
   * Hot-row column: BOOLEAN {@code true}, written when an entity has no non-null hot attribute,
   * because a row needs one. It carries no data; any other value is {@link ErrorKind#CORRUPT_DATA}.
   */
  public static final String ROW_MARKER = ReservedNames.ROW_MARKER;

  /**
   * Hot-row column of an entity with a cold table: INTEGER, the random tag of the write that stored
   * the row. With {@value #COLD_MARKER} it names the write's cold row ({@link ColdRows#key}); it is
   * what a write compares-and-sets to commit, and it makes the hot row unique to its write, so that
   * a retry of the commit that meets it knows it as its own ({@link
   * dev.widekey.runtime.retry.OwnWrites}).
   */
  public static final String COLD_TAG = ReservedNames.HOT_WRITE_TAG;

  /** Reads of an entity with its cold row before rows that keep changing give up (retryable). */
  private static final int COLD_READ_ATTEMPTS = 3;

  private final WideTableStore store;
  private final EntityTables tables;
  private final TableSpec hotTable;
  private final TableSpec coldTable;
  private final TableSpec chunkTable;
  private final Map<String, Long> chunkCaps;
  private final long maxParts;
  private final String versionColumn;
  private final CommitPoint commitPoint;

  /** Dates the rows a write stores ({@link ColdRows#WRITTEN}) and is the sweep's clock. */
  private volatile CommitClock clock = CommitClock.SYSTEM;

  /** What reads of hot rows and of cold rows select ({@link ReadColumns}). */
  private final ColumnSelection hotRead;

  private final ColumnSelection coldRead;

  /**
   * @param coldTable the cold table, or {@code null} if the entity has no cold columns
   */
  protected SplitTableRepository(WideTableStore store, TableSpec hotTable, TableSpec coldTable) {
    this(store, hotTable, coldTable, List.of());
  }

  /**
   * @param coldTable the cold table, or {@code null} if the entity has no cold columns
   * @param chunkedColumns {@code @Chunked} columns, each capped at {@link
   *     ChunkRows#DEFAULT_MAX_BYTES}: values over the attribute limit are stored in chunk rows (the
   *     chunk table {@link ChunkRows#tableName} names after the hot table) and joined again on read
   */
  protected SplitTableRepository(
      WideTableStore store,
      TableSpec hotTable,
      TableSpec coldTable,
      Collection<String> chunkedColumns) {
    this(store, hotTable, coldTable, chunkedColumns, null);
  }

  /**
   * @param coldTable the cold table, or {@code null} if the entity has no cold columns
   * @param chunkedColumns {@code @Chunked} columns
   * @param versionColumn the {@code @Version} column, a hot INTEGER column, or {@code null} if the
   *     entity is not versioned; a versioned subclass overrides {@link #versionOf} and {@link
   *     #withVersion}
   */
  protected SplitTableRepository(
      WideTableStore store,
      TableSpec hotTable,
      TableSpec coldTable,
      Collection<String> chunkedColumns,
      String versionColumn) {
    this(
        store,
        EntityTables.of(
            hotTable,
            coldTable,
            chunkedColumns.isEmpty()
                ? null
                : ChunkRows.tableSpec(ChunkRows.tableName(hotTable.name()), hotTable)),
        defaultCaps(chunkedColumns),
        versionColumn);
  }

  private static Map<String, Long> defaultCaps(Collection<String> chunkedColumns) {
    Map<String, Long> caps = new LinkedHashMap<>();
    chunkedColumns.forEach(c -> caps.put(c, ChunkRows.DEFAULT_MAX_BYTES));
    return caps;
  }

  /**
   * @param tables the entity's tables by role (the generated {@code FooTable.TABLES})
   * @param chunkedColumns {@code @Chunked} columns
   * @param versionColumn the {@code @Version} column, or {@code null} if the entity is not
   *     versioned
   */
  protected SplitTableRepository(
      WideTableStore store,
      EntityTables tables,
      Collection<String> chunkedColumns,
      String versionColumn) {
    this(store, tables, defaultCaps(chunkedColumns), versionColumn);
  }

  /**
   * @param tables the entity's tables by role (the generated {@code FooTable.TABLES}): with a chunk
   *     table if the entity has {@code @Chunked} columns
   * @param chunkCaps {@code @Chunked} columns and their caps in bytes (the generated {@code
   *     FooTable.CHUNKED_MAX_BYTES})
   * @param versionColumn the {@code @Version} column, or {@code null} if the entity is not
   *     versioned
   */
  protected SplitTableRepository(
      WideTableStore store,
      EntityTables tables,
      Map<String, Long> chunkCaps,
      String versionColumn) {
    this.store = Objects.requireNonNull(store, "store");
    this.tables = Objects.requireNonNull(tables, "tables");
    this.hotTable = tables.hot();
    this.coldTable = tables.table(EntityTables.Role.COLD).orElse(null);
    this.chunkTable = tables.table(EntityTables.Role.CHUNKS).orElse(null);
    this.chunkCaps = Map.copyOf(chunkCaps);
    if (!chunkCaps.isEmpty() && chunkTable == null) {
      throw new IllegalArgumentException(
          "@Chunked columns " + chunkCaps.keySet() + " need a chunk table: " + tables);
    }
    long parts = 0;
    for (long cap : this.chunkCaps.values()) {
      parts += ChunkRows.partsOf(cap, store.limits(hotTable.profile()));
    }
    this.maxParts = parts;
    this.versionColumn = versionColumn;
    StoreLimits limits = store.limits(hotTable.profile());
    this.hotRead = ReadColumns.of(tables, EntityTables.Role.HOT, this.chunkCaps.keySet(), limits);
    this.coldRead =
        coldTable == null
            ? ColumnSelection.all()
            : ReadColumns.of(tables, EntityTables.Role.COLD, this.chunkCaps.keySet(), limits);
    this.commitPoint =
        coldTable == null && chunkTable == null && tables.indexes().isEmpty()
            ? null
            : new CommitPoint(
                store,
                tables,
                versionColumn,
                maxParts,
                tables.indexes().isEmpty() ? null : this::storedIndexRows,
                hotRead);
  }

  /** The primary key of an entity; throws {@link InvalidKeyException} for a bad value. */
  protected abstract PrimaryKey keyOf(E entity);

  /** The hot attribute columns of an entity, absent values left out. */
  protected abstract Map<String, AttrValue> hotColumns(E entity);

  /** The cold attribute columns of an entity, absent values left out; empty if none. */
  protected abstract Map<String, AttrValue> coldColumns(E entity);

  /** Builds an entity from its key, hot row and cold row ({@code null} if not read or absent). */
  protected abstract E toEntity(PrimaryKey key, Row hot, Row cold);

  /**
   * The values of an entity's indexed columns for one of its indexes, encoded as the index table's
   * leading key columns ({@link IndexTable#indexColumns()} of them, in order), as {@link #keyOf}
   * encodes the primary key, or null if an indexed value is null (the index holds no row of the
   * entity: a sparse index); only called for an index the entity's tables declare.
   *
   * @throws dev.widekey.core.key.InvalidKeyException for a value the index key cannot hold
   */
  protected List<PkValue> indexValues(IndexTable index, E entity) {
    throw new UnsupportedOperationException(
        getClass().getName() + " declares no index " + index.name());
  }

  /**
   * The values of an entity's indexed columns for one of its service-maintained indexes, as the
   * service index's leading key columns ({@link ServiceIndexTable#indexColumns()} of them); only
   * called for an index the entity declares.
   */
  protected List<PkValue> serviceIndexValues(ServiceIndexTable index, E entity) {
    throw new UnsupportedOperationException(
        getClass().getName() + " declares no service index " + index.name());
  }

  /** A versioned entity's {@code @Version}; only called when a version column was given. */
  protected long versionOf(E entity) {
    throw new UnsupportedOperationException(getClass().getName() + " is not versioned");
  }

  /**
   * The entity with another {@code @Version}, the rest unchanged (a copy, or the entity itself
   * after setting it); only called when a version column was given.
   */
  protected E withVersion(E entity, long version) {
    throw new UnsupportedOperationException(getClass().getName() + " is not versioned");
  }

  /** The {@code @Version} column, if the entity is versioned. */
  public Optional<String> versionColumn() {
    return Optional.ofNullable(versionColumn);
  }

  /** The store this repository writes to. */
  public WideTableStore store() {
    return store;
  }

  /**
   * Creates the entity's tables, the hot table (the commit point) last; existing tables are kept.
   *
   * <p>An index table created beside a hot table that already exists (an {@code @Index} added to an
   * entity with stored rows) is first recorded as being built: the entities stored before it have
   * no index rows, so reads through it fail with an {@link IndexNotBuiltException} until {@link
   * #buildIndexes()} has indexed them, rather than miss them.
   *
   * <pre>{@code
   * tickets.createTables();   // tickets_by_queue created beside the stored tickets
   * tickets.buildIndexes();   // then reads through by_queue find every ticket
   * }</pre>
   */
  public void createTables() {
    if (!tables.indexes().isEmpty() && exists(hotTable.name())) {
      for (IndexTable index : tables.indexes()) {
        if (!exists(index.table().name())) {
          // the state first: a reader that finds the index table then finds the state too
          IndexBuilds.markBuilding(store, hotTable, index);
        }
      }
    }
    for (TableSpec table : tables.creationOrder()) {
      store.createTable(table);
    }
  }

  private boolean exists(String table) {
    try {
      return store.describeTable(table).isPresent();
    } catch (StoreException e) {
      if (e.kind() == ErrorKind.TABLE_NOT_FOUND) {
        return false;
      }
      throw e;
    }
  }

  /**
   * The client-side indexes this repository found built (by name): a read through one of them
   * checks nothing more. Not remembered: an index being built, or a check that failed.
   */
  private final Set<String> builtIndexes = java.util.concurrent.ConcurrentHashMap.newKeySet();

  /**
   * Refuses a read through an index that is not built ({@link IndexBuilds}); once found built, the
   * index is remembered and this costs no store call. The index table is looked up before its
   * state, since {@link #createTables} writes the state before it creates the table.
   *
   * @throws IndexNotBuiltException if the index is being built, or has no table beside an existing
   *     hot table (a period created by a version of the entity without it)
   */
  private void requireBuilt(IndexTable index) {
    if (builtIndexes.contains(index.name())) {
      return;
    }
    String table = index.table().name();
    if (!exists(table)) {
      if (exists(hotTable.name())) {
        throw new IndexNotBuiltException(index.name(), table, hotTable.name(), true);
      }
      return; // no tables at all: the read fails as before, naming createTables()
    }
    if (IndexBuilds.building(store, table)) {
      throw new IndexNotBuiltException(index.name(), table, hotTable.name(), false);
    }
    builtIndexes.add(index.name());
  }

  /**
   * Builds the entity's client-side indexes from its stored rows: what an {@code @Index} added to
   * an entity with stored rows needs before reads through it find them. Creates missing tables
   * first ({@link #createTables()}), then scans the hot table in key order, a page at a time, and
   * gives each row that holds a value for an index but no row in it its index row: stored first,
   * under a fresh tag, then the hot row committed as read plus that index's tag, conditioned on the
   * row being unchanged since the read (its write tag; cold and chunk rows are never rewritten). A
   * row that a write committed meanwhile is read and decided again: a write of this version stores
   * its own index rows. When the scan ends, every index's build state is cleared, and reads through
   * it proceed (in this and, once they check again, other instances).
   *
   * <p>Concurrent writes and deletes through repositories of this version are safe. Writers of a
   * version of the entity without the index must be stopped before the build starts: their writes
   * store no index rows. A row stored without a write tag (by a version whose entity had no cold,
   * chunk or index rows) is conditioned on its {@code @Version}, or, for an unversioned entity,
   * only on its presence: a write of such a row landing between the build's read and its commit is
   * overwritten by the row as read, so build such an entity with its writers stopped ({@link
   * IndexBuildResult#untaggedRows()} counts those rows). A build stopped midway (an exception, a
   * killed process) is run again: rows already indexed are skipped. Rows that do not build an
   * entity, or hold a value no index key holds, are refused: counted and listed, never written.
   *
   * <pre>{@code
   * IndexBuildResult r = tickets.buildIndexes();
   * log.info("{} rows, {} index rows written, {} refused", r.rowsScanned(), r.indexRowsWritten(), r.refused());
   * }</pre>
   *
   * @return what the build did; {@link IndexBuildResult#NONE} for an entity without client-side
   *     indexes
   */
  public IndexBuildResult buildIndexes() {
    List<IndexTable> indexes = tables.indexes();
    if (indexes.isEmpty()) {
      return IndexBuildResult.NONE;
    }
    createTables();
    IndexBuildResult result =
        new IndexBuild<>(
                store,
                hotTable,
                indexes,
                commitPoint,
                new IndexBuild.Entities<E>() {
                  @Override
                  public E decode(Row hot) {
                    return buildEntity(hot);
                  }

                  @Override
                  public List<PkValue> values(IndexTable index, E entity) {
                    return indexValues(index, entity);
                  }
                })
            .run();
    for (IndexTable index : indexes) {
      IndexBuilds.clear(store, index.table().name());
      builtIndexes.add(index.name());
    }
    return result;
  }

  /**
   * The entity of a hot row for a build: hot columns only, as {@link #storedIndexRows} reads it,
   * else (an entity whose constructor needs a cold field) read whole.
   */
  private E buildEntity(Row row) {
    Row hot = readHot(row);
    try {
      return entity(hot.key(), withValues(hot, Map.of()), null, true);
    } catch (StoreException e) {
      if (coldTable == null && chunkTable == null) {
        throw e;
      }
      return read(hot, true).orElseThrow(() -> e);
    }
  }

  /** The entity's tables, by role. */
  public EntityTables tables() {
    return tables;
  }

  /**
   * Writes an entity. With a cold table, as one commit (see the class comment): its cold row under
   * the write's tag, then its hot row by compare-and-set on the tag read, then the replaced write's
   * cold row is deleted; a later write always replaces it whole.
   *
   * <p>A versioned entity is written only if the stored row holds its version (version 0: only if
   * no row is stored), as its version plus one.
   *
   * <pre>{@code
   * Account stored = accounts.put(new Account("a1", 500, 0)); // version 1 stored and returned
   * }</pre>
   *
   * @return the entity as stored: for a versioned entity, with its new version; otherwise {@code
   *     entity} itself
   * @throws dev.widekey.core.RuleViolationException for a value that breaks a rule; nothing is
   *     written
   * @throws VersionConflictException if a versioned entity's version is not the stored one; nothing
   *     is written
   * @throws StoreException of kind {@link ErrorKind#LIMIT_EXCEEDED} for a row over the store's row
   *     or put limit (a large {@code @Chunked} value), naming the table, the key, the size and the
   *     limit; nothing is written. Of another kind for a store failure
   */
  public E put(E entity) {
    try {
      return putUnhinted(entity);
    } catch (StoreException e) {
      throw withCreateTablesHint(e);
    }
  }

  private E putUnhinted(E entity) {
    if (versionColumn == null) {
      PreparedWrite rows = prepare(entity, null, newTag());
      if (commitPoint == null) {
        store.put(hotTable.name(), rows.hot());
      } else {
        commitPoint.write(rows, CommitPoint.Expectation.ANY, refusal(0));
      }
      return entity;
    }
    return writeIf(prepareVersioned(entity));
  }

  /**
   * Writes an entity only if no row with its key is stored. A versioned entity is stored with its
   * version plus one.
   *
   * <pre>{@code items.insert(item); // fails if item 7 exists}</pre>
   *
   * @return the entity as stored (for a versioned entity, with its new version)
   * @throws StoreException of kind {@link ErrorKind#CONDITION_FAILED} (a {@link
   *     VersionConflictException} for a versioned entity) if a row is stored; nothing is written
   */
  public E insert(E entity) {
    try {
      return writeIf(entity, WriteCondition.rowAbsent());
    } catch (StoreException e) {
      throw withCreateTablesHint(e);
    }
  }

  /**
   * Writes an entity only if a row with its key is stored; a versioned entity only if the stored
   * row holds its version, and it is stored with its version plus one.
   *
   * <pre>{@code items.update(item); // fails if item 7 does not exist}</pre>
   *
   * @return the entity as stored (for a versioned entity, with its new version)
   * @throws StoreException of kind {@link ErrorKind#CONDITION_FAILED} (a {@link
   *     VersionConflictException} for a versioned entity) if no row, or another version, is stored;
   *     nothing is written
   */
  public E update(E entity) {
    try {
      if (versionColumn == null) {
        return writeIf(entity, WriteCondition.rowPresent());
      }
      long version = versionOf(entity);
      // version 0: a row stored before the entity had its @Version, which holds none
      return writeIf(
          entity,
          version == 0
              ? WriteCondition.columnAbsent(versionColumn, false)
              : expectVersion(version));
    } catch (StoreException e) {
      throw withCreateTablesHint(e);
    }
  }

  /** What a {@link ErrorKind#TABLE_NOT_FOUND} from a repository call adds: the usual fix. */
  static final String CREATE_TABLES_HINT =
      "call createTables() on the repository first (once, before the first write)";

  /**
   * {@code e}, or for a plain {@link ErrorKind#TABLE_NOT_FOUND} the same error naming the fix: the
   * repository's tables were never created. The kind and the retry flag stay.
   */
  static StoreException withCreateTablesHint(StoreException e) {
    if (e.kind() != ErrorKind.TABLE_NOT_FOUND
        || e.getClass() != StoreException.class
        || e.detail().contains(CREATE_TABLES_HINT)) {
      return e;
    }
    return new StoreException(e.kind(), e.detail() + "; " + CREATE_TABLES_HINT, e.retryable(), e);
  }

  /**
   * A versioned put: version 0 only if no row is stored or the stored one holds no version (written
   * before the entity had its {@code @Version}), any other only if it is stored.
   */
  private Conditional<E> prepareVersioned(E entity) {
    return prepareVersioned(entity, newTag());
  }

  /** {@link #prepareVersioned(Object)} under the write tag {@code tag}. */
  private Conditional<E> prepareVersioned(E entity, long tag) {
    Objects.requireNonNull(entity, "entity");
    long version = versionOf(entity);
    return prepareConditional(
        entity,
        version == 0 ? WriteCondition.columnAbsent(versionColumn, true) : expectVersion(version),
        tag);
  }

  /** A fresh write tag: random, so that it names one write. */
  static long newTag() {
    return ThreadLocalRandom.current().nextLong();
  }

  private WriteCondition expectVersion(long version) {
    return WriteCondition.columnEquals(versionColumn, AttrValue.ofInteger(version));
  }

  private E writeIf(E entity, WriteCondition condition) {
    return writeIf(prepareConditional(entity, condition));
  }

  /**
   * A conditional write: one put under the condition, or for an entity with a cold table, its
   * commit point's protocol with the condition decided on the commit point.
   */
  private E writeIf(Conditional<E> write) {
    if (commitPoint != null) {
      commitPoint.write(write.rows(), expectation(write), refusal(write.from()));
    } else {
      try {
        store.put(hotTable.name(), write.rows().hot(), write.condition());
      } catch (StoreException e) {
        if (e.kind() != ErrorKind.CONDITION_FAILED) {
          throw e;
        }
        throw conditionFailed(write, e);
      }
    }
    return versionColumn == null ? write.entity() : withVersion(write.entity(), write.from() + 1);
  }

  /** What a conditional write expects of its commit point: its condition, decided on a read. */
  private static CommitPoint.Expectation expectation(Conditional<?> write) {
    return CommitPoint.Expectation.of(write.condition());
  }

  /** The error of a write whose expectation the stored commit point does not meet. */
  private CommitPoint.Refusal refusal(long from) {
    return (expected, present, key, version) -> {
      if (versionColumn != null) {
        OptionalLong stored =
            version != null && version.type() == AttrType.INTEGER
                ? OptionalLong.of(version.asLong())
                : OptionalLong.empty();
        return new VersionConflictException(hotTable.name(), key, from, present, stored, null);
      }
      return new StoreException(
          ErrorKind.CONDITION_FAILED,
          "row " + key + " of table " + hotTable.name() + " was not written: " + why(expected),
          false,
          null);
    };
  }

  private static String why(CommitPoint.Expectation expected) {
    return expected.kind() == CommitPoint.Expectation.Kind.ABSENT
        ? "a row with this key is already stored (an insert writes only a new row)"
        : "no row with this key is stored (an update writes only an existing row)";
  }

  /**
   * The rows of a conditional write, its condition, the entity and the version it was made from
   * (the entity gets its new version only once written: a bean's is set on the bean itself).
   */
  private record Conditional<T>(
      PreparedWrite rows, WriteCondition condition, T entity, long from) {}

  private Conditional<E> prepareConditional(E entity, WriteCondition condition) {
    return prepareConditional(entity, condition, newTag());
  }

  private Conditional<E> prepareConditional(E entity, WriteCondition condition, long tag) {
    Objects.requireNonNull(entity, "entity");
    if (versionColumn == null) {
      return new Conditional<>(prepare(entity, null, tag), condition, entity, 0);
    }
    long version = versionOf(entity);
    long next = nextVersion(version);
    return new Conditional<>(
        prepare(entity, AttrValue.ofInteger(next), tag), condition, entity, version);
  }

  /**
   * The highest version a write stores. One below {@code Long.MAX_VALUE}, so that a stored {@code
   * Long.MAX_VALUE} is, like 0 and negative versions, a value no write produced.
   */
  static final long LAST_VERSION = Long.MAX_VALUE - 1;

  private long nextVersion(long version) {
    if (version < 0 || version > LAST_VERSION) {
      throw new RuleViolationException(
          Rule.WK208,
          versionColumn,
          "holds "
              + version
              + ", which no write stores: versions start at 0 (a new entity) and only the"
              + " repository increments them, up to "
              + LAST_VERSION
              + "; pass the entity as it was read");
    }
    if (version == LAST_VERSION) {
      throw new RuleViolationException(
          Rule.WK208,
          versionColumn,
          "holds "
              + version
              + ", the last version a write stores: this entity has been updated as often as a"
              + " version can count, and cannot be written again under its key");
    }
    return version + 1;
  }

  private StoreException conditionFailed(Conditional<E> write, StoreException cause) {
    PrimaryKey key = write.rows().hot().key();
    if (versionColumn != null) {
      Optional<Row> now = store.get(hotTable.name(), key, ColumnSelection.all());
      OptionalLong stored = OptionalLong.empty();
      AttrValue v = now.map(r -> r.get(versionColumn)).orElse(null);
      if (v != null && v.type() == AttrType.INTEGER) {
        stored = OptionalLong.of(v.asLong());
      }
      return new VersionConflictException(
          hotTable.name(), key, write.from(), now.isPresent(), stored, cause);
    }
    String why =
        why(
            write.condition() == WriteCondition.rowAbsent()
                ? CommitPoint.Expectation.ABSENT
                : CommitPoint.Expectation.PRESENT);
    return new StoreException(
        ErrorKind.CONDITION_FAILED,
        "row " + key + " of table " + hotTable.name() + " was not written: " + why,
        false,
        cause);
  }

  /**
   * Writes many entities through a {@link BulkWriter} with default settings: shuffled, in batches
   * within the store's limits, by parallel workers, retrying retryable failures. Every entity is
   * encoded and checked before the first write, so a bad one writes nothing at all. Each entity is
   * written as {@link #put} writes it (its cold row acknowledged before its hot row is sent), and
   * of two entities with one key the later in the input wins.
   *
   * <p>A versioned entity is written under its version's condition, as {@link #put} writes it: one
   * whose condition fails is a failed outcome of kind {@link ErrorKind#CONDITION_FAILED}, and each
   * one written is stored with its version plus one.
   *
   * <p>An entity too large for any batch (chunked values can outgrow one) is written alone, with
   * the same retries, once every earlier entity of its key is written, and later entities after it:
   * input order holds. It is counted in the result like the others, and a failure of it is its
   * outcome, not an exception.
   *
   * @return one outcome per written operation (every entity's are counted); failures name the rows
   *     that did not land and their entity's position in {@code entities}
   * @throws dev.widekey.core.RuleViolationException for a value that breaks a rule; nothing is
   *     written
   * @throws StoreException of kind {@link ErrorKind#LIMIT_EXCEEDED} for an entity with a row over
   *     the store's row or put limit; nothing is written
   */
  public BulkWriteResult putAll(Collection<? extends E> entities) {
    List<PreparedWrite> writes = new ArrayList<>(entities.size());
    List<WriteCondition> conditions = versionColumn == null ? null : new ArrayList<>();
    for (E entity : entities) {
      if (conditions == null) {
        writes.add(prepare(entity, null, newTag()));
      } else {
        Conditional<E> write = prepareVersioned(entity);
        writes.add(write.rows());
        conditions.add(write.condition());
      }
    }
    return writeAll(writes, conditions);
  }

  /**
   * Writes entities as another table stored them, for a job that moves rows to this repository's
   * tables (re-keying, {@code dev.widekey.runtime.rekey.RekeyJob}): every entity is encoded and
   * checked first, and one this repository refuses (a value that breaks one of its rules, a key its
   * layout cannot hold, a row over the store's limits) is handed to {@code refused} with the
   * exception and not written, while the others are; nothing is cut to fit. The rest are written as
   * {@link #putAll(Collection)} writes them (shuffled, batched, parallel, retried, a cold row
   * before the hot row that commits it, index rows rebuilt), except that they are written
   * unconditionally and a versioned entity keeps its own {@code @Version} (1 or more, as read),
   * neither incremented nor checked against a stored row.
   *
   * <pre>{@code
   * BulkWriteResult r = ordersV2.restoreAll(loaded, (order, e) -> refusals.add(order, e));
   * }</pre>
   *
   * @param refused told of each entity not written, with its {@link RuleViolationException} or
   *     {@link StoreException} of kind {@link ErrorKind#LIMIT_EXCEEDED}
   * @return one outcome per written operation of the accepted entities (positions count the
   *     accepted entities only)
   */
  public BulkWriteResult restoreAll(
      Collection<? extends E> entities,
      java.util.function.BiConsumer<? super E, ? super RuntimeException> refused) {
    Objects.requireNonNull(refused, "refused");
    List<PreparedWrite> writes = new ArrayList<>(entities.size());
    for (E entity : entities) {
      try {
        AttrValue version = null;
        if (versionColumn != null) {
          long v = versionOf(entity);
          if (v < 0 || v > LAST_VERSION) {
            throw new RuleViolationException(
                Rule.WK208,
                versionColumn,
                "holds "
                    + v
                    + ", which no write stores: a restored entity keeps the version it was stored"
                    + " with, from 1 to "
                    + LAST_VERSION
                    + ", or 0 for a row stored before the entity had a version");
          }
          // version 0 was read from a row without one: restored without one, still unversioned
          version = v == 0 ? null : AttrValue.ofInteger(v);
        }
        writes.add(prepare(entity, version, newTag()));
      } catch (RuleViolationException e) {
        refused.accept(entity, e);
      } catch (StoreException e) {
        if (e.kind() != ErrorKind.LIMIT_EXCEEDED) {
          throw e;
        }
        refused.accept(entity, e);
      }
    }
    return writeAll(writes, null);
  }

  /** Writes prepared entities in bulk, each under its condition ({@code conditions} null: none). */
  private BulkWriteResult writeAll(List<PreparedWrite> writes, List<WriteCondition> conditions) {
    List<WriteGroup> groups = groupsOf(writes, conditions);
    long maxBatchBytes = limits().maxBatchBytes();
    PutAllResults results = new PutAllResults();
    List<WriteGroup> pending = new ArrayList<>();
    List<Integer> pendingPositions = new ArrayList<>();
    Set<PrimaryKey> pendingKeys = new HashSet<>();
    for (int i = 0; i < writes.size(); i++) {
      PreparedWrite write = writes.get(i);
      PrimaryKey key = write.hot().key();
      if (write.sizeInBytes() <= maxBatchBytes) {
        pending.add(groups.get(i));
        pendingPositions.add(i);
        pendingKeys.add(key);
        continue;
      }
      if (pendingKeys.contains(key)) {
        // an earlier entity of this key waits for the bulk writer: it goes first
        results.addImport(BulkWriter.of(store).writeGroups(pending.stream()), pendingPositions);
        pending = new ArrayList<>();
        pendingPositions = new ArrayList<>();
        pendingKeys.clear();
      }
      results.writeAlone(store, RetryPolicy.defaults(), i, groups.get(i));
    }
    if (!pending.isEmpty() || writes.isEmpty()) {
      results.addImport(BulkWriter.of(store).writeGroups(pending.stream()), pendingPositions);
    }
    BulkWriteResult result = results.result(writes.size());
    if (commitPoint != null) {
      commitPoint.dropRefused(groups, result);
    }
    return result;
  }

  /**
   * The write groups of entities' rows, in input order, each under its condition ({@code
   * conditions} null: none): the commit point's plan for an entity with a cold table, else the hot
   * row alone.
   */
  private List<WriteGroup> groupsOf(List<PreparedWrite> writes, List<WriteCondition> conditions) {
    if (commitPoint != null) {
      return commitPoint.groups(writes, conditions);
    }
    List<WriteGroup> groups = new ArrayList<>(writes.size());
    for (int i = 0; i < writes.size(); i++) {
      Row hot = writes.get(i).hot();
      groups.add(
          WriteGroup.of(
              conditions == null
                  ? WriteOp.put(hotTable.name(), hot)
                  : WriteOp.put(hotTable.name(), hot, conditions.get(i))));
    }
    return groups;
  }

  /** Entities planned together by {@link #putAll(Stream, BulkWriter)}: one commit-point read. */
  private static final int STREAM_CHUNK = 500;

  /**
   * Streams entities into the store through {@code writer}, for imports too large to hold in
   * memory. Entities are encoded as they are read, in runs of a few hundred whose commit points are
   * read together: one that breaks a rule stops the import with a {@link
   * dev.widekey.runtime.write.BulkWriteException} whose cause names it and whose partial result
   * counts what was written before; that entity and the rest are not written.
   *
   * <p>After any stop, the partial result lists the operations sent without an answer as {@link
   * BulkWriteResult#unknownOutcomes() outcome-unknown} and says where to resume ({@link
   * BulkWriteResult#resumePosition()}). Resume with {@link #putAll(Stream, BulkWriter,
   * BulkWriteResult)}, which stores and reports what one import that never stopped would have;
   * calling this method again with the rest would plan the entities as new writes, and a versioned
   * entity whose write the stopped import applied would then fail its condition against it.
   */
  public BulkWriteResult putAll(Stream<? extends E> entities, BulkWriter writer) {
    return putAllSeeded(entities, writer, ResumedImport.newSeed());
  }

  /** {@link #putAll(Stream, BulkWriter)} planned from {@code seed} (tests compare two imports). */
  BulkWriteResult putAllSeeded(Stream<? extends E> entities, BulkWriter writer, long seed) {
    StreamPlan plan = new StreamPlan(entities.iterator(), seed, null);
    try {
      return writer.writeGroups(plan.stream(entities)).withPlanSeed(seed);
    } catch (BulkWriteException e) {
      throw stopped(e, e.partialResult().withPlanSeed(seed));
    }
  }

  /**
   * Resumes a {@link #putAll(Stream, BulkWriter)} that stopped with {@code stopped} as its partial
   * result: {@code rest} is the same entities from {@link BulkWriteResult#resumePosition()} on. The
   * stop and this resume store what one import that never stopped would have, and every operation
   * of unknown outcome is reported as such, never as not attempted.
   *
   * <p>The stopped import's write tags are derived from the result's {@link
   * BulkWriteResult#planSeed() plan seed} (and its {@link BulkWriteResult#planEarlierSeeds()
   * earlier seeds}, for a resume's result) and each entity's position. An entity the stopped import
   * finished is not written again; one whose commit it applied (its commit acknowledged, or of
   * unknown outcome and its tag found in the stored hot row) only gets the deletes of the rows its
   * write replaced that were left undone: a versioned entity never fails its condition against its
   * own earlier write. Any other entity is written as an import writes it, under a seed this resume
   * draws (a write of the chain may have been replaced by another client, still to delete the rows
   * under its tag), and the rows the chain stored for it under earlier tags are deleted after the
   * commit: if another client wrote it after the stopped import, a versioned entity fails its
   * condition ({@link ErrorKind#CONDITION_FAILED}, that client's write stays), a plain one replaces
   * that write as any later put would. Readers see what one uninterrupted import leaves.
   *
   * <p>The result counts the operations this call sent (entities not written again are not
   * counted), with positions counted from the start of {@code rest}; if this call stops too, its
   * partial result also lists what the stopped import left that it did not reach, and is resumed
   * the same way. A result resumed again (a resume retried, or two processes resuming one saved
   * result) is another writer of the same entities: readers see the later write of each entity,
   * never a hot row naming rows that are gone, but a versioned entity the first resume wrote fails
   * its condition in the second.
   *
   * <pre>{@code
   * try {
   *   notes.putAll(input.stream(), writer);
   * } catch (BulkWriteException e) {
   *   BulkWriteResult stopped = e.partialResult();
   *   notes.putAll(input.stream().skip(stopped.resumePosition()), writer, stopped);
   * }
   * }</pre>
   *
   * @param stopped the partial result of the stopped {@code putAll(stream, writer)}, or of a resume
   *     of it, of this repository
   * @throws IllegalArgumentException if {@code stopped} is not such a result (it has no plan seed),
   *     or its writer read the entities split ({@link BulkWriteResult#inputSplit()})
   * @throws dev.widekey.runtime.write.BulkWriteException if this import stops in turn
   */
  public BulkWriteResult putAll(
      Stream<? extends E> rest, BulkWriter writer, BulkWriteResult stopped) {
    Objects.requireNonNull(stopped, "stopped");
    if (commitPoint == null) {
      // a hot row alone: the same groups, which the writer resumes exactly
      StreamPlan plan = new StreamPlan(rest.iterator(), 0, null);
      return writer.resumeGroups(plan, stopped);
    }
    ResumedImport resume = ResumedImport.of(stopped, hotTable.name());
    StreamPlan plan = new StreamPlan(rest.iterator(), resume.seed(), resume);
    try {
      return resume.result(writer.writeGroups(plan.stream(rest)));
    } catch (BulkWriteException e) {
      throw stopped(e, resume.result(e.partialResult()));
    }
  }

  /** The exception of a stopped import, with its partial result as the caller resumes from. */
  private static BulkWriteException stopped(BulkWriteException e, BulkWriteResult result) {
    BulkWriteException out = new BulkWriteException(e.getMessage(), e.getCause(), result);
    out.setStackTrace(e.getStackTrace());
    for (Throwable s : e.getSuppressed()) {
      out.addSuppressed(s);
    }
    return out;
  }

  /**
   * The write groups of a stream of entities, planned in runs of {@value #STREAM_CHUNK} (one
   * commit-point read each); the entity at position {@code p} gets the tag {@code
   * ResumedImport.tag(seed, p)}. With {@code resume}, entities the stopped import finished are read
   * and not planned, and the groups that are left are reported to it, so it can map the writer's
   * positions back.
   */
  private final class StreamPlan implements Iterator<WriteGroup> {
    private final Iterator<? extends E> input;
    private final long seed;
    private final ResumedImport resume;
    private final ArrayDeque<WriteGroup> planned = new ArrayDeque<>();
    private long position;
    private RuntimeException refused;

    StreamPlan(Iterator<? extends E> input, long seed, ResumedImport resume) {
      this.input = input;
      this.seed = seed;
      this.resume = resume;
    }

    Stream<WriteGroup> stream(Stream<? extends E> entities) {
      return StreamSupport.stream(
              Spliterators.spliteratorUnknownSize(this, Spliterator.ORDERED), false)
          .onClose(entities::close);
    }

    @Override
    public boolean hasNext() {
      while (planned.isEmpty() && refused == null && input.hasNext()) {
        plan();
      }
      if (planned.isEmpty() && refused != null) {
        RuntimeException e = refused;
        refused = null;
        throw e;
      }
      return !planned.isEmpty();
    }

    @Override
    public WriteGroup next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return planned.poll();
    }

    /** The next run of entities, up to the first one refused (thrown once they are sent). */
    private void plan() {
      List<PreparedWrite> rows = new ArrayList<>();
      List<WriteCondition> conditions = versionColumn == null ? null : new ArrayList<>();
      List<ResumedImport.Earlier> earlier = resume == null ? null : new ArrayList<>();
      // per position of the run: the index of its rows, or -1 if the stopped import finished it
      List<Integer> run = new ArrayList<>();
      long first = position;
      while (refused == null && rows.size() < STREAM_CHUNK && input.hasNext()) {
        try {
          E entity = input.next();
          if (resume != null && resume.finished(position)) {
            run.add(-1); // finished by the stopped import: not written again
            position++;
            continue;
          }
          ResumedImport.Earlier before = resume == null ? null : resume.earlier(position);
          long tag = before == null ? ResumedImport.tag(seed, position) : before.tag();
          if (conditions == null) {
            rows.add(prepare(entity, null, tag));
          } else {
            Conditional<E> write = prepareVersioned(entity, tag);
            rows.add(write.rows());
            conditions.add(write.condition());
          }
          if (earlier != null) {
            earlier.add(before);
          }
          run.add(rows.size() - 1);
          position++;
        } catch (RuntimeException e) {
          refused = e;
        }
      }
      List<WriteGroup> groups =
          rows.isEmpty()
              ? List.of()
              : commitPoint == null
                  ? groupsOf(rows, conditions)
                  : commitPoint.groups(rows, conditions, earlier);
      // told to the resume in input order, once the whole run is planned
      for (int i = 0; i < run.size(); i++) {
        WriteGroup g = run.get(i) < 0 ? null : groups.get(run.get(i));
        if (resume != null && g == null) {
          resume.skipped(first + i);
        } else if (resume != null) {
          resume.emitted(first + i);
        }
        if (g != null) {
          planned.add(g);
        }
      }
    }
  }

  /**
   * Encodes and checks an entity without writing anything: the rows {@link #put} would write.
   *
   * @throws dev.widekey.core.RuleViolationException for a value that breaks a rule
   * @throws StoreException of kind {@link ErrorKind#LIMIT_EXCEEDED} for a row over the store's row
   *     or put limit
   */
  public PreparedWrite prepare(E entity) {
    if (versionColumn != null) {
      return prepareVersioned(entity).rows();
    }
    return prepare(entity, null, newTag());
  }

  /**
   * The rows of an entity.
   *
   * @param version the version to store in place of the entity's, or {@code null} for none
   * @param tag the write's tag, if the entity has other rows than its hot row
   */
  private PreparedWrite prepare(E entity, AttrValue version, long tag) {
    Objects.requireNonNull(entity, "entity");
    PrimaryKey key = keyOf(entity);
    StoreLimits limits = limits();
    checkKeySize(hotTable.primaryKey(), key, limits);
    Map<String, AttrValue> hot = new LinkedHashMap<>(hotColumns(entity));
    Map<String, AttrValue> cold = coldTable == null ? Map.of() : coldColumns(entity);
    checkSizes(hot, limits);
    checkSizes(cold, limits);
    if (version != null) {
      hot.put(versionColumn, version);
    } else if (versionColumn != null) {
      hot.remove(versionColumn); // a restored version 0: stored as it was read, without one
    }
    Row coldRow = null;
    List<Row> chunks = new ArrayList<>();
    List<WriteOp> indexPuts = new ArrayList<>(tables.indexes().size());
    if (commitPoint != null) {
      // every write of an entity with a cold or chunk table is one commit, named by its tag
      long written = clock.wallMillis();
      hot.put(COLD_TAG, AttrValue.ofInteger(tag));
      toChunks(hot, key, tag, written, chunks, limits);
      if (!cold.isEmpty()) {
        Map<String, AttrValue> columns = new LinkedHashMap<>(cold);
        toChunks(columns, key, tag, written, chunks, limits);
        columns.put(ColdRows.OWNER, ColdRows.owner(key));
        columns.put(ColdRows.WRITTEN, AttrValue.ofInteger(written));
        coldRow = Row.of(ColdRows.key(key, tag), columns);
        hot.put(COLD_MARKER, AttrValue.ofBoolean(true));
      }
      if (!chunks.isEmpty()) {
        hot.put(ChunkRows.PARTS, AttrValue.ofInteger(chunks.size()));
      }
      for (IndexTable index : tables.indexes()) {
        List<PkValue> values = indexValues(index, entity);
        if (values == null) {
          continue; // an indexed value is null: no row in this index
        }
        Row row = IndexRows.row(index, values, key, tag, written);
        hot.put(IndexRows.tagColumn(index), AttrValue.ofInteger(tag));
        checkKeySize(index.table().primaryKey(), row.key(), limits);
        ServiceChecks.rowSize(index.table(), row, store.limits(index.table().profile()));
        indexPuts.add(WriteOp.put(index.table().name(), row));
      }
    }
    if (hot.isEmpty()) {
      hot.put(ROW_MARKER, AttrValue.ofBoolean(true));
    }
    Row hotRow = Row.of(key, hot);
    // every row within the row and put limits before any is written
    ServiceChecks.rowSize(hotTable, hotRow, limits);
    if (coldRow != null) {
      ServiceChecks.rowSize(coldTable, coldRow, store.limits(coldTable.profile()));
    }
    for (Row chunk : chunks) {
      ServiceChecks.rowSize(chunkTable, chunk, store.limits(chunkTable.profile()));
    }
    return new PreparedWrite(hotRow, coldRow, chunks, indexPuts);
  }

  /**
   * The keys of the index rows a stored hot row names, by index name: its indexed values as the hot
   * row holds them, under the index tag it records ({@link IndexRows#tagColumn}). Empty if the row
   * does not build an entity (a forged or damaged row, or one whose constructor needs a cold
   * field): its index rows then never verify, and a later write neither keeps nor deletes them.
   */
  private Map<String, PrimaryKey> storedIndexRows(Row hot) {
    List<IndexTable> indexes = tables.indexes();
    E entity;
    try {
      entity = entity(hot.key(), withValues(hot, Map.of()), null, true);
    } catch (RuntimeException e) {
      return Map.of();
    }
    Map<String, PrimaryKey> keys = new LinkedHashMap<>();
    for (IndexTable index : indexes) {
      AttrValue tag = hot.get(IndexRows.tagColumn(index));
      if (tag == null || tag.type() != AttrType.INTEGER) {
        continue; // not a row an indexed write stored
      }
      try {
        List<PkValue> values = indexValues(index, entity);
        if (values != null) {
          keys.put(index.name(), IndexRows.key(index, values, hot.key(), tag.asLong()));
        }
      } catch (RuntimeException e) {
        // a value the index key cannot hold: the write stored no row for it
      }
    }
    return keys;
  }

  /**
   * Entities read through an index, in index order: the index rows in {@code range} (a range over
   * the index table's key, as the generated index range methods build it), each kept only if the
   * hot row it names is the one the same write committed, then the entities of those hot rows (hot
   * columns only). A stale index row (a replaced or deleted write's, or a stopped write's) is
   * skipped, never returned. Close the stream if not read to the end.
   *
   * <pre>{@code
   * Stream<Order> byCard = scanIndex(OrderTable.INDEX_BY_CARD, OrderKeys.byCardRange("card-7"));
   * }</pre>
   */
  protected Stream<E> scanIndex(IndexTable index, ScanRange range) {
    return scanIndexKeyed(index, range).map(IndexScan.Verified::entity);
  }

  /**
   * {@link #scanIndex}, each entity with the index position it was found at (its indexed values and
   * hot key): what a merge of several tables' index reads orders by.
   */
  Stream<IndexScan.Verified<E>> scanIndexKeyed(IndexTable index, ScanRange range) {
    ownIndex(index);
    requireBuilt(index);
    long limit = range.limit();
    // index rows in chunks of what the reader wants (and more where some prove stale); only their
    // keys are read, so every column is selected: a store then decodes none
    ChunkedRows rows =
        new ChunkedRows(
            store,
            index.table().name(),
            range.withColumns(ColumnSelection.all()),
            limit == Long.MAX_VALUE ? IndexScan.FIRST_BATCH : limit + 1);
    int most = Math.min(IndexScan.MAX_BATCH, store.limits(hotTable.profile()).maxMultiGetRows());
    IndexScan<E> scan = new IndexScan<>(rows, most, limit, batch -> verified(index, batch));
    Stream<IndexScan.Verified<E>> entities =
        StreamSupport.stream(
            Spliterators.spliteratorUnknownSize(scan, Spliterator.ORDERED | Spliterator.NONNULL),
            false);
    return limit == Long.MAX_VALUE ? entities : entities.limit(limit);
  }

  private IndexTable ownIndex(IndexTable index) {
    IndexTable own = tables.index(index.name()).orElse(null);
    if (!index.equals(own)) {
      throw new IllegalArgumentException(
          "index " + index.name() + " is not one of this entity's: " + tables.indexes());
    }
    return own;
  }

  /**
   * Entities read through an index the store's service maintains ({@link ServiceIndexTable}), in
   * index order: the index rows in {@code range} (a range as the generated index range methods
   * build it, widened to the service index's key), each kept only if the hot row it names still has
   * the indexed values, then the entities of those hot rows (hot columns only). A local index is
   * exact; a global one may lag its table, so a read may miss an entity written (or moved to these
   * values) in the last moments ({@link ServiceIndexTable#ASSUMED_GLOBAL_LAG}), and the index rows
   * it still holds at old values are skipped: it never returns an entity that does not match.
   *
   * <pre>{@code
   * Stream<Order> byCard = scanServiceIndex(OrderTable.INDEX_BY_CARD,
   *     OrderKeys.ByCardIndex.rangeByCardId("CARD7"));
   * }</pre>
   */
  protected Stream<E> scanServiceIndex(ServiceIndexTable index, ScanRange range) {
    if (hotTable.serviceIndexes().stream().noneMatch(s -> s.name().equals(index.table()))) {
      throw new IllegalArgumentException(
          "service index "
              + index.table()
              + " is not one of table "
              + hotTable.name()
              + "'s: "
              + hotTable.serviceIndexes());
    }
    long limit = range.limit();
    int keyColumns = hotTable.indexKey(index.table()).size();
    Stream<Row> rows =
        store.scanIndex(
            hotTable.name(),
            index.table(),
            index.overServiceKey(range, keyColumns).withLimit(Long.MAX_VALUE));
    int most = Math.min(IndexScan.MAX_BATCH, store.limits(hotTable.profile()).maxMultiGetRows());
    IndexScan<E> scan =
        new IndexScan<>(rows.iterator(), most, limit, batch -> verifiedByService(index, batch));
    Stream<E> entities =
        StreamSupport.stream(
                Spliterators.spliteratorUnknownSize(
                    scan, Spliterator.ORDERED | Spliterator.NONNULL),
                false)
            .map(IndexScan.Verified::entity)
            .onClose(rows::close);
    return limit == Long.MAX_VALUE ? entities : entities.limit(limit);
  }

  /**
   * The hot rows of {@code keys}, in their order ({@code null}: absent), by one multi-get per piece
   * of the store's multi-get limit. A key named twice is read twice: index rows naming one entity
   * twice are few, and a set of the keys cost a page read through an index a twentieth of its time.
   */
  private List<Row> hotRows(List<PrimaryKey> keys) {
    List<Row> hotRows = new ArrayList<>(keys.size());
    int piece = store.limits(hotTable.profile()).maxMultiGetRows();
    for (int from = 0; from < keys.size(); from += piece) {
      List<PrimaryKey> part = keys.subList(from, Math.min(keys.size(), from + piece));
      for (Optional<Row> row : store.multiGet(hotTable.name(), part, hotRead)) {
        hotRows.add(row.orElse(null));
      }
    }
    return hotRows;
  }

  /** As {@link #verified}, for rows of a service index: the hot key is in the index key. */
  private List<IndexScan.Verified<E>> verifiedByService(
      ServiceIndexTable index, List<Row> indexRows) {
    List<PrimaryKey> hotKeys = new ArrayList<>(indexRows.size());
    for (Row row : indexRows) {
      hotKeys.add(hotTable.dataKeyOf(index.table(), row.key()));
    }
    List<Row> hotRows = hotRows(hotKeys);
    List<IndexScan.Verified<E>> out = new ArrayList<>(indexRows.size());
    for (int i = 0; i < indexRows.size(); i++) {
      PrimaryKey hotKey = hotKeys.get(i);
      Row hot = hotRows.get(i);
      if (hot == null) {
        continue; // deleted since the index saw it
      }
      Optional<E> entity = read(readHot(hot), false);
      if (entity.isEmpty()) {
        continue;
      }
      List<PkValue> values = indexRows.get(i).key().values().subList(0, index.indexColumns());
      List<PkValue> now;
      try {
        now = serviceIndexValues(index, entity.get());
      } catch (dev.widekey.core.key.InvalidKeyException e) {
        // the repository does not check a service index's values on write (the service indexes
        // what is stored); a value no index key can hold equals no value a read asks for
        continue;
      }
      if (values.equals(now)) { // null: a null indexed value, which no index row holds
        out.add(new IndexScan.Verified<>(values, hotKey, entity.get()));
      }
    }
    return out;
  }

  /**
   * The entities a batch of index rows names that match them now, in the batch's order: each hot
   * row read (one multi-get per piece of the store's limit) and kept only if its entity's indexed
   * values are the index row's. A missing hot row, another write's values, or a row a read finds
   * gone meanwhile is a stale index row, skipped.
   */
  private List<IndexScan.Verified<E>> verified(IndexTable index, List<Row> indexRows) {
    List<IndexRows.Located> located = new ArrayList<>(indexRows.size());
    List<PrimaryKey> hotKeys = new ArrayList<>(indexRows.size());
    for (Row row : indexRows) {
      IndexRows.Located at = IndexRows.located(index, row, hotTable.primaryKey());
      located.add(at);
      hotKeys.add(at.hotKey());
    }
    List<Row> hotRows = hotRows(hotKeys);
    List<IndexScan.Verified<E>> out = new ArrayList<>(indexRows.size());
    for (int i = 0; i < indexRows.size(); i++) {
      PrimaryKey hotKey = hotKeys.get(i);
      Row hot = hotRows.get(i);
      if (hot == null) {
        continue;
      }
      Optional<E> entity = read(readHot(hot), false);
      if (entity.isEmpty()) {
        continue;
      }
      List<PkValue> values = located.get(i).values();
      List<PkValue> now;
      try {
        now = indexValues(index, entity.get());
      } catch (dev.widekey.core.key.InvalidKeyException e) {
        // a hot row another writer gave a value no index key holds: it matches no index row,
        // so this one is stale, as for a service index
        continue;
      }
      if (values.equals(now)) {
        out.add(new IndexScan.Verified<>(values, hotKey, entity.get()));
      }
    }
    return out;
  }

  /**
   * The range of the hot table with the columns {@link #load} needs, unless it selects some itself:
   * scan the old table with it and hand the rows to {@link #load}.
   *
   * <pre>{@code
   * List<Row> rows = store.scan(repo.hotTable().name(), repo.loadRange(range).withLimit(1000)).toList();
   * }</pre>
   */
  public ScanRange loadRange(ScanRange range) {
    return readRange(range);
  }

  /**
   * The entities of hot rows scanned from this repository's hot table ({@link #loadRange}), in
   * their order, each read as {@code getWithCold} reads it: its markers checked, its cold row (the
   * one its commit point names; those of the batch read by one multi-get) and its chunk rows
   * joined. A row whose key or values break a rule of this repository's layout (a key its codec
   * does not decode, a value its field cannot hold) is a {@linkplain LoadedRow#isRefused() refusal}
   * with that rule, not an exception; a row deleted while its other rows were read is left out. Any
   * other failure (damaged markers, a missing cold row, a store error) is thrown.
   *
   * <pre>{@code
   * List<LoadedRow<Order>> batch = oldOrders.load(rows);
   * }</pre>
   */
  public List<LoadedRow<E>> load(List<Row> hotRows) {
    Map<PrimaryKey, Row> colds = new HashMap<>();
    if (coldTable != null) {
      List<PrimaryKey> coldKeys = new ArrayList<>();
      for (Row hot : hotRows) {
        try {
          AttrValue tag = hot.get(COLD_TAG);
          if (pointsAtCold(hotTable.name(), hot) && tag != null && tag.type() == AttrType.INTEGER) {
            coldKeys.add(ColdRows.key(hot.key(), tag.asLong()));
          }
        } catch (StoreException e) {
          // a damaged marker: thrown when the row itself is read below
        }
      }
      int piece = store.limits(coldTable.profile()).maxMultiGetRows();
      for (int from = 0; from < coldKeys.size(); from += piece) {
        List<PrimaryKey> part = coldKeys.subList(from, Math.min(coldKeys.size(), from + piece));
        List<Optional<Row>> read = store.multiGet(coldTable.name(), part, coldRead);
        for (int i = 0; i < part.size(); i++) {
          PrimaryKey coldKey = part.get(i);
          read.get(i).ifPresent(r -> colds.put(coldKey, r));
        }
      }
    }
    List<LoadedRow<E>> out = new ArrayList<>(hotRows.size());
    for (Row row : hotRows) {
      PrimaryKey key = row.key();
      try {
        Row hot = readHot(row);
        Optional<E> entity;
        if (chunkTable != null) {
          entity = read(hot, true);
        } else if (coldTable != null && pointsAtCold(hotTable.name(), hot)) {
          AttrValue tag = hot.get(COLD_TAG);
          Row cold =
              tag == null || tag.type() != AttrType.INTEGER
                  ? null
                  : colds.get(ColdRows.key(key, tag.asLong()));
          if (cold == null) {
            entity = read(hot, true); // checks the tag, reads again, tells damage from a race
          } else {
            ColdRows.checkOwner(coldTable.name(), cold, key);
            entity = Optional.of(entity(key, hot, cold, false));
          }
        } else {
          entity = Optional.of(entity(key, hot, null, false));
        }
        entity.ifPresent(e -> out.add(new LoadedRow<>(key, e, null)));
      } catch (RuleViolationException e) {
        out.add(new LoadedRow<>(key, null, e));
      } catch (StoreException e) {
        RuleViolationException rule = e.kind() == ErrorKind.CORRUPT_DATA ? ruleOf(e) : null;
        if (rule == null) {
          throw e;
        }
        out.add(new LoadedRow<>(key, null, rule));
      }
    }
    return out;
  }

  /** The rule violation that made stored bytes unreadable, if one did. */
  private static RuleViolationException ruleOf(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof RuleViolationException r) {
        return r;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return null;
  }

  /** Reads an entity by key: hot columns only, or with the cold row too. */
  protected Optional<E> find(PrimaryKey key, boolean withCold) {
    try {
      return readHot(key).flatMap(row -> read(row, withCold));
    } catch (StoreException e) {
      throw withCreateTablesHint(e);
    }
  }

  private Optional<Row> readHot(PrimaryKey key) {
    return store.get(hotTable.name(), key, hotRead).map(this::readHot);
  }

  /**
   * Deletes an entity. An entity with a cold table is deleted through its commit point, the hot
   * row, then the cold row it pointed at ({@link CommitPoint#delete}).
   */
  protected void remove(PrimaryKey key) {
    try {
      if (commitPoint == null) {
        store.delete(hotTable.name(), key);
      } else {
        commitPoint.delete(key);
      }
    } catch (StoreException e) {
      throw withCreateTablesHint(e);
    }
  }

  /**
   * Sends the deletes of replaced rows that writes left queued, those of every repository of this
   * process (a store wrapped in another has a queue of its own), and waits for them. On a networked
   * store a write deletes the cold and chunk rows of the write it replaced in the background, in
   * batches, so it need not wait for them; call this before closing the store to leave none of them
   * for {@link #sweepColdRows}. Reads never depend on it.
   *
   * <pre>{@code
   * items.flushDeletes();
   * store.close();
   * }</pre>
   */
  public void flushDeletes() {
    DeferredDeletes.flushAll();
  }

  /**
   * Deletes the cold rows, chunk rows and index rows no hot row names that are older than {@code
   * grace} (the result counts them all): the garbage a write or a delete stopped between its rows
   * leaves, or a bulk write that raced another client's write of the same entity. Reads never see
   * such rows; this reclaims their space. It scans the whole cold, chunk and index tables and reads
   * the hot row of each of their rows, so run it off-peak (daily, say). Rows without widekey's
   * owner and write-time columns are counted and left alone.
   *
   * <pre>{@code
   * ColdSweepResult swept = items.sweepColdRows(Duration.ofHours(24));
   * }</pre>
   *
   * @param grace at least {@link ColdRows#MIN_SWEEP_GRACE}, and longer than the longest import
   *     ({@code putAll}) takes: a cold row younger than that may belong to a write still underway;
   *     it must also exceed {@link ColdRows#COMMIT_DEADLINE} plus the most this sweeper's clock
   *     runs ahead of any writer's (rows are dated by the writer's clock, aged by the sweeper's)
   * @return what the sweep found; all zeros for an entity without a cold table
   */
  public ColdSweepResult sweepColdRows(Duration grace) {
    return sweepColdRows(ColdRows.requireSweepGrace(grace), clock.wallMillis());
  }

  /**
   * Times this repository's writes, and dates their rows, by {@code clock} instead of the system's
   * clocks.
   */
  void useClock(CommitClock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    if (commitPoint != null) {
      commitPoint.useClock(clock);
    }
  }

  /** {@link #sweepColdRows(Duration)} as at {@code nowMillis} on the sweeper's clock. */
  ColdSweepResult sweepColdRows(Duration grace, long nowMillis) {
    ColdSweepResult result = ColdSweepResult.NONE;
    if (coldTable != null) {
      result = new ColdRowSweep(store, hotTable, coldTable, nowMillis, grace).sweep();
    }
    if (chunkTable != null) {
      result =
          result.plus(
              new ColdRowSweep(store, hotTable, chunkTable, true, nowMillis, grace).sweep());
    }
    for (IndexTable index : tables.indexes()) {
      result = result.plus(new IndexRowSweep(store, hotTable, index, nowMillis, grace).sweep());
    }
    return result;
  }

  /**
   * Reads the cold columns of an entity read without them (by a scan, say).
   *
   * @return the entity with its cold columns, or empty if it was deleted meanwhile
   */
  public Optional<E> loadCold(E entity) {
    return find(keyOf(entity), true);
  }

  /**
   * Every entity of the table in key order, hot columns only. This reads every partition; prefer
   * the generated scans, which read only the rows they return.
   */
  public Stream<E> scanAll() {
    return scan(ScanRange.all(hotTable.primaryKey().size()), false);
  }

  /**
   * Every entity of the table, greatest key first (a backward scan), hot columns only. This reads
   * every partition; prefer the generated {@code ...Descending} scans.
   */
  public Stream<E> scanAllDescending() {
    return scan(ScanRange.all(hotTable.primaryKey().size()).backward(), false);
  }

  /**
   * Entities of a key range, in the range's order (key order, or descending for a {@linkplain
   * ScanRange#backward() backward} range); close the stream if not read to the end.
   */
  protected Stream<E> scan(ScanRange range, boolean withCold) {
    Stream<Row> hot = store.scan(hotTable.name(), readRange(range)).map(this::readHot);
    return hot.flatMap(row -> read(row, withCold).stream());
  }

  /**
   * A scan range of the hot table as this repository reads it: selecting the columns its entity can
   * hold ({@link ReadColumns}), unless the range selects some itself.
   */
  ScanRange readRange(ScanRange range) {
    return range.columns().isAll() ? range.withColumns(hotRead) : range;
  }

  /**
   * The entity of a hot row read from this repository's hot table by a merge (the merge over a
   * time-sharded entity's period tables hands each row to the view of the table it came from), hot
   * columns only, checked as {@link #scan} checks them; its chunked values read from this
   * repository's chunk table. Empty if the entity was deleted while its chunk rows were read.
   */
  Optional<E> entityOfHotRow(Row hot) {
    return read(readHot(hot), false);
  }

  /**
   * Entities of a range of a {@code @Bucketed} component, hot columns only: one scan per bucket
   * ({@code ranges}, in bucket order), merged by {@link MergedScan} into the logical key order, in
   * pages of {@link MergedScan#defaultPageSize(int)} rows per bucket. At most {@code limit}
   * entities; with {@code after}, the ones after that key in logical order (each bucket starts at
   * its logical key, not at its start). Close the stream if not read to the end: it closes every
   * bucket's scan.
   */
  protected Stream<E> scanBuckets(
      KeyBuckets buckets, List<ScanRange> ranges, long limit, PrimaryKey after) {
    return scanBuckets(buckets, ranges, limit, after, false);
  }

  /**
   * {@link #scanBuckets(KeyBuckets, List, long, PrimaryKey)}, or with {@code descending} the same
   * rows greatest logical key first: each bucket's range read backward and the scans merged by the
   * reversed logical order; with {@code after}, the ones below that key in logical order (each
   * bucket's scan ends at its logical key, not at its end).
   */
  protected Stream<E> scanBuckets(
      KeyBuckets buckets,
      List<ScanRange> ranges,
      long limit,
      PrimaryKey after,
      boolean descending) {
    return scanBuckets(buckets, ranges, limit, after, descending, "the bucketed component", "", "");
  }

  /**
   * {@link #scanBuckets(KeyBuckets, List, long, PrimaryKey, boolean)} for the bounds {@code [from,
   * to)} of {@code field}: a continuation key outside them is refused. It was not returned by this
   * query (a page of other bounds, or another entity), and neither an empty page, which reads as
   * the end of the rows, nor a scan from that key, which leaves the bounds, would tell the caller.
   *
   * <pre>{@code
   * return scanBuckets(Keys.BUCKETS, Keys.timestampRanges(from, to), limit,
   *     Keys.primaryKey(last), false, "timestamp", from, to);
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code after} lies outside its bucket's range
   */
  protected Stream<E> scanBuckets(
      KeyBuckets buckets,
      List<ScanRange> ranges,
      long limit,
      PrimaryKey after,
      boolean descending,
      String field,
      Object from,
      Object to) {
    if (after != null && !ranges.get(buckets.bucketOf(after)).contains(after)) {
      throw new IllegalArgumentException(
          "last (key "
              + after
              + ") lies outside the bounds of the scan of "
              + hotTable.name()
              + ": its "
              + field
              + " is not in ["
              + RuleViolationException.quote(String.valueOf(from))
              + ", "
              + RuleViolationException.quote(String.valueOf(to))
              + "); pass an entity this scan returned, or scan the new bounds from their start");
    }
    MergedScan merge =
        ScanMerge.of(
                store,
                List.of(hotTable.name()),
                ranges.stream().map(this::readRange).toList(),
                buckets,
                buckets.logicalOrder(),
                descending,
                prefetch)
            .withLimit(limit);
    Stream<Row> rows =
        after == null
            ? merge.stream()
            : merge.streamAfter(new MergePosition(buckets.bucketOf(after), after));
    return rows.map(this::readHot).flatMap(row -> read(row, false).stream());
  }

  private volatile Executor prefetch = ReadAhead.executor();

  /**
   * Reads the pages of a bucketed scan's buckets ahead, in parallel, on {@code executor}; null
   * reads them one after another on the reading thread. By default they are read on {@link
   * ReadAhead#executor()}, at most {@link WideTableStore#scanParallelism()} at once.
   */
  public void prefetchBucketPages(Executor executor) {
    this.prefetch = executor;
  }

  private volatile ContinuationKey continuationKey;

  /**
   * Sets the key that signs this repository's continuation tokens (the cursors of its pages) and
   * returns this repository; without one, every {@code page...} call is an {@link
   * IllegalStateException}. Every instance that serves the same clients needs the same key.
   *
   * <pre>{@code
   * var readings = new ReadingRepository(store).withContinuationKey(ContinuationKey.of(secret));
   * }</pre>
   */
  public SplitTableRepository<E> withContinuationKey(ContinuationKey key) {
    this.continuationKey = Objects.requireNonNull(key, "key");
    return this;
  }

  /**
   * Sets how many commit points this repository remembers (4,096 unless set; 0: none) and returns
   * this repository. A write of an entity whose commit point it remembers compare-and-sets on it
   * directly; one it does not know reads the hot row first, a round trip more on a networked store.
   * An application that rewrites a working set larger than that, one entity after another, reads
   * some of them first (evictions are at random: with 4,096 remembered, a cycle over 5,000 entities
   * finds about two thirds); sized to the working set, it reads none. Each costs a few hundred
   * bytes of heap (the key, the tag, the index row keys: about 300 for an entity with cold columns,
   * 600 with one index). Configure it before sharing the repository between threads. Remembering is
   * only an optimisation: a commit point another writer has moved on fails the compare-and-set,
   * which then reads and tries again. What was remembered before the call is forgotten. An entity
   * without cold columns, chunks or indexes has no commit point, and a store that computes rows
   * (the embedded store) commits in one call without one remembered: nothing changes there.
   *
   * <pre>{@code
   * var orders = new OrderRepository(store).withRememberedCommitPoints(50_000);
   * }</pre>
   *
   * @throws IllegalArgumentException if {@code capacity} is negative
   */
  public SplitTableRepository<E> withRememberedCommitPoints(int capacity) {
    RememberedCommitPoints.requireCapacity(hotTable.name(), capacity);
    if (commitPoint != null) {
      commitPoint.rememberAtMost(capacity);
    }
    return this;
  }

  /** The continuation key, or the error that says how to set one. */
  ContinuationKey requireContinuationKey() {
    ContinuationKey key = continuationKey;
    if (key == null) {
      throw new IllegalStateException(
          "pages of table "
              + hotTable.name()
              + " need a continuation key to sign their cursors: call"
              + " repository.withContinuationKey(ContinuationKey.of(secret)) with 32 or more secret"
              + " bytes, the same on every instance");
    }
    return key;
  }

  /**
   * A page of the entities of {@code range} (hot columns only), in the range's order: the first
   * page for {@code PageRequest.ofSize(n)}, the next for {@code page.nextPageRequest()}, whose
   * cursor is a signed token of the last row returned, bound to this table, {@code queryId} and the
   * range. The rest after a token never leaves {@code range}. A query of its own (a generated query
   * method, an index read) passes its own id, stable across releases and distinct from the others
   * over this table, so that one query's token is refused by another.
   *
   * <pre>{@code
   * CursoredPage<Reading> p = repo.page("bySensor", ReadingKeys.rangeBySensorId("s1"),
   *     PageRequest.ofSize(20));
   * }</pre>
   *
   * @throws IllegalStateException without a {@link #withContinuationKey continuation key}
   * @throws dev.widekey.runtime.query.UnsupportedPageRequestException for an offset page beyond the
   *     first (a scan from the start) or a page before a cursor; nothing is read
   * @throws dev.widekey.runtime.query.InvalidContinuationException (WK309) for a token this
   *     repository did not hand out for this query and range; nothing is read
   */
  public CursoredPage<E> page(String queryId, ScanRange range, PageRequest request) {
    return RepositoryPages.page(this, requireContinuationKey(), queryId, range, request);
  }

  /**
   * {@link #page} of a merged scan over a {@code @Bucketed} component: one range per bucket (in
   * bucket order), merged in the logical key order ({@code descending}: greatest first); a token
   * holds the last row's key, where each bucket resumes ({@link MergedScan#openAfter}).
   */
  public CursoredPage<E> pageBuckets(
      String queryId,
      KeyBuckets buckets,
      List<ScanRange> ranges,
      boolean descending,
      PageRequest request) {
    return RepositoryPages.pageBuckets(
        this, requireContinuationKey(), prefetch, queryId, buckets, ranges, descending, request);
  }

  /**
   * A page of entities read through an index ({@link #scanIndex}): at most the request's size, in
   * index order ({@code range}'s direction), each checked against its hot row; the cursor is a
   * signed token of the last entity's index position, bound to the index, {@code queryId} and the
   * range.
   *
   * <pre>{@code
   * CursoredPage<Order> first = orders.pageIndex("byCard", INDEX_BY_CARD, range, PageRequest.ofSize(20));
   * }</pre>
   *
   * @throws dev.widekey.runtime.query.InvalidContinuationException (WK309) for a cursor this query
   *     did not hand out; nothing is read
   */
  public CursoredPage<E> pageIndex(
      String queryId, IndexTable index, ScanRange range, PageRequest request) {
    return RepositoryPages.pageIndex(
        this, requireContinuationKey(), queryId, ownIndex(index), range, request);
  }

  /**
   * How many entities an index range holds. Each index row is checked against its hot row, so a
   * count through an index reads the hot rows too: a scan, as every count is.
   */
  public long countIndex(IndexTable index, ScanRange range) {
    try (Stream<E> read = scanIndex(index, range)) {
      return read.count();
    }
  }

  /** Whether an index range holds an entity: stops at the first one its hot row confirms. */
  public boolean existsIndex(IndexTable index, ScanRange range) {
    try (Stream<E> read = scanIndex(index, range.withLimit(1))) {
      return read.findAny().isPresent();
    }
  }

  /** The first page of every entity of the table, in key order ({@link #page}). */
  public CursoredPage<E> pageAll(PageRequest request) {
    return page("pageAll", ScanRange.all(hotTable.primaryKey().size()), request);
  }

  /** {@link #pageAll}, greatest key first. */
  public CursoredPage<E> pageAllDescending(PageRequest request) {
    return page("pageAll", ScanRange.all(hotTable.primaryKey().size()).backward(), request);
  }

  /**
   * How many entities {@code range} holds (its limit kept). A count is a scan: the stores keep no
   * row count, so every key of the range is read, with no attribute column ({@link
   * ColumnSelection#keysOnly()}).
   *
   * <pre>{@code long n = repo.count(ReadingKeys.rangeBySensorId("s1"));}</pre>
   */
  public long count(ScanRange range) {
    return RepositoryPages.count(store, hotTable.name(), range);
  }

  /** Whether {@code range} holds an entity: a scan that stops at the first key. */
  public boolean exists(ScanRange range) {
    return RepositoryPages.exists(store, hotTable.name(), range);
  }

  /** {@link #count} of a bucketed range: the sum over its buckets' ranges (no merge needed). */
  public long countBuckets(List<ScanRange> ranges) {
    long n = 0;
    for (ScanRange r : ranges) {
      n += count(r);
    }
    return n;
  }

  /** {@link #exists} of a bucketed range: whether any bucket's range holds a row. */
  public boolean existsBuckets(List<ScanRange> ranges) {
    return ranges.stream().anyMatch(this::exists);
  }

  /** How many entities the table holds: a scan of every key. */
  public long countAll() {
    return count(ScanRange.all(hotTable.primaryKey().size()));
  }

  /** The limits the store keeps the entity's tables to: those of its profile. */
  private StoreLimits limits() {
    return store.limits(hotTable.profile());
  }

  /** The hot table's spec. */
  public TableSpec hotTable() {
    return hotTable;
  }

  /** The cold table's spec, or empty if the entity has no cold columns. */
  public Optional<TableSpec> coldTable() {
    return Optional.ofNullable(coldTable);
  }

  /**
   * The entity of stored rows. Stored bytes are not trusted: a key the codec would not write, a
   * value its field cannot hold, a value that will not inflate, all become one typed error, {@link
   * ErrorKind#CORRUPT_DATA} (not retryable), naming the table and row, with the column or field in
   * its message and the first failure as its cause. So does a value the entity itself refuses (a
   * record's compact constructor or a setter that validates): those bytes make no entity either.
   */
  private E entity(PrimaryKey key, Row hot, Row cold) {
    return entity(key, hot, cold, false);
  }

  private E entity(PrimaryKey key, Row hot, Row cold, boolean hotOnly) {
    hot = checkVersion(hot);
    try {
      return toEntity(key, hot, cold);
    } catch (RuleViolationException e) {
      throw unreadable(key, e.getMessage(), e);
    } catch (StoreException e) {
      if (e.kind() != ErrorKind.CORRUPT_DATA) {
        throw e;
      }
      throw unreadable(key, e.detail(), e);
    } catch (RuntimeException e) {
      throw unreadable(
          key,
          "the entity refused the values read: "
              + e.getClass().getName()
              + (e.getMessage() == null ? "" : " " + RuleViolationException.quote(e.getMessage()))
              + (hotOnly && coldTable != null
                  // the likeliest cause is the read, not the data: say which read would do
                  ? "; this read was hot-only, which builds the entity with its cold fields"
                      + " empty (null): an entity whose constructor requires a cold field is read"
                      + " with its cold columns (getWithCold)"
                  : ""),
          e);
    }
  }

  /**
   * A versioned entity's stored version is one a write stores: 1 (an insert) up to {@link
   * #LAST_VERSION}. Any other (0, negative, past the last, another type) would read as an entity
   * that no write accepts back, so it is {@link ErrorKind#CORRUPT_DATA}. A row without the column
   * was stored before the entity had its {@code @Version}: it reads as version 0, which a put
   * accepts back (DynamoDBMapper's reading of an item without its version attribute).
   *
   * @return {@code hot}, or for a row without a version, {@code hot} with version 0
   */
  private Row checkVersion(Row hot) {
    if (versionColumn == null) {
      return hot;
    }
    AttrValue version = hot.get(versionColumn);
    if (version == null) {
      Map<String, AttrValue> columns = new LinkedHashMap<>(hot.columns());
      columns.put(versionColumn, AttrValue.ofInteger(0));
      return Row.of(hot.key(), columns);
    }
    if (version.type() != AttrType.INTEGER
        || version.asLong() < 1
        || version.asLong() > LAST_VERSION) {
      throw notWidekeys(
          "version column",
          hotTable.name(),
          hot,
          versionColumn,
          version,
          "an INTEGER from 1 to " + LAST_VERSION + ", or nothing (not yet versioned)");
    }
    return hot;
  }

  private StoreException unreadable(PrimaryKey key, String why, RuntimeException cause) {
    return new StoreException(
        ErrorKind.CORRUPT_DATA,
        "row " + key + " of table " + hotTable.name() + " cannot be read: " + why,
        false,
        cause);
  }

  /** A hot row as read: its markers checked. */
  private Row readHot(Row row) {
    AttrValue rowMarker = row.get(ROW_MARKER);
    if (rowMarker != null && !rowMarker.equals(AttrValue.ofBoolean(true))) {
      throw corruptMarker(hotTable.name(), row, ROW_MARKER, rowMarker, "true");
    }
    pointsAtCold(hotTable.name(), row); // checks the marker's type
    return row;
  }

  static StoreException corruptMarker(
      String table, Row row, String column, AttrValue value, String expected) {
    return notWidekeys("marker column", table, row, column, value, expected);
  }

  /**
   * A stored value no widekey write produced ({@link ErrorKind#CORRUPT_DATA}): {@code what} names
   * the column's role ("marker column", "version column").
   */
  private static StoreException notWidekeys(
      String what, String table, Row row, String column, AttrValue value, String expected) {
    return new StoreException(
        ErrorKind.CORRUPT_DATA,
        what
            + " "
            + column
            + " of row "
            + row.key()
            + " of table "
            + table
            + " holds "
            + (value == null ? "nothing" : value)
            + " where widekey writes "
            + expected
            + "; the row was not written by widekey (another writer, a restored backup, or damage)",
        false,
        null);
  }

  /** Whether a hot row says its entity has a cold row; a marker of another type is corrupt. */
  static boolean pointsAtCold(String table, Row hot) {
    AttrValue marker = hot.get(COLD_MARKER);
    if (marker != null && marker.type() != AttrType.BOOLEAN) {
      throw corruptMarker(table, hot, COLD_MARKER, marker, "only true or false");
    }
    return marker != null && marker.asBoolean();
  }

  /**
   * The entity of a hot row, with the cold row its tag names if {@code withCold}, and the values
   * its chunk references name (in the hot row; in the cold row too if read), read from their chunk
   * rows by one multi-get (in pieces of the store's multi-get limit). The reads are not atomic: a
   * write or a delete committing between them deletes the rows of the hot row read. The hot row is
   * then read again and the entity built from what it says now: gone, or another write. Only a hot
   * row that still names, unchanged, a missing cold row or chunk row is an error ({@link
   * ErrorKind#CORRUPT_DATA}, damage: nothing removes those rows while their write is committed,
   * except the table's time to live, whose rows, written before their hot row, expire a moment
   * before it and read as absent values); rows that keep changing end, after {@value
   * #COLD_READ_ATTEMPTS} attempts, in a retryable one.
   *
   * @return the entity, or empty if it was deleted meanwhile
   */
  private Optional<E> read(Row hot, boolean withCold) {
    PrimaryKey key = hot.key();
    for (int attempt = 1; ; attempt++) {
      Row cold = null;
      String missing = null;
      AttrValue tag = hot.get(COLD_TAG);
      if (withCold && coldTable != null && pointsAtCold(hotTable.name(), hot)) {
        if (tag == null || tag.type() != AttrType.INTEGER) {
          throw corruptMarker(
              hotTable.name(), hot, COLD_TAG, tag, "an INTEGER beside " + COLD_MARKER);
        }
        Optional<Row> read = store.get(coldTable.name(), ColdRows.key(key, tag.asLong()), coldRead);
        if (read.isPresent()) {
          ColdRows.checkOwner(coldTable.name(), read.get(), key);
          cold = read.get();
        } else {
          missing = "a cold row missing from table " + coldTable.name();
        }
      }
      Map<String, AttrValue> chunked = Map.of();
      if (missing == null && chunkTable != null) {
        chunked = chunkedValues(hot, cold);
        if (chunked == null) {
          missing = "chunk rows missing from table " + chunkTable.name();
        }
      }
      if (missing == null) {
        return Optional.of(
            entity(
                key,
                withValues(hot, chunked),
                cold == null ? null : withValues(cold, chunked),
                !withCold));
      }
      Optional<Row> now = readHot(key);
      if (now.isEmpty()) {
        return Optional.empty();
      }
      boolean unchanged = Objects.equals(tag, now.get().get(COLD_TAG));
      if (unchanged && hotTable.expires()) {
        // written before their hot row, the other rows expire first: absent values, no error
        return Optional.of(entity(key, withValues(now.get(), Map.of()), null, !withCold));
      }
      if (unchanged || attempt == COLD_READ_ATTEMPTS) {
        throw new StoreException(
            unchanged ? ErrorKind.CORRUPT_DATA : ErrorKind.UNAVAILABLE,
            "hot row "
                + key
                + " of table "
                + hotTable.name()
                + (unchanged
                    ? " names "
                        + missing
                        + " (such rows are deleted only once no hot row names them: damage, or"
                        + " a restored backup)"
                    : " was rewritten during each of "
                        + COLD_READ_ATTEMPTS
                        + " reads with its other rows, try again"),
            !unchanged,
            null);
      }
      hot = now.get();
    }
  }

  /**
   * The values of the chunk references in {@code hot} and {@code cold} (null: not read), by column,
   * read from the chunk rows; {@code null} if a part is missing (the write was replaced meanwhile,
   * or damage). Every reference is checked before anything is read or allocated ({@link
   * ChunkRows#parse}), and every chunk row's owner.
   */
  private Map<String, AttrValue> chunkedValues(Row hot, Row cold) {
    Map<String, ChunkRows.Reference> refs = new LinkedHashMap<>();
    long parts = -1;
    for (Row row : cold == null ? List.of(hot) : List.of(hot, cold)) {
      TableSpec table = row == hot ? hotTable : coldTable;
      for (Map.Entry<String, Long> c : chunkCaps.entrySet()) {
        AttrValue ref = row.get(ChunkRows.referenceColumn(c.getKey()));
        if (ref == null) {
          continue;
        }
        if (parts < 0) {
          parts = parts(hotTable.name(), hot, maxParts);
          AttrValue tag = hot.get(COLD_TAG);
          if (tag == null || tag.type() != AttrType.INTEGER) {
            throw corruptMarker(
                hotTable.name(), hot, COLD_TAG, tag, "an INTEGER beside chunk references");
          }
        }
        refs.put(
            c.getKey(),
            ChunkRows.parse(table.name(), row.key(), c.getKey(), ref, parts, c.getValue()));
      }
    }
    if (refs.isEmpty()) {
      return Map.of();
    }
    PrimaryKey key = hot.key();
    long tag = hot.get(COLD_TAG).asLong();
    // the parts of two values never overlap: each part is read once
    boolean[] named = new boolean[(int) parts];
    List<PrimaryKey> keys = new ArrayList<>();
    for (Map.Entry<String, ChunkRows.Reference> r : refs.entrySet()) {
      ChunkRows.Reference ref = r.getValue();
      for (int p = ref.first(); p < ref.first() + ref.parts(); p++) {
        if (named[p]) {
          throw ChunkRows.corrupt(
              hotTable.name(), key, r.getKey(), "its chunk reference shares part " + p);
        }
        named[p] = true;
        keys.add(ChunkRows.key(key, tag, p));
      }
    }
    List<Row> read = new ArrayList<>(keys.size());
    int piece = store.limits(chunkTable.profile()).maxMultiGetRows();
    ColumnSelection columns = ColumnSelection.of(ChunkRows.DATA, ColdRows.OWNER);
    for (int from = 0; from < keys.size(); from += piece) {
      for (Optional<Row> row :
          store.multiGet(
              chunkTable.name(),
              keys.subList(from, Math.min(keys.size(), from + piece)),
              columns)) {
        if (row.isEmpty()) {
          return null;
        }
        ColdRows.checkOwner(chunkTable.name(), row.get(), key);
        read.add(row.get());
      }
    }
    Map<String, AttrValue> values = new LinkedHashMap<>();
    int at = 0;
    for (Map.Entry<String, ChunkRows.Reference> r : refs.entrySet()) {
      ChunkRows.Reference ref = r.getValue();
      values.put(
          r.getKey(),
          ChunkRows.join(
              chunkTable.name(), key, r.getKey(), ref, read.subList(at, at + ref.parts())));
      at += ref.parts();
    }
    return values;
  }

  /**
   * A row with each chunk reference it holds replaced by its value ({@code values}), or dropped.
   */
  private Row withValues(Row row, Map<String, AttrValue> values) {
    if (chunkCaps.isEmpty()) {
      return row;
    }
    Map<String, AttrValue> columns = null;
    for (String c : chunkCaps.keySet()) {
      String ref = ChunkRows.referenceColumn(c);
      if (row.get(ref) != null) {
        if (columns == null) {
          columns = new LinkedHashMap<>(row.columns());
        }
        columns.remove(ref);
        AttrValue v = values.get(c);
        if (v != null) {
          columns.put(c, v);
        }
      }
    }
    return columns == null ? row : Row.of(row.key(), columns);
  }

  /**
   * The chunk rows a hot row's write stored ({@value ChunkRows#PARTS}; absent: none), checked: an
   * INTEGER from 0 to {@code max}, the most the entity's caps allow.
   */
  static long parts(String table, Row hot, long max) {
    AttrValue parts = hot.get(ChunkRows.PARTS);
    if (parts == null) {
      return 0;
    }
    if (parts.type() != AttrType.INTEGER || parts.asLong() < 0 || parts.asLong() > max) {
      throw corruptMarker(
          table, hot, ChunkRows.PARTS, parts, "an INTEGER from 0 to " + max + " (the caps allow)");
    }
    return parts.asLong();
  }

  /**
   * The run-time WK109 check: every column of the key fits the store's primary-key column limit
   * ({@link StoreLimits#maxPkColumnBytes}, 1 KB on Tablestore and Lindorm), strings measured as
   * UTF-8. A string with an unpaired surrogate has no UTF-8 form, so no size: it is refused first
   * (WK105).
   *
   * @throws InvalidKeyException WK105 or WK109, naming the column
   */
  static void checkKeySize(List<PkColumn> schema, PrimaryKey key, StoreLimits limits) {
    for (int i = 0; i < key.size(); i++) {
      PkValue v = key.get(i);
      String column = schema.get(i).name();
      if (v.type() == PkType.STRING) {
        KeyText.requireWellFormed(column, v.asString());
      }
      int bytes = v.sizeInBytes();
      if (bytes > limits.maxPkColumnBytes()) {
        throw new InvalidKeyException(
            Rule.WK109,
            column,
            "is "
                + bytes
                + " bytes, over the store's "
                + limits.maxPkColumnBytes()
                + "-byte primary-key column limit; shorten the value (it is never cut)");
      }
    }
  }

  /**
   * Refuses a value over the attribute limit, unless its column is {@code @Chunked}, and a chunked
   * value over its cap.
   */
  private void checkSizes(Map<String, AttrValue> columns, StoreLimits limits) {
    columns.forEach(
        (name, value) -> {
          Long cap = chunkCaps.get(name);
          if (cap == null) {
            Attributes.checkSize(name, value.sizeInBytes(), limits.maxAttributeBytes());
          } else if (value.type() == AttrType.STRING || value.type() == AttrType.BINARY) {
            ChunkRows.checkCap(name, ChunkRows.storedLength(value), cap);
          }
        });
  }

  /**
   * Moves each {@code @Chunked} value of {@code columns} over the attribute limit into chunk rows
   * (appended to {@code chunks}, numbered on from its size), leaving its reference in its place.
   */
  private void toChunks(
      Map<String, AttrValue> columns,
      PrimaryKey key,
      long tag,
      long written,
      List<Row> chunks,
      StoreLimits limits) {
    if (chunkCaps.isEmpty()) {
      return;
    }
    int piece = ChunkRows.chunkBytes(limits);
    for (String c : chunkCaps.keySet()) {
      AttrValue value = columns.get(c);
      if (value == null || value.sizeInBytes() <= limits.maxAttributeBytes()) {
        continue;
      }
      List<byte[]> pieces = ChunkRows.split(value, piece);
      int first = chunks.size();
      for (byte[] p : pieces) {
        chunks.add(ChunkRows.row(key, tag, chunks.size(), p, written));
      }
      columns.remove(c);
      columns.put(
          ChunkRows.referenceColumn(c),
          ChunkRows.reference(value.type(), first, pieces.size(), ChunkRows.storedLength(value)));
    }
  }

  /**
   * The rows one entity is written as.
   *
   * @param hot the hot row
   * @param cold the cold row, or {@code null}
   * @param chunks the chunk rows, in part order (empty: none)
   */
  public record PreparedWrite(Row hot, Row cold, List<Row> chunks, List<WriteOp> indexPuts) {
    public PreparedWrite {
      chunks = List.copyOf(chunks);
      indexPuts = List.copyOf(indexPuts);
    }

    /** The rows of an entity without index rows. */
    public PreparedWrite(Row hot, Row cold, List<Row> chunks) {
      this(hot, cold, chunks, List.of());
    }

    /** The rows of an entity without chunk rows or index rows. */
    public PreparedWrite(Row hot, Row cold) {
      this(hot, cold, List.of());
    }

    /** Bytes of all rows. */
    public long sizeInBytes() {
      long size = hot.sizeInBytes() + (cold == null ? 0 : cold.sizeInBytes());
      for (Row c : chunks) {
        size += c.sizeInBytes();
      }
      for (WriteOp put : indexPuts) {
        size += ((WriteOp.Put) put).row().sizeInBytes();
      }
      return size;
    }
  }
}
