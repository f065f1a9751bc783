package dev.widekey.runtime.merge;

import dev.widekey.runtime.query.InvalidContinuationException;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.WideTableStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.Executor;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A k-way merge of ordered scans: N sources (ranges of one table or of several, on one store or
 * several) read back as one stream ordered by a caller's comparator over the <em>logical</em> key,
 * for example the stored key without its bucket prefix. Bucketed scans, time-sharded reads and
 * index reads all use this one merge. Immutable and thread-safe; every {@link #open()} is an
 * independent read.
 *
 * <ul>
 *   <li><b>Bounded memory.</b> Each source is read in pages of at most {@link #pageSize()} rows,
 *       each page a scan with that limit which is read and closed at once (the store is asked for
 *       one row more when a page continues, because ranges start inclusively at the last key read).
 *       A source holds at most one page, and no page asks for more rows than the merge's limit
 *       still allows.
 *   <li><b>Limit.</b> The merge ends after {@link #limit()} rows and closes every source.
 *   <li><b>Closing</b> the cursor or the stream drops every source's page; no source scan stays
 *       open between pages, so none is left behind, also when one failed.
 *   <li><b>Failures.</b> A retryable {@link dev.widekey.runtime.store.StoreException} of one source
 *       resumes that source's scan after the last key it read, with the {@link RetryPolicy}'s
 *       attempts and backoff (through {@link dev.widekey.runtime.retry.RetryingStore}), so no row
 *       is repeated or lost. A non-retryable one, or a retryable one past its retries, ends the
 *       merge with that typed error after closing every source.
 *   <li><b>Ties.</b> Rows whose logical keys compare equal come in source order (the lower index in
 *       the source list first); rows of one source come in its store order. So the merged order is
 *       total and the same on every run.
 *   <li><b>Resume.</b> {@link MergeCursor#position()} is the last row returned; {@link
 *       #openAfter(MergePosition)} over the same sources returns exactly the rows after it.
 * </ul>
 *
 * <p>Each source's store order must agree with the logical order (a source whose rows come out of
 * logical order breaks the merge order). Newest first: backward sources ({@link
 * dev.widekey.runtime.store.ScanRange#backward()}) merged by the reversed logical comparator; pages
 * and retries then continue below the last key read, and ties still come in source order. Pages are
 * read on the calling thread, one source after another, unless {@link #withPrefetch(Executor)}
 * reads them ahead in parallel.
 *
 * <pre>{@code
 * // 16 buckets "00".."15" in the first key column; the logical key is the rest
 * Comparator<PrimaryKey> logical = Comparator.comparing(k -> k.get(1));
 * List<MergeSource> buckets = ...; // one range per bucket, same logical bounds
 * try (Stream<Row> rows = MergedScan.of(buckets, logical).withLimit(1000).stream()) {
 *   rows.forEach(this::show);
 * }
 * // the same, greatest logical keys first
 * List<MergeSource> backward = buckets.stream()
 *     .map(b -> new MergeSource(b.store(), b.table(), b.range().backward())).toList();
 * MergedScan.of(backward, logical.reversed()).withLimit(20).stream();
 * }</pre>
 */
public final class MergedScan {
  /**
   * The most rows a page holds by default: a page of the embedded store, well under Tablestore's
   * 5,000.
   */
  public static final int DEFAULT_PAGE_SIZE = 500;

  /**
   * The rows all sources' pages hold together by default: with many sources a page is smaller
   * ({@link #defaultPageSize(int)}), so that the rows waiting to be merged stay in the processor's
   * cache: at 16 sources, pages of 500 rows kept 8,000 decoded rows alive and the merge spent its
   * time on cache misses.
   */
  public static final int DEFAULT_BUFFERED_ROWS = 2048;

  /** The least rows a page holds by default, however many sources: a page is a request. */
  public static final int MIN_DEFAULT_PAGE_SIZE = 64;

  /**
   * The default page size of a merge of {@code sources} sources: {@link #DEFAULT_BUFFERED_ROWS}
   * shared by the sources, within {@link #MIN_DEFAULT_PAGE_SIZE} and {@link #DEFAULT_PAGE_SIZE}
   * (500 for up to 4 sources, 128 for 16, 64 from 32 on).
   */
  public static int defaultPageSize(int sources) {
    return Math.max(
        MIN_DEFAULT_PAGE_SIZE,
        Math.min(DEFAULT_PAGE_SIZE, DEFAULT_BUFFERED_ROWS / Math.max(1, sources)));
  }

  private final List<MergeSource> sources;
  private final Comparator<PrimaryKey> logicalOrder;
  private final int pageSize;
  private final long limit;
  private final RetryPolicy retry;
  private final Executor prefetch;
  private final int parallelism;
  private final ToLongFunction<PrimaryKey> sortPrefix;

  private MergedScan(
      List<MergeSource> sources,
      Comparator<PrimaryKey> logicalOrder,
      int pageSize,
      long limit,
      RetryPolicy retry,
      Executor prefetch,
      int parallelism,
      ToLongFunction<PrimaryKey> sortPrefix) {
    this.sources = sources;
    this.parallelism = parallelism;
    this.sortPrefix = sortPrefix;
    this.logicalOrder = logicalOrder;
    this.pageSize = pageSize;
    this.limit = limit;
    this.retry = retry;
    this.prefetch = prefetch;
  }

  /**
   * A merge of {@code sources} in {@code logicalOrder}, with pages of {@link #defaultPageSize(int)}
   * rows, no limit and {@link RetryPolicy#defaults()}.
   */
  public static MergedScan of(List<MergeSource> sources, Comparator<PrimaryKey> logicalOrder) {
    List<MergeSource> copy = List.copyOf(sources);
    return new MergedScan(
        copy,
        Objects.requireNonNull(logicalOrder, "logicalOrder"),
        defaultPageSize(copy.size()),
        Long.MAX_VALUE,
        RetryPolicy.defaults(),
        null,
        copy.size(),
        null);
  }

  /** The same merge reading pages of at most {@code pageSize} rows per source. */
  public MergedScan withPageSize(int pageSize) {
    if (pageSize < 1) {
      throw new IllegalArgumentException("a page holds at least one row: " + pageSize);
    }
    return new MergedScan(
        sources, logicalOrder, pageSize, limit, retry, prefetch, parallelism, sortPrefix);
  }

  /** The same merge ending after {@code limit} rows. */
  public MergedScan withLimit(long limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("negative limit " + limit);
    }
    return new MergedScan(
        sources, logicalOrder, pageSize, limit, retry, prefetch, parallelism, sortPrefix);
  }

  /** The same merge retrying each source's retryable failures with {@code retry}. */
  public MergedScan withRetryPolicy(RetryPolicy retry) {
    return new MergedScan(
        sources,
        logicalOrder,
        pageSize,
        limit,
        Objects.requireNonNull(retry, "retry"),
        prefetch,
        parallelism,
        sortPrefix);
  }

  /**
   * The same merge reading each source's next page on {@code executor} while its current page is
   * merged: at most one page ahead per source, so a source holds at most two pages, and every
   * source may have a page being read. Closing the merge waits for the pages being read. Without it
   * (the default), a source's next page is read on the merge's thread when its current page runs
   * out.
   */
  public MergedScan withPrefetch(Executor executor) {
    return withPrefetch(executor, sources.size());
  }

  /**
   * {@link #withPrefetch(Executor, int)} with as many reads at once as the sources' stores gain
   * from: the least {@link WideTableStore#scanParallelism()} among them, and no more than there are
   * sources, the merge's own thread counted as one of them (it reads the pages it needs that no
   * task has started). So the executor runs one read fewer, and a merge over a store that gains
   * nothing from a second read (the embedded store on one processor) reads on its own thread only:
   * on two processors, a third reading thread only takes turns with the two and slows the merge.
   * What generated bucketed scans and time-sharded reads run.
   *
   * <pre>{@code merge.withReadAhead(ReadAhead.executor()).stream()}</pre>
   */
  public MergedScan withReadAhead(Executor executor) {
    Objects.requireNonNull(executor, "executor");
    int parallelism = Math.max(1, sources.size());
    for (MergeSource source : sources) {
      parallelism = Math.min(parallelism, source.store().scanParallelism());
    }
    if (parallelism <= 1) {
      return new MergedScan(sources, logicalOrder, pageSize, limit, retry, null, 1, sortPrefix);
    }
    return withPrefetch(executor, parallelism - 1);
  }

  /**
   * {@link #withPrefetch(Executor)} with at most {@code parallelism} pages being read on the
   * executor at a time (at least 1): for a store that reads on the caller's processor, such as the
   * embedded one, about the number of processors; for a networked store, where a page is a round
   * trip, the number of sources. Each of up to {@code parallelism} tasks on the executor reads
   * queued pages until none is left, so a busy merge does not wake a thread per page; and the
   * merge's own thread reads a page it needs that no task has started yet, rather than wait for one
   * to take it (so up to {@code parallelism + 1} pages are read at once). An executor that refuses
   * a task (shut down, full) leaves its pages to the merge's thread.
   *
   * <pre>{@code
   * ExecutorService pool = Executors.newFixedThreadPool(2);
   * merge.withPrefetch(pool, 2).stream().forEach(this::show);
   * }</pre>
   */
  public MergedScan withPrefetch(Executor executor, int parallelism) {
    if (parallelism < 1) {
      throw new IllegalArgumentException("at least one page is read at a time: " + parallelism);
    }
    return new MergedScan(
        sources,
        logicalOrder,
        pageSize,
        limit,
        retry,
        Objects.requireNonNull(executor, "executor"),
        parallelism,
        sortPrefix);
  }

  /**
   * The same merge with a sort prefix: a long per stored key that orders keys as {@code
   * logicalOrder} does wherever two prefixes differ ({@code order(a) < order(b)} implies {@code
   * prefix(a) <= prefix(b)}), such as the number a padded key starts with. It is computed once per
   * row, and the merge compares longs, calling the comparator only on equal prefixes: at 16 sources
   * the comparisons, each a pointer chase through two keys, are most of the merge's own work.
   */
  public MergedScan withSortPrefix(ToLongFunction<PrimaryKey> sortPrefix) {
    return new MergedScan(
        sources,
        logicalOrder,
        pageSize,
        limit,
        retry,
        prefetch,
        parallelism,
        Objects.requireNonNull(sortPrefix, "sortPrefix"));
  }

  public List<MergeSource> sources() {
    return sources;
  }

  public Comparator<PrimaryKey> logicalOrder() {
    return logicalOrder;
  }

  public int pageSize() {
    return pageSize;
  }

  public long limit() {
    return limit;
  }

  public RetryPolicy retryPolicy() {
    return retry;
  }

  /** The executor that reads pages ahead, if any. */
  public Optional<Executor> prefetch() {
    return Optional.ofNullable(prefetch);
  }

  /** The most pages read ahead at a time, with {@link #prefetch()}. */
  public int parallelism() {
    return parallelism;
  }

  /** The reader of one cursor's pages ahead, or null without prefetch. */
  private PageReader pageReader() {
    return prefetch == null ? null : new PageReader(prefetch, parallelism);
  }

  /** Starts the merge from the beginning of every source. */
  public MergeCursor open() {
    return new MergeCursor(
        remaining -> {
          PageReader reader = pageReader();
          List<SourcePages> pages = new ArrayList<>(sources.size());
          for (int i = 0; i < sources.size(); i++) {
            pages.add(
                new SourcePages(
                    i,
                    sources.get(i),
                    retry,
                    pageSize,
                    reader,
                    remaining,
                    null,
                    null,
                    null,
                    sortPrefix));
          }
          return pages;
        },
        logicalOrder,
        limit,
        null);
  }

  /**
   * Continues a merge over the same sources exactly after {@code position}: the rows that come
   * after it in merged order, ties included, up to this merge's limit. The position's own source
   * continues after its key; every other source starts at the position's logical key when it has a
   * {@link MergeSource#seek()} (a backward source: ends just above it; else at its start), and
   * skips its rows up to that logical key (and rows equal to it, if it comes before the position's
   * source). The cursor's {@link MergeCursor#position()} is {@code position} until it returns a
   * row, so an empty page keeps it.
   *
   * @throws InvalidContinuationException (WK309, {@link
   *     InvalidContinuationException.Reason#OTHER_QUERY OTHER_QUERY}) if no read of this merge
   *     returns the position: it names a source this merge does not have, or its key is not one
   *     that source's range holds (another width, column types other than the range's bounds have,
   *     a bound rather than a stored key, or outside the range); nothing is read. Column types that
   *     no bound of the source pins are not checked here
   */
  public MergeCursor openAfter(MergePosition position) {
    Objects.requireNonNull(position, "position");
    check(position);
    return new MergeCursor(
        remaining -> {
          PageReader reader = pageReader();
          List<SourcePages> pages = new ArrayList<>(sources.size());
          for (int i = 0; i < sources.size(); i++) {
            // a source with a limit of its own re-reads from its start, so the rows before the
            // position still count toward that limit; an unlimited one continues after its key
            MergeSource source = sources.get(i);
            boolean unlimited = source.range().limit() == Long.MAX_VALUE;
            boolean seek = i == position.source() && unlimited;
            PrimaryKey after = seek ? position.key() : null;
            // another source with a seek starts at the position's logical key, not at its start:
            // only the rows tied with the position are read and skipped
            PrimaryKey startAt =
                !seek && unlimited && source.seek() != null
                    ? startAt(source, source.seek().apply(position.key()))
                    : null;
            pages.add(
                new SourcePages(
                    i,
                    source,
                    retry,
                    pageSize,
                    reader,
                    remaining,
                    after,
                    after != null ? null : notAfter(i, position),
                    startAt,
                    sortPrefix));
          }
          return pages;
        },
        logicalOrder,
        limit,
        position);
  }

  /**
   * Refuses a position that no read of this merge returns, before anything is read: a position is a
   * caller's to give (its callers check a token's signature first, but this merge is public), and a
   * key of another merge would otherwise fail mid-read with an untyped comparison error, or
   * silently skip or repeat rows.
   */
  private void check(MergePosition position) {
    int index = position.source();
    if (index >= sources.size()) {
      String tables =
          String.join(", ", sources.stream().map(MergeSource::table).distinct().toList());
      throw new InvalidContinuationException(
          InvalidContinuationException.Reason.OTHER_QUERY,
          tables,
          "the position is in source "
              + index
              + ", a merge of "
              + sources.size()
              + (sources.size() == 1 ? " source" : " sources")
              + " has none such");
    }
    MergeSource source = sources.get(index);
    String where = "source " + index + " (table " + source.table() + ")";
    PrimaryKey key = position.key();
    PrimaryKey start = source.range().start();
    PrimaryKey end = source.range().end();
    if (key.size() != start.size()) {
      throw otherMerge(
          source,
          "its key has "
              + key.size()
              + (key.size() == 1 ? " column" : " columns")
              + ", the keys of "
              + where
              + " have "
              + start.size());
    }
    for (int i = 0; i < key.size(); i++) {
      PkValue v = key.get(i);
      if (v.isInfinite()) {
        throw otherMerge(
            source, "its key is not a stored key: column " + i + " is " + v + ", a range bound");
      }
      for (PkValue bound : List.of(start.get(i), end.get(i))) {
        if (!bound.isInfinite() && bound.type() != v.type()) {
          throw otherMerge(
              source,
              "column "
                  + i
                  + " of its key is "
                  + v.type()
                  + ", the range of "
                  + where
                  + " has "
                  + bound.type());
        }
      }
    }
    if (!source.range().contains(key)) {
      throw otherMerge(source, "its key " + key + " lies outside the range of " + where);
    }
  }

  private static InvalidContinuationException otherMerge(MergeSource source, String detail) {
    return new InvalidContinuationException(
        InvalidContinuationException.Reason.OTHER_QUERY, source.table(), detail);
  }

  /**
   * Where a resumed source starts, or null: at its range's start. Forward, {@code seek} (an
   * inclusive start) if it lies after the range's start. Backward, the least key above {@code seek}
   * (an exclusive end, so the row at {@code seek} itself is read and kept or skipped as a tie) if
   * it lies below the range's end.
   */
  private static PrimaryKey startAt(MergeSource source, PrimaryKey seek) {
    if (seek == null) {
      return null;
    }
    if (source.range().isBackward()) {
      PrimaryKey end = justAbove(seek);
      return end.compareTo(source.range().end()) < 0 ? end : null;
    }
    return seek.compareTo(source.range().start()) > 0 ? seek : null;
  }

  /**
   * The least key above {@code key} with the same columns: its last value's successor (a text with
   * a NUL appended, the next integer, bytes with a zero byte appended), or INF_MAX after the
   * greatest integer, which no key of that prefix exceeds.
   */
  static PrimaryKey justAbove(PrimaryKey key) {
    int last = key.size() - 1;
    PkValue v = key.get(last);
    if (v.isInfinite()) {
      return key;
    }
    PkValue next =
        switch (v.type()) {
          case STRING -> PkValue.ofString(v.asString() + '\0');
          case INTEGER ->
              v.asLong() == Long.MAX_VALUE ? PkValue.INF_MAX : PkValue.ofInteger(v.asLong() + 1);
          case BINARY ->
              PkValue.ofBinary(java.util.Arrays.copyOf(v.asBinary(), v.asBinary().length + 1));
        };
    List<PkValue> values = new ArrayList<>(key.values());
    values.set(last, next);
    return PrimaryKey.of(values);
  }

  /** The rows of source {@code index} that come before or at {@code position} in merged order. */
  private Predicate<Row> notAfter(int index, MergePosition position) {
    return row -> {
      int c = logicalOrder.compare(row.key(), position.key());
      if (c != 0) {
        return c < 0;
      }
      // a tie: before the position's source, at it up to its key, after it never
      return index < position.source()
          || (index == position.source()
              && !sources.get(index).range().isAfter(row.key(), position.key()));
    };
  }

  /** The merged rows as a stream; closing it closes the merge. */
  public Stream<Row> stream() {
    return stream(open());
  }

  /** The rows after {@code position} as a stream, as {@link #openAfter(MergePosition)}. */
  public Stream<Row> streamAfter(MergePosition position) {
    return stream(openAfter(position));
  }

  private static Stream<Row> stream(MergeCursor cursor) {
    return StreamSupport.stream(
            Spliterators.spliteratorUnknownSize(cursor, Spliterator.ORDERED | Spliterator.NONNULL),
            false)
        .onClose(cursor::close);
  }
}
