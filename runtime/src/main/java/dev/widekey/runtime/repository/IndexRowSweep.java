package dev.widekey.runtime.repository;

import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Deletes the index rows no hot row names, once older than a grace period: those of a write stopped
 * before its commit or before it deleted the rows of the write it replaced. A hot row names exactly
 * one row of each index, by the tag it records ({@link IndexRows#tagColumn}); every other row of
 * its key is garbage. Reads already skip such rows; the sweep reclaims their space. Rows whose ref
 * does not decode, or without a write time, were not written by widekey: counted and kept. As for
 * cold rows ({@link ColdRowSweep}), the grace must exceed the longest write, and a single write
 * gives up past {@link ColdRows#COMMIT_DEADLINE}.
 */
final class IndexRowSweep {
  private final WideTableStore store;
  private final TableSpec hot;
  private final IndexTable index;
  private final long deadline;

  IndexRowSweep(
      WideTableStore store, TableSpec hot, IndexTable index, long nowMillis, Duration grace) {
    this.store = store;
    this.hot = hot;
    this.index = index;
    // saturated: a grace past what the clock counts (ChronoUnit.FOREVER) leaves nothing old enough
    this.deadline = nowMillis - RetryPolicy.saturatedNanos(grace) / 1_000_000;
  }

  ColdSweepResult sweep() {
    long scanned = 0;
    long named = 0;
    long young = 0;
    long deleted = 0;
    long foreign = 0;
    ScanRange all =
        ScanRange.all(index.table().primaryKey().size())
            .withColumns(ColumnSelection.of(ColdRows.WRITTEN));
    String tagColumn = IndexRows.tagColumn(index);
    try (Stream<Row> rows = store.scan(index.table().name(), all)) {
      for (Row row : (Iterable<Row>) rows::iterator) {
        scanned++;
        IndexRows.Ref ref;
        try {
          ref = IndexRows.ref(index, row.key(), hot.primaryKey());
        } catch (StoreException e) {
          foreign++;
          continue;
        }
        long written = IndexRows.written(row);
        if (written < 0) {
          foreign++;
          continue;
        }
        Optional<Row> hotRow = store.get(hot.name(), ref.hotKey(), ColumnSelection.of(tagColumn));
        if (hotRow.isPresent()
            && AttrValue.ofInteger(ref.tag()).equals(hotRow.get().get(tagColumn))) {
          named++;
        } else if (written > deadline) {
          young++;
        } else if (ColdRows.deleteIfUnchanged(
            store, index.table().name(), row.key(), AttrValue.ofInteger(written))) {
          deleted++;
        } else {
          young++; // stored again since it was read (a resumed import, same key): not garbage
        }
      }
    }
    return new ColdSweepResult(scanned, named, young, deleted, foreign);
  }
}
