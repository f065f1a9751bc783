package dev.widekey.runtime.write;

import dev.widekey.runtime.retry.CallerResends;
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
 *
 * <p>An operation that carries how it is sent again ({@link WriteGroup.Resend}: a split entity's
 * commit) is sent as it is only on its first attempt, with a retry layer beneath asked to send it
 * once ({@link CallerResends}); every later attempt is its resend, never the operation again.
 */
final class BatchSender {
  private final WideTableStore store;

  BatchSender(WideTableStore store) {
    this.store = store;
  }

  /** Sends one batch; the outcomes are in the order of the batch. */
  List<WriteOutcome> send(List<Task> batch) {
    boolean resends = false;
    for (Task t : batch) {
      resends |= resentItsWay(t);
    }
    if (!resends) {
      return sent(batch);
    }
    List<Task> rest = new ArrayList<>(batch.size());
    for (Task t : batch) {
      if (!resentItsWay(t)) {
        rest.add(t);
      }
    }
    List<WriteOutcome> restOutcomes = rest.isEmpty() ? List.of() : sent(rest);
    List<WriteOutcome> outcomes = new ArrayList<>(batch.size());
    int next = 0;
    for (Task t : batch) {
      outcomes.add(resentItsWay(t) ? resent(t) : restOutcomes.get(next++));
    }
    return outcomes;
  }

  /** Whether this attempt of {@code t} is its resend rather than the operation again. */
  private static boolean resentItsWay(Task t) {
    // the task's attempts were counted, under the scheduler's lock, when it was taken
    return t.resend != null && t.attempts > 1;
  }

  private static WriteOutcome resent(Task t) {
    try {
      return t.resend.resend();
    } catch (StoreException e) {
      return WriteOutcome.failed(t.op, e);
    } catch (RuntimeException e) {
      // a bug: whether anything was applied is unknown, so do not retry it
      return WriteOutcome.failed(
          t.op, new StoreException(ErrorKind.INTERNAL, "the resend threw " + e, false, e));
    }
  }

  /** Sends the operations of {@code batch} as they are, with the checks of their retries. */
  private List<WriteOutcome> sent(List<Task> batch) {
    List<WriteOutcome> outcomes = sendOnce(batch);
    for (int i = 0; i < outcomes.size(); i++) {
      // one an earlier, stopped import sent (without an answer, or finished) may be applied even
      // before its first send
      Task t = batch.get(i);
      if (t.attempts > 1 || t.maybeApplied || t.finishedBefore) {
        outcomes.set(i, OwnWrites.recheck(store, outcomes.get(i)));
      }
      if (t.resend != null && outcomes.get(i).succeeded()) {
        outcomes.set(i, acknowledged(t, outcomes.get(i)));
      }
    }
    return outcomes;
  }

  /**
   * Tells a commit sent as it is that it was acknowledged ({@link WriteGroup.Resend#acknowledged}).
   */
  private static WriteOutcome acknowledged(Task t, WriteOutcome outcome) {
    try {
      t.resend.acknowledged();
      return outcome;
    } catch (StoreException e) {
      return WriteOutcome.failed(t.op, e);
    } catch (RuntimeException e) {
      return WriteOutcome.failed(
          t.op, new StoreException(ErrorKind.INTERNAL, "the acknowledgement threw " + e, false, e));
    }
  }

  private List<WriteOutcome> sendOnce(List<Task> batch) {
    List<WriteOp> ops = new ArrayList<>(batch.size());
    boolean commits = false;
    for (Task t : batch) {
      ops.add(t.op);
      commits |= t.resend != null;
    }
    if (commits) {
      // a retry layer beneath must not send a commit again as it is: this writer's retries do,
      // their own way
      return new CallerResends().call(() -> sendOps(ops));
    }
    return sendOps(ops);
  }

  private List<WriteOutcome> sendOps(List<WriteOp> ops) {
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
