package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.repository.Tagged.Item;
import dev.widekey.runtime.repository.Tagged.Items;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Index rows under the commit point: a read through an index returns exactly the committed entities
 * whose indexed values match, whatever write was stopped where, whoever wrote concurrently; a write
 * order that commits before its index rows are stored is caught.
 */
class IndexRowsTest {
  private static final List<String> TAGS = List.of("red", "green", "blue");

  private final EmbeddedStore store = EmbeddedStore.inMemory();

  @AfterEach
  void close() {
    store.close();
  }

  private Items items(WideTableStore on, boolean cold) {
    return new Items(on, cold);
  }

  private long indexRows() {
    try (var rows = store.scan(Tagged.BY_TAG.table().name(), ScanRange.all(2))) {
      return rows.count();
    }
  }

  private List<PrimaryKey> indexKeys() {
    try (var rows = store.scan(Tagged.BY_TAG.table().name(), ScanRange.all(2))) {
      return rows.map(Row::key).toList();
    }
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void readsByIndexAndMovesTheRowWhenTheValueChanges(boolean cold) {
    Items items = items(store, cold);
    items.createTables();
    items.put(new Item(1, "red", "a", cold ? "body" : null));
    items.put(new Item(2, "red", "b", null));
    items.put(new Item(3, "blue", "c", null));
    assertEquals(List.of(1L, 2L), ids(items.byTag("red")));
    assertEquals(List.of(2L, 1L), ids(items.byTagDescending("red")));
    assertEquals(List.of(3L), ids(items.byTag("blue")));

    items.put(new Item(1, "blue", "a2", null));
    assertEquals(List.of(2L), ids(items.byTag("red")));
    assertEquals(List.of(1L, 3L), ids(items.byTag("blue")));
    assertEquals(3, indexRows(), "the replaced write's index row is deleted");

    items.delete(3);
    assertEquals(List.of(1L), ids(items.byTag("blue")));
    assertEquals(2, indexRows());
  }

  @Test
  void aWriteThatLeavesTheValueKeepsTheIndexRowWhereItIs() {
    Items items = items(store, false);
    items.createTables();
    items.put(new Item(1, "red", "a", null));
    List<PrimaryKey> before = indexKeys();
    items.put(new Item(1, "red", "changed note", null));
    Items other = items(store, false); // a second application: nothing remembered
    other.put(new Item(1, "red", "changed again", null));
    assertEquals(before, indexKeys(), "the index row never moves while its values stay");
    assertEquals("changed again", other.byTag("red").findFirst().orElseThrow().note());
  }

  @Test
  void anIndexRowsKeyGivesBackItsHotKeyAndTag() {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    for (int i = 0; i < 1_000; i++) {
      long tag = i < 3 ? new long[] {Long.MIN_VALUE, -1, Long.MAX_VALUE}[i] : random.nextLong();
      PrimaryKey hot = dev.widekey.runtime.store.TestRows.key(random.nextLong());
      PrimaryKey key =
          IndexRows.key(
              Tagged.BY_TAG, List.of(dev.widekey.runtime.store.PkValue.ofString("t")), hot, tag);
      assertEquals(tag, IndexRows.tagOf(key), "seed " + seed);
      assertEquals(
          new IndexRows.Ref(hot, tag),
          IndexRows.ref(Tagged.BY_TAG, key, Tagged.tables(false).hot().primaryKey()),
          "seed " + seed);
    }
  }

  /**
   * Where an index row points, read as a page reads it: from a row the store kept in its stored
   * form (decoded in one pass) and from the same row built in memory (its key and then its ref),
   * the same indexed values and hot key.
   */
  @Test
  void anIndexRowLocatesItsHotKeyAlikeInStoredAndDecodedForm() {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    store.createTable(Tagged.BY_TAG.table());
    List<PkColumn> hotSchema = Tagged.tables(false).hot().primaryKey();
    List<Row> written = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      String value = TAGS.get(random.nextInt(TAGS.size())) + "\u0000".repeat(random.nextInt(2));
      Row row =
          IndexRows.row(
              Tagged.BY_TAG,
              List.of(dev.widekey.runtime.store.PkValue.ofString(value)),
              dev.widekey.runtime.store.TestRows.key(random.nextLong()),
              random.nextLong(),
              0);
      store.put(Tagged.BY_TAG.table().name(), row);
      written.add(row);
    }
    List<Row> read;
    try (var rows = store.scan(Tagged.BY_TAG.table().name(), ScanRange.all(2))) {
      read = rows.toList();
    }
    assertEquals(written.size(), read.size(), "seed " + seed);
    Map<PrimaryKey, IndexRows.Located> byKey = new TreeMap<>();
    for (Row row : written) {
      byKey.put(row.key(), IndexRows.located(Tagged.BY_TAG, row, hotSchema));
    }
    for (Row row : read) {
      assertTrue(row.storedKey() != null, "the embedded store keeps rows in stored form");
      IndexRows.Located located = IndexRows.located(Tagged.BY_TAG, row, hotSchema);
      assertEquals(byKey.get(row.key()), located, "seed " + seed);
      assertEquals(IndexRows.values(row.key()), located.values(), "seed " + seed);
    }
  }

  @Test
  void anEntityWithANullIndexedValueHasNoIndexRow() {
    Items items = items(store, false);
    items.createTables();
    items.put(new Item(1, "red", null, null));
    items.put(new Item(1, null, "untagged", null));
    assertEquals(0, indexRows(), "the red row is deleted; a null value has none");
    assertEquals(List.of(), ids(items.byTag("red")));
    items.put(new Item(1, "blue", null, null));
    assertEquals(List.of(1L), ids(items.byTag("blue")));
    assertEquals(1, indexRows());
  }

  @Test
  void aKeptIndexRowIsPutAgainOnlyWhereRowsExpire() {
    for (boolean expiring : new boolean[] {false, true}) {
      try (EmbeddedStore fresh = EmbeddedStore.inMemory()) {
        AtomicInteger indexPuts = new AtomicInteger();
        WideTableStore counting =
            new ForwardingStore(fresh) {
              @Override
              public void put(String table, Row row) {
                if (table.equals(Tagged.BY_TAG.table().name())) {
                  indexPuts.incrementAndGet();
                }
                super.put(table, row);
              }
            };
        Items items =
            new Items(counting, expiring ? Tagged.expiring(86_400) : Tagged.tables(false));
        items.createTables();
        items.put(new Item(1, "red", "a", null));
        items.put(new Item(1, "red", "b", null));
        new Items(counting, expiring ? Tagged.expiring(86_400) : Tagged.tables(false))
            .put(new Item(1, "red", "c", null));
        // a rewrite that keeps the value names the row it finds; only a row that expires is
        // renewed, so that it lives as long as the hot row naming it
        assertEquals(expiring ? 3 : 1, indexPuts.get(), "expiring " + expiring);
        assertEquals(List.of(1L), ids(items.byTag("red")));
      }
    }
  }

  /** Found by the entity fuzzer: two indexes over the same column hold equal keys. */
  @Test
  void twoIndexesOverTheSameColumnsEachGetTheirRows() {
    IndexTable again =
        new IndexTable(
            "by_tag_again",
            new TableSpec(
                "items_by_tag_again",
                IndexTable.layout(List.of(new PkColumn("tag", PkType.STRING)))));
    Items items = new Items(store, Tagged.tables(false).withIndex(again));
    items.createTables();
    items.put(new Item(1, "red", "a", null));
    items.put(new Item(1, "blue", "b", null));
    items.put(new Item(1, "blue", "c", null));
    for (String table : List.of(Tagged.BY_TAG.table().name(), again.table().name())) {
      try (var rows = store.scan(table, ScanRange.all(2))) {
        assertEquals(1, rows.count(), table);
      }
    }
    assertEquals(List.of(1L), ids(items.byTag("blue")));
    try (var read =
        items.scanIndex(
            again,
            dev.widekey.runtime.key.KeyRanges.leading(
                List.of(dev.widekey.runtime.store.PkValue.ofString("blue")), 2))) {
      assertEquals(List.of(1L), read.map(Item::id).toList());
    }
  }

  @Test
  void insertAndUpdateKeepTheirConditions() {
    Items items = items(store, false);
    items.createTables();
    items.insert(new Item(1, "red", null, null));
    StoreException refused =
        assertThrows(StoreException.class, () -> items.insert(new Item(1, "blue", null, null)));
    assertEquals(ErrorKind.CONDITION_FAILED, refused.kind());
    assertEquals(1, indexRows(), "a refused write's own index row is deleted again");
    items.update(new Item(1, "green", null, null));
    assertEquals(List.of(1L), ids(items.byTag("green")));
    assertEquals(List.of(), ids(items.byTag("red")));
  }

  @Test
  void bulkWritesMaintainTheIndex() {
    Items items = items(store, false);
    items.createTables();
    List<Item> batch = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      batch.add(new Item(i % 20, TAGS.get(i % 3), "n" + i, null));
    }
    assertTrue(items.putAll(batch).failures().isEmpty());
    assertEquals(List.of(), IndexCheck.anomalies(items));
    assertEquals(20, indexRows());
  }

  @Test
  void aStaleIndexRowIsSkippedAndAForgedOneNeverReturnsAnEntityThatDoesNotMatch() {
    Items items = items(store, false);
    items.createTables();
    items.put(new Item(1, "red", null, null));
    // a row for another value naming entity 1 under a guessed tag: 1 is red, not blue
    store.put(
        Tagged.BY_TAG.table().name(),
        IndexRows.row(
            Tagged.BY_TAG,
            List.of(dev.widekey.runtime.store.PkValue.ofString("blue")),
            dev.widekey.runtime.store.TestRows.key(1),
            42,
            0));
    assertEquals(List.of(), ids(items.byTag("blue")));
    // a ref that is not a key and a tag is corrupt data, never a guess
    store.put(
        Tagged.BY_TAG.table().name(),
        Row.of(
            PrimaryKey.of(
                dev.widekey.runtime.store.PkValue.ofString("green"),
                dev.widekey.runtime.store.PkValue.ofBinary(new byte[] {1, 2, 3})),
            Map.of(ColdRows.WRITTEN, dev.widekey.runtime.store.AttrValue.ofInteger(0))));
    StoreException e = assertThrows(StoreException.class, () -> ids(items.byTag("green")));
    assertEquals(ErrorKind.CORRUPT_DATA, e.kind());
    // named as the index row it is, whichever decode read it
    assertTrue(e.getMessage().contains("index row"), e.getMessage());
    assertTrue(e.getMessage().contains(Tagged.BY_TAG.table().name()), e.getMessage());
    assertTrue(e.getMessage().contains("not a hot key and a tag"), e.getMessage());
  }

  /**
   * Adversary: a second application rewrites an indexed entity's hot row to a value no index key
   * can hold (outside the key's alphabet). Its index row is now stale: a read through the index
   * skips it, as it skips any row whose entity no longer has its values, and reads the others.
   */
  @Test
  void aHotRowRewrittenToAValueNoIndexKeyHoldsIsSkippedByIndexReads() {
    Items checked =
        new Items(store, false) {
          @Override
          protected List<dev.widekey.runtime.store.PkValue> indexValues(
              IndexTable index, Item item) {
            // as a generated index does: the value checked against the key's rules
            return item.tag() == null
                ? null
                : List.of(
                    dev.widekey.runtime.store.PkValue.ofString(
                        dev.widekey.runtime.key.KeyText.checkText(
                            "tag",
                            item.tag(),
                            16,
                            dev.widekey.core.key.KeyAlphabet.parse("a-z"),
                            dev.widekey.annotations.Profile.HBASE)));
          }
        };
    checked.createTables();
    checked.put(new Item(1, "red", "a", null));
    checked.put(new Item(2, "red", "b", null));
    Row hot =
        store
            .get(
                Tagged.HOT,
                dev.widekey.runtime.store.TestRows.key(1),
                dev.widekey.runtime.store.ColumnSelection.all())
            .orElseThrow();
    Map<String, dev.widekey.runtime.store.AttrValue> forged =
        new java.util.HashMap<>(hot.columns());
    forged.put("tag", dev.widekey.runtime.store.AttrValue.ofString("RED!"));
    store.put(Tagged.HOT, Row.of(hot.key(), forged));

    assertEquals(List.of(2L), ids(checked.byTag("red")));
    assertEquals(1, checked.countIndex(Tagged.BY_TAG, byTagRange("red")));
  }

  static ScanRange byTagRange(String tag) {
    return dev.widekey.runtime.key.KeyRanges.leading(
        List.of(dev.widekey.runtime.store.PkValue.ofString(tag)), 2);
  }

  /**
   * Adversary: a stopped write (or a second application) left a second index row of each entity at
   * its value under another tag, and a reader pages with one entity a page, both directions, and
   * replays a token against the other direction and another value. Each entity comes once, in index
   * order; a replayed token is refused typed.
   */
  @Test
  void pagesThroughAnIndexWithTwoRowsPerEntityReturnEachOnce() {
    Items items = items(store, false);
    items.createTables();
    items.withContinuationKey(dev.widekey.runtime.query.ContinuationKey.of(new byte[32]));
    for (long id = 1; id <= 5; id++) {
      items.put(new Item(id, "red", null, null));
      for (long tag : new long[] {Long.MIN_VALUE, -1, 0, Long.MAX_VALUE}) {
        store.put(
            Tagged.BY_TAG.table().name(),
            IndexRows.row(
                Tagged.BY_TAG,
                List.of(dev.widekey.runtime.store.PkValue.ofString("red")),
                dev.widekey.runtime.store.TestRows.key(id),
                tag,
                0));
      }
    }
    for (boolean backward : new boolean[] {false, true}) {
      ScanRange range = backward ? byTagRange("red").backward() : byTagRange("red");
      List<Long> read = new ArrayList<>();
      jakarta.data.page.PageRequest request = jakarta.data.page.PageRequest.ofSize(1);
      for (int pages = 0; request != null && pages < 20; pages++) {
        jakarta.data.page.CursoredPage<Item> page =
            items.pageIndex("byTag", Tagged.BY_TAG, range, request);
        page.content().forEach(i -> read.add(i.id()));
        request = page.hasNext() ? page.nextPageRequest() : null;
      }
      assertEquals(backward ? List.of(5L, 4L, 3L, 2L, 1L) : List.of(1L, 2L, 3L, 4L, 5L), read);
    }
    jakarta.data.page.PageRequest next =
        items
            .pageIndex(
                "byTag", Tagged.BY_TAG, byTagRange("red"), jakarta.data.page.PageRequest.ofSize(2))
            .nextPageRequest();
    for (ScanRange other : List.of(byTagRange("red").backward(), byTagRange("blue"))) {
      assertThrows(
          dev.widekey.runtime.query.InvalidContinuationException.class,
          () -> items.pageIndex("byTag", Tagged.BY_TAG, other, next));
    }
    assertThrows(
        dev.widekey.runtime.query.InvalidContinuationException.class,
        () -> items.pageIndex("byNote", Tagged.BY_TAG, byTagRange("red"), next));
  }

  /**
   * Adversary: between pages the row a token names is deleted, the next row is deleted and written
   * again, and a row is added behind the reader. No row comes twice, none that held throughout is
   * skipped, both directions.
   */
  @Test
  void pagesOverRowsDeletedAndRewrittenBetweenPagesReturnEachOnceAndSkipNone() {
    for (boolean backward : new boolean[] {false, true}) {
      Items items = items(store, false);
      items.createTables();
      items.withContinuationKey(dev.widekey.runtime.query.ContinuationKey.of(new byte[32]));
      for (long id = 10; id <= 30; id += 2) {
        items.put(new Item(id, "red", null, null));
      }
      List<Long> read = new ArrayList<>();
      java.util.Set<Long> touched = new java.util.HashSet<>();
      jakarta.data.page.PageRequest request = jakarta.data.page.PageRequest.ofSize(2);
      for (int pages = 0; request != null && pages < 40; pages++) {
        jakarta.data.page.CursoredPage<Item> page =
            backward ? items.pageAllDescending(request) : items.pageAll(request);
        page.content().forEach(i -> read.add(i.id()));
        if (!page.content().isEmpty()) {
          long last = page.content().get(page.content().size() - 1).id();
          long following = backward ? last - 2 : last + 2;
          items.remove(dev.widekey.runtime.store.TestRows.key(last)); // the token's own row
          items.remove(dev.widekey.runtime.store.TestRows.key(following));
          items.put(new Item(following, "red", null, null)); // back again
          long behind = backward ? last + 1 : last - 1;
          items.put(new Item(behind, "red", null, null)); // behind the reader: may be missed
          touched.add(behind);
        }
        request = page.hasNext() ? page.nextPageRequest() : null;
      }
      assertEquals(read.size(), new java.util.HashSet<>(read).size(), read.toString());
      List<Long> expected = new ArrayList<>();
      for (long id = 10; id <= 30; id += 2) {
        expected.add(id);
      }
      if (backward) {
        java.util.Collections.reverse(expected);
      }
      assertEquals(expected, read.stream().filter(id -> !touched.contains(id)).toList());
      store.listTables("").forEach(store::deleteTable); // the other direction starts afresh
    }
  }

  @Test
  void theSweepDeletesOnlyOldIndexRowsNoHotRowNames() {
    Items items = items(store, false);
    items.createTables();
    items.put(new Item(1, "red", null, null));
    items.put(new Item(2, "blue", null, null));
    // a write stopped after its index row, before its commit: the row nobody names
    assertThrows(
        IllegalStateException.class,
        () ->
            items(new StoppingStore(store, 1, false), false).put(new Item(1, "green", null, null)));
    assertEquals(3, indexRows());
    long now = System.currentTimeMillis();
    java.time.Duration grace = java.time.Duration.ofHours(2);
    assertEquals(new ColdSweepResult(3, 2, 1, 0, 0), items.sweepColdRows(grace, now));
    assertEquals(
        new ColdSweepResult(3, 2, 0, 1, 0),
        items.sweepColdRows(grace, now + grace.toMillis() + 60_000));
    assertEquals(List.of(), IndexCheck.anomalies(items));
    assertEquals(2, indexRows());
  }

  /**
   * A store that reports a networked store's parallelism: replaced rows are then deleted in the
   * background.
   */
  static WideTableStore networked(WideTableStore store) {
    return new ForwardingStore(store) {
      @Override
      public int scanParallelism() {
        return 8 * Runtime.getRuntime().availableProcessors();
      }
    };
  }

  /**
   * Each operation, stopped after each of its writes in turn, leaves the index exact; on a store
   * like a networked one too, whose replaced rows are deleted in the background, and on one that
   * computes rows (the embedded store's one-call commit, each computation a write that may stop).
   */
  @ParameterizedTest
  @ValueSource(strings = {"compare-and-set", "networked", "computed"})
  void aStopAfterAnyWriteOfAnyOperationLeavesTheIndexExact(String store) {
    boolean overlapping = store.equals("networked");
    List<Consumer<Items>> operations =
        List.of(
            r -> r.put(new Item(1, "blue", "moved", null)),
            r -> r.put(new Item(1, "red", "same value", null)),
            r -> r.put(new Item(7, "green", "new", null)),
            r -> r.insert(new Item(8, "green", "new", null)),
            r -> r.update(new Item(1, "green", "updated", null)),
            r -> r.delete(1),
            r ->
                r.putAll(List.of(new Item(1, "blue", null, null), new Item(2, "red", null, null))));
    for (int op = 0; op < operations.size(); op++) {
      for (int stopAfter = 0; stopAfter < 8; stopAfter++) {
        try (EmbeddedStore fresh = EmbeddedStore.inMemory()) {
          Items healthy = items(fresh, false);
          healthy.createTables();
          healthy.put(new Item(1, "red", "first", null));
          healthy.put(new Item(2, "blue", "first", null));
          try {
            WideTableStore stopping =
                new StoppingStore(fresh, stopAfter, false, store.equals("computed"));
            operations.get(op).accept(items(overlapping ? networked(stopping) : stopping, false));
          } catch (IllegalStateException stopped) {
            // the process died here
          }
          assertEquals(
              List.of(),
              IndexCheck.anomalies(items(fresh, false)),
              "operation " + op + " stopped after " + stopAfter + " writes");
        }
      }
    }
  }

  /** The checker is not blind: a writer that commits before it stores its index rows is caught. */
  @Test
  void aCommitBeforeTheIndexRowIsCaught() {
    Items healthy = items(store, false);
    healthy.createTables();
    healthy.put(new Item(1, "red", "first", null));
    assertThrows(
        IllegalStateException.class,
        () -> items(new StoppingStore(store, 1, true), false).put(new Item(1, "blue", null, null)));
    assertFalse(IndexCheck.anomalies(items(store, false)).isEmpty());
  }

  /**
   * Writers changing the indexed values of the same keys, each pausing at random between its
   * writes, and readers through the index: no read returns an entity whose value is not the one
   * asked for, and once they stop every entity is found at its value exactly once.
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void concurrentWritersKeepTheIndexExact(boolean overlapping) throws Exception {
    long seed = System.nanoTime();
    try {
      Items items = items(store, true);
      items.createTables();
      int writers = 4;
      CountDownLatch done = new CountDownLatch(writers);
      ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
      AtomicInteger writes = new AtomicInteger();
      List<Thread> threads = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        Random random = new Random(seed + w);
        WideTableStore jitter = new JitterStore(store, random);
        Items own = items(overlapping ? networked(jitter) : jitter, true);
        threads.add(
            new Thread(
                () -> {
                  try {
                    for (int i = 0; i < 150; i++) {
                      long id = random.nextInt(4);
                      String tag = TAGS.get(random.nextInt(TAGS.size()));
                      try {
                        if (random.nextInt(6) == 0) {
                          own.delete(id);
                        } else {
                          own.put(new Item(id, tag, "w" + i, random.nextBoolean() ? "b" : null));
                        }
                        writes.incrementAndGet();
                      } catch (ContendedWriteException e) {
                        // retryable: others kept committing first
                      }
                    }
                  } finally {
                    done.countDown();
                  }
                }));
      }
      threads.add(
          new Thread(
              () -> {
                while (done.getCount() > 0) {
                  for (String tag : TAGS) {
                    items
                        .byTag(tag)
                        .filter(item -> !item.tag().equals(tag))
                        .forEach(item -> wrong.add(tag + " returned " + item));
                  }
                }
              }));
      threads.forEach(Thread::start);
      for (Thread t : threads) {
        t.join();
      }
      assertEquals(List.of(), List.copyOf(wrong));
      assertTrue(writes.get() > 0);
      items.flushDeletes();
      assertEquals(List.of(), IndexCheck.anomalies(items));
      // nothing left behind: one index row per stored entity
      long entities;
      try (var all = items.all()) {
        entities = all.count();
      }
      assertEquals(entities, indexRows(), "index rows");
    } catch (AssertionError e) {
      throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
    }
  }

  private static List<Long> ids(java.util.stream.Stream<Item> items) {
    try (items) {
      return items.map(Item::id).collect(Collectors.toList());
    }
  }

  /** The index's exactness, checked against the hot table read whole. */
  static final class IndexCheck {
    private IndexCheck() {}

    static List<String> anomalies(Items items) {
      List<String> anomalies = new ArrayList<>();
      Map<Long, Item> stored = new TreeMap<>();
      try (var all = items.all()) {
        all.forEach(i -> stored.put(i.id(), i));
      }
      for (String tag : TAGS) {
        List<Long> expected =
            stored.values().stream().filter(i -> i.tag().equals(tag)).map(Item::id).toList();
        List<Long> read = ids(items.byTag(tag));
        if (!read.equals(expected)) {
          anomalies.add(tag + ": index read " + read + ", stored " + expected);
        }
      }
      return anomalies;
    }
  }

  /**
   * A process that dies after {@code writes} writes: every later write throws. With {@code
   * indexLast}, the writer is broken instead: it holds its index rows back until its hot row is
   * stored, and dies after the commit.
   */
  private static final class StoppingStore extends ForwardingStore {
    private int left;
    private final boolean indexLast;
    private final boolean computes;

    StoppingStore(WideTableStore delegate, int writes, boolean indexLast) {
      this(delegate, writes, indexLast, false);
    }

    /** {@code computes}: forwards row computations and handed-back deletes, each a write. */
    StoppingStore(WideTableStore delegate, int writes, boolean indexLast, boolean computes) {
      super(delegate);
      this.left = writes;
      this.indexLast = indexLast;
      this.computes = computes;
    }

    @Override
    public boolean computesRows() {
      return computes && delegate.computesRows();
    }

    @Override
    public Optional<Row> computeRow(
        String table,
        PrimaryKey key,
        ColumnSelection columns,
        Function<Optional<Row>, Row> compute) {
      write();
      return delegate.computeRow(table, key, columns, compute);
    }

    @Override
    public Optional<Row> getAndDelete(String table, PrimaryKey key, ColumnSelection columns) {
      write();
      return delegate.getAndDelete(table, key, columns);
    }

    private void write() {
      if (left-- <= 0) {
        throw new IllegalStateException("the process died");
      }
    }

    private boolean heldBack(String table) {
      return indexLast && table.equals(Tagged.BY_TAG.table().name());
    }

    @Override
    public void put(String table, Row row) {
      if (heldBack(table)) {
        return; // never stored before the process dies
      }
      write();
      super.put(table, row);
    }

    @Override
    public void delete(String table, PrimaryKey key) {
      write();
      super.delete(table, key);
    }

    @Override
    public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
      List<WriteOutcome> outcomes = new ArrayList<>();
      for (WriteOp op : ops) {
        if (heldBack(op.table()) && op instanceof WriteOp.Put) {
          outcomes.add(WriteOutcome.applied(op));
          continue;
        }
        write();
        outcomes.addAll(super.batchWrite(List.of(op)));
      }
      return outcomes;
    }
  }

  /** A store whose writes pause at random, as a GC pause or a slow request would. */
  private static final class JitterStore extends ForwardingStore {
    private final Random random;

    JitterStore(WideTableStore delegate, Random random) {
      super(delegate);
      this.random = random;
    }

    private void pause() {
      int r;
      synchronized (random) {
        r = random.nextInt(8);
      }
      if (r == 0) {
        try {
          Thread.sleep(1);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      } else if (r < 3) {
        Thread.yield();
      }
    }

    @Override
    public void put(String table, Row row) {
      pause();
      super.put(table, row);
    }

    @Override
    public void delete(String table, PrimaryKey key) {
      pause();
      super.delete(table, key);
    }

    @Override
    public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
      pause();
      return super.batchWrite(ops);
    }
  }
}
