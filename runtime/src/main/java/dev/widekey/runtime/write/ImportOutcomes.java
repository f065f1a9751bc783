package dev.widekey.runtime.write;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * What one import has done so far: its counts, the failures kept for the result, and the failures
 * and progress handed to the listeners. The counts change under the {@link Scheduler}'s lock, with
 * the scheduling state they describe; the methods that read them take that lock too, so that every
 * snapshot is consistent.
 */
final class ImportOutcomes {
  private final ReentrantLock lock;
  private final Object listenerLock = new Object();
  private final BulkWriteProgressListener progress;
  private final Consumer<BulkWriteFailure> failureListener;
  private final int maxRecordedFailures;
  private final long startWall = System.nanoTime();

  private final List<BulkWriteFailure> recorded = new ArrayList<>();
  private final ArrayDeque<BulkWriteFailure> toNotify = new ArrayDeque<>();
  private boolean truncated;
  private long read;
  private long acknowledged;
  private long failed;
  private long retries;
  private long batches;

  /**
   * @param lock the scheduler's lock, held by every caller of the counting methods
   */
  ImportOutcomes(ReentrantLock lock, WriterSettings settings) {
    this.lock = lock;
    this.progress = settings.progress();
    this.failureListener = settings.failureListener();
    this.maxRecordedFailures = settings.maxRecordedFailures();
  }

  // --------------------------------------------------------- counting, under the scheduler's lock

  /** Counts an operation read from the input; returns its sequence number, from 0. */
  long countRead() {
    return read++;
  }

  void countBatch() {
    batches++;
  }

  void countRetry() {
    retries++;
  }

  void countAcknowledged() {
    acknowledged++;
  }

  /** Counts a failure, keeps it if there is room, and queues it for the failure listener. */
  void countFailed(BulkWriteFailure f) {
    failed++;
    if (recorded.size() < maxRecordedFailures) {
      recorded.add(f);
    } else {
      truncated = true;
    }
    if (failureListener != null) {
      toNotify.add(f);
    }
  }

  // ------------------------------------------------------------- reporting, outside the lock

  /** Hands queued failures to the listener, outside the scheduling lock, one at a time. */
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

  /**
   * Tells the progress listener that the import ended with {@code result}; after every snapshot.
   */
  void reportEnded(BulkWriteResult result) {
    if (progress == null) {
      return;
    }
    synchronized (listenerLock) {
      progress.importEnded(result);
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

  /**
   * The result so far: operations read and not finished count as outcome-unknown when they may be
   * applied ({@code unknown}), else as not attempted.
   *
   * @param unknown the unfinished operations that may be applied, in input order
   * @param notSent the unfinished operations never sent, in input order
   * @param resumePosition the lowest input position with an unfinished operation, or the number of
   *     elements read
   * @param elementsRead one past the highest input position read
   * @param carried operations the stopped import this one resumes left unfinished past what this
   *     one read, listed in {@code unknown} or {@code notSent} and counted in the total
   * @param inputSplit whether the input was read as several pieces at once
   */
  BulkWriteResult result(
      List<BulkWriteFailure> unknown,
      List<BulkWriteFailure> notSent,
      long resumePosition,
      long elementsRead,
      long carried,
      boolean inputSplit) {
    lock.lock();
    try {
      long total = read + carried;
      return new BulkWriteResult(
          total,
          acknowledged,
          failed,
          total - acknowledged - failed - unknown.size(),
          retries,
          batches,
          Duration.ofNanos(System.nanoTime() - startWall),
          recorded,
          truncated,
          unknown,
          notSent,
          resumePosition,
          elementsRead,
          0,
          inputSplit);
    } finally {
      lock.unlock();
    }
  }
}
