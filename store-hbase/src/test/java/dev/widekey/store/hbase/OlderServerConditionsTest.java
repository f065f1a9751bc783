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
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a store does for servers older than the conditional-write features it uses: the mini cluster
 * runs 2.6, and the store is told it runs an older version. A column condition is refused, typed,
 * before anything is sent to a server before 2.3; a batch's conditions still hold on a server
 * before 2.4 (each sent alone); the mini cluster's own version is read and allows both.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class OlderServerConditionsTest {
  private static final AtomicInteger TABLES = new AtomicInteger();
  private static final List<PkColumn> SCHEMA = List.of(new PkColumn("pk", PkType.STRING));

  private static String freshTable(HBaseStore store) {
    String t = "older_server_" + TABLES.incrementAndGet();
    store.createTable(new TableSpec(t, SCHEMA));
    return t;
  }

  private static PrimaryKey key(String k) {
    return PrimaryKey.of(PkValue.ofString(k));
  }

  private static Row row(String k, long v) {
    return Row.of(key(k), Map.of("v", AttrValue.ofInteger(v)));
  }

  private static final WriteCondition V_IS_1 =
      WriteCondition.columnEquals("v", AttrValue.ofInteger(1));

  /**
   * The mini cluster's master reports 2.6.4 and its region server no version (the client's
   * "0.0.0"): a server that does not say promises nothing, so conditions are not batched.
   */
  @Test
  void aRegionServerThatDoesNotReportItsVersionPromisesNothing(HBaseStore store) {
    assertFalse(store.serverVersion().conditionsInBatches(), store.serverVersion().text());
    assertFalse(store.serverVersion().lacksFilterConditions());
  }

  @Test
  void aColumnConditionIsRefusedBeforeSendingToAServerWithoutFilterConditions(HBaseStore store) {
    String t = freshTable(store);
    store.put(t, row("a", 1));
    HBaseStore old = store.assumingServerVersion("2.2.7");

    StoreException e = assertThrows(StoreException.class, () -> old.put(t, row("a", 2), V_IS_1));
    assertEquals(ErrorKind.INVALID_REQUEST, e.kind());
    assertTrue(
        e.getMessage().contains("HBASE-23146") && e.getMessage().contains("2.2.7"), e.getMessage());
    assertThrows(StoreException.class, () -> old.delete(t, key("a"), V_IS_1));

    List<WriteOutcome> outcomes =
        old.batchWrite(List.of(WriteOp.put(t, row("a", 3), V_IS_1), WriteOp.put(t, row("b", 1))));
    assertEquals(ErrorKind.INVALID_REQUEST, outcomes.get(0).failure().kind());
    assertTrue(outcomes.get(1).succeeded(), "the plain put beside it is written");
    assertEquals(row("a", 1), store.get(t, key("a"), ColumnSelection.all()).orElseThrow());

    // conditions without a filter (the row marker's presence) are every 2.x server's
    old.put(t, row("c", 1), WriteCondition.rowAbsent());
    StoreException absent =
        assertThrows(
            StoreException.class, () -> old.put(t, row("c", 2), WriteCondition.rowAbsent()));
    assertEquals(ErrorKind.CONDITION_FAILED, absent.kind());
    assertEquals(row("c", 1), store.get(t, key("c"), ColumnSelection.all()).orElseThrow());
  }

  @Test
  void aBatchsConditionsHoldOnAServerThatWouldDropThemInABatch(HBaseStore store) {
    for (HBaseStore old :
        List.of(
            store.assumingServerVersion("2.3.7"),
            store.assumingServerVersion("not a version"),
            store.assumingServerVersion("2.6.4"), // batched
            store.assumingServerVersion("2.6.4").withWriteOrder(HBaseStore.WriteOrder.ROW_MARKER),
            store
                .assumingServerVersion("2.3.7")
                .withWriteOrder(HBaseStore.WriteOrder.ROW_MARKER))) {
      String t = freshTable(store);
      store.put(t, row("a", 1));
      store.put(t, row("b", 5));
      List<WriteOutcome> outcomes =
          old.batchWrite(
              List.of(
                  WriteOp.put(t, row("a", 2), V_IS_1), // holds
                  WriteOp.put(t, row("b", 6), V_IS_1), // does not: b is 5
                  WriteOp.put(t, row("c", 1), WriteCondition.rowAbsent()), // holds
                  WriteOp.delete(t, key("b"), WriteCondition.rowAbsent()), // does not
                  WriteOp.put(t, row("d", 1)))); // plain
      assertTrue(outcomes.get(0).succeeded(), old.serverVersion().text());
      assertEquals(ErrorKind.CONDITION_FAILED, outcomes.get(1).failure().kind());
      assertTrue(outcomes.get(2).succeeded());
      assertEquals(ErrorKind.CONDITION_FAILED, outcomes.get(3).failure().kind());
      assertTrue(outcomes.get(4).succeeded());
      assertEquals(row("a", 2), store.get(t, key("a"), ColumnSelection.all()).orElseThrow());
      assertEquals(row("b", 5), store.get(t, key("b"), ColumnSelection.all()).orElseThrow());
      assertEquals(row("c", 1), store.get(t, key("c"), ColumnSelection.all()).orElseThrow());
      assertEquals(row("d", 1), store.get(t, key("d"), ColumnSelection.all()).orElseThrow());
    }
  }
}
