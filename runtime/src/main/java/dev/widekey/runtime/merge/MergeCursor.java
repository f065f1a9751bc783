package dev.widekey.runtime.merge;

import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
  private static final VarHandle REMAINING;

  static {
    try {
      REMAINING = MethodHandles.lookup().findVarHandle(MergeCursor.class, "remaining", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final List<SourcePages> sources;
  private final SourcePages[] byIndex;
  private final LoserTree<Row> heads;

  // rows the merge may still return; written on the merge's thread only, read by prefetching
  // pages on other threads with opaque access (no fence per row: a page read ahead sees a value at
  // least as recent as its submission, so it never asks for more than the merge allowed then)
  @SuppressWarnings("unused")
  private long remaining;

  private boolean started;
  private boolean closed;
  private boolean refill; // the top source returned its head: its next head is due
  private MergePosition start; // the position opened after, until a row is returned
  private int lastSource = -1; // the source of the last row returned, or -1
  private Row lastRow; // its key is decoded when a position is asked for, not per row

  /**
   * A cursor over the sources {@code open} makes; it gives them the rows the merge may still
   * return, so that no page asks for more.
   */
  MergeCursor(
      Function<LongSupplier, List<SourcePages>> open,
      Comparator<PrimaryKey> logicalOrder,
      long limit,
      MergePosition start) {
    this.start = start;
    REMAINING.setOpaque(this, limit);
    this.sources = List.copyOf(open.apply(() -> (long) REMAINING.getOpaque(this)));
    this.byIndex = sources.toArray(new SourcePages[0]);
    // equal logical keys: the lower source index first, so ties resolve the same way every time
    this.heads = new LoserTree<>(sources.size(), logicalOrder, Row::key);
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
          heads.set(s.index, head, head == null ? 0 : s.headPrefix());
        }
        heads.build();
      }
      if (refill) {
        refill = false;
        SourcePages s = byIndex[heads.winner()];
        Row head = s.head();
        heads.replaceWinner(head, head == null ? 0 : s.headPrefix());
      }
    } catch (RuntimeException e) {
      close();
      throw e;
    }
    if ((long) REMAINING.getOpaque(this) <= 0 || heads.isEmpty()) {
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
    SourcePages s = byIndex[heads.winner()];
    Row row = s.take();
    // the source's next head (maybe a new page) is read on the next hasNext(), so a failure
    // there loses no row
    refill = true;
    REMAINING.setOpaque(this, (long) REMAINING.getOpaque(this) - 1);
    lastSource = s.index;
    lastRow = row;
    return row;
  }

  /**
   * The index (in {@link MergedScan#sources()}) of the source the last row returned came from, or
   * -1 before the first row: for callers that read a row by its source's table, without a {@link
   * MergePosition} per row.
   *
   * <pre>{@code
   * Row row = rows.next();
   * String table = merge.sources().get(rows.lastSource()).table(); // where the row was read
   * }</pre>
   */
  public int lastSource() {
    return lastSource;
  }

  /**
   * The position of the last row returned: where a merge over the same sources continues. Before
   * the first row it is the position this cursor was opened after, or empty.
   */
  public Optional<MergePosition> position() {
    // built when asked, not per row
    return lastSource < 0
        ? Optional.ofNullable(start)
        : Optional.of(new MergePosition(lastSource, lastRow.key()));
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
