package dev.widekey.runtime.merge;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reads the next pages of one merge's sources on an executor, with at most {@code parallelism}
 * reads at a time. A reading task takes page requests from one queue until it is empty, so a busy
 * merge does not hand a new task to the executor (and wake a thread) for every page: with one task
 * per page, at 16 sources and pages of 128 rows, the hand-offs cost about as much as reading the
 * pages.
 */
final class PageReader {
  private final Executor executor;
  private final int parallelism;
  private final ConcurrentLinkedQueue<Request> due = new ConcurrentLinkedQueue<>();
  // reading tasks submitted and not yet finished; at most parallelism
  private final AtomicInteger active = new AtomicInteger();

  private record Request(SourcePages source, CompletableFuture<SourcePages.Page> page) {}

  PageReader(Executor executor, int parallelism) {
    this.executor = executor;
    this.parallelism = parallelism;
  }

  /** The next page of {@code source}, read on the executor; completed with its failure, if any. */
  CompletableFuture<SourcePages.Page> read(SourcePages source) {
    CompletableFuture<SourcePages.Page> page = new CompletableFuture<>();
    due.add(new Request(source, page));
    if (claimTask()) {
      try {
        executor.execute(this::drain);
      } catch (RuntimeException rejected) {
        active.decrementAndGet();
        due.removeIf(r -> r.page() == page);
        throw rejected;
      }
    }
    return page;
  }

  /** Reads the queued pages until none is left. */
  private void drain() {
    do {
      for (Request r = due.poll(); r != null; r = due.poll()) {
        try {
          r.page().complete(r.source().readPage());
        } catch (Throwable t) {
          r.page().completeExceptionally(t);
        }
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
