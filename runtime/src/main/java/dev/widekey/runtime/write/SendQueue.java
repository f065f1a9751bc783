package dev.widekey.runtime.write;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;

/**
 * The operations of an import waiting to be sent: ready now, or delayed until their backoff ends.
 * Batches are picked at random among the ready ones: this is the shuffle. Guarded by the {@link
 * Scheduler}'s lock.
 */
final class SendQueue {
  private final Random random;
  private final int maxBatchRows;
  private final long maxBatchBytes;
  private final ArrayList<Task> ready = new ArrayList<>();
  private final PriorityQueue<Task> delayed =
      new PriorityQueue<>(
          Comparator.comparingLong((Task t) -> t.notBefore).thenComparingLong(t -> t.seq));

  SendQueue(Random random, int maxBatchRows, long maxBatchBytes) {
    this.random = random;
    this.maxBatchRows = maxBatchRows;
    this.maxBatchBytes = maxBatchBytes;
  }

  /** Queues an operation to be sent as soon as a worker is free. */
  void ready(Task t) {
    ready.add(t);
  }

  /** Queues an operation to be sent once the clock reaches {@code notBefore}. */
  void delay(Task t, long notBefore) {
    t.notBefore = notBefore;
    delayed.add(t);
  }

  /** Makes the delayed operations whose time has come ready; returns whether any is ready. */
  boolean anyReadyAt(long now) {
    while (!delayed.isEmpty() && delayed.peek().notBefore <= now) {
      ready.add(delayed.poll());
    }
    return !ready.isEmpty();
  }

  /** Whether an operation waits for its backoff. */
  boolean anyDelayed() {
    return !delayed.isEmpty();
  }

  /** When the next delayed operation becomes ready; only if {@link #anyDelayed()}. */
  long nextNotBefore() {
    return delayed.peek().notBefore;
  }

  /** Empties the queue, returning every operation in it, ready ones first. */
  List<Task> drain() {
    List<Task> all = new ArrayList<>(ready);
    all.addAll(delayed);
    ready.clear();
    delayed.clear();
    return all;
  }

  /**
   * Takes the next batch at random among the ready operations, within the row and byte bounds, and
   * counts it as an attempt of each; only if {@link #anyReadyAt} said so.
   */
  List<Task> takeBatch(long now) {
    List<Task> batch = new ArrayList<>(Math.min(maxBatchRows, ready.size()));
    long bytes = 0;
    int misses = 0;
    // a batch passes the stricter bounds of the tables it writes, as the stores check it
    int rowsCap = maxBatchRows;
    long bytesCap = maxBatchBytes;
    while (batch.size() < rowsCap && !ready.isEmpty() && misses < 8) {
      int i = random.nextInt(ready.size());
      Task t = ready.get(i);
      int rows = Math.min(rowsCap, t.maxBatchRows);
      long cap = Math.min(bytesCap, t.maxBatchBytes);
      if (!batch.isEmpty() && (bytes + t.bytes > cap || batch.size() >= rows)) {
        misses++;
        continue;
      }
      rowsCap = rows;
      bytesCap = cap;
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
    return batch;
  }
}
