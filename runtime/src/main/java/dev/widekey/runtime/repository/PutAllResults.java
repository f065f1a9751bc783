package dev.widekey.runtime.repository;

import dev.widekey.runtime.retry.CallerResends;
import dev.widekey.runtime.retry.OwnWrites;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.write.BulkWriteFailure;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.WriteGroup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The one result of a {@code putAll} written in several parts (bulk imports, and entities too large
 * for any batch written alone): counts summed, failures placed at their entity's input position.
 */
final class PutAllResults {
  private final long startNanos = System.nanoTime();
  private final List<BulkWriteFailure> failures = new ArrayList<>();
  private final List<BulkWriteFailure> unknown = new ArrayList<>();
  private long total;
  private long acknowledged;
  private long failed;
  private long notAttempted;
  private long retries;
  private long batches;
  private boolean truncated;

  /**
   * Adds an import of some entities; {@code positions.get(i)} is the input position of its i-th.
   */
  void addImport(BulkWriteResult r, List<Integer> positions) {
    total += r.total();
    acknowledged += r.acknowledged();
    failed += r.failed();
    notAttempted += r.notAttempted();
    retries += r.retries();
    batches += r.batches();
    truncated |= r.failuresTruncated();
    for (BulkWriteFailure f : r.failures()) {
      failures.add(at(positions, f));
    }
    for (BulkWriteFailure u : r.unknownOutcomes()) {
      unknown.add(at(positions, u)); // only if the import stopped, which putAll does not do
    }
  }

  private static BulkWriteFailure at(List<Integer> positions, BulkWriteFailure f) {
    return new BulkWriteFailure(
        positions.get((int) f.position()),
        f.indexInGroup(),
        f.table(),
        f.key(),
        f.bytes(),
        f.error(),
        f.attempts());
  }

  /**
   * Writes the operations of one entity alone, in order, each retried as {@code policy} says; after
   * a failure the rest are not sent and fail, as in a bulk import's group. A conditional put sent
   * again that fails its condition is checked against the stored row, as the bulk writer does
   * ({@link OwnWrites#recheck}); the operation the group sends again its own way ({@link
   * WriteGroup#resend()}: the entity's commit) is sent once as it is, then only its own way.
   */
  void writeAlone(WideTableStore store, RetryPolicy policy, int position, WriteGroup group) {
    List<WriteOp> ops = group.ops();
    StoreException groupFailure = null;
    for (int i = 0; i < ops.size(); i++) {
      WriteOp op = ops.get(i);
      WriteGroup.Resend resend =
          group.resend() != null && group.resend().index() == i ? group.resend() : null;
      total++;
      if (groupFailure != null) {
        fail(position, i, op, groupFailure, 0);
        continue;
      }
      RetryPolicy.Attempts attempts = policy.start();
      while (true) {
        try {
          if (resend == null) {
            apply(store, op);
          } else if (attempts.failures() == 0) {
            new CallerResends().run(() -> apply(store, op)); // a retry layer beneath sends it once
            resend.acknowledged();
          } else {
            WriteOutcome o = resend.resend();
            if (!o.succeeded()) {
              throw o.failure();
            }
          }
          acknowledged++;
          break;
        } catch (StoreException thrown) {
          StoreException e = thrown;
          if (attempts.failures() > 0 && resend == null) {
            WriteOutcome o = OwnWrites.recheck(store, WriteOutcome.failed(op, thrown));
            if (o.succeeded()) {
              acknowledged++;
              break;
            }
            e = o.failure();
          }
          try {
            attempts.failedOrThrow(e); // waits its backoff, or throws when no retry is left
            retries++;
          } catch (StoreException last) {
            fail(position, i, op, last, attempts.failures());
            groupFailure =
                new StoreException(
                    last.kind(),
                    "not sent: operation " + i + " of its group failed first: " + last.getMessage(),
                    false,
                    last);
            break;
          }
        }
      }
    }
  }

  private static void apply(WideTableStore store, WriteOp op) {
    if (op instanceof WriteOp.Put put && put.condition().isNone()) {
      store.put(put.table(), put.row());
    } else if (op instanceof WriteOp.Put put) {
      store.put(put.table(), put.row(), put.condition());
    } else {
      store.delete(op.table(), op.key());
    }
  }

  private void fail(int position, int index, WriteOp op, StoreException e, int attempts) {
    failed++;
    failures.add(
        new BulkWriteFailure(position, index, op.table(), op.key(), op.sizeInBytes(), e, attempts));
  }

  /**
   * @param entities how many entities were written: every one is finished
   */
  BulkWriteResult result(int entities) {
    return new BulkWriteResult(
        total,
        acknowledged,
        failed,
        notAttempted,
        retries,
        batches,
        Duration.ofNanos(System.nanoTime() - startNanos),
        failures,
        truncated,
        unknown,
        entities);
  }
}
