package dev.widekey.store.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.ContendedWriteException;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.entities.IndexedTicket;
import dev.widekey.store.tck.entities.IndexedTicketRepository;
import dev.widekey.store.tck.history.HistoryEvent.Outcome;
import dev.widekey.store.tck.history.IndexHistoryChecker;
import dev.widekey.store.tck.history.JitterStore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Index tables under concurrent writers that change the indexed values of the same keys, each
 * paused at random between its rows ({@link JitterStore}: a second writer landing mid-write), and
 * readers through the index: the recorded history is checked by {@link IndexHistoryChecker} (no
 * entity of another value, none stale, none missed that held its value through a read), and once
 * the writers stop every entity is found at its value exactly once. A writer whose index rows land
 * after its write returned (the wrong order: the commit first) is caught by the same check.
 */
public abstract class IndexConsistencyContractTest {
  private static final List<String> QUEUES = List.of("red", "green", "blue");

  /** The store under test; the subclass opens and closes it. */
  protected abstract WideTableStore store();

  /**
   * Sets the writes of each writer for a longer run: {@code -Dwidekey.index.history.writes=5000}.
   */
  public static final String WRITES_PROPERTY = "widekey.index.history.writes";

  /**
   * Operations each writer runs ({@link #WRITES_PROPERTY}, else 120); a networked store runs fewer.
   */
  protected int writesPerWriter() {
    return Integer.getInteger(WRITES_PROPERTY, 120);
  }

  /** Keys written: few, so writers meet on them. */
  private static final int KEYS = 6;

  private final AtomicLong ids = new AtomicLong();
  private String prefix;

  @BeforeEach
  void open() {
    new IndexedTicketRepository(store()).createTables();
    prefix = "r" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
  }

  @Test
  void concurrentWritersAndReadersThroughTheIndexShowNoAnomaly() throws Exception {
    History history = run(store -> store, 4, 2);
    assertTrue(history.writes.size() > 0);
    assertEquals(List.of(), IndexHistoryChecker.check(history.writes, history.reads));
    assertEquals(List.of(), finalAnomalies(new IndexedTicketRepository(store())));
  }

  @Test
  void indexRowsLandingAfterTheWriteReturnedAreCaught() throws Exception {
    ScheduledExecutorService late = Executors.newSingleThreadScheduledExecutor();
    try {
      History history = run(store -> new LateIndexStore(store, late), 2, 2);
      late.shutdown();
      late.awaitTermination(10, TimeUnit.SECONDS);
      List<String> anomalies = IndexHistoryChecker.check(history.writes, history.reads);
      assertFalse(anomalies.isEmpty(), "a broken write order went unnoticed");
      assertTrue(anomalies.stream().anyMatch(a -> a.startsWith("MISSED")), anomalies.toString());
    } finally {
      late.shutdownNow();
    }
  }

  private record History(
      List<IndexHistoryChecker.Write> writes, List<IndexHistoryChecker.Read> reads) {}

  private History run(Function<WideTableStore, WideTableStore> wrap, int writers, int readers)
      throws InterruptedException {
    long seed = System.nanoTime();
    List<IndexHistoryChecker.Write> writes = Collections.synchronizedList(new ArrayList<>());
    List<IndexHistoryChecker.Read> reads = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch writing = new CountDownLatch(writers);
    List<Thread> threads = new ArrayList<>();
    List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    for (int w = 0; w < writers; w++) {
      int client = w;
      Random random = new Random(seed + w);
      IndexedTicketRepository own =
          new IndexedTicketRepository(wrap.apply(new JitterStore(store(), 0.3, 2_000)));
      threads.add(
          new Thread(
              () -> {
                try {
                  for (int i = 0; i < writesPerWriter(); i++) {
                    write(own, client, random, writes);
                  }
                } catch (Throwable t) {
                  failures.add(t);
                } finally {
                  writing.countDown();
                }
              }));
    }
    for (int r = 0; r < readers; r++) {
      int client = writers + r;
      Random random = new Random(seed - r - 1);
      IndexedTicketRepository own = new IndexedTicketRepository(store());
      threads.add(
          new Thread(
              () -> {
                try {
                  while (writing.getCount() > 0) {
                    String queue = QUEUES.get(random.nextInt(QUEUES.size()));
                    long start = System.nanoTime();
                    List<IndexHistoryChecker.Returned> got = new ArrayList<>();
                    try (Stream<IndexedTicket> s = own.byQueue().scanByQueue(queue)) {
                      s.filter(t -> t.id().startsWith(prefix))
                          .forEach(
                              t ->
                                  got.add(
                                      new IndexHistoryChecker.Returned(
                                          t.id(), t.writeId(), t.queue())));
                    }
                    reads.add(
                        new IndexHistoryChecker.Read(client, queue, got, start, System.nanoTime()));
                  }
                } catch (Throwable t) {
                  failures.add(t);
                }
              }));
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    if (!failures.isEmpty()) {
      throw new AssertionError("seed " + seed + ": a client failed", failures.get(0));
    }
    return new History(List.copyOf(writes), List.copyOf(reads));
  }

  private void write(
      IndexedTicketRepository tickets,
      int client,
      Random random,
      List<IndexHistoryChecker.Write> writes) {
    String id = prefix + random.nextInt(KEYS);
    long writeId = ids.incrementAndGet();
    boolean delete = random.nextInt(6) == 0;
    String queue = delete ? null : QUEUES.get(random.nextInt(QUEUES.size()));
    int kind = random.nextInt(4);
    long start = System.nanoTime();
    Outcome outcome = Outcome.OK;
    try {
      if (delete) {
        tickets.delete(id);
      } else {
        IndexedTicket ticket =
            new IndexedTicket(id, queue, writeId, random.nextBoolean() ? "body " + writeId : null);
        switch (kind) {
          case 0 -> tickets.insert(ticket);
          case 1 -> tickets.update(ticket);
          default -> tickets.put(ticket);
        }
      }
    } catch (ContendedWriteException e) {
      outcome = Outcome.FAIL; // retryable: nothing was written
    } catch (StoreException e) {
      outcome = e.retryable() ? Outcome.UNKNOWN : Outcome.FAIL;
    }
    writes.add(
        new IndexHistoryChecker.Write(
            client, id, writeId, queue, start, System.nanoTime(), outcome));
  }

  /** Once writers stop: every stored ticket found at its queue exactly once, and nothing else. */
  private List<String> finalAnomalies(IndexedTicketRepository tickets) {
    List<String> anomalies = new ArrayList<>();
    List<IndexedTicket> stored;
    try (Stream<IndexedTicket> all = tickets.scanAll()) {
      stored = all.filter(t -> t.id().startsWith(prefix)).toList();
    }
    for (String queue : QUEUES) {
      List<String> expected =
          stored.stream().filter(t -> t.queue().equals(queue)).map(IndexedTicket::id).toList();
      List<String> read;
      try (Stream<IndexedTicket> s = tickets.byQueue().scanByQueue(queue)) {
        read = s.filter(t -> t.id().startsWith(prefix)).map(IndexedTicket::id).toList();
      }
      if (!read.equals(expected)) {
        anomalies.add(queue + ": index read " + read + ", stored " + expected);
      }
    }
    return anomalies;
  }

  /**
   * The wrong write order, as a broken implementation would have it: index rows sent off to land a
   * few milliseconds later, after the write returned.
   */
  private static final class LateIndexStore extends ForwardingStore {
    private final ScheduledExecutorService late;

    LateIndexStore(WideTableStore delegate, ScheduledExecutorService late) {
      super(delegate);
      this.late = late;
    }

    @Override
    public void put(String table, Row row) {
      if (table.endsWith("_by_queue")) {
        late.schedule(() -> delegate.put(table, row), 20, TimeUnit.MILLISECONDS);
        return;
      }
      super.put(table, row);
    }
  }
}
