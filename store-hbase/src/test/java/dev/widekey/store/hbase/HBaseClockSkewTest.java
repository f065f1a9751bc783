package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.util.EnvironmentEdge;
import org.apache.hadoop.hbase.util.EnvironmentEdgeManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Which write wins when the region server's clock goes back between two acknowledged writes of a
 * row, as it does when a region moves to a server whose clock lags (HBase lets a region server join
 * with up to {@code hbase.master.maxclockskew}, 30 s by default, of skew). The mini cluster runs in
 * this JVM, so an {@link EnvironmentEdge} injected here is the region server's clock: it is moved
 * back 5 s between the writes.
 *
 * <p>With {@link HBaseStore.WriteOrder#SERVER_CLOCK} (the default) the later plain put, delete, and
 * a column-conditioned put over a row with a leftover cell are lost: they are acknowledged and
 * stamped earlier than the cells they should replace. With {@link HBaseStore.WriteOrder#ROW_MARKER}
 * every one of them wins.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class HBaseClockSkewTest {
  private static final AtomicInteger TABLES = new AtomicInteger();
  private static final List<PkColumn> SCHEMA = List.of(new PkColumn("pk", PkType.STRING));
  private static final long SKEW_MILLIS = 5_000;
  private static MiniHBase cluster;

  /** The region server's clock (and every other HBase clock in this JVM), {@code lag} behind. */
  private static final class LaggingClock implements EnvironmentEdge {
    volatile long lag;

    @Override
    public long currentTime() {
      return System.currentTimeMillis() - lag;
    }
  }

  private final LaggingClock clock = new LaggingClock();

  @BeforeAll
  static void open(MiniHBase mini) {
    cluster = mini;
  }

  @BeforeEach
  void injectClock() {
    EnvironmentEdgeManager.injectEdge(clock);
  }

  @AfterEach
  void resetClock() {
    EnvironmentEdgeManager.reset();
  }

  private static HBaseStore store(HBaseStore.WriteOrder order) throws Exception {
    return HBaseStore.using(cluster.connection(), "default", order);
  }

  private static String freshTable(HBaseStore store) {
    String t = "clock_skew_" + TABLES.incrementAndGet();
    store.createTable(new TableSpec(t, SCHEMA));
    return t;
  }

  private static PrimaryKey key(String pk) {
    return PrimaryKey.of(PkValue.ofString(pk));
  }

  private static Row row(String pk, String... nameValues) {
    Map<String, AttrValue> columns = new LinkedHashMap<>();
    for (int i = 0; i < nameValues.length; i += 2) {
      columns.put(nameValues[i], AttrValue.ofString(nameValues[i + 1]));
    }
    return Row.of(key(pk), columns);
  }

  private static String read(HBaseStore store, String t, String pk) {
    return store
        .get(t, key(pk), ColumnSelection.all())
        .map(r -> r.get("v").asString())
        .orElse("<absent>");
  }

  /** The region server's clock goes back 5 s, as on a move to a lagging server. */
  private void lagServerClock() throws InterruptedException {
    Thread.sleep(5); // the first write's millisecond is over
    clock.lag = SKEW_MILLIS;
  }

  @Test
  void aLaggingServerClockLosesTheLaterPlainPutInTheDefaultOrder() throws Exception {
    HBaseStore store = store(HBaseStore.WriteOrder.SERVER_CLOCK);
    String t = freshTable(store);
    store.put(t, row("k", "v", "first"));
    lagServerClock();
    store.put(t, row("k", "v", "LATER")); // acknowledged
    assertEquals("first", read(store, t, "k"), "the later put is hidden by the earlier one");
    clock.lag = 0;
    assertEquals("first", read(store, t, "k"), "and stays hidden once the clock is right again");
  }

  @Test
  void theRowMarkerOrderKeepsTheLaterPutUnderALaggingClock() throws Exception {
    HBaseStore store = store(HBaseStore.WriteOrder.ROW_MARKER);
    String t = freshTable(store);
    store.put(t, row("k", "v", "first"));
    lagServerClock();
    store.put(t, row("k", "v", "LATER"));
    assertEquals("LATER", read(store, t, "k"));
    store.put(t, row("k", "v", "third")); // in the same millisecond as the second, mostly
    assertEquals("third", read(store, t, "k"));
    clock.lag = 0;
    store.put(t, row("k", "v", "fourth"));
    assertEquals("fourth", read(store, t, "k"));
  }

  @Test
  void theRowMarkerOrderKeepsTheLaterPutsOfABatchUnderALaggingClock() throws Exception {
    HBaseStore store = store(HBaseStore.WriteOrder.ROW_MARKER);
    String t = freshTable(store);
    List<WriteOp> first = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      first.add(WriteOp.put(t, row("k" + i, "v", "first", "w", "wide")));
    }
    assertTrue(store.batchWrite(first).stream().allMatch(WriteOutcome::succeeded));
    lagServerClock();
    List<WriteOp> later = new ArrayList<>();
    for (int i = 0; i < 40; i++) { // 20 rows written before, 20 new ones
      later.add(WriteOp.put(t, row("k" + i, "v", "LATER")));
    }
    later.add(WriteOp.put(t, row("k0", "v", "LAST"))); // the same row twice in the batch
    assertTrue(store.batchWrite(later).stream().allMatch(WriteOutcome::succeeded));
    for (int i = 0; i < 40; i++) {
      assertEquals(
          Optional.of(row("k" + i, "v", i == 0 ? "LAST" : "LATER")),
          store.get(t, key("k" + i), ColumnSelection.all()),
          "k" + i);
    }
  }

  @Test
  void aLaggingServerClockLosesTheLaterDeleteInTheDefaultOrder() throws Exception {
    HBaseStore store = store(HBaseStore.WriteOrder.SERVER_CLOCK);
    String t = freshTable(store);
    store.put(t, row("k", "v", "first"));
    lagServerClock();
    store.delete(t, key("k")); // acknowledged
    assertEquals("first", read(store, t, "k"), "the delete masks nothing newer than its time");
  }

  @Test
  void theRowMarkerOrderKeepsTheLaterDeleteAndThePutAfterIt() throws Exception {
    HBaseStore store = store(HBaseStore.WriteOrder.ROW_MARKER);
    String t = freshTable(store);
    store.put(t, row("k", "v", "first"));
    store.put(t, row("b", "v", "first"));
    lagServerClock();
    store.delete(t, key("k"));
    assertEquals("<absent>", read(store, t, "k"));
    store.put(t, row("k", "v", "again")); // stamped earlier than the delete, and visible
    assertEquals("again", read(store, t, "k"));
    List<WriteOutcome> batch =
        store.batchWrite(
            List.of(
                WriteOp.delete(t, key("b")),
                WriteOp.delete(t, key("never-written")),
                WriteOp.put(t, row("k", "v", "batched")),
                WriteOp.delete(t, key("k"))));
    assertTrue(batch.stream().allMatch(WriteOutcome::succeeded), batch::toString);
    assertEquals("<absent>", read(store, t, "b"));
    assertEquals("<absent>", read(store, t, "k"));
  }

  /**
   * A conditional put is a {@code checkAndMutate}, which the region server stamps with at least the
   * timestamp of the first cell its check read (HBASE-14054). For a column condition that is the
   * row's first cell in qualifier order, which may be a leftover of an older, wider row.
   */
  @Test
  void aColumnConditionedPutIsStampedPastTheMarkerOnlyInTheRowMarkerOrder() throws Exception {
    for (HBaseStore.WriteOrder order : HBaseStore.WriteOrder.values()) {
      clock.lag = 0;
      HBaseStore store = store(order);
      String t = freshTable(store);
      store.put(t, row("k", "a", "leftover", "v", "1")); // "a" sorts before "v"
      Thread.sleep(20);
      store.put(t, row("k", "v", "2")); // "a" stays behind, unlisted, 20 ms older than "v"
      lagServerClock();
      store.put(t, row("k", "v", "3"), WriteCondition.columnEquals("v", AttrValue.ofString("2")));
      assertEquals(
          order == HBaseStore.WriteOrder.ROW_MARKER ? "3" : "2",
          read(store, t, "k"),
          order::toString);
    }
  }

  /**
   * Not covered by either order (docs/design-notes.md): a conditional delete is a {@code
   * checkAndMutate} of a {@code Delete}, which the region server stamps with its own clock only, so
   * under a lagging clock it succeeds and masks none of the row's newer cells. This pins the gap.
   */
  @Test
  void aConditionalDeleteUnderALaggingClockStillMasksNothingInEitherOrder() throws Exception {
    for (HBaseStore.WriteOrder order : HBaseStore.WriteOrder.values()) {
      clock.lag = 0;
      HBaseStore store = store(order);
      String t = freshTable(store);
      store.put(t, row("k", "v", "1"));
      lagServerClock();
      store.delete(t, key("k"), WriteCondition.rowPresent()); // reported applied
      assertEquals("1", read(store, t, "k"), order::toString);
    }
  }
}
