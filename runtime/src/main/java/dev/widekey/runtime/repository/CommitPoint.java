package dev.widekey.runtime.repository;

import dev.widekey.core.store.AttrType;
import dev.widekey.runtime.merge.ReadAhead;
import dev.widekey.runtime.retry.CallerResends;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.MaybeAppliedException;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.backend.ConditionErrors;
import dev.widekey.runtime.write.BulkWriteFailure;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.WriteGroup;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The one write protocol of an entity with rows in other roles than the hot row (a cold table, a
 * chunk table): every write and delete of such an entity, single or in bulk, is planned here, so
 * nothing else decides an order. What is said of the cold row below holds for the write's chunk
 * rows too ({@link ChunkRows}): stored under the write's tag before the commit, those of the
 * replaced write deleted after it (by key: the hot row counts them), those of a refused write
 * deleted again.
 *
 * <p>The hot row is the entity's commit point: one single-row atomic write that names, by the
 * write's random tag ({@link SplitTableRepository#COLD_TAG}), the cold row written with it. Cold
 * rows are immutable ({@link ColdRows}): a write stores its cold row under a key of its own first,
 * then commits the hot row, then deletes the cold row of the write it replaced (on a networked
 * store in the background, batched: {@link DeferredDeletes}). So:
 *
 * <ul>
 *   <li>a reader pairs a hot row only with its own write's cold row: two writers, a delete or a
 *       stopped import landing between the rows of one write can never mix two writes, nor can a
 *       late cold row overwrite a later write's;
 *   <li>a crash or a stop anywhere leaves at worst one cold row nobody points at (its own, before
 *       the commit; the replaced write's, after it), never a hot row without its cold row;
 *   <li>a single write commits with a compare-and-set on the tag it read ({@code columnEquals(tag)}
 *       or {@code rowAbsent}; a plain put or an update {@code columnEqualsOrLeftover(tag)}: see
 *       {@link #commitCondition(Optional, Expectation, boolean)}), so it knows exactly which write
 *       it replaced, and so which cold row to delete: concurrent writers leave no garbage. Its
 *       condition ({@link Expectation}) is decided on that read and holds at the commit, since the
 *       tag is unique to one write: a failed condition changes nothing a reader sees (its own cold
 *       row is removed again).
 * </ul>
 */
final class CommitPoint {
  /** Compare-and-set attempts of one write against writers that keep committing first. */
  static final int COMMIT_ATTEMPTS = 16;

  /**
   * Commit points a repository remembers unless told otherwise ({@link
   * SplitTableRepository#withRememberedCommitPoints}): a few megabytes at most.
   */
  static final int REMEMBERED = 4096;

  private final WideTableStore store;
  private final TableSpec hot;
  private final TableSpec cold;
  private final TableSpec chunks;
  private final String versionColumn;
  private final long maxParts;

  /**
   * The index rows a stored hot row's write stored, as deletes; {@code null} if the entity has no
   * index. Computed from the hot row's indexed columns, so a commit point is read with {@link
   * #hotRead} then.
   */
  private final IndexedRows indexedRows;

  /** The hot row's columns, read as the commit point where an index needs its values. */
  private final ColumnSelection hotRead;

  /** The index tables, by table name. */
  private final Map<String, IndexTable> indexTables = new HashMap<>();

  /**
   * The columns a commit point is read with ({@link #commitColumns(IndexedRows, ColumnSelection,
   * String)}).
   */
  private final ColumnSelection commitColumns;

  /** The keys of the index rows a stored hot row names, by index name. */
  interface IndexedRows {
    Map<String, PrimaryKey> of(Row hot);
  }

  /**
   * Whether the store's calls wait on round trips ({@link WideTableStore#scanParallelism()} past
   * this machine's processors, as a networked store's): a plain put then reads the commit point
   * while it stores the rows the commit will name. On the embedded store the hand-off would cost
   * more than the read.
   */
  private final boolean readsOverlap;

  /**
   * Where a networked store's commits leave the deletes of the rows they replaced, so a writer does
   * not wait a round trip for rows nobody reads; {@code null} on the embedded store, whose deletes
   * cost less than the hand-off.
   */
  private final DeferredDeletes deferred;

  /**
   * Whether the store writes a row as a function of the stored one atomically ({@link
   * WideTableStore#computesRows()}, the embedded store): a write then commits in one call, deciding
   * on the commit point as the store hands it over, where others read it first and compare-and-set
   * on the tag read. Nothing is remembered then: the call costs what a compare-and-set on a
   * remembered tag does.
   */
  private final boolean computes;

  /**
   * The commit points this repository last committed or read, by key: a write of an entity found
   * here compare-and-sets on the tag remembered instead of reading it first. Sound because a tag
   * names one write: the compare-and-set succeeds only if the stored row is still exactly the one
   * remembered (so what it replaced, and the condition decided on it, are exact), and fails, to a
   * read and another attempt, if anyone wrote since. Bounded ({@link #REMEMBERED} unless {@link
   * #rememberAtMost} says otherwise).
   */
  private volatile RememberedCommitPoints<Optional<Stored>> remembered =
      new RememberedCommitPoints<>(REMEMBERED);

  /** Times each commit against {@link ColdRows#COMMIT_DEADLINE}. */
  private volatile CommitClock clock = CommitClock.SYSTEM;

  /**
   * @param maxParts the most chunk rows one write stores (by the declared caps): a hot row that
   *     counts more is corrupt
   */
  CommitPoint(WideTableStore store, EntityTables tables, String versionColumn, long maxParts) {
    this(store, tables, versionColumn, maxParts, null, ColumnSelection.all());
  }

  /**
   * @param indexedRows the index rows of a stored hot row, or {@code null} if the entity has no
   *     index
   * @param hotRead the columns of a hot row the entity reads (its indexed values among them)
   */
  CommitPoint(
      WideTableStore store,
      EntityTables tables,
      String versionColumn,
      long maxParts,
      IndexedRows indexedRows,
      ColumnSelection hotRead) {
    this.store = store;
    this.indexedRows = indexedRows;
    this.hotRead = hotRead;
    for (IndexTable index : tables.indexes()) {
      indexTables.put(index.table().name(), index);
    }
    this.hot = tables.hot();
    this.cold = tables.table(EntityTables.Role.COLD).orElse(null);
    this.chunks = tables.table(EntityTables.Role.CHUNKS).orElse(null);
    this.versionColumn = versionColumn;
    this.maxParts = maxParts;
    this.readsOverlap = store.scanParallelism() > Runtime.getRuntime().availableProcessors();
    this.deferred = readsOverlap ? DeferredDeletes.of(store) : null;
    this.computes = store.computesRows();
    this.commitColumns = commitColumns(indexedRows, hotRead, versionColumn);
  }

  void useClock(CommitClock clock) {
    this.clock = clock;
  }

  /** The clocks this commit point times commits by; rows it commits are dated by them. */
  CommitClock clock() {
    return clock;
  }

  /** What a write expects of the stored entity; decided on the commit point as read. */
  record Expectation(Kind kind, long version) {
    enum Kind {
      ANY,
      ABSENT,
      PRESENT,
      VERSION,
      /** Stored without a version: written before the entity had its {@code @Version}. */
      UNVERSIONED,
      /** Absent, or {@link #UNVERSIONED}: a versioned put of version 0. */
      ABSENT_OR_UNVERSIONED
    }

    static final Expectation ANY = new Expectation(Kind.ANY, 0);
    static final Expectation ABSENT = new Expectation(Kind.ABSENT, 0);
    static final Expectation PRESENT = new Expectation(Kind.PRESENT, 0);
    static final Expectation UNVERSIONED = new Expectation(Kind.UNVERSIONED, 0);
    static final Expectation ABSENT_OR_UNVERSIONED = new Expectation(Kind.ABSENT_OR_UNVERSIONED, 0);

    static Expectation version(long version) {
      return version == 0 ? ABSENT : new Expectation(Kind.VERSION, version);
    }

    /**
     * What a write under {@code condition} expects: none, row absent, row present, its version
     * column equal to a version, or its version column absent (a version-0 write over a row stored
     * before the entity had a {@code @Version}): the only column conditions a repository writes
     * under.
     */
    static Expectation of(WriteCondition condition) {
      if (condition.isNone()) {
        return ANY;
      }
      if (condition.equals(WriteCondition.rowAbsent())) {
        return ABSENT;
      }
      if (condition.equals(WriteCondition.rowPresent())) {
        return PRESENT;
      }
      if (condition instanceof WriteCondition.ColumnAbsent absent) {
        return absent.orRowAbsent() ? ABSENT_OR_UNVERSIONED : UNVERSIONED;
      }
      return version(((WriteCondition.ColumnEquals) condition).expected().asLong());
    }
  }

  /**
   * The entity's commit point as stored: its write tag, whether it has cold columns, how many chunk
   * rows its write stored, version, and the index rows its write stored. Those of a commit point
   * read are computed from its indexed values when first asked for: a write that keeps every
   * indexed value proves so from the columns they come from ({@link IndexTable#valueColumns()}),
   * without building the stored entity.
   */
  private static final class Stored {
    private final AttrValue tag;
    private final boolean pointsAtCold;
    private final long parts;
    private final AttrValue version;

    /** The hot row as read, from which its index rows are computed; null where they are known. */
    private final Row row;

    private final IndexedRows indexedRows;

    /** The keys of the index rows by index name where known from the start, else null. */
    private final Map<String, PrimaryKey> known;

    /**
     * The keys computed from {@link #row}, once asked for. An immutable map: a commit point
     * remembered is shared between threads, and one computing it again finds the same keys.
     */
    private Map<String, PrimaryKey> computed;

    /** A commit point whose index rows are known. */
    Stored(
        AttrValue tag,
        boolean pointsAtCold,
        long parts,
        AttrValue version,
        Map<String, PrimaryKey> indexRows) {
      this(tag, pointsAtCold, parts, version, null, null, Map.copyOf(indexRows));
    }

    /** A commit point read: its index rows computed from {@code row} by {@code indexedRows}. */
    Stored(
        AttrValue tag,
        boolean pointsAtCold,
        long parts,
        AttrValue version,
        Row row,
        IndexedRows indexedRows) {
      this(tag, pointsAtCold, parts, version, row, indexedRows, null);
    }

    private Stored(
        AttrValue tag,
        boolean pointsAtCold,
        long parts,
        AttrValue version,
        Row row,
        IndexedRows indexedRows,
        Map<String, PrimaryKey> known) {
      this.tag = tag;
      this.pointsAtCold = pointsAtCold;
      this.parts = parts;
      this.version = version;
      this.row = row;
      this.indexedRows = indexedRows;
      this.known = known;
    }

    AttrValue tag() {
      return tag;
    }

    boolean pointsAtCold() {
      return pointsAtCold;
    }

    long parts() {
      return parts;
    }

    AttrValue version() {
      return version;
    }

    /** The keys of the index rows this commit point's write stored, by index name. */
    Map<String, PrimaryKey> indexRows() {
      if (known != null) {
        return known;
      }
      Map<String, PrimaryKey> rows = computed;
      if (rows == null) {
        rows = Map.copyOf(indexedRows.of(row));
        computed = rows;
      }
      return rows;
    }

    /**
     * The key of this commit point's row in {@code index} if it holds the values of {@code put}, an
     * index row a write of the same entity stores, whose hot row is {@code written}; else null.
     */
    PrimaryKey sameIndexRow(IndexTable index, Row written, PrimaryKey put) {
      if (row != null && index.valueColumns() != null) {
        AttrValue indexTag = row.get(index.tagColumn());
        if (indexTag == null || indexTag.type() != AttrType.INTEGER) {
          return null; // not a row an indexed write stored
        }
        if (sameColumns(index.valueColumns(), written)) {
          return IndexRows.withTag(put, indexTag.asLong());
        }
      }
      PrimaryKey stored = indexRows().get(index.name());
      return stored != null && IndexRows.values(stored).equals(IndexRows.values(put))
          ? stored
          : null;
    }

    private boolean sameColumns(List<String> columns, Row written) {
      for (String column : columns) {
        if (!Objects.equals(row.get(column), written.get(column))) {
          return false;
        }
      }
      return true;
    }

    /**
     * The deletes of this write's index rows, less those a later write keeps ({@code kept}: the
     * later write's own, as deletes: an index row is its table and key, and two indexes over the
     * same columns hold equal keys).
     */
    List<WriteOp> indexDeletes(Collection<IndexTable> indexes, Collection<WriteOp> kept) {
      List<WriteOp> deletes = new ArrayList<>(indexes.size());
      for (IndexTable index : indexes) {
        if (row != null && keptByTag(index, kept)) {
          continue; // the row under this commit point's index tag: the one the later write kept
        }
        PrimaryKey row = indexRows().get(index.name());
        WriteOp delete = row == null ? null : WriteOp.delete(index.table().name(), row);
        if (delete != null && !kept.contains(delete)) {
          deletes.add(delete);
        }
      }
      return deletes;
    }

    /**
     * Whether {@code kept} holds a row of {@code index} under the index tag this commit point
     * records: a tag names one write, so that is its row, kept by a write of the same entity.
     */
    private boolean keptByTag(IndexTable index, Collection<WriteOp> kept) {
      AttrValue indexTag = row.get(index.tagColumn());
      if (indexTag == null || indexTag.type() != AttrType.INTEGER) {
        return false;
      }
      for (WriteOp op : kept) {
        if (op.table().equals(index.table().name())
            && IndexRows.tagOf(op.key()) == indexTag.asLong()) {
          return true;
        }
      }
      return false;
    }
  }

  /** Why a write's expectation failed, with what is stored now. */
  interface Refusal {
    StoreException refuse(
        Expectation expected, boolean present, PrimaryKey key, AttrValue storedVersion);
  }

  /**
   * Writes an entity's rows: cold row (its own key), commit (hot row, compare-and-set on the tag
   * read), then the replaced write's cold row is deleted.
   *
   * @throws StoreException from {@code refusal} if the expectation does not hold; nothing a reader
   *     sees is changed
   */
  void write(SplitTableRepository.PreparedWrite prepared, Expectation expected, Refusal refusal) {
    long startNanos = clock.nanoTime();
    if (computes) {
      new Commit(prepared, expected, refusal, startNanos).run(null, null, false);
      return;
    }
    SplitTableRepository.PreparedWrite rows = prepared;
    PrimaryKey key = rows.hot().key();
    boolean sideRows =
        rows.cold() != null || !rows.chunks().isEmpty() || !rows.indexPuts().isEmpty();
    CompletableFuture<Optional<Stored>> reading = null;
    Optional<Stored> now = remembered(key);
    if (now != null && holds(expected, now)) {
      // the commit point as this repository left it: the compare-and-set proves it still is
    } else if (now == null
        && expected.kind() == Expectation.Kind.ANY
        && sideRows
        && readsOverlap
        && indexedRows == null) {
      // a plain put has no condition to decide first: on a networked store its read of the
      // commit point waits on a round trip while the rows it will name are stored. Not with an
      // index: which index rows it stores depends on the read (an unchanged value keeps its row;
      // storing a fresh one ahead of the read and deleting it after was measured to cost the
      // mini cluster more work than the round trip it saves)
      reading = CompletableFuture.supplyAsync(() -> readCommitPoint(key), ReadAhead.executor());
    } else {
      // the condition is decided on the commit point as read, before anything is written
      now = wholeIfRefusedAsAbsent(expected, key, readCommitPoint(key));
      refuseUnlessHolds(expected, key, now, refusal);
    }
    new Commit(prepared, expected, refusal, startNanos).run(now, reading, false);
  }

  /**
   * The rows one write stored under one of its tags, and what its commit under that tag expected.
   */
  private static final class Tagged {
    final SplitTableRepository.PreparedWrite rows;

    /** The index rows put under this tag (as deletes: table and key), its own and kept ones. */
    final Set<WriteOp> putIndexRows = new HashSet<>();

    /** The commit point the last commit under this tag was sent against; null before one was. */
    Optional<Stored> committedOver;

    Tagged(SplitTableRepository.PreparedWrite rows) {
      this.rows = rows;
    }

    long tag() {
      return rows.hot().get(COLD_TAG).asLong();
    }
  }

  /**
   * One write's commit over its attempts. A commit is sent once by every retry layer beneath
   * ({@link CallerResends}): sent again as it is after it landed unanswered and another writer
   * replaced or deleted it, it would name the rows that writer deleted. So after a commit that
   * failed (its condition, or retryably: its outcome unknown), the commit point is read: this
   * write's tag there (any it used) means it landed; otherwise the condition is decided again on
   * what is stored, and the write's other rows are stored again under a fresh tag before it commits
   * again. Only where a retry layer allows another attempt ({@link CallerResends#granted()}), or
   * for a bulk writer's resend, which its own policy allows; else the retryable error is the
   * caller's, as without a retry layer. The rows of every tag but the committed one are deleted
   * once the write ends (not before: a commit of unknown outcome may land late, until the next
   * commit's condition excludes it).
   */
  private final class Commit {
    private final PrimaryKey key;
    private final Expectation expected;
    private final Refusal refusal;
    private final boolean sideRows;
    private final List<Tagged> tags = new ArrayList<>(1);
    private final CallerResends resends = new CallerResends();

    /** Whether the last commit sent may have landed: its rows are kept. */
    private boolean inDoubt;

    /** {@link CommitClock#nanoTime()} when the write began, before any of its rows was stored. */
    private final long startNanos;

    Commit(
        SplitTableRepository.PreparedWrite rows,
        Expectation expected,
        Refusal refusal,
        long startNanos) {
      this.key = rows.hot().key();
      this.startNanos = startNanos;
      this.expected = expected;
      this.refusal = refusal;
      this.sideRows =
          rows.cold() != null || !rows.chunks().isEmpty() || !rows.indexPuts().isEmpty();
      tags.add(new Tagged(rows));
    }

    /**
     * A bulk write's commit of unknown outcome, sent again by this commit: its rows (every index
     * row put under its tag) were stored, and it was sent against {@code over}.
     */
    Commit(
        SplitTableRepository.PreparedWrite rows,
        Expectation expected,
        Refusal refusal,
        Optional<Stored> over,
        long startNanos) {
      this(rows, expected, refusal, startNanos);
      Tagged first = current();
      for (WriteOp put : rows.indexPuts()) {
        first.putIndexRows.add(WriteOp.delete(put.table(), put.key()));
      }
      first.committedOver = over;
      inDoubt = true;
    }

    private Tagged current() {
      return tags.get(tags.size() - 1);
    }

    /**
     * Stores the rows the commit will name and commits.
     *
     * @param read the commit point as read, or null to read it first (after a commit of unknown
     *     outcome: the rows of this write's tags are stored then)
     * @param reading the commit point being read meanwhile, or null
     * @param once whether a commit of unknown outcome ends this call with its retryable error, the
     *     write's rows kept for a later call (a bulk writer's resend, which its policy paces)
     */
    void run(Optional<Stored> read, CompletableFuture<Optional<Stored>> reading, boolean once) {
      Optional<Stored> now = read;
      boolean committed = false;
      StoreException unknown = null; // that commit's retryable failure
      boolean refusedAsAbsent = false;
      try {
        if (now == null && reading == null && !once) {
          // the store computes the commit from the commit point it holds (computesRows): the
          // write's rows first, then one call decides and commits, unless index rows must be
          // stored first, which the commit point as handed over names
          Tagged current = current();
          storeSideRows(current);
          checkDeadline(current.rows, startNanos);
          Computation computed = new Computation(current);
          try {
            store.computeRow(hot.name(), key, commitColumns, computed);
          } catch (StoreException e) {
            // a computed commit the store failed retryably may have landed: its rows are kept
            inDoubt = computed.planned != null && e.retryable();
            throw e;
          }
          if (computed.planned != null) {
            committed = true;
            committed(current, computed.planned, computed.over);
            return;
          }
          now = computed.over;
          refuseUnlessHolds(expected, key, now, refusal);
        } else if (now != null || reading != null) {
          storeSideRows(current());
        }
        if (reading != null) {
          now = ReadAhead.joined(reading);
        }
        for (int attempt = 1; attempt <= COMMIT_ATTEMPTS; attempt++) {
          if (now == null) {
            Optional<Stored> stored;
            try {
              stored = readCommitPoint(key);
            } catch (StoreException e) {
              if (unknown == null) {
                throw e;
              }
              unknown.addSuppressed(e);
              throw unknown;
            }
            Tagged landed = ownTag(stored);
            if (landed != null) {
              // a commit of this write landed: committed, over what that commit expected
              committed = true;
              renewIfLate(ownRows(landed.rows, landed.putIndexRows), startNanos);
              List<WriteOp> named = stored.get().indexDeletes(indexTables.values(), List.of());
              if (landed.committedOver != null) {
                landed.committedOver.ifPresent(replaced -> dropRows(key, replaced, named));
              }
              dropAllBut(landed, named);
              return;
            }
            if (unknown != null && !once && !resends.granted()) {
              throw unknown; // no retry layer allows another attempt: the outcome stays unknown
            }
            // not stored now: it never landed, or it was replaced or deleted since (and its rows
            // with it, maybe after this write stores them again: see retagged below)
            inDoubt = false;
            unknown = null;
            if (stored.isEmpty() && refusedAsAbsent) {
              // the store holds a row with none of the commit point's columns (not widekey's
              // writing): it is present, and replaced as an untagged row is
              stored = readWholeRow(key);
            }
            now = wholeIfRefusedAsAbsent(expected, key, stored);
            refuseUnlessHolds(expected, key, now, refusal);
            if (sideRows) {
              // the writer that replaced a landed commit deletes the rows under its tag, maybe
              // later than this write would commit them again: the next commit names a fresh tag
              Tagged fresh = new Tagged(retagged(current().rows, SplitTableRepository.newTag()));
              tags.add(fresh);
              storeSideRows(fresh);
            }
          }
          Tagged current = current();
          if (!once) {
            checkDeadline(current.rows, startNanos); // a bulk write's rows are dated at its start
          }
          SplitTableRepository.PreparedWrite planned = keepingIndexRows(current.rows, now);
          long ownTag = current.tag();
          boolean keepsRows = false;
          for (WriteOp index : planned.indexPuts()) {
            if (IndexRows.tagOf(index.key()) != ownTag) {
              keepsRows = true;
              if (!indexTables.get(index.table()).table().expires()) {
                // a kept row is there while the commit point read names it, which the
                // compare-and-set proves; only a table with a time to live needs it put again
                continue;
              }
            }
            if (current.putIndexRows.add(WriteOp.delete(index.table(), index.key()))) {
              store.put(index.table(), ((WriteOp.Put) index).row());
            }
          }
          Optional<Stored> over = now;
          WriteCondition condition = commitCondition(over, expected, keepsRows);
          try {
            inDoubt = true;
            current.committedOver = over;
            resends.run(() -> store.put(hot.name(), planned.hot(), condition));
          } catch (StoreException e) {
            forget(key);
            if (e.kind() == ErrorKind.CONDITION_FAILED) {
              // another write committed between the read and this one (or a retry inside the
              // client sent this commit again after it landed): read it again
              inDoubt = false;
              refusedAsAbsent = over.isEmpty();
              now = null;
              continue;
            }
            if (!e.retryable() || once) {
              throw e;
            }
            unknown = e;
            now = null;
            continue;
          }
          committed = true;
          committed(current, planned, over);
          return;
        }
        throw rewrittenMeanwhile(key, "commit this write; nothing was written");
      } finally {
        if (!committed && !(once && inDoubt)) {
          // a refused or failed write: its rows under every tag, whichever were stored, but those
          // of a commit that may have landed. A resend keeps them all for its next call, which
          // reads first
          dropAllBut(inDoubt ? current() : null, null);
        }
      }
    }

    /**
     * After {@code planned} committed under {@code current}'s tag over {@code over}: its rows
     * stored again if it was late, the rows of the write it replaced and its own unnamed ones
     * deleted.
     */
    private void committed(
        Tagged current, SplitTableRepository.PreparedWrite planned, Optional<Stored> over) {
      renewIfLate(ownRows(planned, current.putIndexRows), startNanos);
      if (!computes) {
        remember(key, Optional.of(stored(planned)));
      }
      // a list: an entity has a few indexes, and a set of them cost more than looking through it
      List<WriteOp> named = named(planned);
      over.ifPresent(replaced -> dropRows(key, replaced, named));
      dropAllBut(current, named);
    }

    /**
     * A commit decided inside the store's atomic update of the hot row ({@link
     * WideTableStore#computeRow}): on the commit point handed over, the write's hot row if the
     * expectation holds and no index row must be stored first (every index value kept, on a table
     * without a time to live), else nothing. Run again, answer replaced, if the store calls it
     * again; so it only records.
     */
    private final class Computation implements Function<Optional<Row>, Row> {
      private final Tagged tagged;

      /** The commit point as handed over by the call that stood. */
      Optional<Stored> over;

      /** What committed; null if nothing did. */
      SplitTableRepository.PreparedWrite planned;

      Computation(Tagged tagged) {
        this.tagged = tagged;
      }

      @Override
      public Row apply(Optional<Row> stored) {
        planned = null;
        over = stored.map(CommitPoint.this::stored);
        if (!holds(expected, over)) {
          return null;
        }
        SplitTableRepository.PreparedWrite rows = keepingIndexRows(tagged.rows, over);
        long ownTag = tagged.tag();
        for (WriteOp index : rows.indexPuts()) {
          if (IndexRows.tagOf(index.key()) == ownTag
              || indexTables.get(index.table()).table().expires()) {
            return null; // a row the commit names is to be stored first: the compare-and-set path
          }
        }
        planned = rows;
        return rows.hot();
      }
    }

    /** A bulk commit of unknown outcome sent again: see {@link #run} with {@code once}. */
    void resend() {
      run(null, null, true);
    }

    /** The tag of this write that {@code stored} carries, or null. */
    private Tagged ownTag(Optional<Stored> stored) {
      if (stored.isEmpty()) {
        return null;
      }
      long tag = tagOf(stored.get());
      for (Tagged t : tags) {
        if (t.tag() == tag) {
          return t;
        }
      }
      return null;
    }

    private void storeSideRows(Tagged t) {
      for (Row chunk : t.rows.chunks()) {
        store.put(chunks.name(), chunk);
      }
      if (t.rows.cold() != null) {
        store.put(cold.name(), t.rows.cold());
      }
    }

    /**
     * Deletes this write's rows under every tag but {@code kept}'s (null: all), and {@code kept}'s
     * index rows that its commit does not name ({@code named}).
     */
    private void dropAllBut(Tagged kept, Collection<WriteOp> named) {
      for (Tagged t : tags) {
        if (t != kept) {
          dropOwn(t.rows, t.putIndexRows); // named by no hot row, and never will be
        } else if (named != null) {
          dropUnnamed(t.rows, t.putIndexRows, named);
        }
      }
    }
  }

  /**
   * Deletes a write's own rows, which no hot row names: its cold and chunk rows, and the index rows
   * among {@code putIndexRows} (its own tag: no other write's row).
   */
  private void dropOwn(SplitTableRepository.PreparedWrite rows, Set<WriteOp> putIndexRows) {
    if (rows.cold() != null) {
      deleteQuietly(cold.name(), rows.cold().key());
    }
    for (Row chunk : rows.chunks()) {
      deleteQuietly(chunks.name(), chunk.key());
    }
    for (WriteOp index : rows.indexPuts()) {
      if (putIndexRows.contains(WriteOp.delete(index.table(), index.key()))) {
        deleteQuietly(index.table(), index.key());
      }
    }
  }

  /**
   * The tag a stored commit point carries, or 0 for an untagged row (no write's tag is used so).
   */
  private static long tagOf(Stored stored) {
    return stored.tag() == null ? 0 : stored.tag().asLong();
  }

  /**
   * A write's rows under another tag: the hot row's tag and index tags, and the keys of its cold,
   * chunk and index rows (a chunk reference names parts, not the tag, so values stay as they are).
   */
  private SplitTableRepository.PreparedWrite retagged(
      SplitTableRepository.PreparedWrite rows, long tag) {
    PrimaryKey key = rows.hot().key();
    Map<String, AttrValue> hotColumns = new LinkedHashMap<>(rows.hot().columns());
    hotColumns.put(COLD_TAG, AttrValue.ofInteger(tag));
    Row coldRow =
        rows.cold() == null ? null : Row.of(ColdRows.key(key, tag), rows.cold().columns());
    List<Row> chunkRows = new ArrayList<>(rows.chunks().size());
    for (Row chunk : rows.chunks()) {
      long part = chunk.key().get(chunk.key().size() - 1).asLong();
      chunkRows.add(Row.of(ChunkRows.key(key, tag, part), chunk.columns()));
    }
    List<WriteOp> indexPuts = new ArrayList<>(rows.indexPuts().size());
    for (WriteOp put : rows.indexPuts()) {
      IndexTable index = indexTables.get(put.table());
      PrimaryKey indexKey = IndexRows.key(index, IndexRows.values(put.key()), key, tag);
      hotColumns.put(IndexRows.tagColumn(index), AttrValue.ofInteger(tag));
      indexPuts.add(
          WriteOp.put(put.table(), Row.of(indexKey, ((WriteOp.Put) put).row().columns())));
    }
    return new SplitTableRepository.PreparedWrite(
        Row.of(key, hotColumns), coldRow, chunkRows, indexPuts);
  }

  /**
   * How long ago a write's rows were planned, or -1 if it stores none: by the wall clock against
   * the date its rows carry (which is how a sweep on another machine ages them) or by the monotonic
   * clock since the write began (which counts a pause even when the wall clock was stepped back, or
   * a suspended machine's wall clock not yet set right), whichever is longer.
   */
  private long ageMillis(SplitTableRepository.PreparedWrite rows, long startNanos) {
    Row first =
        rows.cold() != null
            ? rows.cold()
            : !rows.chunks().isEmpty()
                ? rows.chunks().get(0)
                : rows.indexPuts().isEmpty() ? null : ((WriteOp.Put) rows.indexPuts().get(0)).row();
    if (first == null) {
      return -1;
    }
    long wall = clock.wallMillis() - first.get(ColdRows.WRITTEN).asLong();
    return Math.max(wall, TimeUnit.NANOSECONDS.toMillis(clock.nanoTime() - startNanos));
  }

  /**
   * A write whose rows were planned more than {@link ColdRows#COMMIT_DEADLINE} ago ({@link
   * #ageMillis}) does not commit: a sweep may take its rows for garbage once they are older than
   * its grace.
   */
  private void checkDeadline(SplitTableRepository.PreparedWrite rows, long startNanos) {
    long age = ageMillis(rows, startNanos);
    if (age > ColdRows.COMMIT_DEADLINE.toMillis()) {
      throw new StoreException(
          ErrorKind.UNAVAILABLE,
          "row "
              + rows.hot().key()
              + " was not committed: "
              + age
              + " ms passed since its rows were planned, past the "
              + ColdRows.COMMIT_DEADLINE
              + " after which a cold row may be swept; nothing was written, try again",
          true,
          null);
    }
  }

  /**
   * After a commit acknowledged past {@link ColdRows#COMMIT_DEADLINE} (the writer paused after its
   * check, or the commit was slow to land), stores again, dated now, the rows of its own tag that
   * it names: a sweep may have taken them between the check and the commit, and a sweep that read
   * them before the commit and deletes later deletes only the row as it read it (its date). Rows it
   * did not store (kept index rows) were named all along. A replacing write may have deleted them
   * since: stored again they are garbage, for the sweep.
   *
   * @param stored the rows the commit names that this write stored, the hot row aside
   */
  private void renewIfLate(SplitTableRepository.PreparedWrite stored, long startNanos) {
    if (ageMillis(stored, startNanos) <= ColdRows.COMMIT_DEADLINE.toMillis()) {
      return;
    }
    AttrValue now = AttrValue.ofInteger(clock.wallMillis());
    for (Row chunk : stored.chunks()) {
      store.put(chunks.name(), dated(chunk, now));
    }
    if (stored.cold() != null) {
      store.put(cold.name(), dated(stored.cold(), now));
    }
    for (WriteOp index : stored.indexPuts()) {
      store.put(index.table(), dated(((WriteOp.Put) index).row(), now));
    }
  }

  /** The index rows a write's hot row names, as deletes: an index row is its table and key. */
  private static List<WriteOp> named(SplitTableRepository.PreparedWrite rows) {
    List<WriteOp> named = new ArrayList<>(rows.indexPuts().size());
    for (WriteOp put : rows.indexPuts()) {
      named.add(WriteOp.delete(put.table(), put.key()));
    }
    return named;
  }

  /** {@code planned} with only the index rows among {@code putIndexRows} (those it stored). */
  private static SplitTableRepository.PreparedWrite ownRows(
      SplitTableRepository.PreparedWrite planned, Set<WriteOp> putIndexRows) {
    List<WriteOp> stored = new ArrayList<>(planned.indexPuts().size());
    for (WriteOp index : planned.indexPuts()) {
      if (putIndexRows.contains(WriteOp.delete(index.table(), index.key()))) {
        stored.add(index);
      }
    }
    return new SplitTableRepository.PreparedWrite(
        planned.hot(), planned.cold(), planned.chunks(), stored);
  }

  private static Row dated(Row row, AttrValue written) {
    return row.with(ColdRows.WRITTEN, written);
  }

  /**
   * Deletes an entity: its commit point (conditional on the tag read, so a write committed since is
   * read again rather than deleted blind), then the cold row it pointed at. A commit point that
   * does not decode (a forged or damaged row) is deleted as it is, unconditionally: a delete never
   * needs to understand what it removes, and the rows such a hot row may name are left to the sweep
   * ({@link ColdRowSweep}), which removes rows no hot row names.
   */
  void delete(PrimaryKey key) {
    if (computes) {
      deleteHandedBack(key);
      return;
    }
    for (int attempt = 1; attempt <= COMMIT_ATTEMPTS; attempt++) {
      Optional<Stored> now = attempt == 1 ? remembered(key) : null;
      try {
        if (now == null || now.isEmpty()) {
          now = readCommitPoint(key); // an entity remembered absent may have been written since
        }
        if (now.isEmpty()) {
          now = readWholeRow(key); // a row with none of the commit point's columns is still one
        }
      } catch (StoreException e) {
        if (e.kind() != ErrorKind.CORRUPT_DATA) {
          throw e;
        }
        forget(key);
        store.delete(hot.name(), key);
        return;
      }
      if (now.isEmpty()) {
        return;
      }
      try {
        store.delete(hot.name(), key, commitCondition(now));
      } catch (MaybeAppliedException e) {
        forget(key);
        if (deletedBefore(key, now.get(), e)) {
          return;
        }
        continue; // the row read is still stored: the earlier attempt deleted nothing
      } catch (StoreException e) {
        forget(key);
        if (e.kind() == ErrorKind.CONDITION_FAILED) {
          continue; // a write committed since the read: delete that one
        }
        throw e;
      }
      remember(key, Optional.empty());
      dropRows(key, now.get(), List.of());
      return;
    }
    throw rewrittenMeanwhile(key, "delete it; nothing was deleted");
  }

  /**
   * {@link #delete} on a store that hands back the row it deletes ({@link
   * WideTableStore#getAndDelete}): one call removes whatever commit point is stored and says which
   * it was, where others read it and delete on a condition; then the rows it named are dropped. A
   * commit point that does not decode is deleted all the same, its rows left to the sweep.
   */
  private void deleteHandedBack(PrimaryKey key) {
    Optional<Row> deleted = store.getAndDelete(hot.name(), key, commitColumns);
    if (deleted.isEmpty()) {
      return;
    }
    Stored was;
    try {
      was = stored(deleted.get());
    } catch (StoreException e) {
      if (e.kind() != ErrorKind.CORRUPT_DATA) {
        throw e;
      }
      return;
    }
    dropRows(key, was, List.of());
  }

  /**
   * After a delete sent again failed its condition although an earlier attempt of it may have been
   * applied ({@code e}): that attempt may have deleted {@code deleted}, and a write stored since
   * (another instance's insert, say) is then a later write, which this delete must not remove.
   *
   * @return true if no row is stored now: the entity is deleted, by this call or another
   * @throws MaybeAppliedException if another write is stored now: it is kept, and whether this
   *     delete was applied before it is unknown
   */
  private boolean deletedBefore(PrimaryKey key, Stored deleted, MaybeAppliedException e) {
    Optional<Stored> after = readCommitPoint(key);
    if (after.isEmpty()) {
      after = readWholeRow(key);
    }
    if (after.isPresent() && deleted.tag() != null && deleted.tag().equals(after.get().tag())) {
      return false;
    }
    // the write read is committed no more, whichever call removed it: its rows are garbage now
    dropRows(key, deleted, List.of());
    if (after.isEmpty()) {
      remember(key, after);
      return true;
    }
    throw new MaybeAppliedException(
        "row "
            + key
            + " of table "
            + hot.name()
            + ": an earlier attempt of this delete failed retryably and may have deleted it before"
            + " the write stored now, which was kept (read it to decide)",
        e);
  }

  /** Retryable: other writers committed before each of this call's compare-and-sets. */
  private StoreException rewrittenMeanwhile(PrimaryKey key, String what) {
    return new ContendedWriteException(key, hot.name(), COMMIT_ATTEMPTS, what);
  }

  /**
   * The write groups of entities written in bulk, in input order: each entity's chunk rows and cold
   * row, its hot row (under {@code conditions}' condition, or none), then the cold row and the
   * chunk rows of the write it replaces, as read by one multi-get per {@code rows} call. Two
   * entities of one key chain: the second replaces the first.
   */
  List<WriteGroup> groups(
      List<SplitTableRepository.PreparedWrite> rows, List<WriteCondition> conditions) {
    return groups(rows, conditions, null);
  }

  /**
   * The write groups of entities of a resumed import ({@link ResumedImport}), planned under the
   * tags it chose: as {@link #groups(List, List)}, except that an entity whose write is committed
   * (its commit finished, as {@code earlier} says, or a tag it may have been committed under, or
   * one of a later entity of its key in {@code rows}, stored in its commit point) is only the
   * unfinished deletes of the rows it replaced, or null if none are left; the others get those
   * deletes too, and the deletes of the rows stored under each tag they may have been committed
   * under.
   *
   * @param earlier per entity, what the stopped import left of it (null: nothing); null for an
   *     import that resumes nothing
   */
  List<WriteGroup> groups(
      List<SplitTableRepository.PreparedWrite> rows,
      List<WriteCondition> conditions,
      List<ResumedImport.Earlier> earlier) {
    List<PrimaryKey> keys = new ArrayList<>(rows.size());
    for (SplitTableRepository.PreparedWrite r : rows) {
      keys.add(r.hot().key());
    }
    List<Optional<Stored>> stored = readCommitPoints(keys);
    // a resume recognises the stopped import's commits by their tags: the last entity of a key
    // whose tag is stored, and every one before it, are committed
    Map<PrimaryKey, Integer> committedUpTo = new HashMap<>();
    if (earlier != null) {
      Map<AttrValue, Integer> ownTags = new HashMap<>();
      for (int i = 0; i < rows.size(); i++) {
        if (earlier.get(i) != null) {
          for (long tag : earlier.get(i).committedUnder()) {
            ownTags.put(AttrValue.ofInteger(tag), i);
          }
        }
      }
      for (int i = 0; i < rows.size(); i++) {
        AttrValue tag = stored.get(i).map(Stored::tag).orElse(null);
        Integer own = tag == null ? null : ownTags.get(tag);
        if (own != null && keys.get(own).equals(keys.get(i))) {
          committedUpTo.put(keys.get(i), own);
        }
      }
    }
    Map<PrimaryKey, Stored> latest = new HashMap<>();
    List<WriteGroup> groups = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      SplitTableRepository.PreparedWrite r = rows.get(i);
      PrimaryKey key = r.hot().key();
      ResumedImport.Earlier before = earlier == null ? null : earlier.get(i);
      List<WriteOp> leftDeletes = before == null ? List.of() : before.deletes();
      if (before != null && before.commitFinished() || committedUpTo.getOrDefault(key, -1) >= i) {
        // committed by the stopped import: what it replaced, deleted if not yet; nothing else
        groups.add(leftDeletes.isEmpty() ? null : new WriteGroup(leftDeletes));
        continue;
      }
      Stored replaced = latest.containsKey(key) ? latest.get(key) : stored.get(i).orElse(null);
      List<WriteOp> ops = new ArrayList<>(3 + r.chunks().size() + 2 * r.indexPuts().size());
      for (Row chunk : r.chunks()) {
        ops.add(WriteOp.put(chunks.name(), chunk));
      }
      if (r.cold() != null) {
        ops.add(WriteOp.put(cold.name(), r.cold()));
      }
      ops.addAll(r.indexPuts());
      WriteCondition condition = conditions == null ? null : conditions.get(i);
      WriteOp.Put commit =
          condition == null
              ? WriteOp.put(hot.name(), r.hot())
              : WriteOp.put(hot.name(), r.hot(), condition);
      WriteGroup.Resend resend = new BulkResend(ops.size(), commit, r, replaced);
      ops.add(commit);
      if (replaced != null && replaced.pointsAtCold()) {
        ops.add(WriteOp.delete(cold.name(), ColdRows.key(key, replaced.tag().asLong())));
      }
      if (replaced != null && replaced.parts() > 0) {
        for (long part = 0; part < replaced.parts(); part++) {
          ops.add(WriteOp.delete(chunks.name(), ChunkRows.key(key, replaced.tag().asLong(), part)));
        }
      }
      if (replaced != null) {
        // never a row this write names: a guard, since a resume writes an entity anew only under
        // a tag no committed write carried (ResumedImport), so no later write kept rows under it
        ops.addAll(replaced.indexDeletes(indexTables.values(), named(r)));
      }
      List<WriteOp> after = new ArrayList<>(leftDeletes);
      if (before != null) {
        // the chain's earlier writes of this entity, perhaps committed and replaced since: after
        // this commit no hot row names their rows (a later write keeps only rows its commit point
        // names, and this commit names none of theirs)
        for (long tag : before.committedUnder()) {
          after.addAll(rowsUnder(r, tag));
        }
      }
      for (WriteOp delete : after) {
        // the stopped plan replaced these rows; after this commit no hot row names them
        if (!ops.contains(delete)) {
          ops.add(delete);
        }
      }
      groups.add(new WriteGroup(ops, resend));
      latest.put(key, stored(r));
    }
    return groups;
  }

  /**
   * How the bulk writer sends a commit again after an attempt of unknown outcome: never as it is
   * (another writer may have replaced or deleted it since it landed, and deleted the rows under its
   * tag), but as a single write's commit after a failure ({@link Commit}): its tag stored means it
   * landed; otherwise its condition decided again on what is stored, its other rows stored again
   * under a fresh tag, and a compare-and-set on what was read. The writer's policy paces the calls.
   */
  private final class BulkResend implements WriteGroup.Resend {
    private final int index;
    private final WriteOp.Put commit;
    private final SplitTableRepository.PreparedWrite rows;
    private final Stored replaced;

    /** {@link CommitClock#nanoTime()} when planned, before its rows were stored. */
    private final long startNanos = clock.nanoTime();

    private Commit state; // from the first resend on; one thread at a time

    BulkResend(
        int index, WriteOp.Put commit, SplitTableRepository.PreparedWrite rows, Stored replaced) {
      this.index = index;
      this.commit = commit;
      this.rows = rows;
      this.replaced = replaced;
    }

    @Override
    public int index() {
      return index;
    }

    @Override
    public WriteOutcome resend() {
      if (state == null) {
        // refused as the store refuses the commit's condition, so a bulk result reads the same
        Refusal refusal =
            (expected, present, key, version) ->
                ConditionErrors.failed(hot.name(), key, commit.condition());
        state =
            new Commit(
                rows,
                Expectation.of(commit.condition()),
                refusal,
                Optional.ofNullable(replaced),
                startNanos);
      }
      try {
        state.resend();
        return WriteOutcome.applied(commit);
      } catch (StoreException e) {
        return WriteOutcome.failed(commit, e);
      }
    }

    @Override
    public void acknowledged() {
      renewIfLate(rows, startNanos); // a bulk write stores every index row under its own tag
    }
  }

  /**
   * The deletes of the rows that {@code rows}, written under {@code tag} instead of its own, would
   * store besides its hot row: those an earlier write of the same entity stored under that tag.
   */
  private List<WriteOp> rowsUnder(SplitTableRepository.PreparedWrite rows, long tag) {
    PrimaryKey key = rows.hot().key();
    List<WriteOp> deletes = new ArrayList<>(1 + rows.chunks().size() + rows.indexPuts().size());
    if (rows.cold() != null) {
      deletes.add(WriteOp.delete(cold.name(), ColdRows.key(key, tag)));
    }
    for (long part = 0; part < rows.chunks().size(); part++) {
      deletes.add(WriteOp.delete(chunks.name(), ChunkRows.key(key, tag, part)));
    }
    for (WriteOp put : rows.indexPuts()) {
      IndexTable index = indexTables.get(put.table());
      deletes.add(
          WriteOp.delete(put.table(), IndexRows.key(index, IndexRows.values(put.key()), key, tag)));
    }
    return deletes;
  }

  /**
   * Deletes the cold and chunk rows of bulk writes whose commit failed its condition: they were
   * stored first and no hot row names them.
   */
  void dropRefused(List<WriteGroup> groups, BulkWriteResult result) {
    for (BulkWriteFailure f : result.failures()) {
      if (!f.table().equals(hot.name()) || f.error().kind() != ErrorKind.CONDITION_FAILED) {
        continue;
      }
      for (WriteOp op : groups.get((int) f.position()).ops()) {
        if (!(op instanceof WriteOp.Put)) {
          break;
        }
        if (op.table().equals(hot.name())) {
          break; // the commit: what comes after it is the replaced write's
        }
        deleteQuietly(op.table(), op.key());
      }
    }
  }

  /**
   * The cold row and chunk rows of a write that did not commit, or of one replaced: garbage, if
   * still there.
   */
  private void dropRows(PrimaryKey key, Stored replaced, Collection<WriteOp> keptIndexRows) {
    List<WriteOp> drops = new ArrayList<>();
    if (replaced.pointsAtCold()) {
      drops.add(WriteOp.delete(cold.name(), ColdRows.key(key, replaced.tag().asLong())));
    }
    for (long part = 0; part < replaced.parts(); part++) {
      drops.add(WriteOp.delete(chunks.name(), ChunkRows.key(key, replaced.tag().asLong(), part)));
    }
    drops.addAll(replaced.indexDeletes(indexTables.values(), keptIndexRows));
    drop(drops);
  }

  /**
   * Deletes the index rows this write stored under its own tag that its commit does not name: put
   * in an attempt whose compare-and-set failed before a later attempt kept the replaced row.
   */
  private void dropUnnamed(
      SplitTableRepository.PreparedWrite rows, Set<WriteOp> stored, Collection<WriteOp> named) {
    List<WriteOp> drops = new ArrayList<>();
    for (WriteOp index : rows.indexPuts()) {
      WriteOp delete = WriteOp.delete(index.table(), index.key());
      if (stored.contains(delete) && !named.contains(delete)) {
        drops.add(delete);
      }
    }
    drop(drops);
  }

  /** Deletes rows nobody names any more: in the background on a networked store. */
  private void drop(List<WriteOp> drops) {
    if (drops.isEmpty()) {
      return;
    }
    if (deferred != null) {
      deferred.delete(drops);
      return;
    }
    for (WriteOp drop : drops) {
      deleteQuietly(drop.table(), drop.key());
    }
  }

  /**
   * Deletes a row nobody points at. The write it follows has its outcome already, so a failure here
   * is not the caller's: the row stays as garbage (see the design notes on what removes it).
   */
  private void deleteQuietly(String table, PrimaryKey key) {
    try {
      store.delete(table, key);
    } catch (StoreException e) {
      // garbage left behind; never read (no hot row points at it)
    }
  }

  /**
   * Commits a hot row an index build rewrote ({@link IndexBuild}): {@code indexed} is {@code
   * asRead} with the tags of index rows the build stored, under the condition that no write
   * committed since {@code asRead} was read. A tagged row: its tag, which the build keeps (its cold
   * and chunk rows are keyed by it) and every write changes. An untagged row (stored by a version
   * of the entity that wrote no commit point): its version if it holds one, else that it is still
   * untagged, which every write of this version fails (each stores a tag); a write of the version
   * without the index, which stores none, does not fail it: the build documents it. The key is
   * forgotten, so this repository's next write of it reads the row the build left. Timed as a write
   * is ({@link ColdRows#COMMIT_DEADLINE}): past it, refused retryably before the commit;
   * acknowledged past it, its index rows are stored again.
   *
   * @param indexPuts the index rows the build stored for this commit, dated by {@link #clock()}
   * @param startNanos {@link #clock()}'s monotonic time before they were stored
   * @return false if the condition failed: nothing was written
   */
  boolean commitIndexed(Row asRead, Row indexed, List<WriteOp> indexPuts, long startNanos) {
    SplitTableRepository.PreparedWrite stored =
        new SplitTableRepository.PreparedWrite(indexed, null, List.of(), indexPuts);
    checkDeadline(stored, startNanos);
    AttrValue tag = asRead.get(COLD_TAG);
    AttrValue version = versionColumn == null ? null : asRead.get(versionColumn);
    WriteCondition condition =
        tag != null
            ? WriteCondition.columnEquals(COLD_TAG, tag)
            : version != null
                ? WriteCondition.columnEquals(versionColumn, version)
                : WriteCondition.columnAbsent(COLD_TAG, false);
    forget(asRead.key());
    try {
      store.put(hot.name(), indexed, condition);
      renewIfLate(stored, startNanos);
      return true;
    } catch (StoreException e) {
      if (e.kind() == ErrorKind.CONDITION_FAILED) {
        return false;
      }
      throw e;
    }
  }

  private static WriteCondition commitCondition(Optional<Stored> now) {
    if (now.isEmpty()) {
      return WriteCondition.rowAbsent();
    }
    AttrValue tag = now.get().tag();
    // a row without a tag predates the tag on every write: replaced if still present
    return tag == null ? WriteCondition.rowPresent() : WriteCondition.columnEquals(COLD_TAG, tag);
  }

  /**
   * The condition of a put's commit over {@code now}. A put whose expectation any present row meets
   * (a plain put, an update) and that names only rows of its own may accept the tag read as a
   * leftover ({@link WriteCondition#columnEqualsOrLeftover}, which HBase checks by reading the
   * tag's cell alone). A store keeps a tag cell past a later put only if that put stored no tag, as
   * a version of the entity that writes no commit point does (a plain entity before it gained an
   * index or a cold column, in a rolling upgrade); the row it left names none of the rows of the
   * tag read, and this put replaces it as it would have replaced it read: the same row stored, the
   * tag's rows dropped as the orphans they are. Checked exactly otherwise: a versioned expectation
   * (that row may hold another version), and a commit that keeps an index row of the tag read,
   * which only the commit point naming it protects from the index sweep.
   */
  private static WriteCondition commitCondition(
      Optional<Stored> now, Expectation expected, boolean keepsRows) {
    if (!keepsRows
        && now.isPresent()
        && now.get().tag() != null
        && (expected.kind() == Expectation.Kind.ANY
            || expected.kind() == Expectation.Kind.PRESENT)) {
      return WriteCondition.columnEqualsOrLeftover(COLD_TAG, now.get().tag());
    }
    return commitCondition(now);
  }

  private static final String COLD_TAG = SplitTableRepository.COLD_TAG;

  private static void refuseUnlessHolds(
      Expectation expected, PrimaryKey key, Optional<Stored> now, Refusal refusal) {
    if (!holds(expected, now)) {
      throw refusal.refuse(expected, now.isPresent(), key, now.map(Stored::version).orElse(null));
    }
  }

  private static boolean holds(Expectation expected, Optional<Stored> now) {
    boolean present = now.isPresent();
    AttrValue version = now.map(Stored::version).orElse(null);
    return switch (expected.kind()) {
      case ANY -> true;
      case ABSENT -> !present;
      case PRESENT -> present;
      case VERSION ->
          present
              && version != null
              && version.type() == AttrType.INTEGER
              && version.asLong() == expected.version();
      case UNVERSIONED -> present && version == null;
      case ABSENT_OR_UNVERSIONED -> !present || version == null;
    };
  }

  private Optional<Stored> readCommitPoint(PrimaryKey key) {
    Optional<Stored> now = store.get(hot.name(), key, commitColumns).map(this::stored);
    remember(key, now);
    return now;
  }

  /**
   * The hot row read whole, as a commit point: present whatever columns it holds. Only when the
   * commit point's own columns read as absent and the store says otherwise (a row another writer
   * left without them), so never on the common path.
   */
  private Optional<Stored> readWholeRow(PrimaryKey key) {
    return store.get(hot.name(), key, ColumnSelection.all()).map(this::stored);
  }

  /**
   * {@code now}, or, where it reads as absent and that refuses the write (an update, a versioned
   * write), the hot row read whole: a row another writer left without the commit point's columns is
   * still a row, which an update replaces (as a delete removes it). Never on an insert's or a plain
   * put's path, for which absent is no refusal.
   */
  private Optional<Stored> wholeIfRefusedAsAbsent(
      Expectation expected, PrimaryKey key, Optional<Stored> now) {
    if (now.isPresent() || holds(expected, now)) {
      return now;
    }
    return readWholeRow(key);
  }

  /**
   * Remembers at most {@code capacity} commit points from now on (0: none, every write of a known
   * entity reads its commit point first), forgetting those remembered so far: forgetting is always
   * safe, a write then reads what it no longer knows.
   */
  void rememberAtMost(int capacity) {
    remembered = new RememberedCommitPoints<>(capacity);
  }

  /** The commit point remembered for {@code key}: empty if remembered absent, null if unknown. */
  private Optional<Stored> remembered(PrimaryKey key) {
    return remembered.get(key);
  }

  private void remember(PrimaryKey key, Optional<Stored> now) {
    if (computes) {
      return; // a write decides on the commit point the store hands over: nothing to remember
    }
    if (now.isPresent() && now.get().tag() == null) {
      forget(key); // an untagged row is not one write: a compare-and-set could not prove it
      return;
    }
    remembered.put(key, now);
  }

  private void forget(PrimaryKey key) {
    remembered.remove(key);
  }

  private List<Optional<Stored>> readCommitPoints(List<PrimaryKey> keys) {
    List<Optional<Stored>> out = new ArrayList<>(keys.size());
    int chunk = store.limits(hot.profile()).maxMultiGetRows();
    for (int from = 0; from < keys.size(); from += chunk) {
      List<PrimaryKey> part = keys.subList(from, Math.min(keys.size(), from + chunk));
      for (Optional<Row> row : store.multiGet(hot.name(), part, commitColumns)) {
        out.add(row.map(this::stored));
      }
    }
    return out;
  }

  /**
   * The columns a commit point is read with: the hot row's indexed values where it has an index.
   */
  private static ColumnSelection commitColumns(
      IndexedRows indexedRows, ColumnSelection hotRead, String versionColumn) {
    if (indexedRows != null) {
      return hotRead; // the indexed values name the index rows the replaced write stored
    }
    return versionColumn == null
        ? ColumnSelection.of(COLD_TAG, SplitTableRepository.COLD_MARKER, ChunkRows.PARTS)
        : ColumnSelection.of(
            COLD_TAG, SplitTableRepository.COLD_MARKER, ChunkRows.PARTS, versionColumn);
  }

  private Stored stored(Row row) {
    AttrValue tag = row.get(COLD_TAG);
    boolean pointsAtCold = SplitTableRepository.pointsAtCold(hot.name(), row);
    long parts = SplitTableRepository.parts(hot.name(), row, chunks == null ? 0 : maxParts);
    if (tag != null && tag.type() != AttrType.INTEGER
        || (pointsAtCold || parts > 0) && tag == null) {
      throw SplitTableRepository.corruptMarker(
          hot.name(),
          row,
          COLD_TAG,
          tag,
          "an INTEGER on every hot row that points at a cold row or chunk rows");
    }
    AttrValue version = versionColumn == null ? null : row.get(versionColumn);
    return indexedRows == null
        ? new Stored(tag, pointsAtCold, parts, version, Map.of())
        : new Stored(tag, pointsAtCold, parts, version, row, indexedRows);
  }

  /**
   * A write's rows with each index row the replaced write stored at the same values kept: put again
   * at its key (the replaced write's index tag) and named by the hot row, instead of a row under
   * this write's tag. So an index row whose values a write leaves unchanged never moves, and a scan
   * passing its position cannot miss the entity while it is rewritten.
   */
  private SplitTableRepository.PreparedWrite keepingIndexRows(
      SplitTableRepository.PreparedWrite rows, Optional<Stored> now) {
    if (rows.indexPuts().isEmpty() || now.isEmpty()) {
      return rows;
    }
    Row hot = rows.hot();
    List<WriteOp> puts = new ArrayList<>(rows.indexPuts().size());
    for (WriteOp put : rows.indexPuts()) {
      IndexTable index = indexTables.get(put.table());
      PrimaryKey stored = now.get().sameIndexRow(index, rows.hot(), put.key());
      if (stored == null) {
        puts.add(put);
        continue;
      }
      hot = hot.with(index.tagColumn(), AttrValue.ofInteger(IndexRows.tagOf(stored)));
      puts.add(WriteOp.put(put.table(), ((WriteOp.Put) put).row().withKey(stored)));
    }
    if (hot == rows.hot()) {
      return rows;
    }
    return new SplitTableRepository.PreparedWrite(hot, rows.cold(), rows.chunks(), puts);
  }

  /** The commit point a prepared write stores, its index rows known without decoding it. */
  private Stored stored(SplitTableRepository.PreparedWrite rows) {
    if (indexedRows == null) {
      return stored(rows.hot());
    }
    Row hot = rows.hot();
    Map<String, PrimaryKey> indexRows = new LinkedHashMap<>();
    for (WriteOp put : rows.indexPuts()) {
      indexRows.put(indexTables.get(put.table()).name(), put.key());
    }
    return new Stored(
        hot.get(COLD_TAG),
        SplitTableRepository.pointsAtCold(this.hot.name(), hot),
        SplitTableRepository.parts(this.hot.name(), hot, chunks == null ? 0 : maxParts),
        versionColumn == null ? null : hot.get(versionColumn),
        indexRows);
  }
}
