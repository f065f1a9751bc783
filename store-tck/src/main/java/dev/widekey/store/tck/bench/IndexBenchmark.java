package dev.widekey.store.tck.bench;

import dev.widekey.runtime.query.ContinuationKey;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.entities.BenchPlainTicket;
import dev.widekey.store.tck.entities.BenchPlainTicketRepository;
import dev.widekey.store.tck.entities.BenchTicket;
import dev.widekey.store.tck.entities.BenchTicketRepository;
import jakarta.data.page.PageRequest;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a client-side index costs, in one run on one store, both sides alternating round by round:
 *
 * <ul>
 *   <li><b>put</b>: the repository {@code put} of an entity with one index ({@link BenchTicket})
 *       against the same entity without it ({@link BenchPlainTicket}), with 1 and 8 threads; every
 *       round rewrites the same entities, half of them moving the indexed value (which adds the
 *       delete of the old index row), half keeping it; the two sides take turns every {@link
 *       #SLICE} entities;
 *   <li><b>page</b>: a page of 100 rows read through the index ({@code byQueue().pageByQueue(q,
 *       PageRequest.ofSize(100))}) against the same 100 rows as a page of the primary key ({@code
 *       pageByGrp(g, ...)}), one thread, after as many unmeasured rounds of both as are measured.
 * </ul>
 *
 * <p>Prints each round's rates and the ratio of the indexed side's time to the plain side's, and
 * the medians. A benchmark program, not a test: the runners ({@code IndexBenchmarkTest} on the
 * embedded store, {@code IndexOnHBaseBenchmark} on the mini cluster) run it only with {@code
 * -Dwidekey.bench=true}.
 */
public final class IndexBenchmark {
  /** Rows one page holds, and one group of the primary key. */
  static final int PAGE = 100;

  /**
   * Commit points each writing repository remembers ({@code -Dwidekey.bench.remembered=N}), or null
   * for the repository's default: what an application sizing it to its working set measures.
   */
  static final Integer REMEMBERED = Integer.getInteger("widekey.bench.remembered");

  private final WideTableStore store;
  private final int entities;
  private final int rounds;
  private final PrintStream out;

  public IndexBenchmark(WideTableStore store, int entities, int rounds, PrintStream out) {
    this.store = store;
    this.entities = entities - entities % PAGE;
    this.rounds = rounds;
    this.out = out;
  }

  /** Runs the put comparison per thread count, then the page comparison; the median ratios. */
  public List<Double> run(int... threadCounts) throws Exception {
    BenchTicketRepository indexed =
        new BenchTicketRepository(store)
            .withContinuationKey(ContinuationKey.of(new byte[ContinuationKey.MIN_BYTES]));
    BenchPlainTicketRepository plain = new BenchPlainTicketRepository(store);
    if (REMEMBERED != null) {
      indexed.withRememberedCommitPoints(REMEMBERED);
    }
    indexed.createTables();
    plain.createTables();
    List<Double> medians = new ArrayList<>();
    for (int threads : threadCounts) {
      double[] ratios = new double[rounds];
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try {
        // warm-up rounds: the first writes the entities (round -1: every queue its group's), the
        // next two rewrite them as measured rounds do, moving the even ones away (-2) and back
        // (-3), so the rewrite path is warm and round 0 moves them again; with the first alone,
        // the first measured round was often a run's slowest
        for (int warmUp = -1; warmUp >= -3; warmUp--) {
          writeRound(indexed, plain, pool, threads, warmUp);
        }
        for (int round = 0; round < rounds; round++) {
          long[] nanos = writeRound(indexed, plain, pool, threads, round);
          ratios[round] = (double) nanos[0] / nanos[1];
          out.printf(
              "index put, %d thread(s), round %d: plain %,.0f puts/s, indexed %,.0f puts/s"
                  + " (%.2fx the time)%n",
              threads,
              round + 1,
              entities * 1e9 / nanos[1],
              entities * 1e9 / nanos[0],
              ratios[round]);
        }
      } finally {
        pool.shutdown();
      }
      medians.add(median(ratios));
      out.printf(
          "index put, %d thread(s): median indexed/plain %.2fx %s over %d rounds%n",
          threads, median(ratios), Arrays.toString(ratios), rounds);
    }
    ExecutorService one = Executors.newSingleThreadExecutor();
    try {
      writeRound(indexed, plain, one, 1, -1); // every entity back at its group's queue
    } finally {
      one.shutdown();
    }
    double[] ratios = new double[rounds];
    int groups = entities / PAGE;
    int pages = Math.max(50, Math.min(2_000, groups));
    // warm-up rounds, as many as are measured: with one a side, the index side was still being
    // compiled through the measured rounds (its ratio fell round by round, 3.5x to 1.3x in one
    // run), so the median measured the compiler, not the read
    for (int warmUp = 0; warmUp < Math.max(1, rounds); warmUp++) {
      readRound(indexed, groups, pages, true);
      readRound(indexed, groups, pages, false);
    }
    for (int round = 0; round < rounds; round++) {
      long viaIndex = readRound(indexed, groups, pages, true);
      long viaKey = readRound(indexed, groups, pages, false);
      ratios[round] = (double) viaIndex / viaKey;
      out.printf(
          "index page of %d, round %d: primary key %,.0f pages/s, index %,.0f pages/s (%.2fx the"
              + " time)%n",
          PAGE, round + 1, pages * 1e9 / viaKey, pages * 1e9 / viaIndex, ratios[round]);
    }
    medians.add(median(ratios));
    out.printf(
        "index page of %d: median index/primary key %.2fx %s over %d rounds%n",
        PAGE, median(ratios), Arrays.toString(ratios), rounds);
    return medians;
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  /** Entities one side writes before the other side writes the same ones. */
  static final int SLICE = 5_000;

  /**
   * Writes every entity once on each side; the nanoseconds of the indexed side, then the plain
   * side's. The sides take turns slice by slice ({@link #SLICE} entities), the first of each pair
   * alternating, so that both meet the same machine state, the same collections and the same
   * compilations (a whole round per side moved the embedded ratio from 2.8x to 7.4x within one
   * run). The indexed side's time includes the deletes a networked store defers ({@code
   * flushDeletes}): a move's delete is part of its cost. Entity {@code i} is in group {@code i /
   * PAGE}; its queue is its group's name, except that even entities move to another queue and back
   * every other round.
   */
  private long[] writeRound(
      BenchTicketRepository indexed,
      BenchPlainTicketRepository plain,
      ExecutorService pool,
      int threads,
      int round)
      throws Exception {
    long[] nanos = new long[2];
    for (int from = 0, slice = 0; from < entities; from += SLICE, slice++) {
      int to = Math.min(entities, from + SLICE);
      boolean indexedFirst = (slice + Math.max(round, 0)) % 2 == 0;
      for (int side = 0; side < 2; side++) {
        boolean useIndexed = indexedFirst == (side == 0);
        long start = System.nanoTime();
        writeSlice(indexed, plain, pool, threads, round, from, to, useIndexed);
        if (useIndexed) {
          indexed.flushDeletes();
        }
        nanos[useIndexed ? 0 : 1] += System.nanoTime() - start;
      }
    }
    return nanos;
  }

  /** Writes entities {@code [from, to)} on one side, with {@code threads} tasks taking turns. */
  private static void writeSlice(
      BenchTicketRepository indexed,
      BenchPlainTicketRepository plain,
      ExecutorService pool,
      int threads,
      int round,
      int from,
      int to,
      boolean useIndexed)
      throws Exception {
    AtomicInteger next = new AtomicInteger(from);
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      done.add(
          pool.submit(
              () -> {
                for (int i = next.getAndIncrement(); i < to; i = next.getAndIncrement()) {
                  String grp = "g" + i / PAGE;
                  String queue = i % 2 == 0 && round % 2 == 0 ? "m" + i / PAGE : grp;
                  if (useIndexed) {
                    indexed.put(new BenchTicket(grp, i, queue, round));
                  } else {
                    plain.put(new BenchPlainTicket(grp, i, queue, round));
                  }
                }
                return null;
              }));
    }
    for (Future<?> f : done) {
      f.get();
    }
  }

  /**
   * Reads {@code pages} pages of {@link #PAGE} rows of random groups, through the index or by the
   * primary key; nanoseconds. Every entity is at its group's queue by then.
   */
  private long readRound(BenchTicketRepository repo, int groups, int pages, boolean viaIndex) {
    long start = System.nanoTime();
    long rows = 0;
    for (int p = 0; p < pages; p++) {
      String grp = "g" + (p * 7919 % groups);
      PageRequest first = PageRequest.ofSize(PAGE);
      rows +=
          (viaIndex ? repo.byQueue().pageByQueue(grp, first) : repo.pageByGrp(grp, first))
              .numberOfElements();
    }
    long nanos = System.nanoTime() - start;
    if (rows != (long) pages * PAGE) {
      throw new IllegalStateException("read " + rows + " rows, expected " + pages * PAGE);
    }
    return nanos;
  }
}
