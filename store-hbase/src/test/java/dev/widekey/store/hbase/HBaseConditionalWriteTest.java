package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Conditional puts on HBase: each one checked and applied atomically by the region server. */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class HBaseConditionalWriteTest {
  private static final AtomicInteger TABLES = new AtomicInteger();
  private static final List<PkColumn> SCHEMA = List.of(new PkColumn("pk", PkType.STRING));
  private static HBaseStore store;

  @BeforeAll
  static void open(HBaseStore opened) {
    store = opened;
  }

  private static String freshTable() {
    String t = "conditional_" + TABLES.incrementAndGet();
    store.createTable(new TableSpec(t, SCHEMA));
    return t;
  }

  private static PrimaryKey key(String pk) {
    return PrimaryKey.of(PkValue.ofString(pk));
  }

  private static Row row(String pk, String column, long value) {
    return Row.of(key(pk), Map.of(column, AttrValue.ofInteger(value)));
  }

  private static void assertConditionFailed(StoreException e, String table, String pk) {
    assertEquals(ErrorKind.CONDITION_FAILED, e.kind(), e.getMessage());
    assertFalse(e.retryable());
    assertTrue(e.getMessage().contains(table), e.getMessage());
    assertTrue(e.getMessage().contains(pk), e.getMessage());
  }

  /** A put of row "c" under {@code condition} fails its condition. */
  private static void assertPutRefused(HBaseStore store, String t, WriteCondition condition) {
    assertConditionFailed(
        assertThrows(StoreException.class, () -> store.put(t, row("c", "a", 9), condition)),
        t,
        "c");
  }

  @Test
  void anInsertOfAStoredRowFailsAndWritesNothing() {
    String t = freshTable();
    store.put(t, row("k", "v", 1), WriteCondition.rowAbsent());
    StoreException e =
        assertThrows(
            StoreException.class, () -> store.put(t, row("k", "v", 2), WriteCondition.rowAbsent()));
    assertConditionFailed(e, t, "k");
    assertEquals(Optional.of(row("k", "v", 1)), store.get(t, key("k"), ColumnSelection.all()));
    // once deleted, the row may be inserted again, even within the same millisecond
    store.delete(t, key("k"));
    store.put(t, row("k", "v", 3), WriteCondition.rowAbsent());
    assertEquals(Optional.of(row("k", "v", 3)), store.get(t, key("k"), ColumnSelection.all()));
  }

  @Test
  void anUpdateOfAMissingRowFailsAndWritesNothing() {
    String t = freshTable();
    StoreException e =
        assertThrows(
            StoreException.class,
            () -> store.put(t, row("m", "v", 1), WriteCondition.rowPresent()));
    assertConditionFailed(e, t, "m");
    assertEquals(Optional.empty(), store.get(t, key("m"), ColumnSelection.all()));
    store.put(t, row("m", "v", 1));
    store.put(t, row("m", "v", 2), WriteCondition.rowPresent());
    assertEquals(Optional.of(row("m", "v", 2)), store.get(t, key("m"), ColumnSelection.all()));
    store.delete(t, key("m"));
    assertEquals(
        ErrorKind.CONDITION_FAILED,
        assertThrows(
                StoreException.class,
                () -> store.put(t, row("m", "v", 3), WriteCondition.rowPresent()))
            .kind());
  }

  @Test
  void aColumnEqualsConditionComparesTypeAndValueOfTheCurrentRowOnly() {
    String t = freshTable();
    store.put(
        t, Row.of(key("c"), Map.of("a", AttrValue.ofInteger(1), "stale", AttrValue.ofInteger(5))));
    store.put(t, row("c", "a", 2)); // "stale" stays behind as a cell the marker does not list
    WriteCondition staleHolds = WriteCondition.columnEquals("stale", AttrValue.ofInteger(5));
    assertConditionFailed(
        assertThrows(StoreException.class, () -> store.put(t, row("c", "a", 9), staleHolds)),
        t,
        "c");
    WriteCondition wrongType = WriteCondition.columnEquals("a", AttrValue.ofString("2"));
    assertThrows(StoreException.class, () -> store.put(t, row("c", "a", 9), wrongType));
    WriteCondition wrongValue = WriteCondition.columnEquals("a", AttrValue.ofInteger(3));
    assertThrows(StoreException.class, () -> store.put(t, row("c", "a", 9), wrongValue));
    WriteCondition noName = WriteCondition.columnEquals("", AttrValue.ofInteger(2));
    assertThrows(StoreException.class, () -> store.put(t, row("c", "a", 9), noName));
    assertEquals(Optional.of(row("c", "a", 2)), store.get(t, key("c"), ColumnSelection.all()));

    store.put(t, row("c", "a", 9), WriteCondition.columnEquals("a", AttrValue.ofInteger(2)));
    assertEquals(Optional.of(row("c", "a", 9)), store.get(t, key("c"), ColumnSelection.all()));
  }

  /**
   * {@code columnEqualsOrLeftover} checks the cell alone: it also accepts a leftover cell the
   * marker no longer lists (which {@code columnEquals} refuses), and refuses as {@code
   * columnEquals} does a cell of another value or type, a column never written, and a deleted row;
   * in either write order (the row-marker order checks it with a filter that reads the marker too).
   */
  @ParameterizedTest
  @EnumSource(HBaseStore.WriteOrder.class)
  void aColumnEqualsOrLeftoverConditionAlsoAcceptsACellTheMarkerNoLongerLists(
      HBaseStore.WriteOrder order) {
    HBaseStore store = HBaseConditionalWriteTest.store.withWriteOrder(order);
    String t = freshTable();
    store.put(
        t, Row.of(key("c"), Map.of("a", AttrValue.ofInteger(1), "tag", AttrValue.ofInteger(5))));
    store.put(t, row("c", "a", 2)); // "tag" stays behind as a cell the marker does not list
    assertPutRefused(store, t, WriteCondition.columnEquals("tag", AttrValue.ofInteger(5)));
    assertPutRefused(
        store, t, WriteCondition.columnEqualsOrLeftover("tag", AttrValue.ofInteger(6)));
    assertPutRefused(
        store, t, WriteCondition.columnEqualsOrLeftover("tag", AttrValue.ofString("5")));
    assertPutRefused(
        store, t, WriteCondition.columnEqualsOrLeftover("never", AttrValue.ofInteger(5)));
    // no read before the next put: a read that meets the leftover has it deleted (LeftoverCells);
    // the refused conditions wrote nothing, so it finds the row as they did
    WriteCondition leftover = WriteCondition.columnEqualsOrLeftover("tag", AttrValue.ofInteger(5));
    store.put(t, row("c", "a", 3), leftover);
    assertEquals(Optional.of(row("c", "a", 3)), store.get(t, key("c"), ColumnSelection.all()));
    // the listed cell of the latest put passes too
    store.put(
        t, Row.of(key("c"), Map.of("a", AttrValue.ofInteger(4), "tag", AttrValue.ofInteger(7))));
    WriteCondition listed = WriteCondition.columnEqualsOrLeftover("tag", AttrValue.ofInteger(7));
    store.put(t, row("c", "a", 5), listed);
    assertEquals(Optional.of(row("c", "a", 5)), store.get(t, key("c"), ColumnSelection.all()));
    // a delete masks every cell: nothing is left over to accept
    store.delete(t, key("c"));
    assertPutRefused(store, t, listed);
    assertEquals(Optional.empty(), store.get(t, key("c"), ColumnSelection.all()));
  }

  /**
   * A conditional delete is checked as a conditional put is: a leftover cell the marker does not
   * list never satisfies a column condition, and a failed check deletes nothing.
   */
  @Test
  void aConditionalDeleteChecksTheCurrentRowOnlyAndAFailedOneDeletesNothing() {
    String t = freshTable();
    store.put(
        t, Row.of(key("d"), Map.of("a", AttrValue.ofInteger(1), "stale", AttrValue.ofInteger(5))));
    store.put(t, row("d", "a", 2)); // "stale" stays behind as a cell the marker does not list
    assertConditionFailed(
        assertThrows(
            StoreException.class,
            () ->
                store.delete(
                    t, key("d"), WriteCondition.columnEquals("stale", AttrValue.ofInteger(5)))),
        t,
        "d");
    assertThrows(
        StoreException.class,
        () -> store.delete(t, key("d"), WriteCondition.columnEquals("a", AttrValue.ofString("2"))));
    assertThrows(StoreException.class, () -> store.delete(t, key("d"), WriteCondition.rowAbsent()));
    assertEquals(Optional.of(row("d", "a", 2)), store.get(t, key("d"), ColumnSelection.all()));

    store.delete(t, key("d"), WriteCondition.columnEquals("a", AttrValue.ofInteger(2)));
    assertEquals(Optional.empty(), store.get(t, key("d"), ColumnSelection.all()));
    // deleted, even within the same millisecond: an insert applies, an update fails
    store.put(t, row("d", "a", 3), WriteCondition.rowAbsent());
    store.delete(t, key("d"), WriteCondition.rowPresent());
    assertThrows(
        StoreException.class, () -> store.delete(t, key("d"), WriteCondition.rowPresent()));
  }

  @Test
  void aBatchReportsEachConditionalPutOnItsOwnAndKeepsTheOrderOfARowsWrites() {
    String t = freshTable();
    store.put(t, row("present", "v", 1));
    List<WriteOutcome> outcomes =
        store.batchWrite(
            List.of(
                WriteOp.put(t, row("present", "v", 2), WriteCondition.rowAbsent()), // fails
                WriteOp.put(t, row("fresh", "v", 1), WriteCondition.rowAbsent()), // applies
                WriteOp.put(t, row("plain", "v", 1)), // applies
                WriteOp.delete(t, key("present")),
                WriteOp.put(t, row("present", "v", 3), WriteCondition.rowAbsent()), // applies
                WriteOp.put(t, row("present", "v", 4), WriteCondition.rowAbsent()))); // fails
    assertConditionFailed(outcomes.get(0).error().orElseThrow(), t, "present");
    assertTrue(outcomes.get(1).succeeded());
    assertTrue(outcomes.get(2).succeeded());
    assertTrue(outcomes.get(3).succeeded());
    assertTrue(outcomes.get(4).succeeded(), () -> String.valueOf(outcomes.get(4)));
    assertConditionFailed(outcomes.get(5).error().orElseThrow(), t, "present");
    assertEquals(
        Optional.of(row("present", "v", 3)), store.get(t, key("present"), ColumnSelection.all()));
    assertEquals(
        Optional.of(row("fresh", "v", 1)), store.get(t, key("fresh"), ColumnSelection.all()));
  }

  /** Optimistic increments: every successful compare-and-set counts exactly once. */
  @Test
  void compareAndSetIncrementsFromEightThreadsLoseNoUpdate() throws Exception {
    String t = freshTable();
    int threads = 8;
    int increments = 50;
    store.put(t, Row.of(key("counter"), Map.of("n", AttrValue.ofInteger(0))));
    AtomicInteger applied = new AtomicInteger();
    AtomicInteger conflicts = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<?>> done = new ArrayList<>();
    try {
      for (int w = 0; w < threads; w++) {
        final int writer = w;
        done.add(
            pool.submit(
                () -> {
                  start.await();
                  int mine = 0;
                  while (mine < increments) {
                    long n =
                        store
                            .get(t, key("counter"), ColumnSelection.all())
                            .orElseThrow()
                            .get("n")
                            .asLong();
                    // a second column that varies, so the row's column set is not the condition
                    Map<String, AttrValue> next =
                        writer % 2 == 0
                            ? Map.of("n", AttrValue.ofInteger(n + 1))
                            : Map.of(
                                "n", AttrValue.ofInteger(n + 1), "by", AttrValue.ofInteger(writer));
                    try {
                      store.put(
                          t,
                          Row.of(key("counter"), next),
                          WriteCondition.columnEquals("n", AttrValue.ofInteger(n)));
                      mine++;
                      applied.incrementAndGet();
                    } catch (StoreException e) {
                      if (e.kind() != ErrorKind.CONDITION_FAILED) {
                        throw e;
                      }
                      conflicts.incrementAndGet();
                    }
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(threads * increments, applied.get());
    assertEquals(
        threads * increments,
        store.get(t, key("counter"), ColumnSelection.all()).orElseThrow().get("n").asLong(),
        () -> conflicts.get() + " conflicts");
  }
}
