package dev.widekey.runtime.merge;

import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.WideTableStore;
import java.util.Objects;

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
 */
public record MergeSource(WideTableStore store, String table, ScanRange range) {
  public MergeSource {
    Objects.requireNonNull(store, "store");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(range, "range");
  }
}
