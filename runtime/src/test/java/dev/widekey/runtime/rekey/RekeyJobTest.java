package dev.widekey.runtime.rekey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.rekey.Orders.Order;
import dev.widekey.runtime.rekey.Orders.Repo;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class RekeyJobTest {
  private static final int N = 600;

  private static Repo oldRepo(WideTableStore store, boolean versioned) {
    return new Repo(store, "orders", 6, 0, versioned);
  }

  private static Repo newRepo(WideTableStore store, boolean versioned) {
    return new Repo(store, "orders_v2", 8, 4, versioned);
  }

  /** Orders 0..n-1 written through the old layout; every third without a note (no cold row). */
  private static List<Order> seed(Repo old, int n, boolean versioned) {
    old.createTables();
    List<Order> orders = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      orders.add(new Order(i * 7L + 3, "c" + (i % 13), i % 3 == 0 ? null : "note " + i, 0));
    }
    old.putAll(orders);
    if (versioned) {
      // a second write of some: their stored version is 2
      List<Order> again = new ArrayList<>();
      for (int i = 0; i < n; i += 5) {
        Order o = old.get(orders.get(i).number()).orElseThrow();
        again.add(new Order(o.number(), o.customer() + "!", o.note(), o.version()));
      }
      old.putAll(again);
    }
    List<Order> stored = new ArrayList<>();
    for (Order o : orders) {
      stored.add(old.get(o.number()).orElseThrow());
    }
    return stored;
  }

  private static List<Row> dump(WideTableStore store, String table) {
    int columns = store.describeTable(table).orElseThrow().primaryKey().size();
    try (Stream<Row> rows = store.scan(table, ScanRange.all(columns))) {
      return rows.toList();
    }
  }

  private static List<List<Row>> oldTables(WideTableStore store) {
    return List.of(dump(store, "orders"), dump(store, "orders_cold"));
  }

  private static void assertMoved(Repo repo, List<Order> expected) {
    for (Order o : expected) {
      assertEquals(o, repo.get(o.number()).orElseThrow(), "order " + o.number());
    }
    assertEquals(expected.size(), repo.countAll());
  }

  @Test
  void movesEveryRowWithColdColumnsAndLeavesTheOldTablesAlone() {
    for (boolean versioned : List.of(false, true)) {
      try (EmbeddedStore store = EmbeddedStore.inMemory()) {
        Repo old = oldRepo(store, versioned);
        List<Order> orders = seed(old, N, versioned);
        Repo fresh = newRepo(store, versioned);
        fresh.createTables();
        List<List<Row>> before = oldTables(store);
        RekeyResult r = RekeyJob.builder(old, fresh).workers(3).batchRows(50).build().run();
        assertTrue(r.complete(), r.toString());
        assertTrue(r.countsMatch(), r.toString());
        assertEquals(N, r.rowsRead());
        assertEquals(N, r.rowsWritten());
        assertEquals(0, r.rowsRefused());
        assertMoved(fresh, orders);
        if (versioned) {
          assertTrue(orders.stream().anyMatch(o -> o.version() == 2));
        }
        assertEquals(before, oldTables(store));
        assertEquals("orders -> orders_v2", RekeyJob.builder(old, fresh).build().jobId());
        // a run of a finished job moves nothing again and reports the same counts
        RekeyResult again = RekeyJob.builder(old, fresh).build().run();
        assertEquals(r.rowsRead(), again.rowsRead());
        assertEquals(r.rowsWritten(), again.rowsWritten());
      }
    }
  }

  @Test
  void aValueTheNewLayoutCannotHoldIsARefusalNotATruncation() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      Repo old = oldRepo(store, false);
      List<Order> orders = seed(old, 200, false); // numbers 3 .. 1396
      Repo narrow = new Repo(store, "orders_narrow", 3, 4, false); // holds 0 .. 999
      narrow.createTables();
      RekeyResult r = RekeyJob.builder(old, narrow).workers(2).batchRows(40).build().run();
      List<Order> fit = orders.stream().filter(o -> o.number() < 1000).toList();
      assertTrue(r.countsMatch(), r.toString());
      assertEquals(200, r.rowsRead());
      assertEquals(fit.size(), r.rowsWritten());
      assertEquals(200 - fit.size(), r.refusals().size());
      for (RekeyRefusal refusal : r.refusals()) {
        assertEquals("WK104", refusal.rule());
        long number = Long.parseLong(refusal.oldKey().get(0).asString());
        assertTrue(number >= 1000, refusal.toString());
        assertTrue(refusal.message().contains("number"), refusal.message());
      }
      assertMoved(narrow, fit);
    }
  }

  @Test
  void aForgedOldRowIsARefusal() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      Repo old = oldRepo(store, false);
      List<Order> orders = seed(old, 100, false);
      PrimaryKey forged = PrimaryKey.of(PkValue.ofString("00x12"));
      store.put("orders", Row.of(forged, Map.of("customer", AttrValue.ofString("mallory"))));
      Repo fresh = newRepo(store, false);
      fresh.createTables();
      RekeyResult r = RekeyJob.builder(old, fresh).batchRows(16).build().run();
      assertTrue(r.countsMatch(), r.toString());
      assertEquals(101, r.rowsRead());
      assertEquals(100, r.rowsWritten());
      assertEquals(List.of(forged), r.refusals().stream().map(RekeyRefusal::oldKey).toList());
      assertEquals("WK104", r.refusals().get(0).rule());
      assertMoved(fresh, orders);
    }
  }

  @Test
  void stoppedHalfWayThenResumedEndsAsOneRun() {
    for (boolean versioned : List.of(false, true)) {
      try (EmbeddedStore store = EmbeddedStore.inMemory()) {
        Repo old = oldRepo(store, versioned);
        List<Order> orders = seed(old, N, versioned);
        Repo fresh = newRepo(store, versioned);
        fresh.createTables();
        List<List<Row>> before = oldTables(store);
        RekeyResult first =
            RekeyJob.builder(old, fresh)
                .jobId("half")
                .workers(2)
                .batchRows(30)
                .stopAfterRows(N / 2)
                .build()
                .run();
        assertFalse(first.complete(), first.toString());
        assertTrue(first.rowsRead() >= N / 2 && first.rowsRead() < N, first.toString());
        assertTrue(first.countsMatch());
        assertFalse(first.resumeAfter().isEmpty());
        RekeyResult done =
            RekeyJob.builder(old, fresh).jobId("half").workers(2).batchRows(30).build().run();
        assertTrue(done.complete());
        assertTrue(done.countsMatch(), done.toString());
        assertEquals(N, done.rowsRead());
        assertEquals(N, done.rowsWritten());
        assertMoved(fresh, orders);
        assertEquals(before, oldTables(store));
      }
    }
  }

  @Test
  void aStoppedJobResumesWithTheLargestBatchSize() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      Repo old = oldRepo(store, false);
      List<Order> orders = seed(old, N, false);
      Repo fresh = newRepo(store, false);
      fresh.createTables();
      RekeyResult first =
          RekeyJob.builder(old, fresh)
              .jobId("big")
              .workers(1)
              .batchRows(30)
              .stopAfterRows(30)
              .build()
              .run();
      assertFalse(first.complete(), first.toString());
      // the rest in one batch per segment: the resumed scan reads one row more than the batch
      RekeyResult done =
          RekeyJob.builder(old, fresh)
              .jobId("big")
              .workers(1)
              .batchRows(Integer.MAX_VALUE)
              .build()
              .run();
      assertTrue(done.complete(), done.toString());
      assertTrue(done.countsMatch(), done.toString());
      assertEquals(N, done.rowsRead());
      assertMoved(fresh, orders);
    }
  }

  /** Fails the first checkpoint write after {@code armed} is set: a process killed before it. */
  private static final class KillsCheckpoint extends ForwardingStore {
    final AtomicBoolean armed = new AtomicBoolean();

    KillsCheckpoint(WideTableStore delegate) {
      super(delegate);
    }

    @Override
    public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
      for (WriteOp op : ops) {
        if (op instanceof WriteOp.Put put
            && op.table().equals(RekeyJob.PROGRESS_TABLE)
            && put.row().key().get(1).asString().startsWith("segment/")
            && put.row().get("rows_read") != null
            && put.row().get("rows_read").asLong() > 0
            && armed.compareAndSet(true, false)) {
          throw new StoreException(ErrorKind.UNAVAILABLE, "killed", false, null);
        }
      }
      return super.batchWrite(ops);
    }
  }

  @Test
  void killedBetweenWriteAndCheckpointThenResumedCountsEachRowOnce() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      KillsCheckpoint store = new KillsCheckpoint(embedded);
      Repo old = oldRepo(store, true);
      List<Order> orders = seed(old, N, true);
      Repo fresh = newRepo(store, true);
      fresh.createTables();
      store.armed.set(true);
      RekeyException e =
          assertThrows(
              RekeyException.class,
              () ->
                  RekeyJob.builder(old, fresh)
                      .jobId("killed")
                      .workers(2)
                      .batchRows(25)
                      .build()
                      .run());
      assertTrue(e.getMessage().contains("killed"), e.getMessage());
      assertFalse(e.result().complete());
      assertTrue(e.result().countsMatch());
      RekeyResult r =
          RekeyJob.builder(old, fresh).jobId("killed").workers(2).batchRows(25).build().run();
      assertTrue(r.complete());
      assertTrue(r.countsMatch(), r.toString());
      assertEquals(N, r.rowsRead());
      assertEquals(N, r.rowsWritten());
      assertMoved(fresh, orders); // versions as stored, not incremented by the rewrite
    }
  }

  @Test
  void aSecondRunOfTheSameJobStopsTheFirst() throws Exception {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      Repo old = oldRepo(store, false);
      List<Order> orders = seed(old, N, false);
      Repo fresh = newRepo(store, false);
      fresh.createTables();
      CountDownLatch firstBatch = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      RekeyJob<Order> a =
          RekeyJob.builder(old, fresh)
              .jobId("twice")
              .workers(1)
              .batchRows(20)
              .progress(
                  p -> {
                    if (p.rowsRead() > 0 && firstBatch.getCount() > 0) {
                      firstBatch.countDown();
                      try {
                        release.await(30, TimeUnit.SECONDS);
                      } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                      }
                    }
                  })
              .build();
      AtomicReference<Throwable> aFailed = new AtomicReference<>();
      CompletableFuture<Void> runA =
          CompletableFuture.runAsync(
              () -> {
                try {
                  a.run();
                } catch (Throwable t) {
                  aFailed.set(t);
                }
              });
      assertTrue(firstBatch.await(30, TimeUnit.SECONDS));
      RekeyResult b =
          RekeyJob.builder(old, fresh).jobId("twice").workers(2).batchRows(20).build().run();
      release.countDown();
      runA.get(30, TimeUnit.SECONDS);
      assertTrue(aFailed.get() instanceof ConcurrentRekeyException, String.valueOf(aFailed.get()));
      assertTrue(aFailed.get().getMessage().contains("another run"), aFailed.get().getMessage());
      assertTrue(b.complete());
      assertTrue(b.countsMatch(), b.toString());
      assertEquals(N, b.rowsRead());
      RekeyResult after = RekeyJob.builder(old, fresh).jobId("twice").build().run();
      assertEquals(N, after.rowsRead());
      assertEquals(N, after.rowsWritten());
      assertMoved(fresh, orders);
    }
  }

  /**
   * The first run (A) checkpoints a batch between the second run's (B's) read of the checkpoints
   * and B's claim of the segment: B must still take the job over, as a run started while another
   * runs does, rather than give up with A left running on the segments B claimed before.
   */
  @Test
  void aSecondRunTakesOverEvenWhenTheFirstCheckpointsBetweenItsReadAndItsClaim() throws Exception {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      Repo old = oldRepo(store, false);
      List<Order> orders = seed(old, N, false);
      Repo fresh = newRepo(store, false);
      fresh.createTables();
      CountDownLatch firstBatch = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      CountDownLatch secondBatch = new CountDownLatch(1);
      java.util.concurrent.atomic.AtomicInteger batches =
          new java.util.concurrent.atomic.AtomicInteger();
      RekeyJob<Order> a =
          RekeyJob.builder(old, fresh)
              .jobId("race")
              .workers(1)
              .batchRows(20)
              .progress(
                  p -> {
                    if (p.rowsRead() == 0) {
                      return; // the start of the run
                    }
                    int n = batches.incrementAndGet();
                    if (n == 1) {
                      firstBatch.countDown();
                      try {
                        release.await(30, TimeUnit.SECONDS);
                      } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                      }
                    } else if (n == 2) {
                      secondBatch.countDown();
                    }
                  })
              .build();
      AtomicReference<Throwable> aFailed = new AtomicReference<>();
      CompletableFuture<Void> runA =
          CompletableFuture.runAsync(
              () -> {
                try {
                  a.run();
                } catch (Throwable t) {
                  aFailed.set(t);
                }
              });
      assertTrue(firstBatch.await(30, TimeUnit.SECONDS));
      // B's store lets A checkpoint its next batch just before B's first claim reaches the store
      AtomicBoolean armed = new AtomicBoolean(true);
      WideTableStore hooked =
          new ForwardingStore(store) {
            @Override
            public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
              if (isSegmentWrite(ops) && armed.compareAndSet(true, false)) {
                release.countDown();
                try {
                  assertTrue(secondBatch.await(30, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                  throw new AssertionError(e);
                }
              }
              return super.batchWrite(ops);
            }
          };
      RekeyResult b =
          RekeyJob.builder(oldRepo(hooked, false), newRepo(hooked, false))
              .jobId("race")
              .workers(2)
              .batchRows(20)
              .build()
              .run();
      release.countDown();
      runA.get(30, TimeUnit.SECONDS);
      assertTrue(aFailed.get() instanceof ConcurrentRekeyException, String.valueOf(aFailed.get()));
      assertTrue(b.complete(), b.toString());
      assertTrue(b.countsMatch(), b.toString());
      assertEquals(N, b.rowsRead(), b.toString());
      assertMoved(fresh, orders);
    }
  }

  /** Whether {@code ops} writes a segment's checkpoint (a claim or a batch's), conditionally. */
  private static boolean isSegmentWrite(List<WriteOp> ops) {
    WriteOp op = ops.get(0);
    return op instanceof WriteOp.Put
        && op.table().equals(RekeyJob.PROGRESS_TABLE)
        && !op.condition().isNone()
        && ((WriteOp.Put) op).row().key().get(1).asString().startsWith("segment/");
  }

  /** Whether {@code ops} is a run's claim of a segment no run has moved a row of. */
  private static boolean isSegmentClaim(List<WriteOp> ops) {
    return isSegmentWrite(ops) && ((WriteOp.Put) ops.get(0)).row().get("rows_read").asLong() == 0;
  }

  private static void await(CountDownLatch latch) {
    try {
      assertTrue(latch.await(30, TimeUnit.SECONDS), "timed out");
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * Two runs of one job started at the same moment: B reads the checkpoints after A claimed the
   * first segment and before A claims the second, and A claims the second just before B does.
   * Without a job-wide order B took the first segment over, gave up at the second, and A then
   * stopped at the first: both stopped, the job half done. Exactly one run must finish the job and
   * the other fail with a {@link ConcurrentRekeyException} naming it.
   */
  @Test
  void twoRunsStartedTogetherLeaveExactlyOneToFinishTheJob() throws Exception {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      Repo old = oldRepo(store, false);
      List<Order> orders = seed(old, N, false);
      Repo fresh = newRepo(store, false);
      fresh.createTables();
      CountDownLatch aClaimedFirst = new CountDownLatch(1);
      CountDownLatch releaseA = new CountDownLatch(1);
      CountDownLatch aClaimedSecond = new CountDownLatch(1);
      AtomicInteger aClaims = new AtomicInteger();
      WideTableStore aStore =
          new ForwardingStore(store) {
            @Override
            public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
              boolean claim = isSegmentClaim(ops);
              List<WriteOutcome> out = super.batchWrite(ops);
              if (claim) {
                int n = aClaims.incrementAndGet();
                if (n == 1) {
                  aClaimedFirst.countDown();
                  await(releaseA); // B starts here
                } else if (n == 2) {
                  aClaimedSecond.countDown();
                }
              }
              return out;
            }
          };
      AtomicInteger bClaims = new AtomicInteger();
      WideTableStore bStore =
          new ForwardingStore(store) {
            @Override
            public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
              if (isSegmentClaim(ops) && bClaims.incrementAndGet() == 2) {
                releaseA.countDown(); // A claims the second segment before B's claim of it
                await(aClaimedSecond);
              }
              return super.batchWrite(ops);
            }
          };
      RekeyJob<Order> a =
          RekeyJob.builder(oldRepo(aStore, false), newRepo(aStore, false))
              .jobId("together")
              .workers(2)
              .batchRows(20)
              .build();
      RekeyJob<Order> b =
          RekeyJob.builder(oldRepo(bStore, false), newRepo(bStore, false))
              .jobId("together")
              .workers(2)
              .batchRows(20)
              .build();
      CompletableFuture<Object> runA =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return a.run();
                } catch (RuntimeException e) {
                  return e;
                }
              });
      await(aClaimedFirst);
      Object bOutcome;
      try {
        bOutcome = b.run();
      } catch (RuntimeException e) {
        bOutcome = e;
      }
      releaseA.countDown();
      Object aOutcome = runA.get(60, TimeUnit.SECONDS);
      List<Object> outcomes = List.of(aOutcome, bOutcome);
      List<RekeyResult> finished =
          outcomes.stream()
              .filter(RekeyResult.class::isInstance)
              .map(RekeyResult.class::cast)
              .toList();
      assertEquals(1, finished.size(), "exactly one run finishes: " + outcomes);
      RekeyResult done = finished.get(0);
      assertTrue(done.complete(), done.toString());
      assertTrue(done.countsMatch(), done.toString());
      assertEquals(N, done.rowsRead(), done.toString());
      Object other = aOutcome == done ? bOutcome : aOutcome;
      assertTrue(other instanceof ConcurrentRekeyException, String.valueOf(other));
      String winner = (aOutcome == done ? a : b).runId();
      ConcurrentRekeyException lost = (ConcurrentRekeyException) other;
      assertEquals(winner, lost.otherRun(), lost.getMessage());
      assertTrue(lost.getMessage().contains(winner), lost.getMessage());
      RekeyResult after = RekeyJob.builder(old, fresh).jobId("together").build().run();
      assertEquals(N, after.rowsRead());
      assertEquals(N, after.rowsWritten());
      assertMoved(fresh, orders);
    }
  }

  @Test
  void progressIsMonotonic() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      Repo old = oldRepo(store, false);
      seed(old, N, false);
      Repo fresh = newRepo(store, false);
      fresh.createTables();
      List<RekeyProgress> seen = new ArrayList<>();
      RekeyResult r =
          RekeyJob.builder(old, fresh).workers(4).batchRows(17).progress(seen::add).build().run();
      assertTrue(seen.size() > N / 17, "one snapshot per batch at least: " + seen.size());
      for (int i = 1; i < seen.size(); i++) {
        RekeyProgress a = seen.get(i - 1);
        RekeyProgress b = seen.get(i);
        assertTrue(
            a.rowsRead() <= b.rowsRead()
                && a.rowsWritten() <= b.rowsWritten()
                && a.rowsRefused() <= b.rowsRefused()
                && a.segmentsDone() <= b.segmentsDone(),
            a + " then " + b);
      }
      RekeyProgress last = seen.get(seen.size() - 1);
      assertEquals(new RekeyProgress(N, N, 0, r.segmentsTotal(), r.segmentsTotal()), last);
      assertTrue(r.segmentsTotal() >= 4, "several segments per worker: " + r.segmentsTotal());
    }
  }
}
