package dev.widekey.runtime.write;

import dev.widekey.core.Rule;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableLimits;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The scheduling state of one import: which operations may be sent now, which wait for a backoff,
 * which wait for an earlier operation of their group or key ({@link WriteOrder}), and how many are
 * read and unfinished. The reading thread {@link #admit admits} input, the workers {@link
 * #takeBatch take batches} and {@link #complete complete} them; one lock guards it all.
 */
final class Scheduler {
  /** Longest single idle wait of a worker, so that new input is not left waiting long. */
  private static final long IDLE_SLICE_NANOS = 5_000_000L;

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final RetryPolicy policy;
  private final RetryPolicy.Clock clock;
  private final WideTableStore store;
  private final int maxBatchRows;
  private final long maxBatchBytes;
  private final int window;
  private final long windowBytes;
  private final ImportDeadline deadline;
  private final ImportOutcomes outcomes;
  private final SendQueue queue;
  private final WriteOrder order = new WriteOrder();

  /** The limits of each table written, looked up once per import (stores cache their specs). */
  private final Map<String, StoreLimits> tableLimits = new ConcurrentHashMap<>();

  /**
   * Unfinished operations per input position: where a stopped import resumes, and which operations
   * it never sent.
   */
  private final TreeMap<Long, List<Task>> unfinishedAt = new TreeMap<>();

  /**
   * Unfinished operations that may be applied: sent at least once (an answer lost, a retry waiting,
   * or a batch in flight when the import stopped), or sent by the stopped import this one resumes
   * (without their outcome, or finished past its resume position). Where an import stops, these are
   * its unknown outcomes.
   */
  private final LinkedHashSet<Task> maybeApplied = new LinkedHashSet<>();

  /** What the stopped import this one resumes left, by position in this import's input. */
  private final StoppedImport resumed;

  /** One past the highest input position admitted. */
  private long endPosition;

  /**
   * Whether this import stopped before reading its whole input: what the stopped import it resumes
   * left past {@link #endPosition} is then still listed in its result.
   */
  private boolean carryUnread;

  private int inFlight;
  private long inFlightBytes;
  private boolean inputDone;
  private boolean deadlinePassed;
  private Throwable abort;

  /**
   * @param resumed what a stopped import left of this import's input; {@link StoppedImport#NONE}
   *     for a fresh import
   */
  Scheduler(WriterSettings settings, StoppedImport resumed) {
    this.resumed = resumed;
    this.policy = settings.policy();
    this.clock = policy.clock();
    this.store = settings.store();
    this.maxBatchRows = settings.maxBatchRows();
    this.maxBatchBytes = settings.maxBatchBytes();
    this.queue =
        new SendQueue(
            settings.seed() == null ? new Random() : new Random(settings.seed()),
            settings.maxBatchRows(),
            maxBatchBytes);
    this.window = settings.window();
    this.windowBytes = settings.windowBytes();
    this.deadline = new ImportDeadline(settings.deadline(), clock.nanoTime());
    this.outcomes = new ImportOutcomes(lock, settings);
  }

  ImportOutcomes outcomes() {
    return outcomes;
  }

  // ------------------------------------------------------------------------------- the reader

  /** Takes in the operations of one input element, waiting while the window is full. */
  void admit(long position, WriteGroup group) throws InterruptedException {
    List<WriteOp> ops = group.ops();
    long[] bytes = new long[ops.size()];
    StoreLimits[] limits = new StoreLimits[ops.size()];
    long groupBytes = 0;
    for (int i = 0; i < ops.size(); i++) {
      // checked and measured before any state changes: a half-admitted group would never
      // finish; an operation with a string that has no UTF-8 form has no size and stops the
      // input here
      bytes[i] = Objects.requireNonNull(ops.get(i), "an input operation is null").sizeInBytes();
      limits[i] = limitsOf(ops.get(i).table());
      groupBytes += bytes[i];
    }
    lock.lock();
    try {
      // bounded by operations and by bytes; a group over either bound alone still goes through
      while (abort == null
          && inFlight > 0
          && ((long) inFlight + ops.size() > window || inFlightBytes > windowBytes - groupBytes)) {
        changed.await();
      }
      if (abort != null) {
        throw new ImportStopped();
      }
      checkDeadline(clock.nanoTime());
      Task first = null;
      Task prev = null;
      List<Task> unfinished = unfinishedAt.computeIfAbsent(position, p -> new ArrayList<>());
      for (int i = 0; i < ops.size(); i++) {
        Task t =
            new Task(
                ops.get(i),
                bytes[i],
                (int) Math.max(1, Math.min(maxBatchRows, limits[i].maxBatchRows())),
                Math.max(1, Math.min(maxBatchBytes, limits[i].maxBatchBytes())),
                position,
                i,
                outcomes.countRead());
        if (group.resend() != null && group.resend().index() == i) {
          t.resend = group.resend();
        }
        BulkWriteFailure earlier = resumed.unknownAt(position, i);
        if (earlier != null) {
          t.maybeApplied = true;
          t.lastError = earlier.error();
          maybeApplied.add(t);
        } else if (resumed.finishedAt(position, i)) {
          // sent by the stopped import, so possibly stored: if this import stops before sending it
          // again, it is of unknown outcome, never "not attempted", and a resume of this import
          // still checks a failed condition of it against the stored row
          t.finishedBefore = true;
          t.lastError = FINISHED_BEFORE;
          maybeApplied.add(t);
        }
        inFlight++;
        inFlightBytes += bytes[i];
        unfinished.add(t);
        order.add(t, prev);
        if (prev == null) {
          first = t;
        }
        prev = t;
      }
      endPosition = Math.max(endPosition, position + 1);
      if (first.pending == 0) {
        release(first);
      }
      changed.signalAll();
    } finally {
      lock.unlock();
    }
    outcomes.notifyFailures();
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

  /**
   * Marks the import as stopped before the end of its input. A resume reads no further than it
   * needs to; the import it resumes may have read further, and what it left there, finished or not,
   * is still this import's to report, so that a resume of this one knows it (a conditional put that
   * import stored is checked against the stored row, not failed against it).
   */
  void carryUnread() {
    lock.lock();
    try {
      carryUnread = true;
    } finally {
      lock.unlock();
    }
  }

  /** How many operations the stopped import left unfinished past what this import read. */
  long carried() {
    lock.lock();
    try {
      return carryUnread
          ? resumed.unknownFrom(endPosition).size() + resumed.notSentFrom(endPosition).size()
          : 0;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Where to resume the input after the import stopped: the lowest input position with an operation
   * neither acknowledged nor failed, or one past the last element admitted.
   */
  long resumePosition() {
    lock.lock();
    try {
      return unfinishedAt.isEmpty() ? endPosition : unfinishedAt.firstKey();
    } finally {
      lock.unlock();
    }
  }

  /**
   * One past the highest input position read, by this import or, when it stopped early, by the one
   * it resumes: every element before it was read.
   */
  long elementsRead() {
    lock.lock();
    try {
      return carryUnread ? Math.max(endPosition, resumed.read()) : endPosition;
    } finally {
      lock.unlock();
    }
  }

  /** The operations read and not finished that no import ever sent, in input order. */
  List<BulkWriteFailure> notAttemptedOperations() {
    lock.lock();
    try {
      List<BulkWriteFailure> out = new ArrayList<>();
      for (List<Task> tasks : unfinishedAt.values()) {
        for (Task t : tasks) {
          if (!maybeApplied.contains(t)) {
            out.add(
                new BulkWriteFailure(
                    t.position, t.indexInGroup, t.op.table(), t.op.key(), t.bytes, NOT_SENT, 0));
          }
        }
      }
      if (carryUnread) {
        out.addAll(resumed.notSentFrom(endPosition));
      }
      return out;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Why an operation the stopped import finished, and this resume has not sent again yet, is listed
   * in {@link BulkWriteResult#unknownOutcomes()} when this import stops too.
   */
  private static final StoreException FINISHED_BEFORE =
      new StoreException(
          ErrorKind.UNAVAILABLE,
          "the import this one resumes sent this operation (it may be stored); this one stopped"
              + " before sending it again",
          true,
          null);

  /** Why an operation is listed in {@link BulkWriteResult#notAttemptedOperations()}. */
  private static final StoreException NOT_SENT =
      new StoreException(
          ErrorKind.UNAVAILABLE,
          "not sent: the import stopped before this operation's turn",
          true,
          null);

  /**
   * The operations not finished that may be applied, in input order: each was sent (by this import
   * or by the stopped one it resumes) and no answer said whether it was.
   */
  List<BulkWriteFailure> unknownOutcomes() {
    lock.lock();
    try {
      List<Task> tasks = new ArrayList<>(maybeApplied);
      tasks.sort(Comparator.comparingLong((Task t) -> t.seq));
      List<BulkWriteFailure> out = new ArrayList<>(tasks.size());
      for (Task t : tasks) {
        StoreException why =
            t.lastError != null
                ? t.lastError
                : new StoreException(
                    ErrorKind.UNAVAILABLE,
                    "the import stopped while this operation's batch was in flight; it may be"
                        + " applied",
                    true,
                    null);
        out.add(
            new BulkWriteFailure(
                t.position, t.indexInGroup, t.op.table(), t.op.key(), t.bytes, why, t.attempts));
      }
      if (carryUnread) {
        out.addAll(resumed.unknownFrom(endPosition));
      }
      return out;
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

  // ------------------------------------------------------------------------------ the workers

  /** The next batch to send, or null when the import is over. */
  List<Task> takeBatch() throws InterruptedException {
    lock.lock();
    try {
      while (true) {
        if (abort != null) {
          return null;
        }
        long now = clock.nanoTime();
        checkDeadline(now);
        if (queue.anyReadyAt(now)) {
          outcomes.countBatch();
          List<Task> batch = queue.takeBatch(now);
          // from here until its answer is recorded, each of these may be applied
          maybeApplied.addAll(batch);
          return batch;
        }
        if (inputDone && inFlight == 0) {
          changed.signalAll();
          return null;
        }
        if (queue.anyDelayed()) {
          long until = queue.nextNotBefore() - now; // negative only if it overflowed: far away
          long wait = until < 0 ? IDLE_SLICE_NANOS : Math.min(until, IDLE_SLICE_NANOS);
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

  /**
   * Records the outcomes of a batch: acknowledges, schedules retries, reports failures. Returns
   * whether the store throttled any of it.
   */
  boolean complete(List<Task> batch, List<WriteOutcome> results) {
    boolean throttled = false;
    lock.lock();
    try {
      long now = clock.nanoTime();
      checkDeadline(now);
      for (int i = 0; i < batch.size(); i++) {
        Task t = batch.get(i);
        WriteOutcome o = results.get(i);
        if (o.succeeded()) {
          finish(t, null);
          continue;
        }
        StoreException e = o.failure();
        throttled |= e.kind() == ErrorKind.THROTTLED;
        t.lastError = e;
        if (deadlinePassed) {
          // a failure the policy would retry is not retried past the import deadline: it fails
          // with the deadline's TIMEOUT, as the unsent ones do, not with an error that says retry
          finish(t, policy.retries(e) ? deadline.error(e) : e);
          continue;
        }
        long delay = policy.retryDelayNanos(e, t.attempts, t.firstSentNanos);
        if (delay < 0) {
          finish(t, e);
        } else if (abort != null) {
          // the import stopped before this retry: left unfinished, its outcome unknown (the store
          // may have applied it), and written again by a resume, rather than reported failed for
          // an error that would pass
        } else {
          outcomes.countRetry();
          if (delay == 0) {
            queue.ready(t);
          } else {
            // saturated: a backoff near the clock's range must not wrap to a time already past
            queue.delay(t, RetryPolicy.saturatedNanos(Duration.ofNanos(now).plusNanos(delay)));
          }
        }
      }
      changed.signalAll();
    } finally {
      lock.unlock();
    }
    outcomes.notifyFailures();
    outcomes.reportProgress();
    return throttled;
  }

  // ------------------------------------------------------------------------------- internals

  /**
   * The limits the store enforces on {@code table}: those of its profile ({@link
   * WideTableStore#limits(dev.widekey.annotations.Profile)}), which may be stricter than the
   * store's default ones the writer was sized by (a Lindorm table's 2 MB batches); the default ones
   * for a table the store does not describe (its writes fail anyway, or a batch refused whole is
   * sent row by row). Looked up once per table and import, so a missing table costs one lookup.
   */
  private StoreLimits limitsOf(String table) {
    StoreLimits known = tableLimits.get(table);
    if (known != null) {
      return known;
    }
    StoreLimits chosen = TableLimits.of(store, table);
    tableLimits.put(table, chosen);
    return chosen;
  }

  /** Once the import deadline passed, everything queued fails instead of being sent. */
  private void checkDeadline(long now) {
    if (deadlinePassed || !deadline.passedAt(now)) {
      return;
    }
    deadlinePassed = true;
    for (Task t : queue.drain()) {
      finish(t, deadline.error());
    }
    changed.signalAll();
  }

  /** A task whose predecessors are finished: queue it, or fail it without sending. */
  private void release(Task t) {
    StoreException error = refusal(t);
    if (error == null) {
      queue.ready(t);
    } else {
      finish(t, error);
    }
  }

  private StoreException refusal(Task t) {
    if (t.groupFailure != null) {
      return t.groupFailure;
    }
    if (deadlinePassed) {
      return deadline.error();
    }
    if (t.bytes > t.maxBatchBytes) {
      return new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "the operation holds "
              + t.bytes
              + " bytes, over the batch limit of "
              + t.maxBatchBytes
              + " bytes ("
              + Rule.WK304
              + "); it was not sent",
          false,
          null);
    }
    return null;
  }

  /**
   * Finishes a task (acknowledged if {@code error} is null) and releases the operations waiting for
   * it, failing the rest of its group after a failure. Iterative, because a failure can cascade
   * along long chains.
   */
  private void finish(Task first, StoreException firstError) {
    first.finalError = firstError;
    ArrayDeque<Task> work = new ArrayDeque<>();
    work.add(first);
    Consumer<Task> released = next -> releaseInto(next, work);
    Task t;
    while ((t = work.poll()) != null) {
      StoreException error = t.finalError;
      inFlight--;
      inFlightBytes -= t.bytes;
      List<Task> unfinished = unfinishedAt.get(t.position);
      unfinished.remove(t);
      if (unfinished.isEmpty()) {
        unfinishedAt.remove(t.position);
      }
      maybeApplied.remove(t);
      if (error == null) {
        outcomes.countAcknowledged();
      } else {
        outcomes.countFailed(
            new BulkWriteFailure(
                t.position, t.indexInGroup, t.op.table(), t.op.key(), t.bytes, error, t.attempts));
      }
      order.finished(t, error, released);
    }
  }

  private void releaseInto(Task t, ArrayDeque<Task> work) {
    StoreException error = refusal(t);
    if (error == null) {
      queue.ready(t);
    } else {
      t.finalError = error;
      work.add(t);
    }
  }
}
