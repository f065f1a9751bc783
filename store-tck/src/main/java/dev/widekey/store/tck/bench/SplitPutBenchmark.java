package dev.widekey.store.tck.bench;

import dev.widekey.runtime.repository.SplitTableRepository.PreparedWrite;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.entities.ColdItem;
import dev.widekey.store.tck.entities.ColdItemRepository;
import dev.widekey.store.tck.entities.ColdItemTable;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A split entity's repository {@code put} against the write order widekey had before the commit
 * point, in one run on one store: {@code commit} is the generated repository's {@code put} (read
 * the commit point, cold row, compare-and-set of the hot row, delete of the replaced cold row);
 * {@code before} sends the same prepared rows the old way (cold put, then hot put, no read, no
 * condition, no delete), kept here only as the contender. Each round rewrites the same entities (so
 * every commit replaces a write with cold values), with 1 and 8 threads, contenders alternating; it
 * prints puts per second and the ratio of their times, per round and the median. A benchmark
 * program, not a test: the runners ({@code SplitPutBenchmarkTest} on the embedded store, {@code
 * SplitPutOnHBaseBenchmark} on the mini cluster) run it only with {@code -Dwidekey.bench=true}.
 */
public final class SplitPutBenchmark {
  private final WideTableStore store;
  private final int entities;
  private final int rounds;
  private final PrintStream out;

  public SplitPutBenchmark(WideTableStore store, int entities, int rounds, PrintStream out) {
    this.store = store;
    this.entities = entities;
    this.rounds = rounds;
    this.out = out;
  }

  /** Runs every thread count; returns the median time ratio commit/before per thread count. */
  public List<Double> run(int... threadCounts) throws Exception {
    ColdItemRepository repo = new ColdItemRepository(store);
    repo.createTables();
    List<Double> medians = new ArrayList<>();
    for (int threads : threadCounts) {
      double[] ratios = new double[rounds];
      measure(repo, threads, 0, true); // warm-up, both contenders
      measure(repo, threads, 1, false);
      for (int round = 0; round < rounds; round++) {
        boolean commitFirst = round % 2 == 0;
        long first = measure(repo, threads, commitFirst ? 0 : 1, commitFirst);
        long second = measure(repo, threads, commitFirst ? 1 : 0, !commitFirst);
        long commit = commitFirst ? first : second;
        long before = commitFirst ? second : first;
        ratios[round] = (double) commit / before;
        out.printf(
            "split put, %d thread(s), round %d: commit %,.0f puts/s, before %,.0f puts/s,"
                + " commit/before time %.2fx%n",
            threads, round + 1, entities * 1e9 / commit, entities * 1e9 / before, ratios[round]);
      }
      double[] sorted = ratios.clone();
      Arrays.sort(sorted);
      double median = sorted[sorted.length / 2];
      medians.add(median);
      out.printf(
          "split put, %d thread(s): median commit/before time %.2fx over %d rounds %s%n",
          threads, median, rounds, Arrays.toString(ratios));
    }
    return medians;
  }

  /** Writes every entity of one id range once, the new way or the old; nanoseconds. */
  private long measure(ColdItemRepository repo, int threads, int range, boolean commit)
      throws Exception {
    AtomicInteger next = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      long start = System.nanoTime();
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        done.add(
            pool.submit(
                () -> {
                  for (int i = next.getAndIncrement(); i < entities; i = next.getAndIncrement()) {
                    ColdItem item =
                        new ColdItem(
                            (long) range * entities + i,
                            i,
                            new BigDecimal("9.99"),
                            "a description of a couple of hundred bytes, item "
                                + i
                                + " ".repeat(150));
                    if (commit) {
                      repo.put(item);
                    } else {
                      PreparedWrite rows = repo.prepare(item);
                      store.put(ColdItemTable.COLD_NAME, rows.cold());
                      store.put(ColdItemTable.NAME, rows.hot());
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
      return System.nanoTime() - start;
    } finally {
      pool.shutdown();
    }
  }
}
