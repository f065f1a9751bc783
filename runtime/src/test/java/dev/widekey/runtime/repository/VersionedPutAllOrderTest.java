package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.Profile;
import dev.widekey.runtime.repository.ConditionalWritesTest.Note;
import dev.widekey.runtime.repository.ConditionalWritesTest.NoteRepository;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.write.BulkWriteFailure;
import dev.widekey.runtime.write.BulkWriteResult;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Versioned {@code putAll} with an entity over the batch byte bound (written alone): input order
 * holds, a conflict is that entity's outcome, and every operation is counted (the scenario
 * 5).
 */
class VersionedPutAllOrderTest {
  private static final String MB_1_5 = "t".repeat(1_572_864);
  private static final String MB_3 = "b".repeat(3 * 1_048_576);

  private final EmbeddedStore store = EmbeddedStore.inMemory();
  private final NoteRepository notes =
      new NoteRepository(store, true, TestRows.table("notes", 10, 1).withProfile(Profile.HBASE));

  @AfterEach
  void close() {
    store.close();
  }

  private static Note large(long id, long version) {
    return new Note(id, MB_1_5, MB_3, version);
  }

  private static void assertSame(Note want, Note got) {
    assertTrue(
        want.equals(got),
        () -> "got version " + got.version() + ", not the expected " + want.version());
  }

  @Test
  void aLargeEntityAfterASmallOneOfItsKeyIsWrittenAfterIt() {
    notes.createTables();
    assertTrue(notes.prepare(large(1, 1)).sizeInBytes() > store.limits().maxBatchBytes());

    BulkWriteResult r = notes.putAll(List.of(new Note(1, "small", "b", 0), large(1, 1)));

    assertEquals(0, r.failed(), r::toString);
    assertSame(large(1, 2), notes.getWithCold(1).orElseThrow());
    // small: cold put and commit; large: two chunk rows of its 3 MB body, cold put, commit,
    // delete of the small one's cold row
    assertEquals(7, r.total(), r::toString);
    assertEquals(7, r.acknowledged(), r::toString);
  }

  @Test
  void aStaleLargeEntityIsOneFailedOutcomeAndTheOthersAreWritten() {
    notes.createTables();
    notes.put(new Note(1, "stored", "b", 0)); // version 1

    BulkWriteResult r =
        notes.putAll(
            List.of(new Note(2, "two", null, 0), large(1, 0), new Note(3, "three", null, 0)));

    assertEquals(new Note(2, "two", null, 1), notes.getWithCold(2).orElseThrow());
    assertEquals(new Note(3, "three", null, 1), notes.getWithCold(3).orElseThrow());
    assertEquals(new Note(1, "stored", "b", 1), notes.getWithCold(1).orElseThrow());
    List<BulkWriteFailure> failures = r.failures();
    assertEquals(1, failures.get(0).position(), r::toString);
    assertEquals(ErrorKind.CONDITION_FAILED, failures.get(0).error().kind(), r::toString);
    // the stale entity's cold row, stored first, went again
    try (var cold = store.scan("notes_cold", dev.widekey.runtime.store.ScanRange.all(2))) {
      assertEquals(1, cold.count());
    }
  }
}
