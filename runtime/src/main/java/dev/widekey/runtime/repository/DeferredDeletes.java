package dev.widekey.runtime.repository;

import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The deletes of rows a commit replaced (the cold and chunk rows of the write before it), sent off
 * the writer's path in batches, one queue per store. After its commit, nothing reads such a row: no
 * hot row names its tag, and no other write can reach its key. So when it is deleted changes
 * nothing a reader sees, and a networked store's writer need not wait a round trip for it; batched,
 * the deletes of many writes cost the store one call.
 *
 * <p>Bounded: past {@link #MAX_QUEUED} queued deletes a writer sends its own at once, so a store
 * slower than its writers slows them rather than filling the heap. A delete that fails, or that a
 * stopped process never sends, leaves garbage that {@link SplitTableRepository#sweepColdRows}
 * removes; {@link #flush()} sends what is queued, for a process about to close its store.
 */
final class DeferredDeletes {
  /** Deletes queued at most before writers send theirs themselves. */
  static final int MAX_QUEUED = 16_384;

  /** How long a drain waits for more deletes before it sends a batch that is not full. */
  static final long LINGER_MILLIS = 10;

  private static final Map<WideTableStore, DeferredDeletes> BY_STORE = new WeakHashMap<>();

  // weak: an idle queue, the map's value, must not keep its key alive (see pinned for a busy one)
  private final WeakReference<WideTableStore> store;
  private final Executor executor;
  private final int batchRows;
  private final ConcurrentLinkedQueue<WriteOp> queue = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean draining = new AtomicBoolean();
  private final Object sent = new Object();

  /** Deletes queued and not yet answered; guarded by {@link #sent}. */
  private long outstanding;

  /**
   * The store while deletes are outstanding; guarded by {@link #sent}. A store an application wraps
   * per repository (metrics, retries) may be dropped right after its last write: its queued deletes
   * keep it, and so their place in {@link #flushAll}, until they are sent.
   */
  private WideTableStore pinned;

  DeferredDeletes(WideTableStore store, Executor executor) {
    this.store = new WeakReference<>(store);
    this.executor = executor;
    this.batchRows = Math.max(1, store.limits().maxBatchRows());
  }

  /** The queue of a store, shared by every repository on it. */
  static DeferredDeletes of(WideTableStore store) {
    synchronized (BY_STORE) {
      return BY_STORE.computeIfAbsent(store, s -> new DeferredDeletes(s, drainer()));
    }
  }

  /**
   * One daemon thread per queue, gone when idle: a drain waits ({@link #LINGER_MILLIS}) and must
   * never run on a writer's thread, as a shared pool that runs tasks on the caller when full would.
   */
  private static Executor drainer() {
    return new ThreadPoolExecutor(
        0,
        1,
        30,
        TimeUnit.SECONDS,
        new LinkedBlockingQueue<>(),
        task -> {
          Thread t = new Thread(task, "widekey-deferred-deletes");
          // never keeps an application from ending: what is left unsent, the sweep takes
          t.setDaemon(true);
          return t;
        });
  }

  /**
   * Sends what is queued on every store of this process and waits for it: a store wrapped in
   * another (retries, metrics) has a queue of its own, and a process closing its stores wants all.
   */
  static void flushAll() {
    List<DeferredDeletes> all;
    synchronized (BY_STORE) {
      all = new ArrayList<>(BY_STORE.values());
    }
    for (DeferredDeletes deletes : all) {
      deletes.flush();
    }
  }

  /** Deletes {@code ops} later, or now if the queue is full. */
  void delete(List<WriteOp> ops) {
    if (ops.isEmpty()) {
      return;
    }
    synchronized (sent) {
      if (outstanding + ops.size() > MAX_QUEUED) {
        ops = List.copyOf(ops); // sent below, outside the lock
      } else {
        if (outstanding == 0) {
          pinned = store.get();
        }
        outstanding += ops.size();
        queue.addAll(ops);
        ops = null;
      }
    }
    if (ops != null) {
      sendQuietly(ops);
      return;
    }
    if (draining.compareAndSet(false, true)) {
      executor.execute(this::drain);
    }
  }

  /** Sends every delete queued so far and waits for their answers. */
  void flush() {
    drainHere();
    synchronized (sent) {
      while (outstanding > 0) {
        try {
          sent.wait(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return; // what is left stays garbage for the sweep
        }
        drainHere();
      }
    }
  }

  private void drain() {
    try {
      if (queue.size() < batchRows) {
        // nobody waits for these deletes: gather those of the writes of the next moment into
        // the same call (at one writer, a call per write otherwise)
        try {
          Thread.sleep(LINGER_MILLIS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      drainHere();
    } finally {
      draining.set(false);
    }
    if (!queue.isEmpty() && draining.compareAndSet(false, true)) {
      executor.execute(this::drain); // queued after this drain looked
    }
  }

  private void drainHere() {
    List<WriteOp> batch = new ArrayList<>(batchRows);
    for (WriteOp op = queue.poll(); op != null; op = queue.poll()) {
      batch.add(op);
      if (batch.size() == batchRows) {
        sendAndCount(batch);
        batch = new ArrayList<>(batchRows);
      }
    }
    if (!batch.isEmpty()) {
      sendAndCount(batch);
    }
  }

  private void sendAndCount(List<WriteOp> batch) {
    try {
      sendQuietly(batch);
    } finally {
      synchronized (sent) {
        outstanding -= batch.size();
        if (outstanding == 0) {
          pinned = null;
        }
        sent.notifyAll();
      }
    }
  }

  private void sendQuietly(List<WriteOp> batch) {
    WideTableStore to = store.get();
    if (to == null) {
      return;
    }
    try {
      to.batchWrite(batch); // a failed delete leaves garbage for the sweep; nothing reads it
    } catch (StoreException | IllegalStateException e) {
      // the same: garbage, never read
    }
  }
}
