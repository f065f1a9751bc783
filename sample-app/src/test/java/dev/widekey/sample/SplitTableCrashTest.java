package dev.widekey.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.ColdRows;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A crash between the writes of a split-table entity never leaves a hot row pointing at a missing
 * cold row: the process is "killed" at every write in turn, and the surviving store is checked each
 * time.
 */
class SplitTableCrashTest {

  /**
   * @param computed whether the store computes rows (the embedded store's one-call commit, {@link
   *     WideTableStore#computeRow}) or only compare-and-sets (the networked stores' path)
   */
  @ParameterizedTest(name = "computed commit: {0}")
  @ValueSource(booleans = {true, false})
  void aCrashAtAnyWriteOfPutInsertUpdateOrDeleteKeepsHotRowsPairedWithTheirColdRows(
      boolean computed) {
    // every row operation of every write kind in turn: cold put, commit, delete of the replaced
    // cold row, and a delete's two deletes
    for (int crashAt = 1; crashAt <= 24; crashAt++) {
      try (EmbeddedStore durable = EmbeddedStore.inMemory()) {
        CrashingStore crashing = new CrashingStore(durable, crashAt, computed);
        ItemRepository items = new ItemRepository(crashing);
        items.createTables();
        crashing.arm();
        try {
          items.put(new Item(1, 5, new BigDecimal("1.00"), "first description"));
          items.put(new Item(2, 6, new BigDecimal("2.00"), "second description"));
          items.put(new Item(1, 7, new BigDecimal("1.50"), null)); // drops the cold value
          items.delete(2);
          items.put(new Item(2, 8, new BigDecimal("2.50"), "third description"));
          items.put(new Item(3, 9, null, "fourth description"));
          items.insert(new Item(4, 1, null, "fifth description"));
          items.update(new Item(4, 2, null, "sixth description"));
          items.update(new Item(3, 3, null, null));
        } catch (Crash expected) {
          // the process died here; what follows is what a restart would find
        }
        assertHotRowsHaveColdRows(durable, "crash at write " + crashAt);
        ItemRepository afterRestart = new ItemRepository(durable);
        for (long id = 1; id <= 4; id++) {
          afterRestart.getWithCold(id); // never fails with a dangling cold pointer
          // and the next write of each entity lands whole
          Item next = new Item(id, 100, new BigDecimal("10.00"), "after restart " + id);
          afterRestart.put(next);
          assertEquals(next, afterRestart.getWithCold(id).orElseThrow());
        }
        assertHotRowsHaveColdRows(durable, "writes after the crash at write " + crashAt);
      }
    }
  }

  @Test
  void aCrashInTheMiddleOfABulkBatchKeepsHotRowsPairedWithTheirColdRows() {
    for (int crashAt = 1; crashAt <= 6; crashAt++) {
      try (EmbeddedStore durable = EmbeddedStore.inMemory()) {
        CrashingStore crashing = new CrashingStore(durable, crashAt);
        ItemRepository items = new ItemRepository(crashing);
        items.createTables();
        List<Item> batch = new ArrayList<>();
        for (long id = 0; id < 300; id++) {
          batch.add(new Item(id, (int) id, BigDecimal.ONE, id % 3 == 0 ? null : "text " + id));
        }
        crashing.arm();
        try {
          items.putAll(batch);
        } catch (RuntimeException crashed) {
          // the writer reports the crash; the store keeps whatever was applied
        }
        assertHotRowsHaveColdRows(durable, "bulk crash at batch write " + crashAt);
      }
    }
  }

  private static void assertHotRowsHaveColdRows(WideTableStore store, String scenario) {
    try (Stream<Row> hot = store.scan(ItemTable.NAME, ScanRange.all(ItemKeys.COLUMNS))) {
      hot.filter(row -> row.get(SplitTableRepository.COLD_MARKER) != null)
          .forEach(
              row ->
                  assertTrue(
                      store
                          .get(
                              ItemTable.COLD_NAME,
                              ColdRows.key(
                                  row.key(), row.get(SplitTableRepository.COLD_TAG).asLong()),
                              ColumnSelection.all())
                          .isPresent(),
                      scenario + ": hot row " + row.key() + " points at a missing cold row"));
    }
  }

  /** Thrown by {@link CrashingStore}: the process dies. */
  static final class Crash extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Crash(String message) {
      super(message);
    }
  }

  /**
   * Applies writes until the n-th one, then "crashes": a single write is not applied; a batch
   * applies its first half and then dies. Every later call fails too, as a dead process would.
   */
  static final class CrashingStore extends ForwardingStore {
    private final int crashAt;
    private final boolean computes;
    private boolean armed;
    private int writes;

    CrashingStore(WideTableStore delegate, int crashAt) {
      this(delegate, crashAt, false);
    }

    /**
     * {@code computes}: forwards row computations and handed-back deletes, each a write that may
     * crash.
     */
    CrashingStore(WideTableStore delegate, int crashAt, boolean computes) {
      super(delegate);
      this.crashAt = crashAt;
      this.computes = computes;
    }

    @Override
    public boolean computesRows() {
      return computes && delegate.computesRows();
    }

    @Override
    public Optional<Row> computeRow(
        String table,
        PrimaryKey key,
        ColumnSelection columns,
        Function<Optional<Row>, Row> compute) {
      if (crashesNow()) {
        throw new Crash("crashed before committing into " + table);
      }
      return delegate.computeRow(table, key, columns, compute);
    }

    @Override
    public Optional<Row> getAndDelete(String table, PrimaryKey key, ColumnSelection columns) {
      if (crashesNow()) {
        throw new Crash("crashed before deleting from " + table);
      }
      return delegate.getAndDelete(table, key, columns);
    }

    void arm() {
      armed = true;
    }

    private synchronized boolean crashesNow() {
      return armed && ++writes >= crashAt;
    }

    @Override
    public void put(String table, Row row) {
      if (crashesNow()) {
        throw new Crash("crashed before putting into " + table);
      }
      super.put(table, row);
    }

    @Override
    public void delete(String table, PrimaryKey key) {
      if (crashesNow()) {
        throw new Crash("crashed before deleting from " + table);
      }
      super.delete(table, key);
    }

    @Override
    public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
      if (crashesNow()) {
        super.batchWrite(ops.subList(0, ops.size() / 2));
        throw new Crash("crashed in the middle of a batch");
      }
      return super.batchWrite(ops);
    }

    @Override
    public void close() {} // the durable store outlives the crashed writer
  }

  @Test
  void theCrashScenarioDoesWriteBothTablesWhenNothingCrashes() {
    // guards the test above: with no crash, cold rows really are written and read back
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      ItemRepository items = new ItemRepository(store);
      items.createTables();
      items.put(new Item(1, 5, new BigDecimal("1.00"), "first description"));
      assertEquals("first description", items.getWithCold(1).orElseThrow().description());
      try (Stream<Row> cold = store.scan(ItemTable.COLD_NAME, ScanRange.all(2))) {
        assertEquals(1, cold.count());
      }
    }
  }
}
