package dev.widekey.store.tck.bench;

import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.store.tck.entities.BenchTicket;
import dev.widekey.store.tck.entities.BenchTicketRepository;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * An indexed entity's delete on the embedded store, which hands back the row it deletes ({@code
 * WideTableStore.getAndDelete}: one call, then the index row's delete), against the same delete
 * through a {@link ForwardingStore} of the same store, which hides that (so the repository reads
 * the commit point and deletes it on a condition, as on a networked store). Skipped unless {@code
 * -Dwidekey.bench=true}; prints each round's µs a delete per side and the ratio, then the median.
 *
 * <pre>{@code
 * mvn -B -q -pl store-tck -am verify -Dwidekey.bench=true \
 *     -Dtest=HandedBackDeleteBenchmarkTest -Dsurefire.failIfNoSpecifiedTests=false
 * }</pre>
 *
 * {@code -Dwidekey.bench.rows=} entities deleted per side and turn (default 20,000), {@code
 * -Dwidekey.bench.rounds=} measured rounds (default 9, after 2 warm-up rounds); each round runs
 * four turns per side, the sides alternating, every entity put again before each turn.
 */
@EnabledIfSystemProperty(named = "widekey.bench", matches = "true")
class HandedBackDeleteBenchmarkTest {
  @Test
  void handedBackAgainstReadAndConditionalDelete() {
    int rows = Integer.getInteger("widekey.bench.rows", 20_000);
    int rounds = Integer.getInteger("widekey.bench.rounds", 9);
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      BenchTicketRepository handedBack = new BenchTicketRepository(store);
      BenchTicketRepository conditional = new BenchTicketRepository(new ForwardingStore(store));
      handedBack.createTables();
      double[] ratios = new double[rounds];
      for (int round = -2; round < rounds; round++) {
        long[] nanos = new long[2];
        for (int turn = 0; turn < 8; turn++) {
          boolean first = (turn + Math.max(round, 0)) % 2 == 0;
          BenchTicketRepository side = first ? handedBack : conditional;
          for (int i = 0; i < rows; i++) {
            String grp = "g" + i / 100;
            handedBack.put(new BenchTicket(grp, i % 100, grp, round));
          }
          long start = System.nanoTime();
          for (int i = 0; i < rows; i++) {
            side.delete("g" + i / 100, i % 100);
          }
          nanos[first ? 0 : 1] += System.nanoTime() - start;
        }
        if (round < 0) {
          continue; // warm-up
        }
        ratios[round] = (double) nanos[1] / nanos[0];
        System.err.printf(
            "delete, round %d: handed back %.2f us, read and conditional delete %.2f us"
                + " (%.2fx the time)%n",
            round + 1, nanos[0] / 4e3 / rows, nanos[1] / 4e3 / rows, ratios[round]);
      }
      double[] sorted = ratios.clone();
      Arrays.sort(sorted);
      System.err.printf(
          "delete: median read and conditional delete / handed back %.2fx %s over %d rounds%n",
          sorted[rounds / 2], Arrays.toString(ratios), rounds);
    }
  }
}
