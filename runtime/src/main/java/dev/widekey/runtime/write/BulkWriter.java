package dev.widekey.runtime.write;

import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.StoreLimits;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Spliterator;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Imports many rows into a {@link WideTableStore} the way the stores want it (rules WK302–WK304):
 * input shuffled so that writes spread over the partitions instead of walking them one at a time,
 * batches bounded by the store's row and byte limits, several workers writing in parallel, and
 * retryable per-row failures retried with the {@link RetryPolicy}'s exponential, randomized
 * backoff.
 *
 * <h2>Guarantees</h2>
 *
 * <ul>
 *   <li><b>Every input operation is accounted for</b>: the {@link BulkWriteResult} counts it
 *       acknowledged or failed, and each failure carries its typed {@link StoreException}
 *       (successes are only counted, so memory does not grow with the input).
 *   <li><b>Bounded memory and backpressure</b>: at most {@link Builder#window(int)} operations are
 *       read and unfinished at a time; reading the input waits while the window is full. The input
 *       is never materialized.
 *   <li><b>The later operation on a key wins</b>: operations on the same table and key are applied
 *       one after another in input order; the next is sent only once the one before is finished
 *       (acknowledged, or failed for good). So a retried ambiguous write (applied, but the caller
 *       saw a timeout) is finished before a newer write of its key is sent, and cannot overwrite
 *       it. (A store that applies a timed-out request late, after the client has moved on, is
 *       outside what any client can order.)
 *   <li><b>Groups</b>: the operations of a {@link WriteGroup} are applied in order, each sent only
 *       after the one before was acknowledged; after a failure the rest are not sent and are
 *       reported failed. Split-table repositories write an entity as a group, cold-table put first,
 *       so a hot row never points at a missing cold row.
 * </ul>
 *
 * <h2>Backoff</h2>
 *
 * A failed operation waits its own backoff before it is sent again. A worker whose batch was
 * throttled ({@link ErrorKind#THROTTLED}) also waits a backoff before its next batch, growing while
 * its batches stay throttled, so that the whole import slows down when the store asks it to,
 * instead of piling retries onto a saturated partition.
 *
 * <h2>Shuffling</h2>
 *
 * Workers take the operations of their next batch at random among those in the window, so writes
 * from anywhere in the window go out together. A window cannot spread an input that is sorted by
 * key over more of the key range than the window holds; for a splittable sorted {@link Stream} (a
 * list, a range), {@link Builder#splitInput(int)} reads the stream as that many pieces at once,
 * which spreads it over the whole key range with the same bounded memory.
 *
 * <pre>{@code
 * BulkWriter writer = BulkWriter.builder(store)
 *     .workers(8)
 *     .retryPolicy(RetryPolicy.builder().maxAttempts(10).build())
 *     .progress(p -> log.info("{} written, {} failed", p.acknowledged(), p.failed()))
 *     .build();
 *
 * // plain rows
 * BulkWriteResult r = writer.write(events.stream().map(e -> WriteOp.put("events", toRow(e))));
 *
 * // split-table entities: the cold row is acknowledged before the hot row is sent
 * BulkWriteResult r2 = writer.writeGroups(orders.stream().map(o -> WriteGroup.of(
 *     WriteOp.put("orders_cold", coldRow(o)), WriteOp.put("orders", hotRow(o)))));
 * if (!r2.allAcknowledged()) { r2.failures().forEach(f -> log.warn("{}", f)); }
 * }</pre>
 *
 * <p>A writer is immutable and may run several imports, one after another or at once; each {@code
 * write} call runs its own worker threads and returns when the import is finished.
 */
public final class BulkWriter {
  /** Longest single idle wait of a worker, so that new input is not left waiting long. */
  private static final long IDLE_SLICE_NANOS = 5_000_000L;

  private final WideTableStore store;
  private final int workers;
  private final RetryPolicy policy;
  private final int maxBatchRows;
  private final long maxBatchBytes;
  private final int window;
  private final int splitInput;
  private final Long seed;
  private final Consumer<BulkWriteProgress> progress;
  private final Consumer<BulkWriteFailure> failureListener;
  private final int maxRecordedFailures;
  private final Duration deadline;

  private BulkWriter(Builder b) {
    StoreLimits limits = b.store.limits();
    this.store = b.store;
    this.workers = b.workers;
    this.policy = b.policy;
    this.maxBatchRows = Math.max(1, Math.min(b.maxBatchRows, limits.maxBatchRows()));
    this.maxBatchBytes = Math.max(1, Math.min(b.maxBatchBytes, limits.maxBatchBytes()));
    this.window = b.window > 0 ? b.window : workers * maxBatchRows * 8;
    this.splitInput = b.splitInput;
    this.seed = b.seed;
    this.progress = b.progress;
    this.failureListener = b.failureListener;
    this.maxRecordedFailures = b.maxRecordedFailures;
    this.deadline = b.deadline;
  }

  /** A builder writing to {@code store}. */
  public static Builder builder(WideTableStore store) {
    return new Builder(store);
  }

  /** A writer with the defaults of {@link Builder}. */
  public static BulkWriter of(WideTableStore store) {
    return builder(store).build();
  }

  /** The largest number of operations in one batch: the builder's, within the store's limit. */
  public int maxBatchRows() {
    return maxBatchRows;
  }

  /** The largest number of bytes in one batch: the builder's, within the store's limit. */
  public long maxBatchBytes() {
    return maxBatchBytes;
  }

  /** The largest number of operations read and not yet finished. */
  public int window() {
    return window;
  }

  /**
   * Writes the operations of an iterator, read in order on the calling thread (so an iterator bound
   * to it, such as a database cursor, works).
   *
   * @throws BulkWriteException if the iterator or a listener throws, or the thread is interrupted
   */
  public BulkWriteResult write(Iterator<? extends WriteOp> ops) {
    return run(new IteratorSource<>(ops), List::of);
  }

  /**
   * Writes the operations of a stream; with {@link Builder#splitInput(int)} the stream is read as
   * several pieces at once. The stream is not closed.
   *
   * @throws BulkWriteException if the stream or a listener throws, or the thread is interrupted
   */
  public BulkWriteResult write(Stream<? extends WriteOp> ops) {
    return run(source(ops), List::of);
  }

  /**
   * Writes groups of dependent operations read from an iterator, as {@link #write(Iterator)}.
   *
   * @throws BulkWriteException if the iterator or a listener throws, or the thread is interrupted
   */
  public BulkWriteResult writeGroups(Iterator<WriteGroup> groups) {
    return run(new IteratorSource<>(groups), WriteGroup::ops);
  }

  /**
   * Writes groups of dependent operations read from a stream, as {@link #write(Stream)}.
   *
   * @throws BulkWriteException if the stream or a listener throws, or the thread is interrupted
   */
  public BulkWriteResult writeGroups(Stream<WriteGroup> groups) {
    return run(source(groups), WriteGroup::ops);
  }

  private <T> Source<T> source(Stream<? extends T> stream) {
    if (splitInput > 1) {
      // a sequential pipeline's spliterator never splits; a parallel one splits its source.
      // It is still consumed here, on this thread, one element at a time.
      @SuppressWarnings("unchecked") // a stream of a subtype is read only
      Spliterator<T> sp = (Spliterator<T>) stream.parallel().spliterator();
      return new SplitSource<>(
          sp, splitInput, seed == null ? new Random() : new Random(seed ^ 0x5DEECE66DL));
    }
    @SuppressWarnings("unchecked") // a stream of a subtype is read only
    Iterator<T> it = (Iterator<T>) stream.iterator();
    return new IteratorSource<>(it);
  }

  private <T> BulkWriteResult run(Source<T> source, Function<? super T, List<WriteOp>> opsOf) {
    Run run = new Run();
    List<Thread> threads = new ArrayList<>(workers);
    for (int i = 0; i < workers; i++) {
      Thread t = new Thread(run::work, "widekey-bulk-writer-" + i);
      t.setDaemon(true);
      threads.add(t);
    }
    threads.forEach(Thread::start);
    Throwable stop = null;
    try {
      while (source.advance()) {
        T element = source.current();
        Objects.requireNonNull(element, "an input element is null");
        run.admit(source.position(), opsOf.apply(element));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      run.abort(e);
      stop = e;
    } catch (RuntimeException | Error e) {
      stop = e; // the input failed: finish what was read, then report
    } finally {
      run.inputDone();
    }
    boolean interrupted = false;
    for (Thread t : threads) {
      while (true) {
        try {
          t.join();
          break;
        } catch (InterruptedException e) {
          interrupted = true;
          run.abort(e);
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    run.notifyFailures();
    BulkWriteResult result = run.result();
    run.reportProgress();
    Throwable cause = run.abortCause();
    if (cause != null && (stop == null || stop instanceof BulkWriteStopped)) {
      stop = cause;
    }
    if (stop != null) {
      throw new BulkWriteException(
          "the bulk import stopped after "
              + result.total()
              + " operations ("
              + result.acknowledged()
              + " acknowledged, "
              + result.failed()
              + " failed): "
              + stop,
          stop,
          result);
    }
    return result;
  }

  /** Thrown into the reader when the run was aborted; replaced by the abort's cause. */
  private static final class BulkWriteStopped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BulkWriteStopped() {
      super("the import was aborted", null, false, false);
    }
  }

  private record TableKey(String table, PrimaryKey key) {}

  /** One input operation and its scheduling state; guarded by the run's lock. */
  private static final class Task {
    final WriteOp op;
    final TableKey key;
    final long bytes;
    final long position;
    final int indexInGroup;
    final long seq;
    Task groupNext; // the next operation of the group, sent once this one is acknowledged
    Task keyNext; // the next operation on the same key, sent once this one is finished
    int pending; // unfinished predecessors (group and key)
    StoreException groupFailure; // set when an earlier operation of the group failed
    StoreException finalError; // set when finishing with a failure
    int attempts;
    long firstSentNanos;
    long notBefore;

    Task(WriteOp op, long bytes, long position, int indexInGroup, long seq) {
      this.op = op;
      this.key = new TableKey(op.table(), op.key());
      this.bytes = bytes;
      this.position = position;
      this.indexInGroup = indexInGroup;
      this.seq = seq;
    }
  }

  /** The state of one import. */
  private final class Run {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Object listenerLock = new Object();
    private final RetryPolicy.Clock clock = policy.clock();
    private final Random random = seed == null ? new Random() : new Random(seed);
    private final long startNanos = clock.nanoTime();
    private final long startWall = System.nanoTime();
    private final long deadlineNanos = deadline == null ? Long.MAX_VALUE : deadline.toNanos();

    private final ArrayList<Task> ready = new ArrayList<>();
    private final PriorityQueue<Task> delayed =
        new PriorityQueue<>(
            Comparator.comparingLong((Task t) -> t.notBefore).thenComparingLong(t -> t.seq));
    private final HashMap<TableKey, Task> tails = new HashMap<>();
    private final List<BulkWriteFailure> recorded = new ArrayList<>();
    private final ArrayDeque<BulkWriteFailure> toNotify = new ArrayDeque<>();
    private boolean truncated;
    private long read;
    private long acknowledged;
    private long failed;
    private long retries;
    private long batches;
    private int inFlight;
    private boolean inputDone;
    private boolean deadlinePassed;
    private Throwable abort;

    /** Takes in the operations of one input element, waiting while the window is full. */
    void admit(long position, List<WriteOp> ops) throws InterruptedException {
      long[] bytes = new long[ops.size()];
      for (int i = 0; i < ops.size(); i++) {
        // checked and measured before any state changes: a half-admitted group would never
        // finish; an operation with a string that has no UTF-8 form has no size and stops the
        // input here
        bytes[i] = Objects.requireNonNull(ops.get(i), "an input operation is null").sizeInBytes();
      }
      lock.lock();
      try {
        while (abort == null && inFlight > 0 && inFlight + ops.size() > window) {
          changed.await();
        }
        if (abort != null) {
          throw new BulkWriteStopped();
        }
        checkDeadline(clock.nanoTime());
        Task first = null;
        Task prev = null;
        for (int i = 0; i < ops.size(); i++) {
          Task t = new Task(ops.get(i), bytes[i], position, i, read++);
          inFlight++;
          if (prev != null) {
            prev.groupNext = t;
            t.pending++;
          } else {
            first = t;
          }
          Task tail = tails.put(t.key, t);
          if (tail != null) {
            tail.keyNext = t;
            t.pending++;
          }
          prev = t;
        }
        if (first.pending == 0) {
          release(first);
        }
        changed.signalAll();
      } finally {
        lock.unlock();
      }
      notifyFailures();
    }

    void inputDone() {
      lock.lock();
      try {
        inputDone = true;
        changed.signalAll();
      } finally {
        lock.unlock();
      }
    }

    void abort(Throwable cause) {
      lock.lock();
      try {
        if (abort == null) {
          abort = cause;
        }
        changed.signalAll();
      } finally {
        lock.unlock();
      }
    }

    Throwable abortCause() {
      lock.lock();
      try {
        return abort;
      } finally {
        lock.unlock();
      }
    }

    /** The body of a worker thread. */
    void work() {
      try {
        List<Task> batch;
        int throttledStreak = 0;
        while ((batch = takeBatch()) != null) {
          if (complete(batch, send(batch))) {
            // the store asks to slow down: this worker waits before its next batch, longer
            // each time in a row, so that retries do not pile onto a saturated partition
            policy.sleeper().sleep(policy.backoffNanos(throttledStreak++));
          } else {
            throttledStreak = 0;
          }
        }
      } catch (Throwable t) {
        abort(t);
      }
    }

    /** The next batch to send, or null when the import is over. */
    private List<Task> takeBatch() throws InterruptedException {
      lock.lock();
      try {
        while (true) {
          if (abort != null) {
            return null;
          }
          long now = clock.nanoTime();
          checkDeadline(now);
          while (!delayed.isEmpty() && delayed.peek().notBefore <= now) {
            ready.add(delayed.poll());
          }
          if (!ready.isEmpty()) {
            return buildBatch(now);
          }
          if (inputDone && inFlight == 0) {
            changed.signalAll();
            return null;
          }
          if (!delayed.isEmpty()) {
            long wait = Math.min(delayed.peek().notBefore - now, IDLE_SLICE_NANOS);
            lock.unlock();
            try {
              policy.sleeper().sleep(wait);
            } finally {
              lock.lock();
            }
            continue;
          }
          changed.await();
        }
      } finally {
        lock.unlock();
      }
    }

    /** Picks the batch at random among the ready operations: this is the shuffle. */
    private List<Task> buildBatch(long now) {
      List<Task> batch = new ArrayList<>(Math.min(maxBatchRows, ready.size()));
      long bytes = 0;
      int misses = 0;
      while (batch.size() < maxBatchRows && !ready.isEmpty() && misses < 8) {
        int i = random.nextInt(ready.size());
        Task t = ready.get(i);
        if (!batch.isEmpty() && bytes + t.bytes > maxBatchBytes) {
          misses++;
          continue;
        }
        Task last = ready.remove(ready.size() - 1);
        if (i < ready.size()) {
          ready.set(i, last);
        }
        batch.add(t);
        bytes += t.bytes;
        if (t.attempts == 0) {
          t.firstSentNanos = now;
        }
        t.attempts++;
      }
      batches++;
      return batch;
    }

    /** Sends one batch; each operation gets an outcome, whatever the store throws. */
    private List<WriteOutcome> send(List<Task> batch) {
      List<WriteOp> ops = new ArrayList<>(batch.size());
      for (Task t : batch) {
        ops.add(t.op);
      }
      try {
        List<WriteOutcome> outcomes = store.batchWrite(ops);
        if (outcomes.size() != ops.size()) {
          return failAll(
              ops,
              new StoreException(
                  ErrorKind.INTERNAL,
                  "the store answered "
                      + outcomes.size()
                      + " outcomes for "
                      + ops.size()
                      + " operations",
                  false,
                  null));
        }
        return outcomes;
      } catch (StoreException e) {
        if (e.retryable() || ops.size() == 1) {
          return failAll(ops, e);
        }
        // a non-retryable refusal of the whole batch may come from one bad row: send them
        // one by one so that the failure is reported for the rows it concerns only
        List<WriteOutcome> outcomes = new ArrayList<>(ops.size());
        for (WriteOp op : ops) {
          try {
            List<WriteOutcome> one = store.batchWrite(List.of(op));
            outcomes.add(one.size() == 1 ? one.get(0) : WriteOutcome.failed(op, e));
          } catch (StoreException single) {
            outcomes.add(WriteOutcome.failed(op, single));
          }
        }
        return outcomes;
      } catch (RuntimeException e) {
        // a backend bug: whether the batch was applied is unknown, so do not retry it
        return failAll(
            ops, new StoreException(ErrorKind.INTERNAL, "the store threw " + e, false, e));
      }
    }

    private List<WriteOutcome> failAll(List<WriteOp> ops, StoreException e) {
      List<WriteOutcome> outcomes = new ArrayList<>(ops.size());
      for (WriteOp op : ops) {
        outcomes.add(WriteOutcome.failed(op, e));
      }
      return outcomes;
    }

    /**
     * Records the outcomes of a batch: acknowledges, schedules retries, reports failures. Returns
     * whether the store throttled any of it.
     */
    private boolean complete(List<Task> batch, List<WriteOutcome> outcomes) {
      boolean throttled = false;
      lock.lock();
      try {
        long now = clock.nanoTime();
        checkDeadline(now);
        for (int i = 0; i < batch.size(); i++) {
          Task t = batch.get(i);
          WriteOutcome o = outcomes.get(i);
          if (o.succeeded()) {
            finish(t, null);
            continue;
          }
          StoreException e = o.failure();
          throttled |= e.kind() == ErrorKind.THROTTLED;
          long delay =
              abort != null || deadlinePassed
                  ? -1
                  : policy.retryDelayNanos(e, t.attempts, t.firstSentNanos);
          if (delay < 0) {
            finish(t, e);
          } else {
            retries++;
            if (delay == 0) {
              ready.add(t);
            } else {
              t.notBefore = now + delay;
              delayed.add(t);
            }
          }
        }
        changed.signalAll();
      } finally {
        lock.unlock();
      }
      notifyFailures();
      reportProgress();
      return throttled;
    }

    /** Once the import deadline passed, everything queued fails instead of being sent. */
    private void checkDeadline(long now) {
      if (deadlinePassed || now - startNanos <= deadlineNanos) {
        return;
      }
      deadlinePassed = true;
      List<Task> expired = new ArrayList<>(ready);
      expired.addAll(delayed);
      ready.clear();
      delayed.clear();
      for (Task t : expired) {
        finish(t, deadlineError(t));
      }
      changed.signalAll();
    }

    private StoreException deadlineError(Task t) {
      return new StoreException(
          ErrorKind.TIMEOUT,
          "the import deadline of " + deadline + " passed before the operation was acknowledged",
          false,
          null);
    }

    /** A task whose predecessors are finished: queue it, or fail it without sending. */
    private void release(Task t) {
      StoreException error = refusal(t);
      if (error == null) {
        ready.add(t);
      } else {
        finish(t, error);
      }
    }

    private StoreException refusal(Task t) {
      if (t.groupFailure != null) {
        return t.groupFailure;
      }
      if (deadlinePassed) {
        return deadlineError(t);
      }
      if (t.bytes > maxBatchBytes) {
        return new StoreException(
            ErrorKind.LIMIT_EXCEEDED,
            "the operation holds "
                + t.bytes
                + " bytes, over the batch limit of "
                + maxBatchBytes
                + " bytes (WK304); it was not sent",
            false,
            null);
      }
      return null;
    }

    /**
     * Finishes a task (acknowledged if {@code error} is null) and releases the operations waiting
     * for it, failing the rest of its group after a failure. Iterative, because a failure can
     * cascade along long chains.
     */
    private void finish(Task first, StoreException firstError) {
      first.finalError = firstError;
      ArrayDeque<Task> work = new ArrayDeque<>();
      work.add(first);
      Task t;
      while ((t = work.poll()) != null) {
        StoreException error = t.finalError;
        inFlight--;
        if (error == null) {
          acknowledged++;
        } else {
          failed++;
          record(new BulkWriteFailure(t.position, t.indexInGroup, t.op, error, t.attempts));
        }
        if (tails.get(t.key) == t) {
          tails.remove(t.key);
        }
        Task g = t.groupNext;
        if (g != null) {
          if (error != null && g.groupFailure == null) {
            g.groupFailure =
                new StoreException(
                    error.kind(),
                    "not sent: operation "
                        + t.indexInGroup
                        + " of its group failed first: "
                        + error.getMessage(),
                    false,
                    error);
          }
          if (--g.pending == 0) {
            releaseInto(g, work);
          }
        }
        Task k = t.keyNext;
        if (k != null && --k.pending == 0) {
          releaseInto(k, work);
        }
      }
    }

    private void releaseInto(Task t, ArrayDeque<Task> work) {
      StoreException error = refusal(t);
      if (error == null) {
        ready.add(t);
      } else {
        t.finalError = error;
        work.add(t);
      }
    }

    private void record(BulkWriteFailure f) {
      if (recorded.size() < maxRecordedFailures) {
        recorded.add(f);
      } else {
        truncated = true;
      }
      if (failureListener != null) {
        toNotify.add(f);
      }
    }

    /** Hands recorded failures to the listener, outside the scheduling lock, one at a time. */
    void notifyFailures() {
      if (failureListener == null) {
        return;
      }
      synchronized (listenerLock) {
        while (true) {
          BulkWriteFailure f;
          lock.lock();
          try {
            f = toNotify.poll();
          } finally {
            lock.unlock();
          }
          if (f == null) {
            return;
          }
          failureListener.accept(f);
        }
      }
    }

    void reportProgress() {
      if (progress == null) {
        return;
      }
      synchronized (listenerLock) {
        progress.accept(snapshot());
      }
    }

    private BulkWriteProgress snapshot() {
      lock.lock();
      try {
        return new BulkWriteProgress(read, acknowledged, failed, retries, batches);
      } finally {
        lock.unlock();
      }
    }

    BulkWriteResult result() {
      lock.lock();
      try {
        return new BulkWriteResult(
            read,
            acknowledged,
            failed,
            retries,
            batches,
            Duration.ofNanos(System.nanoTime() - startWall),
            recorded,
            truncated);
      } finally {
        lock.unlock();
      }
    }
  }

  /** The input, one element at a time, with its position in the input. */
  private interface Source<T> {
    boolean advance();

    T current();

    long position();
  }

  private static final class IteratorSource<T> implements Source<T> {
    private final Iterator<? extends T> it;
    private T current;
    private long position = -1;

    IteratorSource(Iterator<? extends T> it) {
      this.it = Objects.requireNonNull(it, "input");
    }

    @Override
    public boolean advance() {
      if (!it.hasNext()) {
        return false;
      }
      current = it.next();
      position++;
      return true;
    }

    @Override
    public T current() {
      return current;
    }

    @Override
    public long position() {
      return position;
    }
  }

  /**
   * Reads a spliterator as up to {@code parts} pieces, taking each next element from a piece chosen
   * at random, so that a sorted input is read from all over its range at once. When every piece
   * knows its exact size the elements keep their input positions; otherwise positions count the
   * elements in the order they were read.
   */
  private static final class SplitSource<T> implements Source<T> {
    private final List<Spliterator<T>> pieces;
    private final long[] next; // next input position per piece, or -1 if unknown
    private final Random random;
    private final int[] live;
    private int liveCount;
    private T current;
    private long position;
    private long readCount;

    SplitSource(Spliterator<T> root, int parts, Random random) {
      this.random = random;
      List<Spliterator<T>> list = new ArrayList<>();
      list.add(root);
      // split the largest piece until there are enough or none splits further
      boolean split = true;
      while (list.size() < parts && split) {
        split = false;
        int largest = 0;
        for (int i = 1; i < list.size(); i++) {
          if (list.get(i).estimateSize() > list.get(largest).estimateSize()) {
            largest = i;
          }
        }
        Spliterator<T> prefix = list.get(largest).trySplit();
        if (prefix != null) {
          list.add(largest, prefix); // trySplit returns the leading part
          split = true;
        }
      }
      this.pieces = list;
      this.next = new long[list.size()];
      long offset = 0;
      for (int i = 0; i < list.size(); i++) {
        long size = list.get(i).getExactSizeIfKnown();
        if (offset < 0 || size < 0) {
          offset = -1;
        }
        next[i] = offset;
        if (offset >= 0) {
          offset += size;
        }
      }
      if (offset < 0) {
        java.util.Arrays.fill(next, -1);
      }
      this.live = new int[list.size()];
      for (int i = 0; i < live.length; i++) {
        live[i] = i;
      }
      this.liveCount = live.length;
    }

    @Override
    public boolean advance() {
      while (liveCount > 0) {
        int slot = random.nextInt(liveCount);
        int piece = live[slot];
        boolean got = pieces.get(piece).tryAdvance(e -> current = e);
        if (got) {
          position = next[piece] >= 0 ? next[piece]++ : readCount;
          readCount++;
          return true;
        }
        live[slot] = live[--liveCount];
      }
      return false;
    }

    @Override
    public T current() {
      return current;
    }

    @Override
    public long position() {
      return position;
    }
  }

  /**
   * Configures a {@link BulkWriter}.
   *
   * <pre>{@code
   * BulkWriter writer = BulkWriter.builder(store).workers(16).seed(42).build();
   * }</pre>
   */
  public static final class Builder {
    private final WideTableStore store;
    private int workers = 8;
    private RetryPolicy policy = RetryPolicy.defaults();
    private int maxBatchRows = Integer.MAX_VALUE;
    private long maxBatchBytes = Long.MAX_VALUE;
    private int window;
    private int splitInput = 1;
    private Long seed;
    private Consumer<BulkWriteProgress> progress;
    private Consumer<BulkWriteFailure> failureListener;
    private int maxRecordedFailures = 10_000;
    private Duration deadline;

    private Builder(WideTableStore store) {
      this.store = Objects.requireNonNull(store, "store");
    }

    /** Parallel workers, each sending one batch at a time; default 8. */
    public Builder workers(int workers) {
      if (workers < 1) {
        throw new IllegalArgumentException("workers must be at least 1: " + workers);
      }
      this.workers = workers;
      return this;
    }

    /**
     * Retries of each operation: attempts, backoff and a per-operation deadline counted from its
     * first send; the policy's clock and sleeper also drive the writer's waits. Default {@link
     * RetryPolicy#defaults()}.
     */
    public Builder retryPolicy(RetryPolicy policy) {
      this.policy = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /** Operations per batch, at most the store's {@link StoreLimits#maxBatchRows()} (default). */
    public Builder maxBatchRows(int rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("maxBatchRows must be at least 1: " + rows);
      }
      this.maxBatchRows = rows;
      return this;
    }

    /**
     * Bytes per batch, at most the store's {@link StoreLimits#maxBatchBytes()} (default); Lindorm
     * recommends 2 MB. An operation larger than this alone is refused without being sent.
     */
    public Builder maxBatchBytes(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("maxBatchBytes must be at least 1: " + bytes);
      }
      this.maxBatchBytes = bytes;
      return this;
    }

    /**
     * The most operations read and not yet finished: the shuffle window and the memory bound.
     * Default {@code workers * maxBatchRows * 8}.
     */
    public Builder window(int operations) {
      if (operations < 1) {
        throw new IllegalArgumentException("window must be at least 1: " + operations);
      }
      this.window = operations;
      return this;
    }

    /**
     * Reads a {@link Stream} input as up to {@code parts} pieces at once (by splitting its
     * spliterator), drawing from them at random, so a key-sorted input spreads over the whole key
     * range rather than over what the window holds. Default 1 (read in order). Iterator inputs are
     * always read in order.
     *
     * <p>Only for inputs with no key twice: pieces are read out of input order, so the
     * later-op-wins guarantee holds only between operations of one piece. The stream is switched to
     * parallel to be split (it is still read on the calling thread); a stateful stage such as
     * {@code sorted()} is then evaluated in full first, so use it on streams of stateless stages
     * over a splittable source (a list, an array, a range).
     */
    public Builder splitInput(int parts) {
      if (parts < 1) {
        throw new IllegalArgumentException("splitInput must be at least 1: " + parts);
      }
      this.splitInput = parts;
      return this;
    }

    /** Seeds the shuffle, for reproducible runs; unseeded by default. */
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /**
     * Called after every batch and at the end with the counts so far; from the writer's threads,
     * one call at a time. It must be quick: workers wait for it.
     */
    public Builder progress(Consumer<BulkWriteProgress> listener) {
      this.progress = listener;
      return this;
    }

    /**
     * Called once per failed operation, all of them (the result keeps only the first {@link
     * #maxRecordedFailures(int)}); from the writer's threads, one call at a time.
     */
    public Builder onFailure(Consumer<BulkWriteFailure> listener) {
      this.failureListener = listener;
      return this;
    }

    /** How many failures the result keeps; default 10,000. */
    public Builder maxRecordedFailures(int max) {
      if (max < 0) {
        throw new IllegalArgumentException("maxRecordedFailures is negative: " + max);
      }
      this.maxRecordedFailures = max;
      return this;
    }

    /**
     * A deadline for the whole import, counted on the retry policy's clock: once passed, no
     * operation is sent any more, and the ones not yet acknowledged (the rest of the input
     * included, which is still read) fail with a non-retryable {@link ErrorKind#TIMEOUT}. None by
     * default.
     */
    public Builder deadline(Duration deadline) {
      if (deadline != null && deadline.isNegative()) {
        throw new IllegalArgumentException("deadline is negative: " + deadline);
      }
      this.deadline = deadline;
      return this;
    }

    public BulkWriter build() {
      return new BulkWriter(this);
    }
  }
}
