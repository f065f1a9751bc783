package dev.widekey.store.tck.embedded;

import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.ArrayList;
import java.util.List;

/**
 * Honours {@link WriteCondition}s in front of the embedded store until it does so itself: each
 * conditional put is checked against a read of the stored row (not atomically; the TCK is
 * single-threaded). Once the embedded store honours conditions, the TCK runs on it directly and
 * this class goes.
 */
final class ConditionCheckingStore extends ForwardingStore {

  ConditionCheckingStore(WideTableStore delegate) {
    super(delegate);
  }

  @Override
  public void put(String table, Row row, WriteCondition condition) {
    WriteOutcome outcome = batchWrite(List.of(WriteOp.put(table, row, condition))).get(0);
    if (!outcome.succeeded()) {
      throw outcome.failure();
    }
  }

  @Override
  public synchronized List<WriteOutcome> batchWrite(List<WriteOp> ops) {
    List<WriteOutcome> outcomes = new ArrayList<>(ops.size());
    for (WriteOp op : ops) {
      if (op instanceof WriteOp.Put put && !put.condition().isNone()) {
        Row stored = get(put.table(), put.key(), ColumnSelection.all()).orElse(null);
        if (!put.condition().holdsFor(stored)) {
          outcomes.add(
              WriteOutcome.failed(
                  op,
                  new StoreException(
                      ErrorKind.CONDITION_FAILED,
                      "condition " + put.condition() + " does not hold for " + put.key())));
          continue;
        }
        WriteOutcome outcome =
            delegate.batchWrite(List.of(WriteOp.put(put.table(), put.row()))).get(0);
        outcomes.add(
            outcome.succeeded()
                ? WriteOutcome.applied(op)
                : WriteOutcome.failed(op, outcome.failure()));
      } else {
        outcomes.add(delegate.batchWrite(List.of(op)).get(0));
      }
    }
    return outcomes;
  }
}
