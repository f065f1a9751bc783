package dev.widekey.runtime.repository;

import dev.widekey.annotations.ShardPeriod;
import dev.widekey.runtime.RuleViolationException;
import dev.widekey.runtime.key.KeyBuckets;
import dev.widekey.runtime.merge.MergeSource;
import dev.widekey.runtime.merge.MergedScan;
import dev.widekey.runtime.merge.ReadAhead;
import dev.widekey.runtime.shard.Periods;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.write.BulkWriteResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.stream.Stream;

/**
 * The base of generated time-sharded repositories ({@code FooShardedRepository}): one table (and
 * cold table) per period of the entity's shard field, named after the entity's tables plus the
 * period ({@code orders_2026_11}), each read and written through a view of the entity's generated
 * {@code FooRepository} over that period's tables.
 *
 * <ul>
 *   <li>A write goes to the period of the entity's shard value; the first write to a period creates
 *       its tables (known tables are remembered); {@link #createTablesAhead} creates the current
 *       and the next periods' tables beforehand. A null shard value is a {@code
 *       RuleViolationException} (WK210) and nothing is written.
 *   <li>A point read names the period by a shard value; a period without tables reads as empty.
 *   <li>A read over a time window {@code [from, to)} reads the existing tables of the periods the
 *       window covers, merges them in key order ({@link MergedScan}) and keeps the entities whose
 *       shard value lies in the window. Periods without tables are skipped. Any window can be asked
 *       for: one reaching before the year 0 or past 9999, where no table is named, covers the
 *       periods inside it ({@code scanBetween(Instant.MIN, Instant.MAX)} reads them all).
 *   <li>{@link #enforceRetention} drops the tables of periods older than the {@code retain} latest,
 *       after handing each period to an {@link ArchiveCallback}.
 * </ul>
 *
 * <p>"Now" is always a parameter, never read from a clock, so tests and batch jobs say which period
 * is current.
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
  private final TableSpec hotTable;
  private final TableSpec coldTable;
  private final ShardPeriod period;
  private final int retain;
  private final int ahead;
  private final BiFunction<TableSpec, TableSpec, R> views;
  private final Map<Instant, R> viewsByPeriod = new ConcurrentHashMap<>();
  private final Set<String> created = ConcurrentHashMap.newKeySet();

  /**
   * @param hotTable the entity's table spec; each period's table is it under the period's name
   * @param coldTable the entity's cold table spec, or {@code null}
   * @param retain periods kept, the current one included, at least 1
   * @param ahead periods {@link #createTablesAhead} creates after the current one, at least 0
   * @param views the entity's repository over a period's hot and cold table (cold may be null)
   */
  protected TimeShardedRepository(
      WideTableStore store,
      TableSpec hotTable,
      TableSpec coldTable,
      ShardPeriod period,
      int retain,
      int ahead,
      BiFunction<TableSpec, TableSpec, R> views) {
    this.store = Objects.requireNonNull(store, "store");
    this.hotTable = Objects.requireNonNull(hotTable, "hotTable");
    this.coldTable = coldTable;
    this.period = Objects.requireNonNull(period, "period");
    if (retain < 1 || ahead < 0) {
      throw new IllegalArgumentException("retain " + retain + " < 1 or ahead " + ahead + " < 0");
    }
    this.retain = retain;
    this.ahead = ahead;
    this.views = Objects.requireNonNull(views, "views");
  }

  /**
   * The instant of an entity's shard field.
   *
   * @throws dev.widekey.runtime.RuleViolationException (WK210) if it is null
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
   * one period.
   */
  public R periodRepository(Instant time) {
    return viewsByPeriod.computeIfAbsent(
        Periods.start(period, time),
        start ->
            views.apply(
                rename(hotTable, start), coldTable == null ? null : rename(coldTable, start)));
  }

  private TableSpec rename(TableSpec spec, Instant start) {
    return new TableSpec(
        Periods.tableName(spec.name(), period, start),
        spec.primaryKey(),
        spec.splitPoints(),
        spec.profile(),
        spec.ttlSeconds());
  }

  /** The period's repository, its tables created if this repository has not seen them yet. */
  private R writable(Instant time) {
    R view = periodRepository(time);
    String name = view.hotTable().name();
    if (!created.contains(name)) {
      view.createTables();
      created.add(name);
    }
    return view;
  }

  /**
   * Creates the tables of the period {@code time} falls in; existing tables are kept.
   *
   * @return the period's hot table
   */
  public String createTables(Instant time) {
    return writable(time).hotTable().name();
  }

  /**
   * Creates the tables of the current period and of the {@link #ahead} next ones, so that writes at
   * the turn of a period find their tables; existing tables are kept.
   *
   * @return the hot tables of those periods, oldest first
   */
  public List<String> createTablesAhead(Instant now) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i <= ahead; i++) {
      names.add(createTables(Periods.plus(period, now, i)));
    }
    return names;
  }

  /** The existing hot tables of this entity's periods, oldest first. */
  public List<String> periodTables() {
    return List.copyOf(existing(hotTable.name()).values());
  }

  /** The existing tables of {@code base}'s periods, by period start. */
  private NavigableMap<Instant, String> existing(String base) {
    NavigableMap<Instant, String> tables = new TreeMap<>();
    for (String name : store.listTables(base + "_")) {
      Periods.periodOf(base, period, name).ifPresent(start -> tables.put(start, name));
    }
    return tables;
  }

  /**
   * Writes an entity to the table of its shard value's period, creating the table on first use. As
   * {@link SplitTableRepository#put}.
   */
  public E put(E entity) {
    return writable(shardOf(entity)).put(entity);
  }

  /** Writes an entity to its period's table if no row with its key is stored there. */
  public E insert(E entity) {
    return writable(shardOf(entity)).insert(entity);
  }

  /** Writes an entity to its period's table if a row with its key is stored there. */
  public E update(E entity) {
    return writable(shardOf(entity)).update(entity);
  }

  /**
   * Writes many entities, each to its period's table, one bulk write per period. Every shard value
   * is checked before the first write, so a null one writes nothing.
   *
   * @return one result per period written, by hot table name, oldest first
   */
  public Map<String, BulkWriteResult> putAll(Collection<? extends E> entities) {
    Map<Instant, List<E>> byPeriod = new TreeMap<>();
    for (E entity : entities) {
      byPeriod
          .computeIfAbsent(Periods.start(period, shardOf(entity)), p -> new ArrayList<>())
          .add(entity);
    }
    Map<String, BulkWriteResult> results = new LinkedHashMap<>();
    for (Map.Entry<Instant, List<E>> e : byPeriod.entrySet()) {
      R view = writable(e.getKey());
      results.put(view.hotTable().name(), view.putAll(e.getValue()));
    }
    return results;
  }

  /**
   * Reads an entity by key from the period {@code shard} falls in; a period without tables reads as
   * empty, and so does a shard value outside the years 0 to 9999 (no table is named for it, so no
   * write could have stored the entity there).
   */
  protected Optional<E> find(PrimaryKey key, Instant shard, boolean withCold) {
    if (!Periods.named(shard)) {
      return Optional.empty(); // no period table is named for it, so none holds the entity
    }
    try {
      return periodRepository(shard).find(key, withCold);
    } catch (StoreException e) {
      if (e.kind() == ErrorKind.TABLE_NOT_FOUND) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /**
   * Deletes an entity by key from the period {@code shard} falls in, if any (none outside the years
   * 0 to 9999).
   */
  protected void remove(PrimaryKey key, Instant shard) {
    if (!Periods.named(shard)) {
      return; // no period table is named for it, so none holds the entity
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
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    if (!from.isBefore(to)) {
      return Stream.empty();
    }
    // a window reaching past the years period tables are named for covers the named ones in it
    Instant first = Periods.firstCovered(period, from).orElse(null);
    if (first == null || !first.isBefore(to)) {
      return Stream.empty();
    }
    List<MergeSource> sources = new ArrayList<>();
    for (String table : existing(hotTable.name()).subMap(first, true, to, false).values()) {
      for (int b = 0; b < ranges.size(); b++) {
        int bucket = b;
        ScanRange range = descending ? ranges.get(b).backward() : ranges.get(b);
        sources.add(
            buckets == null
                ? new MergeSource(store, table, range)
                : new MergeSource(store, table, range, k -> buckets.inBucket(k, bucket)));
      }
    }
    if (sources.isEmpty()) {
      return Stream.empty();
    }
    if (descending) {
      // the ascending stream reversed: a key stored in several periods comes latest period first
      // (the merge returns equal keys in source order)
      Collections.reverse(sources);
    }
    Stream<E> merged =
        periodRepository(first)
            .entitiesOfHotRows(
                MergedScan.of(sources, descending ? order.reversed() : order)
                    // the period tables are read in parallel, as a bucketed scan's buckets
                    .withReadAhead(ReadAhead.executor())
                    .stream());
    return merged.filter(
        e -> {
          Instant t = storedShardOf(e);
          return !t.isBefore(from) && t.isBefore(to);
        });
  }

  /**
   * The shard value of an entity read from a period table. Stored bytes are not trusted: a row
   * without one (another writer's; widekey writes none) is {@link ErrorKind#CORRUPT_DATA}, as every
   * other unreadable row is, not the WK210 error a write without one gets.
   */
  private Instant storedShardOf(E entity) {
    try {
      return shardOf(entity);
    } catch (RuleViolationException e) {
      throw new StoreException(
          ErrorKind.CORRUPT_DATA,
          "a row of the period tables of " + hotTable.name() + " cannot be read: " + e.getMessage(),
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
   * Drops the tables of the periods past retention at {@code now}, oldest first, each after {@code
   * archive} (if not null) has taken its rows and returned normally. If the callback throws, that
   * period's tables and all later ones are kept and the exception propagates; the next call starts
   * again from that period.
   *
   * <pre>{@code
   * List<String> dropped = orders.enforceRetention(now, period -> copyToArchive(period.scan()));
   * }</pre>
   *
   * @return the dropped tables, hot table then cold table, oldest period first
   */
  public List<String> enforceRetention(Instant now, ArchiveCallback<E> archive) {
    Instant oldestKept = oldestKept(now);
    NavigableMap<Instant, String> hot = existing(hotTable.name());
    Set<Instant> expired = new TreeSet<>(hot.headMap(oldestKept, false).keySet());
    if (coldTable != null) {
      expired.addAll(existing(coldTable.name()).headMap(oldestKept, false).keySet());
    }
    List<String> dropped = new ArrayList<>();
    for (Instant start : expired) {
      R view = periodRepository(start);
      List<String> tables = new ArrayList<>();
      tables.add(view.hotTable().name());
      view.coldTable().ifPresent(c -> tables.add(c.name()));
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
                        ? view.scan(ScanRange.all(hotTable.primaryKey().size()), coldTable != null)
                        : Stream.empty()));
      }
      for (String table : tables) {
        created.remove(table);
        store.deleteTable(table);
        dropped.add(table);
      }
    }
    return dropped;
  }
}
