package dev.widekey.store.tablestore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.contract.StoreContractTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The store contract as the Tablestore backend meets it, over the fake or the live service. */
abstract class TablestoreContractBase extends StoreContractTest {

  /**
   * The contract's test with the counters Tablestore can give: write, written-byte and read
   * counts are exact (this store's calls, counted on the client), but the service reports no row
   * count or stored size per partition through its data API, so {@code rows} and {@code
   * storedBytes} are -1.
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
    assertEquals(
        List.of(-1L, -1L, -1L, -1L), stats.stream().map(PartitionStats::storedBytes).toList());
    assertTrue(stats.get(2).writtenBytes() > stats.get(0).writtenBytes());

    assertEquals(8, scanAll(t).size());
    store().get(t.name(), key(100L, "r0"), ColumnSelection.all());
    List<PartitionStats> after = store().partitionStats(t.name());
    assertEquals(List.of(3L, 0L, 4L, 2L), after.stream().map(PartitionStats::readRows).toList());
  }
}
