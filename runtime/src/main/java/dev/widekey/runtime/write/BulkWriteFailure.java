package dev.widekey.runtime.write;

import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WriteOp;

/**
 * One input operation the {@link BulkWriter} could not get acknowledged: where it was in the input,
 * its table, key and size, and the error; never the row itself, so ten thousand failures of large
 * rows stay small, and a listener that logs a failure writes no row data into the log.
 *
 * <pre>{@code
 * for (BulkWriteFailure f : result.failures()) {
 *   log.warn("row {} of the input ({}) failed: {}", f.position(), f.key(), f.error().kind());
 * }
 * }</pre>
 *
 * @param position the position in the input of the operation, or of its {@link WriteGroup}, counted
 *     from 0
 * @param indexInGroup the operation's index in its group; 0 for a lone operation
 * @param table the table written
 * @param key the key written
 * @param bytes the operation's size ({@link WriteOp#sizeInBytes()})
 * @param error the last error: non-retryable, or the last retryable one when the attempts or the
 *     deadline ran out; for an operation never sent because an earlier one of its group failed, an
 *     error of the same kind, not retryable, caused by that failure
 * @param attempts how many times the operation was sent (0 if never)
 */
public record BulkWriteFailure(
    long position,
    int indexInGroup,
    String table,
    PrimaryKey key,
    long bytes,
    StoreException error,
    int attempts) {}
