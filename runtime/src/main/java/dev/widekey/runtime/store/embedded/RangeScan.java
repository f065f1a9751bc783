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
  private final byte[] end;
  private final ColumnSelection columns;
  private long remaining;
  private byte[] next; // where the next page starts; null once the range is exhausted
  private List<Hit> page = new ArrayList<>();
  private int position;

  RangeScan(
      EmbeddedStore store,
      Table table,
      byte[] start,
      byte[] end,
      ColumnSelection columns,
      long limit) {
    this.store = store;
    this.table = table;
    this.end = end;
    this.columns = columns;
    this.remaining = limit;
    this.next = start;
  }

  @Override
  public boolean hasNext() {
    while (remaining > 0 && position == page.size() && next != null) {
      page = new ArrayList<>();
      position = 0;
      int rows = (int) Math.min(EmbeddedStore.PAGE_ROWS, remaining);
      next = store.readPage(table, next, end, columns, rows, page);
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
