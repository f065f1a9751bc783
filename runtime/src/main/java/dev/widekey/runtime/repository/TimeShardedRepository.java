package dev.widekey.runtime.repository;

import dev.widekey.annotations.ShardPeriod;
import dev.widekey.core.Rule;
import dev.widekey.core.RuleViolationException;
import dev.widekey.core.shard.Periods;
import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.ReservedNames;
import dev.widekey.runtime.key.KeyBuckets;
import dev.widekey.runtime.merge.KeyedMerge;
import dev.widekey.runtime.merge.MergeCursor;
import dev.widekey.runtime.merge.MergePosition;
import dev.widekey.runtime.merge.MergeSource;
import dev.widekey.runtime.merge.MergedScan;
import dev.widekey.runtime.merge.ReadAhead;
import dev.widekey.runtime.query.ContinuationKey;
import dev.widekey.runtime.query.ContinuationToken;
import dev.widekey.runtime.query.InvalidContinuationException;
import dev.widekey.runtime.query.Pages;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.write.BulkWriteResult;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The base of generated time-sharded repositories ({@code FooShardedRepository}): one set of the
 * entity's tables ({@link EntityTables}: hot, and cold and chunk tables if it has them) per period
 * of the entity's shard field, each named after the entity's table plus the period ({@code
 * orders_2026_11}, {@code orders_cold_2026_11}, {@code orders_chunks_2026_11}), read and written
 * through a view of the entity's generated {@code FooRepository} over that period's tables.
 *
 * <ul>
 *   <li>A write goes to the period of the entity's shard value; the first write to a period creates
 *       its tables (known tables are remembered); {@link #createTablesAhead} creates the current
 *       and the next periods' tables beforehand. A null shard value is a {@code
 *       RuleViolationException} (WK210) and nothing is written.
 *   <li>A point read names the period by a shard value; a period without tables reads as empty.
 *   <li>A read over a time window {@code [from, to)} reads the existing tables of the periods the
 *       window covers, merges them in key order ({@link MergedScan}) and keeps the entities whose
 *       shard value lies in the window, each row read through the view of the table it came from
 *       (its chunked values from that period's chunk table). Periods without tables are skipped.
 *       Any window can be asked for: one reaching before the year 0 or past 9999, where no table is
 *       named, covers the periods inside it ({@code scanBetween(Instant.MIN, Instant.MAX)} reads
 *       them all). A period dropped while a scan reads it (a retention run) reads as empty from
 *       there on: the scan goes on with the other periods, having returned a part of the dropped
 *       period's rows.
 *   <li>{@link #enforceRetention} fences, then drops the tables of periods older than the {@code
 *       retain} latest, after handing each period to an {@link ArchiveCallback}; it removes fences
 *       no writer can need any more ({@link #withFenceKeep}). {@link #sweepColdRows} removes the
 *       cold and chunk rows stopped writes left in every period.
 *   <li>Only its own tables: a table named like a period table ({@code orders_2025_12}) whose
 *       described spec ({@link WideTableStore#describeTable}) is not the entity's spec under that
 *       name (another primary key, time to live or profile: another application's table) is never
 *       read, written, archived, swept or dropped, nor is the rest of its period; {@link
 *       #foreignTables} lists such tables (hot, cold or chunks) and why.
 *   <li>Writes check first: every entity of a {@link #putAll}, and the entity of a write that
 *       creates its period's tables, is checked (shard value, key, values) before a table is
 *       created or a row written; {@link #createTablesAhead} checks every period before creating
 *       one.
 *   <li>Bounded memory: the period views are kept for the periods used last only, and a point read
 *       of a period without tables makes none.
 * </ul>
 *
 * <p>"Now" is a parameter of retention and {@link #createTablesAhead}, so tests and batch jobs say
 * which period is current. Writes are bounded by a window of periods read from the repository's
 * {@link Clock} ({@link #withClock}): the retained periods and those ahead; a shard value outside
 * it is WK210 and nothing is written, unless {@link #allowingBackfill} or {@link #withWriteWindow}
 * widens it. Retention fences a period ({@link #FENCE_TABLE}) before archiving it, and every writer
 * refuses a fenced period ({@link PeriodFencedException}), so an acknowledged write is always
 * either archived or still readable.
 *
 * <pre>{@code
 * OrderShardedRepository orders = new OrderShardedRepository(store);
 * orders.createTablesAhead(now);                 // orders_2026_11, orders_2026_12
 * orders.put(order);                             // to the table of order.createdAt()
 * try (Stream<Order> last90Days = orders.scanBetween(now.minus(90, DAYS), now)) { ... }
 * orders.enforceRetention(now, period -> archive(period.scan()));
 * }</pre>
 *
 * @param <E> the entity type
 * @param <R> the entity's generated repository, one view per period
 */
public abstract class TimeShardedRepository<E, R extends SplitTableRepository<E>> {
  private final WideTableStore store;
  // the entity's tables by role, unsuffixed: every period's tables are these renamed (tablesOf)
  private final EntityTables tables;
  private final TableSpec hotTable;
  private final ShardPeriod period;
  private final int retain;
  private final int ahead;
  private final Function<EntityTables, R> views;
  // the views of the periods used last, at most viewCacheCapacity(): whatever times callers pass,
  // a repository keeps no more (a view is rebuilt when needed again)
  private final Map<Instant, R> viewsByPeriod;
  private final int viewCacheCapacity;
  // hot tables this repository created or proved its own and then wrote to: bounded by the tables
  // that exist, since a drop forgets its tables
  private final Set<String> created = ConcurrentHashMap.newKeySet();
  // the store window scans read period tables through: a table dropped under a scan reads as empty
  private final WideTableStore scanStore;
  // the shard field's name, for the messages of refused writes
  private final String shardField;

  // the write window: by this clock, periods from windowBack before the current one to windowAhead
  // after it, the clock read grace ahead; plus the backfill windows of shard values
  private volatile Clock clock = Clock.systemUTC();
  private volatile Duration grace = DEFAULT_GRACE;
  private volatile int windowBack;
  private volatile int windowAhead;
  private final List<Instant[]> backfill = new CopyOnWriteArrayList<>();

  // fences: retention fences a period (a row in FENCE_TABLE) and waits fenceSettle before archiving
  // it; a write that ends within fenceSettle of a read finding no fence landed before the archive
  // read, later ones read the fence again after writing
  private volatile Duration fenceSettle = DEFAULT_FENCE_SETTLE;
  // how long a fence row stays at least (withFenceKeep)
  private volatile Duration fenceKeep = DEFAULT_FENCE_KEEP;
  // period start -> System.nanoTime() when a read that found no fence began; bounded as the views
  private final Map<Instant, Long> unfencedSince;

  /**
   * @param tables the entity's tables by role (the generated {@code FooTable.TABLES}); each
   *     period's tables are they under the period's names ({@code orders_2026_11}, {@code
   *     orders_cold_2026_11}, {@code orders_chunks_2026_11})
   * @param retain periods kept, the current one included, at least 1
   * @param ahead periods {@link #createTablesAhead} creates after the current one, at least 0
   * @param shardField the entity's shard field, named by the messages of refused writes
   * @param views the entity's repository over one period's tables (every role, renamed)
   */
  protected TimeShardedRepository(
      WideTableStore store,
      EntityTables tables,
      ShardPeriod period,
      int retain,
      int ahead,
      String shardField,
      Function<EntityTables, R> views) {
    this.shardField = Objects.requireNonNull(shardField, "shardField");
    this.store = Objects.requireNonNull(store, "store");
    this.tables = Objects.requireNonNull(tables, "tables");
    this.hotTable = tables.hot();
    this.period = Objects.requireNonNull(period, "period");
    if (retain < 1 || ahead < 0) {
      throw new IllegalArgumentException("retain " + retain + " < 1 or ahead " + ahead + " < 0");
    }
    this.retain = retain;
    this.ahead = ahead;
    this.views = Objects.requireNonNull(views, "views");
    this.viewCacheCapacity = Math.max(MIN_CACHED_VIEWS, 2 * (retain + ahead + 1));
    this.viewsByPeriod =
        Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, true) {
              @Override
              protected boolean removeEldestEntry(Map.Entry<Instant, R> eldest) {
                return size() > viewCacheCapacity;
              }
            });
    this.scanStore = new DroppedTablesReadEmpty(store);
    this.windowBack = retain - 1;
    this.windowAhead = ahead;
    this.unfencedSince =
        Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, true) {
              @Override
              protected boolean removeEldestEntry(Map.Entry<Instant, Long> eldest) {
                return size() > viewCacheCapacity;
              }
            });
  }

  /** The grace of the write window and of retention by default: five minutes. */
  public static final Duration DEFAULT_GRACE = Duration.ofMinutes(5);

  /** How long retention keeps a fence row by default ({@link #withFenceKeep}): 7 days. */
  public static final Duration DEFAULT_FENCE_KEEP = Duration.ofDays(7);

  /**
   * The least time a fence row is kept ({@link #withFenceKeep}): the time {@link
   * ColdRows#MIN_SWEEP_GRACE} gives a write still in flight.
   */
  public static final Duration MIN_FENCE_KEEP = ColdRows.MIN_SWEEP_GRACE;

  /** How long retention waits between fencing periods and archiving them by default: 2 s. */
  public static final Duration DEFAULT_FENCE_SETTLE = Duration.ofSeconds(2);

  /**
   * The table retention's fences are rows of, one per fenced period, keyed by the period's hot
   * table name: shared by every time-sharded entity of a store, created by the first retention run
   * that fences a period. Its rows outlive the dropped tables, so that every writer, however old
   * its caches, finds a dropped period fenced; retention removes a fence once no writer can need it
   * ({@link #withFenceKeep}).
   */
  public static final String FENCE_TABLE = ReservedNames.PERIOD_FENCE_TABLE;

  /** The spec of {@link #FENCE_TABLE}. */
  public static final TableSpec FENCE_TABLE_SPEC =
      new TableSpec(FENCE_TABLE, List.of(new PkColumn("period_table", PkType.STRING)));

  private static final String FENCED_AT = "fenced_at";

  // ---------------------------------------------------------------- write window and fences

  /**
   * Reads "now" for the write window from {@code clock} instead of the system's UTC clock.
   * Configure a repository before sharing it between threads.
   *
   * @return this repository
   */
  public TimeShardedRepository<E, R> withClock(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    return this;
  }

  /**
   * The grace (5 minutes by default) by which the write window's clock is read ahead, and by which
   * {@link #enforceRetention} reads its {@code now} behind: a period is refused to writers a grace
   * before retention fences it, so writers whose clocks run a little apart from retention's get the
   * clock's refusal rather than the fence's.
   *
   * @return this repository
   */
  public TimeShardedRepository<E, R> withGrace(Duration grace) {
    if (grace.isNegative()) {
      throw new IllegalArgumentException("grace " + grace + " < 0");
    }
    this.grace = grace;
    return this;
  }

  /** Commit points each period's repository remembers; -1: its default. */
  private volatile int rememberedCommitPoints = -1;

  /**
   * Sets how many commit points each period's repository remembers, as {@link
   * SplitTableRepository#withRememberedCommitPoints} does for one table (0: none): those it holds
   * now and those it opens later. Configure it before sharing the repository between threads.
   *
   * <pre>{@code
   * orders.withRememberedCommitPoints(50_000);
   * }</pre>
   *
   * @return this repository
   * @throws IllegalArgumentException if {@code capacity} is negative
   */
  public TimeShardedRepository<E, R> withRememberedCommitPoints(int capacity) {
    RememberedCommitPoints.requireCapacity(hotTable.name(), capacity);
    this.rememberedCommitPoints = capacity;
    for (R view : viewsByPeriod.values()) {
      view.withRememberedCommitPoints(capacity);
    }
    return this;
  }

  /**
   * Widens the write window to the periods from {@code periodsBack} before the current one to
   * {@code periodsAhead} after it (by default {@code retain - 1} and {@code ahead}: the retained
   * periods and those created ahead). A period past retention is still refused once retention has
   * fenced it.
   *
   * @return this repository
   */
  public TimeShardedRepository<E, R> withWriteWindow(int periodsBack, int periodsAhead) {
    if (periodsBack < 0 || periodsAhead < 0) {
      throw new IllegalArgumentException(
          "periodsBack " + periodsBack + " or periodsAhead " + periodsAhead + " < 0");
    }
    this.windowBack = periodsBack;
    this.windowAhead = periodsAhead;
    return this;
  }

  /**
   * Lets writes also go to shard values in {@code [from, to)}, whatever the clock says: a backfill
   * of history or of planned future rows, whose tables retention drops (past ones) or keeps (future
   * ones) as any other. Periods retention has fenced stay refused. Each call adds a window.
   *
   * <pre>{@code
   * orders.allowingBackfill(Instant.parse("2024-01-01T00:00:00Z"), Instant.parse("2025-01-01T00:00:00Z"));
   * }</pre>
   *
   * @return this repository
   */
  public TimeShardedRepository<E, R> allowingBackfill(Instant from, Instant to) {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    if (!from.isBefore(to)) {
      throw new IllegalArgumentException("backfill window [" + from + ", " + to + ") is empty");
    }
    backfill.add(new Instant[] {from, to});
    return this;
  }

  /**
   * How long {@link #enforceRetention} waits after fencing periods before archiving them (2 s by
   * default), and so how long a write may take after its fence check before it reads the fence
   * again: writers' settle must not be longer than retention's. A write that took longer reads the
   * fence once more after writing, and is refused ({@link PeriodFencedException#afterWrite()}) if
   * its period was fenced meanwhile.
   *
   * @return this repository
   * @throws IllegalArgumentException if {@code settle} is not positive, or longer than {@code
   *     System.nanoTime} counts ({@code ChronoUnit.FOREVER})
   */
  public TimeShardedRepository<E, R> withFenceSettle(Duration settle) {
    if (settle.isNegative() || settle.isZero()) {
      throw new IllegalArgumentException("fence settle " + settle + " <= 0");
    }
    if (RetryPolicy.saturatedNanos(settle) == Long.MAX_VALUE) {
      // writers compare it with System.nanoTime differences, and retention sleeps through it
      throw new IllegalArgumentException(
          "fence settle "
              + settle
              + " is longer than System.nanoTime counts (about 292 years): retention would never"
              + " archive, and writers could not compare their time with it");
    }
    this.fenceSettle = settle;
    return this;
  }

  /**
   * How long a fence row stays after retention set it (7 days by default), at the least: {@link
   * #enforceRetention} removes the fence of a period whose tables are dropped once both the fence
   * has stood this long (by this repository's clock) and the period lies before the oldest one a
   * writer whose clock runs this long behind would still write to ({@link #oldestFenceKept}). Why
   * that is safe: a fence stops two kinds of writes.
   *
   * <ul>
   *   <li>A write in flight when the period was fenced (it found no fence and lands after the
   *       archive read) learns of the fence by a read of it within its own duration: the read after
   *       a write slower than the settle time, or the read after the {@code TABLE_NOT_FOUND} of a
   *       dropped table. A fence that has stood for the keep time is still there for every write
   *       shorter than that: a single write of an entity with cold or chunk rows gives up after
   *       {@link ColdRows#COMMIT_DEADLINE}; an import ({@code putAll}) must be shorter than the
   *       keep time, as it must be shorter than a sweep's grace.
   *   <li>A new write to the period is refused by the writer's own write window, unless its clock
   *       runs more than the keep time behind, or it was given a wider window or a backfill over
   *       the period. Such a write after the fence is gone creates the period's tables again:
   *       nothing acknowledged is lost (its rows are readable until the next retention run fences,
   *       archives and drops the period again, the archive then getting only those rows), but the
   *       period is no longer refused to it.
   * </ul>
   *
   * <pre>{@code
   * orders.withFenceKeep(Duration.ofDays(30)); // imports may run for weeks
   * }</pre>
   *
   * @param keep at least {@link #MIN_FENCE_KEEP}; one longer than the clocks count ({@code
   *     ChronoUnit.FOREVER}) keeps every fence
   * @return this repository
   */
  public TimeShardedRepository<E, R> withFenceKeep(Duration keep) {
    if (keep.compareTo(MIN_FENCE_KEEP) < 0) {
      throw new IllegalArgumentException(
          "a fence is kept at least " + MIN_FENCE_KEEP + " (the longest write), not " + keep);
    }
    this.fenceKeep = keep;
    return this;
  }

  /**
   * The periods writes may go to by the clock now, without backfill: {@code [first, end)}, the
   * starts of the first allowed period and of the period after the last.
   */
  public Instant[] writeWindow() {
    Instant now = clock.instant().plus(grace);
    return new Instant[] {
      Periods.plus(period, now, -windowBack), Periods.plus(period, now, windowAhead + 1L)
    };
  }

  /**
   * Refuses a shard value outside the write window and the backfill windows (WK210).
   *
   * @param start its period's start
   */
  private void requireInWindow(Instant shard, Instant start) {
    Instant[] window = writeWindow();
    if (!start.isBefore(window[0]) && start.isBefore(window[1])) {
      return;
    }
    for (Instant[] b : backfill) {
      if (!shard.isBefore(b[0]) && shard.isBefore(b[1])) {
        return;
      }
    }
    throw new RuleViolationException(
        Rule.WK210,
        shardField,
        "value "
            + shard
            + " lies outside the periods this repository writes to: from "
            + window[0]
            + " to "
            + window[1]
            + " (exclusive), "
            + windowBack
            + " before and "
            + windowAhead
            + " after the current "
            + period.name().toLowerCase(java.util.Locale.ROOT)
            + " by its clock ("
            + clock.instant()
            + ", plus a grace of "
            + grace
            + ")"
            + (backfill.isEmpty() ? "" : ", nor in a backfill window")
            + ". A table created there would not be dropped by retention (ahead) or is past it;"
            + " widen the window with allowingBackfill(from, to) or withWriteWindow(back, ahead)."
            + " Nothing was written");
  }

  private PrimaryKey fenceKey(Instant start) {
    return PrimaryKey.of(PkValue.ofString(Periods.tableName(hotTable.name(), period, start)));
  }

  /** Whether retention has fenced the period starting at {@code start}: read from the store. */
  private boolean fencedInStore(Instant start) {
    try {
      return store.get(FENCE_TABLE, fenceKey(start), ColumnSelection.all()).isPresent();
    } catch (StoreException e) {
      if (e.kind() == ErrorKind.TABLE_NOT_FOUND) {
        return false; // no period was ever fenced on this store
      }
      throw e;
    }
  }

  /**
   * Refuses a write to a fenced period.
   *
   * @param cached whether a read that found no fence less than half the settle time ago will do
   * @return {@code System.nanoTime()} when the read that found no fence began
   * @throws PeriodFencedException if the period is fenced
   */
  private long requireNotFenced(Instant start, boolean cached) {
    long began = System.nanoTime();
    if (cached) {
      Long since = unfencedSince.get(start);
      if (since != null && began - since < fenceSettle.toNanos() / 2) {
        return since;
      }
    }
    if (fencedInStore(start)) {
      unfencedSince.remove(start);
      throw new PeriodFencedException(
          shardField, Periods.tableName(hotTable.name(), period, start), start, false);
    }
    unfencedSince.put(start, began);
    return began;
  }

  /**
   * After a write to the period of {@code start} whose fence check began at {@code since}: a write
   * that ended within the settle time landed before any archive read of a fence set after the
   * check; a later one reads the fence again.
   *
   * @throws PeriodFencedException (after the write) if the period was fenced meanwhile
   */
  private void confirmNotFenced(Instant start, long since) {
    if (System.nanoTime() - since < fenceSettle.toNanos()) {
      return;
    }
    long began = System.nanoTime();
    if (fencedInStore(start)) {
      unfencedSince.remove(start);
      throw new PeriodFencedException(
          shardField, Periods.tableName(hotTable.name(), period, start), start, true);
    }
    unfencedSince.put(start, began);
  }

  /**
   * Runs a write to the period of {@code start} between its fence checks, its tables created if
   * this repository has not seen them. A table dropped under the write (another instance's
   * retention) is a {@link PeriodFencedException} if the period is fenced; otherwise (dropped by
   * other means) its tables are created again and the write sent once more.
   */
  private <T> T fencedWrite(Instant start, R view, Supplier<T> write) {
    long since = requireNotFenced(start, true);
    ensureTables(view, start);
    T result;
    try {
      result = write.get();
    } catch (StoreException e) {
      if (e.kind() != ErrorKind.TABLE_NOT_FOUND) {
        throw e;
      }
      created.remove(view.hotTable().name());
      since = requireNotFenced(start, false);
      ensureTables(view, start);
      result = write.get();
    }
    confirmNotFenced(start, since);
    return result;
  }

  /** The least number of period views a repository keeps, however few periods it retains. */
  static final int MIN_CACHED_VIEWS = 16;

  /**
   * The instant of an entity's shard field.
   *
   * @throws dev.widekey.core.RuleViolationException (WK210) if it is null
   */
  protected abstract Instant shardOf(E entity);

  public WideTableStore store() {
    return store;
  }

  public ShardPeriod period() {
    return period;
  }

  /** Periods kept, the current one included. */
  public int retain() {
    return retain;
  }

  /** Periods created ahead of the current one by {@link #createTablesAhead}. */
  public int ahead() {
    return ahead;
  }

  /** The hot table of the period {@code time} falls in: {@code orders_2026_11}. */
  public String tableName(Instant time) {
    return Periods.tableName(hotTable.name(), period, time);
  }

  /**
   * The entity's repository over the tables of the period {@code time} falls in (not created by
   * this call): for what the time-sharded methods do not offer, such as the generated key scans of
   * one period. It does not check that the tables are this entity's own ({@link #foreignTables}).
   * The repository keeps the views of the periods used last (a bounded number); a view asked for
   * again later may be a new one.
   */
  public R periodRepository(Instant time) {
    Instant start = Periods.start(period, time);
    R view = viewsByPeriod.get(start);
    if (view == null) {
      view = views.apply(tablesOf(start));
      int remembered = rememberedCommitPoints;
      if (remembered >= 0) {
        view.withRememberedCommitPoints(remembered);
      }
      R earlier = viewsByPeriod.putIfAbsent(start, view);
      if (earlier != null) {
        view = earlier;
      }
    }
    return view;
  }

  /** The number of period views this repository holds now: at most {@link #viewCacheCapacity}. */
  int cachedViews() {
    return viewsByPeriod.size();
  }

  /** The most period views this repository holds. */
  int viewCacheCapacity() {
    return viewCacheCapacity;
  }

  /**
   * The tables of the period starting at {@code start}: the entity's tables by role, each under its
   * name plus the period's suffix. The one place a period's tables are named; views, table
   * creation, the foreign-table checks, retention and the sweep all take them from here.
   */
  EntityTables tablesOf(Instant start) {
    return tables.renamed(name -> Periods.tableName(name, period, start));
  }

  /**
   * The entity's tables by role, unsuffixed: each period's tables are they renamed.
   *
   * <pre>{@code
   * orders.tables().table(EntityTables.Role.CHUNKS); // Optional[orders_chunks]: orders_chunks_2026_11 for November
   * }</pre>
   */
  public EntityTables tables() {
    return tables;
  }

  // ---------------------------------------------------------------- which tables are its own

  /**
   * A table named like one of this entity's period tables that is not one: its described spec is
   * not the entity's table spec under that name. Such a table belongs to someone else (another
   * application's entity that happens to be named {@code orders_2025_12}), so this repository
   * neither reads, writes, archives nor drops it.
   *
   * @param table the table's name
   * @param start the start of the period its name names
   * @param reason how its spec differs from the period table's: primary key, time to live or
   *     profile
   */
  public record ForeignTable(String table, Instant start, String reason) {}

  /**
   * Why the table {@code described} is not the period table {@code expected}, or null if it is: the
   * same primary-key columns (names and types, in order), the same time to live and the same
   * profile. Split points are not compared (services split tables as they grow). A described
   * profile that is {@link TableSpec#DEFAULT_PROFILE} matches any: stores that keep no profile
   * (Tablestore's service records none) and tables created before profiles were kept describe the
   * default one.
   */
  static String mismatch(TableSpec expected, TableSpec described) {
    List<String> why = new ArrayList<>();
    if (!described.primaryKey().equals(expected.primaryKey())) {
      why.add(
          "its primary key is "
              + columns(described)
              + " where the period table's is "
              + columns(expected));
    }
    if (described.ttlSeconds() != expected.ttlSeconds()) {
      why.add(
          "its time to live is "
              + ttl(described.ttlSeconds())
              + " where the period table's is "
              + ttl(expected.ttlSeconds()));
    }
    if (described.profile() != expected.profile()
        && described.profile() != TableSpec.DEFAULT_PROFILE) {
      why.add(
          "its profile is "
              + described.profile()
              + " where the period table's is "
              + expected.profile());
    }
    return why.isEmpty() ? null : String.join("; ", why);
  }

  private static String columns(TableSpec spec) {
    List<String> columns = new ArrayList<>();
    spec.primaryKey().forEach(c -> columns.add(c.name() + " " + c.type()));
    return "(" + String.join(", ", columns) + ")";
  }

  private static String ttl(long seconds) {
    return seconds == TableSpec.NO_TTL ? "none" : seconds + " s";
  }

  /**
   * Why the table of {@code expected}'s name is not {@code expected}: null if it is, or if it does
   * not exist. A table the store cannot describe as a widekey table (an HBase table created by
   * other means) is not one.
   */
  private String notOwn(TableSpec expected) {
    Optional<TableSpec> described;
    try {
      described = store.describeTable(expected.name());
    } catch (StoreException e) {
      if (e.retryable()) {
        throw e;
      }
      if (e.kind() == ErrorKind.TABLE_NOT_FOUND) {
        return null;
      }
      return "the store cannot describe it as a widekey table: " + e.getMessage();
    }
    return described.map(d -> mismatch(expected, d)).orElse(null);
  }

  /** The table of {@code expected}'s name if it exists and is not {@code expected}, else null. */
  private ForeignTable foreign(TableSpec expected, Instant start) {
    String why = notOwn(expected);
    return why == null ? null : new ForeignTable(expected.name(), start, why);
  }

  /**
   * The foreign tables among a period's tables, hot first: empty if each of them is absent or this
   * entity's own.
   */
  private List<ForeignTable> foreignTablesOf(Instant start) {
    List<ForeignTable> foreign = new ArrayList<>(EntityTables.Role.values().length);
    for (TableSpec table : byRole(tablesOf(start))) {
      ForeignTable f = foreign(table, start);
      if (f != null) {
        foreign.add(f);
      }
    }
    return foreign;
  }

  /**
   * A period's tables in role order: hot, cold, chunks, then the index tables (those the entity
   * has). The index tables are listed apart from the other roles ({@link EntityTables#indexes()}),
   * and a period's index rows are as much its own as its cold rows: dropped, checked and listed
   * with it.
   */
  private static List<TableSpec> byRole(EntityTables tables) {
    List<TableSpec> specs =
        new ArrayList<>(EntityTables.Role.values().length + tables.indexes().size());
    for (EntityTables.Role role : EntityTables.Role.values()) {
      tables.table(role).ifPresent(specs::add);
    }
    for (IndexTable index : tables.indexes()) {
      specs.add(index.table());
    }
    return specs;
  }

  /**
   * The tables named like this entity's period tables (hot, cold, chunks or index) that are not its
   * own: another spec under the name (another primary key, time to live or profile), in period
   * order, hot, then cold, then chunks, then index tables within a period. This repository never
   * reads, writes, archives or drops them; {@link #enforceRetention} leaves them in place, so a
   * caller that wants to know what retention left behind, or to warn of a name clash, asks here.
   *
   * <pre>{@code
   * orders.foreignTables().forEach(t -> log.warn("{} is not an orders table: {}", t.table(), t.reason()));
   * }</pre>
   */
  public List<ForeignTable> foreignTables() {
    // a period any of whose tables is listed; each checked in role order
    List<ForeignTable> all = new ArrayList<>();
    for (Instant start : listedPeriods()) {
      all.addAll(foreignTablesOf(start)); // none for a table dropped since listed
    }
    return all;
  }

  /** The periods for which a table of any of the entity's roles is listed, oldest first. */
  private NavigableSet<Instant> listedPeriods() {
    NavigableSet<Instant> starts = new TreeSet<>();
    for (TableSpec spec : byRole(tables)) {
      starts.addAll(listed(spec.name()).keySet());
    }
    return starts;
  }

  /**
   * Refuses to write to a period one of whose tables is another's.
   *
   * @throws StoreException of kind {@link ErrorKind#TABLE_EXISTS} naming the table and how it
   *     differs
   */
  private void requireNoForeignTable(Instant start) {
    List<ForeignTable> foreign = foreignTablesOf(start);
    if (!foreign.isEmpty()) {
      ForeignTable f = foreign.get(0);
      throw new StoreException(
          ErrorKind.TABLE_EXISTS,
          "table "
              + f.table()
              + " is named like a period table of "
              + hotTable.name()
              + " but is not one ("
              + f.reason()
              + "); nothing was written to it");
    }
  }

  // ---------------------------------------------------------------- table creation

  /**
   * The tables of the period starting at {@code start}, created if this repository has not seen
   * them yet, after checking that no table of that name is another's.
   */
  private R writable(Instant start) {
    R view = periodRepository(start);
    if (!created.contains(view.hotTable().name())) {
      requireNotFenced(start, true);
      ensureTables(view, start);
    }
    return view;
  }

  private void ensureTables(R view, Instant start) {
    String name = view.hotTable().name();
    if (!created.contains(name)) {
      requireNoForeignTable(start);
      view.createTables();
      created.add(name);
    }
  }

  /**
   * Writes {@code entity} to its period: its shard value checked against the write window, the
   * entity prepared before a table is created, the write between the period's fence checks.
   */
  private E writeOne(E entity, java.util.function.Function<R, E> write) {
    Instant shard = shardOf(entity);
    Instant start = Periods.start(period, shard);
    requireInWindow(shard, start);
    R view = periodRepository(start);
    if (!created.contains(view.hotTable().name())) {
      view.prepare(entity); // a value that breaks a rule creates no table
    }
    return fencedWrite(start, view, () -> write.apply(view));
  }

  /**
   * Creates the tables of the period {@code time} falls in; existing tables are kept.
   *
   * @return the period's hot table
   * @throws StoreException of kind {@link ErrorKind#TABLE_EXISTS} if a table of that name exists
   *     with another spec ({@link #foreignTables}); nothing is created
   */
  public String createTables(Instant time) {
    return writable(Periods.start(period, time)).hotTable().name();
  }

  /**
   * Creates the tables of the current period and of the {@link #ahead} next ones, so that writes at
   * the turn of a period find their tables; existing tables are kept. Every period is checked
   * first: if one lies past the year 9999 (WK210) or has a table of another spec, nothing is
   * created.
   *
   * @return the hot tables of those periods, oldest first
   */
  public List<String> createTablesAhead(Instant now) {
    List<Instant> starts = new ArrayList<>();
    for (int i = 0; i <= ahead; i++) {
      Instant start = Periods.plus(period, now, i);
      if (!Periods.named(start)) {
        throw new RuleViolationException(
            Rule.WK210,
            "shard time",
            "createTablesAhead("
                + now
                + ") reaches the period starting "
                + start
                + ", outside the years 0 to 9999 that period table names hold; no table was"
                + " created");
      }
      requireNoForeignTable(start);
      starts.add(start);
    }
    List<String> names = new ArrayList<>();
    for (Instant start : starts) {
      names.add(writable(start).hotTable().name());
    }
    return names;
  }

  /**
   * Builds the client-side indexes of every existing period the window {@code [from, to)} touches,
   * as {@link SplitTableRepository#buildIndexes()} builds one period's ({@code
   * periodRepository(time).buildIndexes()}): for periods created by a version of the entity without
   * an index, whose reads through it fail with an {@link IndexNotBuiltException} until then. A
   * period's missing index tables are created first, as {@link #createTables(Instant)} creates them
   * (a period with a table of another spec, or fenced by retention, is refused before anything is
   * built in it). The results are added up; run it again after a stop.
   *
   * <pre>{@code
   * orders.buildIndexes(Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2027-01-01T00:00:00Z"));
   * }</pre>
   */
  public IndexBuildResult buildIndexes(Instant from, Instant to) {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    Instant first = Periods.firstCovered(period, from).orElse(null);
    if (!from.isBefore(to) || first == null || !first.isBefore(to)) {
      return IndexBuildResult.NONE;
    }
    IndexBuildResult result = IndexBuildResult.NONE;
    for (Instant start : ownHotTables().subMap(first, true, to, false).keySet()) {
      result = result.plus(writable(start).buildIndexes());
    }
    return result;
  }

  /** The existing hot tables of this entity's periods, oldest first; foreign ones left out. */
  public List<String> periodTables() {
    return List.copyOf(ownHotTables().values());
  }

  /** The existing tables named like {@code base}'s period tables, by period start. */
  private NavigableMap<Instant, String> listed(String base) {
    NavigableMap<Instant, String> tables = new TreeMap<>();
    for (String name : store.listTables(base + "_")) {
      Periods.periodOf(base, period, name).ifPresent(start -> tables.put(start, name));
    }
    return tables;
  }

  /** The existing hot tables that are this entity's own, by period start. */
  private NavigableMap<Instant, String> ownHotTables() {
    NavigableMap<Instant, String> own = listed(hotTable.name());
    // a period with any foreign table is not read: its chunk or cold rows could be another's
    own.entrySet().removeIf(e -> !foreignTablesOf(e.getKey()).isEmpty());
    return own;
  }

  /**
   * Writes an entity to the table of its shard value's period, creating the table on first use. As
   * {@link SplitTableRepository#put}; an entity that breaks a rule creates no table.
   *
   * @throws StoreException of kind {@link ErrorKind#TABLE_EXISTS} if a table of that period's name
   *     exists with another spec ({@link #foreignTables}); nothing is written
   */
  public E put(E entity) {
    return writeOne(entity, view -> view.put(entity));
  }

  /** Writes an entity to its period's table if no row with its key is stored there. */
  public E insert(E entity) {
    return writeOne(entity, view -> view.insert(entity));
  }

  /** Writes an entity to its period's table if a row with its key is stored there. */
  public E update(E entity) {
    return writeOne(entity, view -> view.update(entity));
  }

  /**
   * Writes many entities, each to its period's table, one bulk write per period, oldest period
   * first. Every entity is checked before the first table is created or the first row written (its
   * shard value against the write window, its key and values as {@link
   * SplitTableRepository#prepare} checks them, that no table of its period is another's and that no
   * period is fenced), so a bad one throws and nothing is written.
   *
   * <p>Once writing, a period whose write fails as a whole (its tables cannot be created, retention
   * fenced it meanwhile, the store refused) ends the call: the result names it and the periods not
   * attempted after it, beside the results of those written.
   *
   * @return one entry per period: written (with its {@link BulkWriteResult}), failed, or not
   *     attempted; as a map, the written periods' results by hot table name, oldest first
   */
  public ShardedWriteResult putAll(Collection<? extends E> entities) {
    Map<Instant, List<E>> byPeriod = new TreeMap<>();
    for (E entity : entities) {
      Instant shard = shardOf(entity);
      Instant start = Periods.start(period, shard);
      requireInWindow(shard, start);
      byPeriod.computeIfAbsent(start, p -> new ArrayList<>()).add(entity);
    }
    // prepare all first: the periods' bulk writes check their entities again, but only once the
    // tables of the periods before them are created and written
    for (Map.Entry<Instant, List<E>> e : byPeriod.entrySet()) {
      R view = periodRepository(e.getKey());
      for (E entity : e.getValue()) {
        view.prepare(entity);
      }
    }
    for (Instant start : byPeriod.keySet()) {
      if (!created.contains(periodRepository(start).hotTable().name())) {
        requireNoForeignTable(start);
      }
      requireNotFenced(start, true);
    }
    List<ShardedWriteResult.WrittenPeriod> written = new ArrayList<>();
    ShardedWriteResult.FailedPeriod failed = null;
    List<ShardedWriteResult.SkippedPeriod> skipped = new ArrayList<>();
    for (Map.Entry<Instant, List<E>> e : byPeriod.entrySet()) {
      Instant start = e.getKey();
      String table = Periods.tableName(hotTable.name(), period, start);
      int count = e.getValue().size();
      if (failed != null) {
        skipped.add(new ShardedWriteResult.SkippedPeriod(table, start, count));
        continue;
      }
      try {
        R view = periodRepository(start);
        BulkWriteResult result = fencedWrite(start, view, () -> view.putAll(e.getValue()));
        if (!result.allAcknowledged() && droppedUnder(result)) {
          // a table dropped under the bulk write: fenced (retention) or not
          created.remove(table);
          requireNotFenced(start, false);
        }
        written.add(new ShardedWriteResult.WrittenPeriod(table, start, count, result));
      } catch (RuntimeException ex) {
        failed = new ShardedWriteResult.FailedPeriod(table, start, count, ex);
      }
    }
    return new ShardedWriteResult(written, failed, skipped);
  }

  /** Whether a failure of a bulk write is a missing table. */
  private static boolean droppedUnder(BulkWriteResult result) {
    return result.failures().stream().anyMatch(f -> f.error().kind() == ErrorKind.TABLE_NOT_FOUND);
  }

  /**
   * Reads an entity by key from the period {@code shard} falls in; a period without tables reads as
   * empty, and so does a shard value outside the years 0 to 9999 (no table is named for it, so no
   * write could have stored the entity there) and a period whose table is another's ({@link
   * #foreignTables}). A row there whose shard value lies outside the period is {@link
   * ErrorKind#CORRUPT_DATA}, as in a window scan.
   */
  protected Optional<E> find(PrimaryKey key, Instant shard, boolean withCold) {
    if (!readable(shard)) {
      return Optional.empty();
    }
    try {
      R view = periodRepository(shard);
      Optional<E> found = view.find(key, withCold);
      if (found.isPresent()) {
        // as a window scan: a row is never read as a purchase of a period it does not lie in
        Instant start = Periods.start(period, shard);
        storedShardWithin(
            found.get(), view.hotTable().name(), start, Periods.plus(period, start, 1), key);
      }
      return found;
    } catch (StoreException e) {
      if (e.kind() == ErrorKind.TABLE_NOT_FOUND) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /**
   * Whether the period of {@code shard} has tables this repository reads: named, existing and its
   * own. Asked before a view is made, so reads of periods without tables hold no view.
   */
  private boolean readable(Instant shard) {
    if (!Periods.named(shard)) {
      return false; // no period table is named for it, so none holds the entity
    }
    Instant start = Periods.start(period, shard);
    EntityTables own = tablesOf(start);
    TableSpec hot = own.hot();
    if (created.contains(hot.name())) {
      return true;
    }
    Optional<TableSpec> described;
    try {
      described = store.describeTable(hot.name());
    } catch (StoreException e) {
      if (e.retryable()) {
        throw e;
      }
      return false; // not a table the store can describe as a widekey table: not its own
    }
    return described.isPresent()
        && mismatch(hot, described.get()) == null
        && byRole(own).stream().allMatch(t -> t == hot || notOwn(t) == null);
  }

  /**
   * Deletes an entity by key from the period {@code shard} falls in, if any (none outside the years
   * 0 to 9999, none in a table that is another's).
   */
  protected void remove(PrimaryKey key, Instant shard) {
    if (!readable(shard)) {
      return;
    }
    try {
      periodRepository(shard).remove(key);
    } catch (StoreException e) {
      if (e.kind() != ErrorKind.TABLE_NOT_FOUND) {
        throw e;
      }
    }
  }

  /**
   * Entities of a key range whose shard value lies in {@code [from, to)}, in key order, hot columns
   * only: the range read in every existing table of the periods the window covers, merged. Close
   * the stream if not read to the end.
   */
  protected Stream<E> scan(ScanRange range, Instant from, Instant to) {
    return scan(range, from, to, false);
  }

  /**
   * {@link #scan(ScanRange, Instant, Instant)}, or with {@code descending} the same entities
   * greatest key first: the range read backward in every covered period table, merged by the
   * reversed key order. The descending stream is the ascending one reversed: a key stored in
   * several periods comes earliest period first ascending, latest period first descending.
   */
  protected Stream<E> scan(ScanRange range, Instant from, Instant to, boolean descending) {
    return scan(List.of(range), Comparator.naturalOrder(), null, from, to, descending);
  }

  /**
   * Entities of a range over a {@code @Bucketed} component (one range per bucket, in bucket order,
   * as {@code FooKeys.rangesBy...Between} gives them) whose shard value lies in {@code [from, to)},
   * in logical key order, hot columns only: every bucket's range in every existing table of the
   * covered periods, merged as {@link SplitTableRepository#scanBuckets} merges one table's. Close
   * the stream if not read to the end.
   */
  protected Stream<E> scanBuckets(
      KeyBuckets buckets, List<ScanRange> ranges, Instant from, Instant to) {
    return scanBuckets(buckets, ranges, from, to, false);
  }

  /**
   * {@link #scanBuckets(KeyBuckets, List, Instant, Instant)}, or with {@code descending} the same
   * entities greatest logical key first: every bucket's range read backward, merged by the reversed
   * logical order.
   */
  protected Stream<E> scanBuckets(
      KeyBuckets buckets, List<ScanRange> ranges, Instant from, Instant to, boolean descending) {
    return scan(ranges, buckets.logicalOrder(), buckets, from, to, descending);
  }

  /**
   * The ranges (one per bucket of {@code buckets} if not null) in every existing period table the
   * window {@code [from, to)} covers, merged by {@code order} (reversed and each range read
   * backward if {@code descending}), filtered by the shard value.
   */
  private Stream<E> scan(
      List<ScanRange> ranges,
      Comparator<PrimaryKey> order,
      KeyBuckets buckets,
      Instant from,
      Instant to,
      boolean descending) {
    WindowMerge<E, R> window = windowMerge(ranges, order, buckets, from, to, descending, null);
    if (window == null) {
      return Stream.empty();
    }
    return ScanMerge.stream(
        window.merge(), (source, row) -> accept(window.bySource().get(source), row, from, to));
  }

  /**
   * The merge of a window scan and each source's period table, or null if the window covers no
   * period table. {@code alsoPeriod} (not null: a continuation's period) is read even if its table
   * is gone, as empty, so that the position it names stays a source of the merge.
   */
  private WindowMerge<E, R> windowMerge(
      List<ScanRange> ranges,
      Comparator<PrimaryKey> order,
      KeyBuckets buckets,
      Instant from,
      Instant to,
      boolean descending,
      Instant alsoPeriod) {
    NavigableMap<Instant, String> covered = covered(from, to);
    if (covered == null) {
      return null;
    }
    if (alsoPeriod != null && !covered.containsKey(alsoPeriod)) {
      // a signed token's period was covered when its page was read: its table was dropped since
      covered = new TreeMap<>(covered);
      covered.put(alsoPeriod, Periods.tableName(hotTable.name(), period, alsoPeriod));
    }
    if (covered.isEmpty()) {
      return null;
    }
    // every period's view selects the same columns: the first one's reads say which
    R firstView = periodRepository(covered.firstKey());
    MergedScan merge =
        ScanMerge.of(
            scanStore,
            new ArrayList<>(covered.values()),
            ranges.stream().map(firstView::readRange).toList(),
            buckets,
            order,
            descending,
            prefetch);
    // each source's period and view, found once: a row is read by the view of the table it was
    // read from (its chunk rows are in that period's chunk table), whatever its shard value says
    Map<String, Instant> startOf = new HashMap<>();
    covered.forEach((start, table) -> startOf.put(table, start));
    List<MergeSource> sources = merge.sources();
    List<PeriodSource<E, R>> bySource = new ArrayList<>(sources.size());
    Map<Instant, PeriodSource<E, R>> byStart = new HashMap<>();
    for (MergeSource source : sources) {
      Instant start = startOf.get(source.table());
      bySource.add(
          byStart.computeIfAbsent(
              start,
              s ->
                  new PeriodSource<>(
                      source.table(), s, Periods.plus(period, s, 1), periodRepository(s))));
    }
    return new WindowMerge<>(merge, bySource);
  }

  /** The hot tables of the periods {@code [from, to)} covers, or null if none can be. */
  private NavigableMap<Instant, String> covered(Instant from, Instant to) {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    if (!from.isBefore(to)) {
      return null;
    }
    // a window reaching past the years period tables are named for covers the named ones in it
    Instant first = Periods.firstCovered(period, from).orElse(null);
    if (first == null || !first.isBefore(to)) {
      return null;
    }
    return ownHotTables().subMap(first, true, to, false);
  }

  /** A window merge: the merge and, by source index, the period table each source reads. */
  private record WindowMerge<E, R extends SplitTableRepository<E>>(
      MergedScan merge, List<PeriodSource<E, R>> bySource) {}

  /** The entity of a merged row if its shard value lies in the window, else null. */
  private E accept(PeriodSource<E, R> table, Row row, Instant from, Instant to) {
    E entity = table.read(row);
    if (entity == null) {
      return null;
    }
    Instant t = storedShardWithin(entity, table.table(), table.start(), table.end(), row.key());
    return !t.isBefore(from) && t.isBefore(to) ? entity : null;
  }

  private volatile ContinuationKey continuationKey;

  /**
   * Sets the key that signs the continuation tokens of this repository's window pages and returns
   * this repository; without one, every {@code page...} call is an {@link IllegalStateException}.
   *
   * <pre>{@code
   * orders.withContinuationKey(ContinuationKey.of(secret));
   * }</pre>
   */
  public TimeShardedRepository<E, R> withContinuationKey(ContinuationKey key) {
    this.continuationKey = Objects.requireNonNull(key, "key");
    return this;
  }

  /**
   * A page of a window scan: the entities of {@code ranges} (one, or one per bucket of {@code
   * buckets}) in every covered period table whose shard value lies in {@code [from, to)}, merged in
   * key order ({@code descending}: greatest first), as {@link #scan} and {@link #scanBuckets} read
   * them. A page's cursor is a signed token of the last row's period and key, bound to the table,
   * {@code queryId}, the ranges, the direction and the window; the next page resumes the same merge
   * after that row (a period dropped in between reads as empty), never outside the window.
   *
   * @param buckets the key's buckets, or null: then {@code ranges} holds one range
   * @throws IllegalStateException without a {@link #withContinuationKey continuation key}
   * @throws dev.widekey.runtime.query.UnsupportedPageRequestException for an offset page beyond the
   *     first or a page before a cursor; nothing is read
   * @throws InvalidContinuationException (WK309) for a token not handed out by this query with
   *     these parameters; nothing is read
   */
  public CursoredPage<E> page(
      String queryId,
      List<ScanRange> ranges,
      KeyBuckets buckets,
      Instant from,
      Instant to,
      boolean descending,
      PageRequest request) {
    ContinuationKey signer = continuationKey;
    String table = hotTable.name();
    if (signer == null) {
      throw new IllegalStateException(
          "pages of the period tables of "
              + table
              + " need a continuation key to sign their cursors: call"
              + " repository.withContinuationKey(ContinuationKey.of(secret)) with 32 or more secret"
              + " bytes, the same on every instance");
    }
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    String token = Pages.token(request, table, queryId);
    byte[] params = Pages.parameters(ranges, descending, window(from, to));
    Instant lastPeriod = null;
    PrimaryKey lastKey = null;
    if (token != null) {
      ByteBuffer position =
          ByteBuffer.wrap(ContinuationToken.open(signer, table, queryId, params, token));
      if (position.remaining() < Long.BYTES + Integer.BYTES) {
        throw new InvalidContinuationException(
            InvalidContinuationException.Reason.MALFORMED, table, queryId, "no period in it");
      }
      lastPeriod = Instant.ofEpochSecond(position.getLong(), position.getInt());
      byte[] key = new byte[position.remaining()];
      position.get(key);
      lastKey = RepositoryPages.key(table, queryId, key, hotTable.primaryKey());
    }
    Comparator<PrimaryKey> order =
        buckets == null ? Comparator.naturalOrder() : buckets.logicalOrder();
    WindowMerge<E, R> window =
        windowMerge(ranges, order, buckets, from, to, descending, lastPeriod);
    List<E> content = new ArrayList<>();
    List<PrimaryKey> keys = new ArrayList<>();
    List<Instant> periods = new ArrayList<>();
    boolean more = false;
    if (window != null) {
      MergeCursor cursor;
      if (lastKey == null) {
        cursor = window.merge().open();
      } else {
        int source =
            sourceOf(
                window, lastPeriod, lastKey, buckets, ranges.size(), descending, table, queryId);
        cursor =
            source < 0
                ? null // the period lies outside the window: nothing comes after it here
                : window.merge().openAfter(new MergePosition(source, lastKey));
      }
      if (cursor != null) {
        try (MergeCursor rows = cursor) {
          while (rows.hasNext()) {
            Row row = rows.next();
            PeriodSource<E, R> table1 = window.bySource().get(rows.lastSource());
            E entity = accept(table1, row, from, to);
            if (entity == null) {
              continue;
            }
            if (content.size() == request.size()) {
              more = true;
              break;
            }
            content.add(entity);
            keys.add(row.key());
            periods.add(table1.start());
          }
        }
      }
    }
    return Pages.of(
        content,
        i -> {
          byte[] key = OrderedKeyBytes.encode(keys.get(i));
          Instant p = periods.get(i);
          ByteBuffer position = ByteBuffer.allocate(Long.BYTES + Integer.BYTES + key.length);
          position.putLong(p.getEpochSecond()).putInt(p.getNano()).put(key);
          return ContinuationToken.sign(signer, table, queryId, params, position.array());
        },
        request,
        more);
  }

  /** The source index of {@code period}'s table and {@code key}'s bucket, or -1 if not read. */
  private int sourceOf(
      WindowMerge<E, R> window,
      Instant period,
      PrimaryKey key,
      KeyBuckets buckets,
      int perTable,
      boolean descending,
      String table,
      String queryId) {
    List<PeriodSource<E, R>> bySource = window.bySource();
    int bucket = buckets == null ? 0 : RepositoryPages.bucketOf(buckets, key, table, queryId);
    for (int i = 0; i < bySource.size(); i++) {
      // sources run table by table, bucket by bucket within one (reversed as a whole backward
      // over several tables): the bucket's source of the period's table
      int within = descending && bySource.size() > perTable ? bySource.size() - 1 - i : i;
      if (bySource.get(i).start().equals(period) && within % perTable == bucket) {
        return i;
      }
    }
    return -1;
  }

  private static byte[] window(Instant from, Instant to) {
    return ByteBuffer.allocate(2 * (Long.BYTES + Integer.BYTES))
        .putLong(from.getEpochSecond())
        .putInt(from.getNano())
        .putLong(to.getEpochSecond())
        .putInt(to.getNano())
        .array();
  }

  /** A page of every entity whose shard value lies in {@code [from, to)}, in key order. */
  public CursoredPage<E> pageBetween(Instant from, Instant to, PageRequest request) {
    return page(
        "pageBetween",
        List.of(ScanRange.all(hotTable.primaryKey().size())),
        null,
        from,
        to,
        false,
        request);
  }

  /** {@link #pageBetween}, greatest key first. */
  public CursoredPage<E> pageBetweenDescending(Instant from, Instant to, PageRequest request) {
    return page(
        "pageBetween",
        List.of(ScanRange.all(hotTable.primaryKey().size())),
        null,
        from,
        to,
        true,
        request);
  }

  /**
   * How many entities of {@code ranges} (one, or one per bucket) have a shard value in {@code
   * [from, to)}. A count is a scan: a period table the window covers whole is counted by its keys
   * alone ({@link ColumnSelection#keysOnly()}); one it covers in part (the window's first and last
   * periods) is read with the hot columns, since the shard value decides.
   */
  public long count(List<ScanRange> ranges, Instant from, Instant to) {
    return countOrExists(ranges, from, to, false);
  }

  /** Whether {@link #count} would be above 0: stops at the first entity found. */
  public boolean exists(List<ScanRange> ranges, Instant from, Instant to) {
    return countOrExists(ranges, from, to, true) > 0;
  }

  /** How many entities have a shard value in {@code [from, to)}: a scan of the covered periods. */
  public long countBetween(Instant from, Instant to) {
    return count(List.of(ScanRange.all(hotTable.primaryKey().size())), from, to);
  }

  private long countOrExists(List<ScanRange> ranges, Instant from, Instant to, boolean any) {
    NavigableMap<Instant, String> covered = covered(from, to);
    if (covered == null) {
      return 0;
    }
    long n = 0;
    for (Map.Entry<Instant, String> e : covered.entrySet()) {
      Instant start = e.getKey();
      Instant end = Periods.plus(period, start, 1);
      boolean whole = !start.isBefore(from) && !end.isAfter(to);
      for (ScanRange range : ranges) {
        if (whole) {
          n +=
              any
                  ? RepositoryPages.exists(scanStore, e.getValue(), range) ? 1 : 0
                  : RepositoryPages.count(scanStore, e.getValue(), range);
        } else {
          PeriodSource<E, R> source =
              new PeriodSource<>(e.getValue(), start, end, periodRepository(start));
          MergedScan one =
              ScanMerge.of(
                  scanStore,
                  List.of(e.getValue()),
                  List.of(source.view().readRange(range)),
                  null,
                  Comparator.naturalOrder(),
                  false,
                  null);
          try (Stream<E> rows = ScanMerge.stream(one, (i, row) -> accept(source, row, from, to))) {
            n += any ? (rows.findAny().isPresent() ? 1 : 0) : rows.count();
          }
        }
        if (any && n > 0) {
          return n;
        }
      }
    }
    return n;
  }

  /**
   * Entities read through the index {@code indexName} whose shard value lies in {@code [from, to)},
   * in index order (greatest first for a backward range), hot columns only: the range read in the
   * index table of every existing period the window covers, each period's index rows verified
   * against its hot rows ({@link SplitTableRepository#scanIndex}), merged by index position. An
   * entity's index rows live in its own period's index table, so each is found once. A period
   * dropped while the read reads it (a retention run) reads as empty from there on, as in every
   * window read, and a row whose shard value lies outside its table's period is {@link
   * ErrorKind#CORRUPT_DATA}, as in a window scan. Close the stream if not read to the end.
   *
   * <pre>{@code
   * Stream<Order> byCard = scanIndex("by_card", OrderKeys.ByCardIndex.rangeByCardId("c7"), from, to);
   * }</pre>
   */
  protected Stream<E> scanIndex(String indexName, ScanRange range, Instant from, Instant to) {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    if (!from.isBefore(to)) {
      return Stream.empty();
    }
    Instant first = Periods.firstCovered(period, from).orElse(null);
    if (first == null || !first.isBefore(to)) {
      return Stream.empty();
    }
    NavigableMap<Instant, String> covered = ownHotTables().subMap(first, true, to, false);
    long limit = range.limit();
    List<Stream<IndexScan.Verified<E>>> streams = new ArrayList<>(covered.size());
    List<Iterator<IndexScan.Verified<E>>> sources = new ArrayList<>(covered.size());
    // equal positions (one key stored in two periods) come in source order: latest period first
    // backward, so that a backward read is the forward one reversed, as a window scan's
    for (Instant start : range.isBackward() ? covered.descendingKeySet() : covered.keySet()) {
      R view = periodRepository(start);
      IndexTable index =
          view.tables()
              .index(indexName)
              .orElseThrow(() -> new IllegalArgumentException("no index named " + indexName));
      Instant end = Periods.plus(period, start, 1);
      String table = view.hotTable().name();
      Stream<IndexScan.Verified<E>> read =
          view.scanIndexKeyed(index, range.withLimit(Long.MAX_VALUE))
              .filter(
                  v -> {
                    Instant t = storedShardWithin(v.entity(), table, start, end, v.hotKey());
                    return !t.isBefore(from) && t.isBefore(to);
                  });
      streams.add(read);
      sources.add(new UntilPeriodDropped<>(read.iterator(), store, view.hotTable().name()));
    }
    Iterator<IndexScan.Verified<E>> merged =
        KeyedMerge.of(
            sources,
            IndexScan.Verified::position,
            range.isBackward() ? Comparator.reverseOrder() : Comparator.naturalOrder());
    Stream<E> entities =
        StreamSupport.stream(
                Spliterators.spliteratorUnknownSize(
                    merged, Spliterator.ORDERED | Spliterator.NONNULL),
                false)
            .map(IndexScan.Verified::entity)
            .onClose(() -> streams.forEach(Stream::close));
    return limit == Long.MAX_VALUE ? entities : entities.limit(limit);
  }

  /**
   * A period table a window scan reads: its name, period and view.
   *
   * @param end the next period's start
   */
  private record PeriodSource<E, R extends SplitTableRepository<E>>(
      String table, Instant start, Instant end, R view) {
    /**
     * The entity of a hot row read from this table, its chunked values from this period's chunk
     * table; null if it was deleted meanwhile or its period dropped under the scan (as the hot rows
     * of a dropped table end there: {@link DroppedTablesReadEmpty}).
     */
    E read(Row hot) {
      try {
        return view.entityOfHotRow(hot).orElse(null);
      } catch (StoreException e) {
        if (e.kind() == ErrorKind.TABLE_NOT_FOUND) {
          return null;
        }
        throw e;
      }
    }
  }

  /**
   * The stored shard value of an entity read from the period table {@code table} of {@code [start,
   * end)}; a value outside that period is {@link ErrorKind#CORRUPT_DATA} ({@link
   * #outsideItsPeriod}), for every read of a period table alike: scans, index reads, point reads.
   */
  private Instant storedShardWithin(
      E entity, String table, Instant start, Instant end, PrimaryKey key) {
    Instant t = storedShardOf(entity, table, key);
    if (t.isBefore(start) || !t.isBefore(end)) {
      throw outsideItsPeriod(table, start, end, key, t);
    }
    return t;
  }

  /**
   * A row of a period table whose shard value lies outside the table's period: no write of this
   * repository stores one (each goes to its shard value's period), so the row is another writer's
   * or damaged, and reading it as a row of another period would file it under the wrong time.
   */
  private StoreException outsideItsPeriod(
      String table, Instant start, Instant end, PrimaryKey key, Instant shard) {
    return new StoreException(
        ErrorKind.CORRUPT_DATA,
        "row "
            + key
            + " of period table "
            + table
            + " holds "
            + shardField
            + " "
            + shard
            + ", outside the table's period ["
            + start
            + ", "
            + end
            + "): widekey writes a row only to the table of its shard value's period (another"
            + " writer, a restored backup, or damage)",
        false,
        null);
  }

  private volatile Executor prefetch = ReadAhead.executor();

  /**
   * Deletes the cold rows and chunk rows no hot row names that are older than {@code grace}, in the
   * cold and chunk tables of every existing period, as {@link SplitTableRepository#sweepColdRows}
   * does for one entity's tables (the same rules: a stopped write's rows, never an entity's), the
   * results added up. A period with a table that is not this entity's own ({@link #foreignTables})
   * is not swept, and a period dropped while it is swept (retention) ends its part of the sweep
   * there. Run it off-peak: it scans every cold and chunk table.
   *
   * <pre>{@code
   * ColdSweepResult swept = orders.sweepColdRows(Duration.ofHours(24));
   * }</pre>
   *
   * @param grace at least {@link ColdRows#MIN_SWEEP_GRACE}, and longer than the longest import
   *     ({@code putAll}) takes: a row younger than that may belong to a write still underway; and
   *     longer than {@link ColdRows#COMMIT_DEADLINE} plus the most this sweeper's clock runs ahead
   *     of any writer's
   * @return what the sweep found, over all periods; all zeros for an entity without cold or chunk
   *     tables
   */
  public ColdSweepResult sweepColdRows(Duration grace) {
    return sweepColdRows(ColdRows.requireSweepGrace(grace), System.currentTimeMillis());
  }

  /** {@link #sweepColdRows(Duration)} as at {@code nowMillis} on the sweeper's clock. */
  ColdSweepResult sweepColdRows(Duration grace, long nowMillis) {
    ColdSweepResult result = ColdSweepResult.NONE;
    if (tables.creationOrder().size() == 1) {
      return result; // the hot table alone: nothing a sweep reclaims
    }
    for (Instant start : listedPeriods()) {
      if (!foreignTablesOf(start).isEmpty()) {
        continue; // another's rows: never deleted
      }
      try {
        result = result.plus(periodRepository(start).sweepColdRows(grace, nowMillis));
      } catch (StoreException e) {
        if (e.kind() != ErrorKind.TABLE_NOT_FOUND) {
          throw e;
        }
        // dropped while swept (or its hot table dropped first): retention removes the rest
      }
    }
    return result;
  }

  /**
   * Sends the deletes of replaced rows queued by every repository of this process and waits for
   * them, as {@link SplitTableRepository#flushDeletes()}; call it before closing the store.
   */
  public void flushDeletes() {
    DeferredDeletes.flushAll();
  }

  /**
   * Reads the pages of a window scan's sources (every covered period table, and every bucket of a
   * {@code @Bucketed} key) ahead, in parallel, on {@code executor}; null reads them one after
   * another on the reading thread. By default on {@link ReadAhead#executor()}, as a plain
   * repository's bucketed scans ({@link SplitTableRepository#prefetchBucketPages}).
   */
  public void prefetchBucketPages(Executor executor) {
    this.prefetch = executor;
  }

  /**
   * The shard value of an entity read from row {@code key} of the period table {@code table}.
   * Stored bytes are not trusted: a row without one (another writer's; widekey writes none) is
   * {@link ErrorKind#CORRUPT_DATA} naming the table and row, as every other unreadable row is, not
   * the WK210 error a write without one gets.
   */
  private Instant storedShardOf(E entity, String table, PrimaryKey key) {
    try {
      return shardOf(entity);
    } catch (RuleViolationException e) {
      throw new StoreException(
          ErrorKind.CORRUPT_DATA,
          "row "
              + key
              + " of period table "
              + table
              + " holds no valid "
              + shardField
              + " (another writer, a restored backup, or damage): "
              + e.getMessage(),
          false,
          e);
    }
  }

  /**
   * Every entity whose shard value lies in {@code [from, to)}, in key order, hot columns only.
   * Reads every partition of the covered period tables; prefer the generated key scans.
   */
  public Stream<E> scanBetween(Instant from, Instant to) {
    return scan(ScanRange.all(hotTable.primaryKey().size()), from, to);
  }

  /** {@link #scanBetween}, greatest key first. */
  public Stream<E> scanBetweenDescending(Instant from, Instant to) {
    return scan(ScanRange.all(hotTable.primaryKey().size()), from, to, true);
  }

  /**
   * The periods past retention at {@code now}: all before the {@link #retain} latest, the current
   * one ({@code now}'s) included. Periods after now (created ahead) are kept.
   */
  public Instant oldestKept(Instant now) {
    return Periods.plus(period, now, -(retain - 1));
  }

  /** Drops the tables of the periods past retention at {@code now}, without archiving. */
  public List<String> enforceRetention(Instant now) {
    return enforceRetention(now, null);
  }

  /**
   * Drops the tables of the periods past retention at {@code now} minus the grace ({@link
   * #withGrace}), oldest first, each after {@code archive} (if not null) has taken its rows and
   * returned normally. Every such period is fenced first ({@link #FENCE_TABLE}) and the run waits
   * the fence settle time ({@link #withFenceSettle}) before archiving: from then on every writer
   * refuses the period ({@link PeriodFencedException}), and every write acknowledged before is in
   * the archive's scan. If the callback throws, that period's tables and all later ones are kept
   * and the exception propagates; the next call starts again from that period.
   *
   * <p>Only this entity's own tables are archived and dropped: a period with a table named like its
   * table but of another spec (another application's {@code orders_2025_12}) is left whole, neither
   * archived nor dropped, and the run goes on with the next period; {@link #foreignTables} lists
   * such tables.
   *
   * <pre>{@code
   * List<String> dropped = orders.enforceRetention(now, period -> copyToArchive(period.scan()));
   * }</pre>
   *
   * @return the dropped tables, oldest period first, each period's hot table, then its cold, chunk
   *     and index tables (if the entity has them)
   */
  public List<String> enforceRetention(Instant now, ArchiveCallback<E> archive) {
    // a grace behind now: writers refuse a period a grace before its end by their clocks, so
    // clocks a little apart meet the clock's refusal, not the fence
    Instant oldestKept = oldestKept(now.minus(grace));
    NavigableMap<Instant, String> hot = listed(hotTable.name());
    // periods found by any role's listing: a drop interrupted after the hot table is finished
    Set<Instant> expired = new TreeSet<>(listedPeriods().headSet(oldestKept, false));
    List<Instant> own = new ArrayList<>();
    for (Instant start : expired) {
      if (foreignTablesOf(start).isEmpty()) {
        own.add(start); // another's table is left alone, reported by foreignTables()
      }
    }
    fence(own);
    List<String> dropped = new ArrayList<>();
    for (Instant start : own) {
      R view = periodRepository(start);
      // the commit point first: once it is gone no row of the other tables is named
      List<String> tables = new ArrayList<>();
      byRole(tablesOf(start)).forEach(t -> tables.add(t.name()));
      boolean hasHot = hot.containsKey(start);
      if (archive != null) {
        archive.archive(
            new ExpiredPeriod<>(
                start,
                Periods.plus(period, start, 1),
                view.hotTable().name(),
                tables,
                () ->
                    hasHot
                        ? view.scan(
                            ScanRange.all(hotTable.primaryKey().size()),
                            tables().table(EntityTables.Role.COLD).isPresent())
                        : Stream.empty()));
      }
      for (String table : tables) {
        created.remove(table);
        store.deleteTable(table);
        dropped.add(table);
      }
      viewsByPeriod.remove(start);
    }
    removeStaleFences(now);
    return dropped;
  }

  /**
   * The start of the first period whose fence retention keeps at {@code now}: a fence of an earlier
   * period whose tables are gone, and which has stood for {@link #withFenceKeep the keep time}, is
   * removed. It is the period that a writer whose clock ran the keep time behind retention's (read
   * a grace behind, as retention reads it) would still keep, with this repository's retention or
   * write window, whichever reaches further back.
   */
  Instant oldestFenceKept(Instant now) {
    return Periods.plus(
        period, now.minus(grace).minus(fenceKeep), -Math.max(retain - 1L, (long) windowBack));
  }

  /**
   * Removes the fences of this entity's periods that no writer needs any more (see {@link
   * #withFenceKeep}): the period lies before {@link #oldestFenceKept}, none of its tables is
   * listed, and its fence row says it was set at least the keep time ago by this repository's
   * clock. A fence row without a readable time is kept; the delete is conditional on the time read,
   * so a fence set again meanwhile stays.
   */
  private void removeStaleFences(Instant now) {
    Instant before;
    long setBefore;
    try {
      before = oldestFenceKept(now);
      setBefore = Math.subtractExact(clock.millis(), fenceKeep.toMillis());
    } catch (ArithmeticException | java.time.DateTimeException e) {
      return; // kept longer than the clocks count (ChronoUnit.FOREVER): no fence stood so long
    }
    // this entity's fences only: keys from "<hot>_" up to, not including, "<hot>`" ('_' + 1)
    String base = hotTable.name();
    ScanRange mine =
        ScanRange.between(
            PrimaryKey.of(PkValue.ofString(base + "_")),
            PrimaryKey.of(PkValue.ofString(base + "`")));
    List<Row> stale = new ArrayList<>();
    Set<Instant> listed = null;
    try (Stream<Row> fences = store.scan(FENCE_TABLE, mine)) {
      for (Row fence : (Iterable<Row>) fences::iterator) {
        Instant start = Periods.periodOf(base, period, fence.key().get(0).asString()).orElse(null);
        AttrValue at = fence.get(FENCED_AT);
        if (start == null
            || !start.isBefore(before)
            || at == null
            || at.type() != AttrType.INTEGER
            || at.asLong() > setBefore) {
          continue;
        }
        if (listed == null) {
          listed = listedPeriods(); // listed once, and only if some fence is old enough
        }
        if (!listed.contains(start)) {
          stale.add(fence);
        }
      }
    } catch (StoreException e) {
      if (e.kind() == ErrorKind.TABLE_NOT_FOUND) {
        return; // no period was ever fenced on this store
      }
      throw e;
    }
    for (Row fence : stale) {
      try {
        store.delete(
            FENCE_TABLE, fence.key(), WriteCondition.columnEquals(FENCED_AT, fence.get(FENCED_AT)));
      } catch (StoreException e) {
        if (e.kind() != ErrorKind.CONDITION_FAILED) {
          throw e;
        }
        // fenced again (or removed by another run) since read: that fence stays
      }
    }
  }

  /**
   * Fences the periods starting at {@code starts}, then waits the fence settle time: a write that
   * found no fence and ended within the settle time of that read has landed before anything is
   * archived, and every later write finds the fence (before writing, or after it, and is then not
   * acknowledged).
   */
  private void fence(List<Instant> starts) {
    if (starts.isEmpty()) {
      return;
    }
    store.createTable(FENCE_TABLE_SPEC); // kept if it exists
    long at = clock.millis();
    for (Instant start : starts) {
      store.put(FENCE_TABLE, Row.of(fenceKey(start), Map.of(FENCED_AT, AttrValue.ofInteger(at))));
      unfencedSince.remove(start);
    }
    try {
      Thread.sleep(fenceSettle.toMillis(), (int) (fenceSettle.toNanosPart() % 1_000_000));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(
          "interrupted while fenced periods settle; nothing was archived or dropped", e);
    }
  }

  /**
   * The store window scans read period tables through: a table dropped while a scan reads it (a
   * retention run, here or in another process) ends that table's rows there, as if it held no more,
   * rather than failing the whole scan with {@link ErrorKind#TABLE_NOT_FOUND}. The scan goes on
   * with the other periods; of the dropped period it has returned the rows read before the drop,
   * which may be a part of them.
   */
  private static final class DroppedTablesReadEmpty extends ForwardingStore {
    DroppedTablesReadEmpty(WideTableStore delegate) {
      super(delegate);
    }

    private static boolean dropped(StoreException e) {
      return e.kind() == ErrorKind.TABLE_NOT_FOUND;
    }

    @Override
    public Stream<Row> scan(String table, ScanRange range) {
      Stream<Row> rows;
      try {
        rows = delegate.scan(table, range);
      } catch (StoreException e) {
        if (dropped(e)) {
          return Stream.empty();
        }
        throw e;
      }
      Spliterator<Row> inner = rows.spliterator();
      return StreamSupport.stream(new UntilDropped(inner), false).onClose(rows::close);
    }
  }

  /**
   * A period's part of a window read through an index, ended where retention dropped the period
   * under it, as {@link DroppedTablesReadEmpty} ends a window scan's: the index read meets the drop
   * in its index table or in its multi-get of hot rows, neither of which is a scan of the hot
   * table. A table missing while the period's hot table is still there (retention drops the hot
   * table first) is no drop, and fails the read.
   */
  private static final class UntilPeriodDropped<T> implements Iterator<T> {
    private final Iterator<T> items;
    private final WideTableStore store;
    private final String hotTable;
    private boolean ended;

    UntilPeriodDropped(Iterator<T> items, WideTableStore store, String hotTable) {
      this.items = items;
      this.store = store;
      this.hotTable = hotTable;
    }

    @Override
    public boolean hasNext() {
      if (ended) {
        return false;
      }
      try {
        return items.hasNext();
      } catch (StoreException e) {
        if (!DroppedTablesReadEmpty.dropped(e) || store.listTables(hotTable).contains(hotTable)) {
          throw e;
        }
        ended = true;
        return false;
      }
    }

    @Override
    public T next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return items.next();
    }
  }

  /** The rows of a scan up to the point its table was dropped, if it was. */
  private static final class UntilDropped implements Spliterator<Row> {
    private final Spliterator<Row> rows;
    private boolean ended;

    UntilDropped(Spliterator<Row> rows) {
      this.rows = rows;
    }

    @Override
    public boolean tryAdvance(Consumer<? super Row> action) {
      if (ended) {
        return false;
      }
      try {
        return rows.tryAdvance(action);
      } catch (StoreException e) {
        if (!DroppedTablesReadEmpty.dropped(e)) {
          throw e;
        }
        ended = true;
        return false;
      }
    }

    @Override
    public void forEachRemaining(Consumer<? super Row> action) {
      if (ended) {
        return;
      }
      try {
        rows.forEachRemaining(action); // no wrapper per row
      } catch (StoreException e) {
        if (!DroppedTablesReadEmpty.dropped(e)) {
          throw e;
        }
      }
      ended = true;
    }

    @Override
    public Spliterator<Row> trySplit() {
      return null;
    }

    @Override
    public long estimateSize() {
      return ended ? 0 : rows.estimateSize();
    }

    @Override
    public int characteristics() {
      return rows.characteristics() & (ORDERED | NONNULL);
    }
  }
}
