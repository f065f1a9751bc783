package dev.widekey.runtime.write;

import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WriteOp;

/**
 * One input operation of an import and its scheduling state: its place in the chains of its group
 * and of its key, and its attempts. Guarded by the {@link Scheduler}'s lock.
 */
final class Task {
  /** Operations with equal keys are applied one after another, in input order. */
  record TableKey(String table, PrimaryKey key) {}

  final WriteOp op;
  final TableKey key;
  final long bytes;
  final int maxBatchRows; // the batch bounds of its table, within the writer's
  final long maxBatchBytes;
  final long position;
  final int indexInGroup;
  final long seq;
  Task groupNext; // the next operation of the group, sent once this one is acknowledged
  Task keyNext; // the next operation on the same key, sent once this one is finished
  int pending; // unfinished predecessors (group and key)
  StoreException groupFailure; // set when an earlier operation of the group failed
  StoreException finalError; // set when finishing with a failure
  int attempts;

  /**
   * Whether an earlier import sent this operation without learning its outcome ({@link
   * BulkWriteResult#unknownOutcomes()}): it may be applied already, so a failed condition is
   * checked against the stored row from its first attempt on.
   */
  boolean maybeApplied;

  /**
   * Whether the stopped import this one resumes finished this operation (acknowledged or failed for
   * good) though a resume sends it again (it lies past the resume position): a conditional put of
   * it that fails its condition is checked against the stored row from its first attempt on.
   */
  boolean finishedBefore;

  /**
   * How this operation is sent again after an attempt of unknown outcome, instead of as it is; null
   * for most operations ({@link WriteGroup.Resend}).
   */
  WriteGroup.Resend resend;

  StoreException lastError; // the last retryable error, while the operation waits for a retry
  long firstSentNanos;
  long notBefore;

  Task(
      WriteOp op,
      long bytes,
      int maxBatchRows,
      long maxBatchBytes,
      long position,
      int indexInGroup,
      long seq) {
    this.op = op;
    this.key = new TableKey(op.table(), op.key());
    this.bytes = bytes;
    this.maxBatchRows = maxBatchRows;
    this.maxBatchBytes = maxBatchBytes;
    this.position = position;
    this.indexInGroup = indexInGroup;
    this.seq = seq;
  }
}
