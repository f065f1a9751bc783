package dev.widekey.store.tck.bench;

import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The store operations a write through the commit point cannot do without, and nothing else: the
 * benchmarks' {@code floor} contender. Given the rows the repository prepared and the tag of the
 * write it replaces (known, as a repository remembering every commit point knows it), a commit is
 * one atomic write of the hot row (the store's computed write where it offers one, else a put under
 * the condition the repository sends), and a replaced row is one delete, inline where the store is
 * in this process; where it is networked, deletes go in full batches from a thread of their own
 * while the writers go on, as the repository's deferred deletes do, and {@link #flush} sends the
 * rest and waits. No read, no retries, no bookkeeping, no check of what the store hands back: what
 * the design's own store work costs, against which a measured put's overhead shows.
 */
final class FloorWrites {
  private static final String TAG = SplitTableRepository.COLD_TAG;
  private static final ColumnSelection TAG_ONLY = ColumnSelection.of(TAG);

  private final WideTableStore store;
  private final boolean computes;
  private final int batchRows;
  private final ConcurrentLinkedQueue<WriteOp> deletes = new ConcurrentLinkedQueue<>();
  private final AtomicInteger queued = new AtomicInteger();
  private final ExecutorService sender =
      Executors.newSingleThreadExecutor(
          task -> {
            Thread thread = new Thread(task, "floor-deletes");
            thread.setDaemon(true);
            return thread;
          });
  private final List<Future<?>> sent = new CopyOnWriteArrayList<>();

  FloorWrites(WideTableStore store) {
    this.store = store;
    this.computes = store.computesRows();
    this.batchRows = Math.max(1, store.limits().maxBatchRows());
  }

  /** The tag a prepared hot row carries. */
  static long tagOf(Row hot) {
    return hot.get(TAG).asLong();
  }

  /**
   * Commits {@code hot} over the write tagged {@code replaced} (0: none). {@code exact}: the
   * condition the repository sends when the commit keeps another write's row ({@code
   * columnEquals}); else the cheaper {@code columnEqualsOrLeftover}.
   */
  void commit(String table, Row hot, long replaced, boolean exact) {
    if (computes) {
      store.computeRow(table, hot.key(), TAG_ONLY, stored -> hot);
      return;
    }
    AttrValue tag = AttrValue.ofInteger(replaced);
    WriteCondition condition =
        replaced == 0
            ? WriteCondition.rowAbsent()
            : exact
                ? WriteCondition.columnEquals(TAG, tag)
                : WriteCondition.columnEqualsOrLeftover(TAG, tag);
    store.put(table, hot, condition);
  }

  /** Deletes a replaced row: at once in this process, else in the next batch sent. */
  void delete(String table, PrimaryKey key) {
    if (computes) {
      store.delete(table, key);
      return;
    }
    deletes.add(WriteOp.delete(table, key));
    if (queued.incrementAndGet() % batchRows == 0) {
      sent.add(sender.submit(this::sendQueued));
    }
  }

  /** Sends the deletes still queued and waits for every batch; the sender stops. */
  void flush() throws Exception {
    sent.add(sender.submit(this::sendQueued));
    sender.shutdown();
    for (Future<?> batch : sent) {
      batch.get();
    }
  }

  /** Sends what is queued, in batches as large as the store takes. */
  private void sendQueued() {
    List<WriteOp> batch = new ArrayList<>(batchRows);
    for (WriteOp op = deletes.poll(); op != null; op = deletes.poll()) {
      batch.add(op);
      if (batch.size() == batchRows) {
        send(batch);
        batch.clear();
      }
    }
    if (!batch.isEmpty()) {
      send(batch);
    }
  }

  private void send(List<WriteOp> batch) {
    for (WriteOutcome outcome : store.batchWrite(List.copyOf(batch))) {
      if (!outcome.succeeded()) {
        throw new IllegalStateException("a floor delete failed: " + outcome);
      }
    }
  }
}
