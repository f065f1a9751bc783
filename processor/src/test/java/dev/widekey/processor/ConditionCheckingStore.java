package dev.widekey.processor;

import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.ArrayList;
import java.util.List;

/**
 * Honours {@link WriteCondition}s in front of a store that may not: each conditional put is checked
 * with {@link WriteCondition#holdsFor} against a read of the stored row, and fails with {@link
 * ErrorKind#CONDITION_FAILED} without reaching the store when it does not hold. Not atomic: for
 * single-threaded tests of what generated repositories do with conditions (a copy of the runtime
 * tests' one). Every op passed on is recorded.
 */
final class ConditionCheckingStore extends ForwardingStore {
  private final List<WriteOp> sent = new ArrayList<>();

  ConditionCheckingStore(WideTableStore delegate) {
    super(delegate);
  }

  /** The write operations passed on so far, conditional puts with their condition. */
  public synchronized List<WriteOp> sent() {
    return List.copyOf(sent);
  }

  @Override
  public synchronized void put(String table, Row row) {
    sent.add(WriteOp.put(table, row));
    super.put(table, row);
  }

  @Override
  public void put(String table, Row row, WriteCondition condition) {
    WriteOutcome outcome = batchWrite(List.of(WriteOp.put(table, row, condition))).get(0);
    if (!outcome.succeeded()) {
      throw outcome.failure();
    }
  }

  @Override
  public synchronized void delete(String table, PrimaryKey key) {
    sent.add(WriteOp.delete(table, key));
    super.delete(table, key);
  }

  @Override
  public synchronized List<WriteOutcome> batchWrite(List<WriteOp> ops) {
    List<WriteOutcome> outcomes = new ArrayList<>(ops.size());
    for (WriteOp original : ops) {
      sent.add(original);
      WriteOp op = original;
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
        op = WriteOp.put(put.table(), put.row());
      }
      WriteOutcome outcome = delegate.batchWrite(List.of(op)).get(0);
      outcomes.add(
          outcome.succeeded()
              ? WriteOutcome.applied(original)
              : WriteOutcome.failed(original, outcome.failure()));
    }
    return outcomes;
  }
}
