package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkType;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.store.tck.entities.HashedOrderRepository;
import dev.widekey.store.tck.entities.HashedOrderTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Raw HBase rows that are not widekey's encoding (row keys and cells written around the store):
 * every read ends with a typed, non-retryable {@link ErrorKind#CORRUPT_DATA}, never an untyped
 * exception, and a scan can skip them if the caller chooses.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class MalformedRowsOnHBaseTest {
  private static final String NAMESPACE = "malformed";
  private static MiniHBase cluster;
  private static HBaseStore store;

  @BeforeAll
  static void open(MiniHBase mini) throws IOException {
    cluster = mini;
    try (Admin admin = mini.util().getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create(NAMESPACE).build());
    }
    store = HBaseStore.using(mini.connection(), NAMESPACE);
  }

  @AfterAll
  static void close() {
    if (store != null) {
      store.close();
    }
  }

  private static void rawPut(String table, byte[] rowKey, String column, byte[] cell)
      throws IOException {
    try (Table t = cluster.connection().getTable(TableName.valueOf(NAMESPACE, table))) {
      t.put(
          new Put(rowKey)
              .addColumn(
                  HBaseStore.FAMILY.getBytes(StandardCharsets.UTF_8),
                  column.getBytes(StandardCharsets.UTF_8),
                  cell));
    }
  }

  private static void assertCorrupt(StoreException e, String table) {
    assertEquals(ErrorKind.CORRUPT_DATA, e.kind(), e.getMessage());
    assertFalse(e.retryable());
    assertTrue(e.getMessage().contains(table), e.getMessage());
  }

  @Test
  void malformedKeysAndCellsAreTypedAndAScanMaySkipThem() throws IOException {
    TableSpec spec =
        new TableSpec(
            "raw", List.of(new PkColumn("s", PkType.STRING), new PkColumn("n", PkType.INTEGER)));
    store.createTable(spec);
    PrimaryKey good = PrimaryKey.of(PkValue.ofString("b"), PkValue.ofInteger(1));
    store.put("raw", Row.of(good, Map.of("v", AttrValue.ofInteger(7))));
    byte[] truncated = {1, 'a'}; // ArrayIndexOutOfBoundsException before
    byte[] badEscape = {
      1, 'a', 0, 7, 'x', 0, 1, 1, (byte) 0x80, 0, 0, 0, 0, 0, 0, 1
    }; // read as NUL
    byte[] integer = new byte[] {'I', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7};
    rawPut("raw", truncated, "v", integer);
    rawPut("raw", badEscape, "v", integer);
    PrimaryKey shortCell = PrimaryKey.of(PkValue.ofString("c"), PkValue.ofInteger(2));
    rawPut("raw", OrderedKeyBytes.encode(shortCell), "v", new byte[] {'I', 1}); // underflow before

    // a scan ends with the first malformed row, typed
    StoreException scan =
        assertThrows(StoreException.class, () -> store.scan("raw", ScanRange.all(2)).toList());
    assertCorrupt(scan, "raw");
    // a get of a row whose cell is malformed, typed
    assertCorrupt(
        assertThrows(
            StoreException.class, () -> store.get("raw", shortCell, ColumnSelection.all())),
        "raw");
    // or the caller skips them and hears of each
    List<StoreException> skipped = new ArrayList<>();
    List<Row> rows =
        store.skippingMalformedRows(skipped::add).scan("raw", ScanRange.all(2)).toList();
    assertEquals(List.of(good), rows.stream().map(Row::key).toList());
    assertEquals(3, skipped.size());
    skipped.forEach(e -> assertCorrupt(e, "raw"));
  }

  @Test
  void aGeneratedRepositoryEndsWithATypedErrorToo() throws IOException {
    HashedOrderRepository orders = new HashedOrderRepository(store);
    orders.createTables();
    rawPut(HashedOrderTable.NAME, new byte[] {1, '7', 0}, "total", new byte[] {'Z'});
    StoreException e = assertThrows(StoreException.class, () -> orders.scanAll().toList());
    assertCorrupt(e, HashedOrderTable.NAME);
  }
}
