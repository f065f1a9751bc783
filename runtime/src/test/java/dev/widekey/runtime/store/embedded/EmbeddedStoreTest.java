package dev.widekey.runtime.store.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreConfig;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.Stores;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.type.ByteArrayDataType;
import org.h2.mvstore.type.StringDataType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/** What the embedded store does beyond the contract: persistence, recovery, concurrency, totals. */
class EmbeddedStoreTest {
  private static final TableSpec ORDERS =
      new TableSpec(
          "orders",
          List.of(new PkColumn("pk", PkType.STRING), new PkColumn("seq", PkType.INTEGER)),
          List.of(PkValue.ofString("4"), PkValue.ofString("8"), PkValue.ofString("c")));
  private static final TableSpec BLOBS =
      new TableSpec(
          "blobs",
          List.of(new PkColumn("id", PkType.BINARY)),
          List.of(PkValue.ofBinary(new byte[] {(byte) 0x80})));

  @TempDir Path directory;

  private static Row order(String pk, long seq, String note) {
    return Row.of(
        PrimaryKey.of(PkValue.ofString(pk), PkValue.ofInteger(seq)),
        Map.of("note", AttrValue.ofString(note), "qty", AttrValue.ofInteger(seq)));
  }

  private static List<Row> scanAll(WideTableStore store, TableSpec spec) {
    try (Stream<Row> rows = store.scan(spec.name(), ScanRange.all(spec.primaryKey().size()))) {
      return rows.collect(Collectors.toList());
    }
  }

  private static long[] storedTotals(WideTableStore store, String table) {
    long rows = 0;
    long bytes = 0;
    for (PartitionStats p : store.partitionStats(table)) {
      rows += p.rows();
      bytes += p.storedBytes();
    }
    return new long[] {rows, bytes};
  }

  private static long sizeOf(List<Row> rows) {
    return rows.stream().mapToLong(Row::sizeInBytes).sum();
  }

  private static void assertStoreError(ErrorKind kind, Executable call) {
    StoreException e = assertThrows(StoreException.class, call);
    assertEquals(kind, e.kind(), e::getMessage);
  }

  // ----------------------------------------------------------------------------- persistence

  @Test
  void aTablesProfileAndTimeToLiveSurviveCloseAndReopen() {
    TableSpec spec =
        new TableSpec(
            "sessions",
            List.of(new PkColumn("pk", PkType.STRING), new PkColumn("n", PkType.INTEGER)),
            List.of(PkValue.ofString("m")),
            Profile.LINDORM,
            3600);
    try (EmbeddedStore store = EmbeddedStore.open(directory)) {
      store.createTable(spec);
      store.put(
          "sessions",
          Row.of(
              PrimaryKey.of(PkValue.ofString("a"), PkValue.ofInteger(1)),
              Map.of("v", AttrValue.ofInteger(1))));
    }
    try (EmbeddedStore store = EmbeddedStore.open(directory)) {
      assertEquals(Optional.of(spec), store.describeTable("sessions"));
      // the reopened table keeps Lindorm's limits: 2 MB for a row's values together
      byte[] half = new byte[3 * 512 * 1024];
      Row heavy =
          Row.of(
              PrimaryKey.of(PkValue.ofString("b"), PkValue.ofInteger(1)),
              Map.of("x", AttrValue.ofBinary(half), "y", AttrValue.ofBinary(half)));
      StoreException e = assertThrows(StoreException.class, () -> store.put("sessions", heavy));
      assertEquals(ErrorKind.LIMIT_EXCEEDED, e.kind());
      assertEquals(1, store.scan("sessions", ScanRange.all(2)).count());
    }
  }

  @Test
  void tablesRowsAndTotalsSurviveCloseAndReopen() {
    List<PartitionStats> before;
    List<Row> orders;
    try (EmbeddedStore store = EmbeddedStore.open(directory)) {
      store.createTable(ORDERS);
      store.createTable(BLOBS);
      store.createTable(new TableSpec("dropped", List.of(new PkColumn("pk", PkType.STRING))));
      for (String pk : List.of("1", "5", "5", "9", "d", "d")) {
        for (long seq = 0; seq < 3; seq++) {
          store.put("orders", order(pk, seq, "first " + pk));
        }
      }
      store.put("orders", order("5", 1, "replaced with a longer note"));
      store.delete("orders", order("9", 2, "").key());
      store.put(
          "blobs",
          Row.of(
              PrimaryKey.of(PkValue.ofBinary(new byte[] {(byte) 0xFF})),
              Map.of("b", AttrValue.ofBinary(new byte[1000]))));
      store.put(
          "dropped",
          Row.of(PrimaryKey.of(PkValue.ofString("x")), Map.of("v", AttrValue.ofBoolean(true))));
      store.deleteTable("dropped");
      before = store.partitionStats("orders");
      orders = scanAll(store, ORDERS);
      assertEquals(11, orders.size());
      assertEquals(sizeOf(orders), storedTotals(store, "orders")[1]);
    }
    try (EmbeddedStore store = EmbeddedStore.open(directory)) {
      assertEquals(Optional.of(ORDERS), store.describeTable("orders"));
      assertEquals(Optional.of(BLOBS), store.describeTable("blobs"));
      assertEquals(Optional.empty(), store.describeTable("dropped"));
      List<PartitionStats> after = store.partitionStats("orders");
      for (int i = 0; i < before.size(); i++) {
        assertEquals(before.get(i).rows(), after.get(i).rows(), "rows of partition " + i);
        assertEquals(
            before.get(i).storedBytes(), after.get(i).storedBytes(), "bytes of partition " + i);
        assertEquals(0, after.get(i).writeRows(), "write counters start again at open");
        assertEquals(0, after.get(i).readRows());
      }
      assertEquals(orders, scanAll(store, ORDERS));
      assertEquals(1, scanAll(store, BLOBS).size());
      assertEquals(
          List.of(0L, 1L),
          store.partitionStats("blobs").stream().map(PartitionStats::rows).toList());
      // keep writing after the reopen, and reopen once more
      store.put("orders", order("z", 0, "new"));
      store.delete("orders", order("1", 0, "").key());
    }
    try (EmbeddedStore store = EmbeddedStore.open(directory)) {
      List<Row> rows = scanAll(store, ORDERS);
      assertEquals(11, rows.size());
      assertEquals(rows.size(), storedTotals(store, "orders")[0]);
      assertEquals(sizeOf(rows), storedTotals(store, "orders")[1]);
      store.createTable(new TableSpec("dropped", List.of(new PkColumn("pk", PkType.STRING))));
      assertEquals(
          List.of(),
          scanAll(store, new TableSpec("dropped", List.of(new PkColumn("pk", PkType.STRING)))));
    }
  }

  /**
   * A directory as stores wrote it before pages were compressed (MVStore's default settings): its
   * tables and rows read back, keep taking writes, and survive the next close and its compaction.
   */
  @Test
  void aDirectoryWrittenWithoutCompressionReadsBack() {
    try (MVStore mv =
        new MVStore.Builder()
            .fileName(directory.resolve(EmbeddedStore.DATA_FILE).toString())
            .open()) {
      Catalog catalog = Catalog.open(mv);
      catalog.checkFormat(directory);
      String mapName = catalog.newRowMapName();
      catalog.saveTable(ORDERS, mapName);
      MVMap<byte[], byte[]> rows =
          mv.openMap(
              mapName,
              new MVMap.Builder<byte[], byte[]>()
                  .keyType(KeyBytesType.INSTANCE)
                  .valueType(KeyBytesType.INSTANCE));
      for (int i = 0; i < 2000; i++) {
        Row row = order(Integer.toHexString(i % 16), i, "old layout " + i);
        rows.put(
            RequestEncoder.rowKey(ORDERS, row.key(), StoreLimits.of(ORDERS.profile())),
            RequestEncoder.attributes(ORDERS, row, StoreLimits.of(ORDERS.profile())));
      }
    }
    try (EmbeddedStore store = EmbeddedStore.open(directory)) {
      List<Row> rows = scanAll(store, ORDERS);
      assertEquals(2000, rows.size());
      assertEquals(sizeOf(rows), storedTotals(store, "orders")[1], "recounted: no totals saved");
      assertEquals(
          Optional.of(order("7", 7, "old layout 7")),
          store.get("orders", order("7", 7, "").key(), ColumnSelection.all()));
      store.put("orders", order("7", 7, "rewritten"));
    }
    try (EmbeddedStore store = EmbeddedStore.open(directory)) {
      assertEquals(2000, scanAll(store, ORDERS).size());
      assertEquals(
          Optional.of(order("7", 7, "rewritten")),
          store.get("orders", order("7", 7, "").key(), ColumnSelection.all()));
    }
  }

  /** A store of another format is a typed error, never read as this one. */
  @Test
  void aDirectoryOfAnotherStoreFormatIsATypedError() {
    try (MVStore mv =
        new MVStore.Builder()
            .fileName(directory.resolve(EmbeddedStore.DATA_FILE).toString())
            .open()) {
      mv.openMap(
              "widekey.meta",
              new MVMap.Builder<String, byte[]>()
                  .keyType(StringDataType.INSTANCE)
                  .valueType(ByteArrayDataType.INSTANCE))
          .put("format", new byte[] {0, 0, 0, 0, 0, 0, 0, 99});
    }
    StoreException e = assertThrows(StoreException.class, () -> EmbeddedStore.open(directory));
    assertEquals(ErrorKind.INTERNAL, e.kind());
    assertTrue(e.getMessage().contains("format 99"), e.getMessage());
  }

  @Test
  void totalsAreRecountedAfterACrash() {
    try (EmbeddedStore store = EmbeddedStore.open(directory)) {
      store.createTable(ORDERS);
      for (int i = 0; i < 50; i++) {
        store.put("orders", order(Integer.toHexString(i % 16), i, "n" + i));
      }
    }
    EmbeddedStore crashed = EmbeddedStore.open(directory);
    for (int i = 0; i < 20; i++) {
      crashed.delete("orders", order(Integer.toHexString(i % 16), i, "").key());
      crashed.put("orders", order("a", 1000 + i, "after the clean close " + i));
    }
    crashed.crash();

    try (EmbeddedStore store = EmbeddedStore.open(directory)) {
      List<Row> rows = scanAll(store, ORDERS);
      assertEquals(50, rows.size());
      assertEquals(rows.size(), storedTotals(store, "orders")[0]);
      assertEquals(sizeOf(rows), storedTotals(store, "orders")[1]);
      long inLastPartition =
          rows.stream().filter(r -> r.key().get(0).asString().compareTo("c") >= 0).count();
      assertEquals(inLastPartition, store.partitionStats("orders").get(3).rows());
    }
  }

  @Test
  void aDirectoryIsOpenInOneStoreAtATime() {
    try (EmbeddedStore store = EmbeddedStore.open(directory)) {
      StoreException e = assertThrows(StoreException.class, () -> EmbeddedStore.open(directory));
      assertEquals(ErrorKind.UNAVAILABLE, e.kind());
      assertFalse(e.retryable());
      assertEquals(Optional.of(directory), store.directory());
    }
    EmbeddedStore.open(directory).close();
  }

  @Test
  void theProviderOpensAStoreInMemoryOrInADirectory() {
    try (WideTableStore store = Stores.open(Map.of())) {
      assertInstanceOf(EmbeddedStore.class, store);
      assertEquals(Optional.empty(), ((EmbeddedStore) store).directory());
      assertEquals(StoreLimits.of(TableSpec.DEFAULT_PROFILE), store.limits());
    }
    Map<String, String> config =
        Map.of(Stores.STORE, "embedded", EmbeddedStoreProvider.DIRECTORY, directory.toString());
    try (WideTableStore store = Stores.open(config)) {
      store.createTable(ORDERS);
      store.put("orders", order("1", 1, "kept"));
    }
    try (WideTableStore store = Stores.open(config)) {
      assertEquals(1, scanAll(store, ORDERS).size());
    }
  }

  @Test
  void aBlankDirectoryIsRefusedNamingTheSetting() {
    // an environment variable that expanded to nothing: keeping the data in memory would lose it
    for (String blank : List.of("", "  ")) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> Stores.open(StoreConfig.of(Map.of(EmbeddedStoreProvider.DIRECTORY, blank))));
      assertTrue(e.getMessage().contains(EmbeddedStoreProvider.DIRECTORY), e::getMessage);
      assertTrue(e.getMessage().contains("blank"), e::getMessage);
    }
  }

  // ---------------------------------------------------------------------------------- totals

  @Test
  void partitionCountersFollowEveryWriteAndRead() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(ORDERS);
      Row a = order("0", 1, "a");
      Row b = order("5", 1, "bbbbbbbbbb");
      Row b2 = order("5", 1, "b");
      Row c = order("c", 7, "c");
      store.put("orders", a);
      store.put("orders", b);
      store.put("orders", b2); // overwrite with a smaller row
      store.put("orders", c);
      store.delete("orders", c.key());
      store.delete("orders", order("c", 8, "").key()); // missing: still a write

      List<PartitionStats> stats = store.partitionStats("orders");
      assertEquals(List.of(1L, 1L, 0L, 0L), stats.stream().map(PartitionStats::rows).toList());
      assertEquals(
          List.of(a.sizeInBytes(), b2.sizeInBytes(), 0L, 0L),
          stats.stream().map(PartitionStats::storedBytes).toList());
      assertEquals(List.of(1L, 2L, 0L, 3L), stats.stream().map(PartitionStats::writeRows).toList());
      long keyBytes = 1 + 8;
      assertEquals(
          List.of(
              a.sizeInBytes(),
              b.sizeInBytes() + b2.sizeInBytes(),
              0L,
              c.sizeInBytes() + 2 * keyBytes),
          stats.stream().map(PartitionStats::writtenBytes).toList());

      store.get("orders", a.key(), ColumnSelection.all());
      store.get("orders", c.key(), ColumnSelection.all()); // missing: not a row read
      store.get("orders", a.key(), ColumnSelection.of("absent")); // nothing selected: no row
      store.multiGet("orders", List.of(a.key(), b.key(), c.key()), ColumnSelection.all());
      try (Stream<Row> s = store.scan("orders", ScanRange.all(2).withLimit(1))) {
        s.forEach(r -> {});
      }
      assertEquals(
          List.of(3L, 1L, 0L, 0L),
          store.partitionStats("orders").stream().map(PartitionStats::readRows).toList());
    }
  }

  /**
   * A multi-get walks keys that come in order from one to the next and seeks the others: whatever
   * the order, gaps, repeats and absent keys asked for, it answers as one get per key does.
   */
  @Test
  void aMultiGetAnswersAsGetsDoWhateverTheKeysOrderOnRandomRequests() {
    long seed = Long.getLong("widekey.test.seed", System.nanoTime());
    Random random = new Random(seed);
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(ORDERS);
      int stored = 0;
      for (int seq = 0; seq < 3_000; seq++) {
        if (random.nextInt(3) > 0) { // a third of the keys stay absent
          store.put("orders", order(String.valueOf(seq % 7), seq, "n" + seq));
          stored++;
        }
      }
      for (int request = 0; request < 400; request++) {
        List<PrimaryKey> keys = new ArrayList<>();
        int size = 1 + random.nextInt(60);
        long seq = random.nextInt(3_000);
        for (int i = 0; i < size; i++) {
          switch (random.nextInt(4)) {
            case 0 -> seq += 1 + random.nextInt(3); // the next keys: walked
            case 1 -> seq += 1 + random.nextInt(4 * EmbeddedStore.WALK_STEPS); // past a walk
            case 2 -> {} // the same key again
            default -> seq = random.nextInt(3_200); // anywhere, past the last key too
          }
          keys.add(
              PrimaryKey.of(PkValue.ofString(String.valueOf(seq % 7)), PkValue.ofInteger(seq)));
        }
        if (random.nextBoolean()) {
          keys.sort(
              (a, b) ->
                  Arrays.compareUnsigned(OrderedKeyBytes.encode(a), OrderedKeyBytes.encode(b)));
        }
        List<Optional<Row>> expected = new ArrayList<>();
        for (PrimaryKey key : keys) {
          expected.add(store.get("orders", key, ColumnSelection.all()));
        }
        assertEquals(
            expected,
            store.multiGet("orders", keys, ColumnSelection.all()),
            "keys " + keys + ", seed " + seed);
      }
      assertTrue(stored > 1_000, "seed " + seed);
    }
  }

  @Test
  void aRowHoldingNoneOfTheSelectedColumnsReadsAsNoRow() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(ORDERS);
      store.put("orders", order("1", 1, "x"));
      store.put("orders", Row.of(order("2", 1, "").key(), Map.of("other", AttrValue.ofInteger(1))));
      assertEquals(
          Optional.empty(),
          store.get("orders", order("2", 1, "").key(), ColumnSelection.of("note")));
      try (Stream<Row> s =
          store.scan("orders", ScanRange.all(2).withColumns(ColumnSelection.of("note")))) {
        assertEquals(List.of(order("1", 1, "").key()), s.map(Row::key).toList());
      }
    }
  }

  // --------------------------------------------------------------------------- requests

  @Test
  void batchOperationsOnOneKeyApplyInOrder() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(ORDERS);
      Row first = order("1", 1, "first");
      Row second = order("1", 1, "second");
      List<WriteOutcome> outcomes =
          store.batchWrite(
              List.of(
                  WriteOp.put("orders", first),
                  WriteOp.delete("orders", first.key()),
                  WriteOp.put("orders", second)));
      assertTrue(outcomes.stream().allMatch(WriteOutcome::succeeded));
      assertEquals(Optional.of(second), store.get("orders", first.key(), ColumnSelection.all()));
      assertEquals(1, storedTotals(store, "orders")[0]);
    }
  }

  @Test
  void attributesAreCheckedLikeTheService() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(ORDERS);
      PrimaryKey k = order("1", 1, "").key();
      // Tablestore refuses an attribute named like a primary-key column
      assertStoreError(
          ErrorKind.INVALID_REQUEST,
          () -> store.put("orders", Row.of(k, Map.of("seq", AttrValue.ofInteger(1)))));
      assertStoreError(
          ErrorKind.INVALID_REQUEST,
          () -> store.put("orders", Row.of(k, Map.of("", AttrValue.ofInteger(1)))));
      assertStoreError(
          ErrorKind.INVALID_REQUEST,
          () -> store.put("orders", Row.of(k, Map.of("s", AttrValue.ofString("a\uD800")))));
      assertStoreError(
          ErrorKind.INVALID_REQUEST,
          () -> store.put("orders", Row.of(k, Map.of("bad\uDC00", AttrValue.ofInteger(1)))));
      assertEquals(0, storedTotals(store, "orders")[0]);
    }
  }

  @Test
  void aTimeToLiveNoServiceTakesIsATypedError() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      for (Profile profile : Profile.values()) {
        for (long ttl :
            new long[] {StoreLimits.MAX_TTL_SECONDS + 1, 3_000_000_000L, Long.MAX_VALUE}) {
          StoreException e =
              assertThrows(
                  StoreException.class,
                  () -> store.createTable(ORDERS.withProfile(profile).withTtlSeconds(ttl)));
          assertEquals(ErrorKind.INVALID_REQUEST, e.kind());
          assertTrue(
              e.getMessage().contains("at most " + StoreLimits.MAX_TTL_SECONDS), e.getMessage());
        }
      }
      assertFalse(store.describeTable("orders").isPresent());
      store.createTable(ORDERS.withTtlSeconds(StoreLimits.MAX_TTL_SECONDS));
      assertEquals(
          StoreLimits.MAX_TTL_SECONDS, store.describeTable("orders").orElseThrow().ttlSeconds());
    }
  }

  @Test
  void tableSpecsAreCheckedOnCreate() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      assertStoreError(
          ErrorKind.INVALID_REQUEST,
          () ->
              store.createTable(
                  new TableSpec(
                      "t",
                      List.of(
                          new PkColumn("a", PkType.STRING), new PkColumn("a", PkType.INTEGER)))));
      assertStoreError(
          ErrorKind.LIMIT_EXCEEDED,
          () ->
              store.createTable(
                  new TableSpec(
                      "t",
                      List.of(new PkColumn("a", PkType.STRING)),
                      List.of(PkValue.ofString("x".repeat(1025))))));
      assertStoreError(
          ErrorKind.INVALID_REQUEST,
          () ->
              store.createTable(
                  new TableSpec(
                      "t",
                      List.of(new PkColumn("a", PkType.STRING)),
                      List.of(PkValue.ofString("\uD800")))));
      assertEquals(Optional.empty(), store.describeTable("t"));
    }
  }

  @Test
  void otherLimitsComeFromTheBuilder() {
    StoreLimits small = new StoreLimits(16, 64, 3, 1000, 5, 2, false);
    try (EmbeddedStore store = EmbeddedStore.builder().limits(small).build()) {
      assertEquals(small, store.limits());
      TableSpec t = new TableSpec("t", List.of(new PkColumn("pk", PkType.STRING)));
      store.createTable(t);
      assertStoreError(
          ErrorKind.LIMIT_EXCEEDED,
          () ->
              store.createTable(
                  new TableSpec(
                      "three",
                      List.of(
                          new PkColumn("a", PkType.STRING),
                          new PkColumn("b", PkType.STRING),
                          new PkColumn("c", PkType.STRING)))));
      PrimaryKey k16 = PrimaryKey.of(PkValue.ofString("x".repeat(16)));
      store.put("t", Row.of(k16, Map.of())); // no attribute needed with these limits
      assertStoreError(
          ErrorKind.LIMIT_EXCEEDED,
          () -> store.put("t", Row.of(PrimaryKey.of(PkValue.ofString("x".repeat(17))), Map.of())));
      assertStoreError(
          ErrorKind.LIMIT_EXCEEDED,
          () -> store.put("t", Row.of(k16, Map.of("a", AttrValue.ofBinary(new byte[65])))));
      List<WriteOp> four = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        four.add(WriteOp.delete("t", PrimaryKey.of(PkValue.ofString("k" + i))));
      }
      assertStoreError(ErrorKind.LIMIT_EXCEEDED, () -> store.batchWrite(four));
      assertEquals(3, store.batchWrite(four.subList(0, 3)).size());
      List<PrimaryKey> six = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        six.add(PrimaryKey.of(PkValue.ofString("k" + i)));
      }
      assertStoreError(
          ErrorKind.LIMIT_EXCEEDED, () -> store.multiGet("t", six, ColumnSelection.all()));
      assertEquals(Optional.of(Row.of(k16, Map.of())), store.get("t", k16, ColumnSelection.all()));
    }
    assertThrows(
        IllegalArgumentException.class,
        () -> EmbeddedStore.builder().limits(new StoreLimits(0, 1, 1, 1, 1, 1, true)));
  }

  // -------------------------------------------------------------------------------- scans

  private static void fill(WideTableStore store, String pk, int rows) {
    List<WriteOp> ops = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      ops.add(WriteOp.put("orders", order(pk, i, "row " + i)));
      if (ops.size() == 200 || i == rows - 1) {
        assertTrue(store.batchWrite(ops).stream().allMatch(WriteOutcome::succeeded));
        ops.clear();
      }
    }
  }

  @Test
  void aScanSeesRowsWrittenAheadOfItInLaterPages() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(ORDERS);
      fill(store, "5", EmbeddedStore.PAGE_ROWS + 100);
      try (Stream<Row> s = store.scan("orders", ScanRange.all(2))) {
        Iterator<Row> it = s.iterator();
        it.next();
        store.put("orders", order("z", 0, "late"));
        long rest = 0;
        Row last = null;
        while (it.hasNext()) {
          last = it.next();
          rest++;
        }
        assertEquals(EmbeddedStore.PAGE_ROWS + 100, rest);
        assertEquals(order("z", 0, "late"), last);
      }
    }
  }

  /**
   * The keys (seq) a scan of rows 0, 2, 4, …, 20 returns when rows 1 and 7 are written after its
   * first row: a row written ahead of the scan is returned only if it lands in a later page.
   */
  private static List<Long> scanWritingAhead(EmbeddedStore store) {
    store.createTable(ORDERS);
    for (long i = 0; i <= 20; i += 2) {
      store.put("orders", order("5", i, "row"));
    }
    List<Long> seqs = new ArrayList<>();
    try (Stream<Row> s = store.scan("orders", ScanRange.all(2))) {
      Iterator<Row> it = s.iterator();
      seqs.add(it.next().key().get(1).asLong());
      store.put("orders", order("5", 1, "late"));
      store.put("orders", order("5", 7, "late"));
      it.forEachRemaining(r -> seqs.add(r.key().get(1).asLong()));
    }
    return seqs;
  }

  @Test
  void aTablePagesByItsProfilesReadLimitsWhereTheyAreBelowTheStoresPage() {
    // every profile's read returns more than the store's page: one page holds all eleven rows
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      assertEquals(
          List.of(0L, 2L, 4L, 6L, 8L, 10L, 12L, 14L, 16L, 18L, 20L), scanWritingAhead(store));
    }
    // a service that returns 3 rows a read: pages 0-4, 6-10, …, so 7 is read and 1 is not
    StoreLimits threeRows =
        StoreLimits.DEFAULT.withRowAndReadLimits(Long.MAX_VALUE, 3, Long.MAX_VALUE);
    try (EmbeddedStore store = EmbeddedStore.builder().limits(threeRows).build()) {
      assertEquals(
          List.of(0L, 2L, 4L, 6L, 7L, 8L, 10L, 12L, 14L, 16L, 18L, 20L), scanWritingAhead(store));
    }
    // a service that returns one byte a read: a row a page, so both are read
    StoreLimits oneByte =
        StoreLimits.DEFAULT.withRowAndReadLimits(Long.MAX_VALUE, Integer.MAX_VALUE, 1);
    try (EmbeddedStore store = EmbeddedStore.builder().limits(oneByte).build()) {
      assertEquals(
          List.of(0L, 1L, 2L, 4L, 6L, 7L, 8L, 10L, 12L, 14L, 16L, 18L, 20L),
          scanWritingAhead(store));
    }
  }

  @Test
  void aScanOfATableDeletedMidwayFails() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(ORDERS);
      fill(store, "5", EmbeddedStore.PAGE_ROWS + 100);
      Iterator<Row> it = store.scan("orders", ScanRange.all(2)).iterator();
      it.next();
      store.deleteTable("orders");
      store.createTable(ORDERS); // a new table of the same name is another table
      StoreException e =
          assertThrows(
              StoreException.class,
              () -> {
                while (it.hasNext()) {
                  it.next();
                }
              });
      assertEquals(ErrorKind.TABLE_NOT_FOUND, e.kind());
    }
  }

  @Test
  void largeRowsAreReadInPagesOfBoundedSize() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(BLOBS);
      for (int i = 0; i < 12; i++) {
        byte[] big = new byte[1_500_000];
        big[0] = (byte) i;
        store.put(
            "blobs",
            Row.of(
                PrimaryKey.of(PkValue.ofBinary(new byte[] {(byte) i})),
                Map.of("b", AttrValue.ofBinary(big))));
      }
      try (Stream<Row> s = store.scan("blobs", ScanRange.all(1))) {
        List<Integer> firstBytes = s.map(r -> (int) r.get("b").asBinary()[0]).toList();
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), firstBytes);
      }
    }
  }

  // ---------------------------------------------------------------------------- lifecycle

  @Test
  void aClosedStoreRefusesCalls() {
    EmbeddedStore store = EmbeddedStore.inMemory();
    store.createTable(ORDERS);
    fill(store, "5", EmbeddedStore.PAGE_ROWS + 10);
    Iterator<Row> open = store.scan("orders", ScanRange.all(2)).iterator();
    open.next();
    store.close();
    store.close(); // twice is fine
    for (Executable call :
        List.<Executable>of(
            () -> store.put("orders", order("1", 1, "x")),
            () -> store.get("orders", order("1", 1, "x").key(), ColumnSelection.all()),
            () -> store.createTable(BLOBS),
            () -> store.describeTable("orders"),
            () -> store.partitionStats("orders"),
            () -> store.scan("orders", ScanRange.all(2)),
            () -> {
              while (open.hasNext()) {
                open.next();
              }
            })) {
      StoreException e = assertThrows(StoreException.class, call);
      assertEquals(ErrorKind.UNAVAILABLE, e.kind());
      assertFalse(e.retryable());
    }
  }

  // -------------------------------------------------------------------------- concurrency

  @Test
  void concurrentWritersAndReadersKeepOrderAndTotals() throws Exception {
    try (EmbeddedStore store = EmbeddedStore.open(directory)) {
      store.createTable(ORDERS);
      int writers = 4;
      int readers = 3;
      ExecutorService pool = Executors.newFixedThreadPool(writers + readers);
      CountDownLatch start = new CountDownLatch(1);
      AtomicBoolean writing = new AtomicBoolean(true);
      ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
      List<Future<?>> writes = new ArrayList<>();
      String[] pks = {"0", "3", "5", "9", "a", "f", "\u00e9"};
      for (int w = 0; w < writers; w++) {
        int seed = w;
        writes.add(
            pool.submit(
                () -> {
                  Random random = new Random(seed);
                  start.await();
                  for (int i = 0; i < 1500; i++) {
                    // keys overlap between writers, so puts, overwrites and deletes race on them
                    String pk = pks[random.nextInt(pks.length)];
                    long seq = random.nextInt(60);
                    switch (random.nextInt(4)) {
                      case 0 -> store.delete("orders", order(pk, seq, "").key());
                      case 1 ->
                          store.batchWrite(
                              List.of(
                                  WriteOp.put("orders", order(pk, seq, "batch " + i)),
                                  WriteOp.delete("orders", order(pk, seq + 1, "").key())));
                      default ->
                          store.put(
                              "orders",
                              order(pk, seq, "w" + seed + "#" + "x".repeat(random.nextInt(40))));
                    }
                  }
                  return null;
                }));
      }
      List<Future<?>> reads = new ArrayList<>();
      for (int r = 0; r < readers; r++) {
        reads.add(
            pool.submit(
                () -> {
                  start.await();
                  while (writing.get()) {
                    PrimaryKey previous = null;
                    try (Stream<Row> s = store.scan("orders", ScanRange.all(2))) {
                      for (Row row : (Iterable<Row>) s::iterator) {
                        if (previous != null && previous.compareTo(row.key()) >= 0) {
                          problems.add(previous + " then " + row.key());
                        }
                        previous = row.key();
                      }
                    }
                    store.get("orders", order("5", 5, "").key(), ColumnSelection.of("note"));
                    store.partitionStats("orders");
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> f : writes) {
        f.get(2, TimeUnit.MINUTES);
      }
      writing.set(false);
      for (Future<?> f : reads) {
        f.get(1, TimeUnit.MINUTES);
      }
      pool.shutdown();
      assertTrue(problems.isEmpty(), () -> "scans out of order: " + problems);

      List<Row> rows = scanAll(store, ORDERS);
      assertEquals(rows.size(), storedTotals(store, "orders")[0]);
      assertEquals(sizeOf(rows), storedTotals(store, "orders")[1]);
      long writeRows =
          store.partitionStats("orders").stream().mapToLong(PartitionStats::writeRows).sum();
      assertTrue(writeRows >= writers * 1500L);
    }
  }
}
