package dev.widekey.runtime.write;

import dev.widekey.runtime.retry.OwnWrites;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.ArrayList;
import java.util.List;

/**
 * Sends the batches of an import to the store. Each operation gets an outcome, whatever the store
 * throws, so that the scheduler can account for every one. A conditional put sent again that fails
 * its condition is checked against the stored row ({@link OwnWrites#recheck}), so that one an
 * earlier attempt applied is acknowledged; so is one of a resumed import that the stopped import
 * had sent without learning its outcome, or had finished (past the resume position, so sent again).
 */
final class BatchSender {
  private final WideTableStore store;

  BatchSender(WideTableStore store) {
    this.store = store;
  }

  /** Sends one batch; the outcomes are in the order of the batch. */
  List<WriteOutcome> send(List<Task> batch) {
    List<WriteOutcome> outcomes = sendOnce(batch);
    for (int i = 0; i < outcomes.size(); i++) {
      // the task's attempts were counted, under the scheduler's lock, when it was taken; one an
      // earlier, stopped import sent (without an answer, or finished) may be applied even before
      // its first send
      Task t = batch.get(i);
      if (t.attempts > 1 || t.maybeApplied || t.finishedBefore) {
        outcomes.set(i, OwnWrites.recheck(store, outcomes.get(i)));
      }
    }
    return outcomes;
  }

  private List<WriteOutcome> sendOnce(List<Task> batch) {
    List<WriteOp> ops = new ArrayList<>(batch.size());
    for (Task t : batch) {
      ops.add(t.op);
    }
    try {
      List<WriteOutcome> outcomes = new ArrayList<>(store.batchWrite(ops));
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
      return failAll(ops, new StoreException(ErrorKind.INTERNAL, "the store threw " + e, false, e));
    }
  }

  private static List<WriteOutcome> failAll(List<WriteOp> ops, StoreException e) {
    List<WriteOutcome> outcomes = new ArrayList<>(ops.size());
    for (WriteOp op : ops) {
      outcomes.add(WriteOutcome.failed(op, e));
    }
    return outcomes;
  }
}
