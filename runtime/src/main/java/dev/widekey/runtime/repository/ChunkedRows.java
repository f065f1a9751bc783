package dev.widekey.runtime.repository;

import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.WideTableStore;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.stream.Stream;

/**
 * The rows of a range read in chunks, each chunk one limited scan resumed after the last row of the
 * one before ({@link ScanRange#after}): the first as large as the reader says it needs, the next
 * ones doubling up to {@link #MAX_CHUNK}. An index read wants a page's worth of index rows and a
 * few more where some are stale; an unlimited scan would decode a whole store page (500 rows on the
 * embedded store) for a page of 10.
 */
final class ChunkedRows implements Iterator<Row> {
  /** The largest chunk: the most hot keys one verification batch reads. */
  static final int MAX_CHUNK = IndexScan.MAX_BATCH;

  private final WideTableStore store;
  private final String table;
  private final ScanRange range;
  private long chunk;
  private Iterator<Row> current = List.<Row>of().iterator();
  private PrimaryKey last;
  private boolean exhausted;

  /**
   * @param first the first chunk's rows (at least 1)
   */
  ChunkedRows(WideTableStore store, String table, ScanRange range, long first) {
    this.store = store;
    this.table = table;
    this.range = range.withLimit(Long.MAX_VALUE);
    this.chunk = Math.max(1, Math.min(MAX_CHUNK, first));
  }

  @Override
  public boolean hasNext() {
    while (!current.hasNext()) {
      if (exhausted) {
        return false;
      }
      ScanRange rest = last == null ? range : range.after(last);
      boolean holdsLast = last != null && rest.afterHoldsLast();
      long limit = chunk + (holdsLast ? 1 : 0);
      List<Row> rows;
      try (Stream<Row> read = store.scan(table, rest.withLimit(limit))) {
        rows = read.toList();
      }
      exhausted = rows.size() < limit;
      if (holdsLast && !rows.isEmpty() && !rest.isAfter(rows.get(0).key(), last)) {
        rows = rows.subList(1, rows.size()); // the last row of the chunk before
      }
      if (!rows.isEmpty()) {
        last = rows.get(rows.size() - 1).key();
      }
      current = rows.iterator();
      chunk = Math.min(MAX_CHUNK, chunk * 2);
    }
    return true;
  }

  @Override
  public Row next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    return current.next();
  }
}
