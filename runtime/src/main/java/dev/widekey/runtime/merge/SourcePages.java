package dev.widekey.runtime.merge;

import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.retry.RetryingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoredKeyPrefix;
import dev.widekey.runtime.store.WideTableStore;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;

/**
 * The rows of one merge source, read one page at a time: each page is its own bounded scan (the
 * scan's limit is the page size), read to the end and closed before the merge goes on, so a source
 * holds at most one page (and one more being read ahead, with an executor) and no open scan between
 * pages. A page continues after the last key of the one before; the store scan goes through a
 * {@link RetryingStore}, which resumes after a retryable failure at the last key it returned, so a
 * failure never repeats or loses a row.
 */
final class SourcePages {
  final int index;
  private final MergeSource source;
  private final WideTableStore store;
  private final int pageSize;
  private final LongSupplier mergeRemaining;
  private final PageReader prefetch; // null: pages are read on the calling thread when due
  private Page page = Page.EMPTY;
  // the next page, being read on the executor; while it runs only its task touches the fields
  // below (the merge's thread waits for it before reading them again)
  private PageReader.PageRequest next;
  private long sourceRemaining;
  private PrimaryKey lastFetched; // null until a row was read: the next page starts the range
  private Predicate<Row> skip; // rows before a resume position, dropped until the first kept
  private final ToLongFunction<PrimaryKey> sortPrefix; // null: none
  // where the first page starts, or null: at the range's start; forward the page's inclusive
  // start, backward its exclusive end
  private final PrimaryKey startAt;
  private boolean exhausted;
  // set when the merge is closed: a page read ahead that has not started yet is not read
  private volatile boolean closed;

  SourcePages(
      int index,
      MergeSource source,
      RetryPolicy retry,
      int pageSize,
      PageReader prefetch,
      LongSupplier mergeRemaining,
      PrimaryKey startAfter,
      Predicate<Row> skip,
      PrimaryKey startAt,
      ToLongFunction<PrimaryKey> sortPrefix) {
    this.sortPrefix = sortPrefix;
    this.index = index;
    this.source = source;
    this.store = new RetryingStore(source.store(), retry);
    this.pageSize = pageSize;
    this.mergeRemaining = mergeRemaining;
    this.prefetch = prefetch;
    this.sourceRemaining = source.range().limit();
    this.lastFetched = startAfter;
    this.skip = skip;
    this.startAt = startAt;
  }

  /** The next row of this source without taking it, or null when the source is done. */
  Row head() {
    while (page.isEmpty() && (next != null || !exhausted)) {
      page = next != null ? awaitNext() : fetchPage();
      if (prefetch != null && !exhausted && !page.isEmpty()) {
        // one page ahead, no more: the next one starts when this one is in use
        next = prefetch.read(this);
      }
    }
    return page.head();
  }

  /** The sort prefix of {@link #head()}, computed when its page was read. */
  long headPrefix() {
    return page.headPrefix();
  }

  /** Takes the row {@link #head()} returned. */
  Row take() {
    return page.take();
  }

  /**
   * Drops the buffered page and waits for a page being read, so that no scan of this source is open
   * when the merge's close returns.
   */
  void close() {
    closed = true;
    PageReader.PageRequest pending = next;
    next = null;
    if (pending != null) {
      pending.readHereIfWaiting(); // not started: an empty page, as the merge is closed
      try {
        pending.join();
      } catch (RuntimeException ignored) {
        // the merge is closed: a failure of a page nobody will read is not news
      }
    }
    exhausted = true;
    page = Page.EMPTY;
  }

  /** Starts reading the first page on the executor, if there is one, so sources start together. */
  void start() {
    if (prefetch != null && next == null && page.isEmpty() && !exhausted) {
      next = prefetch.read(this);
    }
  }

  private Page awaitNext() {
    PageReader.PageRequest pending = next;
    next = null;
    // a page no reading task has taken yet is read here: no waiting for a thread to wake up
    if (!pending.readHereIfWaiting()) {
      while (!pending.isDone() && prefetch.readNewest()) {
        // read a page needed later while this one is read elsewhere
      }
    }
    return ReadAhead.joined(pending); // the store's own typed error, as on this thread
  }

  /** The next page, read ahead by the {@link PageReader}: empty once the merge is closed. */
  Page readPage() {
    return closed ? new Page(0, sortPrefix) : fetchPage();
  }

  /** Reads the next page; an empty one when the source has no more rows. */
  private Page fetchPage() {
    Page out = new Page((int) Math.min(pageSize, Math.max(0, want0())), sortPrefix);
    // never ask for more than the merge can still return, nor than the source's own limit
    long want = Math.min(pageSize, Math.min(sourceRemaining, mergeRemaining.getAsLong()));
    if (want <= 0) {
      exhausted = true;
      return out;
    }
    ScanRange range = source.range().withLimit(want);
    if (lastFetched == null && startAt != null) {
      ScanRange from =
          source.range().isBackward()
              ? source.range().withEnd(startAt)
              : source.range().withStart(startAt);
      range = from.withLimit(want);
    }
    if (lastFetched != null) {
      // forward, the page starts at the last key read (ranges start inclusively): one more,
      // skipped; backward, the page ends below it (ranges end exclusively)
      ScanRange rest = source.range().after(lastFetched);
      range = rest.withLimit(rest.afterHoldsLast() ? want + 1 : want);
    }
    PageFill fill = new PageFill(out, want, lastFetched != null);
    try (Stream<Row> rows = store.scan(source.table(), range)) {
      // pushed row by row into the page: no iterator adapter between the store and the page
      rows.spliterator().forEachRemaining(fill);
    }
    if (fill.last != null) {
      lastFetched = fill.last.key(); // once per page: a stored row's key is decoded for it alone
    }
    sourceRemaining -= fill.got;
    if (fill.got < want || sourceRemaining == 0) {
      exhausted = true; // a short page is the range's end
    }
    return out;
  }

  /** Takes the rows of one page's scan into the page; the scan's limit ends it. */
  private final class PageFill implements Consumer<Row> {
    private final Page out;
    private final long want;
    private boolean continued; // the page repeats the last key read first: skip up to it
    long got;
    Row last; // the last row read, whose key the next page continues after

    PageFill(Page out, long want, boolean continued) {
      this.out = out;
      this.want = want;
      this.continued = continued;
    }

    @Override
    public void accept(Row row) {
      if (got == want) {
        return; // the extra row of a continued page that held no repeat
      }
      if (continued) {
        if (!source.range().isAfter(row.key(), lastFetched)) {
          return;
        }
        continued = false; // the rest come after it: no compare per row
      }
      got++;
      last = row;
      if (skip != null) {
        if (skip.test(row)) {
          return;
        }
        skip = null; // the source is ordered: every later row is after the position too
      }
      out.add(row);
    }
  }

  /** Rows the next page asks for, as {@link #fetchPage()} computes it. */
  private long want0() {
    return Math.min(pageSize, Math.min(sourceRemaining, mergeRemaining.getAsLong()));
  }

  /**
   * One page: its rows in an array, and each row's sort prefix computed while the page is read (the
   * row just decoded, in cache), so the merge compares longs in a compact array and touches a row
   * only to return it.
   */
  static final class Page {
    static final Page EMPTY = new Page(0, null);

    private Row[] rows;
    private long[] prefixes;
    private final ToLongFunction<PrimaryKey> sortPrefix;
    private int size;
    private int position;

    Page(int capacity, ToLongFunction<PrimaryKey> sortPrefix) {
      this.rows = new Row[capacity];
      this.prefixes = new long[capacity];
      this.sortPrefix = sortPrefix;
    }

    void add(Row row) {
      if (size == rows.length) {
        rows = java.util.Arrays.copyOf(rows, Math.max(8, 2 * size));
        prefixes = java.util.Arrays.copyOf(prefixes, rows.length);
      }
      prefixes[size] = prefixOf(row);
      rows[size++] = row;
    }

    private long prefixOf(Row row) {
      if (sortPrefix == null) {
        return 0;
      }
      // from the stored bytes when the store kept them: the key is not decoded to be merged
      return sortPrefix instanceof StoredKeyPrefix stored
          ? stored.ofRow(row)
          : sortPrefix.applyAsLong(row.key());
    }

    boolean isEmpty() {
      return position == size;
    }

    Row head() {
      return position < size ? rows[position] : null;
    }

    long headPrefix() {
      return prefixes[position];
    }

    Row take() {
      Row row = rows[position];
      rows[position++] = null; // returned: the page no longer holds it
      return row;
    }
  }
}
