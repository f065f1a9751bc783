package dev.widekey.store.tck.bench;

import dev.widekey.runtime.repository.ColdRows;
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
 * point, in one run on one store. Three contenders rewrite the same entities each round (so every
 * commit replaces a write with cold values):
 *
 * <ul>
 *   <li>{@code before} sends the prepared rows the old way (cold put, then hot put, no read, no
 *       condition, no delete), kept here only as the contender;
 *   <li>{@code commit} is the generated repository's {@code put} by the repository that wrote the
 *       entities last, as an application rewriting its own entities: it remembers their commit
 *       points (a bounded number, evicted at random: most of them when there are a little more
 *       entities than it holds), so a put is the cold row and the compare-and-set of the hot row,
 *       and the delete of the replaced cold row (in the background on a networked store, waited for
 *       at the end of the round);
 *   <li>{@code commit-unknown} is the same {@code put} by a new repository each round, which knows
 *       none of the commit points: every put reads its commit point first (on a networked store
 *       while it stores the cold row);
 *   <li>{@code floor} sends only the store operations the commit point's design cannot do without
 *       ({@link FloorWrites}): the cold row, the atomic write of the hot row over the tag it
 *       replaces, and the replaced cold row's delete; no read, no bookkeeping. Not a way to write,
 *       a bound: the least {@code commit} could cost on this store.
 * </ul>
 *
 * <p>With 1 and 8 threads, contenders in a rotating order; it prints puts per second and the ratio
 * of each commit contender's time to {@code before}'s, per round and the median. A benchmark
 * program, not a test: the runners ({@code SplitPutBenchmarkTest} on the embedded store, {@code
 * SplitPutOnHBaseBenchmark} on the mini cluster) run it only with {@code -Dwidekey.bench=true}.
 */
public final class SplitPutBenchmark {
  /** How a round writes. */
  private enum Contender {
    BEFORE("before"),
    COMMIT("commit"),
    COMMIT_UNKNOWN("commit-unknown"),
    FLOOR("floor");

    final String label;

    Contender(String label) {
      this.label = label;
    }
  }

  private final WideTableStore store;
  private final int entities;
  private final int rounds;
  private final PrintStream out;

  /** The tag of the floor contender's last write of each entity; 0 before its first. */
  private final long[] floorTags;

  public SplitPutBenchmark(WideTableStore store, int entities, int rounds, PrintStream out) {
    this.store = store;
    this.entities = entities;
    this.rounds = rounds;
    this.out = out;
    this.floorTags = new long[entities];
  }

  /**
   * Runs every thread count; returns, per thread count, the median time ratios commit/before,
   * commit-unknown/before and floor/before.
   */
  public List<double[]> run(int... threadCounts) throws Exception {
    ColdItemRepository repo = new ColdItemRepository(store);
    if (IndexBenchmark.REMEMBERED != null) {
      repo.withRememberedCommitPoints(IndexBenchmark.REMEMBERED);
    }
    repo.createTables();
    Contender[] contenders = Contender.values();
    List<double[]> medians = new ArrayList<>();
    for (int threads : threadCounts) {
      double[][] ratios = new double[3][rounds];
      // two warm-up rounds: the first writes the entities, so only the second runs (and warms)
      // the rewrite path every measured round takes; with one, the first measured round of the
      // mini cluster was its slowest by far (3.8x against 1.2x-2.0x)
      for (int warmUp = 0; warmUp < 2; warmUp++) {
        for (Contender c : contenders) {
          measure(repo, threads, c);
        }
      }
      for (int round = 0; round < rounds; round++) {
        long[] nanos = new long[contenders.length];
        for (int i = 0; i < contenders.length; i++) {
          Contender c = contenders[(round + i) % contenders.length];
          nanos[c.ordinal()] = measure(repo, threads, c);
        }
        long before = nanos[Contender.BEFORE.ordinal()];
        ratios[0][round] = (double) nanos[Contender.COMMIT.ordinal()] / before;
        ratios[1][round] = (double) nanos[Contender.COMMIT_UNKNOWN.ordinal()] / before;
        ratios[2][round] = (double) nanos[Contender.FLOOR.ordinal()] / before;
        out.printf(
            "split put, %d thread(s), round %d: before %,.0f puts/s, commit %,.0f puts/s"
                + " (%.2fx the time), commit-unknown %,.0f puts/s (%.2fx), floor %,.0f puts/s"
                + " (%.2fx)%n",
            threads,
            round + 1,
            entities * 1e9 / before,
            entities * 1e9 / nanos[Contender.COMMIT.ordinal()],
            ratios[0][round],
            entities * 1e9 / nanos[Contender.COMMIT_UNKNOWN.ordinal()],
            ratios[1][round],
            entities * 1e9 / nanos[Contender.FLOOR.ordinal()],
            ratios[2][round]);
      }
      double[] median = {median(ratios[0]), median(ratios[1]), median(ratios[2])};
      medians.add(median);
      out.printf(
          "split put, %d thread(s): median time, commit/before %.2fx %s, commit-unknown/before"
              + " %.2fx %s, floor/before %.2fx %s, over %d rounds%n",
          threads,
          median[0],
          Arrays.toString(ratios[0]),
          median[1],
          Arrays.toString(ratios[1]),
          median[2],
          Arrays.toString(ratios[2]),
          rounds);
    }
    return medians;
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  /** Writes every entity of the contender's id range once; nanoseconds. */
  private long measure(ColdItemRepository repo, int threads, Contender contender) throws Exception {
    ColdItemRepository writer =
        contender == Contender.COMMIT_UNKNOWN ? new ColdItemRepository(store) : repo;
    long range = contender.ordinal();
    FloorWrites floor = contender == Contender.FLOOR ? new FloorWrites(store) : null;
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
                            range * entities + i,
                            i,
                            new BigDecimal("9.99"),
                            "a description of a couple of hundred bytes, item "
                                + i
                                + " ".repeat(150));
                    if (contender == Contender.BEFORE) {
                      PreparedWrite rows = writer.prepare(item);
                      store.put(ColdItemTable.COLD_NAME, rows.cold());
                      store.put(ColdItemTable.NAME, rows.hot());
                    } else if (contender == Contender.FLOOR) {
                      PreparedWrite rows = writer.prepare(item);
                      store.put(ColdItemTable.COLD_NAME, rows.cold());
                      long replaced = floorTags[i];
                      floor.commit(ColdItemTable.NAME, rows.hot(), replaced, false);
                      if (replaced != 0) {
                        floor.delete(
                            ColdItemTable.COLD_NAME, ColdRows.key(rows.hot().key(), replaced));
                      }
                      floorTags[i] = FloorWrites.tagOf(rows.hot());
                    } else {
                      writer.put(item);
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
      if (contender == Contender.FLOOR) {
        floor.flush();
      } else if (contender != Contender.BEFORE) {
        writer.flushDeletes(); // the background deletes of replaced rows are the commit's work too
      }
      return System.nanoTime() - start;
    } finally {
      pool.shutdown();
    }
  }
}
