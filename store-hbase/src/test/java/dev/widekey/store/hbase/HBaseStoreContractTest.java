package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.contract.StoreContractTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/** The store contract on an HBase mini cluster, one store shared by all tests. */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class HBaseStoreContractTest extends StoreContractTest {
  private static HBaseStore store;

  @BeforeAll
  static void open(MiniHBase cluster) throws Exception {
    store = HBaseStore.using(cluster.connection(), "default");
  }

  @AfterAll
  static void close() {
    if (store != null) {
      store.close();
    }
  }

  @Override
  protected WideTableStore store() {
    return store;
  }

  /**
   * The contract's test with HBase's counters: write, written-byte and read counts are exact
   * (this store's calls), but HBase keeps no row count per region ({@code rows} is -1) and
   * reports stored sizes in whole megabytes, which a handful of rows does not reach.
   */
  @Override
  @Test
  public void writesAndReadsLandInTheirPartition() {
    List<PkValue> splits =
        List.of(PkValue.ofInteger(-100), PkValue.ofInteger(0), PkValue.ofInteger(100));
    TableSpec t =
        newTable("partition_writes", List.of(integerColumn("id"), stringColumn("s")), splits);
    Map<Integer, List<Long>> ids =
        Map.of(
            0, List.of(Long.MIN_VALUE, -500L, -101L),
            1, List.of(),
            2, List.of(0L, 1L, 50L, 99L, 99L),
            3, List.of(100L));
    List<Row> rows = new ArrayList<>();
    for (List<Long> list : ids.values()) {
      for (int i = 0; i < list.size(); i++) {
        rows.add(row(key(list.get(i), "r" + i), "v", AttrValue.ofInteger(list.get(i))));
      }
    }
    putAll(t.name(), rows);
    store().delete(t.name(), key(1L, "r1"));

    List<PartitionStats> stats = store().partitionStats(t.name());
    assertEquals(List.of(3L, 0L, 6L, 1L), stats.stream().map(PartitionStats::writeRows).toList());
    assertEquals(List.of(-1L, -1L, -1L, -1L), stats.stream().map(PartitionStats::rows).toList());
    assertTrue(stats.get(2).writtenBytes() > stats.get(0).writtenBytes());
    assertEquals(0, stats.get(1).storedBytes());
    assertTrue(stats.get(3).storedBytes() >= 0);

    assertEquals(8, scanAll(t).size());
    store().get(t.name(), key(100L, "r0"), ColumnSelection.all());
    List<PartitionStats> after = store().partitionStats(t.name());
    assertEquals(List.of(3L, 0L, 4L, 2L), after.stream().map(PartitionStats::readRows).toList());
  }
}
