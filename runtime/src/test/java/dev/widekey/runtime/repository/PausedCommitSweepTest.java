package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.Docs.Doc;
import dev.widekey.runtime.repository.Docs.DocRepository;
import dev.widekey.runtime.repository.Tagged.Item;
import dev.widekey.runtime.repository.Tagged.Items;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.write.BulkWriteResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The adversary is time: a writer paused between planning its rows and committing them (a GC pause,
 * a suspended container), or whose wall clock is stepped back meanwhile, while another instance
 * sweeps with the least grace. The commit must never name rows the sweep took.
 */
class PausedCommitSweepTest {
  private static final Duration GRACE = ColdRows.MIN_SWEEP_GRACE;
  private static final long PAUSE = TimeUnit.HOURS.toMillis(2);

  /** A writer's clocks, moved by the test. */
  static final class Clocks implements CommitClock {
    final AtomicLong wall = new AtomicLong(1_800_000_000_000L);
    final AtomicLong nanos = new AtomicLong();

    @Override
    public long wallMillis() {
      return wall.get();
    }

    @Override
    public long nanoTime() {
      return nanos.get();
    }

    /** Real time passes: both clocks move. */
    void pause(long millis) {
      wall.addAndGet(millis);
      nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
    }
  }

  private final EmbeddedStore store = EmbeddedStore.inMemory();
  private final DocRepository sweeper = new DocRepository(store);
  private final Clocks clocks = new Clocks();

  @AfterEach
  void close() {
    store.close();
  }

  private long coldRows() {
    try (var rows = store.scan(Docs.COLD, ScanRange.all(2))) {
      return rows.count();
    }
  }

  /**
   * Check-then-act: the writer passed its deadline check, then paused two hours before its commit
   * reached the store; another instance swept meanwhile with the least grace and took the cold row
   * as garbage. Before, the commit landed naming the deleted row: the entity read as CORRUPT_DATA
   * for good. Now a commit acknowledged past the deadline stores its rows again.
   */
  @Test
  void aCommitPausedAfterItsDeadlineCheckKeepsItsColdRow() {
    sweeper.createTables();
    DocRepository writer =
        new DocRepository(
            new ForwardingStore(store) {
              @Override
              public void put(String table, Row row, WriteCondition condition) {
                if (table.equals(Docs.HOT)) {
                  clocks.pause(PAUSE); // after the check, before the store applies the commit
                  ColdSweepResult swept = sweeper.sweepColdRows(GRACE, clocks.wallMillis());
                  assertEquals(1, swept.deleted(), swept::toString);
                }
                store.put(table, row, condition);
              }
            });
    writer.useClock(clocks);

    writer.put(Doc.withCold(1, "paused", "the body"));

    assertEquals(Optional.of(Doc.withCold(1, "paused", "the body")), sweeper.getWithCold(1));
    // and no later sweep takes it: it is named
    clocks.pause(PAUSE);
    assertEquals(0, sweeper.sweepColdRows(GRACE, clocks.wallMillis()).deleted());
    assertEquals(Optional.of(Doc.withCold(1, "paused", "the body")), sweeper.getWithCold(1));
  }

  /**
   * The writer's wall clock is stepped back two hours (NTP) while it hangs two hours after storing
   * its cold row: by its wall clock no time passed, so its deadline check passed, while a sweeper
   * with a right clock took the row. Before, the commit named the deleted row. Now the deadline
   * counts the monotonic clock too: the write is refused, retryably, and nothing is stored.
   */
  @Test
  void aWallClockSteppedBackDoesNotHideAPausePastTheDeadline() {
    sweeper.createTables();
    AtomicLong trueWall = new AtomicLong();
    DocRepository writer =
        new DocRepository(
            new ForwardingStore(store) {
              @Override
              public void put(String table, Row row) {
                store.put(table, row);
                if (table.equals(Docs.COLD)) {
                  trueWall.set(clocks.wallMillis() + PAUSE);
                  clocks.pause(PAUSE);
                  clocks.wall.addAndGet(-PAUSE); // the wall clock stepped back meanwhile
                  ColdSweepResult swept = sweeper.sweepColdRows(GRACE, trueWall.get());
                  assertEquals(1, swept.deleted(), swept::toString);
                }
              }
            });
    writer.useClock(clocks);

    StoreException e =
        assertThrows(
            StoreException.class, () -> writer.put(Doc.withCold(2, "stepped", "the body")));

    assertEquals(ErrorKind.UNAVAILABLE, e.kind(), e::getMessage);
    assertTrue(e.retryable());
    assertEquals(Optional.empty(), sweeper.getWithCold(2));
    assertEquals(0, coldRows());
  }

  /**
   * The assumption, kept: a sweeper whose clock runs ahead of the writer's by less than the grace
   * less the commit deadline does not take the row of a write that commits within its deadline.
   */
  @Test
  void aSweeperAheadByLessThanTheGraceLessTheDeadlineKeepsAWriteInFlight() {
    sweeper.createTables();
    long skew = GRACE.minus(ColdRows.COMMIT_DEADLINE).toMillis() - 1;
    DocRepository writer =
        new DocRepository(
            new ForwardingStore(store) {
              @Override
              public void put(String table, Row row, WriteCondition condition) {
                if (table.equals(Docs.HOT)) {
                  clocks.pause(ColdRows.COMMIT_DEADLINE.toMillis());
                  ColdSweepResult swept = sweeper.sweepColdRows(GRACE, clocks.wallMillis() + skew);
                  assertEquals(0, swept.deleted(), swept::toString);
                }
                store.put(table, row, condition);
              }
            });
    writer.useClock(clocks);

    writer.put(Doc.withCold(3, "skewed", "the body"));

    assertEquals(Optional.of(Doc.withCold(3, "skewed", "the body")), sweeper.getWithCold(3));
  }

  /**
   * An index build paused between storing an entity's index row and committing it, while another
   * instance swept: before, the build had no deadline, its commit named the swept index row, and
   * every read through the index silently missed the entity. Now the build's commit is timed as a
   * write's: acknowledged late, it stores its index row again.
   */
  @Test
  void anIndexBuildPausedBeforeItsCommitKeepsItsIndexRow() {
    EntityTables tables = Tagged.tables(false);
    Items v1 = new Items(store, EntityTables.of(tables.hot()));
    v1.createTables();
    v1.put(new Item(1, "red", "note", null));
    Items sweeping = new Items(store, false);
    Items building =
        new Items(
            new ForwardingStore(store) {
              @Override
              public void put(String table, Row row, WriteCondition condition) {
                if (table.equals(tables.hot().name())) {
                  clocks.pause(PAUSE);
                  ColdSweepResult swept = sweeping.sweepColdRows(GRACE, clocks.wallMillis());
                  assertEquals(1, swept.deleted(), swept::toString);
                }
                store.put(table, row, condition);
              }
            },
            false);
    building.useClock(clocks);

    building.buildIndexes();

    try (var red = sweeping.byTag("red")) {
      assertEquals(List.of(1L), red.map(Item::id).toList());
    }
  }

  /**
   * A bulk write whose commit reached the store two hours after its cold row (a paused process, or
   * a stalled queue), while another instance swept: before, the commit named the swept cold row.
   * Now a bulk commit acknowledged past the deadline stores its rows again, as a single write's.
   */
  @Test
  void aBulkCommitPausedAfterItsColdRowKeepsItsColdRow() {
    sweeper.createTables();
    DocRepository writer =
        new DocRepository(
            new ForwardingStore(store) {
              @Override
              public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
                if (ops.stream().anyMatch(op -> op.table().equals(Docs.HOT))) {
                  clocks.pause(PAUSE);
                  ColdSweepResult swept = sweeper.sweepColdRows(GRACE, clocks.wallMillis());
                  assertEquals(1, swept.deleted(), swept::toString);
                }
                return store.batchWrite(ops);
              }
            });
    writer.useClock(clocks);

    BulkWriteResult result = writer.putAll(List.of(Doc.withCold(4, "bulk", "the body")));

    assertTrue(result.failures().isEmpty(), result::toString);
    assertEquals(Optional.of(Doc.withCold(4, "bulk", "the body")), sweeper.getWithCold(4));
  }

  private final Object sweeps = new Object();
  private final AtomicLong sweepsStarted = new AtomicLong();
  private long sweepsDone; // guarded by sweeps

  /** Waits until a sweep that started after now (so on the clock as moved) has finished. */
  private void awaitSweepStartedAfter() {
    long target = sweepsStarted.get() + 1;
    synchronized (sweeps) {
      while (sweepsDone < target) {
        try {
          sweeps.wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException(e);
        }
      }
    }
  }

  /**
   * A recorded history: four writers rewriting eight entities, each commit sometimes reaching the
   * store after a two-hour pause (the shared clock jumps: time passes for everyone), while another
   * instance sweeps with the least grace over and over. Every write either was acknowledged or
   * refused retryably (and retried); at the end every entity reads whole, as one acknowledged write
   * stored it, no refused write's value is stored, and a last sweep finds nothing to take.
   */
  @Test
  void writersPausedAtRandomWhileAnotherInstanceSweepsLoseNothing() throws Exception {
    sweeper.createTables();
    int writers = 4;
    int keys = 8;
    int writesEach = 150;
    DocRepository writer =
        new DocRepository(
            new ForwardingStore(store) {
              @Override
              public void put(String table, Row row, WriteCondition condition) {
                if (table.equals(Docs.HOT) && ThreadLocalRandom.current().nextInt(10) == 0) {
                  clocks.pause(PAUSE);
                  awaitSweepStartedAfter(); // the pause lasts until another instance swept
                }
                store.put(table, row, condition);
              }
            });
    writer.useClock(clocks);
    Map<Long, Set<String>> acknowledged = new ConcurrentHashMap<>();
    Set<String> refused = ConcurrentHashMap.newKeySet();
    AtomicBoolean writing = new AtomicBoolean(true);
    ExecutorService pool = Executors.newFixedThreadPool(writers + 1);
    try {
      Future<Long> sweeping =
          pool.submit(
              () -> {
                long deleted = 0;
                while (writing.get()) {
                  long n = sweepsStarted.incrementAndGet();
                  deleted += sweeper.sweepColdRows(GRACE, clocks.wallMillis()).deleted();
                  synchronized (sweeps) {
                    sweepsDone = n;
                    sweeps.notifyAll();
                  }
                }
                synchronized (sweeps) {
                  sweepsDone = Long.MAX_VALUE; // no writer waits for a sweep that will not come
                  sweeps.notifyAll();
                }
                return deleted;
              });
      List<Future<?>> done = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        int id = w;
        done.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < writesEach; i++) {
                    long key = ThreadLocalRandom.current().nextInt(keys);
                    String title = "w" + id + "-" + i;
                    while (true) {
                      try {
                        writer.put(Doc.withCold(key, title, "body of " + title));
                        acknowledged
                            .computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet())
                            .add(title);
                        break;
                      } catch (StoreException e) {
                        assertTrue(e.retryable(), e::getMessage);
                        refused.add(title);
                        title = title + "'"; // tried again, as a new write
                      }
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
      writing.set(false);
      assertTrue(sweeping.get() > 0, "the sweeps took rows of paused commits");
    } finally {
      pool.shutdownNow();
    }
    for (long key = 0; key < keys; key++) {
      Optional<Doc> read = sweeper.getWithCold(key);
      if (acknowledged.containsKey(key)) {
        Doc doc = read.orElseThrow();
        assertTrue(acknowledged.get(key).contains(doc.title()), doc::toString);
        assertTrue(!refused.contains(doc.title()), "a refused write committed nothing");
        assertEquals("body of " + doc.title(), doc.body(), "whole: one write's columns");
      } else {
        assertEquals(Optional.empty(), read);
      }
    }
    clocks.pause(PAUSE);
    ColdSweepResult last = sweeper.sweepColdRows(GRACE, clocks.wallMillis());
    assertEquals(keys, last.named() + last.deleted(), last::toString);
    for (long key = 0; key < keys; key++) {
      assertTrue(sweeper.getWithCold(key).isPresent(), "still whole after the last sweep");
    }
  }
}
