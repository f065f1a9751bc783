package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.store.tck.entities.ColdItemKeys;
import dev.widekey.store.tck.entities.ColdItemRepository;
import dev.widekey.store.tck.entities.ColdItemTable;
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

  /** A raw row of cells given as qualifier and value byte arrays, in pairs. */
  private static void rawRow(String table, PrimaryKey key, byte[]... qualifiersAndValues)
      throws IOException {
    Put put = new Put(OrderedKeyBytes.encode(key));
    for (int i = 0; i < qualifiersAndValues.length; i += 2) {
      put.addColumn(
          HBaseStore.FAMILY.getBytes(StandardCharsets.UTF_8),
          qualifiersAndValues[i],
          qualifiersAndValues[i + 1]);
    }
    try (Table t = cluster.connection().getTable(TableName.valueOf(NAMESPACE, table))) {
      t.put(put);
    }
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The row marker decides which cells are the row: a row without one, a marker that does not
   * parse, a listed column without its cell or with a malformed one is corrupt; cells it does not
   * list (an older, wider row's) are not read at all.
   */
  @Test
  void theRowMarkerIsCheckedAndUnlistedCellsAreIgnored() throws IOException {
    store.createTable(new TableSpec("marked", List.of(new PkColumn("s", PkType.STRING))));
    byte[] seven = {'I', 0, 0, 0, 0, 0, 0, 0, 7};
    byte[] listsV = RowMarker.encode(new byte[][] {utf8("v")});
    Map<String, byte[][]> corrupt = new java.util.LinkedHashMap<>();
    corrupt.put("no marker", new byte[][] {utf8("v"), seven});
    corrupt.put("bad marker", new byte[][] {utf8("v"), seven, RowMarker.QUALIFIER, utf8("Rv")});
    corrupt.put("listed but absent", new byte[][] {utf8("w"), seven, RowMarker.QUALIFIER, listsV});
    corrupt.put(
        "listed and malformed",
        new byte[][] {utf8("v"), new byte[] {'I', 1}, RowMarker.QUALIFIER, listsV});
    corrupt.put(
        "listed name not UTF-8",
        new byte[][] {
          new byte[] {(byte) 0xC3},
          seven,
          RowMarker.QUALIFIER,
          RowMarker.encode(new byte[][] {{(byte) 0xC3}})
        });
    for (Map.Entry<String, byte[][]> c : corrupt.entrySet()) {
      PrimaryKey k = PrimaryKey.of(PkValue.ofString(c.getKey()));
      rawRow("marked", k, c.getValue());
      StoreException e =
          assertThrows(
              StoreException.class,
              () -> store.get("marked", k, ColumnSelection.all()),
              c.getKey());
      assertCorrupt(e, "marked");
    }
    PrimaryKey stale = PrimaryKey.of(PkValue.ofString("stale"));
    rawRow(
        "marked",
        stale,
        utf8("v"),
        seven,
        utf8("old"),
        new byte[] {'Z'},
        new byte[] {(byte) 0xC3},
        new byte[] {},
        RowMarker.QUALIFIER,
        listsV);
    Row expected = Row.of(stale, Map.of("v", AttrValue.ofInteger(7)));
    assertEquals(expected, store.get("marked", stale, ColumnSelection.all()).orElseThrow());
    assertTrue(store.get("marked", stale, ColumnSelection.of("old")).isEmpty());
    List<StoreException> skipped = new ArrayList<>();
    assertEquals(
        List.of(expected),
        store.skippingMalformedRows(skipped::add).scan("marked", ScanRange.all(1)).toList());
    assertEquals(corrupt.size(), skipped.size());
  }

  /**
   * A row of cells without a row marker (another application's) reads as {@code CORRUPT_DATA}, so
   * every condition sees it the same way: an insert over it fails with that error instead of
   * treating the row as absent and hiding the other application's cells as leftovers, and an
   * update, a version check and conditional deletes fail with it too; nothing is written or
   * deleted, in either write order, alone and in a batch.
   */
  @Test
  void conditionsSeeARowWithoutAMarkerAsTheReadDoes() throws IOException {
    store.createTable(new TableSpec("unmarked", List.of(new PkColumn("s", PkType.STRING))));
    byte[] seven = {'I', 0, 0, 0, 0, 0, 0, 0, 7};
    for (HBaseStore.WriteOrder order : HBaseStore.WriteOrder.values()) {
      HBaseStore s = store.withWriteOrder(order);
      PrimaryKey foreign = PrimaryKey.of(PkValue.ofString("foreign " + order));
      rawRow("unmarked", foreign, utf8("v"), seven);
      assertCorrupt(
          assertThrows(
              StoreException.class, () -> s.get("unmarked", foreign, ColumnSelection.all())),
          "unmarked");
      Row mine = Row.of(foreign, Map.of("w", AttrValue.ofInteger(1)));
      Map<String, WriteCondition> conditions = new java.util.LinkedHashMap<>();
      conditions.put("insert", WriteCondition.rowAbsent());
      conditions.put("update", WriteCondition.rowPresent());
      conditions.put("version", WriteCondition.columnEquals("v", AttrValue.ofInteger(7)));
      for (Map.Entry<String, WriteCondition> c : conditions.entrySet()) {
        String what = order + " " + c.getKey();
        assertCorrupt(
            assertThrows(
                StoreException.class, () -> s.put("unmarked", mine, c.getValue()), what + " put"),
            "unmarked");
        assertCorrupt(
            assertThrows(
                StoreException.class,
                () -> s.delete("unmarked", foreign, c.getValue()),
                what + " delete"),
            "unmarked");
        assertEquals(List.of("v"), rawQualifiers("unmarked", foreign), what);
      }
      // in a batch: the foreign row's insert fails alone, typed; the fresh row's is applied
      PrimaryKey fresh = PrimaryKey.of(PkValue.ofString("fresh " + order));
      List<WriteOutcome> outcomes =
          s.batchWrite(
              List.of(
                  WriteOp.put("unmarked", mine, WriteCondition.rowAbsent()),
                  WriteOp.put(
                      "unmarked",
                      Row.of(fresh, Map.of("w", AttrValue.ofInteger(2))),
                      WriteCondition.rowAbsent()),
                  WriteOp.delete("unmarked", foreign, WriteCondition.rowAbsent()),
                  WriteOp.put("unmarked", mine, WriteCondition.rowPresent())));
      for (int i : new int[] {0, 2, 3}) {
        assertCorrupt(outcomes.get(i).error().orElseThrow(), "unmarked");
      }
      assertTrue(outcomes.get(1).succeeded(), String.valueOf(outcomes.get(1)));
      assertEquals(List.of("v"), rawQualifiers("unmarked", foreign), order + " batch");
      // a marked row still fails an insert as present
      StoreException present =
          assertThrows(
              StoreException.class,
              () ->
                  s.put(
                      "unmarked",
                      Row.of(fresh, Map.of("w", AttrValue.ofInteger(3))),
                      WriteCondition.rowAbsent()));
      assertEquals(ErrorKind.CONDITION_FAILED, present.kind(), present.getMessage());
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

  /**
   * Cells a narrower put left behind are removed off the write path once a read meets them, and
   * never read meanwhile; cells written with the marker, listed or not, are left alone.
   */
  @Test
  void leftoverCellsAreRemovedAfterAReadMeetsThem() throws Exception {
    store.createTable(new TableSpec("leftovers", List.of(new PkColumn("s", PkType.STRING))));
    PrimaryKey wide = PrimaryKey.of(PkValue.ofString("wide"));
    store.put(
        "leftovers",
        Row.of(
            wide,
            Map.of(
                "a", AttrValue.ofInteger(1),
                "b", AttrValue.ofBinary(new byte[1 << 20]),
                "c", AttrValue.ofInteger(3))));
    Thread.sleep(2); // the narrower put at a later server millisecond
    store.put("leftovers", Row.of(wide, Map.of("a", AttrValue.ofInteger(2))));
    assertEquals(List.of("a", "b", "c", "\uFFFD"), rawQualifiers("leftovers", wide));
    Row narrow = Row.of(wide, Map.of("a", AttrValue.ofInteger(2)));
    assertEquals(narrow, store.get("leftovers", wide, ColumnSelection.of("a", "b")).orElseThrow());
    LeftoverCells.awaitQueued();
    // the selected leftover is gone; the one not read stays until a read meets it
    assertEquals(List.of("a", "c", "\uFFFD"), rawQualifiers("leftovers", wide));
    assertEquals(narrow, store.scan("leftovers", ScanRange.all(1)).toList().get(0));
    LeftoverCells.awaitQueued();
    assertEquals(List.of("a", "\uFFFD"), rawQualifiers("leftovers", wide));
    assertEquals(narrow, store.get("leftovers", wide, ColumnSelection.all()).orElseThrow());
    // a forged unlisted cell written with the marker is not an older row's: left as it is
    PrimaryKey forged = PrimaryKey.of(PkValue.ofString("forged"));
    byte[] seven = {'I', 0, 0, 0, 0, 0, 0, 0, 7};
    rawRow(
        "leftovers",
        forged,
        utf8("v"),
        seven,
        utf8("x"),
        seven,
        RowMarker.QUALIFIER,
        RowMarker.encode(new byte[][] {utf8("v")}));
    assertEquals(
        Row.of(forged, Map.of("v", AttrValue.ofInteger(7))),
        store.get("leftovers", forged, ColumnSelection.all()).orElseThrow());
    LeftoverCells.awaitQueued();
    assertEquals(List.of("v", "x", "\uFFFD"), rawQualifiers("leftovers", forged));
  }

  /** The qualifiers of a row's cells as stored, the marker's 0xFF shown as U+FFFD. */
  private static List<String> rawQualifiers(String table, PrimaryKey key) throws IOException {
    try (Table t = cluster.connection().getTable(TableName.valueOf(NAMESPACE, table))) {
      List<String> names = new ArrayList<>();
      Map<byte[], byte[]> cells =
          t.get(new org.apache.hadoop.hbase.client.Get(OrderedKeyBytes.encode(key)))
              .getFamilyMap(HBaseStore.FAMILY_BYTES);
      if (cells != null) { // null: no cell at all
        for (byte[] q : cells.keySet()) {
          names.add(new String(q, StandardCharsets.UTF_8));
        }
      }
      return names;
    }
  }

  /**
   * A repository deletes a split entity whose hot row does not decode (a malformed marker or cell
   * in the bytes HBase holds): a delete never needs to read what it removes.
   */
  @Test
  void aRepositoryDeletesRowsItCannotDecode() throws IOException {
    ColdItemRepository items = new ColdItemRepository(store);
    items.createTables();
    Map<String, byte[][]> forged = new java.util.LinkedHashMap<>();
    byte[] listsQuantity = RowMarker.encode(new byte[][] {utf8("quantity")});
    forged.put("malformed marker", new byte[][] {utf8("quantity"), new byte[] {'I', 1}});
    forged.put(
        "malformed cell",
        new byte[][] {utf8("quantity"), new byte[] {'I', 1}, RowMarker.QUALIFIER, listsQuantity});
    forged.put(
        "unparsable marker",
        new byte[][] {
          utf8("quantity"),
          new byte[] {'I', 0, 0, 0, 0, 0, 0, 0, 1},
          RowMarker.QUALIFIER,
          utf8("Rq")
        });
    long id = 600;
    for (Map.Entry<String, byte[][]> f : forged.entrySet()) {
      PrimaryKey key = ColdItemKeys.primaryKey(id);
      rawRow(ColdItemTable.NAME, key, f.getValue());
      long forgedId = id;
      assertCorrupt(
          assertThrows(StoreException.class, () -> items.getWithCold(forgedId), f.getKey()),
          ColdItemTable.NAME);
      items.delete(forgedId);
      assertTrue(rawQualifiers(ColdItemTable.NAME, key).isEmpty(), f.getKey());
      assertTrue(items.getWithCold(forgedId).isEmpty(), f.getKey());
      id++;
    }
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
