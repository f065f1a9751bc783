package dev.widekey.store.tck.history;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.ColdRows;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.backend.ConditionErrors;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.store.tck.entities.SplitRegisterTable;
import dev.widekey.store.tck.history.HistoryChecker.Kind;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The whole harness, clients and checker, run on stores broken on purpose: each must be caught. The
 * correct-store test of the base class is not run here.
 */
class HistoryCatchesBrokenStoresTest extends ConcurrentHistoryContractTest {
  private static final long SEED = 20261124L;
  private EmbeddedStore embedded;
  private List<WideTableStore> stores;

  @BeforeEach
  void open() {
    embedded = EmbeddedStore.inMemory();
  }

  @AfterEach
  void close() {
    embedded.close();
  }

  @Override
  protected List<WideTableStore> stores() {
    return stores;
  }

  /** Not a test here: these stores are broken. */
  @Override
  public void concurrentClientsLeaveAHistoryWithoutAnomalies() {}

  /** Not a test here: these stores are broken. */
  @Override
  public void splitEntitiesLeaveAHistoryWithoutAnomalies() {}

  /**
   * The old write order: every write of an entity stores its cold columns in one cold row (here,
   * every cold key's {@value ColdRows#TAG} mapped to one constant, all else kept), so a write
   * paused between its cold row and its commit overwrites, or is overwritten by, another write's
   * cold columns, and a write's cleanup deletes the row the committed write names. The split
   * history must report mixed reads.
   */
  @Test
  void theOldWriteOrderSharingOneColdRowIsCaught() throws Exception {
    WideTableStore shared =
        new ForwardingStore(embedded) {
          private PrimaryKey shared(String table, PrimaryKey key) {
            return table.equals(SplitRegisterTable.COLD_NAME)
                ? PrimaryKey.of(key.get(0), PkValue.ofInteger(0))
                : key;
          }

          @Override
          public void put(String table, Row row) {
            delegate.put(table, Row.of(shared(table, row.key()), row.columns()));
          }

          @Override
          public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
            return delegate.get(table, shared(table, key), columns);
          }

          @Override
          public void delete(String table, PrimaryKey key) {
            delegate.delete(table, shared(table, key));
          }

          @Override
          public String toString() {
            return "one shared cold row per entity over " + delegate;
          }
        };
    stores = List.of(shared, shared);
    SplitHistory run = runSplitHistory(2, SEED);
    assertTrue(run.report().count(Kind.MIXED_ROW) > 0, run::toString);
  }

  /** A compare-and-set as a read, a pause and a write: two clients can both pass the check. */
  @Test
  void aCompareAndSetThatIsNotAtomicLosesIncrements() throws Exception {
    WideTableStore racy =
        new ForwardingStore(embedded) {
          @Override
          public void put(String table, Row row, WriteCondition condition) {
            Row stored = delegate.get(table, row.key(), ColumnSelection.all()).orElse(null);
            if (!condition.holdsFor(stored)) {
              throw ConditionErrors.failed(table, row.key(), condition);
            }
            LockSupport.parkNanos(200_000);
            delegate.put(table, row);
          }
        };
    stores = List.of(racy, racy);
    HistoryChecker.Report report = runHistory(2, SEED);
    assertTrue(report.count(Kind.DUPLICATE_INCREMENT) > 0, report::toString);
    assertTrue(report.count(Kind.LOST_INCREMENT) > 0, report::toString);
  }

  /** A second instance that answers reads from a cache kept for a while: stale reads. */
  @Test
  void anInstanceReadingFromAStaleCacheIsCaught() throws Exception {
    Map<PrimaryKey, Optional<Row>> cache = new ConcurrentHashMap<>();
    Map<PrimaryKey, Long> cachedAt = new ConcurrentHashMap<>();
    WideTableStore caching =
        new ForwardingStore(embedded) {
          @Override
          public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
            long now = System.nanoTime();
            Long at = cachedAt.get(key);
            if (at != null && now - at < 20_000_000L) {
              return cache.get(key);
            }
            Optional<Row> row = delegate.get(table, key, columns);
            cache.put(key, row);
            cachedAt.put(key, now);
            return row;
          }
        };
    stores = List.of(embedded, caching);
    HistoryChecker.Report report = runHistory(2, SEED);
    assertTrue(report.count(Kind.STALE_READ) + report.count(Kind.LOST_ROW) > 0, report::toString);
  }
}
