package dev.widekey.store.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.Profile;
import dev.widekey.core.RuleViolationException;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.ServiceNames;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The behaviour every {@link WideTableStore} backend must share, so that what passes on the
 * embedded store passes on HBase/Lindorm and Tablestore. It is part of the store TCK, which every
 * backend depends on in test scope; a backend's test extends this class and supplies its store:
 *
 * <pre>{@code
 * class HBaseStoreContractTest extends StoreContractTest {
 *   static WideTableStore store; // one mini-cluster for the whole class
 *   @BeforeAll static void start() { store = ...; }
 *   @AfterAll static void stop() { store.close(); }
 *   @Override protected WideTableStore store() { return store; }
 * }
 * }</pre>
 *
 * <p>The subclass owns the store's lifecycle and may share one store across tests: every test works
 * in tables of its own ({@link #newTable}), drops them afterwards, and never assumes it is alone in
 * the store. Limit cases are built from {@link WideTableStore#limits()}.
 *
 * <p>The random property test uses a fixed seed; {@code -Dwidekey.contract.seed=N} replays another,
 * and every failure message names the seed.
 */
public abstract class StoreContractTest {
  /** The system property that sets the property test's seed. */
  public static final String SEED_PROPERTY = "widekey.contract.seed";

  private static final long DEFAULT_SEED = 20261122L;
  private static final AtomicInteger TABLE_COUNTER = new AtomicInteger();

  private final List<String> tablesToDrop = new ArrayList<>();

  /** The store under test; the subclass opens and closes it. */
  protected abstract WideTableStore store();

  // ------------------------------------------------------------------------------ helpers

  /**
   * A table name no other test (in this run or a concurrent one on a shared store) uses: {@code
   * wk_<hint>_<counter>_<random>}, letters, digits and underscores only, which every target store
   * accepts.
   */
  protected static String newTableName(String hint) {
    String clean = hint.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
    if (clean.length() > 24) {
      clean = clean.substring(0, 24);
    }
    String random = Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
    return "wk_" + clean + "_" + TABLE_COUNTER.incrementAndGet() + "_" + random;
  }

  /** Creates a fresh table, dropped after the test. */
  protected TableSpec newTable(String hint, List<PkColumn> primaryKey, List<PkValue> splitPoints) {
    TableSpec spec = new TableSpec(newTableName(hint), primaryKey, splitPoints);
    tablesToDrop.add(spec.name());
    store().createTable(spec);
    return spec;
  }

  /** Creates a fresh table without split points, dropped after the test. */
  protected TableSpec newTable(String hint, PkColumn... primaryKey) {
    return newTable(hint, List.of(primaryKey), List.of());
  }

  @AfterEach
  protected void dropTablesOfTheTest() {
    for (String table : tablesToDrop) {
      try {
        store().deleteTable(table);
      } catch (RuntimeException e) {
        // best effort: a test that closed or broke the store must not hide its own failure
      }
    }
    tablesToDrop.clear();
  }

  protected static PkColumn stringColumn(String name) {
    return new PkColumn(name, PkType.STRING);
  }

  protected static PkColumn integerColumn(String name) {
    return new PkColumn(name, PkType.INTEGER);
  }

  protected static PkColumn binaryColumn(String name) {
    return new PkColumn(name, PkType.BINARY);
  }

  /** A key from Strings, Longs/Integers, byte arrays and PkValues. */
  protected static PrimaryKey key(Object... values) {
    List<PkValue> out = new ArrayList<>(values.length);
    for (Object v : values) {
      if (v instanceof PkValue p) {
        out.add(p);
      } else if (v instanceof String s) {
        out.add(PkValue.ofString(s));
      } else if (v instanceof Long l) {
        out.add(PkValue.ofInteger(l));
      } else if (v instanceof Integer i) {
        out.add(PkValue.ofInteger(i));
      } else if (v instanceof byte[] b) {
        out.add(PkValue.ofBinary(b));
      } else {
        throw new IllegalArgumentException("not a key value: " + v);
      }
    }
    return PrimaryKey.of(out);
  }

  /** A row with attributes given as name, value pairs. */
  protected static Row row(PrimaryKey key, Object... nameValuePairs) {
    Map<String, AttrValue> columns = new LinkedHashMap<>();
    for (int i = 0; i < nameValuePairs.length; i += 2) {
      columns.put((String) nameValuePairs[i], (AttrValue) nameValuePairs[i + 1]);
    }
    return Row.of(key, columns);
  }

  protected static byte[] bytes(int... unsigned) {
    byte[] b = new byte[unsigned.length];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) unsigned[i];
    }
    return b;
  }

  /** Asserts a store error of this kind whose retryable flag is the kind's default. */
  protected static StoreException assertStoreError(ErrorKind kind, Executable call) {
    StoreException e = assertThrows(StoreException.class, call);
    assertEquals(kind, e.kind(), () -> "error kind of: " + e.getMessage());
    assertEquals(
        kind.retryableByDefault(), e.retryable(), () -> "retryable flag of: " + e.getMessage());
    return e;
  }

  protected List<Row> scanAll(TableSpec spec) {
    return scan(spec.name(), ScanRange.all(spec.primaryKey().size()));
  }

  protected List<Row> scan(String table, ScanRange range) {
    try (Stream<Row> rows = store().scan(table, range)) {
      return rows.collect(Collectors.toList());
    }
  }

  protected static List<PrimaryKey> keys(List<Row> rows) {
    return rows.stream().map(Row::key).collect(Collectors.toList());
  }

  /** Writes rows (any number) in batches the store accepts; fails on any failed outcome. */
  protected void putAll(String table, List<Row> rows) {
    int batch = Math.min(100, store().limits().maxBatchRows());
    for (int i = 0; i < rows.size(); i += batch) {
      List<WriteOp> ops = new ArrayList<>();
      for (Row r : rows.subList(i, Math.min(rows.size(), i + batch))) {
        ops.add(WriteOp.put(table, r));
      }
      for (WriteOutcome o : store().batchWrite(ops)) {
        assertTrue(o.succeeded(), () -> "write of " + o.op().key() + " failed: " + o.failure());
      }
    }
  }

  /** Puts the keys in a scrambled order and asserts that a full scan returns them as listed. */
  private void assertStoredInOrder(TableSpec spec, List<PrimaryKey> expectedOrder) {
    List<PrimaryKey> scrambled = new ArrayList<>(expectedOrder);
    Collections.shuffle(scrambled, new Random(expectedOrder.size()));
    for (int i = 0; i < scrambled.size(); i++) {
      store().put(spec.name(), row(scrambled.get(i), "v", AttrValue.ofInteger(i)));
    }
    assertEquals(expectedOrder, keys(scanAll(spec)));
    List<PrimaryKey> sorted = new ArrayList<>(expectedOrder);
    Collections.sort(sorted);
    assertEquals(expectedOrder, sorted, "PrimaryKey.compareTo agrees with the store");
  }

  // ----------------------------------------------------------------------------- ordering

  @Test
  public void integerKeysSortNumerically() {
    TableSpec t = newTable("int_order", integerColumn("id"));
    assertStoredInOrder(
        t,
        List.of(
            key(Long.MIN_VALUE),
            key(Long.MIN_VALUE + 1),
            key(-1_000_000L),
            key(-256L),
            key(-1L),
            key(0L),
            key(1L),
            key(54L),
            key(167L),
            key(1L << 32),
            key(Long.MAX_VALUE - 1),
            key(Long.MAX_VALUE)));
  }

  @Test
  public void stringKeysSortByUtf8Bytes() {
    TableSpec t = newTable("string_order", stringColumn("pk"));
    // U+FF5E is EF BD 9E in UTF-8 and U+1F600 is F0 9F 98 80: by bytes the fullwidth tilde sorts
    // first, although String.compareTo puts the surrogate pair (D83D) before FF5E
    assertTrue("\uFF5E".compareTo("\uD83D\uDE00") > 0, "String.compareTo differs from UTF-8");
    assertStoredInOrder(
        t,
        List.of(
            key("!"),
            key("0"),
            key("1"),
            key("10"),
            key("9"),
            key("A"),
            key("Z"),
            key("a"),
            key("z"),
            key("\u00e9"),
            key("\u4e2d"),
            key("\uFF5E"),
            key("\uD83D\uDE00"),
            key("\uD83D\uDE00a")));
  }

  @Test
  public void binaryKeysSortUnsigned() {
    TableSpec t = newTable("binary_order", binaryColumn("pk"));
    assertStoredInOrder(
        t,
        List.of(
            key(bytes(0x00)),
            key(bytes(0x00, 0x00)),
            key(bytes(0x00, 0x01)),
            key(bytes(0x01)),
            key(bytes(0x7F)),
            key(bytes(0x7F, 0xFF)),
            key(bytes(0x80)),
            key(bytes(0x80, 0x00)),
            key(bytes(0xFE, 0xFF)),
            key(bytes(0xFF)),
            key(bytes(0xFF, 0xFF))));
  }

  @Test
  public void aValueSortsBeforeItsExtensionsWhateverTheNextColumn() {
    // a naive concatenation of the columns would put ("a", 9) after ("a\u0001", 0)
    TableSpec s = newTable("prefix_string", stringColumn("pk"), integerColumn("n"));
    assertStoredInOrder(
        s,
        List.of(
            key("a", Long.MAX_VALUE),
            key("a\u0001", Long.MIN_VALUE),
            key("a0", 0L),
            key("aa", -5L),
            key("aa", 5L),
            key("ab", Long.MIN_VALUE),
            key("b", Long.MIN_VALUE)));
    TableSpec b = newTable("prefix_binary", binaryColumn("pk"), integerColumn("n"));
    assertStoredInOrder(
        b,
        List.of(
            key(bytes(0x01), Long.MAX_VALUE),
            key(bytes(0x01, 0x00), Long.MIN_VALUE),
            key(bytes(0x01, 0x00, 0x00), 0L),
            key(bytes(0x01, 0x00, 0x01), 0L),
            key(bytes(0x01, 0x01), Long.MIN_VALUE),
            key(bytes(0x02), Long.MIN_VALUE)));
  }

  /**
   * A count reads keys only: {@code ColumnSelection.keysOnly()} returns every row of the range,
   * whatever columns it holds, with none of them (a selection of named columns would leave out a
   * row holding none of them).
   */
  @Test
  public void aKeysOnlyScanReturnsEveryRowWithNoColumn() {
    TableSpec t = newTable("keys_only", stringColumn("pk"));
    store().put(t.name(), row(key("a"), "x", AttrValue.ofInteger(1)));
    store().put(t.name(), row(key("b"), "y", AttrValue.ofString("two")));
    store().put(t.name(), row(key("c"), "x", AttrValue.ofInteger(3), "y", AttrValue.ofString("3")));
    for (ScanRange range : List.of(ScanRange.all(1), ScanRange.all(1).backward())) {
      try (Stream<Row> rows =
          store().scan(t.name(), range.withColumns(ColumnSelection.keysOnly()))) {
        List<Row> got = rows.toList();
        List<PrimaryKey> keys = new ArrayList<>(List.of(key("a"), key("b"), key("c")));
        if (range.isBackward()) {
          Collections.reverse(keys);
        }
        assertEquals(keys, got.stream().map(Row::key).toList());
        for (Row row : got) {
          assertTrue(row.columns().isEmpty(), "no column read: " + row);
        }
      }
    }
  }

  @Test
  public void multiColumnKeysSortColumnByColumn() {
    TableSpec t =
        newTable("multi_column", stringColumn("a"), integerColumn("b"), binaryColumn("c"));
    assertStoredInOrder(
        t,
        List.of(
            key("x", -2L, bytes(0xFF)),
            key("x", -1L, bytes(0x00)),
            key("x", -1L, bytes(0x80)),
            key("x", 0L, bytes(0x00)),
            key("x", 10L, bytes(0x7F)),
            key("x", 10L, bytes(0x80)),
            key("x\u00e9", Long.MIN_VALUE, bytes(0x00)),
            key("y", Long.MIN_VALUE, bytes(0x00))));
  }

  @Test
  public void randomTypedKeysScanInPrimaryKeyOrder() {
    long seed = Long.getLong(SEED_PROPERTY, DEFAULT_SEED);
    String replay = "seed " + seed + " (replay with -D" + SEED_PROPERTY + "=" + seed + ")";
    Random random = new Random(seed);
    TableSpec t =
        newTable(
            "property",
            List.of(stringColumn("s"), integerColumn("i"), binaryColumn("b")),
            List.of(PkValue.ofString("b"), PkValue.ofString("\u00e9")));
    // a TreeSet also removes duplicates, which one batch must not hold (Tablestore refuses them)
    TreeSet<PrimaryKey> expected = new TreeSet<>();
    while (expected.size() < 400) {
      expected.add(key(randomString(random), randomLong(random), randomBytes(random)));
    }
    List<Row> rows = new ArrayList<>();
    for (PrimaryKey k : expected) {
      rows.add(row(k, "v", AttrValue.ofString(k.toString())));
    }
    Collections.shuffle(rows, random);
    putAll(t.name(), rows);

    List<PrimaryKey> all = keys(scanAll(t));
    assertEquals(new ArrayList<>(expected), all, () -> "full scan order, " + replay);

    List<PrimaryKey> sorted = new ArrayList<>(expected);
    for (int round = 0; round < 20; round++) {
      PrimaryKey a = sorted.get(random.nextInt(sorted.size()));
      PrimaryKey b = sorted.get(random.nextInt(sorted.size()));
      // bounds: a stored key, or the prefix of one opened with INF_MIN / INF_MAX
      PrimaryKey start = random.nextBoolean() ? a : prefixBound(a, PkValue.INF_MIN, random);
      PrimaryKey end = random.nextBoolean() ? b : prefixBound(b, PkValue.INF_MAX, random);
      ScanRange range = ScanRange.between(start, end);
      List<PrimaryKey> want = sorted.stream().filter(range::contains).collect(Collectors.toList());
      int r = round;
      assertEquals(
          want,
          keys(scan(t.name(), range)),
          () -> "scan " + r + " [" + start + ", " + end + "), " + replay);
    }
  }

  private static PrimaryKey prefixBound(PrimaryKey k, PkValue fill, Random random) {
    int keep = random.nextInt(k.size());
    return PrimaryKey.bound(k.values().subList(0, keep), fill, k.size());
  }

  private static String randomString(Random random) {
    // few distinct characters, so that keys share prefixes; both sides of U+D800 and non-BMP
    int[] pool = {'a', 'b', 'z', '0', '\u00e9', '\u4e2d', '\uFF5E', 0x1F600, 0x10FFFF, 0x01};
    int length = 1 + random.nextInt(4);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < length; i++) {
      sb.appendCodePoint(pool[random.nextInt(pool.length)]);
    }
    return sb.toString();
  }

  private static long randomLong(Random random) {
    long[] edges = {
      Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE - 1, Long.MAX_VALUE
    };
    return switch (random.nextInt(3)) {
      case 0 -> edges[random.nextInt(edges.length)];
      case 1 -> random.nextInt(7) - 3;
      default -> random.nextLong();
    };
  }

  private static byte[] randomBytes(Random random) {
    int[] pool = {0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF};
    byte[] b = new byte[1 + random.nextInt(3)];
    for (int i = 0; i < b.length; i++) {
      b[i] =
          (byte) (random.nextInt(4) == 0 ? random.nextInt(256) : pool[random.nextInt(pool.length)]);
    }
    return b;
  }

  // ------------------------------------------------------------------ put / get / delete

  @Test
  public void putThenGetRoundTripsEveryAttributeType() {
    TableSpec t = newTable("round_trip", stringColumn("pk"), integerColumn("n"));
    PrimaryKey k = key("user\uD83D\uDE00", -42L);
    Row written =
        row(
            k,
            "text",
            AttrValue.ofString("h\u00e9llo \u4e2d\u6587 \uD83D\uDE00"),
            "empty",
            AttrValue.ofString(""),
            "count",
            AttrValue.ofInteger(Long.MIN_VALUE),
            "ratio",
            AttrValue.ofDouble(-1.5e-300),
            "flag",
            AttrValue.ofBoolean(true),
            "off",
            AttrValue.ofBoolean(false),
            "blob",
            AttrValue.ofBinary(bytes(0x00, 0x80, 0xFF)),
            "none",
            AttrValue.ofBinary(new byte[0]));
    store().put(t.name(), written);
    assertEquals(Optional.of(written), store().get(t.name(), k, ColumnSelection.all()));
    assertEquals(List.of(written), scanAll(t));
  }

  @Test
  public void getOfAMissingRowIsEmpty() {
    TableSpec t = newTable("get_missing", stringColumn("pk"));
    store().put(t.name(), row(key("a"), "v", AttrValue.ofInteger(1)));
    assertEquals(Optional.empty(), store().get(t.name(), key("b"), ColumnSelection.all()));
    assertEquals(Optional.empty(), store().get(t.name(), key("a\u0000"), ColumnSelection.all()));
  }

  @Test
  public void putReplacesTheWholeRow() {
    TableSpec t = newTable("overwrite", stringColumn("pk"));
    PrimaryKey k = key("a");
    store().put(t.name(), row(k, "x", AttrValue.ofInteger(1), "y", AttrValue.ofString("old")));
    Row second = row(k, "y", AttrValue.ofString("new"), "z", AttrValue.ofBoolean(true));
    store().put(t.name(), second);
    assertEquals(Optional.of(second), store().get(t.name(), k, ColumnSelection.all()));
    assertEquals(List.of(second), scanAll(t), "one row per key");
  }

  @Test
  public void deleteRemovesTheRowAndDeletingAMissingRowDoesNothing() {
    TableSpec t = newTable("delete", integerColumn("id"));
    store().put(t.name(), row(key(1L), "v", AttrValue.ofInteger(1)));
    store().put(t.name(), row(key(2L), "v", AttrValue.ofInteger(2)));
    store().delete(t.name(), key(1L));
    assertEquals(Optional.empty(), store().get(t.name(), key(1L), ColumnSelection.all()));
    store().delete(t.name(), key(1L));
    store().delete(t.name(), key(99L));
    assertEquals(List.of(key(2L)), keys(scanAll(t)));
  }

  @Test
  public void columnSelectionReturnsOnlyTheSelectedColumns() {
    TableSpec t = newTable("selection", stringColumn("pk"));
    PrimaryKey k = key("a");
    store()
        .put(
            t.name(),
            row(
                k,
                "a",
                AttrValue.ofInteger(1),
                "b",
                AttrValue.ofInteger(2),
                "c",
                AttrValue.ofInteger(3)));
    Row got = store().get(t.name(), k, ColumnSelection.of("b", "c")).orElseThrow();
    assertEquals(Map.of("b", AttrValue.ofInteger(2), "c", AttrValue.ofInteger(3)), got.columns());
    assertEquals(k, got.key());
    // a selected column the row lacks is simply not returned
    Row partial = store().get(t.name(), k, ColumnSelection.of("b", "missing")).orElseThrow();
    assertEquals(Map.of("b", AttrValue.ofInteger(2)), partial.columns());
  }

  // ------------------------------------------------------------------------------ multiGet

  @Test
  public void multiGetReturnsOneEntryPerKeyInRequestOrder() {
    TableSpec t = newTable("multi_get", stringColumn("pk"), integerColumn("n"));
    Row a = row(key("a", 1L), "v", AttrValue.ofString("a"), "w", AttrValue.ofInteger(1));
    Row c = row(key("c", 3L), "v", AttrValue.ofString("c"), "w", AttrValue.ofInteger(3));
    store().put(t.name(), a);
    store().put(t.name(), c);
    List<PrimaryKey> request = List.of(key("c", 3L), key("b", 2L), key("a", 1L), key("a", 2L));
    assertEquals(
        List.of(Optional.of(c), Optional.empty(), Optional.of(a), Optional.empty()),
        store().multiGet(t.name(), request, ColumnSelection.all()));
    List<Optional<Row>> selected = store().multiGet(t.name(), request, ColumnSelection.of("w"));
    assertEquals(4, selected.size());
    assertEquals(Map.of("w", AttrValue.ofInteger(3)), selected.get(0).orElseThrow().columns());
    assertFalse(selected.get(1).isPresent());
    assertEquals(Map.of("w", AttrValue.ofInteger(1)), selected.get(2).orElseThrow().columns());
    assertEquals(List.of(), store().multiGet(t.name(), List.of(), ColumnSelection.all()));
  }

  // ----------------------------------------------------------------------------- batches

  @Test
  public void batchWriteReturnsOneOutcomePerOperationInOrder() {
    TableSpec t1 = newTable("batch_one", stringColumn("pk"));
    TableSpec t2 = newTable("batch_two", integerColumn("id"));
    store().put(t1.name(), row(key("gone"), "v", AttrValue.ofInteger(0)));
    List<WriteOp> ops =
        List.of(
            WriteOp.put(t1.name(), row(key("a"), "v", AttrValue.ofInteger(1))),
            WriteOp.put(t2.name(), row(key(7L), "v", AttrValue.ofInteger(2))),
            WriteOp.delete(t1.name(), key("gone")),
            WriteOp.put(t1.name(), row(key("b"), "v", AttrValue.ofInteger(3))));
    List<WriteOutcome> outcomes = store().batchWrite(ops);
    assertEquals(ops.size(), outcomes.size());
    for (int i = 0; i < ops.size(); i++) {
      assertEquals(ops.get(i), outcomes.get(i).op(), "outcome " + i + " is for operation " + i);
      assertTrue(outcomes.get(i).succeeded(), "operation " + i + ": " + outcomes.get(i).failure());
    }
    assertEquals(List.of(key("a"), key("b")), keys(scanAll(t1)));
    assertEquals(List.of(key(7L)), keys(scanAll(t2)));
    assertEquals(List.of(), store().batchWrite(List.of()));
  }

  @Test
  public void aBadOperationInABatchFailsAlone() {
    TableSpec t = newTable("batch_bad", stringColumn("pk"));
    String missing = newTableName("batch_missing");
    List<WriteOp> ops =
        List.of(
            WriteOp.put(t.name(), row(key("a"), "v", AttrValue.ofInteger(1))),
            WriteOp.put(t.name(), row(key(5L), "v", AttrValue.ofInteger(2))), // wrong key type
            WriteOp.put(t.name(), row(key("b"), "v", AttrValue.ofInteger(3))),
            WriteOp.put(missing, row(key("c"), "v", AttrValue.ofInteger(4))),
            WriteOp.delete(t.name(), key("a", "extra")), // wrong column count
            WriteOp.put(t.name(), row(key("d"), "v", AttrValue.ofInteger(5))));
    List<WriteOutcome> outcomes = store().batchWrite(ops);
    assertEquals(ops.size(), outcomes.size());
    assertTrue(outcomes.get(0).succeeded());
    assertFailed(outcomes.get(1), ErrorKind.INVALID_REQUEST);
    assertTrue(outcomes.get(2).succeeded());
    assertFailed(outcomes.get(3), ErrorKind.TABLE_NOT_FOUND);
    assertFailed(outcomes.get(4), ErrorKind.INVALID_REQUEST);
    assertTrue(outcomes.get(5).succeeded());
    assertEquals(List.of(key("a"), key("b"), key("d")), keys(scanAll(t)));
    assertEquals(Optional.empty(), store().describeTable(missing));
  }

  @Test
  public void listTablesNamesTheExistingTablesWithAPrefixInOrder() {
    String base = newTableName("listed");
    List<String> names = List.of(base + "_2026_12", base + "_2026_10", base + "_2026_11");
    for (String name : names) {
      tablesToDrop.add(name);
      store().createTable(new TableSpec(name, List.of(stringColumn("pk"))));
    }
    TableSpec other = newTable("unlisted", stringColumn("pk"));

    assertEquals(
        List.of(base + "_2026_10", base + "_2026_11", base + "_2026_12"),
        store().listTables(base + "_"));
    assertTrue(store().listTables("").containsAll(names), "all tables with the empty prefix");
    assertTrue(store().listTables("").contains(other.name()));
    assertEquals(List.of(), store().listTables(base + "_2027"));

    store().deleteTable(base + "_2026_11");
    assertEquals(List.of(base + "_2026_10", base + "_2026_12"), store().listTables(base + "_"));
  }

  @Test
  public void aStringWithoutAUtf8FormFailsItsBatchOperationAlone() {
    // such a string has no size either, so the batch's byte count must not trip over it
    TableSpec t = newTable("batch_surrogate", stringColumn("pk"));
    List<WriteOp> ops =
        List.of(
            WriteOp.put(t.name(), row(key("a"), "v", AttrValue.ofInteger(1))),
            WriteOp.put(t.name(), row(key("b\uD800"), "v", AttrValue.ofInteger(2))),
            WriteOp.put(t.name(), row(key("c"), "v", AttrValue.ofString("\uDC00"))),
            WriteOp.put(t.name(), row(key("d"), "v\uD800", AttrValue.ofInteger(3))),
            WriteOp.delete(t.name(), key("e\uDC00")),
            WriteOp.put(t.name(), row(key("f"), "v", AttrValue.ofInteger(4))));
    List<WriteOutcome> outcomes = store().batchWrite(ops);
    assertEquals(ops.size(), outcomes.size());
    assertTrue(outcomes.get(0).succeeded());
    for (int i = 1; i <= 4; i++) {
      assertFailed(outcomes.get(i), ErrorKind.INVALID_REQUEST);
    }
    assertTrue(outcomes.get(5).succeeded());
    assertEquals(List.of(key("a"), key("f")), keys(scanAll(t)));
  }

  private static void assertFailed(WriteOutcome outcome, ErrorKind kind) {
    assertFalse(outcome.succeeded(), () -> "operation on " + outcome.op().key() + " succeeded");
    StoreException e = outcome.error().orElseThrow();
    assertEquals(kind, e.kind(), e::getMessage);
    assertEquals(kind.retryableByDefault(), e.retryable(), e::getMessage);
  }

  // -------------------------------------------------------------------------------- scans

  /** Rows ("a".."e") x (1..3) in a table of (STRING, INTEGER), attributes x and y. */
  private TableSpec gridTable(String hint) {
    TableSpec t = newTable(hint, stringColumn("pk"), integerColumn("n"));
    List<Row> rows = new ArrayList<>();
    for (String s : List.of("a", "b", "c", "d", "e")) {
      for (long n = 1; n <= 3; n++) {
        rows.add(row(key(s, n), "x", AttrValue.ofString(s + n), "y", AttrValue.ofInteger(n)));
      }
    }
    putAll(t.name(), rows);
    return t;
  }

  @Test
  public void scanReturnsEveryRowInKeyOrder() {
    TableSpec t = gridTable("scan_all");
    List<Row> rows = scanAll(t);
    assertEquals(15, rows.size());
    assertEquals(key("a", 1L), rows.get(0).key());
    assertEquals(key("e", 3L), rows.get(14).key());
    assertEquals(
        Map.of("x", AttrValue.ofString("c2"), "y", AttrValue.ofInteger(2)), rows.get(7).columns());
    for (int i = 1; i < rows.size(); i++) {
      assertTrue(rows.get(i - 1).key().compareTo(rows.get(i).key()) < 0, "ascending at " + i);
    }
  }

  @Test
  public void scanIncludesItsStartAndExcludesItsEnd() {
    TableSpec t = gridTable("scan_bounds");
    assertEquals(
        List.of(key("b", 2L), key("b", 3L), key("c", 1L), key("c", 2L)),
        keys(scan(t.name(), ScanRange.between(key("b", 2L), key("c", 3L)))));
    // bounds that are not stored keys
    assertEquals(
        List.of(key("b", 3L), key("c", 1L)),
        keys(scan(t.name(), ScanRange.between(key("b", 3L), key("c", 2L)))));
    assertEquals(
        List.of(key("c", 1L)),
        keys(scan(t.name(), ScanRange.between(key("bz", 0L), key("c", 2L)))));
  }

  @Test
  public void scanOfAnEmptyOrInvertedRangeIsEmpty() {
    TableSpec t = gridTable("scan_empty");
    assertEquals(List.of(), scan(t.name(), ScanRange.between(key("b", 2L), key("b", 2L))));
    assertEquals(List.of(), scan(t.name(), ScanRange.between(key("c", 1L), key("b", 1L))));
    assertEquals(List.of(), scan(t.name(), ScanRange.between(key("bb", 0L), key("bc", 0L))));
    TableSpec empty = newTable("scan_empty_table", stringColumn("pk"));
    assertEquals(List.of(), scanAll(empty));
  }

  @Test
  public void scanOfAPrefixUsesInfMinAndInfMaxBounds() {
    TableSpec t = gridTable("scan_prefix");
    PrimaryKey from = PrimaryKey.bound(List.of(PkValue.ofString("c")), PkValue.INF_MIN, 2);
    PrimaryKey to = PrimaryKey.bound(List.of(PkValue.ofString("c")), PkValue.INF_MAX, 2);
    assertEquals(
        List.of(key("c", 1L), key("c", 2L), key("c", 3L)),
        keys(scan(t.name(), ScanRange.between(from, to))));
    // from the start of the table to the end of "b"
    PrimaryKey first = PrimaryKey.bound(List.of(), PkValue.INF_MIN, 2);
    PrimaryKey endOfB = PrimaryKey.bound(List.of(PkValue.ofString("b")), PkValue.INF_MAX, 2);
    assertEquals(6, scan(t.name(), ScanRange.between(first, endOfB)).size());
    // the end bound of a prefix that is only part of stored values ("c" is a prefix of "cc")
    store().put(t.name(), row(key("cc", 0L), "x", AttrValue.ofString("cc0")));
    assertEquals(
        List.of(key("c", 1L), key("c", 2L), key("c", 3L)),
        keys(scan(t.name(), ScanRange.between(from, to))));
  }

  @Test
  public void scanStopsAtItsLimit() {
    TableSpec t = gridTable("scan_limit");
    assertEquals(
        List.of(key("a", 1L), key("a", 2L), key("a", 3L), key("b", 1L)),
        keys(scan(t.name(), ScanRange.all(2).withLimit(4))));
    assertEquals(List.of(), scan(t.name(), ScanRange.all(2).withLimit(0)));
    assertEquals(15, scan(t.name(), ScanRange.all(2).withLimit(1000)).size());
  }

  @Test
  public void scanReturnsTheSelectedColumns() {
    TableSpec t = gridTable("scan_columns");
    List<Row> rows =
        scan(t.name(), ScanRange.all(2).withColumns(ColumnSelection.of("y", "absent")));
    assertEquals(15, rows.size());
    for (Row r : rows) {
      assertEquals(Map.of("y", AttrValue.ofInteger(r.key().get(1).asLong())), r.columns());
    }
  }

  @Test
  public void scanReadsLargeRangesAndCanStopEarly() {
    TableSpec t = newTable("scan_large", integerColumn("id"));
    List<Row> rows = new ArrayList<>();
    for (long i = 0; i < 1200; i++) {
      rows.add(row(key(i * 7 - 4000), "v", AttrValue.ofInteger(i)));
    }
    putAll(t.name(), rows);
    List<Row> all = scanAll(t);
    assertEquals(1200, all.size());
    for (int i = 0; i < all.size(); i++) {
      assertEquals(AttrValue.ofInteger(i), all.get(i).get("v"), "row " + i);
    }
    assertEquals(700, scan(t.name(), ScanRange.all(1).withLimit(700)).size());
    try (Stream<Row> s = store().scan(t.name(), ScanRange.all(1))) {
      Iterator<Row> it = s.iterator();
      assertEquals(key(-4000L), it.next().key());
      assertEquals(key(-3993L), it.next().key());
    }
    // the store is still fully usable after a stream closed half-read
    store().put(t.name(), row(key(-5000L), "v", AttrValue.ofInteger(-1)));
    assertEquals(key(-5000L), scan(t.name(), ScanRange.all(1).withLimit(1)).get(0).key());
  }

  // ------------------------------------------------------------------------------- limits

  @Test
  public void primaryKeyColumnsHoldUpToTheColumnLimit() {
    int max = store().limits().maxPkColumnBytes();
    TableSpec t = newTable("pk_limit", stringColumn("pk"), binaryColumn("bin"));
    byte[] okBinary = new byte[max];
    Arrays.fill(okBinary, (byte) 0xAB);
    PrimaryKey atLimit = key("k".repeat(max), okBinary);
    store().put(t.name(), row(atLimit, "v", AttrValue.ofInteger(1)));
    assertEquals(
        atLimit, store().get(t.name(), atLimit, ColumnSelection.all()).orElseThrow().key());

    // the limit counts UTF-8 bytes, not chars: max/2 two-byte characters fit, one more byte does
    // not
    if (max % 2 == 0) {
      PrimaryKey twoByte = key("\u00e9".repeat(max / 2), bytes(1));
      store().put(t.name(), row(twoByte, "v", AttrValue.ofInteger(2)));
      assertStoreError(
          ErrorKind.LIMIT_EXCEEDED,
          () ->
              store()
                  .put(
                      t.name(),
                      row(
                          key("\u00e9".repeat(max / 2) + "x", bytes(1)),
                          "v",
                          AttrValue.ofInteger(3))));
    }
    PrimaryKey longString = key("k".repeat(max + 1), bytes(1));
    PrimaryKey longBinary = key("k", new byte[max + 1]);
    assertStoreError(
        ErrorKind.LIMIT_EXCEEDED,
        () -> store().put(t.name(), row(longString, "v", AttrValue.ofInteger(4))));
    assertStoreError(
        ErrorKind.LIMIT_EXCEEDED,
        () -> store().put(t.name(), row(longBinary, "v", AttrValue.ofInteger(5))));
    assertEquals(max % 2 == 0 ? 2 : 1, scanAll(t).size(), "a rejected put writes nothing");
  }

  @Test
  public void attributesHoldUpToTheAttributeLimit() {
    int max = store().limits().maxAttributeBytes();
    TableSpec t = newTable("attr_limit", stringColumn("pk"));
    byte[] big = new byte[max];
    new Random(7).nextBytes(big);
    Row atLimit = row(key("bin"), "blob", AttrValue.ofBinary(big));
    store().put(t.name(), atLimit);
    assertEquals(Optional.of(atLimit), store().get(t.name(), key("bin"), ColumnSelection.all()));
    Row text = row(key("text"), "s", AttrValue.ofString("x".repeat(max)));
    store().put(t.name(), text);
    assertEquals(Optional.of(text), store().get(t.name(), key("text"), ColumnSelection.all()));

    assertStoreError(
        ErrorKind.LIMIT_EXCEEDED,
        () ->
            store()
                .put(
                    t.name(),
                    row(
                        key("over"),
                        "ok",
                        AttrValue.ofInteger(1),
                        "blob",
                        AttrValue.ofBinary(new byte[max + 1]))));
    // two-byte characters: one byte over the limit
    String overText = "\u00e9".repeat(max / 2) + "x";
    assertStoreError(
        ErrorKind.LIMIT_EXCEEDED,
        () -> store().put(t.name(), row(key("over2"), "s", AttrValue.ofString(overText))));
    assertEquals(
        List.of(key("bin"), key("text")), keys(scanAll(t)), "a rejected put writes nothing");
  }

  @Test
  public void aBatchHoldsUpToTheBatchRowLimit() {
    int max = store().limits().maxBatchRows();
    TableSpec ok = newTable("batch_rows_ok", integerColumn("id"));
    List<WriteOp> full = new ArrayList<>();
    for (long i = 0; i < max; i++) {
      full.add(WriteOp.put(ok.name(), row(key(i), "v", AttrValue.ofInteger(i))));
    }
    List<WriteOutcome> outcomes = store().batchWrite(full);
    assertEquals(max, outcomes.size());
    assertTrue(outcomes.stream().allMatch(WriteOutcome::succeeded));
    assertEquals(max, scanAll(ok).size());

    TableSpec over = newTable("batch_rows_over", integerColumn("id"));
    List<WriteOp> tooMany = new ArrayList<>();
    for (long i = 0; i <= max; i++) {
      tooMany.add(WriteOp.put(over.name(), row(key(i), "v", AttrValue.ofInteger(i))));
    }
    assertStoreError(ErrorKind.LIMIT_EXCEEDED, () -> store().batchWrite(tooMany));
    assertEquals(List.of(), scanAll(over), "a batch over the limit writes nothing");
  }

  @Test
  public void aBatchHoldsUpToTheBatchByteLimit() {
    StoreLimits limits = store().limits();
    TableSpec t = newTable("batch_bytes", integerColumn("id"));
    List<Row> exact = rowsOfTotalSize(limits.maxBatchBytes(), limits, 0);
    List<WriteOp> ops = exact.stream().map(r -> (WriteOp) WriteOp.put(t.name(), r)).toList();
    assertEquals(limits.maxBatchBytes(), ops.stream().mapToLong(WriteOp::sizeInBytes).sum());
    assertTrue(store().batchWrite(ops).stream().allMatch(WriteOutcome::succeeded));
    assertEquals(exact.size(), scanAll(t).size());

    TableSpec over = newTable("batch_bytes_over", integerColumn("id"));
    List<WriteOp> tooBig =
        rowsOfTotalSize(limits.maxBatchBytes() + 1, limits, 0).stream()
            .map(r -> (WriteOp) WriteOp.put(over.name(), r))
            .toList();
    assertStoreError(ErrorKind.LIMIT_EXCEEDED, () -> store().batchWrite(tooBig));
    assertEquals(List.of(), scanAll(over), "a batch over the limit writes nothing");
  }

  /** Rows of one-INTEGER keys whose sizes add up to exactly {@code total} bytes. */
  private static List<Row> rowsOfTotalSize(long total, StoreLimits limits, long firstId) {
    int perRowOverhead = 8 + 1; // an INTEGER key and the one-letter column name
    int maxValue = limits.maxAttributeBytes();
    List<Row> rows = new ArrayList<>();
    long left = total;
    long id = firstId;
    while (left > 0) {
      int value = (int) Math.min(maxValue, left - perRowOverhead);
      assertTrue(value >= 0, "batch byte limit too small for this test");
      rows.add(row(key(id++), "b", AttrValue.ofBinary(new byte[value])));
      left -= perRowOverhead + value;
    }
    assertTrue(rows.size() <= limits.maxBatchRows(), "batch byte test needs too many rows");
    return rows;
  }

  @Test
  public void aMultiGetHoldsUpToTheMultiGetLimit() {
    int max = store().limits().maxMultiGetRows();
    TableSpec t = newTable("multi_get_limit", integerColumn("id"));
    store().put(t.name(), row(key(3L), "v", AttrValue.ofInteger(3)));
    List<PrimaryKey> keys = integerKeys(max);
    List<Optional<Row>> rows = store().multiGet(t.name(), keys, ColumnSelection.all());
    assertEquals(max, rows.size());
    assertEquals(1, rows.stream().filter(Optional::isPresent).count());
    assertTrue(rows.get(3).isPresent());
    assertStoreError(
        ErrorKind.LIMIT_EXCEEDED,
        () -> store().multiGet(t.name(), integerKeys(max + 1), ColumnSelection.all()));
  }

  private static List<PrimaryKey> integerKeys(int n) {
    return IntStream.range(0, n).mapToObj(i -> key((long) i)).collect(Collectors.toList());
  }

  @Test
  public void aTableHasAtMostTheMaximumOfPrimaryKeyColumns() {
    int max = store().limits().maxPkColumns();
    List<PkColumn> columns = new ArrayList<>();
    for (int i = 0; i < max; i++) {
      columns.add(i % 2 == 0 ? stringColumn("k" + i) : integerColumn("k" + i));
    }
    TableSpec ok = newTable("pk_columns_ok", columns, List.of());
    assertEquals(columns, store().describeTable(ok.name()).orElseThrow().primaryKey());

    List<PkColumn> tooMany = new ArrayList<>(columns);
    tooMany.add(stringColumn("k" + max));
    String name = newTableName("pk_columns_over");
    assertStoreError(
        ErrorKind.LIMIT_EXCEEDED, () -> store().createTable(new TableSpec(name, tooMany)));
    assertEquals(Optional.empty(), store().describeTable(name));
  }

  @Test
  public void aRowWithoutAttributesIsRefusedWhenTheStoreRequiresOne() {
    TableSpec t = newTable("no_attributes", stringColumn("pk"));
    Row bare = Row.of(key("a"), Map.of());
    if (store().limits().requireAttribute()) {
      assertStoreError(ErrorKind.INVALID_REQUEST, () -> store().put(t.name(), bare));
      List<WriteOutcome> outcomes = store().batchWrite(List.of(WriteOp.put(t.name(), bare)));
      assertFailed(outcomes.get(0), ErrorKind.INVALID_REQUEST);
      assertEquals(List.of(), scanAll(t));
    } else {
      store().put(t.name(), bare);
      assertEquals(Optional.of(bare), store().get(t.name(), key("a"), ColumnSelection.all()));
    }
  }

  // ------------------------------------------------------------------- limits per profile

  /** Creates a fresh table of {@code profile} whose rows live {@code ttlSeconds}, dropped after. */
  protected TableSpec newTable(String hint, Profile profile, long ttlSeconds, PkColumn... key) {
    TableSpec spec =
        new TableSpec(newTableName(hint), List.of(key), List.of(), profile, ttlSeconds);
    tablesToDrop.add(spec.name());
    store().createTable(spec);
    return spec;
  }

  @Test
  public void aLindormTableRefusesARowWhoseValuesTogetherPassTwoMegabytes() {
    TableSpec t = newTable("lindorm_row", Profile.LINDORM, TableSpec.NO_TTL, stringColumn("pk"));
    int half = StoreLimits.LINDORM.maxAttributeBytes() * 3 / 4; // 1.5 MB: each value fits alone
    Row heavy =
        row(
            key("a"),
            "x",
            AttrValue.ofBinary(new byte[half]),
            "y",
            AttrValue.ofBinary(new byte[half]));
    assertTrue(half <= store().limits(Profile.LINDORM).maxAttributeBytes());

    assertStoreError(ErrorKind.LIMIT_EXCEEDED, () -> store().put(t.name(), heavy));
    // over Lindorm's 2 MB batch as well: refused as a whole, or as the one operation
    try {
      assertFailed(
          store().batchWrite(List.of(WriteOp.put(t.name(), heavy))).get(0),
          ErrorKind.LIMIT_EXCEEDED);
    } catch (StoreException e) {
      assertEquals(ErrorKind.LIMIT_EXCEEDED, e.kind());
    }
    assertEquals(Optional.empty(), store().get(t.name(), key("a"), ColumnSelection.all()));
    assertEquals(List.of(), scanAll(t));

    // one of them is a row Lindorm takes
    Row light = row(key("a"), "x", AttrValue.ofBinary(new byte[half]));
    store().put(t.name(), light);
    assertEquals(Optional.of(light), store().get(t.name(), key("a"), ColumnSelection.all()));
  }

  /**
   * A row of one STRING key column "pk" holding {@code pk} (one letter) whose put carries exactly
   * {@code bytes} ({@link Row#putSizeInBytes}): binary columns "x" and "y", each within the
   * attribute limit.
   */
  private static Row rowOfPutSize(String pk, long bytes, StoreLimits limits) {
    long left = bytes - 3 - 2; // "pk" and its value, the names "x" and "y"
    int x = (int) Math.min(limits.maxAttributeBytes(), left);
    int y = (int) (left - x);
    assertTrue(y <= limits.maxAttributeBytes(), "put limit too large for two columns");
    return row(key(pk), "x", AttrValue.ofBinary(new byte[x]), "y", AttrValue.ofBinary(new byte[y]));
  }

  /**
   * One put of a row carries at most its table's profile's put limit, as the store keeps that
   * profile (Tablestore's 4 MB on every store; a store on Tablestore keeps an HBase table to it as
   * well): a row at the limit is written, one byte more is refused alone, conditionally and in a
   * batch, and writes nothing. Profiles whose row limit binds first (Lindorm: 2 MB of values a row)
   * or whose put limit is too large to write here (HBase's 64 MB) are left to the unit tests.
   */
  @Test
  public void aPutOfARowHoldsUpToItsProfilesPutLimit() {
    int tested = 0;
    for (Profile profile : Profile.values()) {
      StoreLimits limits = store().limits(profile);
      long max = limits.maxPutBytes();
      if (limits.maxRowAttributeBytes() < max || max > 2L * limits.maxAttributeBytes() + 5) {
        continue;
      }
      tested++;
      TableSpec t = newTable("put_limit_" + profile, profile, TableSpec.NO_TTL, stringColumn("pk"));
      Row atLimit = rowOfPutSize("a", max, limits);
      assertEquals(max, atLimit.putSizeInBytes(t.primaryKey()));
      store().put(t.name(), atLimit);
      assertEquals(Optional.of(atLimit), store().get(t.name(), key("a"), ColumnSelection.all()));

      Row over = rowOfPutSize("b", max + 1, limits);
      StoreException e =
          assertStoreError(ErrorKind.LIMIT_EXCEEDED, () -> store().put(t.name(), over));
      assertTrue(e.getMessage().contains(t.name()), e.getMessage());
      assertTrue(e.getMessage().contains((max + 1) + " bytes"), e.getMessage());
      assertTrue(e.getMessage().contains("limit of " + max), e.getMessage());
      assertStoreError(
          ErrorKind.LIMIT_EXCEEDED, () -> store().put(t.name(), over, WriteCondition.rowAbsent()));
      try {
        assertFailed(
            store().batchWrite(List.of(WriteOp.put(t.name(), over))).get(0),
            ErrorKind.LIMIT_EXCEEDED);
      } catch (StoreException whole) {
        assertEquals(ErrorKind.LIMIT_EXCEEDED, whole.kind()); // over the batch's bytes as well
      }
      assertEquals(List.of(atLimit), scanAll(t), "a refused put writes nothing");
    }
    assertTrue(tested > 0, "Tablestore's 4 MB is tested on every store");
  }

  @Test
  public void anHBaseTableTakesFiveKeyColumnsWhereTheStoreCanHoldThem() {
    List<PkColumn> five = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      five.add(i % 2 == 0 ? stringColumn("k" + i) : integerColumn("k" + i));
    }
    TableSpec spec =
        new TableSpec(newTableName("hbase_five"), five, List.of(), Profile.HBASE, TableSpec.NO_TTL);
    if (!store().limits(Profile.HBASE).fitsPkColumns(5)) {
      // a service that holds fewer key columns (Tablestore: 4) keeps its own limit
      assertStoreError(ErrorKind.LIMIT_EXCEEDED, () -> store().createTable(spec));
      assertEquals(Optional.empty(), store().describeTable(spec.name()));
      return;
    }
    tablesToDrop.add(spec.name());
    store().createTable(spec);
    assertEquals(five, store().describeTable(spec.name()).orElseThrow().primaryKey());
    Row r = row(key("a", 1L, "b", 2L, "c"), "v", AttrValue.ofInteger(7));
    store().put(spec.name(), r);
    assertEquals(Optional.of(r), store().get(spec.name(), r.key(), ColumnSelection.all()));
    assertEquals(List.of(r), scanAll(spec));
  }

  @Test
  public void aTablestoreTableRefusesFiveKeyColumnsOnEveryStore() {
    List<PkColumn> five = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      five.add(stringColumn("k" + i));
    }
    TableSpec spec =
        new TableSpec(
            newTableName("tablestore_five"), five, List.of(), Profile.TABLESTORE, TableSpec.NO_TTL);
    assertStoreError(ErrorKind.LIMIT_EXCEEDED, () -> store().createTable(spec));
    assertEquals(Optional.empty(), store().describeTable(spec.name()));
  }

  /** A row of {@code columns} INTEGER attribute columns {@code c0, c1, ...}: legal names. */
  private static Row rowOfColumns(PrimaryKey key, int columns) {
    Map<String, AttrValue> out = new LinkedHashMap<>();
    for (int i = 0; i < columns; i++) {
      out.put("c" + i, AttrValue.ofInteger(i));
    }
    return Row.of(key, out);
  }

  /** The named columns {@code c0} to {@code c<columns - 1>}. */
  private static ColumnSelection columnsUpTo(int columns) {
    return ColumnSelection.of(
        IntStream.range(0, columns).mapToObj(i -> "c" + i).collect(Collectors.toSet()));
  }

  private static void assertMentions(StoreException e, Object... parts) {
    for (Object part : parts) {
      assertTrue(e.getMessage().contains(part.toString()), e.getMessage());
    }
  }

  /**
   * Tablestore's 1,024 attribute columns in one write of a row, kept by every store on a
   * Tablestore-profile table (the service fails a whole BatchWriteRow for more): 1,024 are written
   * by a put, a conditional put and a batch; 1,025 are refused, in a batch alone, and write
   * nothing. An HBase-profile table takes 1,025 where the store has no bound of its own.
   */
  @Test
  public void aTablestoreRowHoldsUpTo1024AttributeColumnsInOneWriteOnEveryStore() {
    int max = StoreLimits.TABLESTORE_MAX_ATTRIBUTE_COLUMNS;
    assertEquals(max, store().limits(Profile.TABLESTORE).maxAttributeColumns());
    TableSpec t =
        newTable("columns_per_write", Profile.TABLESTORE, TableSpec.NO_TTL, stringColumn("pk"));
    store().put(t.name(), rowOfColumns(key("a"), max));
    store().put(t.name(), rowOfColumns(key("b"), max), WriteCondition.rowAbsent());

    Row over = rowOfColumns(key("x"), max + 1);
    StoreException e =
        assertStoreError(ErrorKind.LIMIT_EXCEEDED, () -> store().put(t.name(), over));
    assertMentions(
        e, t.name(), over.key(), (max + 1) + " attribute columns", "limit of " + max, "TABLESTORE");
    assertStoreError(
        ErrorKind.LIMIT_EXCEEDED, () -> store().put(t.name(), over, WriteCondition.rowAbsent()));
    List<WriteOutcome> outcomes =
        store()
            .batchWrite(
                List.of(
                    WriteOp.put(t.name(), rowOfColumns(key("c"), max)),
                    WriteOp.put(t.name(), over),
                    WriteOp.put(t.name(), row(key("d"), "v", AttrValue.ofInteger(1)))));
    assertTrue(outcomes.get(0).succeeded(), () -> outcomes.get(0).toString());
    assertFailed(outcomes.get(1), ErrorKind.LIMIT_EXCEEDED);
    assertTrue(outcomes.get(2).succeeded(), () -> outcomes.get(2).toString());
    assertEquals(List.of(key("a"), key("b"), key("c"), key("d")), keys(scanAll(t)));
    assertEquals(
        max, store().get(t.name(), key("c"), ColumnSelection.all()).orElseThrow().columns().size());

    TableSpec h =
        newTable("columns_per_write_hbase", Profile.HBASE, TableSpec.NO_TTL, stringColumn("pk"));
    if (store().limits(Profile.HBASE).maxAttributeColumns() <= max) {
      // a store on Tablestore keeps its service's bound on a table of every profile
      assertStoreError(ErrorKind.LIMIT_EXCEEDED, () -> store().put(h.name(), over));
      return;
    }
    store().put(h.name(), over);
    store().put(h.name(), rowOfColumns(key("y"), max + 1), WriteCondition.rowAbsent());
    WriteOutcome batched =
        store().batchWrite(List.of(WriteOp.put(h.name(), rowOfColumns(key("z"), max + 1)))).get(0);
    assertTrue(batched.succeeded(), batched::toString);
    assertEquals(List.of(key("x"), key("y"), key("z")), keys(scanAll(h)));
    assertEquals(Optional.of(over), store().get(h.name(), key("x"), ColumnSelection.all()));
  }

  /**
   * Tablestore's column names ({@link ServiceNames#PATTERN}), kept by every store on a
   * Tablestore-profile table: a name the service refuses fails its put, its conditional put and its
   * batch operation alone, and writes nothing; names at the pattern's edges are written. An
   * HBase-profile table takes any name where the store has no rule of its own.
   */
  @Test
  public void aTablestoreColumnNameMustBeLegalOnEveryStore() {
    assertTrue(store().limits(Profile.TABLESTORE).serviceNamesOnly());
    TableSpec t =
        newTable("column_names", Profile.TABLESTORE, TableSpec.NO_TTL, stringColumn("pk"));
    String longest = "x".repeat(255);
    Row edges =
        row(
            key("a"),
            "_",
            AttrValue.ofInteger(1),
            "A_9",
            AttrValue.ofInteger(2),
            longest,
            AttrValue.ofInteger(3));
    store().put(t.name(), edges);
    assertEquals(Optional.of(edges), store().get(t.name(), key("a"), ColumnSelection.all()));

    for (String name : List.of("price-cents", "9lives", "caf\u00e9", "a.b", longest + "x")) {
      Row bad = row(key("x"), "v", AttrValue.ofInteger(1), name, AttrValue.ofInteger(2));
      StoreException e =
          assertStoreError(ErrorKind.INVALID_REQUEST, () -> store().put(t.name(), bad));
      assertMentions(
          e, t.name(), RuleViolationException.quote(name), ServiceNames.PATTERN, "TABLESTORE");
      assertStoreError(
          ErrorKind.INVALID_REQUEST, () -> store().put(t.name(), bad, WriteCondition.rowAbsent()));
      List<WriteOutcome> outcomes =
          store()
              .batchWrite(
                  List.of(
                      WriteOp.put(t.name(), row(key("b"), "v", AttrValue.ofInteger(1))),
                      WriteOp.put(t.name(), bad),
                      WriteOp.put(t.name(), row(key("c"), "v", AttrValue.ofInteger(1)))));
      assertTrue(outcomes.get(0).succeeded(), () -> outcomes.get(0).toString());
      assertFailed(outcomes.get(1), ErrorKind.INVALID_REQUEST);
      assertTrue(outcomes.get(2).succeeded(), () -> outcomes.get(2).toString());
      // a read that selects the name fails on the service too ("Invalid column name: '…'.")
      ColumnSelection selected = ColumnSelection.of("v", name);
      StoreException read =
          assertStoreError(
              ErrorKind.INVALID_REQUEST, () -> store().get(t.name(), key("a"), selected));
      assertMentions(read, t.name(), RuleViolationException.quote(name), ServiceNames.PATTERN);
      assertStoreError(
          ErrorKind.INVALID_REQUEST, () -> store().multiGet(t.name(), List.of(key("a")), selected));
      assertStoreError(
          ErrorKind.INVALID_REQUEST,
          () -> store().scan(t.name(), ScanRange.all(1).withColumns(selected)).count());
    }
    assertEquals(List.of(key("a"), key("b"), key("c")), keys(scanAll(t)));

    TableSpec h =
        newTable("column_names_hbase", Profile.HBASE, TableSpec.NO_TTL, stringColumn("pk"));
    Row dashed = row(key("x"), "price-cents", AttrValue.ofInteger(2));
    if (store().limits(Profile.HBASE).serviceNamesOnly()) {
      // a store on Tablestore keeps its service's names on a table of every profile
      assertStoreError(ErrorKind.INVALID_REQUEST, () -> store().put(h.name(), dashed));
      return;
    }
    store().put(h.name(), dashed);
    assertEquals(Optional.of(dashed), store().get(h.name(), key("x"), ColumnSelection.all()));
    assertEquals(
        Optional.of(dashed),
        store().get(h.name(), key("x"), ColumnSelection.of("price-cents")),
        "an HBase-profile table reads any name it writes");
  }

  /**
   * Tablestore's 128 named columns per read ({@code columns_to_get}), kept by every store on a
   * Tablestore-profile table: a get, a multi-get and a scan of 128 named columns return them, of
   * 129 are refused before reading; a read of all columns is not bounded. An HBase-profile table
   * reads 129 where the store has no bound of its own.
   */
  @Test
  public void aTablestoreReadSelectsAtMost128NamedColumnsOnEveryStore() {
    int max = StoreLimits.TABLESTORE_MAX_COLUMNS_TO_GET;
    assertEquals(max, store().limits(Profile.TABLESTORE).maxColumnsToGet());
    TableSpec t =
        newTable("columns_per_read", Profile.TABLESTORE, TableSpec.NO_TTL, stringColumn("pk"));
    Row wide = rowOfColumns(key("a"), max + 1);
    store().put(t.name(), wide);
    ColumnSelection atLimit = columnsUpTo(max);
    ColumnSelection over = columnsUpTo(max + 1);
    ScanRange all = ScanRange.all(1);
    assertEquals(max, store().get(t.name(), key("a"), atLimit).orElseThrow().columns().size());
    assertEquals(
        max,
        store()
            .multiGet(t.name(), List.of(key("a")), atLimit)
            .get(0)
            .orElseThrow()
            .columns()
            .size());
    assertEquals(max, scan(t.name(), all.withColumns(atLimit)).get(0).columns().size());

    StoreException e =
        assertStoreError(ErrorKind.LIMIT_EXCEEDED, () -> store().get(t.name(), key("a"), over));
    assertMentions(e, t.name(), (max + 1) + " columns", "limit of " + max, "TABLESTORE");
    assertStoreError(
        ErrorKind.LIMIT_EXCEEDED, () -> store().multiGet(t.name(), List.of(key("a")), over));
    assertStoreError(
        ErrorKind.LIMIT_EXCEEDED, () -> store().scan(t.name(), all.withColumns(over)).close());
    assertEquals(Optional.of(wide), store().get(t.name(), key("a"), ColumnSelection.all()));

    TableSpec h =
        newTable("columns_per_read_hbase", Profile.HBASE, TableSpec.NO_TTL, stringColumn("pk"));
    store().put(h.name(), wide);
    if (store().limits(Profile.HBASE).maxColumnsToGet() <= max) {
      // a store on Tablestore keeps its service's bound on a table of every profile
      assertStoreError(ErrorKind.LIMIT_EXCEEDED, () -> store().get(h.name(), key("a"), over));
      return;
    }
    assertEquals(Optional.of(wide), store().get(h.name(), key("a"), over));
    assertEquals(List.of(Optional.of(wide)), store().multiGet(h.name(), List.of(key("a")), over));
    assertEquals(List.of(wide), scan(h.name(), all.withColumns(over)));
  }

  /**
   * Lindorm's 2 KB for all primary-key values of a row is counted on the row key its HBase API
   * receives: the key encoded (a marker byte per column, each zero byte of a binary or text value
   * doubled, a two-byte end mark after each), not the values as given. A key of exactly 2,048
   * encoded bytes is written; one byte more is refused, alone and in a batch, and writes nothing,
   * on every store, though its values hold far less than 2 KB.
   */
  @Test
  public void aLindormKeyHoldsAtMostTwoKilobytesOfEncodedRowKey() {
    TableSpec t =
        newTable(
            "lindorm_key",
            Profile.LINDORM,
            TableSpec.NO_TTL,
            stringColumn("a"),
            stringColumn("b"),
            binaryColumn("c"));
    String text = "x".repeat(680); // 1 + 680 + 2 = 683 encoded bytes each
    // 1 + 300 zero bytes doubled + 79 others + 2 = 682: 683 + 683 + 682 = 2,048
    Row atLimit = row(key(text, text, binary(300, 79)), "v", AttrValue.ofInteger(1));
    store().put(t.name(), atLimit);
    assertEquals(List.of(atLimit), scanAll(t));

    // one more non-zero byte: 2,049 encoded bytes, from 1,740 bytes of values
    Row over = row(key(text, text, binary(300, 80)), "v", AttrValue.ofInteger(2));
    StoreException e =
        assertStoreError(ErrorKind.LIMIT_EXCEEDED, () -> store().put(t.name(), over));
    for (String part : List.of(t.name(), "2049 bytes", "encoded row key", "limit of 2048")) {
      assertTrue(e.getMessage().contains(part), e.getMessage());
    }
    assertStoreError(
        ErrorKind.LIMIT_EXCEEDED, () -> store().put(t.name(), over, WriteCondition.rowAbsent()));
    assertFailed(
        store().batchWrite(List.of(WriteOp.put(t.name(), over))).get(0), ErrorKind.LIMIT_EXCEEDED);
    // the same key one zero byte longer is over too: each zero counts twice
    Row zero = row(key(text, text, binary(301, 78)), "v", AttrValue.ofInteger(3));
    assertStoreError(ErrorKind.LIMIT_EXCEEDED, () -> store().put(t.name(), zero));
    assertEquals(List.of(atLimit), scanAll(t), "a refused put writes nothing");
  }

  /**
   * Lindorm's 2 MB for all non-key values of a row is counted on the cells its HBase API receives:
   * each value with its one-byte type tag, and the row-marker cell, whose value is a tag, a
   * separator and each column name followed by a separator. A row of exactly 2 MB so counted is
   * written; one byte more is refused and writes nothing, on every store.
   */
  @Test
  public void aLindormRowHoldsAtMostTwoMegabytesOfCellValues() {
    TableSpec t = newTable("lindorm_row", Profile.LINDORM, TableSpec.NO_TTL, stringColumn("pk"));
    long limit = 2L * 1024 * 1024;
    // "w": 1 + 8; the marker: 2 + ("v" 1 + 1) + ("w" 1 + 1) = 6; "v": 1 + n
    int n = (int) (limit - 9 - 6 - 1);
    Row atLimit = row(key("a"), "v", AttrValue.ofBinary(new byte[n]), "w", AttrValue.ofInteger(7));
    store().put(t.name(), atLimit);
    assertEquals(Optional.of(atLimit), store().get(t.name(), key("a"), ColumnSelection.all()));

    Row over = row(key("b"), "v", AttrValue.ofBinary(new byte[n + 1]), "w", AttrValue.ofInteger(7));
    StoreException e =
        assertStoreError(ErrorKind.LIMIT_EXCEEDED, () -> store().put(t.name(), over));
    for (String part :
        List.of(t.name(), (limit + 1) + " bytes", "cell values", "limit of " + limit, "'v' (")) {
      assertTrue(e.getMessage().contains(part), e.getMessage());
    }
    assertStoreError(
        ErrorKind.LIMIT_EXCEEDED, () -> store().put(t.name(), over, WriteCondition.rowAbsent()));
    // a longer column name is one more byte of row marker, no more value
    Row longerName =
        row(key("c"), "v", AttrValue.ofBinary(new byte[n]), "ww", AttrValue.ofInteger(7));
    assertStoreError(ErrorKind.LIMIT_EXCEEDED, () -> store().put(t.name(), longerName));
    assertEquals(List.of(atLimit), scanAll(t), "a refused put writes nothing");
  }

  /** {@code zeros} zero bytes, then {@code others} bytes of 7. */
  private static byte[] binary(int zeros, int others) {
    byte[] b = new byte[zeros + others];
    Arrays.fill(b, zeros, b.length, (byte) 7);
    return b;
  }

  // ------------------------------------------------------------------------- time to live

  /**
   * The clock the store reads rows' expiry from, moved by the time-to-live tests; {@code null}
   * where the store's time cannot be moved (HBase), which then runs only the describe-back tests.
   */
  protected TestClock clock() {
    return null;
  }

  /** Two days: a time to live every service accepts (Tablestore's least is one). */
  private static final long TWO_DAYS = 2 * 86_400;

  @Test
  public void aTableDescribesBackItsTimeToLiveAndProfile() {
    TableSpec t = newTable("ttl_describe", Profile.LINDORM, TWO_DAYS, stringColumn("pk"));
    TableSpec described = store().describeTable(t.name()).orElseThrow();
    assertEquals(TWO_DAYS, described.ttlSeconds());
    assertEquals(Profile.LINDORM, described.profile());

    TableSpec forever = newTable("ttl_never", stringColumn("pk"));
    assertEquals(
        TableSpec.NO_TTL, store().describeTable(forever.name()).orElseThrow().ttlSeconds());
  }

  /**
   * A table created again with another time to live (an {@code @WideTable(ttl)} changed after the
   * table was created) is refused, never silently kept as it was nor changed: a shorter time to
   * live deletes rows, a longer one keeps rows the application expects gone. The table and its rows
   * stay as they were; the same spec again passes.
   */
  @Test
  public void aTableCreatedAgainWithAnotherTimeToLiveIsRefused() {
    TableSpec t = newTable("ttl_changed", Profile.TABLESTORE, TWO_DAYS, stringColumn("pk"));
    Row row = Row.of(PrimaryKey.of(PkValue.ofString("a")), Map.of("v", AttrValue.ofInteger(1)));
    store().put(t.name(), row);

    for (long other : new long[] {3 * 86_400, TableSpec.NO_TTL}) {
      StoreException e =
          assertThrows(StoreException.class, () -> store().createTable(t.withTtlSeconds(other)));
      assertEquals(ErrorKind.TABLE_EXISTS, e.kind(), e::toString);
      assertTrue(e.getMessage().contains(t.name()), e::getMessage);
    }
    TableSpec never = newTable("ttl_added", stringColumn("pk"));
    StoreException e =
        assertThrows(
            StoreException.class, () -> store().createTable(never.withTtlSeconds(TWO_DAYS)));
    assertEquals(ErrorKind.TABLE_EXISTS, e.kind(), e::toString);

    store().createTable(t);
    assertEquals(TWO_DAYS, store().describeTable(t.name()).orElseThrow().ttlSeconds());
    assertEquals(Optional.of(row), store().get(t.name(), row.key(), ColumnSelection.all()));
  }

  @Test
  public void aTablestoreTableRefusesATimeToLiveUnderADay() {
    TableSpec spec =
        new TableSpec(
            newTableName("ttl_short"),
            List.of(stringColumn("pk")),
            List.of(),
            Profile.TABLESTORE,
            3600);
    assertStoreError(ErrorKind.INVALID_REQUEST, () -> store().createTable(spec));
    assertEquals(Optional.empty(), store().describeTable(spec.name()));
  }

  @Test
  public void expiredRowsAreNeverReadBack() {
    TestClock clock = clock();
    if (clock == null) {
      return; // the store's time cannot be moved; its service's expiry is documented
    }
    TableSpec t = newTable("ttl_reads", Profile.TABLESTORE, TWO_DAYS, stringColumn("pk"));
    Row old = row(key("a"), "v", AttrValue.ofInteger(1));
    Row kept = row(key("b"), "v", AttrValue.ofInteger(2));
    store().put(t.name(), old);
    clock.advance(java.time.Duration.ofDays(1));
    store().batchWrite(List.of(WriteOp.put(t.name(), kept)));
    assertEquals(List.of(old, kept), scanAll(t));

    clock.advance(java.time.Duration.ofDays(1)); // "a" is two days old, "b" one
    assertEquals(Optional.empty(), store().get(t.name(), key("a"), ColumnSelection.all()));
    assertEquals(
        List.of(Optional.empty(), Optional.of(kept)),
        store().multiGet(t.name(), List.of(key("a"), key("b")), ColumnSelection.all()));
    assertEquals(List.of(kept), scanAll(t));
    if (countsStoredRows()) {
      assertEquals(
          1L, store().partitionStats(t.name()).stream().mapToLong(PartitionStats::rows).sum());
    }

    // a write starts a row's time to live again
    store().put(t.name(), old);
    clock.advance(java.time.Duration.ofDays(1).plusHours(12)); // "b" expires, "a" lives
    assertEquals(List.of(old), scanAll(t));
    assertEquals(Optional.of(old), store().get(t.name(), key("a"), ColumnSelection.all()));
  }

  // ------------------------------------------------------------------------------- errors

  @Test
  public void aKeyThatDoesNotMatchTheSchemaIsInvalid() {
    TableSpec t = newTable("bad_keys", stringColumn("pk"), integerColumn("n"));
    store().put(t.name(), row(key("a", 1L), "v", AttrValue.ofInteger(1)));
    List<PrimaryKey> bad =
        List.of(
            key("a"), // too few columns
            key("a", 1L, 2L), // too many
            key(1L, "a"), // wrong types
            key("a", "1"),
            key("a", bytes(1)),
            key("a", PkValue.INF_MIN), // sentinels are for scan bounds only
            key(PkValue.INF_MAX, 1L));
    for (PrimaryKey k : bad) {
      assertStoreError(
          ErrorKind.INVALID_REQUEST,
          () -> store().put(t.name(), row(k, "v", AttrValue.ofInteger(2))));
      assertStoreError(
          ErrorKind.INVALID_REQUEST, () -> store().get(t.name(), k, ColumnSelection.all()));
      assertStoreError(ErrorKind.INVALID_REQUEST, () -> store().delete(t.name(), k));
      assertStoreError(
          ErrorKind.INVALID_REQUEST,
          () -> store().multiGet(t.name(), List.of(key("a", 1L), k), ColumnSelection.all()));
    }
    assertStoreError(
        ErrorKind.INVALID_REQUEST, () -> scan(t.name(), ScanRange.between(key("a"), key("b"))));
    assertStoreError(
        ErrorKind.INVALID_REQUEST,
        () -> scan(t.name(), ScanRange.between(key(1L, 1L), key(2L, 2L))));
    assertEquals(List.of(key("a", 1L)), keys(scanAll(t)), "nothing written, nothing deleted");
  }

  @Test
  public void aStringKeyWithAnUnpairedSurrogateIsInvalid() {
    TableSpec t = newTable("surrogate", stringColumn("pk"));
    for (String s : List.of("a\uD83D", "\uDE00b", "x\uDE00\uD83Dy")) {
      assertStoreError(
          ErrorKind.INVALID_REQUEST,
          () -> store().put(t.name(), row(key(s), "v", AttrValue.ofInteger(1))));
      assertStoreError(
          ErrorKind.INVALID_REQUEST, () -> store().get(t.name(), key(s), ColumnSelection.all()));
    }
    assertEquals(List.of(), scanAll(t));
  }

  @Test
  public void callsOnAMissingTableFailWithTableNotFound() {
    String missing = newTableName("missing");
    PrimaryKey k = key("a");
    assertEquals(Optional.empty(), store().describeTable(missing));
    assertStoreError(
        ErrorKind.TABLE_NOT_FOUND, () -> store().put(missing, row(k, "v", AttrValue.ofInteger(1))));
    assertStoreError(
        ErrorKind.TABLE_NOT_FOUND, () -> store().get(missing, k, ColumnSelection.all()));
    assertStoreError(
        ErrorKind.TABLE_NOT_FOUND,
        () -> store().multiGet(missing, List.of(k), ColumnSelection.all()));
    assertStoreError(ErrorKind.TABLE_NOT_FOUND, () -> store().delete(missing, k));
    assertStoreError(ErrorKind.TABLE_NOT_FOUND, () -> scan(missing, ScanRange.all(1)));
    assertStoreError(ErrorKind.TABLE_NOT_FOUND, () -> store().partitionStats(missing));
    store().deleteTable(missing); // dropping a missing table does nothing
    assertEquals(Optional.empty(), store().describeTable(missing));
  }

  // ---------------------------------------------------------------------------------- DDL

  @Test
  public void creatingATableTwiceWithTheSameSchemaDoesNothing() {
    TableSpec t =
        newTable("create_twice", List.of(stringColumn("pk"), integerColumn("n")), List.of());
    store().put(t.name(), row(key("a", 1L), "v", AttrValue.ofInteger(1)));
    store().createTable(t);
    TableSpec described = store().describeTable(t.name()).orElseThrow();
    assertEquals(t.name(), described.name());
    assertEquals(t.primaryKey(), described.primaryKey());
    assertEquals(List.of(key("a", 1L)), keys(scanAll(t)), "the rows are kept");
  }

  @Test
  public void creatingATableWithAnotherSchemaFailsWithTableExists() {
    TableSpec t = newTable("create_other", stringColumn("pk"));
    store().put(t.name(), row(key("a"), "v", AttrValue.ofInteger(1)));
    for (List<PkColumn> other :
        List.of(
            List.of(integerColumn("pk")),
            List.of(stringColumn("id")),
            List.of(stringColumn("pk"), integerColumn("n")))) {
      assertStoreError(
          ErrorKind.TABLE_EXISTS, () -> store().createTable(new TableSpec(t.name(), other)));
    }
    assertEquals(t.primaryKey(), store().describeTable(t.name()).orElseThrow().primaryKey());
    assertEquals(List.of(key("a")), keys(scanAll(t)));
  }

  @Test
  public void deletingATableDropsItsRows() {
    TableSpec t = newTable("drop", stringColumn("pk"));
    store().put(t.name(), row(key("a"), "v", AttrValue.ofInteger(1)));
    store().deleteTable(t.name());
    assertEquals(Optional.empty(), store().describeTable(t.name()));
    assertStoreError(
        ErrorKind.TABLE_NOT_FOUND, () -> store().get(t.name(), key("a"), ColumnSelection.all()));
    store().createTable(t);
    assertEquals(List.of(), scanAll(t), "a recreated table starts empty");
  }

  // ------------------------------------------------------------------------ backward scans

  @Test
  public void backwardScanReturnsEveryRowInDescendingKeyOrder() {
    TableSpec t = gridTable("back_all");
    List<Row> rows = scan(t.name(), ScanRange.all(2).backward());
    assertEquals(15, rows.size());
    assertEquals(key("e", 3L), rows.get(0).key());
    assertEquals(key("a", 1L), rows.get(14).key());
    assertEquals(
        Map.of("x", AttrValue.ofString("c2"), "y", AttrValue.ofInteger(2)), rows.get(7).columns());
    List<Row> forward = scanAll(t);
    Collections.reverse(forward);
    assertEquals(forward, rows);
    // a limit keeps the greatest keys
    assertEquals(
        List.of(key("e", 3L), key("e", 2L), key("e", 1L), key("d", 3L)),
        keys(scan(t.name(), ScanRange.all(2).backward().withLimit(4))));
    assertEquals(List.of(), scan(t.name(), ScanRange.all(2).backward().withLimit(0)));
    List<Row> selected =
        scan(t.name(), ScanRange.all(2).backward().withColumns(ColumnSelection.of("y", "absent")));
    assertEquals(15, selected.size());
    for (Row r : selected) {
      assertEquals(Map.of("y", AttrValue.ofInteger(r.key().get(1).asLong())), r.columns());
    }
  }

  @Test
  public void backwardScanIncludesItsStartAndExcludesItsEnd() {
    TableSpec t = gridTable("back_bounds");
    // both bounds stored keys: the end row is left out, the start row comes last
    assertEquals(
        List.of(key("c", 2L), key("c", 1L), key("b", 3L), key("b", 2L)),
        keys(scan(t.name(), ScanRange.between(key("b", 2L), key("c", 3L)).backward())));
    assertEquals(
        List.of(key("c", 2L)),
        keys(scan(t.name(), ScanRange.between(key("c", 2L), key("c", 3L)).backward())));
    // limits that end right before, at and after the start row
    ScanRange range = ScanRange.between(key("b", 2L), key("c", 3L)).backward();
    assertEquals(List.of(key("c", 2L)), keys(scan(t.name(), range.withLimit(1))));
    assertEquals(
        List.of(key("c", 2L), key("c", 1L), key("b", 3L)),
        keys(scan(t.name(), range.withLimit(3))));
    assertEquals(4, scan(t.name(), range.withLimit(4)).size());
    assertEquals(4, scan(t.name(), range.withLimit(5)).size());
    // bounds that are not stored keys
    assertEquals(
        List.of(key("c", 1L), key("b", 3L)),
        keys(scan(t.name(), ScanRange.between(key("b", 3L), key("c", 2L)).backward())));
    assertEquals(
        List.of(key("c", 1L)),
        keys(scan(t.name(), ScanRange.between(key("bz", 0L), key("c", 2L)).backward())));
    // the start row without any selected column is no row of the scan
    store().put(t.name(), row(key("b", 1L), "z", AttrValue.ofInteger(0)));
    assertEquals(
        List.of(key("b", 2L)),
        keys(
            scan(
                t.name(),
                ScanRange.between(key("b", 1L), key("b", 3L))
                    .backward()
                    .withColumns(ColumnSelection.of("y")))));
  }

  @Test
  public void backwardScanOfAnEmptyOrInvertedRangeIsEmpty() {
    TableSpec t = gridTable("back_empty");
    assertEquals(
        List.of(), scan(t.name(), ScanRange.between(key("b", 2L), key("b", 2L)).backward()));
    assertEquals(
        List.of(), scan(t.name(), ScanRange.between(key("c", 1L), key("b", 1L)).backward()));
    assertEquals(
        List.of(), scan(t.name(), ScanRange.between(key("bb", 0L), key("bc", 0L)).backward()));
    TableSpec empty = newTable("back_empty_table", stringColumn("pk"));
    assertEquals(List.of(), scan(empty.name(), ScanRange.all(1).backward()));
  }

  @Test
  public void backwardScanOfAPrefixUsesInfMinAndInfMaxBounds() {
    TableSpec t = gridTable("back_prefix");
    PrimaryKey from = PrimaryKey.bound(List.of(PkValue.ofString("c")), PkValue.INF_MIN, 2);
    PrimaryKey to = PrimaryKey.bound(List.of(PkValue.ofString("c")), PkValue.INF_MAX, 2);
    store().put(t.name(), row(key("cc", 0L), "x", AttrValue.ofString("cc0")));
    assertEquals(
        List.of(key("c", 3L), key("c", 2L), key("c", 1L)),
        keys(scan(t.name(), ScanRange.between(from, to).backward())));
    assertEquals(
        List.of(key("c", 3L)),
        keys(scan(t.name(), ScanRange.between(from, to).backward().withLimit(1))));
    // INF on one side, a stored key on the other
    PrimaryKey first = PrimaryKey.bound(List.of(), PkValue.INF_MIN, 2);
    PrimaryKey last = PrimaryKey.bound(List.of(), PkValue.INF_MAX, 2);
    assertEquals(
        List.of(key("a", 3L), key("a", 2L), key("a", 1L)),
        keys(scan(t.name(), ScanRange.between(first, key("b", 1L)).backward())));
    assertEquals(
        List.of(key("e", 3L), key("e", 2L)),
        keys(scan(t.name(), ScanRange.between(key("e", 2L), last).backward())));
    // the end of "b" (INF_MAX) down to the start of the table
    PrimaryKey endOfB = PrimaryKey.bound(List.of(PkValue.ofString("b")), PkValue.INF_MAX, 2);
    List<PrimaryKey> upToB = keys(scan(t.name(), ScanRange.between(first, endOfB).backward()));
    assertEquals(6, upToB.size());
    assertEquals(key("b", 3L), upToB.get(0));
  }

  @Test
  public void backwardScanPagesAcrossPartitions() {
    List<PkValue> splits =
        List.of(PkValue.ofInteger(-100), PkValue.ofInteger(0), PkValue.ofInteger(100));
    TableSpec t = newTable("back_pages", List.of(integerColumn("id"), stringColumn("s")), splits);
    List<Row> rows = new ArrayList<>();
    for (long i = -600; i < 600; i += 1) {
      rows.add(row(key(i, "k" + (i & 3)), "v", AttrValue.ofInteger(i)));
    }
    putAll(t.name(), rows);
    List<Row> reversed = new ArrayList<>(rows);
    Collections.reverse(reversed);
    assertEquals(keys(reversed), keys(scan(t.name(), ScanRange.all(2).backward())));
    assertEquals(
        keys(reversed.subList(0, 700)),
        keys(scan(t.name(), ScanRange.all(2).backward().withLimit(700))));
    // from inside one partition across two split points, the start a split point itself
    ScanRange across = ScanRange.between(key(-100L, "k0"), key(150L, "k2")).backward();
    List<PrimaryKey> want = new ArrayList<>();
    for (Row r : reversed) {
      if (across.contains(r.key())) {
        want.add(r.key());
      }
    }
    assertEquals(want, keys(scan(t.name(), across)));
    assertEquals(want.subList(0, 120), keys(scan(t.name(), across.withLimit(120))));
    try (Stream<Row> s = store().scan(t.name(), ScanRange.all(2).backward())) {
      Iterator<Row> it = s.iterator();
      assertEquals(key(599L, "k3"), it.next().key());
      assertEquals(key(598L, "k2"), it.next().key());
    }
  }

  @Test
  public void randomBackwardScansAreTheReversedForwardScans() {
    long seed = Long.getLong(SEED_PROPERTY, DEFAULT_SEED) ^ 0x5eed;
    String replay =
        "seed "
            + (seed ^ 0x5eed)
            + " (replay with -D"
            + SEED_PROPERTY
            + "="
            + (seed ^ 0x5eed)
            + ")";
    Random random = new Random(seed);
    TableSpec t =
        newTable(
            "back_property",
            List.of(stringColumn("s"), integerColumn("i"), binaryColumn("b")),
            List.of(PkValue.ofString("b"), PkValue.ofString("\u00e9")));
    TreeSet<PrimaryKey> expected = new TreeSet<>();
    while (expected.size() < 300) {
      expected.add(key(randomString(random), randomLong(random), randomBytes(random)));
    }
    List<Row> rows = new ArrayList<>();
    for (PrimaryKey k : expected) {
      rows.add(
          random.nextInt(5) == 0
              ? row(k, "w", AttrValue.ofInteger(1))
              : row(k, "v", AttrValue.ofString(k.toString())));
    }
    Collections.shuffle(rows, random);
    putAll(t.name(), rows);

    List<PrimaryKey> sorted = new ArrayList<>(expected);
    for (int round = 0; round < 30; round++) {
      PrimaryKey a = sorted.get(random.nextInt(sorted.size()));
      PrimaryKey b = sorted.get(random.nextInt(sorted.size()));
      PrimaryKey start =
          switch (random.nextInt(3)) {
            case 0 -> a;
            case 1 -> prefixBound(a, PkValue.INF_MIN, random);
            default -> prefixBound(a, PkValue.INF_MAX, random);
          };
      PrimaryKey end =
          switch (random.nextInt(3)) {
            case 0 -> b;
            case 1 -> prefixBound(b, PkValue.INF_MIN, random);
            default -> prefixBound(b, PkValue.INF_MAX, random);
          };
      long limit = random.nextInt(3) == 0 ? Long.MAX_VALUE : random.nextInt(40);
      ScanRange forward = ScanRange.between(start, end);
      if (random.nextInt(4) == 0) {
        forward = forward.withColumns(ColumnSelection.of("v"));
      }
      List<Row> want = scan(t.name(), forward);
      Collections.reverse(want);
      if (want.size() > limit) {
        want = want.subList(0, (int) limit);
      }
      ScanRange backward = forward.backward().withLimit(limit);
      int r = round;
      assertEquals(
          want,
          scan(t.name(), backward),
          () ->
              "backward scan "
                  + r
                  + " ["
                  + start
                  + ", "
                  + end
                  + ") limit "
                  + limit
                  + ", "
                  + replay);
    }
  }

  // --------------------------------------------------------------------------- partitions

  @Test
  public void splitPointsMakeThePartitions() {
    TableSpec plain = newTable("one_partition", stringColumn("pk"));
    List<PartitionStats> one = store().partitionStats(plain.name());
    assertEquals(1, one.size());
    assertEquals(0, one.get(0).index());
    assertNull(one.get(0).start());
    assertNull(one.get(0).end());

    List<PkValue> splits =
        List.of(PkValue.ofString("4"), PkValue.ofString("8"), PkValue.ofString("c"));
    TableSpec t = newTable("split", List.of(stringColumn("pk")), splits);
    List<PartitionStats> stats = store().partitionStats(t.name());
    assertEquals(4, stats.size());
    List<PkValue> starts = new ArrayList<>();
    List<PkValue> ends = new ArrayList<>();
    for (int i = 0; i < stats.size(); i++) {
      assertEquals(i, stats.get(i).index());
      starts.add(stats.get(i).start());
      ends.add(stats.get(i).end());
    }
    assertEquals(Arrays.asList(null, splits.get(0), splits.get(1), splits.get(2)), starts);
    assertEquals(Arrays.asList(splits.get(0), splits.get(1), splits.get(2), null), ends);
  }

  /**
   * Whether {@link WideTableStore#partitionStats} gives exact stored rows and bytes per partition.
   * Services that keep no such count (HBase, Tablestore) report -1 rows.
   */
  protected boolean countsStoredRows() {
    return true;
  }

  /** Without exact counts: whether stored bytes are reported at all (possibly coarse), or -1. */
  protected boolean reportsStoredBytes() {
    return true;
  }

  @Test
  public void writesAndReadsLandInTheirPartition() {
    List<PkValue> splits =
        List.of(PkValue.ofInteger(-100), PkValue.ofInteger(0), PkValue.ofInteger(100));
    TableSpec t =
        newTable("partition_writes", List.of(integerColumn("id"), stringColumn("s")), splits);
    // per partition: 3, 0, 5 and 1 rows; keys equal to a split point open its partition
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
    assertEquals(
        List.of(3L, 0L, 6L, 1L),
        stats.stream().map(PartitionStats::writeRows).toList(),
        "writeRows");
    assertTrue(stats.get(2).writtenBytes() > stats.get(0).writtenBytes());
    List<Long> unknown = List.of(-1L, -1L, -1L, -1L);
    if (countsStoredRows()) {
      assertEquals(
          List.of(3L, 0L, 4L, 1L), stats.stream().map(PartitionStats::rows).toList(), "rows");
      assertEquals(0, stats.get(1).storedBytes());
      assertTrue(stats.get(3).storedBytes() > 0);
    } else {
      assertEquals(unknown, stats.stream().map(PartitionStats::rows).toList(), "rows");
      if (reportsStoredBytes()) {
        assertEquals(0, stats.get(1).storedBytes());
        assertTrue(stats.get(3).storedBytes() >= 0); // coarse: a few rows may round to 0
      } else {
        assertEquals(
            unknown, stats.stream().map(PartitionStats::storedBytes).toList(), "storedBytes");
      }
    }

    assertEquals(8, scanAll(t).size());
    store().get(t.name(), key(100L, "r0"), ColumnSelection.all());
    List<PartitionStats> after = store().partitionStats(t.name());
    assertEquals(
        List.of(3L, 0L, 4L, 2L), after.stream().map(PartitionStats::readRows).toList(), "readRows");

    // each row charged to its own partition in either direction, across the partitions' bounds
    try (Stream<Row> backward =
        store().scan(t.name(), ScanRange.all(t.primaryKey().size()).backward())) {
      assertEquals(8, backward.count());
    }
    assertEquals(
        List.of(6L, 0L, 8L, 3L),
        store().partitionStats(t.name()).stream().map(PartitionStats::readRows).toList(),
        "readRows after a backward scan");
  }

  /**
   * A read counts each row returned to the caller, as the embedded store counts: a key a multi-get
   * names twice reads twice, and a scan stream closed early counts only the rows it returned.
   */
  @Test
  public void readsCountTheRowsReturned() {
    TableSpec t = newTable("read_counts", integerColumn("id"));
    List<Row> rows = new ArrayList<>();
    for (long id = 0; id < 20; id++) {
      rows.add(row(key(id), "v", AttrValue.ofInteger(id)));
    }
    putAll(t.name(), rows);
    long before = readRows(t);

    List<Optional<Row>> found =
        store().multiGet(t.name(), List.of(key(1L), key(1L), key(99L)), ColumnSelection.all());
    assertEquals(3, found.size());
    assertEquals(before + 2, readRows(t), "a read per row returned by the multi-get");

    try (Stream<Row> scan = store().scan(t.name(), ScanRange.all(1))) {
      assertEquals(3, scan.limit(3).count());
    }
    assertEquals(before + 5, readRows(t), "a read per row returned by the scan");
  }

  private long readRows(TableSpec t) {
    return store().partitionStats(t.name()).stream().mapToLong(PartitionStats::readRows).sum();
  }

  // --------------------------------------------------------------------- conditional writes

  private static final AttrValue ONE = AttrValue.ofInteger(1);
  private static final AttrValue TWO = AttrValue.ofInteger(2);

  /** Puts {@code row} under {@code condition} and asserts CONDITION_FAILED, not retryable. */
  private StoreException assertConditionFails(String table, Row row, WriteCondition condition) {
    StoreException e =
        assertStoreError(ErrorKind.CONDITION_FAILED, () -> store().put(table, row, condition));
    assertFalse(e.retryable(), e::getMessage);
    return e;
  }

  private Optional<Row> stored(TableSpec t, PrimaryKey key) {
    return store().get(t.name(), key, ColumnSelection.all());
  }

  /**
   * A row computed from the stored one ({@link WideTableStore#computeRow}): where a store offers
   * it, the computation sees the row as stored (absent, or its selected columns; a row with none of
   * them present and empty), its answer replaces the row whole, {@code null} writes nothing, and
   * concurrent computations lose no update; where it does not, it is refused, not retryable, and
   * nothing is written.
   */
  @Test
  public void aComputedRowIsWrittenAtomicallyWhereOfferedAndRefusedElsewhere() throws Exception {
    TableSpec t = newTable("computed", stringColumn("pk"));
    PrimaryKey k = key("k");
    if (!store().computesRows()) {
      StoreException e =
          assertStoreError(
              ErrorKind.UNSUPPORTED,
              () -> store().computeRow(t.name(), k, ColumnSelection.all(), s -> row(k, "n", ONE)));
      assertFalse(e.retryable(), e::getMessage);
      assertEquals(Optional.empty(), stored(t, k));
      return;
    }
    List<Optional<Row>> seen = new ArrayList<>();
    store()
        .computeRow(
            t.name(),
            k,
            ColumnSelection.of("n"),
            s -> {
              seen.add(s);
              return row(k, "n", ONE);
            });
    assertEquals(Optional.empty(), seen.get(seen.size() - 1), "absent: handed over empty");
    assertEquals(Optional.of(row(k, "n", ONE)), stored(t, k));
    Optional<Row> read =
        store().computeRow(t.name(), k, ColumnSelection.of("n"), s -> row(k, "other", TWO));
    assertEquals(Optional.of(row(k, "n", ONE)), read);
    assertEquals(Optional.of(row(k, "other", TWO)), stored(t, k), "replaced whole");
    Optional<Row> none = store().computeRow(t.name(), k, ColumnSelection.of("n"), s -> null);
    assertEquals(Optional.of(Row.of(k, Map.of())), none, "present with none of the columns");
    assertEquals(Optional.of(row(k, "other", TWO)), stored(t, k), "null writes nothing");

    PrimaryKey counter = key("counter");
    int threads = 4;
    int each = 250;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        done.add(
            pool.submit(
                () -> {
                  for (int n = 0; n < each; n++) {
                    store()
                        .computeRow(
                            t.name(),
                            counter,
                            ColumnSelection.of("n"),
                            s ->
                                row(
                                    counter,
                                    "n",
                                    AttrValue.ofInteger(
                                        s.map(r -> r.get("n").asLong()).orElse(0L) + 1)));
                  }
                }));
      }
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(
        threads * each, stored(t, counter).orElseThrow().get("n").asLong(), "no lost update");
  }

  /**
   * A row deleted and handed back ({@link WideTableStore#getAndDelete}): where a store computes
   * rows, the row is deleted and handed back as a computation is handed it (absent; its selected
   * columns; present with none), and deleters racing for one row take it once between them; where
   * it does not, it is refused, not retryable, and nothing is deleted.
   */
  @Test
  public void aRowIsDeletedAndHandedBackWhereOfferedAndRefusedElsewhere() throws Exception {
    TableSpec t = newTable("handed_back", stringColumn("pk"));
    PrimaryKey k = key("k");
    store().put(t.name(), row(k, "n", ONE));
    if (!store().computesRows()) {
      StoreException e =
          assertStoreError(
              ErrorKind.UNSUPPORTED,
              () -> store().getAndDelete(t.name(), k, ColumnSelection.all()));
      assertFalse(e.retryable(), e::getMessage);
      assertEquals(Optional.of(row(k, "n", ONE)), stored(t, k), "nothing deleted");
      return;
    }
    assertEquals(
        Optional.of(row(k, "n", ONE)), store().getAndDelete(t.name(), k, ColumnSelection.of("n")));
    assertEquals(Optional.empty(), stored(t, k));
    assertEquals(Optional.empty(), store().getAndDelete(t.name(), k, ColumnSelection.all()));
    store().put(t.name(), row(k, "other", TWO));
    assertEquals(
        Optional.of(Row.of(k, Map.of())),
        store().getAndDelete(t.name(), k, ColumnSelection.of("n")),
        "present with none of the columns, and deleted");
    assertEquals(Optional.empty(), stored(t, k));

    int threads = 4;
    int rounds = 200;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      for (int round = 0; round < rounds; round++) {
        store().put(t.name(), row(k, "n", AttrValue.ofInteger(round)));
        List<Future<Optional<Row>>> racing = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
          racing.add(pool.submit(() -> store().getAndDelete(t.name(), k, ColumnSelection.all())));
        }
        List<Row> taken = new ArrayList<>();
        for (Future<Optional<Row>> f : racing) {
          f.get(60, TimeUnit.SECONDS).ifPresent(taken::add);
        }
        assertEquals(
            List.of(row(k, "n", AttrValue.ofInteger(round))), taken, "round " + round + ": once");
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  public void anInsertAppliesToAnAbsentRowAndFailsOnAPresentOne() {
    TableSpec t = newTable("cond_insert", stringColumn("pk"));
    Row first = row(key("a"), "v", ONE);
    store().put(t.name(), first, WriteCondition.rowAbsent());
    assertEquals(Optional.of(first), stored(t, key("a")));

    StoreException e =
        assertConditionFails(t.name(), row(key("a"), "v", TWO), WriteCondition.rowAbsent());
    assertEquals(Optional.of(first), stored(t, key("a")), "a failed insert writes nothing");
    assertTrue(e.getMessage().contains(t.name()), e::getMessage);
    assertTrue(e.getMessage().contains("\"a\""), e::getMessage);
    assertTrue(e.getMessage().contains(WriteCondition.rowAbsent().toString()), e::getMessage);
  }

  @Test
  public void anUpdateAppliesToAPresentRowAndFailsOnAnAbsentOne() {
    TableSpec t = newTable("cond_update", stringColumn("pk"));
    assertConditionFails(t.name(), row(key("a"), "v", ONE), WriteCondition.rowPresent());
    assertEquals(Optional.empty(), stored(t, key("a")), "a failed update creates no row");

    store().put(t.name(), row(key("a"), "v", ONE));
    Row updated = row(key("a"), "w", TWO);
    store().put(t.name(), updated, WriteCondition.rowPresent());
    assertEquals(Optional.of(updated), stored(t, key("a")), "an update replaces the whole row");
  }

  @Test
  public void aColumnConditionAppliesOnlyWhenTheStoredColumnEqualsTheExpectedValue() {
    TableSpec t = newTable("cond_column", stringColumn("pk"));
    Row v1 = row(key("a"), "version", ONE, "data", AttrValue.ofString("x"));
    store().put(t.name(), v1);

    // mismatch
    Row v2 = row(key("a"), "version", TWO, "data", AttrValue.ofString("y"));
    StoreException e =
        assertConditionFails(t.name(), v2, WriteCondition.columnEquals("version", TWO));
    assertTrue(e.getMessage().contains("version"), e::getMessage);
    assertEquals(Optional.of(v1), stored(t, key("a")));
    // a column the row does not hold never equals anything
    assertConditionFails(t.name(), v2, WriteCondition.columnEquals("other", ONE));
    // same value, another type: "1" is not 1, and 1.0 is not 1
    assertConditionFails(
        t.name(), v2, WriteCondition.columnEquals("version", AttrValue.ofString("1")));
    assertConditionFails(
        t.name(), v2, WriteCondition.columnEquals("version", AttrValue.ofDouble(1.0)));
    assertEquals(Optional.of(v1), stored(t, key("a")), "no failed condition wrote anything");

    // match
    store().put(t.name(), v2, WriteCondition.columnEquals("version", ONE));
    assertEquals(Optional.of(v2), stored(t, key("a")));
    // the condition reads the stored row, not the one written: version is 2 now
    assertConditionFails(t.name(), v1, WriteCondition.columnEquals("version", ONE));
    assertEquals(Optional.of(v2), stored(t, key("a")));
  }

  /**
   * {@code columnEqualsOrLeftover} may differ from {@code columnEquals} only over a column the
   * latest put omitted (a store that keeps older cells); over the columns of the latest put, and
   * over a missing row, every store checks it exactly as {@code columnEquals}.
   */
  @Test
  public void aColumnOrLeftoverConditionOverTheLatestPutsColumnsIsAColumnCondition() {
    TableSpec t = newTable("cond_column_or_leftover", stringColumn("pk"));
    Row v2 = row(key("a"), "version", TWO, "data", AttrValue.ofString("y"));
    assertConditionFails(t.name(), v2, WriteCondition.columnEqualsOrLeftover("version", ONE));
    assertEquals(Optional.empty(), stored(t, key("a")));
    Row v1 = row(key("a"), "version", ONE, "data", AttrValue.ofString("x"));
    store().put(t.name(), v1);
    for (WriteCondition refused :
        List.of(
            WriteCondition.columnEqualsOrLeftover("version", TWO),
            WriteCondition.columnEqualsOrLeftover("version", AttrValue.ofString("1")),
            WriteCondition.columnEqualsOrLeftover("other", ONE))) {
      assertConditionFails(t.name(), v2, refused);
    }
    assertEquals(Optional.of(v1), stored(t, key("a")), "no failed condition wrote anything");
    store().put(t.name(), v2, WriteCondition.columnEqualsOrLeftover("version", ONE));
    assertEquals(Optional.of(v2), stored(t, key("a")));
    assertConditionFails(t.name(), v1, WriteCondition.columnEqualsOrLeftover("version", ONE));
    assertEquals(Optional.of(v2), stored(t, key("a")));
  }

  @Test
  public void aColumnConditionOnAMissingRowFails() {
    TableSpec t = newTable("cond_column_missing_row", stringColumn("pk"));
    assertConditionFails(
        t.name(), row(key("a"), "version", ONE), WriteCondition.columnEquals("version", ONE));
    assertEquals(Optional.empty(), stored(t, key("a")));
  }

  @Test
  public void columnConditionsCompareEveryAttributeType() {
    TableSpec t = newTable("cond_types", stringColumn("pk"));
    Map<String, AttrValue> values = new LinkedHashMap<>();
    values.put("s", AttrValue.ofString("text \u00e9\u4e2d"));
    values.put("i", AttrValue.ofInteger(-7));
    values.put("d", AttrValue.ofDouble(2.5));
    values.put("b", AttrValue.ofBoolean(true));
    values.put("x", AttrValue.ofBinary(bytes(0, 0xff, 0x80)));
    Row stored = Row.of(key("a"), values);
    store().put(t.name(), stored);
    for (Map.Entry<String, AttrValue> e : values.entrySet()) {
      Row next = row(key("a"), e.getKey(), e.getValue(), "touched", AttrValue.ofString(e.getKey()));
      store().put(t.name(), next, WriteCondition.columnEquals(e.getKey(), e.getValue()));
      assertEquals(Optional.of(next), stored(t, key("a")), "condition on " + e.getKey());
      store().put(t.name(), stored);
    }
    assertConditionFails(
        t.name(), stored, WriteCondition.columnEquals("x", AttrValue.ofBinary(bytes(0, 0xff))));
    assertConditionFails(
        t.name(), stored, WriteCondition.columnEquals("b", AttrValue.ofBoolean(false)));
  }

  @Test
  public void noConditionIsAnUnconditionalPut() {
    TableSpec t = newTable("cond_none", stringColumn("pk"));
    store().put(t.name(), row(key("a"), "v", ONE), WriteCondition.none());
    store().put(t.name(), row(key("a"), "v", TWO), WriteCondition.none());
    assertEquals(Optional.of(row(key("a"), "v", TWO)), stored(t, key("a")));
  }

  @Test
  public void aConditionOnAPrimaryKeyColumnIsInvalid() {
    TableSpec t = newTable("cond_on_key", stringColumn("pk"));
    store().put(t.name(), row(key("a"), "v", ONE));
    assertStoreError(
        ErrorKind.INVALID_REQUEST,
        () ->
            store()
                .put(
                    t.name(),
                    row(key("a"), "v", TWO),
                    WriteCondition.columnEquals("pk", AttrValue.ofString("a"))));
    assertEquals(Optional.of(row(key("a"), "v", ONE)), stored(t, key("a")));
  }

  @Test
  public void aBatchAppliesTheConditionsThatHoldAndFailsTheOthersAloneInOrder() {
    TableSpec t = newTable("cond_batch", stringColumn("pk"));
    store().put(t.name(), row(key("present"), "version", ONE));
    store().put(t.name(), row(key("versioned"), "version", ONE));
    List<WriteOp> ops =
        List.of(
            WriteOp.put(t.name(), row(key("new"), "v", ONE), WriteCondition.rowAbsent()),
            WriteOp.put(t.name(), row(key("present"), "v", TWO), WriteCondition.rowAbsent()),
            WriteOp.put(t.name(), row(key("missing"), "v", TWO), WriteCondition.rowPresent()),
            WriteOp.put(
                t.name(),
                row(key("versioned"), "version", TWO),
                WriteCondition.columnEquals("version", ONE)),
            WriteOp.put(
                t.name(),
                row(key("present"), "version", TWO),
                WriteCondition.columnEquals("version", TWO)),
            WriteOp.put(t.name(), row(key("plain"), "v", ONE)),
            WriteOp.put(t.name(), row(key("present"), "v", ONE), WriteCondition.rowPresent()));
    List<WriteOutcome> outcomes = store().batchWrite(ops);
    assertEquals(ops.size(), outcomes.size());
    for (int i = 0; i < ops.size(); i++) {
      assertEquals(ops.get(i), outcomes.get(i).op(), "outcome " + i + " is for operation " + i);
    }
    assertTrue(outcomes.get(0).succeeded(), () -> "insert of new: " + outcomes.get(0).failure());
    assertFailed(outcomes.get(1), ErrorKind.CONDITION_FAILED);
    assertFailed(outcomes.get(2), ErrorKind.CONDITION_FAILED);
    assertTrue(outcomes.get(3).succeeded(), () -> "versioned: " + outcomes.get(3).failure());
    assertFailed(outcomes.get(4), ErrorKind.CONDITION_FAILED);
    assertTrue(outcomes.get(5).succeeded());
    // the last one reads what was stored when it ran: present still holds version 1
    assertTrue(
        outcomes.get(6).succeeded(), () -> "update of present: " + outcomes.get(6).failure());

    assertEquals(Optional.of(row(key("new"), "v", ONE)), stored(t, key("new")));
    assertEquals(Optional.of(row(key("present"), "v", ONE)), stored(t, key("present")));
    assertEquals(Optional.empty(), stored(t, key("missing")));
    assertEquals(Optional.of(row(key("versioned"), "version", TWO)), stored(t, key("versioned")));
    assertEquals(Optional.of(row(key("plain"), "v", ONE)), stored(t, key("plain")));
  }

  @Test
  public void aBatchWritingOneRowTwiceChecksTheSecondConditionAfterTheFirstWrite() {
    TableSpec t = newTable("cond_batch_same_row", stringColumn("pk"));
    List<WriteOp> ops =
        List.of(
            WriteOp.put(t.name(), row(key("a"), "version", ONE), WriteCondition.rowAbsent()),
            WriteOp.put(t.name(), row(key("a"), "version", TWO), WriteCondition.rowAbsent()),
            WriteOp.put(
                t.name(),
                row(key("a"), "version", TWO),
                WriteCondition.columnEquals("version", ONE)));
    List<WriteOutcome> outcomes = store().batchWrite(ops);
    assertTrue(outcomes.get(0).succeeded(), () -> "first insert: " + outcomes.get(0).failure());
    assertFailed(outcomes.get(1), ErrorKind.CONDITION_FAILED);
    assertTrue(outcomes.get(2).succeeded(), () -> "update: " + outcomes.get(2).failure());
    assertEquals(Optional.of(row(key("a"), "version", TWO)), stored(t, key("a")));
  }

  // ---------------------------------------------------------- column absent (version 0)

  @Test
  public void aColumnAbsentConditionHoldsOnlyOfARowWithoutTheColumn() {
    TableSpec t = newTable("cond_column_absent", stringColumn("pk"));
    Row versioned = row(key("a"), "version", ONE, "data", AttrValue.ofString("y"));
    // no row: only the condition that allows one holds
    StoreException e =
        assertConditionFails(t.name(), versioned, WriteCondition.columnAbsent("version", false));
    assertTrue(e.getMessage().contains(t.name()), e::getMessage);
    assertTrue(e.getMessage().contains("version"), e::getMessage);
    assertEquals(Optional.empty(), stored(t, key("a")), "a failed condition creates no row");
    store().put(t.name(), versioned, WriteCondition.columnAbsent("version", true));
    assertEquals(Optional.of(versioned), stored(t, key("a")));

    // a row that holds the column, of any type, meets neither
    for (AttrValue held : List.of(ONE, AttrValue.ofString(""), AttrValue.ofBinary(bytes()))) {
      Row holding = row(key("a"), "version", held, "data", AttrValue.ofString("x"));
      store().put(t.name(), holding);
      assertConditionFails(t.name(), versioned, WriteCondition.columnAbsent("version", true));
      assertConditionFails(t.name(), versioned, WriteCondition.columnAbsent("version", false));
      assertEquals(Optional.of(holding), stored(t, key("a")), "no failed condition wrote");
    }

    // a row without it (written before the column existed) meets both, and only once
    Row legacy = row(key("a"), "data", AttrValue.ofString("old"));
    store().put(t.name(), legacy);
    store().put(t.name(), versioned, WriteCondition.columnAbsent("version", false));
    assertEquals(Optional.of(versioned), stored(t, key("a")));
    assertConditionFails(t.name(), versioned, WriteCondition.columnAbsent("version", true));
    store().put(t.name(), legacy);
    store().put(t.name(), versioned, WriteCondition.columnAbsent("version", true));
    assertEquals(Optional.of(versioned), stored(t, key("a")));
  }

  @Test
  public void aColumnLeftOutOfALaterPutIsAbsentToTheCondition() {
    TableSpec t = newTable("cond_column_absent_narrower", stringColumn("pk"));
    store().put(t.name(), row(key("a"), "version", TWO, "data", AttrValue.ofString("wide")));
    Row narrower = row(key("a"), "data", AttrValue.ofString("narrow"));
    store().put(t.name(), narrower); // a put replaces the whole row: version is gone
    assertEquals(Optional.of(narrower), stored(t, key("a")));

    Row next = row(key("a"), "version", ONE, "data", AttrValue.ofString("next"));
    store().put(t.name(), next, WriteCondition.columnAbsent("version", false));
    assertEquals(Optional.of(next), stored(t, key("a")));
  }

  @Test
  public void aColumnAbsentConditionNamesAnAttributeColumn() {
    TableSpec t = newTable("cond_column_absent_pk", stringColumn("pk"));
    for (boolean orRowAbsent : new boolean[] {true, false}) {
      assertStoreError(
          ErrorKind.INVALID_REQUEST,
          () ->
              store()
                  .put(
                      t.name(),
                      row(key("a"), "v", ONE),
                      WriteCondition.columnAbsent("pk", orRowAbsent)));
      assertStoreError(
          ErrorKind.INVALID_REQUEST,
          () ->
              store()
                  .put(
                      t.name(),
                      row(key("a"), "v", ONE),
                      WriteCondition.columnAbsent("", orRowAbsent)));
    }
    assertEquals(Optional.empty(), stored(t, key("a")));
  }

  @Test
  public void aBatchChecksEachColumnAbsentConditionAgainstTheRowAsItRuns() {
    TableSpec t = newTable("cond_column_absent_batch", stringColumn("pk"));
    store().put(t.name(), row(key("legacy"), "data", AttrValue.ofString("old")));
    store().put(t.name(), row(key("legacy2"), "data", AttrValue.ofString("old")));
    store().put(t.name(), row(key("versioned"), "version", ONE));
    Row v1 = row(key("new"), "version", ONE);
    List<WriteOp> ops =
        List.of(
            WriteOp.put(t.name(), v1, WriteCondition.columnAbsent("version", true)),
            WriteOp.put(
                t.name(),
                row(key("legacy"), "version", ONE),
                WriteCondition.columnAbsent("version", true)),
            WriteOp.put(
                t.name(),
                row(key("versioned"), "version", TWO),
                WriteCondition.columnAbsent("version", true)),
            WriteOp.put(
                t.name(),
                row(key("missing"), "version", ONE),
                WriteCondition.columnAbsent("version", false)),
            WriteOp.put(
                t.name(),
                row(key("legacy2"), "version", ONE),
                WriteCondition.columnAbsent("version", false)),
            // the same row again: the first put of this batch stored its version
            WriteOp.put(
                t.name(),
                row(key("new"), "version", TWO),
                WriteCondition.columnAbsent("version", true)),
            WriteOp.delete(
                t.name(), key("versioned"), WriteCondition.columnAbsent("version", false)));
    List<WriteOutcome> outcomes = store().batchWrite(ops);
    assertEquals(ops.size(), outcomes.size());
    assertTrue(outcomes.get(0).succeeded(), () -> "new: " + outcomes.get(0).failure());
    assertTrue(outcomes.get(1).succeeded(), () -> "legacy: " + outcomes.get(1).failure());
    assertFailed(outcomes.get(2), ErrorKind.CONDITION_FAILED);
    assertFailed(outcomes.get(3), ErrorKind.CONDITION_FAILED);
    assertTrue(outcomes.get(4).succeeded(), () -> "legacy2: " + outcomes.get(4).failure());
    assertFailed(outcomes.get(5), ErrorKind.CONDITION_FAILED);
    assertFailed(outcomes.get(6), ErrorKind.CONDITION_FAILED);

    assertEquals(Optional.of(v1), stored(t, key("new")));
    assertEquals(Optional.of(row(key("legacy"), "version", ONE)), stored(t, key("legacy")));
    assertEquals(Optional.of(row(key("legacy2"), "version", ONE)), stored(t, key("legacy2")));
    assertEquals(Optional.of(row(key("versioned"), "version", ONE)), stored(t, key("versioned")));
    assertEquals(Optional.empty(), stored(t, key("missing")));
  }

  @Test
  public void aDeleteWithAColumnAbsentConditionRemovesOnlyARowWithoutTheColumn() {
    TableSpec t = newTable("cond_column_absent_delete", stringColumn("pk"));
    store().put(t.name(), row(key("versioned"), "version", ONE));
    store().put(t.name(), row(key("legacy"), "data", AttrValue.ofString("old")));

    assertDeleteConditionFails(
        t.name(), key("versioned"), WriteCondition.columnAbsent("version", true));
    assertDeleteConditionFails(
        t.name(), key("missing"), WriteCondition.columnAbsent("version", false));
    store().delete(t.name(), key("legacy"), WriteCondition.columnAbsent("version", false));

    assertEquals(Optional.of(row(key("versioned"), "version", ONE)), stored(t, key("versioned")));
    assertEquals(Optional.empty(), stored(t, key("legacy")));
  }

  @Test
  public void ofConcurrentVersionZeroPutsOverARowWithoutTheColumnExactlyOneSucceeds()
      throws Exception {
    TableSpec t = newTable("cond_race_column_absent", stringColumn("pk"));
    for (int round = 0; round < 5; round++) {
      PrimaryKey k = key("k" + round);
      if (round % 2 == 0) {
        store().put(t.name(), row(k, "data", AttrValue.ofString("old"))); // else no row at all
      }
      CyclicBarrier start = new CyclicBarrier(RACERS);
      List<Callable<Boolean>> racers = new ArrayList<>();
      for (int i = 0; i < RACERS; i++) {
        Row mine = row(k, "version", ONE, "writer", AttrValue.ofInteger(i));
        racers.add(
            () -> {
              start.await();
              try {
                store().put(t.name(), mine, WriteCondition.columnAbsent("version", true));
                return true;
              } catch (StoreException e) {
                assertEquals(ErrorKind.CONDITION_FAILED, e.kind(), e::getMessage);
                return false;
              }
            });
      }
      List<Boolean> won = race(racers);
      List<Integer> winners = new ArrayList<>();
      for (int i = 0; i < won.size(); i++) {
        if (won.get(i)) {
          winners.add(i);
        }
      }
      assertEquals(1, winners.size(), "round " + round + ": winners " + winners);
      assertEquals(
          Optional.of(row(k, "version", ONE, "writer", AttrValue.ofInteger(winners.get(0)))),
          stored(t, k),
          "the stored row is the winner's");
    }
  }

  // --------------------------------------------------------------------- conditional deletes

  /** Deletes {@code key} under {@code condition} and asserts CONDITION_FAILED, not retryable. */
  private StoreException assertDeleteConditionFails(
      String table, PrimaryKey key, WriteCondition condition) {
    StoreException e =
        assertStoreError(ErrorKind.CONDITION_FAILED, () -> store().delete(table, key, condition));
    assertFalse(e.retryable(), e::getMessage);
    return e;
  }

  @Test
  public void aDeleteIfAbsentAppliesToAnAbsentRowAndFailsOnAPresentOne() {
    TableSpec t = newTable("cond_delete_absent", stringColumn("pk"));
    store().delete(t.name(), key("a"), WriteCondition.rowAbsent());
    assertEquals(Optional.empty(), stored(t, key("a")));

    Row present = row(key("a"), "v", ONE);
    store().put(t.name(), present);
    StoreException e = assertDeleteConditionFails(t.name(), key("a"), WriteCondition.rowAbsent());
    assertEquals(Optional.of(present), stored(t, key("a")), "a failed delete deletes nothing");
    assertTrue(e.getMessage().contains(t.name()), e::getMessage);
    assertTrue(e.getMessage().contains("\"a\""), e::getMessage);
    assertTrue(e.getMessage().contains(WriteCondition.rowAbsent().toString()), e::getMessage);
  }

  @Test
  public void aDeleteIfPresentAppliesToAPresentRowAndFailsOnAnAbsentOne() {
    TableSpec t = newTable("cond_delete_present", stringColumn("pk"));
    assertDeleteConditionFails(t.name(), key("a"), WriteCondition.rowPresent());
    assertEquals(Optional.empty(), stored(t, key("a")));

    store().put(t.name(), row(key("a"), "v", ONE));
    store().put(t.name(), row(key("b"), "v", ONE));
    store().delete(t.name(), key("a"), WriteCondition.rowPresent());
    assertEquals(Optional.empty(), stored(t, key("a")));
    assertEquals(Optional.of(row(key("b"), "v", ONE)), stored(t, key("b")), "only its own row");
    // deleted, the row is absent to the next condition
    assertDeleteConditionFails(t.name(), key("a"), WriteCondition.rowPresent());
  }

  @Test
  public void aDeleteWithAColumnConditionAppliesOnlyWhenTheStoredColumnEqualsTheExpectedValue() {
    TableSpec t = newTable("cond_delete_column", stringColumn("pk"));
    Row v1 = row(key("a"), "version", ONE, "data", AttrValue.ofString("x"));
    store().put(t.name(), v1);

    StoreException e =
        assertDeleteConditionFails(t.name(), key("a"), WriteCondition.columnEquals("version", TWO));
    assertTrue(e.getMessage().contains("version"), e::getMessage);
    assertDeleteConditionFails(t.name(), key("a"), WriteCondition.columnEquals("other", ONE));
    assertDeleteConditionFails(
        t.name(), key("a"), WriteCondition.columnEquals("version", AttrValue.ofString("1")));
    assertDeleteConditionFails(
        t.name(), key("a"), WriteCondition.columnEquals("version", AttrValue.ofDouble(1.0)));
    assertEquals(Optional.of(v1), stored(t, key("a")), "no failed condition deleted anything");

    store().delete(t.name(), key("a"), WriteCondition.columnEquals("version", ONE));
    assertEquals(Optional.empty(), stored(t, key("a")));
    assertDeleteConditionFails(t.name(), key("a"), WriteCondition.columnEquals("version", ONE));
  }

  /**
   * What a late commit's renewal relies on against a sweep (the repository's {@code CommitPoint}):
   * a row put again, under a new date, after a sweep's delete conditional on its old date reads
   * back; and put again before that delete lands, it makes the delete fail and stays. Both orders
   * in turn, back to back, as a paused writer and a sweeper would send them.
   */
  @Test
  public void aRowPutAgainWithANewDateOutlivesADeleteConditionalOnItsOldDate() {
    TableSpec t = newTable("cond_delete_renewed", stringColumn("pk"));
    AttrValue old = AttrValue.ofInteger(1_000);
    AttrValue renewed = AttrValue.ofInteger(2_000);
    Row first = row(key("a"), "written", old, "data", AttrValue.ofString("x"));
    Row again = row(key("a"), "written", renewed, "data", AttrValue.ofString("x"));

    // the sweep's delete first, then the renewal
    store().put(t.name(), first);
    store().delete(t.name(), key("a"), WriteCondition.columnEquals("written", old));
    store().put(t.name(), again);
    assertEquals(Optional.of(again), stored(t, key("a")), "the renewal after the delete reads");

    // the renewal first: the sweep's delete fails and the row stays
    store().put(t.name(), row(key("b"), "written", old, "data", AttrValue.ofString("x")));
    Row againB = row(key("b"), "written", renewed, "data", AttrValue.ofString("x"));
    store().put(t.name(), againB);
    assertDeleteConditionFails(t.name(), key("b"), WriteCondition.columnEquals("written", old));
    assertEquals(Optional.of(againB), stored(t, key("b")), "the late delete removed nothing");
  }

  @Test
  public void aDeleteWithoutAConditionIsAnUnconditionalDelete() {
    TableSpec t = newTable("cond_delete_none", stringColumn("pk"));
    store().put(t.name(), row(key("a"), "v", ONE));
    store().delete(t.name(), key("a"), WriteCondition.none());
    assertEquals(Optional.empty(), stored(t, key("a")));
    store().delete(t.name(), key("a"), WriteCondition.none()); // a missing row: nothing
    assertEquals(
        WriteOp.delete(t.name(), key("a")),
        WriteOp.delete(t.name(), key("a"), WriteCondition.none()));
  }

  @Test
  public void aDeleteConditionOnAPrimaryKeyColumnIsInvalid() {
    TableSpec t = newTable("cond_delete_on_key", stringColumn("pk"));
    store().put(t.name(), row(key("a"), "v", ONE));
    assertStoreError(
        ErrorKind.INVALID_REQUEST,
        () ->
            store()
                .delete(
                    t.name(),
                    key("a"),
                    WriteCondition.columnEquals("pk", AttrValue.ofString("a"))));
    List<WriteOutcome> outcomes =
        store()
            .batchWrite(
                List.of(
                    WriteOp.delete(
                        t.name(),
                        key("a"),
                        WriteCondition.columnEquals("pk", AttrValue.ofString("a")))));
    assertFailed(outcomes.get(0), ErrorKind.INVALID_REQUEST);
    assertEquals(Optional.of(row(key("a"), "v", ONE)), stored(t, key("a")));
  }

  @Test
  public void aBatchAppliesTheDeleteConditionsThatHoldAndFailsTheOthersAloneInOrder() {
    TableSpec t = newTable("cond_delete_batch", stringColumn("pk"));
    store().put(t.name(), row(key("present"), "version", ONE));
    store().put(t.name(), row(key("versioned"), "version", ONE));
    store().put(t.name(), row(key("stale"), "version", TWO));
    store().put(t.name(), row(key("kept"), "version", ONE));
    List<WriteOp> ops =
        List.of(
            WriteOp.delete(t.name(), key("present"), WriteCondition.rowPresent()),
            WriteOp.delete(t.name(), key("missing"), WriteCondition.rowPresent()),
            WriteOp.delete(t.name(), key("versioned"), WriteCondition.columnEquals("version", ONE)),
            WriteOp.delete(t.name(), key("stale"), WriteCondition.columnEquals("version", ONE)),
            WriteOp.delete(t.name(), key("kept"), WriteCondition.rowAbsent()),
            WriteOp.put(t.name(), row(key("new"), "v", ONE), WriteCondition.rowAbsent()),
            WriteOp.delete(t.name(), key("plain")),
            // the row deleted above is absent to a later operation of the same batch
            WriteOp.put(t.name(), row(key("present"), "v", TWO), WriteCondition.rowAbsent()),
            WriteOp.delete(t.name(), key("new"), WriteCondition.columnEquals("v", ONE)));
    List<WriteOutcome> outcomes = store().batchWrite(ops);
    assertEquals(ops.size(), outcomes.size());
    for (int i = 0; i < ops.size(); i++) {
      assertEquals(ops.get(i), outcomes.get(i).op(), "outcome " + i + " is for operation " + i);
    }
    assertTrue(
        outcomes.get(0).succeeded(), () -> "delete of present: " + outcomes.get(0).failure());
    assertFailed(outcomes.get(1), ErrorKind.CONDITION_FAILED);
    assertTrue(outcomes.get(2).succeeded(), () -> "versioned: " + outcomes.get(2).failure());
    assertFailed(outcomes.get(3), ErrorKind.CONDITION_FAILED);
    assertFailed(outcomes.get(4), ErrorKind.CONDITION_FAILED);
    assertTrue(outcomes.get(5).succeeded(), () -> "insert of new: " + outcomes.get(5).failure());
    assertTrue(outcomes.get(6).succeeded());
    assertTrue(outcomes.get(7).succeeded(), () -> "re-insert: " + outcomes.get(7).failure());
    assertTrue(outcomes.get(8).succeeded(), () -> "delete of new: " + outcomes.get(8).failure());

    assertEquals(Optional.of(row(key("present"), "v", TWO)), stored(t, key("present")));
    assertEquals(Optional.empty(), stored(t, key("missing")));
    assertEquals(Optional.empty(), stored(t, key("versioned")));
    assertEquals(
        Optional.of(row(key("stale"), "version", TWO)),
        stored(t, key("stale")),
        "a failed delete leaves the row untouched");
    assertEquals(Optional.of(row(key("kept"), "version", ONE)), stored(t, key("kept")));
    assertEquals(Optional.empty(), stored(t, key("new")));
  }

  @Test
  public void ofConcurrentConditionalDeletesOfOneRowExactlyOneSucceeds() throws Exception {
    TableSpec t = newTable("cond_race_delete", stringColumn("pk"));
    for (int round = 0; round < 3; round++) {
      PrimaryKey k = key("k" + round);
      store().put(t.name(), row(k, "version", ONE));
      CyclicBarrier start = new CyclicBarrier(RACERS);
      List<Callable<Boolean>> racers = new ArrayList<>();
      for (int i = 0; i < RACERS; i++) {
        racers.add(
            () -> {
              start.await();
              try {
                store().delete(t.name(), k, WriteCondition.columnEquals("version", ONE));
                return true;
              } catch (StoreException e) {
                assertEquals(ErrorKind.CONDITION_FAILED, e.kind(), e::getMessage);
                return false;
              }
            });
      }
      long winners = race(racers).stream().filter(Boolean::booleanValue).count();
      assertEquals(1, winners, "round " + round);
      assertEquals(Optional.empty(), stored(t, k));
    }
  }

  // ------------------------------------------------------------ conditions over expired rows

  /**
   * A fresh table whose rows {@link #expireRows()} makes expire, for the tests of conditions over
   * expired rows, or {@code null} where a store can do neither (the tests then do nothing). By
   * default a TABLESTORE table of two days' time to live, expired by moving {@link #clock()}; a
   * store whose time cannot be moved may give a table of a time to live of seconds instead.
   */
  protected TableSpec newExpiringTable(String hint) {
    return clock() == null
        ? null
        : newTable(hint, Profile.TABLESTORE, TWO_DAYS, stringColumn("pk"));
  }

  /** Makes every row written so far to a table of {@link #newExpiringTable} expire. */
  protected void expireRows() {
    clock().advance(java.time.Duration.ofSeconds(TWO_DAYS).plusHours(1));
  }

  /**
   * Rows written to {@code t}, one a key, then expired. Nothing reads them before the conditions
   * do: a read may purge an expired row (the embedded store does), and the conditions are to meet
   * rows the store still keeps.
   */
  private void writeThenExpire(TableSpec t, String... keys) {
    for (String k : keys) {
      store().put(t.name(), row(key(k), "version", ONE));
    }
    expireRows();
  }

  @Test
  public void aRowPastItsTimeToLiveIsAbsentToEveryCondition() {
    TableSpec t = newExpiringTable("ttl_conditions");
    if (t == null) {
      return; // the store can neither move its time nor expire a row in seconds
    }
    writeThenExpire(
        t, "insert", "update", "stale", "delete_present", "delete_stale", "delete_absent");

    // an insert over an expired row applies
    Row inserted = row(key("insert"), "version", TWO);
    store().put(t.name(), inserted, WriteCondition.rowAbsent());
    // an update of it fails, and a stale version 1 is not accepted
    assertConditionFails(t.name(), row(key("update"), "version", TWO), WriteCondition.rowPresent());
    assertConditionFails(
        t.name(), row(key("stale"), "version", TWO), WriteCondition.columnEquals("version", ONE));
    // a delete of it: the same
    assertDeleteConditionFails(t.name(), key("delete_present"), WriteCondition.rowPresent());
    assertDeleteConditionFails(
        t.name(), key("delete_stale"), WriteCondition.columnEquals("version", ONE));
    store().delete(t.name(), key("delete_absent"), WriteCondition.rowAbsent());

    assertEquals(Optional.of(inserted), stored(t, key("insert")));
    for (String k : List.of("update", "stale", "delete_present", "delete_stale", "delete_absent")) {
      assertEquals(Optional.empty(), stored(t, key(k)), k + ": a failed condition writes nothing");
    }
    assertEquals(List.of(inserted), scanAll(t), "the reads agree with the conditions");
  }

  @Test
  public void aBatchTreatsARowPastItsTimeToLiveAsAbsentToEveryCondition() {
    TableSpec t = newExpiringTable("ttl_conditions_batch");
    if (t == null) {
      return; // the store can neither move its time nor expire a row in seconds
    }
    writeThenExpire(
        t, "insert", "update", "stale", "delete_present", "delete_stale", "delete_absent");
    Row inserted = row(key("insert"), "version", TWO);
    List<WriteOp> ops =
        List.of(
            WriteOp.put(t.name(), inserted, WriteCondition.rowAbsent()),
            WriteOp.put(t.name(), row(key("update"), "version", TWO), WriteCondition.rowPresent()),
            WriteOp.put(
                t.name(),
                row(key("stale"), "version", TWO),
                WriteCondition.columnEquals("version", ONE)),
            WriteOp.delete(t.name(), key("delete_present"), WriteCondition.rowPresent()),
            WriteOp.delete(
                t.name(), key("delete_stale"), WriteCondition.columnEquals("version", ONE)),
            WriteOp.delete(t.name(), key("delete_absent"), WriteCondition.rowAbsent()));
    List<WriteOutcome> outcomes = store().batchWrite(ops);
    assertTrue(outcomes.get(0).succeeded(), () -> "insert: " + outcomes.get(0).failure());
    assertFailed(outcomes.get(1), ErrorKind.CONDITION_FAILED);
    assertFailed(outcomes.get(2), ErrorKind.CONDITION_FAILED);
    assertFailed(outcomes.get(3), ErrorKind.CONDITION_FAILED);
    assertFailed(outcomes.get(4), ErrorKind.CONDITION_FAILED);
    assertTrue(outcomes.get(5).succeeded(), () -> "delete if absent: " + outcomes.get(5).failure());
    assertEquals(List.of(inserted), scanAll(t), "the reads agree with the conditions");
  }

  /** Threads that race on the store's conditional writes. */
  private static final int RACERS = 8;

  @Test
  public void ofConcurrentInsertsOfOneKeyExactlyOneSucceeds() throws Exception {
    TableSpec t = newTable("cond_race_insert", stringColumn("pk"));
    for (int round = 0; round < 5; round++) {
      PrimaryKey k = key("k" + round);
      CyclicBarrier start = new CyclicBarrier(RACERS);
      List<Callable<Boolean>> racers = new ArrayList<>();
      for (int i = 0; i < RACERS; i++) {
        Row mine = row(k, "writer", AttrValue.ofInteger(i));
        racers.add(
            () -> {
              start.await();
              try {
                store().put(t.name(), mine, WriteCondition.rowAbsent());
                return true;
              } catch (StoreException e) {
                assertEquals(ErrorKind.CONDITION_FAILED, e.kind(), e::getMessage);
                return false;
              }
            });
      }
      List<Boolean> won = race(racers);
      List<Integer> winners = new ArrayList<>();
      for (int i = 0; i < won.size(); i++) {
        if (won.get(i)) {
          winners.add(i);
        }
      }
      assertEquals(1, winners.size(), "round " + round + ": winners " + winners);
      assertEquals(
          Optional.of(row(k, "writer", AttrValue.ofInteger(winners.get(0)))),
          stored(t, k),
          "the stored row is the winner's");
    }
  }

  @Test
  public void concurrentCompareAndSetIncrementsAreNeverLost() throws Exception {
    TableSpec t = newTable("cond_race_counter", stringColumn("pk"));
    PrimaryKey k = key("counter");
    store().put(t.name(), row(k, "n", AttrValue.ofInteger(0)));
    int attempts = 25;
    CyclicBarrier start = new CyclicBarrier(RACERS);
    List<Callable<Integer>> racers = new ArrayList<>();
    for (int i = 0; i < RACERS; i++) {
      racers.add(
          () -> {
            start.await();
            int succeeded = 0;
            for (int a = 0; a < attempts; a++) {
              AttrValue seen =
                  store().get(t.name(), k, ColumnSelection.all()).orElseThrow().get("n");
              Row next = row(k, "n", AttrValue.ofInteger(seen.asLong() + 1));
              try {
                store().put(t.name(), next, WriteCondition.columnEquals("n", seen));
                succeeded++;
              } catch (StoreException e) {
                assertEquals(ErrorKind.CONDITION_FAILED, e.kind(), e::getMessage);
              }
            }
            return succeeded;
          });
    }
    int total = race(racers).stream().mapToInt(Integer::intValue).sum();
    assertTrue(total > 0, "some increment succeeded");
    assertEquals(
        AttrValue.ofInteger(total),
        stored(t, k).orElseThrow().get("n"),
        "the counter equals the increments that succeeded");
  }

  /** Runs the callables on their own threads and returns their results in order. */
  private static <T> List<T> race(List<Callable<T>> racers) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(racers.size());
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (Callable<T> r : racers) {
        futures.add(pool.submit(r));
      }
      List<T> results = new ArrayList<>();
      for (Future<T> f : futures) {
        try {
          results.add(f.get(2, TimeUnit.MINUTES));
        } catch (ExecutionException e) {
          if (e.getCause() instanceof Error error) {
            throw error;
          }
          throw e;
        }
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }
}
