package dev.widekey.runtime.store.backend;

import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A batch of writes after the client-side checks: the writes to send, in the batch's order, and one
 * outcome per operation. The checks already failed the operations that may not be sent; a {@link
 * ServiceStore} backend sends the rest and records what the service answered for each.
 *
 * <pre>{@code
 * for (CheckedBatch.Write w : batch.writes()) {
 *   if (sent(w)) batch.applied(w); else batch.failed(w, error);
 * }
 * }</pre>
 */
public final class CheckedBatch {
  /**
   * An operation that passed the checks.
   *
   * @param index its position in the batch
   * @param op the operation
   * @param table the spec of its table
   */
  public record Write(int index, WriteOp op, TableSpec table) {}

  private final List<WriteOp> ops;
  private final WriteOutcome[] outcomes;
  private final List<Write> writes = new ArrayList<>();

  CheckedBatch(List<WriteOp> ops) {
    this.ops = ops;
    this.outcomes = new WriteOutcome[ops.size()];
  }

  void accept(int index, TableSpec table) {
    writes.add(new Write(index, ops.get(index), table));
  }

  void refuse(int index, StoreException error) {
    outcomes[index] = WriteOutcome.failed(ops.get(index), error);
  }

  /** The writes to send, in the batch's order. */
  public List<Write> writes() {
    return Collections.unmodifiableList(writes);
  }

  public void applied(Write write) {
    outcomes[write.index()] = WriteOutcome.applied(write.op());
  }

  public void failed(Write write, StoreException error) {
    outcomes[write.index()] = WriteOutcome.failed(write.op(), error);
  }

  /** One outcome per operation; a write the service gave no answer for failed. */
  List<WriteOutcome> outcomes() {
    for (int i = 0; i < outcomes.length; i++) {
      if (outcomes[i] == null) {
        WriteOp op = ops.get(i);
        outcomes[i] =
            WriteOutcome.failed(
                op,
                new StoreException(
                    ErrorKind.INTERNAL,
                    "the service returned no result for " + op.key() + " in table " + op.table()));
      }
    }
    return List.of(outcomes);
  }
}
