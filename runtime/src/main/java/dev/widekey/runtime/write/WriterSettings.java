package dev.widekey.runtime.write;

import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.WideTableStore;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * A {@link BulkWriter}'s settings, resolved against the store's limits; see {@link
 * BulkWriter.Builder} for each.
 *
 * @param seed the shuffle's seed, or null for an unseeded shuffle
 * @param progress the progress listener, or null
 * @param failureListener the failure listener, or null
 * @param deadline the import deadline, or null for none
 */
record WriterSettings(
    WideTableStore store,
    int workers,
    RetryPolicy policy,
    int maxBatchRows,
    long maxBatchBytes,
    int window,
    long windowBytes,
    int splitInput,
    Long seed,
    BulkWriteProgressListener progress,
    Consumer<BulkWriteFailure> failureListener,
    int maxRecordedFailures,
    Duration deadline) {}
