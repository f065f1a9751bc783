package dev.widekey.runtime.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.query.InvalidContinuationException;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.FakeTime;
import dev.widekey.runtime.store.fault.FaultInjectingStore;
import dev.widekey.runtime.store.fault.Seeds;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Property tests of the merge on the embedded store: random rows in two bucketed tables (key:
 * bucket text, then an INTEGER logical key), random sources (1..32, random tables, buckets, ranges
 * and source limits), random page sizes and limits. The expected result is computed from the rows
 * in memory: every source's rows in its range, sorted by logical key, ties by source index.
 */
class MergedScanTest {
  private static final int ROUNDS = 150;
  private static final List<String> TABLES = List.of("a", "b");
  private static final Comparator<PrimaryKey> LOGICAL = Comparator.comparing(k -> k.get(1));

  @RegisterExtension final Seeds seeds = new Seeds();

  private final FakeTime time = new FakeTime();
  private EmbeddedStore embedded;
  private CountingStore counting;

  private ExecutorService pool;

  @BeforeEach
  void open() {
    embedded = EmbeddedStore.inMemory();
    counting = new CountingStore(embedded);
    pool = Executors.newFixedThreadPool(4);
  }

  @AfterEach
  void close() {
    pool.shutdownNow();
    embedded.close();
  }

  /**
   * Half the rounds read pages ahead on a pool (a page per source at a time, or a random smaller
   * number of reads, fewer or more than the pool's threads), half on the test's thread.
   */
  private MergedScan maybePrefetch(Random random, MergedScan merge) {
    if (random.nextBoolean()) {
      return merge;
    }
    return random.nextBoolean()
        ? merge.withPrefetch(pool)
        : merge.withPrefetch(pool, 1 + random.nextInt(6));
  }

  /** One random case: stored rows, the sources over them and the rows the merge must return. */
  private record Case(
      List<MergeSource> sources, List<Row> expected, Comparator<PrimaryKey> order) {}

  private record Tagged(int source, Row row) {}

  /** Fills both tables with fresh random rows and picks random sources over them on {@code on}. */
  private Case randomCase(Random random, WideTableStore on) {
    for (String t : TABLES) {
      embedded.deleteTable(t);
      embedded.createTable(
          new TableSpec(
              t,
              List.of(new PkColumn("bucket", PkType.STRING), new PkColumn("n", PkType.INTEGER))));
    }
    int buckets = 1 + random.nextInt(32);
    Map<String, List<List<Row>>> stored = new java.util.HashMap<>();
    for (String t : TABLES) {
      List<List<Row>> perBucket = new ArrayList<>();
      for (int b = 0; b < buckets; b++) {
        TreeSet<Long> ns = new TreeSet<>();
        int count = random.nextInt(random.nextBoolean() ? 5 : 80);
        for (int i = 0; i < count; i++) {
          ns.add((long) random.nextInt(300)); // small range: equal logical keys across buckets
        }
        List<Row> rows = new ArrayList<>();
        for (long n : ns) {
          Row row =
              Row.of(
                  PrimaryKey.of(PkValue.ofString(bucket(b)), PkValue.ofInteger(n)),
                  Map.of("v", AttrValue.ofString(t + "/" + b + "/" + n)));
          embedded.put(t, row);
          rows.add(row);
        }
        perBucket.add(rows);
      }
      stored.put(t, perBucket);
    }
    // a third of the cases newest first: backward sources merged by the reversed logical order
    boolean backward = random.nextInt(3) == 0;
    Comparator<PrimaryKey> order = backward ? LOGICAL.reversed() : LOGICAL;
    int n = 1 + random.nextInt(32);
    List<MergeSource> sources = new ArrayList<>();
    List<Tagged> expected = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String t = TABLES.get(random.nextInt(TABLES.size()));
      int b = random.nextInt(buckets);
      PkValue lo =
          random.nextInt(4) == 0 ? PkValue.INF_MIN : PkValue.ofInteger(random.nextInt(300));
      PkValue hi =
          random.nextInt(4) == 0 ? PkValue.INF_MAX : PkValue.ofInteger(random.nextInt(300));
      long sourceLimit = random.nextInt(5) == 0 ? random.nextInt(40) : Long.MAX_VALUE;
      ScanRange range =
          ScanRange.between(
                  PrimaryKey.of(PkValue.ofString(bucket(b)), lo),
                  PrimaryKey.of(PkValue.ofString(bucket(b)), hi))
              .withLimit(sourceLimit);
      List<Row> inOrder = new ArrayList<>(stored.get(t).get(b));
      if (backward) {
        range = range.backward();
        java.util.Collections.reverse(inOrder);
      }
      sources.add(new MergeSource(on, t, range));
      long taken = 0;
      for (Row row : inOrder) {
        if (range.contains(row.key()) && taken < sourceLimit) {
          expected.add(new Tagged(i, row));
          taken++;
        }
      }
    }
    // stable sort keeps each source's store order; ties between sources: the lower index first
    expected.sort(
        Comparator.comparing((Tagged x) -> x.row().key(), order).thenComparingInt(Tagged::source));
    return new Case(
        sources, expected.stream().map(Tagged::row).collect(Collectors.toList()), order);
  }

  private static String bucket(int b) {
    return String.format("%02d", b);
  }

  private RetryPolicy policy(Random random) {
    return RetryPolicy.builder()
        .maxAttempts(10)
        .baseDelay(Duration.ofMillis(10))
        .maxDelay(Duration.ofSeconds(1))
        .clock(time)
        .sleeper(time)
        .random(random)
        .build();
  }

  private static long randomLimit(Random random, int size) {
    return random.nextInt(3) == 0 ? Long.MAX_VALUE : random.nextInt(size + 2);
  }

  private static List<Row> prefix(List<Row> rows, long limit) {
    return rows.subList(0, (int) Math.min(rows.size(), limit));
  }

  private static List<Row> read(MergeCursor cursor) {
    List<Row> out = new ArrayList<>();
    try (cursor) {
      cursor.forEachRemaining(out::add);
    }
    return out;
  }

  @Test
  void theMergedStreamIsTheSortedFilteredSetOfAllRows() {
    Random random = new Random(seeds.seed());
    for (int round = 0; round < ROUNDS; round++) {
      Case c = randomCase(random, counting);
      int pageSize = 1 + random.nextInt(random.nextBoolean() ? 5 : 200);
      long limit = randomLimit(random, c.expected().size());
      counting.reset();
      List<Row> got;
      try (Stream<Row> rows =
          maybePrefetch(random, MergedScan.of(c.sources(), c.order()))
              .withPageSize(pageSize)
              .withLimit(limit)
              .withRetryPolicy(policy(random))
              .stream()) {
        got = rows.collect(Collectors.toList());
      }
      assertEquals(prefix(c.expected(), limit), got, "round " + round);
      assertEquals(0, counting.open.get(), "every source scan is closed");
      // memory bound: one page per call, plus the last key a continued page starts at
      assertTrue(
          counting.largestLimit <= Math.min(pageSize, limit) + 1,
          "a source was asked for " + counting.largestLimit + " rows, page size " + pageSize);
    }
  }

  @Test
  void pagesReadAheadStayWithinTheParallelismAndEveryPageIsRead() {
    Random random = new Random(seeds.seed());
    for (int round = 0; round < ROUNDS; round++) {
      Case c = randomCase(random, counting);
      int parallelism = 1 + random.nextInt(4);
      int pageSize = 1 + random.nextInt(20);
      counting.reset();
      List<Row> got;
      // a store that takes its time, so that reads ahead pile up and overlap when they may
      WideTableStore slow = new SlowStore(counting, Integer.MAX_VALUE);
      List<MergeSource> sources =
          c.sources().stream()
              .map(s -> new MergeSource(slow, s.table(), s.range(), s.seek()))
              .toList();
      try (Stream<Row> rows =
          MergedScan.of(sources, c.order())
              .withPageSize(pageSize)
              .withPrefetch(pool, parallelism)
              .stream()) {
        got = rows.collect(Collectors.toList());
      }
      assertEquals(c.expected(), got, "round " + round);
      assertEquals(0, counting.open.get(), "every source scan is closed");
      // the executor's reads, and the merge's own thread reading a page it needs that none of
      // them has started
      assertTrue(
          counting.mostOpen.get() <= parallelism + 1,
          counting.mostOpen.get() + " pages were read at once, parallelism " + parallelism);
    }
  }

  /**
   * {@code withReadAhead} reads as many pages at once as the store gains from, the merge's own
   * thread counted: never more, and nothing on the executor for a store that gains nothing from a
   * second read.
   */
  @Test
  void readAheadReadsAtMostAsManyPagesAtOnceAsTheStoreGainsFromTheMergesThreadIncluded() {
    Random random = new Random(seeds.seed());
    for (int round = 0; round < ROUNDS / 2; round++) {
      Case c = randomCase(random, counting);
      int gains = 1 + random.nextInt(4);
      counting.reset();
      WideTableStore store = new SlowStore(counting, gains);
      List<MergeSource> sources =
          c.sources().stream()
              .map(s -> new MergeSource(store, s.table(), s.range(), s.seek()))
              .toList();
      AtomicInteger tasks = new AtomicInteger();
      List<Row> got;
      try (Stream<Row> rows =
          MergedScan.of(sources, c.order())
              .withPageSize(1 + random.nextInt(20))
              .withReadAhead(
                  task -> {
                    tasks.incrementAndGet();
                    pool.execute(task);
                  })
              .stream()) {
        got = rows.collect(Collectors.toList());
      }
      assertEquals(c.expected(), got, "round " + round);
      assertEquals(0, counting.open.get(), "every source scan is closed");
      assertTrue(
          counting.mostOpen.get() <= gains,
          counting.mostOpen.get() + " pages were read at once, the store gains from " + gains);
      if (gains == 1) {
        assertEquals(0, tasks.get(), "nothing is read ahead for a store that gains nothing");
      }
    }
  }

  /**
   * The reading task takes pages in the order the merge needs them, so a merge that waited for the
   * page being read would idle behind it; it reads a page needed later instead. Here the task's
   * read of source 0's second page cannot finish until source 1's second page was read on the
   * merge's thread: a merge that only waited would wait out the store's timeout.
   */
  @Test
  void whileAPageItNeedsIsReadElsewhereTheMergesThreadReadsALaterOne() throws Exception {
    embedded.createTable(
        new TableSpec(
            "t",
            List.of(new PkColumn("bucket", PkType.STRING), new PkColumn("n", PkType.INTEGER))));
    for (int n = 0; n < 12; n++) {
      embedded.put(
          "t",
          Row.of(
              PrimaryKey.of(PkValue.ofString(bucket(n % 2)), PkValue.ofInteger(n)),
              Map.of("v", AttrValue.ofInteger(n))));
    }
    Thread merging = Thread.currentThread();
    CountDownLatch laterPageReadHere = new CountDownLatch(1);
    CountDownLatch taskTookPage = new CountDownLatch(1);
    AtomicInteger waitedOut = new AtomicInteger();
    WideTableStore store =
        new ForwardingStore(embedded) {
          @Override
          public Stream<Row> scan(String table, ScanRange range) {
            String bucket = range.start().get(0).asString();
            boolean later = !range.start().get(1).isInfinite(); // not a source's first page
            if (later && bucket.equals(bucket(1)) && Thread.currentThread() == merging) {
              laterPageReadHere.countDown();
            }
            if (later && bucket.equals(bucket(0)) && Thread.currentThread() != merging) {
              taskTookPage.countDown();
              try {
                if (!laterPageReadHere.await(5, TimeUnit.SECONDS)) {
                  waitedOut.incrementAndGet();
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            }
            return super.scan(table, range);
          }
        };
    List<MergeSource> sources = new ArrayList<>();
    for (int b = 0; b < 2; b++) {
      List<PkValue> prefix = List.of(PkValue.ofString(bucket(b)));
      sources.add(
          new MergeSource(
              store,
              "t",
              ScanRange.between(
                  PrimaryKey.bound(prefix, PkValue.INF_MIN, 2),
                  PrimaryKey.bound(prefix, PkValue.INF_MAX, 2))));
    }
    ExecutorService one = Executors.newSingleThreadExecutor();
    List<Long> got = new ArrayList<>();
    try (Stream<Row> rows =
        MergedScan.of(sources, LOGICAL).withPageSize(2).withPrefetch(one, 1).stream()) {
      Iterator<Row> it = rows.iterator();
      got.add(it.next().get("v").asLong());
      // the reading task takes source 0's second page meanwhile: waited for, not slept on, so a
      // loaded machine that schedules the task late does not let this thread read it first
      assertTrue(
          taskTookPage.await(10, TimeUnit.SECONDS), "the reading task took source 0's next page");
      it.forEachRemaining(r -> got.add(r.get("v").asLong()));
    } finally {
      one.shutdownNow();
    }
    assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L), got);
    assertEquals(0, laterPageReadHere.getCount(), "a later page was read on the merge's thread");
    assertEquals(0, waitedOut.get(), "the merge waited for the page being read elsewhere");
  }

  @Test
  void anExecutorThatRefusesWorkLeavesThePagesToTheMergesThread() {
    Random random = new Random(seeds.seed());
    ExecutorService shutDown = Executors.newSingleThreadExecutor();
    shutDown.shutdown();
    for (int round = 0; round < ROUNDS / 4; round++) {
      Case c = randomCase(random, counting);
      List<Row> got;
      try (Stream<Row> rows =
          MergedScan.of(c.sources(), c.order())
              .withPageSize(1 + random.nextInt(20))
              .withPrefetch(shutDown, 1 + random.nextInt(4))
              .stream()) {
        got = rows.collect(Collectors.toList());
      }
      assertEquals(c.expected(), got, "round " + round);
      assertEquals(0, counting.open.get(), "every source scan is closed");
    }
  }

  @Test
  void aLimitEndsEarlyAndClosesEverySourceScan() {
    Random random = new Random(seeds.seed());
    for (int round = 0; round < ROUNDS; round++) {
      Case c = randomCase(random, counting);
      int pageSize = 1 + random.nextInt(50);
      long limit = random.nextInt(Math.max(1, c.expected().size()));
      counting.reset();
      MergedScan merge =
          maybePrefetch(random, MergedScan.of(c.sources(), c.order())).withPageSize(pageSize);
      try (MergeCursor cursor = merge.withLimit(limit).open()) {
        List<Row> got = new ArrayList<>();
        cursor.forEachRemaining(got::add);
        assertEquals(prefix(c.expected(), limit), got);
        assertFalse(cursor.hasNext(), "the merge stays ended");
        assertEquals(0, counting.open.get(), "the limit closed every source scan");
      }
      // and a merge dropped half-way (closed without reaching its end) leaves none open
      long stopAt = random.nextInt(Math.max(1, c.expected().size()));
      try (Stream<Row> rows = merge.stream()) {
        Iterator<Row> it = rows.iterator();
        for (long i = 0; i < stopAt && it.hasNext(); i++) {
          it.next();
        }
      }
      assertEquals(0, counting.open.get(), "closing the stream closed every source scan");
      // the store is never asked for more rows than the limit and a page allow
      assertTrue(counting.largestLimit <= pageSize + 1);
    }
  }

  @Test
  void resumingAfterAPositionReturnsExactlyTheRemainder() {
    Random random = new Random(seeds.seed());
    for (int round = 0; round < ROUNDS; round++) {
      Case c = randomCase(random, counting);
      int pageSize = 1 + random.nextInt(random.nextBoolean() ? 4 : 100);
      MergedScan merge =
          maybePrefetch(random, MergedScan.of(c.sources(), c.order())).withPageSize(pageSize);
      // page through the whole merge in random page sizes, each page a new merge from the last
      List<Row> got = new ArrayList<>();
      MergePosition position = null;
      int pages = 0;
      while (true) {
        long pageRows = 1 + random.nextInt(1 + c.expected().size() / 3);
        MergeCursor cursor =
            position == null
                ? merge.withLimit(pageRows).open()
                : merge.withLimit(pageRows).openAfter(position);
        List<Row> page = new ArrayList<>();
        try (cursor) {
          cursor.forEachRemaining(page::add);
          if (page.isEmpty()) {
            assertEquals(java.util.Optional.ofNullable(position), cursor.position());
            break;
          }
          position = cursor.position().orElseThrow();
        }
        assertEquals(c.expected().get(got.size() + page.size() - 1).key(), position.key());
        got.addAll(page);
        assertTrue(++pages <= c.expected().size() + 1, "paging ends");
      }
      assertEquals(c.expected(), got, "round " + round);
      assertEquals(0, counting.open.get());
    }
  }

  @Test
  void retryableFaultsNeverChangeTheResult() {
    long seed = seeds.seed();
    Random random = new Random(seed);
    FaultInjectingStore faulty =
        FaultInjectingStore.builder(counting)
            .seed(seed)
            .readErrorRate(0.05)
            .clock(time)
            .sleeper(time)
            .build();
    for (int round = 0; round < ROUNDS; round++) {
      Case c = randomCase(random, faulty);
      int pageSize = 1 + random.nextInt(random.nextBoolean() ? 5 : 100);
      long limit = randomLimit(random, c.expected().size());
      MergedScan merge =
          maybePrefetch(random, MergedScan.of(c.sources(), c.order()))
              .withPageSize(pageSize)
              .withLimit(limit)
              .withRetryPolicy(policy(random));
      assertEquals(prefix(c.expected(), limit), read(merge.open()), "round " + round);
      // and resumed from a random point, still under faults
      if (!c.expected().isEmpty()) {
        int k = random.nextInt(c.expected().size());
        MergePosition position;
        try (MergeCursor cursor = merge.withLimit(k + 1).open()) {
          cursor.forEachRemaining(row -> {});
          position = cursor.position().orElseThrow();
        }
        assertEquals(
            prefix(c.expected().subList(k + 1, c.expected().size()), limit),
            read(merge.openAfter(position)));
      }
      assertEquals(0, counting.open.get());
    }
    assertTrue(faulty.injectedReadErrors() > 20, "faults were injected: " + faulty);
  }

  @Test
  void aNonRetryableFaultFailsTheMergeWithTheTypedErrorAndClosesEverySource() {
    long seed = seeds.seed();
    Random random = new Random(seed);
    int failed = 0;
    for (int round = 0; round < ROUNDS; round++) {
      java.util.concurrent.atomic.AtomicReference<PrimaryKey> bad =
          new java.util.concurrent.atomic.AtomicReference<>();
      FaultInjectingStore faulty =
          FaultInjectingStore.builder(counting)
              .seed(seed + round)
              .readErrorRate(0.02)
              .failReads((table, key) -> key.equals(bad.get()), ErrorKind.CORRUPT_DATA)
              .clock(time)
              .sleeper(time)
              .build();
      Case c = randomCase(random, faulty);
      if (!c.expected().isEmpty() && random.nextInt(4) != 0) {
        // a row some source returns (the same key in the other table fails as well)
        bad.set(c.expected().get(random.nextInt(c.expected().size())).key());
      }
      int pageSize = 1 + random.nextInt(50);
      MergedScan merge =
          maybePrefetch(random, MergedScan.of(c.sources(), c.order()))
              .withPageSize(pageSize)
              .withRetryPolicy(policy(random));
      List<Row> got = new ArrayList<>();
      MergeCursor cursor = merge.open();
      try (cursor) {
        cursor.forEachRemaining(got::add);
        // no source held the bad row: the merge is complete
        assertEquals(c.expected(), got);
        assertEquals(0, faulty.injectedPermanentReads());
      } catch (StoreException e) {
        failed++;
        assertEquals(ErrorKind.CORRUPT_DATA, e.kind());
        assertFalse(e.retryable());
        // each source meets the bad row at most once (reading ahead, several may): never retried
        assertTrue(faulty.injectedPermanentReads() <= c.sources().size());
        assertEquals(0, counting.open.get(), "the failure closed every source scan");
        assertFalse(cursor.hasNext(), "a failed merge stays ended");
        // what came before the failure is a correct prefix, and no bad row came through
        assertEquals(c.expected().subList(0, got.size()), got);
      }
      assertEquals(0, counting.open.get());
    }
    assertTrue(failed > ROUNDS / 3, "the bad row was met in " + failed + " rounds");
  }

  @Test
  void equalLogicalKeysComeInSourceOrderAndResumeInsideATie() {
    for (String t : TABLES) {
      embedded.createTable(
          new TableSpec(
              t,
              List.of(new PkColumn("bucket", PkType.STRING), new PkColumn("n", PkType.INTEGER))));
    }
    List<MergeSource> sources = new ArrayList<>();
    for (int b = 0; b < 3; b++) {
      for (long n = 0; n < 3; n++) {
        embedded.put(
            "a",
            Row.of(
                PrimaryKey.of(PkValue.ofString(bucket(b)), PkValue.ofInteger(n)),
                Map.of("v", AttrValue.ofInteger(b))));
      }
      PrimaryKey lo = PrimaryKey.bound(List.of(PkValue.ofString(bucket(b))), PkValue.INF_MIN, 2);
      PrimaryKey hi = PrimaryKey.bound(List.of(PkValue.ofString(bucket(b))), PkValue.INF_MAX, 2);
      sources.add(new MergeSource(embedded, "a", ScanRange.between(lo, hi)));
    }
    // listed in reverse bucket order: the source index, not the stored key, breaks the tie
    List<MergeSource> reversed = List.of(sources.get(2), sources.get(1), sources.get(0));
    MergedScan merge = MergedScan.of(reversed, LOGICAL).withPageSize(2);
    List<String> order =
        read(merge.open()).stream()
            .map(r -> r.key().get(1).asLong() + ":" + r.get("v").asLong())
            .collect(Collectors.toList());
    assertEquals(List.of("0:2", "0:1", "0:0", "1:2", "1:1", "1:0", "2:2", "2:1", "2:0"), order);
    // stopped in the middle of the tie at n = 1, after source 1: source 0's row of n = 1 is next
    MergePosition inTie;
    try (MergeCursor cursor = merge.withLimit(5).open()) {
      cursor.forEachRemaining(row -> {});
      inTie = cursor.position().orElseThrow();
    }
    assertEquals(
        new MergePosition(1, PrimaryKey.of(PkValue.ofString("01"), PkValue.ofInteger(1))), inTie);
    assertEquals(
        List.of("1:0", "2:2", "2:1", "2:0"),
        read(merge.openAfter(inTie)).stream()
            .map(r -> r.key().get(1).asLong() + ":" + r.get("v").asLong())
            .collect(Collectors.toList()));
  }

  @Test
  void aSourceScanThatFailsToCloseLosesNoRowAndLeavesNoScanOpen() {
    embedded.createTable(
        new TableSpec(
            "a",
            List.of(new PkColumn("bucket", PkType.STRING), new PkColumn("n", PkType.INTEGER))));
    for (int b = 0; b < 4; b++) {
      for (long n = 0; n < 20; n++) {
        embedded.put(
            "a",
            Row.of(
                PrimaryKey.of(PkValue.ofString(bucket(b)), PkValue.ofInteger(n)),
                Map.of("v", AttrValue.ofInteger(b))));
      }
    }
    StoreException closeFailure =
        new StoreException(ErrorKind.INTERNAL, "close failed", false, null);
    AtomicInteger scans = new AtomicInteger();
    WideTableStore failsToClose =
        new ForwardingStore(counting) {
          @Override
          public Stream<Row> scan(String table, ScanRange range) {
            Stream<Row> inner = super.scan(table, range);
            boolean fail = scans.incrementAndGet() == 6; // a later page of some source
            return fail
                ? inner.onClose(
                    () -> {
                      throw closeFailure;
                    })
                : inner;
          }
        };
    List<MergeSource> sources = new ArrayList<>();
    for (int b = 0; b < 4; b++) {
      PrimaryKey lo = PrimaryKey.bound(List.of(PkValue.ofString(bucket(b))), PkValue.INF_MIN, 2);
      PrimaryKey hi = PrimaryKey.bound(List.of(PkValue.ofString(bucket(b))), PkValue.INF_MAX, 2);
      sources.add(new MergeSource(failsToClose, "a", ScanRange.between(lo, hi)));
    }
    // a page whose rows were all read is complete: its close failure does not fail the merge
    List<Row> got = read(MergedScan.of(sources, LOGICAL).withPageSize(3).open());
    assertEquals(80, got.size());
    for (int i = 0; i < got.size(); i++) {
      assertEquals(i / 4, got.get(i).key().get(1).asLong());
      assertEquals(i % 4, got.get(i).get("v").asLong());
    }
    assertTrue(scans.get() >= 6, "the failing close happened");
    assertEquals(0, counting.open.get(), "every scan was closed, the failing one included");
  }

  @Test
  void aSourceThatKeepsFailingRetryablyEndsTheMergeWithItsErrorOnceRetriesAreUsedUp() {
    Random random = new Random(seeds.seed());
    FaultInjectingStore down =
        FaultInjectingStore.builder(counting).readErrorRate(1.0).clock(time).sleeper(time).build();
    Case c = randomCase(random, counting);
    List<MergeSource> sources = new ArrayList<>(c.sources());
    MergeSource first = sources.get(0);
    // no source limit: a limit of 0 would end the source without a scan, so nothing would fail
    sources.set(0, new MergeSource(down, first.table(), first.range().withLimit(Long.MAX_VALUE)));
    MergedScan merge =
        maybePrefetch(random, MergedScan.of(sources, LOGICAL))
            .withRetryPolicy(policy(random).toBuilder().maxAttempts(3).build());
    MergeCursor cursor = merge.open();
    StoreException e = assertThrows(StoreException.class, () -> cursor.forEachRemaining(row -> {}));
    assertEquals(ErrorKind.UNAVAILABLE, e.kind());
    assertEquals(3, down.injectedReadErrors(), "three attempts, then the typed error");
    assertEquals(0, counting.open.get(), "every source scan is closed");
    assertFalse(cursor.hasNext());
  }

  @Test
  void aPositionOfAnotherMergeIsRefused() {
    MergedScan merge =
        MergedScan.of(List.of(new MergeSource(embedded, "a", ScanRange.all(2))), LOGICAL);
    InvalidContinuationException e =
        assertThrows(
            InvalidContinuationException.class,
            () -> merge.openAfter(new MergePosition(1, PrimaryKey.of(PkValue.ofInteger(1)))));
    assertEquals(InvalidContinuationException.Reason.OTHER_QUERY, e.reason());
    assertTrue(e.getMessage().contains("source 1"), e::getMessage);
    assertThrows(IllegalArgumentException.class, () -> merge.withPageSize(0));
    assertThrows(IllegalArgumentException.class, () -> merge.withLimit(-1));
  }

  /**
   * Positions of other merges, each with a source index this merge has: a key of another width, of
   * other column types, of another source's range, and no stored key at all. Each is refused with
   * the typed error naming what is wrong, before any source is read.
   */
  @Test
  void aForeignPositionWithinTheSourceCountIsRefusedTypedBeforeAnythingIsRead() {
    embedded.createTable(
        new TableSpec(
            "a",
            List.of(new PkColumn("bucket", PkType.STRING), new PkColumn("n", PkType.INTEGER))));
    for (int b = 0; b < 2; b++) {
      for (long n = 1; n <= 3; n++) {
        embedded.put(
            "a",
            Row.of(
                PrimaryKey.of(PkValue.ofString(bucket(b)), PkValue.ofInteger(n)),
                Map.of("v", AttrValue.ofInteger(n))));
      }
    }
    List<MergeSource> buckets = new ArrayList<>();
    for (int b = 0; b < 2; b++) {
      List<PkValue> prefix = List.of(PkValue.ofString(bucket(b)));
      buckets.add(
          new MergeSource(
              counting,
              "a",
              ScanRange.between(
                  PrimaryKey.bound(prefix, PkValue.INF_MIN, 2),
                  PrimaryKey.bound(prefix, PkValue.INF_MAX, 2))));
    }
    MergedScan merge = MergedScan.of(buckets, LOGICAL);
    Map<String, MergePosition> foreign =
        Map.of(
            "1 column",
            new MergePosition(0, PrimaryKey.of(PkValue.ofInteger(2))),
            "INTEGER",
            new MergePosition(0, PrimaryKey.of(PkValue.ofInteger(0), PkValue.ofInteger(2))),
            "outside",
            new MergePosition(0, PrimaryKey.of(PkValue.ofString(bucket(1)), PkValue.ofInteger(2))),
            "not a stored key",
            new MergePosition(0, PrimaryKey.of(PkValue.ofString(bucket(0)), PkValue.INF_MAX)));
    foreign.forEach(
        (problem, position) -> {
          InvalidContinuationException e =
              assertThrows(
                  InvalidContinuationException.class, () -> merge.openAfter(position), problem);
          assertEquals(InvalidContinuationException.Reason.OTHER_QUERY, e.reason(), problem);
          assertTrue(e.getMessage().contains(problem), e::getMessage);
          assertTrue(e.getMessage().contains("table a"), e::getMessage);
        });
    assertEquals(0, counting.largestLimit, "no source was read");
    // a position this merge's cursor returned is taken
    MergePosition own;
    try (MergeCursor cursor = merge.withLimit(2).open()) {
      cursor.forEachRemaining(row -> {});
      own = cursor.position().orElseThrow();
    }
    try (MergeCursor rest = merge.openAfter(own)) {
      List<Row> after = new ArrayList<>();
      rest.forEachRemaining(after::add);
      assertEquals(4, after.size());
    }
  }

  /**
   * A store whose scans take a fifth of a millisecond to start, so that reads ahead pile up and
   * overlap when they may, and that gains from {@code parallelism} scans at once.
   */
  private static final class SlowStore extends ForwardingStore {
    private final int parallelism;

    SlowStore(WideTableStore delegate, int parallelism) {
      super(delegate);
      this.parallelism = parallelism;
    }

    @Override
    public Stream<Row> scan(String table, ScanRange range) {
      Stream<Row> rows = super.scan(table, range);
      try {
        Thread.sleep(0, 200_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return rows;
    }

    @Override
    public int scanParallelism() {
      return parallelism;
    }
  }

  /** Counts the scans open on the store and the largest number of rows one call asked for. */
  private static final class CountingStore extends ForwardingStore {
    final AtomicInteger open = new AtomicInteger();
    final AtomicInteger mostOpen = new AtomicInteger(); // the most scans open at one time
    volatile long largestLimit;

    CountingStore(WideTableStore delegate) {
      super(delegate);
    }

    void reset() {
      largestLimit = 0;
      mostOpen.set(0);
    }

    @Override
    public Stream<Row> scan(String table, ScanRange range) {
      largestLimit = Math.max(largestLimit, range.limit());
      Stream<Row> rows = super.scan(table, range);
      mostOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
      return rows.onClose(open::decrementAndGet);
    }
  }
}
