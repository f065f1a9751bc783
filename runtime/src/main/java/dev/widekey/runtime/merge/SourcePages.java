package dev.widekey.runtime.merge;

import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.retry.RetryingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.WideTableStore;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The rows of one merge source, read one page at a time: each page is its own bounded scan (the
 * scan's limit is the page size), read to the end and closed before the merge goes on, so a source
 * holds at most one page and no open scan between pages. A page continues after the last key of the
 * one before; the store scan goes through a {@link RetryingStore}, which resumes after a retryable
 * failure at the last key it returned, so a failure never repeats or loses a row.
 */
final class SourcePages {
  final int index;
  private final MergeSource source;
  private final WideTableStore store;
  private final int pageSize;
  private final LongSupplier mergeRemaining;
  private final ArrayDeque<Row> page;
  private long sourceRemaining;
  private PrimaryKey lastFetched; // null until a row was read: the next page starts the range
  private Predicate<Row> skip; // rows before a resume position, dropped until the first kept
  private boolean exhausted;

  SourcePages(
      int index,
      MergeSource source,
      RetryPolicy retry,
      int pageSize,
      LongSupplier mergeRemaining,
      PrimaryKey startAfter,
      Predicate<Row> skip) {
    this.index = index;
    this.source = source;
    this.store = new RetryingStore(source.store(), retry);
    this.pageSize = pageSize;
    this.mergeRemaining = mergeRemaining;
    this.page = new ArrayDeque<>(Math.min(pageSize, 1024));
    this.sourceRemaining = source.range().limit();
    this.lastFetched = startAfter;
    this.skip = skip;
  }

  /** The next row of this source without taking it, or null when the source is done. */
  Row head() {
    while (page.isEmpty() && !exhausted) {
      fetchPage();
    }
    return page.peekFirst();
  }

  /** Takes the row {@link #head()} returned. */
  Row take() {
    return page.removeFirst();
  }

  /** Drops the buffered page; the source reads nothing more. */
  void close() {
    exhausted = true;
    page.clear();
  }

  private void fetchPage() {
    // never ask for more than the merge can still return, nor than the source's own limit
    long want = Math.min(pageSize, Math.min(sourceRemaining, mergeRemaining.getAsLong()));
    if (want <= 0) {
      exhausted = true;
      return;
    }
    ScanRange range = source.range().withLimit(want);
    if (lastFetched != null) {
      // the page starts at the last key read (ranges start inclusively): one more, skipped
      range = source.range().withStart(lastFetched).withLimit(want + 1);
    }
    long got = 0;
    boolean continued = lastFetched != null;
    try (Stream<Row> rows = store.scan(source.table(), range)) {
      Iterator<Row> it = rows.iterator();
      while (got < want && it.hasNext()) {
        Row row = it.next();
        if (continued) {
          if (row.key().compareTo(lastFetched) <= 0) {
            continue;
          }
          continued = false; // the rest come after it: no compare per row
        }
        got++;
        lastFetched = row.key();
        if (skip != null) {
          if (skip.test(row)) {
            continue;
          }
          skip = null; // the source is ordered: every later row is after the position too
        }
        page.addLast(row);
      }
    }
    sourceRemaining -= got;
    if (got < want || sourceRemaining == 0) {
      exhausted = true; // a short page is the range's end
    }
  }
}
