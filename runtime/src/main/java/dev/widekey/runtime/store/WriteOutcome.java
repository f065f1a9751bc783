package dev.widekey.runtime.store;

import java.util.Objects;
import java.util.Optional;

/**
 * What happened to one operation of a batch: applied, or failed with a typed error.
 *
 * <pre>{@code
 * for (WriteOutcome o : store.batchWrite(ops)) {
 *   if (!o.succeeded() && o.error().orElseThrow().retryable()) { ... }
 * }
 * }</pre>
 *
 * @param op the operation
 * @param failure the error, or {@code null} if the operation was applied
 */
public record WriteOutcome(WriteOp op, StoreException failure) {
  public WriteOutcome {
    Objects.requireNonNull(op, "op");
  }

  public static WriteOutcome applied(WriteOp op) {
    return new WriteOutcome(op, null);
  }

  public static WriteOutcome failed(WriteOp op, StoreException error) {
    return new WriteOutcome(op, Objects.requireNonNull(error, "error"));
  }

  public boolean succeeded() {
    return failure == null;
  }

  public Optional<StoreException> error() {
    return Optional.ofNullable(failure);
  }
}
