package dev.widekey.store.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.rekey.RekeyJob;
import dev.widekey.runtime.rekey.RekeyResult;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.entities.RekeyOrders.Order;
import dev.widekey.store.tck.entities.RekeyOrders.Repo;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The re-keying job on a store: orders keyed by a number padded to 6 digits, half of them with a
 * cold note, moved to a layout padded to 8 digits behind a 4-hex MD5 prefix; the job is stopped
 * half-way and resumed. Every order then reads back under the new layout with its cold note, the
 * counts match over both runs, and the old tables hold exactly the bytes they held before.
 *
 * <p>The row count is {@link #defaultRows()} (3,000 on the embedded store, 2,000 on HBase), or
 * {@code -Dwidekey.rekey.rows=N}; the full-size run:
 *
 * <pre>
 * mvn -B -pl store-tck -am verify -Dtest='EmbeddedRekeyTest' -Dsurefire.failIfNoSpecifiedTests=false -Dwidekey.rekey.rows=100000
 * mvn -B -pl store-hbase -am verify -Dtest='RekeyOnHBaseTest' -Dsurefire.failIfNoSpecifiedTests=false -Dwidekey.rekey.rows=100000
 * </pre>
 */
public abstract class RekeyContractTest {
  /** The store under test; the subclass opens and closes it. */
  protected abstract WideTableStore store();

  /** Rows moved when {@code widekey.rekey.rows} is not set. */
  protected int defaultRows() {
    return 3_000;
  }

  private int rows() {
    return Integer.getInteger("widekey.rekey.rows", defaultRows());
  }

  private static List<Row> dump(WideTableStore store, String table) {
    int columns = store.describeTable(table).orElseThrow().primaryKey().size();
    try (Stream<Row> rows = store.scan(table, ScanRange.all(columns))) {
      return rows.toList();
    }
  }

  @Test
  void movesEveryRowStoppedHalfWayAndResumed() {
    WideTableStore store = store();
    int n = rows();
    String suffix = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    Repo old = new Repo(store, "rk_orders_" + suffix, 6, 0, false);
    Repo fresh = new Repo(store, "rk_orders_v2_" + suffix, 8, 4, false);
    old.createTables();
    fresh.createTables();
    List<Order> orders = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      orders.add(new Order(i, "customer " + (i % 97), i % 2 == 0 ? "note " + i : null, 0));
    }
    for (int from = 0; from < n; from += 5_000) {
      old.putAll(orders.subList(from, Math.min(n, from + 5_000)));
    }
    String oldHot = old.hotTable().name();
    String oldCold = old.coldTable().orElseThrow().name();
    List<Row> hotBefore = dump(store, oldHot);
    List<Row> coldBefore = dump(store, oldCold);
    String jobId = "rekey-contract-" + suffix;

    RekeyResult half =
        RekeyJob.builder(old, fresh)
            .jobId(jobId)
            .workers(4)
            .batchRows(500)
            .stopAfterRows(n / 2)
            .build()
            .run();
    assertFalse(half.complete(), half.toString());
    assertTrue(half.countsMatch(), half.toString());
    assertTrue(half.rowsRead() >= n / 2, half.toString());

    RekeyResult done =
        RekeyJob.builder(old, fresh).jobId(jobId).workers(4).batchRows(500).build().run();
    assertTrue(done.complete(), done.toString());
    assertTrue(done.countsMatch(), done.toString());
    assertEquals(n, done.rowsRead());
    assertEquals(n, done.rowsWritten());
    assertEquals(0, done.rowsRefused());

    for (Order o : orders) {
      assertEquals(o, fresh.get(o.number()).orElseThrow(), "order " + o.number());
    }
    assertEquals(n, fresh.countAll());
    assertEquals(hotBefore, dump(store, oldHot));
    assertEquals(coldBefore, dump(store, oldCold));
  }
}
