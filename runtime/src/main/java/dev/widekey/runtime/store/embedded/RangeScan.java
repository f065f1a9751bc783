package dev.widekey.runtime.store.embedded;

import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.Row;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The rows of a scan, read page by page as they are consumed. Nothing is held between pages, so a
 * stream that is dropped without being closed leaks nothing.
 */
final class RangeScan implements Iterator<Row> {
  /** A row read and the partition it came from, which is charged when the row is returned. */
  record Hit(Row row, int partition) {}

  private final EmbeddedStore store;
  private final Table table;
  private final byte[] start;
  private final byte[] end;
  private final boolean backward;
  private final ColumnSelection columns;
  private long remaining;
  // where the next page starts: forward its inclusive start, backward its exclusive end; null once
  // the range is exhausted
  private byte[] next;
  private List<Hit> page = new ArrayList<>();
  private int position;

  RangeScan(
      EmbeddedStore store,
      Table table,
      byte[] start,
      byte[] end,
      ColumnSelection columns,
      long limit,
      boolean backward) {
    this.store = store;
    this.table = table;
    this.start = start;
    this.end = end;
    this.backward = backward;
    this.columns = columns;
    this.remaining = limit;
    this.next = backward ? end : start;
  }

  @Override
  public boolean hasNext() {
    while (remaining > 0 && position == page.size() && next != null) {
      page = new ArrayList<>();
      position = 0;
      int rows = (int) Math.min(table.pageRows, remaining);
      next =
          backward
              ? store.readPageBackward(table, start, next, columns, rows, page)
              : store.readPage(table, next, end, columns, rows, page);
    }
    return remaining > 0 && position < page.size();
  }

  @Override
  public Row next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    Hit hit = page.get(position);
    page.set(position++, null); // lets a consumed 2 MB row be collected before the page ends
    remaining--;
    table.partitions[hit.partition()].readRows.increment();
    return hit.row();
  }
}
