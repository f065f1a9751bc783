package dev.widekey.runtime.write;

import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WriteOp;

/**
 * One input operation the {@link BulkWriter} could not get acknowledged.
 *
 * <pre>{@code
 * for (BulkWriteFailure f : result.failures()) {
 *   log.warn("row {} of the input ({}) failed: {}", f.position(), f.op().key(), f.error().kind());
 * }
 * }</pre>
 *
 * @param position the position in the input of the operation, or of its {@link WriteGroup}, counted
 *     from 0
 * @param indexInGroup the operation's index in its group; 0 for a lone operation
 * @param op the operation
 * @param error the last error: non-retryable, or the last retryable one when the attempts or the
 *     deadline ran out; for an operation never sent because an earlier one of its group failed, an
 *     error of the same kind, not retryable, caused by that failure
 * @param attempts how many times the operation was sent (0 if never)
 */
public record BulkWriteFailure(
    long position, int indexInGroup, WriteOp op, StoreException error, int attempts) {}
