package dev.widekey.runtime.store;

import java.util.ArrayList;
import java.util.List;

/**
 * Passes every call on to a store and records the writes sent, conditional puts with their
 * condition, so that tests can check what a caller wrote and in which order.
 */
public final class RecordingStore extends ForwardingStore {
  private final List<WriteOp> sent = new ArrayList<>();

  public RecordingStore(WideTableStore delegate) {
    super(delegate);
  }

  /** The write operations passed on so far, in order. */
  public synchronized List<WriteOp> sent() {
    return List.copyOf(sent);
  }

  @Override
  public synchronized void put(String table, Row row) {
    sent.add(WriteOp.put(table, row));
    super.put(table, row);
  }

  @Override
  public synchronized void delete(String table, PrimaryKey key) {
    sent.add(WriteOp.delete(table, key));
    super.delete(table, key);
  }

  @Override
  public synchronized List<WriteOutcome> batchWrite(List<WriteOp> ops) {
    sent.addAll(ops);
    return super.batchWrite(ops);
  }
}
