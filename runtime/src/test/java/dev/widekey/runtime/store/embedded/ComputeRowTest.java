package dev.widekey.runtime.store.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.fault.MovingClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link EmbeddedStore#computeRow}: a row written as a function of the stored one, atomically. */
class ComputeRowTest {
  private static final TableSpec COUNTERS =
      new TableSpec("counters", List.of(new PkColumn("pk", PkType.STRING)));
  private static final PrimaryKey KEY = PrimaryKey.of(PkValue.ofString("k"));

  private static Row counter(long n) {
    return Row.of(KEY, Map.of("n", AttrValue.ofInteger(n), "note", AttrValue.ofString("x")));
  }

  private static long n(Optional<Row> row) {
    return row.map(r -> r.get("n").asLong()).orElse(0L);
  }

  @Test
  void theComputationSeesTheStoredRowAndItsAnswerIsWrittenWhole() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(COUNTERS);
      assertTrue(store.computesRows());
      Optional<Row> first =
          store.computeRow("counters", KEY, ColumnSelection.of("n"), s -> counter(n(s) + 1));
      assertEquals(Optional.empty(), first, "absent: passed empty");
      store.put("counters", Row.of(KEY, Map.of("n", AttrValue.ofInteger(5), "old", text("o"))));
      Optional<Row> read =
          store.computeRow("counters", KEY, ColumnSelection.of("n"), s -> counter(n(s) + 1));
      assertEquals(Map.of("n", AttrValue.ofInteger(5)), read.orElseThrow().columns());
      assertEquals(
          Optional.of(counter(6)),
          store.get("counters", KEY, ColumnSelection.all()),
          "the computed row replaces the stored one whole: its other columns are gone");
    }
  }

  @Test
  void nullWritesNothingAndARowHoldingNoneOfTheColumnsIsPassedPresent() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(COUNTERS);
      Row other = Row.of(KEY, Map.of("other", text("kept")));
      store.put("counters", other);
      assertEquals(Optional.empty(), store.get("counters", KEY, ColumnSelection.of("n")));
      Optional<Row> read = store.computeRow("counters", KEY, ColumnSelection.of("n"), s -> null);
      assertEquals(Optional.of(Row.of(KEY, Map.of())), read, "present, with no columns");
      assertEquals(Optional.of(other), store.get("counters", KEY, ColumnSelection.all()));
    }
  }

  @Test
  void anExpiredRowIsPassedAbsent() {
    MovingClock clock = new MovingClock();
    try (EmbeddedStore store = EmbeddedStore.builder().clock(clock).build()) {
      store.createTable(COUNTERS.withTtlSeconds(86_400));
      store.put("counters", counter(7));
      clock.advanceSeconds(86_401);
      Optional<Row> read =
          store.computeRow("counters", KEY, ColumnSelection.of("n"), s -> counter(n(s) + 1));
      assertEquals(Optional.empty(), read);
      assertEquals(Optional.of(counter(1)), store.get("counters", KEY, ColumnSelection.all()));
    }
  }

  @Test
  void aFailingComputationOrARefusedRowWritesNothing() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(COUNTERS);
      store.put("counters", counter(1));
      IllegalStateException thrown =
          assertThrows(
              IllegalStateException.class,
              () ->
                  store.computeRow(
                      "counters",
                      KEY,
                      ColumnSelection.all(),
                      s -> {
                        throw new IllegalStateException("no");
                      }));
      assertEquals("no", thrown.getMessage());
      PrimaryKey other = PrimaryKey.of(PkValue.ofString("other"));
      assertThrows(
          IllegalArgumentException.class,
          () ->
              store.computeRow(
                  "counters", KEY, ColumnSelection.all(), s -> Row.of(other, Map.of("n", int1()))));
      String huge = "x".repeat(store.limits().maxAttributeBytes() + 1);
      StoreException tooLong =
          assertThrows(
              StoreException.class,
              () ->
                  store.computeRow(
                      "counters",
                      KEY,
                      ColumnSelection.all(),
                      s -> Row.of(KEY, Map.of("n", text(huge)))));
      assertEquals(ErrorKind.LIMIT_EXCEEDED, tooLong.kind(), tooLong.getMessage());
      assertEquals(Optional.of(counter(1)), store.get("counters", KEY, ColumnSelection.all()));
      assertEquals(1, rows(store));
    }
  }

  @Test
  void concurrentIncrementsLoseNone() throws Exception {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(COUNTERS);
      int threads = 8;
      int each = 2_000;
      AtomicInteger calls = new AtomicInteger();
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try {
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          done.add(
              pool.submit(
                  () -> {
                    for (int i = 0; i < each; i++) {
                      store.computeRow(
                          "counters",
                          KEY,
                          ColumnSelection.of("n"),
                          s -> {
                            calls.incrementAndGet();
                            return counter(n(s) + 1);
                          });
                    }
                  }));
        }
        for (Future<?> f : done) {
          f.get();
        }
      } finally {
        pool.shutdownNow();
      }
      assertEquals(
          threads * each, n(store.get("counters", KEY, ColumnSelection.all())), "no lost update");
      assertTrue(calls.get() >= threads * each);
      assertEquals(1, rows(store), "the totals count the row once");
    }
  }

  @Test
  void otherStoresAndDecoratorsDoNotOfferIt() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(COUNTERS);
      ForwardingStore decorated = new ForwardingStore(store);
      assertFalse(decorated.computesRows(), "a decorator forwards it only where it says so");
      StoreException e =
          assertThrows(
              StoreException.class,
              () -> decorated.computeRow("counters", KEY, ColumnSelection.all(), s -> null));
      assertEquals(ErrorKind.UNSUPPORTED, e.kind());
      assertSame(Optional.empty(), store.get("counters", KEY, ColumnSelection.all()));
      store.put("counters", counter(1));
      StoreException delete =
          assertThrows(
              StoreException.class,
              () -> decorated.getAndDelete("counters", KEY, ColumnSelection.all()));
      assertEquals(ErrorKind.UNSUPPORTED, delete.kind());
      assertFalse(delete.retryable());
      assertEquals(Optional.of(counter(1)), store.get("counters", KEY, ColumnSelection.all()));
    }
  }

  /**
   * {@link EmbeddedStore#getAndDelete}: the row deleted is handed back as a computation is handed
   * it (selected columns; present with none; absent when expired, and purged all the same).
   */
  @Test
  void aDeletedRowIsHandedBackAsAComputationIsHandedIt() {
    MovingClock clock = new MovingClock();
    try (EmbeddedStore store = EmbeddedStore.builder().clock(clock).build()) {
      store.createTable(COUNTERS.withTtlSeconds(86_400));
      assertEquals(Optional.empty(), store.getAndDelete("counters", KEY, ColumnSelection.all()));
      store.put("counters", counter(3));
      assertEquals(
          Optional.of(Row.of(KEY, Map.of("n", AttrValue.ofInteger(3)))),
          store.getAndDelete("counters", KEY, ColumnSelection.of("n")));
      assertEquals(Optional.empty(), store.get("counters", KEY, ColumnSelection.all()));
      assertEquals(0, rows(store), "the totals count the row no more");
      store.put("counters", Row.of(KEY, Map.of("other", text("x"))));
      assertEquals(
          Optional.of(Row.of(KEY, Map.of())),
          store.getAndDelete("counters", KEY, ColumnSelection.of("n")),
          "a row holding none of the columns: present, with none");
      assertEquals(Optional.empty(), store.get("counters", KEY, ColumnSelection.all()));
      store.put("counters", counter(4));
      clock.advanceSeconds(86_401);
      assertEquals(Optional.empty(), store.getAndDelete("counters", KEY, ColumnSelection.all()));
      assertEquals(0, rows(store), "the expired row is gone");
      assertThrows(
          StoreException.class,
          () ->
              store.getAndDelete(
                  "counters", PrimaryKey.of(PkValue.ofInteger(1)), ColumnSelection.all()));
    }
  }

  /** Deleters racing for one row: each row put is handed back to exactly one of them. */
  @Test
  void racingDeletersEachTakeARowOnce() throws Exception {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(COUNTERS);
      int threads = 4;
      int rounds = 2_000;
      AtomicInteger taken = new AtomicInteger();
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      try {
        for (int r = 0; r < rounds; r++) {
          store.put("counters", counter(r));
          CountDownLatch start = new CountDownLatch(1);
          List<Future<?>> done = new ArrayList<>();
          long expected = r;
          for (int t = 0; t < threads; t++) {
            done.add(
                pool.submit(
                    () -> {
                      start.await();
                      Optional<Row> mine =
                          store.getAndDelete("counters", KEY, ColumnSelection.of("n"));
                      if (mine.isPresent()) {
                        assertEquals(expected, n(mine));
                        taken.incrementAndGet();
                      }
                      return null;
                    }));
          }
          start.countDown();
          for (Future<?> f : done) {
            f.get();
          }
        }
      } finally {
        pool.shutdownNow();
      }
      assertEquals(rounds, taken.get(), "every row handed back once, to one deleter");
      assertEquals(0, rows(store));
    }
  }

  private static long rows(EmbeddedStore store) {
    return store.partitionStats("counters").stream().mapToLong(PartitionStats::rows).sum();
  }

  private static AttrValue text(String s) {
    return AttrValue.ofString(s);
  }

  private static AttrValue int1() {
    return AttrValue.ofInteger(1);
  }
}
