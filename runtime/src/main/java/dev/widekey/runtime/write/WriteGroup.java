package dev.widekey.runtime.write;

import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.List;

/**
 * Operations that must be applied in order, each sent only after the one before it was acknowledged
 * by the store, as one unit of a {@link BulkWriter} input. If one fails for good, the ones after it
 * are not sent and are reported failed, with the cause attached.
 *
 * <p>A split-table entity is written as a group whose cold-table put comes first, so that a crash
 * or a failure never leaves a hot row pointing at a missing cold row; it is deleted in the reverse
 * order, the hot row first.
 *
 * <pre>{@code
 * WriteGroup write = WriteGroup.of(WriteOp.put("orders_cold", coldRow), WriteOp.put("orders", hotRow));
 * WriteGroup remove = WriteGroup.of(WriteOp.delete("orders", key), WriteOp.delete("orders_cold", key));
 * }</pre>
 *
 * <p>One operation of a group may carry how to send it again ({@link Resend}), where sending it
 * again as it is after an attempt whose outcome is unknown could be wrong: a split entity's commit,
 * whose rows another writer may have deleted since it landed. The writer's retries then call it
 * instead of sending the operation again.
 *
 * @param ops the operations, in the order they are applied; at least one
 * @param resend how one of them is sent again, or {@code null}: each is sent again as it is
 */
public record WriteGroup(List<WriteOp> ops, Resend resend) {
  public WriteGroup {
    ops = List.copyOf(ops);
    if (ops.isEmpty()) {
      throw new IllegalArgumentException("a write group holds at least one operation");
    }
    if (resend != null && (resend.index() < 0 || resend.index() >= ops.size())) {
      throw new IllegalArgumentException(
          "resend index " + resend.index() + " is outside a group of " + ops.size());
    }
  }

  /** A group whose operations are each sent again as they are. */
  public WriteGroup(List<WriteOp> ops) {
    this(ops, null);
  }

  /** A group of these operations, applied in this order. */
  public static WriteGroup of(WriteOp... ops) {
    return new WriteGroup(List.of(ops));
  }

  /** A group of one operation. */
  public static WriteGroup of(WriteOp op) {
    return new WriteGroup(List.of(op));
  }

  public int size() {
    return ops.size();
  }

  /**
   * How the operation at {@link #index()} of a group is sent again after an attempt that failed
   * retryably, whose outcome is unknown: instead of that operation as it is. The writer keeps its
   * retry policy (whether and when); this decides how. Called by one thread at a time, and never
   * for the first attempt.
   */
  public interface Resend {
    /** The index in its group of the operation this sends again. */
    int index();

    /**
     * Sends the operation again, however it must be sent (it may read what is stored first, and
     * write other rows), and returns its outcome: applied; failed for good; or failed retryably,
     * its outcome unknown again, and then called again if the policy allows another attempt.
     */
    WriteOutcome resend();

    /**
     * Called once the operation, sent as it is on its first attempt, was acknowledged; it may write
     * (a split entity's commit acknowledged late stores the rows it names again, so that a sweep
     * that took them meanwhile does not leave it naming missing rows). Throwing a {@link
     * dev.widekey.runtime.store.StoreException} fails that attempt: a retryable one leads to {@link
     * #resend()}. Nothing by default.
     */
    default void acknowledged() {}
  }
}
