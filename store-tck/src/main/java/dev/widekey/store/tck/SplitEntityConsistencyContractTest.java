package dev.widekey.store.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.ColdRows;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.repository.VersionConflictException;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.entities.ChunkedPage;
import dev.widekey.store.tck.entities.ChunkedPageKeys;
import dev.widekey.store.tck.entities.ChunkedPageRepository;
import dev.widekey.store.tck.entities.ChunkedPageTable;
import dev.widekey.store.tck.entities.ColdItem;
import dev.widekey.store.tck.entities.ColdItemKeys;
import dev.widekey.store.tck.entities.ColdItemRepository;
import dev.widekey.store.tck.entities.ColdItemTable;
import dev.widekey.store.tck.entities.VersionedAccount;
import dev.widekey.store.tck.entities.VersionedAccountKeys;
import dev.widekey.store.tck.entities.VersionedAccountRepository;
import dev.widekey.store.tck.entities.VersionedAccountTable;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A split entity (a hot row and a cold row) under a second writer that lands while the first is
 * paused between its rows: the regression tests of the commit-point design, on every store. Each
 * scenario pauses writer W1 ({@link PausingStore}) at one of its calls, runs W2 or a delete to the
 * end on the store beneath, resumes W1 and checks that a read with cold columns returns exactly one
 * acknowledged write's hot and cold columns, that no acknowledged write's cold columns were
 * overwritten by an earlier one, and that no cold row is left that no hot row names.
 */
public abstract class SplitEntityConsistencyContractTest {
  /** The store under test; the subclass opens and closes it. */
  protected abstract WideTableStore store();

  private PausingStore paused;
  private ColdItemRepository items;
  private ColdItemRepository pausedItems;
  private VersionedAccountRepository accounts;
  private ChunkedPageRepository pages;
  private ChunkedPageRepository pausedPages;
  private VersionedAccountRepository pausedAccounts;
  private ExecutorService w1;

  @BeforeEach
  void open() {
    paused = new PausingStore(store());
    items = new ColdItemRepository(store());
    pausedItems = new ColdItemRepository(paused);
    accounts = new VersionedAccountRepository(store());
    pausedAccounts = new VersionedAccountRepository(paused);
    pages = new ChunkedPageRepository(store());
    pausedPages = new ChunkedPageRepository(paused);
    items.createTables();
    accounts.createTables();
    pages.createTables();
    w1 = Executors.newSingleThreadExecutor();
  }

  @AfterEach
  void close() throws InterruptedException {
    w1.shutdownNow();
    w1.awaitTermination(10, TimeUnit.SECONDS);
  }

  private static ColdItem item(long id, int n, String writer) {
    return new ColdItem(id, n, new BigDecimal("1.00"), "text of " + writer);
  }

  /** The cold rows stored under a partition value, whatever write tags they carry. */
  private List<Row> coldRows(String table, PkValue partition) {
    new ColdItemRepository(store()).flushDeletes(); // every queue of the process
    try (var rows = store().scan(table, ScanRange.all(2))) {
      return rows.filter(r -> r.key().get(0).equals(partition)).toList();
    }
  }

  private List<Row> coldRowsOfItem(long id) {
    return coldRows(ColdItemTable.COLD_NAME, ColdItemKeys.primaryKey(id).get(0));
  }

  private List<Row> coldRowsOfAccount(String id) {
    return coldRows(VersionedAccountTable.COLD_NAME, VersionedAccountKeys.primaryKey(id).get(0));
  }

  private <T> T finish(Future<T> f) {
    try {
      return f.get(60, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw new AssertionError("W1 failed", e.getCause());
    } catch (Exception e) {
      throw new AssertionError("W1 did not finish", e);
    }
  }

  private Throwable failureOf(Future<?> f) {
    try {
      f.get(60, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return e.getCause();
    } catch (Exception e) {
      throw new AssertionError("W1 did not finish", e);
    }
    throw new AssertionError("W1 succeeded where it should have failed");
  }

  /** W1's delete of an item, through the paused store. */
  private boolean deleted(long id) {
    pausedItems.delete(id);
    return true;
  }

  private <T> Future<T> w1(PausingStore.Gate gate, Supplier<T> write) {
    Future<T> f = w1.submit(write::get);
    gate.awaitReached();
    return f;
  }

  /** Scenario 1: W1 paused between its cold row and its hot row; W2 writes both; W1 lands. */
  @Test
  void twoPlainPutsNeverMix() {
    long id = 9101;
    items.put(item(id, 0, "W0"));
    PausingStore.Gate gate = paused.pauseBefore(PausingStore.Call.write(ColdItemTable.NAME));
    Future<ColdItem> first = w1(gate, () -> pausedItems.put(item(id, 1, "W1")));
    items.put(item(id, 2, "W2"));
    gate.resume();
    finish(first);

    // W1 committed last: its write, entire; nothing of W2's or W0's left behind
    assertEquals(Optional.of(item(id, 1, "W1")), items.getWithCold(id));
    assertEquals(1, coldRowsOfItem(id).size(), () -> coldRowsOfItem(id).toString());
  }

  /** Scenario 1, the other order: W1 paused after its commit, before it clears what it replaced. */
  @Test
  void aPutPausedAfterItsCommitDoesNotTouchTheNextWrite() {
    long id = 9102;
    items.put(item(id, 0, "W0"));
    PausingStore.Gate gate = paused.pauseAfter(PausingStore.Call.write(ColdItemTable.NAME));
    Future<ColdItem> first = w1(gate, () -> pausedItems.put(item(id, 1, "W1")));
    items.put(item(id, 2, "W2"));
    gate.resume();
    finish(first);

    assertEquals(Optional.of(item(id, 2, "W2")), items.getWithCold(id));
    assertEquals(1, coldRowsOfItem(id).size(), () -> coldRowsOfItem(id).toString());
  }

  /** Scenario 2: a late versioned write never overwrites a later version's cold columns. */
  @Test
  void aLaterVersionKeepsItsColdColumns() {
    String id = "splitlate";
    accounts.delete(id);
    VersionedAccount v1 = accounts.put(new VersionedAccount(id, 100, 0, "statement 1"));
    // W1 writes version 2, paused after its commit (before it clears the replaced cold row)
    PausingStore.Gate gate = paused.pauseAfter(PausingStore.Call.write(VersionedAccountTable.NAME));
    Future<VersionedAccount> first =
        w1(gate, () -> pausedAccounts.put(new VersionedAccount(id, 200, v1.version(), "of W1")));
    VersionedAccount v2 = accounts.getWithCold(id).orElseThrow();
    assertEquals(new VersionedAccount(id, 200, 2, "of W1"), v2);
    VersionedAccount v3 = accounts.put(new VersionedAccount(id, 300, v2.version(), "of W2"));
    gate.resume();
    finish(first);

    assertEquals(Optional.of(v3), accounts.getWithCold(id));
    assertEquals(1, coldRowsOfAccount(id).size());
  }

  /** Scenario 2: a stale versioned write paused before its commit fails, changing nothing. */
  @Test
  void aStaleVersionPausedBeforeItsCommitConflictsAndLeavesNothing() {
    String id = "splitstale";
    accounts.delete(id);
    VersionedAccount v1 = accounts.put(new VersionedAccount(id, 100, 0, "statement 1"));
    PausingStore.Gate gate =
        paused.pauseBefore(PausingStore.Call.write(VersionedAccountTable.NAME));
    Future<VersionedAccount> first =
        w1(gate, () -> pausedAccounts.put(new VersionedAccount(id, 200, v1.version(), "of W1")));
    VersionedAccount v2 = accounts.put(new VersionedAccount(id, 300, v1.version(), "of W2"));
    gate.resume();
    assertInstanceOf(VersionConflictException.class, failureOf(first));

    assertEquals(Optional.of(v2), accounts.getWithCold(id));
    assertEquals(1, coldRowsOfAccount(id).size());
  }

  /** Scenario 2 with {@code insert} then {@code update}. */
  @Test
  void anUpdateLandingAfterAnInsertKeepsItsColdColumns() {
    long id = 9103;
    items.delete(id);
    PausingStore.Gate gate = paused.pauseAfter(PausingStore.Call.write(ColdItemTable.NAME));
    Future<ColdItem> first = w1(gate, () -> pausedItems.insert(item(id, 1, "W1")));
    items.update(item(id, 2, "W2"));
    gate.resume();
    finish(first);

    assertEquals(Optional.of(item(id, 2, "W2")), items.getWithCold(id));
    assertEquals(1, coldRowsOfItem(id).size());
  }

  /** Scenario 3: a delete paused after removing the hot row; an insert lands; the delete ends. */
  @Test
  void aDeleteAndAnInsertAreOrderedAsWholes() {
    long id = 9104;
    items.put(item(id, 0, "W0"));
    PausingStore.Gate gate = paused.pauseAfter(PausingStore.Call.delete(ColdItemTable.NAME));
    Future<Boolean> delete = w1(gate, () -> deleted(id));
    // the delete removed the hot row and is about to clear the cold row it pointed at
    items.insert(item(id, 1, "W1"));
    gate.resume();
    finish(delete);

    assertEquals(Optional.of(item(id, 1, "W1")), items.getWithCold(id));
    assertEquals(1, coldRowsOfItem(id).size());
  }

  /** Scenario 3: a put paused before its commit; a delete runs whole; the put lands whole. */
  @Test
  void aPutPausedAcrossADeleteLandsWhole() {
    long id = 9105;
    items.put(item(id, 0, "W0"));
    PausingStore.Gate gate = paused.pauseBefore(PausingStore.Call.write(ColdItemTable.NAME));
    Future<ColdItem> first = w1(gate, () -> pausedItems.put(item(id, 1, "W1")));
    items.delete(id);
    assertEquals(Optional.empty(), items.getWithCold(id));
    gate.resume();
    finish(first);

    assertEquals(Optional.of(item(id, 1, "W1")), items.getWithCold(id));
    assertEquals(1, coldRowsOfItem(id).size());
  }

  /**
   * Scenario 3: a delete paused between reading the commit point and deleting it; a put commits
   * meanwhile. The delete then removes that put, entire, and leaves no cold row behind.
   */
  @Test
  void aDeletePausedBeforeItsDeleteRemovesTheWriteThatLandedMeanwhile() {
    long id = 9107;
    items.put(item(id, 0, "W0"));
    PausingStore.Gate gate = paused.pauseBefore(PausingStore.Call.delete(ColdItemTable.NAME));
    Future<Boolean> delete = w1(gate, () -> deleted(id));
    items.put(item(id, 1, "W1"));
    gate.resume();
    finish(delete);

    assertEquals(Optional.empty(), items.getWithCold(id));
    assertEquals(List.of(), coldRowsOfItem(id));
  }

  /**
   * The hot row as a version of the entity without cold columns writes it: its hot columns only, no
   * write tag (on HBase the tag's cell stays behind, unlisted by the row marker).
   */
  private void putUntagged(String table, PrimaryKey key, String column, AttrValue value) {
    Row stored = store().get(table, key, ColumnSelection.all()).orElseThrow();
    Map<String, AttrValue> columns = new HashMap<>(stored.columns());
    columns.remove(SplitTableRepository.COLD_TAG);
    columns.remove(SplitTableRepository.COLD_MARKER);
    columns.put(column, value);
    store().put(table, Row.of(key, columns));
  }

  /**
   * A rolling upgrade: a writer without commit points (an older version of the entity) replaces a
   * tagged hot row this repository remembers. The next plain put replaces that row with its own
   * write, entire, whichever way the store checks the tag it remembers.
   */
  @Test
  void aPutReplacesARowAnUntaggedWriterLeftOverItsOwn() {
    long id = 9108;
    items.put(item(id, 0, "W0"));
    putUntagged(
        ColdItemTable.NAME, ColdItemKeys.primaryKey(id), "quantity", AttrValue.ofInteger(5));
    items.put(item(id, 1, "W1"));

    assertEquals(Optional.of(item(id, 1, "W1")), items.getWithCold(id));
    // W1's cold row, and W0's if the put did not learn it replaced it (garbage for the sweep)
    List<Row> cold = coldRowsOfItem(id);
    assertTrue(cold.size() == 1 || cold.size() == 2, cold::toString);
  }

  /**
   * The same with a version: the untagged writer's row holds version 7, so a put of the version
   * this repository remembers is a conflict, nothing written, and a put of version 7 succeeds.
   */
  @Test
  void aVersionedPutOverARowAnUntaggedWriterLeftIsCheckedOnThatRow() {
    String id = "splituntagged";
    accounts.delete(id);
    VersionedAccount v1 = accounts.put(new VersionedAccount(id, 100, 0, "statement 1"));
    putUntagged(
        VersionedAccountTable.NAME,
        VersionedAccountKeys.primaryKey(id),
        "version",
        AttrValue.ofInteger(7));
    assertThrows(
        VersionConflictException.class,
        () -> accounts.put(new VersionedAccount(id, 200, v1.version(), "stale")));
    assertEquals(7L, accounts.get(id).orElseThrow().version());

    VersionedAccount v8 = accounts.put(new VersionedAccount(id, 300, 7, "of W2"));
    assertEquals(8L, v8.version());
    assertEquals(Optional.of(v8), accounts.getWithCold(id));
  }

  /** A page whose hot body and cold history both pass 2 MB: stored in chunk rows. */
  private static ChunkedPage page(String id, char writer) {
    return new ChunkedPage(
        id, String.valueOf(writer).repeat(2_500_000), ("history of " + writer).repeat(250_000));
  }

  /** The chunk rows owned by a page, whatever write tags they are under. */
  private List<Row> chunkRowsOfPage(String id) {
    new ColdItemRepository(store()).flushDeletes(); // every queue of the process
    AttrValue owner = ColdRows.owner(ChunkedPageKeys.primaryKey(id));
    try (var rows = store().scan(ChunkedPageTable.CHUNKS_NAME, ScanRange.all(3))) {
      return rows.filter(r -> owner.equals(r.get(ColdRows.OWNER))).toList();
    }
  }

  /** Scenario 1 with chunk rows: W1 paused before its commit; W2 writes whole; W1 lands whole. */
  @Test
  void chunkRowsOfTwoPutsNeverMix() {
    String id = "split-chunks";
    pages.delete(id);
    pages.put(page(id, 'a'));
    int rowsOfOneWrite = chunkRowsOfPage(id).size();
    PausingStore.Gate gate = paused.pauseBefore(PausingStore.Call.write(ChunkedPageTable.NAME));
    Future<ChunkedPage> first = w1(gate, () -> pausedPages.put(page(id, 'b')));
    pages.put(page(id, 'c'));
    gate.resume();
    finish(first);

    ChunkedPage read = pages.getWithCold(id).orElseThrow();
    assertTrue(read.equals(page(id, 'b')), "W1's page, whole");
    assertEquals(rowsOfOneWrite, chunkRowsOfPage(id).size(), "only the committed write's rows");
  }

  /** An insert paused before its commit while another insert of the key lands: it fails clean. */
  @Test
  void aLosingInsertLeavesNoColdRow() {
    long id = 9106;
    items.delete(id);
    PausingStore.Gate gate = paused.pauseBefore(PausingStore.Call.write(ColdItemTable.NAME));
    Future<ColdItem> first = w1(gate, () -> pausedItems.insert(item(id, 1, "W1")));
    items.insert(item(id, 2, "W2"));
    gate.resume();
    Throwable e = failureOf(first);
    assertTrue(e.getMessage().contains("already stored"), e::toString);

    assertEquals(Optional.of(item(id, 2, "W2")), items.getWithCold(id));
    assertEquals(1, coldRowsOfItem(id).size());
  }
}
