package dev.widekey.runtime.merge;

import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.WideTableStore;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * One ordered input of a {@link MergedScan}: a range of one table on a store. Its rows must come in
 * the merge's logical order (the store's key order restricted to one bucket or one period is).
 *
 * <pre>{@code
 * MergeSource bucket3 = new MergeSource(store, "metrics", ScanRange.between(from3, to3));
 * }</pre>
 *
 * @param store the store to scan
 * @param table the table to scan
 * @param range the keys to read; its limit caps this source's rows
 * @param seek where this source's rows with a given logical key start: from a stored key of any
 *     source, the least key of this source with the same logical key (for buckets, the key with
 *     this bucket's number in front), or null when unknown. {@link MergedScan#openAfter} starts the
 *     source there instead of reading it from its start. A backward source starts just above it
 *     (its range then ends at the least key above the seek), so the seek must be the source's only
 *     key with that logical key, as it is for buckets, whose logical key is the whole stored key
 *     without the bucket.
 */
public record MergeSource(
    WideTableStore store, String table, ScanRange range, UnaryOperator<PrimaryKey> seek) {
  public MergeSource {
    Objects.requireNonNull(store, "store");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(range, "range");
  }

  /** A source without a seek: a resumed merge reads it from its start and skips. */
  public MergeSource(WideTableStore store, String table, ScanRange range) {
    this(store, table, range, null);
  }
}
