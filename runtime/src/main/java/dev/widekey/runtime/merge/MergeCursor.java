package dev.widekey.runtime.merge;

import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * An open {@link MergedScan}: the merged rows one by one, and the {@link MergePosition} of the last
 * one returned. Not thread-safe. Close it (try-with-resources) when not reading to the end; it
 * closes itself at the end, at the limit and on a failure.
 *
 * <pre>{@code
 * try (MergeCursor rows = merge.open()) {
 *   while (rows.hasNext()) { show(rows.next()); }
 *   Optional<MergePosition> resumeFrom = rows.position();
 * }
 * }</pre>
 *
 * <p>A failure (a non-retryable {@link dev.widekey.runtime.store.StoreException}, or a retryable
 * one whose retries are used up) is thrown from {@link #hasNext()} or {@link #next()} after every
 * source was closed; the rows returned before it and {@link #position()} stay valid.
 */
public final class MergeCursor implements Iterator<Row>, AutoCloseable {
  private final List<SourcePages> sources;
  private final HeadHeap heads;
  private volatile long remaining; // read by prefetching pages on other threads
  private boolean started;
  private boolean closed;
  private boolean refill; // the top source returned its head: its next head is due
  private MergePosition position;

  /**
   * A cursor over the sources {@code open} makes; it gives them the rows the merge may still
   * return, so that no page asks for more.
   */
  MergeCursor(
      Function<LongSupplier, List<SourcePages>> open,
      Comparator<PrimaryKey> logicalOrder,
      long limit,
      MergePosition start) {
    this.position = start;
    this.remaining = limit;
    this.sources = List.copyOf(open.apply(() -> remaining));
    // equal logical keys: the lower source index first, so ties resolve the same way every time
    this.heads = new HeadHeap(sources.size(), logicalOrder);
  }

  @Override
  public boolean hasNext() {
    if (closed) {
      return false;
    }
    try {
      if (!started) {
        started = true;
        for (SourcePages s : sources) {
          s.start();
        }
        for (SourcePages s : sources) {
          Row head = s.head();
          if (head != null) {
            heads.add(s.index, head);
          }
        }
      }
      if (refill) {
        refill = false;
        heads.replaceTop(sources.get(heads.topSource()).head());
      }
    } catch (RuntimeException e) {
      close();
      throw e;
    }
    if (remaining <= 0 || heads.isEmpty()) {
      close();
      return false;
    }
    return true;
  }

  @Override
  public Row next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    SourcePages s = sources.get(heads.topSource());
    Row row = s.take();
    // the source's next head (maybe a new page) is read on the next hasNext(), so a failure
    // there loses no row
    refill = true;
    remaining--;
    position = new MergePosition(s.index, row.key());
    return row;
  }

  /**
   * The position of the last row returned: where a merge over the same sources continues. Before
   * the first row it is the position this cursor was opened after, or empty.
   */
  public Optional<MergePosition> position() {
    return Optional.ofNullable(position);
  }

  /** Ends the merge: drops every source's buffered page. Closing twice does nothing. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    heads.clear();
    refill = false;
    for (SourcePages s : sources) {
      s.close();
    }
  }
}
