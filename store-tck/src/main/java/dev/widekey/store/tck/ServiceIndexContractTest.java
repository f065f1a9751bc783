package dev.widekey.store.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.DefinedColumn;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.ServiceIndex;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The contract of a store whose service maintains secondary indexes ({@link
 * WideTableStore#scanIndex}): the indexes are created with the table; a local index is exact after
 * every put, delete and batch; a global index lags by the delay the test sets, during which a read
 * sees the index as it stood before the writes (it may miss a new row and still hold a changed
 * row's old entry), and is exact after it.
 *
 * <p>A store under test is built by {@link #store} with the test's clock and global-index lag.
 */
public abstract class ServiceIndexContractTest {
  /** The lag the global-index tests set. */
  protected static final Duration LAG = Duration.ofMillis(200);

  /** A store over {@code clock} whose global indexes receive writes {@code globalLag} late. */
  protected abstract WideTableStore store(TestClock clock, Duration globalLag);

  private static final String TABLE = "svc_orders";
  private static final String LOCAL = "svc_orders_by_status";
  private static final String GLOBAL = "svc_orders_by_card";

  /** customer STRING, seq INTEGER; card STRING and status STRING predefined. */
  static TableSpec spec() {
    return new TableSpec(
            TABLE,
            List.of(new PkColumn("customer", PkType.STRING), new PkColumn("seq", PkType.INTEGER)))
        .withServiceIndexes(
            List.of(
                new DefinedColumn("card", AttrType.STRING),
                new DefinedColumn("status", AttrType.STRING)),
            List.of(
                new ServiceIndex(LOCAL, List.of("customer", "status"), ServiceIndex.Kind.LOCAL),
                new ServiceIndex(GLOBAL, List.of("card"), ServiceIndex.Kind.GLOBAL)));
  }

  private static Row row(String customer, long seq, String card, String status) {
    Map<String, AttrValue> columns = new HashMap<>();
    if (card != null) {
      columns.put("card", AttrValue.ofString(card));
    }
    columns.put("status", AttrValue.ofString(status));
    return Row.of(key(customer, seq), columns);
  }

  private static PrimaryKey key(String customer, long seq) {
    return PrimaryKey.of(PkValue.ofString(customer), PkValue.ofInteger(seq));
  }

  private static List<PrimaryKey> read(WideTableStore store, String index, ScanRange range) {
    try (Stream<Row> rows = store.scanIndex(TABLE, index, range)) {
      return rows.map(Row::key).toList();
    }
  }

  private static ScanRange all(int columns) {
    return ScanRange.all(columns);
  }

  /** The index keys a model of the table gives, in key order. */
  private static List<PrimaryKey> expected(
      TableSpec spec, String index, Map<PrimaryKey, Row> rows) {
    TreeMap<PrimaryKey, Boolean> keys = new TreeMap<>();
    for (Row r : rows.values()) {
      PrimaryKey k = spec.indexKeyOf(index, r);
      if (k != null) {
        keys.put(k, true);
      }
    }
    return new ArrayList<>(keys.keySet());
  }

  @Test
  void theIndexesAreCreatedWithTheTable() {
    try (WideTableStore store = store(new TestClock(), Duration.ZERO)) {
      store.createTable(spec());
      TableSpec described = store.describeTable(TABLE).orElseThrow();
      assertEquals(spec().serviceIndexes(), described.serviceIndexes());
      assertEquals(spec().definedColumns(), described.definedColumns());
      assertEquals(
          List.of(
              new PkColumn("card", PkType.STRING),
              new PkColumn("customer", PkType.STRING),
              new PkColumn("seq", PkType.INTEGER)),
          described.indexKey(GLOBAL));
      assertEquals(List.of(), read(store, GLOBAL, all(3)));
      StoreException e =
          assertThrows(StoreException.class, () -> read(store, "svc_orders_by_none", all(3)));
      assertTrue(
          e.kind() == ErrorKind.INVALID_REQUEST || e.kind() == ErrorKind.TABLE_NOT_FOUND,
          e.toString());
    }
  }

  /**
   * An index declared after the table's rows were written (an {@code @Index(maintainedBy =
   * SERVICE_…)} added to a stored entity): creating the table again creates it, built from the rows
   * already stored, so a read through it finds them, and it stays exact for later writes. The
   * table's other indexes and rows are kept.
   */
  @Test
  void anIndexAddedToATableWithRowsIndexesTheRowsStoredBeforeIt() {
    TestClock clock = new TestClock();
    try (WideTableStore store = store(clock, Duration.ZERO)) {
      TableSpec full = spec();
      TableSpec first =
          full.withServiceIndexes(
              List.of(new DefinedColumn("status", AttrType.STRING)),
              List.of(full.serviceIndex(LOCAL)));
      store.createTable(first);
      Map<PrimaryKey, Row> model = new HashMap<>();
      for (int i = 0; i < 30; i++) {
        Row r =
            row("c" + (i % 3), i, i % 5 == 0 ? null : "K" + (i % 4), i % 2 == 0 ? "NEW" : "PAID");
        store.put(TABLE, r);
        model.put(r.key(), r);
      }

      store.createTable(full);

      TableSpec described = store.describeTable(TABLE).orElseThrow();
      assertEquals(
          full.serviceIndexes().stream().map(ServiceIndex::name).sorted().toList(),
          described.serviceIndexes().stream().map(ServiceIndex::name).sorted().toList());
      assertEquals(expected(full, GLOBAL, model), read(store, GLOBAL, all(3)));
      assertEquals(expected(full, LOCAL, model), read(store, LOCAL, all(3)));
      Row moved = row("c1", 1, "K9", "SENT");
      store.put(TABLE, moved);
      model.put(moved.key(), moved);
      store.delete(TABLE, key("c2", 2));
      model.remove(key("c2", 2));
      assertEquals(expected(full, GLOBAL, model), read(store, GLOBAL, all(3)));

      // created again with the same spec: nothing more to add
      store.createTable(full);
      assertEquals(expected(full, GLOBAL, model), read(store, GLOBAL, all(3)));
    }
  }

  /** An index of the same name defined otherwise is not silently kept or replaced. */
  @Test
  void anIndexRedefinedUnderItsNameIsRefused() {
    try (WideTableStore store = store(new TestClock(), Duration.ZERO)) {
      store.createTable(spec());
      TableSpec changed =
          spec()
              .withServiceIndexes(
                  spec().definedColumns(),
                  List.of(
                      spec().serviceIndex(LOCAL),
                      new ServiceIndex(GLOBAL, List.of("status"), ServiceIndex.Kind.GLOBAL)));

      StoreException e = assertThrows(StoreException.class, () -> store.createTable(changed));

      assertEquals(ErrorKind.TABLE_EXISTS, e.kind(), e::toString);
      assertTrue(e.getMessage().contains(GLOBAL), e::getMessage);
      assertEquals(
          spec().serviceIndexes(), store.describeTable(TABLE).orElseThrow().serviceIndexes());
    }
  }

  @Test
  void aLocalIndexIsExactAfterEveryWrite() {
    TestClock clock = new TestClock();
    try (WideTableStore store = store(clock, LAG)) {
      TableSpec spec = spec();
      store.createTable(spec);
      Map<PrimaryKey, Row> model = new HashMap<>();
      Random random = new Random(20);
      String[] statuses = {"NEW", "PAID", "SENT"};
      for (int i = 0; i < 120; i++) {
        String customer = "c" + random.nextInt(3);
        long seq = random.nextInt(6);
        int what = random.nextInt(4);
        if (what == 0) {
          store.delete(TABLE, key(customer, seq));
          model.remove(key(customer, seq));
        } else if (what == 1) {
          Row a = row(customer, seq, "K" + random.nextInt(3), statuses[random.nextInt(3)]);
          Row b = row(customer, seq + 10, null, statuses[random.nextInt(3)]);
          store.batchWrite(List.of(WriteOp.put(TABLE, a), WriteOp.put(TABLE, b)));
          model.put(a.key(), a);
          model.put(b.key(), b);
        } else {
          Row r = row(customer, seq, "K" + random.nextInt(3), statuses[random.nextInt(3)]);
          store.put(TABLE, r);
          model.put(r.key(), r);
        }
        assertEquals(expected(spec, LOCAL, model), read(store, LOCAL, all(3)), "after write " + i);
        String status = statuses[random.nextInt(3)];
        ScanRange one =
            ScanRange.between(
                PrimaryKey.bound(
                    List.of(PkValue.ofString(customer), PkValue.ofString(status)),
                    PkValue.INF_MIN,
                    3),
                PrimaryKey.bound(
                    List.of(PkValue.ofString(customer), PkValue.ofString(status)),
                    PkValue.INF_MAX,
                    3));
        List<PrimaryKey> want =
            expected(spec, LOCAL, model).stream()
                .filter(k -> k.get(0).equals(PkValue.ofString(customer)))
                .filter(k -> k.get(1).equals(PkValue.ofString(status)))
                .toList();
        assertEquals(want, read(store, LOCAL, one), "one status after write " + i);
      }
    }
  }

  @Test
  void aGlobalIndexLagsByTheSetDelayThenIsExact() {
    TestClock clock = new TestClock();
    try (WideTableStore store = store(clock, LAG)) {
      TableSpec spec = spec();
      store.createTable(spec);
      Map<PrimaryKey, Row> model = new HashMap<>();
      Random random = new Random(7);
      for (int round = 0; round < 20; round++) {
        Map<PrimaryKey, Row> before = new HashMap<>(model);
        for (int i = 0; i < 5; i++) {
          String customer = "c" + random.nextInt(3);
          long seq = random.nextInt(4);
          if (random.nextInt(4) == 0) {
            store.delete(TABLE, key(customer, seq));
            model.remove(key(customer, seq));
          } else {
            Row r = row(customer, seq, "K" + random.nextInt(3), "NEW");
            store.put(TABLE, r);
            model.put(r.key(), r);
          }
        }
        // right after the writes: the index as it stood before them (a new row missing, a
        // changed row still at its old value), never an entry no row ever had
        assertEquals(expected(spec, GLOBAL, before), read(store, GLOBAL, all(3)), "round " + round);
        clock.advance(LAG);
        assertEquals(expected(spec, GLOBAL, model), read(store, GLOBAL, all(3)), "round " + round);
        // the local index never lags
        assertEquals(expected(spec, LOCAL, model), read(store, LOCAL, all(3)), "round " + round);
      }
    }
  }

  @Test
  void aGlobalIndexReadsBackwardAndWithALimit() {
    TestClock clock = new TestClock();
    try (WideTableStore store = store(clock, Duration.ZERO)) {
      store.createTable(spec());
      for (int i = 0; i < 6; i++) {
        store.put(TABLE, row("c" + i, i, "K" + (i % 2), "NEW"));
      }
      clock.advance(LAG);
      List<PrimaryKey> forward = read(store, GLOBAL, all(3));
      assertEquals(6, forward.size());
      List<PrimaryKey> backward = read(store, GLOBAL, all(3).backward().withLimit(4));
      assertEquals(
          List.of(forward.get(5), forward.get(4), forward.get(3), forward.get(2)), backward);
    }
  }
}
