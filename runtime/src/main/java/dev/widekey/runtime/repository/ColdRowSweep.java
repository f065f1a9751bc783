package dev.widekey.runtime.repository;

import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Removes the garbage of the commit-point protocol: cold rows that no hot row names (left by a
 * write or a delete stopped between its rows, a failed delete, or a bulk write that raced another
 * client), once they are older than a grace period. A younger one may still be an unfinished
 * write's, whose commit is yet to come; an older one cannot be, as long as the grace is longer than
 * any write takes: a single write never commits later than {@link ColdRows#COMMIT_DEADLINE} after
 * it planned its rows, and a bulk write's rows are planned when it starts, so the grace must exceed
 * the longest import too. Rows without a readable owner or write time were not written by widekey:
 * they are counted, never deleted (a row with neither is not even read: the scan selects those two
 * columns, so that chunked cold values are never read).
 *
 * <p>The same sweep removes chunk rows ({@link ChunkRows}) nobody names: those of a write whose hot
 * row does not carry their tag, or counts fewer parts. They carry the same owner and write time.
 */
final class ColdRowSweep {
  private final WideTableStore store;
  private final TableSpec hot;
  private final TableSpec cold;
  private final boolean chunks;
  private final long deadline;

  /**
   * @param nowMillis the sweeper's clock, epoch milliseconds
   * @param grace how old an unnamed cold row must be to be deleted
   */
  ColdRowSweep(
      WideTableStore store, TableSpec hot, TableSpec cold, long nowMillis, Duration grace) {
    this(store, hot, cold, false, nowMillis, grace);
  }

  /**
   * @param table the cold table, or with {@code chunks} the chunk table
   */
  ColdRowSweep(
      WideTableStore store,
      TableSpec hot,
      TableSpec table,
      boolean chunks,
      long nowMillis,
      Duration grace) {
    this.store = store;
    this.hot = hot;
    this.cold = table;
    this.chunks = chunks;
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
        ScanRange.all(chunks ? 3 : 2)
            .withColumns(ColumnSelection.of(ColdRows.OWNER, ColdRows.WRITTEN));
    try (Stream<Row> rows = store.scan(cold.name(), all)) {
      for (Row row : (Iterable<Row>) rows::iterator) {
        scanned++;
        Optional<PrimaryKey> owner = owner(row);
        AttrValue written = row.get(ColdRows.WRITTEN);
        if (owner.isEmpty() || written == null || written.type() != AttrType.INTEGER) {
          foreign++;
          continue;
        }
        if (namedByItsHotRow(owner.get(), row.key())) {
          named++;
        } else if (written.asLong() > deadline) {
          young++;
        } else if (ColdRows.deleteIfUnchanged(store, cold.name(), row.key(), written)) {
          deleted++;
        } else {
          young++; // stored again since it was read (a resumed import, same key): not garbage
        }
      }
    }
    return new ColdSweepResult(scanned, named, young, deleted, foreign);
  }

  private Optional<PrimaryKey> owner(Row row) {
    AttrValue owner = row.get(ColdRows.OWNER);
    if (owner == null
        || owner.type() != AttrType.BINARY
        || row.key().get(1).type() != PkType.INTEGER
        || chunks && row.key().get(2).type() != PkType.INTEGER) {
      return Optional.empty();
    }
    try {
      PrimaryKey key = OrderedKeyBytes.decode(cold.name(), owner.asBinary(), hot.primaryKey());
      // an owner in another partition than the row is not this row's
      return key.get(0).equals(row.key().get(0)) ? Optional.of(key) : Optional.empty();
    } catch (StoreException e) {
      return Optional.empty();
    }
  }

  private boolean namedByItsHotRow(PrimaryKey owner, PrimaryKey row) {
    long tag = row.get(1).asLong();
    Optional<Row> hotRow =
        store.get(
            hot.name(),
            owner,
            ColumnSelection.of(
                SplitTableRepository.COLD_TAG, SplitTableRepository.COLD_MARKER, ChunkRows.PARTS));
    if (hotRow.isEmpty()) {
      return false;
    }
    AttrValue named = hotRow.get().get(SplitTableRepository.COLD_TAG);
    if (named == null || !named.equals(AttrValue.ofInteger(tag))) {
      return false;
    }
    if (chunks) {
      AttrValue parts = hotRow.get().get(ChunkRows.PARTS);
      long part = row.get(2).asLong();
      // a part the hot row does not count is nobody's; a damaged count keeps the row (not ours)
      return parts == null
          ? false
          : parts.type() != AttrType.INTEGER || part >= 0 && part < parts.asLong();
    }
    return AttrValue.ofBoolean(true).equals(hotRow.get().get(SplitTableRepository.COLD_MARKER));
  }
}
