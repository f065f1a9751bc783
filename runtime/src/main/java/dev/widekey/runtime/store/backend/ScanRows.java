package dev.widekey.runtime.store.backend;

import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.Function;

/**
 * The rows of a scan as the caller reads them: pulled from the backend's cursor one at a time, each
 * counted as read when it is returned (as the embedded store counts), so a stream closed early
 * counts only what it returned.
 */
final class ScanRows implements Iterator<Row> {
  private final RowCursor cursor;
  private final ClientPartitionCounters counters;
  private final Function<Exception, StoreException> errors;
  private Row next;
  private boolean done;

  /**
   * @param errors maps a failure of the cursor (the client's exception) to the error to throw
   */
  ScanRows(
      RowCursor cursor,
      ClientPartitionCounters counters,
      Function<Exception, StoreException> errors) {
    this.cursor = cursor;
    this.counters = counters;
    this.errors = errors;
  }

  @Override
  public boolean hasNext() {
    if (next == null && !done) {
      try {
        next = cursor.next();
      } catch (Exception e) {
        throw errors.apply(e);
      }
      done = next == null;
    }
    return next != null;
  }

  @Override
  public Row next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    Row row = next;
    next = null;
    counters.read(row.key().get(0));
    return row;
  }
}
