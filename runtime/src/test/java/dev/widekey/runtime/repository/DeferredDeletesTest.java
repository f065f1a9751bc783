package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.Docs.Doc;
import dev.widekey.runtime.repository.Docs.DocRepository;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * On a networked store a commit leaves the deletes of the rows it replaced to a background queue:
 * the writer does not wait for them, they are sent in batches, {@code flushDeletes} waits for them,
 * a full queue makes writers send their own, and a failed delete only leaves garbage for the sweep.
 */
class DeferredDeletesTest {
  private final EmbeddedStore embedded = EmbeddedStore.inMemory();

  @AfterEach
  void close() {
    embedded.close();
  }

  /** The embedded store seen as a networked one, its batches of deletes counted and gated. */
  private static final class NetworkedStore extends ForwardingStore {
    final AtomicInteger deleteBatches = new AtomicInteger();
    final AtomicInteger deletesSent = new AtomicInteger();
    volatile CountDownLatch gate = new CountDownLatch(0);
    volatile boolean failDeletes;

    NetworkedStore(EmbeddedStore delegate) {
      super(delegate);
    }

    @Override
    public int scanParallelism() {
      return Integer.MAX_VALUE; // calls wait on round trips
    }

    @Override
    public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
      if (ops.stream().allMatch(op -> op instanceof WriteOp.Delete)) {
        try {
          assertTrue(gate.await(30, TimeUnit.SECONDS), "gate never opened");
        } catch (InterruptedException e) {
          throw new AssertionError(e);
        }
        deleteBatches.incrementAndGet();
        deletesSent.addAndGet(ops.size());
        if (failDeletes) {
          throw new StoreException(
              dev.widekey.runtime.store.ErrorKind.UNAVAILABLE, "region moving", true, null);
        }
      }
      return super.batchWrite(ops);
    }
  }

  private long coldRows() {
    try (var rows = embedded.scan(Docs.COLD, ScanRange.all(2))) {
      return rows.count();
    }
  }

  @Test
  void aWriterDoesNotWaitForTheDeleteOfTheRowItReplaced() throws Exception {
    NetworkedStore store = new NetworkedStore(embedded);
    DocRepository docs = new DocRepository(store);
    docs.createTables();
    docs.put(Doc.withCold(1, "first", "body one"));
    store.gate = new CountDownLatch(1); // the store holds every delete from now on

    ExecutorService writer = Executors.newSingleThreadExecutor();
    try {
      Future<?> second = writer.submit(() -> docs.put(Doc.withCold(1, "second", "body two")));
      second.get(10, TimeUnit.SECONDS); // returns although the replaced row's delete is held
      assertEquals(2, coldRows(), "the replaced cold row is still there, its delete held");
      assertEquals(Doc.withCold(1, "second", "body two"), docs.getWithCold(1).orElseThrow());

      store.gate.countDown();
      docs.flushDeletes();
      assertEquals(1, coldRows());
      assertEquals(Doc.withCold(1, "second", "body two"), docs.getWithCold(1).orElseThrow());
    } finally {
      store.gate.countDown();
      writer.shutdownNow();
    }
  }

  @Test
  void deletesOfManyWritesGoOutInBatches() throws Exception {
    NetworkedStore store = new NetworkedStore(embedded);
    DocRepository docs = new DocRepository(store);
    docs.createTables();
    int entities = 200;
    for (int i = 0; i < entities; i++) {
      docs.put(Doc.withCold(i, "first", "body " + i));
    }
    store.gate = new CountDownLatch(1);
    ExecutorService writers = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < entities; i++) {
        long id = i;
        done.add(writers.submit(() -> docs.put(Doc.withCold(id, "second", "again " + id))));
      }
      for (Future<?> f : done) {
        f.get(30, TimeUnit.SECONDS);
      }
      store.gate.countDown();
      docs.flushDeletes();
    } finally {
      store.gate.countDown();
      writers.shutdownNow();
    }
    assertEquals(entities, store.deletesSent.get());
    assertTrue(
        store.deleteBatches.get() < entities / 2,
        store.deleteBatches.get() + " batches for " + entities + " deletes");
    assertEquals(entities, coldRows());
    for (int i = 0; i < entities; i++) {
      assertEquals(Doc.withCold(i, "second", "again " + i), docs.getWithCold(i).orElseThrow());
    }
  }

  @Test
  void aFullQueueMakesTheWriterSendItsOwnDeletes() {
    NetworkedStore store = new NetworkedStore(embedded);
    DeferredDeletes deletes = new DeferredDeletes(store, task -> {}); // never drains by itself
    DocRepository docs = new DocRepository(store);
    docs.createTables();
    docs.put(Doc.withCold(1, "kept", "body"));
    List<WriteOp> filler = new ArrayList<>();
    for (int i = 0; i < DeferredDeletes.MAX_QUEUED; i++) {
      filler.add(WriteOp.delete(Docs.COLD, ColdRows.key(TestRows.key(100_000 + i), i)));
    }
    deletes.delete(filler);
    assertEquals(0, store.deletesSent.get(), "queued, not sent");

    deletes.delete(List.of(WriteOp.delete(Docs.COLD, ColdRows.key(TestRows.key(1), 42))));
    assertEquals(1, store.deletesSent.get(), "over the bound: sent by the writer itself");

    deletes.flush();
    assertEquals(1 + DeferredDeletes.MAX_QUEUED, store.deletesSent.get());
  }

  @Test
  void aFailedDeleteLeavesGarbageTheSweepRemoves() {
    NetworkedStore store = new NetworkedStore(embedded);
    DocRepository docs = new DocRepository(store);
    docs.createTables();
    docs.put(Doc.withCold(1, "first", "body one"));
    store.failDeletes = true;
    docs.put(Doc.withCold(1, "second", "body two")); // acknowledged: the delete is not the caller's
    docs.flushDeletes();
    assertEquals(2, coldRows());
    assertEquals(Doc.withCold(1, "second", "body two"), docs.getWithCold(1).orElseThrow());

    store.failDeletes = false;
    ColdSweepResult swept =
        new DocRepository(embedded)
            .sweepColdRows(Duration.ofHours(2), System.currentTimeMillis() + 3 * 3_600_000L);
    assertEquals(1, swept.deleted());
    assertEquals(1, coldRows());
    assertEquals(Doc.withCold(1, "second", "body two"), docs.getWithCold(1).orElseThrow());
  }

  /**
   * An application that wraps the store per repository and drops the wrapper right after a write (a
   * request-scoped decorator): the replaced row's queued delete keeps the wrapper alive until it is
   * sent, so {@code flushDeletes} on any repository still sends it. Weakly held before, the wrapper
   * could be collected while its delete lingered, and the delete was lost.
   */
  @Test
  void aDroppedStoreWrapperStillSendsItsQueuedDeletes() {
    DocRepository healthy = new DocRepository(embedded);
    healthy.createTables();
    int entities = 50;
    for (int i = 0; i < entities; i++) {
      healthy.put(Doc.withCold(i, "first", "body " + i));
    }
    List<WeakReference<NetworkedStore>> dropped = new ArrayList<>();
    for (int i = 0; i < entities; i++) {
      NetworkedStore perRequest = new NetworkedStore(embedded);
      new DocRepository(perRequest).put(Doc.withCold(i, "second", "again " + i));
      dropped.add(new WeakReference<>(perRequest));
    }
    System.gc();
    healthy.flushDeletes();
    assertEquals(entities, coldRows(), "every replaced cold row deleted");
    for (int i = 0; i < entities; i++) {
      assertEquals(Doc.withCold(i, "second", "again " + i), healthy.getWithCold(i).orElseThrow());
    }
    // a collection is only requested: ask again for a while before calling the pin a leak
    for (int tries = 0;
        tries < 50 && dropped.stream().allMatch(ref -> ref.get() != null);
        tries++) {
      System.gc();
      Thread.onSpinWait();
    }
    assertTrue(
        dropped.stream().anyMatch(ref -> ref.get() == null),
        "a wrapper whose deletes were sent is released");
  }
}
