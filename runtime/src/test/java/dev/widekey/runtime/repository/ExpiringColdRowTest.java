package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.widekey.annotations.Profile;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.MovingClock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A split entity's cold row is written before its hot row, so on a table whose rows expire it
 * expires first: the entity then reads with absent cold values, never as an error, and once the hot
 * row expires too it is gone.
 */
class ExpiringColdRowTest {
  private static final long TTL_SECONDS = 10;

  record Note(long id, String title, String body) {}

  static final class NoteRepository extends SplitTableRepository<Note> {
    NoteRepository(WideTableStore store) {
      super(store, spec("notes"), ColdRows.tableSpec("notes_cold", spec("notes")));
    }

    private static TableSpec spec(String name) {
      return TestRows.table(name, 10, 1).withProfile(Profile.HBASE).withTtlSeconds(TTL_SECONDS);
    }

    @Override
    protected PrimaryKey keyOf(Note note) {
      return TestRows.key(note.id());
    }

    @Override
    protected Map<String, AttrValue> hotColumns(Note note) {
      return Map.of("title", AttrValue.ofString(note.title()));
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
  }

  private final MovingClock clock = new MovingClock();
  private EmbeddedStore store;
  private NoteRepository notes;

  @BeforeEach
  void open() {
    store = EmbeddedStore.builder().clock(clock).build();
    // each write takes a second, so the hot row is written a second after its cold row
    WideTableStore slowWrites =
        new ForwardingStore(store) {
          @Override
          public void put(String table, Row row) {
            super.put(table, row);
            clock.advanceSeconds(1);
          }

          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            List<WriteOutcome> outcomes = super.batchWrite(ops);
            clock.advanceSeconds(1);
            return outcomes;
          }
        };
    notes = new NoteRepository(slowWrites);
    notes.createTables();
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void anExpiredColdRowReadsAsAbsentColdValues() {
    notes.put(new Note(1, "title", "body")); // cold at t, hot at t + 1
    assertEquals(Optional.of(new Note(1, "title", "body")), notes.getWithCold(1));

    clock.advanceSeconds(TTL_SECONDS - 2); // now t + 10: the cold row expired, the hot row not yet
    assertEquals(Optional.of(new Note(1, "title", null)), notes.getWithCold(1));

    clock.advanceSeconds(1);
    assertEquals(Optional.empty(), notes.getWithCold(1));
    assertEquals(0L, store.partitionStats("notes").get(0).rows());
    assertEquals(0L, store.partitionStats("notes_cold").get(0).rows());
  }
}
