package dev.widekey.store.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.Rule;
import dev.widekey.core.RuleViolationException;
import dev.widekey.runtime.repository.ColdRows;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.entities.ColdItem;
import dev.widekey.store.tck.entities.ColdItemKeys;
import dev.widekey.store.tck.entities.ColdItemRepository;
import dev.widekey.store.tck.entities.ColdItemTable;
import dev.widekey.store.tck.entities.VersionedAccount;
import dev.widekey.store.tck.entities.VersionedAccountKeys;
import dev.widekey.store.tck.entities.VersionedAccountRepository;
import dev.widekey.store.tck.entities.VersionedAccountTable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Rows of a split entity that no write of the entity could have produced, stored around the
 * repository (another writer, a restored backup, damage), on every store: each read is a {@link
 * ErrorKind#CORRUPT_DATA} error, not retryable, naming the table, the key and the column; and a
 * repository {@code delete} removes such a row without decoding it.
 */
public abstract class ForgedSplitRowsContractTest {
  /** The store under test; the subclass opens and closes it. */
  protected abstract WideTableStore store();

  private ColdItemRepository items;
  private VersionedAccountRepository accounts;

  @BeforeEach
  void open() {
    items = new ColdItemRepository(store());
    accounts = new VersionedAccountRepository(store());
    items.createTables();
    accounts.createTables();
  }

  /** A hot row of item {@code id} as a write stores it, with {@code change} applied. */
  private Row itemRow(long id, Map<String, AttrValue> change) {
    Row written =
        items.prepare(new ColdItem(id, 3, new BigDecimal("1.50"), "cold text of " + id)).hot();
    Map<String, AttrValue> columns = new LinkedHashMap<>(written.columns());
    change.forEach(
        (column, value) -> {
          if (value == null) {
            columns.remove(column);
          } else {
            columns.put(column, value);
          }
        });
    return Row.of(written.key(), columns);
  }

  private static Map<String, AttrValue> with(String column, AttrValue value) {
    Map<String, AttrValue> change = new LinkedHashMap<>();
    change.put(column, value);
    return change;
  }

  private static void assertCorrupt(Supplier<?> read, String table, PrimaryKey key, String column) {
    StoreException e = assertThrows(StoreException.class, read::get);
    assertEquals(ErrorKind.CORRUPT_DATA, e.kind(), e.getMessage());
    assertFalse(e.retryable(), e.getMessage());
    assertTrue(e.getMessage().contains(table), "names the table: " + e.getMessage());
    assertTrue(e.getMessage().contains(key.toString()), "names the key: " + e.getMessage());
    assertTrue(e.getMessage().contains(column), "names the column: " + e.getMessage());
  }

  @Test
  void aTagOfAnotherTypeIsCorruptData() {
    AttrValue[] forged = {
      AttrValue.ofString("7"), AttrValue.ofBoolean(true), AttrValue.ofBinary(new byte[] {7})
    };
    for (int i = 0; i < forged.length; i++) {
      long id = 8_100 + i;
      Row hot = itemRow(id, with(SplitTableRepository.COLD_TAG, forged[i]));
      store().put(ColdItemTable.NAME, hot);
      assertCorrupt(
          () -> items.getWithCold(id),
          ColdItemTable.NAME,
          hot.key(),
          SplitTableRepository.COLD_TAG);
    }
  }

  @Test
  void aColdMarkerWithoutATagIsCorruptData() {
    long id = 8_110;
    Row hot = itemRow(id, with(SplitTableRepository.COLD_TAG, null));
    assertEquals(AttrValue.ofBoolean(true), hot.get(SplitTableRepository.COLD_MARKER));
    store().put(ColdItemTable.NAME, hot);
    assertCorrupt(
        () -> items.getWithCold(id), ColdItemTable.NAME, hot.key(), SplitTableRepository.COLD_TAG);
  }

  @Test
  void aTagNamingNoColdRowIsCorruptData() {
    long id = 8_120;
    Row hot = itemRow(id, Map.of()); // its cold row never stored
    store().put(ColdItemTable.NAME, hot);
    assertCorrupt(
        () -> items.getWithCold(id), ColdItemTable.NAME, hot.key(), ColdItemTable.COLD_NAME);
  }

  @Test
  void aColdRowOwnedByAnotherEntityIsCorruptData() {
    long id = 8_130;
    Row hot = itemRow(id, Map.of());
    long tag = hot.get(SplitTableRepository.COLD_TAG).asLong();
    Row cold =
        items.prepare(new ColdItem(id + 1, 3, new BigDecimal("1.50"), "another's text")).cold();
    Map<String, AttrValue> columns = new LinkedHashMap<>(cold.columns());
    store()
        .put(
            ColdItemTable.COLD_NAME,
            Row.of(ColdRows.key(ColdItemKeys.primaryKey(id), tag), columns));
    store().put(ColdItemTable.NAME, hot);
    assertCorrupt(() -> items.getWithCold(id), ColdItemTable.COLD_NAME, hot.key(), ColdRows.OWNER);
  }

  /** Versions a write stores: 1 (an insert) up to the last one an update can reach. */
  @Test
  void aVersionNoWriteStoresIsCorruptData() {
    long[] forged = {0, -1, Long.MIN_VALUE, Long.MAX_VALUE};
    for (int i = 0; i < forged.length; i++) {
      String id = "forged" + i;
      accounts.put(new VersionedAccount(id, 100, 0, "statement"));
      PrimaryKey key = VersionedAccountKeys.primaryKey(id);
      Row stored =
          store().get(VersionedAccountTable.NAME, key, ColumnSelection.all()).orElseThrow();
      Map<String, AttrValue> columns = new LinkedHashMap<>(stored.columns());
      columns.put("version", AttrValue.ofInteger(forged[i]));
      store().put(VersionedAccountTable.NAME, Row.of(key, columns));
      assertCorrupt(() -> accounts.get(id), VersionedAccountTable.NAME, key, "version");
      assertCorrupt(() -> accounts.getWithCold(id), VersionedAccountTable.NAME, key, "version");
      assertCorrupt(
          () -> accounts.scanAll().filter(a -> a.accountId().equals(id)).toList(),
          VersionedAccountTable.NAME,
          key,
          "version");
      accounts.delete(id);
      assertTrue(accounts.get(id).isEmpty(), "a delete removes what no read decodes");
    }
  }

  /**
   * Reads select the columns the entity can hold and those widekey writes, nothing else: a cell
   * another writer left in the row (a large one here) is never fetched, and the entity reads as
   * written.
   */
  @Test
  void readsFetchOnlyTheColumnsTheEntityHolds() {
    long id = 8_150;
    ColdItem item = new ColdItem(id, 4, new BigDecimal("3.25"), "its own text");
    items.put(item);
    PrimaryKey key = ColdItemKeys.primaryKey(id);
    Row stored = store().get(ColdItemTable.NAME, key, ColumnSelection.all()).orElseThrow();
    Map<String, AttrValue> columns = new LinkedHashMap<>(stored.columns());
    columns.put("junk", AttrValue.ofBinary(new byte[1 << 20]));
    store().put(ColdItemTable.NAME, Row.of(key, columns));
    List<String> asked = new ArrayList<>();
    WideTableStore recording =
        new ForwardingStore(store()) {
          @Override
          public Optional<Row> get(String table, PrimaryKey k, ColumnSelection selection) {
            asked.add(table + " " + selection);
            return super.get(table, k, selection);
          }

          @Override
          public Stream<Row> scan(String table, ScanRange range) {
            asked.add(table + " " + range.columns());
            return super.scan(table, range);
          }
        };
    ColdItemRepository reading = new ColdItemRepository(recording);
    assertEquals(item, reading.getWithCold(id).orElseThrow());
    assertEquals(
        List.of(new ColdItem(id, 4, new BigDecimal("3.25"), null)),
        reading.scanAll().filter(i -> i.itemId() == id).toList());
    assertFalse(asked.isEmpty());
    for (String read : asked) {
      assertFalse(read.contains("junk"), read);
      assertFalse(read.endsWith(ColumnSelection.all().toString()), "names its columns: " + read);
    }
  }

  /** The last version reads as an entity, and no write follows it: nothing past it is stored. */
  @Test
  void theLastVersionReadsAndIsNotWrittenPast() {
    String id = "lastversion";
    accounts.put(new VersionedAccount(id, 100, 0, "statement"));
    PrimaryKey key = VersionedAccountKeys.primaryKey(id);
    Row stored = store().get(VersionedAccountTable.NAME, key, ColumnSelection.all()).orElseThrow();
    Map<String, AttrValue> columns = new LinkedHashMap<>(stored.columns());
    long last = Long.MAX_VALUE - 1;
    columns.put("version", AttrValue.ofInteger(last));
    store().put(VersionedAccountTable.NAME, Row.of(key, columns));
    VersionedAccount read = accounts.getWithCold(id).orElseThrow();
    assertEquals(last, read.version());
    RuleViolationException e = assertThrows(RuleViolationException.class, () -> accounts.put(read));
    assertEquals(Rule.WK208.name(), e.rule());
    assertTrue(e.getMessage().contains("last version"), e.getMessage());
    assertEquals(last, accounts.get(id).orElseThrow().version(), "nothing written");
  }

  @Test
  void aDeleteRemovesRowsItCannotDecode() {
    Map<String, Map<String, AttrValue>> forgeries = new LinkedHashMap<>();
    forgeries.put("tag", with(SplitTableRepository.COLD_TAG, AttrValue.ofString("x")));
    forgeries.put("cold marker", with(SplitTableRepository.COLD_MARKER, AttrValue.ofInteger(2)));
    forgeries.put("row marker", with(SplitTableRepository.ROW_MARKER, AttrValue.ofString("y")));
    forgeries.put("value", with("quantity", AttrValue.ofString("three")));
    long id = 8_140;
    for (Map.Entry<String, Map<String, AttrValue>> f : forgeries.entrySet()) {
      Row hot = itemRow(id, f.getValue());
      store().put(ColdItemTable.NAME, hot);
      assertThrows(StoreException.class, () -> items.getWithCold(hot.key().get(0).asLong()));
      long forgedId = id;
      items.delete(forgedId);
      assertTrue(
          store().get(ColdItemTable.NAME, hot.key(), ColumnSelection.all()).isEmpty(),
          "the forged row (" + f.getKey() + ") is deleted");
      assertTrue(items.getWithCold(forgedId).isEmpty());
      // and the entity can be written again
      items.put(new ColdItem(forgedId, 1, new BigDecimal("2.00"), "again"));
      assertEquals("again", items.getWithCold(forgedId).orElseThrow().description());
      id++;
    }
  }
}
