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
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Which write wins on HBase: the later acknowledged one, whatever the clients' clocks; a row read
 * is always a row some client wrote; a put writes no delete marker; a delete and a put in the same
 * millisecond keep their order.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class HBaseWriteOrderingTest {
  private static final AtomicInteger TABLES = new AtomicInteger();
  private static final List<PkColumn> SCHEMA = List.of(new PkColumn("pk", PkType.STRING));
  private static MiniHBase cluster;

  @BeforeAll
  static void open(MiniHBase mini) {
    cluster = mini;
  }

  /** A store of its own, as another process over the same cluster would have. */
  private static HBaseStore newStore() throws Exception {
    return HBaseStore.using(cluster.connection(), "default");
  }

  private static String freshTable(HBaseStore store) {
    String t = "write_order_" + TABLES.incrementAndGet();
    store.createTable(new TableSpec(t, SCHEMA));
    return t;
  }

  private static PrimaryKey key(String pk) {
    return PrimaryKey.of(PkValue.ofString(pk));
  }

  private static Row row(String pk, Object... nameValues) {
    Map<String, AttrValue> columns = new java.util.LinkedHashMap<>();
    for (int i = 0; i < nameValues.length; i += 2) {
      columns.put((String) nameValues[i], AttrValue.ofString((String) nameValues[i + 1]));
    }
    return Row.of(key(pk), columns);
  }

  @Test
  void theLaterAcknowledgedPutWinsWhateverTheClientsClocks() throws Exception {
    HBaseStore busy = newStore();
    String t = freshTable(busy);
    // a busy writer: many writes of one hot row in each batch
    for (int b = 0; b < 25; b++) {
      List<WriteOp> ops = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        ops.add(WriteOp.put(t, row("hot", "v", b + "/" + i)));
      }
      assertTrue(busy.batchWrite(ops).stream().allMatch(WriteOutcome::succeeded));
    }
    assertEquals(
        "24/199", busy.get(t, key("hot"), ColumnSelection.all()).orElseThrow().get("v").asString());
    busy.put(t, row("k2", "v", "first"));
    HBaseStore fresh = newStore(); // e.g. a process started just now
    fresh.put(t, row("k2", "v", "LATER"));
    assertEquals(
        "LATER", busy.get(t, key("k2"), ColumnSelection.all()).orElseThrow().get("v").asString());
    assertEquals(
        "LATER", fresh.get(t, key("k2"), ColumnSelection.all()).orElseThrow().get("v").asString());
  }

  @Test
  void concurrentPutsOfDifferentColumnSetsNeverMixRows() throws Exception {
    HBaseStore x = newStore();
    HBaseStore y = newStore();
    String t = freshTable(x);
    Row wide = row("", "a", "X", "b", "X");
    Row narrow = row("", "a", "Y");
    int rows = 60;
    int rounds = 10;
    List<String> mixed = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < rounds; round++) {
        CountDownLatch start = new CountDownLatch(1);
        Future<?> fx = pool.submit(() -> writeAll(x, t, wide, rows, start));
        Future<?> fy = pool.submit(() -> writeAll(y, t, narrow, rows, start));
        start.countDown();
        fx.get();
        fy.get();
        for (int i = 0; i < rows; i++) {
          Map<String, AttrValue> got =
              x.get(t, key("r" + i), ColumnSelection.all()).orElseThrow().columns();
          if (!got.equals(wide.columns()) && !got.equals(narrow.columns())) {
            mixed.add("round " + round + " row r" + i + ": " + got);
          }
        }
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(List.of(), mixed, "rows nobody wrote");
  }

  private static Void writeAll(HBaseStore store, String t, Row shape, int rows, CountDownLatch go)
      throws InterruptedException {
    go.await();
    for (int i = 0; i < rows; i++) {
      store.put(t, Row.of(key("r" + i), shape.columns()));
    }
    return null;
  }

  @Test
  void aNarrowerPutInTheSameMillisecondHidesTheWiderRow() throws Exception {
    HBaseStore store = newStore();
    String t = freshTable(store);
    for (int i = 0; i < 200; i++) {
      String pk = "k" + i;
      store.put(t, row(pk, "a", "1", "b", "1", "c", "1"));
      store.put(t, row(pk, "a", "2"));
      assertEquals(
          Optional.of(row(pk, "a", "2")), store.get(t, key(pk), ColumnSelection.all()), pk);
      // a selection of a stale column finds no row, as for a column the row never had
      assertEquals(Optional.empty(), store.get(t, key(pk), ColumnSelection.of("b")), pk);
    }
  }

  @Test
  void aPutRightAfterADeleteIsNeverMasked() throws Exception {
    HBaseStore store = newStore();
    String t = freshTable(store);
    List<Integer> masked = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      store.delete(t, key("k"));
      store.put(t, row("k", "v", Integer.toString(i)));
      Optional<Row> got = store.get(t, key("k"), ColumnSelection.all());
      if (!got.equals(Optional.of(row("k", "v", Integer.toString(i))))) {
        masked.add(i);
      }
    }
    assertEquals(List.of(), masked, "puts hidden by the delete before them");
  }

  @Test
  void putsWriteNoDeleteMarkers() throws Exception {
    HBaseStore store = newStore();
    String t = freshTable(store);
    List<WriteOp> ops = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      store.put(t, row("p" + i, "a", "1", "b", "2"));
      store.put(t, row("p" + i, "a", "3")); // a replace by a narrower row
      ops.add(WriteOp.put(t, row("q" + i, "a", "1")));
      ops.add(WriteOp.put(t, row("q" + i, "b", "2"))); // the same row twice in a batch
    }
    assertTrue(store.batchWrite(ops).stream().allMatch(WriteOutcome::succeeded));
    int deletes = 0;
    int puts = 0;
    try (Table table = cluster.connection().getTable(TableName.valueOf("default", t));
        ResultScanner scanner = table.getScanner(new Scan().setRaw(true).readAllVersions())) {
      for (Result r : scanner) {
        for (Cell c : r.rawCells()) {
          if (c.getType() == Cell.Type.Put) {
            puts++;
          } else {
            deletes++;
          }
        }
      }
    }
    assertTrue(puts > 0);
    assertEquals(0, deletes, "delete markers among the cells");
    for (int i = 0; i < 50; i++) {
      assertEquals(
          Optional.of(row("q" + i, "b", "2")), store.get(t, key("q" + i), ColumnSelection.all()));
    }
  }
}
