package dev.widekey.runtime.rekey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.rekey.Orders.Order;
import dev.widekey.runtime.rekey.Orders.Repo;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Rows per second of a re-keying move on the in-memory embedded store: 20,000 orders (half with a
 * cold note) from 6-digit keys to 8-digit keys behind a 4-hex MD5 prefix, 4 workers, 1,000 rows a
 * batch. Run it with:
 *
 * <pre>
 * mvn -B -q -pl runtime -am verify -Dtest='RekeyBenchmarkTest' -Dsurefire.failIfNoSpecifiedTests=false -Dwidekey.bench=true
 * </pre>
 */
@EnabledIfSystemProperty(named = "widekey.bench", matches = "true")
class RekeyBenchmarkTest {
  @Test
  void rowsPerSecond() {
    int n = Integer.getInteger("widekey.bench.rows", 20_000);
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      Repo old = new Repo(store, "orders", 6, 0, false);
      Repo fresh = new Repo(store, "orders_v2", 8, 4, false);
      old.createTables();
      fresh.createTables();
      List<Order> orders = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        orders.add(new Order(i, "customer " + (i % 97), i % 2 == 0 ? "note " + i : null, 0));
      }
      old.putAll(orders);
      // a warm-up move of another job id over the same rows, then the measured one
      RekeyJob.builder(old, fresh).jobId("warm-up").build().run();
      long start = System.nanoTime();
      RekeyResult r =
          RekeyJob.builder(old, fresh).jobId("measured").workers(4).batchRows(1_000).build().run();
      double seconds = (System.nanoTime() - start) / 1e9;
      assertTrue(r.countsMatch());
      assertEquals(n, r.rowsWritten());
      System.out.printf(
          "rekey: %,d rows in %.2f s = %,.0f rows/s (%d segments)%n",
          n, seconds, n / seconds, r.segmentsTotal());
    }
  }
}
