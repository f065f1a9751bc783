package dev.widekey.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.write.BulkWriteException;
import dev.widekey.runtime.write.BulkWriteProgress;
import dev.widekey.runtime.write.BulkWriteProgressListener;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.BulkWriter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@code widekey.bulk.in.flight} gauge counts the operations of running imports only: an import
 * that stops with operations unfinished (never sent, or of unknown outcome) takes them off the
 * gauge when it ends, and imports sharing a registry and tags keep the sum exact.
 */
class BulkInFlightAfterStopTest {
  private static final List<Tag> TAGS = List.of(Tag.of("job", "load"));
  private static final int ROWS = 400;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private EmbeddedStore embedded;

  @BeforeEach
  void open() {
    embedded = EmbeddedStore.inMemory();
    embedded.createTable(Rows.table("t", ROWS, 4));
  }

  @AfterEach
  void close() {
    embedded.close();
  }

  private double inFlight() {
    return registry.find("widekey.bulk.in.flight").tags(TAGS).gauge().value();
  }

  private double count(String name) {
    return registry.find(name).tags(TAGS).counter().count();
  }

  /**
   * A store whose batch writes wait until {@code go} opens (at most ten seconds): the input must
   * fit the writer's window (80 operations), or reading it waits for these writes.
   */
  private WideTableStore waitingFor(CountDownLatch go) {
    return new ForwardingStore(embedded) {
      @Override
      public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
        await(go);
        return super.batchWrite(ops);
      }
    };
  }

  private static void await(CountDownLatch latch) {
    try {
      if (!latch.await(10, TimeUnit.SECONDS)) {
        throw new AssertionError("the test's latch never opened");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** Puts of keys [0, n) into {@code table}; after {@code n} elements it opens {@code read}. */
  private static Iterator<WriteOp> input(String table, int n, CountDownLatch read) {
    return new Iterator<>() {
      int i;

      @Override
      public boolean hasNext() {
        if (i == n) {
          read.countDown();
        }
        return i < n;
      }

      @Override
      public WriteOp next() {
        if (i >= n) {
          throw new NoSuchElementException();
        }
        return WriteOp.put(table, Rows.row(i++, 1));
      }
    };
  }

  /**
   * An import that stops with operations never sent: its 60 operations, on a table that does not
   * exist, are all read before its first batch is written; that batch fails, and the failure
   * listener throws, which stops the import.
   */
  private BulkWriteResult stoppedImport(Consumer<BulkWriteProgress> progress) {
    CountDownLatch read = new CountDownLatch(1);
    RuntimeException boom = new IllegalStateException("failure listener broke");
    BulkWriter writer =
        BulkWriter.builder(waitingFor(read))
            .workers(1)
            .maxBatchRows(10)
            .progress(progress)
            .onFailure(
                f -> {
                  throw boom;
                })
            .build();
    BulkWriteException e =
        assertThrows(BulkWriteException.class, () -> writer.write(input("missing", 60, read)));
    assertSame(boom, e.getCause());
    BulkWriteResult r = e.partialResult();
    assertTrue(r.unknown() + r.notAttempted() > 0, "operations were left unfinished: " + r);
    return r;
  }

  private BulkWriter writer(WideTableStore store, Consumer<BulkWriteProgress> progress) {
    return BulkWriter.builder(store).workers(1).maxBatchRows(10).progress(progress).build();
  }

  @Test
  void anImportThatStopsLeavesNothingInFlight() {
    BulkWriteResult r = stoppedImport(MeteredBulkWriter.progress(registry, TAGS));
    assertEquals(0, inFlight(), "the stopped import runs no more: " + r);
    assertEquals(r.failed(), count("widekey.bulk.failed"));
    assertEquals(60, count("widekey.bulk.read"));
  }

  @Test
  void anImportStoppedByAComposingProgressListenerLeavesNothingInFlight() {
    BulkWriteProgressListener metered = MeteredBulkWriter.progress(registry, TAGS);
    RuntimeException boom = new IllegalStateException("progress listener broke");
    BulkWriteProgressListener composed =
        new BulkWriteProgressListener() {
          @Override
          public void accept(BulkWriteProgress p) {
            metered.accept(p);
            throw boom;
          }

          @Override
          public void importEnded(BulkWriteResult result) {
            metered.importEnded(result);
          }
        };
    CountDownLatch read = new CountDownLatch(1);
    BulkWriter writer = writer(waitingFor(read), composed);
    BulkWriteException e =
        assertThrows(BulkWriteException.class, () -> writer.write(input("t", 60, read)));
    assertSame(boom, e.getCause());
    BulkWriteResult r = e.partialResult();
    assertTrue(r.notAttempted() > 0, "operations were left unfinished: " + r);
    assertEquals(0, inFlight(), r::toString);
    assertEquals(r.acknowledged(), count("widekey.bulk.acknowledged"));
  }

  @Test
  void oneWritersImportsOneAfterAnotherAllCount() {
    BulkWriter writer = writer(embedded, MeteredBulkWriter.progress(registry, TAGS));
    writer.write(input("t", 100, new CountDownLatch(1)));
    writer.write(input("t", 60, new CountDownLatch(1)));
    assertEquals(160, count("widekey.bulk.acknowledged"));
    assertEquals(160, count("widekey.bulk.read"));
    assertEquals(0, inFlight());
  }

  @Test
  void importsSharingARegistryStayExactWhenSomeStop() throws Exception {
    // a running import: its second batch waits until the others are done
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger batches = new AtomicInteger();
    CountDownLatch secondBatchSent = new CountDownLatch(1);
    WideTableStore slow =
        new ForwardingStore(embedded) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            if (batches.incrementAndGet() == 2) {
              secondBatchSent.countDown();
              await(release);
            }
            return super.batchWrite(ops);
          }
        };
    AtomicReference<BulkWriteProgress> runningLast = new AtomicReference<>();
    Consumer<BulkWriteProgress> runningMeters = MeteredBulkWriter.progress(registry, TAGS);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      Future<BulkWriteResult> running =
          pool.submit(
              () ->
                  writer(
                          slow,
                          p -> {
                            runningMeters.accept(p);
                            runningLast.set(p);
                          })
                      .write(input("t", 100, new CountDownLatch(1))));
      await(secondBatchSent);

      // meanwhile, four imports at once with the same tags: three stop, one finishes
      List<Future<BulkWriteResult>> others = new ArrayList<>();
      for (int k = 0; k < 4; k++) {
        boolean stops = k < 3;
        others.add(
            pool.submit(
                () -> {
                  if (stops) {
                    return stoppedImport(MeteredBulkWriter.progress(registry, TAGS));
                  }
                  return writer(embedded, MeteredBulkWriter.progress(registry, TAGS))
                      .write(input("t", 60, new CountDownLatch(1)));
                }));
      }
      long acknowledged = 0;
      for (Future<BulkWriteResult> f : others) {
        acknowledged += f.get(30, TimeUnit.SECONDS).acknowledged();
      }
      assertEquals(
          runningLast.get().inFlight(),
          inFlight(),
          "only the running import's operations are in flight");

      release.countDown();
      acknowledged += running.get(30, TimeUnit.SECONDS).acknowledged();
      assertEquals(0, inFlight());
      assertEquals(acknowledged, count("widekey.bulk.acknowledged"));
      assertEquals(100 + 4 * 60, count("widekey.bulk.read"));
    } finally {
      release.countDown();
      pool.shutdownNow();
    }
  }
}
