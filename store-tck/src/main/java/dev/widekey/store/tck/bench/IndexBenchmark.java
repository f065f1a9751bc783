package dev.widekey.store.tck.bench;

import dev.widekey.runtime.query.ContinuationKey;
import dev.widekey.runtime.repository.SplitTableRepository.PreparedWrite;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.store.tck.entities.BenchPlainTicket;
import dev.widekey.store.tck.entities.BenchPlainTicketRepository;
import dev.widekey.store.tck.entities.BenchTicket;
import dev.widekey.store.tck.entities.BenchTicketRepository;
import dev.widekey.store.tck.entities.BenchTicketTable;
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

  /** The floor side's last write of each entity: its tag, its queue and its index row's key. */
  private final long[] floorTags;

  private final String[] floorQueues;
  private final PrimaryKey[] floorIndexKeys;

  public IndexBenchmark(WideTableStore store, int entities, int rounds, PrintStream out) {
    this.store = store;
    this.entities = entities - entities % PAGE;
    this.rounds = rounds;
    this.out = out;
    this.floorTags = new long[this.entities];
    this.floorQueues = new String[this.entities];
    this.floorIndexKeys = new PrimaryKey[this.entities];
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
      double[] floorRatios = new double[rounds];
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
          ratios[round] = (double) nanos[INDEXED] / nanos[PLAIN];
          floorRatios[round] = (double) nanos[FLOOR] / nanos[PLAIN];
          out.printf(
              "index put, %d thread(s), round %d: plain %,.0f puts/s, indexed %,.0f puts/s"
                  + " (%.2fx the time), floor %,.0f puts/s (%.2fx)%n",
              threads,
              round + 1,
              entities * 1e9 / nanos[PLAIN],
              entities * 1e9 / nanos[INDEXED],
              ratios[round],
              entities * 1e9 / nanos[FLOOR],
              floorRatios[round]);
        }
      } finally {
        pool.shutdown();
      }
      medians.add(median(ratios));
      out.printf(
          "index put, %d thread(s): median indexed/plain %.2fx %s, floor/plain %.2fx %s, over %d"
              + " rounds%n",
          threads,
          median(ratios),
          Arrays.toString(ratios),
          median(floorRatios),
          Arrays.toString(floorRatios),
          rounds);
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

  /** The sides of a put round, as indexes of {@link #writeRound}'s answer. */
  private static final int INDEXED = 0;

  private static final int PLAIN = 1;
  private static final int FLOOR = 2;
  private static final int SIDES = 3;

  /**
   * Writes every entity once on each side; the nanoseconds of the indexed side, the plain side's
   * and the floor's. The sides take turns slice by slice ({@link #SLICE} entities), the first of
   * each turn rotating, so that all meet the same machine state, the same collections and the same
   * compilations (a whole round per side moved the embedded ratio from 2.8x to 7.4x within one
   * run). The indexed side's time includes the deletes a networked store defers ({@code
   * flushDeletes}), the floor's its batched deletes: a move's delete is part of its cost. Entity
   * {@code i} is in group {@code i / PAGE}; its queue is its group's name, except that even
   * entities move to another queue and back every other round.
   */
  private long[] writeRound(
      BenchTicketRepository indexed,
      BenchPlainTicketRepository plain,
      ExecutorService pool,
      int threads,
      int round)
      throws Exception {
    long[] nanos = new long[SIDES];
    for (int from = 0, slice = 0; from < entities; from += SLICE, slice++) {
      int to = Math.min(entities, from + SLICE);
      int first = (slice + Math.max(round, 0)) % SIDES;
      for (int turn = 0; turn < SIDES; turn++) {
        int side = (first + turn) % SIDES;
        FloorWrites floor = side == FLOOR ? new FloorWrites(store) : null;
        long start = System.nanoTime();
        writeSlice(indexed, plain, floor, pool, threads, round, from, to, side);
        if (side == INDEXED) {
          indexed.flushDeletes();
        } else if (side == FLOOR) {
          floor.flush();
        }
        nanos[side] += System.nanoTime() - start;
      }
    }
    return nanos;
  }

  /** Writes entities {@code [from, to)} on one side, with {@code threads} tasks taking turns. */
  private void writeSlice(
      BenchTicketRepository indexed,
      BenchPlainTicketRepository plain,
      FloorWrites floor,
      ExecutorService pool,
      int threads,
      int round,
      int from,
      int to,
      int side)
      throws Exception {
    AtomicInteger next = new AtomicInteger(from);
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      done.add(
          pool.submit(
              () -> {
                for (int i = next.getAndIncrement(); i < to; i = next.getAndIncrement()) {
                  boolean moves = i % 2 == 0 && round % 2 == 0;
                  if (side == FLOOR) {
                    // entities of the floor's own, so that the page reads never meet its rows
                    String grp = "f" + i / PAGE;
                    writeFloor(indexed, floor, i, grp, moves ? "n" + i / PAGE : grp, round);
                    continue;
                  }
                  String grp = "g" + i / PAGE;
                  String queue = moves ? "m" + i / PAGE : grp;
                  if (side == INDEXED) {
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
   * The floor's put of entity {@code i}: the rows the repository prepares, then a kept queue's
   * atomic write of the hot row, or a moved one's index row, that write and the old row's delete.
   */
  private void writeFloor(
      BenchTicketRepository indexed,
      FloorWrites floor,
      int i,
      String grp,
      String queue,
      int round) {
    PreparedWrite rows = indexed.prepare(new BenchTicket(grp, i, queue, round));
    long replaced = floorTags[i];
    if (queue.equals(floorQueues[i])) {
      floor.commit(BenchTicketTable.NAME, rows.hot(), replaced, true);
    } else {
      WriteOp.Put put = (WriteOp.Put) rows.indexPuts().get(0);
      store.put(put.table(), put.row());
      floor.commit(BenchTicketTable.NAME, rows.hot(), replaced, false);
      if (floorIndexKeys[i] != null) {
        floor.delete(put.table(), floorIndexKeys[i]);
      }
      floorIndexKeys[i] = put.key();
      floorQueues[i] = queue;
    }
    floorTags[i] = FloorWrites.tagOf(rows.hot());
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
