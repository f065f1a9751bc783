package dev.widekey.runtime.merge;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reads the next pages of one merge's sources on an executor, with at most {@code parallelism}
 * reads there at a time. A reading task takes page requests from one queue until it is empty, so a
 * busy merge does not hand a new task to the executor (and wake a thread) for every page: with one
 * task per page, at 16 sources and pages of 128 rows, the hand-offs cost about as much as reading
 * the pages. A merge that needs a page nobody has started reading reads it itself ({@link
 * PageRequest#readHereIfWaiting()}) rather than wait for a thread to wake up and take it.
 */
final class PageReader {
  private final Executor executor;
  private final int parallelism;
  private final ConcurrentLinkedDeque<PageRequest> due = new ConcurrentLinkedDeque<>();
  // reading tasks submitted and not yet finished; at most parallelism
  private final AtomicInteger active = new AtomicInteger();

  /** The next page of one source: read by whoever takes it first, a reading task or the merge. */
  static final class PageRequest extends CompletableFuture<SourcePages.Page> {
    private final SourcePages source;
    private final AtomicBoolean taken = new AtomicBoolean();

    private PageRequest(SourcePages source) {
      this.source = source;
    }

    /** Reads the page on this thread unless another one took it; whether this one did. */
    boolean readHereIfWaiting() {
      if (!taken.compareAndSet(false, true)) {
        return false;
      }
      try {
        complete(source.readPage());
      } catch (Throwable t) {
        completeExceptionally(t);
      }
      return true;
    }
  }

  PageReader(Executor executor, int parallelism) {
    this.executor = executor;
    this.parallelism = parallelism;
  }

  /** The next page of {@code source}, read on the executor (or by the merge, when it needs it). */
  PageRequest read(SourcePages source) {
    PageRequest page = new PageRequest(source);
    due.add(page);
    if (claimTask()) {
      try {
        executor.execute(this::drain);
      } catch (RejectedExecutionException rejected) {
        // an executor shut down or full: the merge's thread reads the page when it needs it
        active.decrementAndGet();
      }
    }
    return page;
  }

  /**
   * Reads, on the merge's thread, the queued page needed last (the newest request), if one is left;
   * whether it read one. The merge calls this while a page it needs is being read elsewhere: the
   * reading tasks take requests in the order the merge needs them, so waiting would leave the
   * merge's thread idle behind them.
   */
  boolean readNewest() {
    for (PageRequest r = due.pollLast(); r != null; r = due.pollLast()) {
      if (r.readHereIfWaiting()) {
        return true;
      }
    }
    return false;
  }

  /** Reads the queued pages nobody took until none is left. */
  private void drain() {
    do {
      for (PageRequest r = due.poll(); r != null; r = due.poll()) {
        r.readHereIfWaiting();
      }
      active.decrementAndGet();
      // a request queued after the last poll and before the decrement found no free task: take it
    } while (!due.isEmpty() && claimTask());
  }

  /** Takes a task slot if one is free. */
  private boolean claimTask() {
    for (int n = active.get(); n < parallelism; n = active.get()) {
      if (active.compareAndSet(n, n + 1)) {
        return true;
      }
    }
    return false;
  }
}
