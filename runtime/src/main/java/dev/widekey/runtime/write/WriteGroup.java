package dev.widekey.runtime.write;

import dev.widekey.runtime.store.WriteOp;
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
 * @param ops the operations, in the order they are applied; at least one
 */
public record WriteGroup(List<WriteOp> ops) {
  public WriteGroup {
    ops = List.copyOf(ops);
    if (ops.isEmpty()) {
      throw new IllegalArgumentException("a write group holds at least one operation");
    }
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
}
