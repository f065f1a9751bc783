package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * On a store that computes rows ({@link WideTableStore#computesRows()}, the embedded store) a write
 * commits in one call that decides on the commit point the store hands over: no read first, and the
 * same outcomes as the compare-and-set path (a refused write leaves nothing, a replaced write's
 * rows are deleted, an index value kept keeps its row, one moved takes the compare-and-set path).
 */
class ComputedCommitTest {
  private final EmbeddedStore embedded = EmbeddedStore.inMemory();
  private final Calls store = new Calls(embedded);

  /** Forwards row computations and records each call as "kind table". */
  static final class Calls extends ForwardingStore {
    final List<String> calls = new ArrayList<>();

    Calls(WideTableStore delegate) {
      super(delegate);
    }

    synchronized List<String> take() {
      List<String> out = List.copyOf(calls);
      calls.clear();
      return out;
    }

    @Override
    public boolean computesRows() {
      return delegate.computesRows();
    }

    @Override
    public synchronized Optional<Row> computeRow(
        String table,
        PrimaryKey key,
        ColumnSelection columns,
        Function<Optional<Row>, Row> compute) {
      calls.add("compute " + table);
      return delegate.computeRow(table, key, columns, compute);
    }

    @Override
    public synchronized Optional<Row> getAndDelete(
        String table, PrimaryKey key, ColumnSelection columns) {
      calls.add("getAndDelete " + table);
      return delegate.getAndDelete(table, key, columns);
    }

    @Override
    public synchronized Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
      calls.add("get " + table);
      return super.get(table, key, columns);
    }

    @Override
    public synchronized void put(String table, Row row) {
      calls.add("put " + table);
      super.put(table, row);
    }

    @Override
    public synchronized void delete(String table, PrimaryKey key) {
      calls.add("delete " + table);
      super.delete(table, key);
    }

    @Override
    public synchronized List<WriteOutcome> batchWrite(List<WriteOp> ops) {
      for (WriteOp op : ops) {
        calls.add(
            (op instanceof WriteOp.Put ? "put " : "delete ")
                + op.table()
                + (op.condition().isNone() ? "" : " if"));
      }
      return super.batchWrite(ops);
    }
  }

  @AfterEach
  void close() {
    embedded.close();
  }

  private List<Row> rows(String table) {
    int columns = embedded.describeTable(table).orElseThrow().primaryKey().size();
    try (var rows = embedded.scan(table, ScanRange.all(columns))) {
      return rows.toList();
    }
  }

  @Test
  void aRewriteOfASplitEntityIsItsColdRowAndOneComputedCommitThenTheReplacedColdRowsDelete() {
    var notes = new ConditionalWritesTest.NoteRepository(store, false);
    notes.createTables();
    notes.put(new ConditionalWritesTest.Note(1, "t1", "body 1", 0));
    store.take();
    notes.put(new ConditionalWritesTest.Note(1, "t2", "body 2", 0));
    assertEquals(
        List.of("put notes_cold", "compute notes", "delete notes_cold"),
        store.take(),
        "no read of the commit point, no compare-and-set");
    assertEquals("body 2", notes.getWithCold(1).orElseThrow().body());
    assertEquals(1, rows("notes_cold").size(), "the replaced write's cold row is gone");
  }

  @Test
  void aRefusedWriteLeavesNothingAndAVersionedWriteDecidesOnTheVersionHandedOver() {
    var notes = new ConditionalWritesTest.NoteRepository(store, true);
    notes.createTables();
    var first = notes.insert(new ConditionalWritesTest.Note(1, "t1", "body 1", 0));
    assertEquals(1, first.version());
    assertThrows(
        VersionConflictException.class,
        () -> notes.insert(new ConditionalWritesTest.Note(1, "again", "other body", 0)));
    assertThrows(
        VersionConflictException.class,
        () -> notes.put(new ConditionalWritesTest.Note(1, "stale", "stale body", 5)));
    assertEquals(List.of("body 1"), bodies(), "refused writes' cold rows are deleted");
    var updated = notes.put(new ConditionalWritesTest.Note(1, "t2", "body 2", 1));
    assertEquals(2, updated.version());
    assertEquals("body 2", notes.getWithCold(1).orElseThrow().body());
    assertEquals(List.of("body 2"), bodies());
    assertThrows(
        StoreException.class,
        () -> notes.update(new ConditionalWritesTest.Note(2, "none", "absent", 0)),
        "an update of an absent entity is refused");
    assertEquals(List.of("body 2"), bodies());
  }

  @Test
  void aRowWithoutTheCommitPointsColumnsIsPresent() {
    var notes = new ConditionalWritesTest.NoteRepository(store, false);
    notes.createTables();
    embedded.put("notes", Row.of(TestRows.key(1), Map.of("other", AttrValue.ofString("x"))));
    assertThrows(
        StoreException.class,
        () -> notes.insert(new ConditionalWritesTest.Note(1, "t", "b", 0)),
        "another writer's row is a row: an insert is refused");
    notes.update(new ConditionalWritesTest.Note(1, "t", "b", 0));
    assertEquals("b", notes.getWithCold(1).orElseThrow().body());
  }

  @Test
  void anUnchangedIndexValueCommitsInOneCallAndAMovedOneStoresItsIndexRowFirst() {
    var items = new Tagged.Items(store, false);
    items.createTables();
    items.put(new Tagged.Item(1, "red", "a", null));
    List<PrimaryKey> red = indexKeys();
    store.take();

    items.put(new Tagged.Item(1, "red", "b", null));
    assertEquals(List.of("compute items"), store.take(), "the index row is kept, not written");
    assertEquals(red, indexKeys());

    items.put(new Tagged.Item(1, "blue", "c", null));
    assertEquals(
        List.of("compute items", "put items_by_tag", "put items if", "delete items_by_tag"),
        store.take(),
        "a moved value: its index row first, then the compare-and-set on the commit point");
    assertEquals(List.of(), ids(items.byTag("red").toList()));
    assertEquals(List.of(1L), ids(items.byTag("blue").toList()));
    assertEquals(1, indexKeys().size());
    assertTrue(store.take().stream().noneMatch(c -> c.startsWith("compute")), "reads compute none");
  }

  @Test
  void aDeleteIsOneCallHandingBackTheCommitPointThenTheDeletesOfTheRowsItNamed() {
    var items = new Tagged.Items(store, false);
    items.createTables();
    items.put(new Tagged.Item(1, "red", "a", null));
    store.take();
    items.delete(1);
    assertEquals(
        List.of("getAndDelete items", "delete items_by_tag"),
        store.take(),
        "no read of the commit point, no conditional delete");
    assertEquals(Optional.empty(), items.get(1));
    assertEquals(List.of(), indexKeys(), "the index row it named is gone");
    store.take();
    items.delete(1);
    assertEquals(List.of("getAndDelete items"), store.take(), "nothing stored: nothing more");

    var notes = new ConditionalWritesTest.NoteRepository(store, false);
    notes.createTables();
    notes.put(new ConditionalWritesTest.Note(1, "t1", "body 1", 0));
    embedded.put("notes", Row.of(TestRows.key(2), Map.of("other", AttrValue.ofString("x"))));
    store.take();
    notes.remove(TestRows.key(1));
    notes.remove(TestRows.key(2));
    assertEquals(
        List.of("getAndDelete notes", "delete notes_cold", "getAndDelete notes"),
        store.take(),
        "a row without the commit point's columns is deleted, naming nothing");
    assertEquals(List.of(), rows("notes"));
    assertEquals(List.of(), bodies());
  }

  private List<String> bodies() {
    return rows("notes_cold").stream().map(r -> r.get("body").asString()).toList();
  }

  private List<PrimaryKey> indexKeys() {
    return rows(Tagged.BY_TAG.table().name()).stream().map(Row::key).toList();
  }

  private static List<Long> ids(List<Tagged.Item> items) {
    return items.stream().map(Tagged.Item::id).toList();
  }
}
