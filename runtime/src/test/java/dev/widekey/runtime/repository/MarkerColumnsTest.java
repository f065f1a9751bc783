package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The hot row's marker columns and what a reader makes of them: {@code wk_cold = true} means a cold
 * row exists; absent or {@code false}, that none does; {@code wk_row = true} marks a row with no
 * hot attribute. Any other value was not written by widekey and is a typed error.
 */
class MarkerColumnsTest {
  /** A hand-written entity: a hot title and a cold body. */
  record Note(long id, String title, String body) {}

  static final class NoteRepository extends SplitTableRepository<Note> {
    NoteRepository(WideTableStore store) {
      super(
          store,
          TestRows.table("notes", 10, 1),
          ColdRows.tableSpec("notes_cold", TestRows.table("notes", 10, 1)));
    }

    @Override
    protected PrimaryKey keyOf(Note note) {
      return TestRows.key(note.id());
    }

    @Override
    protected Map<String, AttrValue> hotColumns(Note note) {
      Map<String, AttrValue> columns = new LinkedHashMap<>();
      if (note.title() != null) {
        columns.put("title", AttrValue.ofString(note.title()));
      }
      return columns;
    }

    @Override
    protected Map<String, AttrValue> coldColumns(Note note) {
      return note.body() == null ? Map.of() : Map.of("body", AttrValue.ofString(note.body()));
    }

    @Override
    protected Note toEntity(PrimaryKey key, Row hot, Row cold) {
      return new Note(
          key.get(0).asLong(),
          Columns.getString(hot, "title"),
          cold == null ? null : Columns.getString(cold, "body"));
    }

    Optional<Note> getWithCold(long id) {
      return find(TestRows.key(id), true);
    }

    Optional<Note> get(long id) {
      return find(TestRows.key(id), false);
    }
  }

  private EmbeddedStore store;
  private NoteRepository notes;

  @BeforeEach
  void open() {
    store = EmbeddedStore.inMemory();
    notes = new NoteRepository(store);
    notes.createTables();
  }

  @AfterEach
  void close() {
    store.close();
  }

  private void rawHot(long id, Map<String, AttrValue> columns) {
    store.put("notes", Row.of(TestRows.key(id), columns));
  }

  private static void assertCorrupt(StoreException e, String column) {
    assertEquals(ErrorKind.CORRUPT_DATA, e.kind(), e.getMessage());
    assertFalse(e.retryable());
    assertTrue(e.getMessage().contains("notes"), e.getMessage());
    assertTrue(e.getMessage().contains(column), e.getMessage());
  }

  @Test
  void whatWidekeyWritesReadsBack() {
    notes.put(new Note(1, "t", "b"));
    assertEquals(
        AttrValue.ofBoolean(true),
        store.get("notes", TestRows.key(1), all()).get().get(SplitTableRepository.COLD_MARKER));
    assertEquals(Optional.of(new Note(1, "t", "b")), notes.getWithCold(1));
    notes.put(new Note(2, null, null));
    // the write's tag is the row's cell: no row marker is needed
    assertEquals(
        Set.of(SplitTableRepository.COLD_TAG),
        store.get("notes", TestRows.key(2), all()).get().columns().keySet());
    assertEquals(Optional.of(new Note(2, null, null)), notes.getWithCold(2));
  }

  @Test
  void coldFalseOrAbsentMeansNoColdRowAndNoColdRead() {
    // a cold row nobody points at (a crash between the writes leaves one) is not read
    store.put(
        "notes_cold",
        Row.of(
            ColdRows.key(TestRows.key(3), 5),
            Map.of(
                "body",
                AttrValue.ofString("orphan"),
                ColdRows.OWNER,
                ColdRows.owner(TestRows.key(3)))));
    rawHot(
        3,
        Map.of(
            "title",
            AttrValue.ofString("t"),
            "wk_cold",
            AttrValue.ofBoolean(false),
            SplitTableRepository.COLD_TAG,
            AttrValue.ofInteger(5)));
    assertEquals(Optional.of(new Note(3, "t", null)), notes.getWithCold(3));
    rawHot(4, Map.of("title", AttrValue.ofString("t"), "wk_cold", AttrValue.ofBoolean(false)));
    assertEquals(Optional.of(new Note(4, "t", null)), notes.getWithCold(4)); // false: no read
    rawHot(5, Map.of("title", AttrValue.ofString("t")));
    assertEquals(Optional.of(new Note(5, "t", null)), notes.getWithCold(5));
  }

  @Test
  void aColdMarkerOfAnotherTypeIsCorrupt() {
    for (AttrValue forged :
        new AttrValue[] {
          AttrValue.ofString("true"), AttrValue.ofInteger(1), AttrValue.ofBinary(new byte[] {1})
        }) {
      rawHot(6, Map.of("title", AttrValue.ofString("t"), "wk_cold", forged));
      assertCorrupt(assertThrows(StoreException.class, () -> notes.getWithCold(6)), "wk_cold");
      assertCorrupt(assertThrows(StoreException.class, () -> notes.get(6)), "wk_cold");
    }
  }

  @Test
  void aRowMarkerOtherThanTrueIsCorrupt() {
    rawHot(7, Map.of("wk_row", AttrValue.ofBoolean(true), "title", AttrValue.ofString("t")));
    assertEquals(Optional.of(new Note(7, "t", null)), notes.get(7));
    for (AttrValue forged :
        new AttrValue[] {
          AttrValue.ofBoolean(false), AttrValue.ofString("true"), AttrValue.ofInteger(1)
        }) {
      rawHot(8, Map.of("wk_row", forged));
      assertCorrupt(assertThrows(StoreException.class, () -> notes.get(8)), "wk_row");
      assertCorrupt(assertThrows(StoreException.class, () -> notes.scanAll().count()), "wk_row");
    }
  }

  @Test
  void aColdMarkerWithoutAColdRowIsStillAnError() {
    rawHot(9, Map.of("wk_cold", AttrValue.ofBoolean(true)));
    StoreException e = assertThrows(StoreException.class, () -> notes.getWithCold(9));
    assertFalse(e.retryable());
    assertNull(notes.get(9).orElseThrow().body());
  }

  private static dev.widekey.runtime.store.ColumnSelection all() {
    return dev.widekey.runtime.store.ColumnSelection.all();
  }
}
