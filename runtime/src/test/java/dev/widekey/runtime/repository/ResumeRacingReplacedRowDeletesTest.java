package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.ChunkRowsTest.Page;
import dev.widekey.runtime.repository.ChunkRowsTest.PageRepository;
import dev.widekey.runtime.repository.ConditionalWritesTest.Note;
import dev.widekey.runtime.repository.ConditionalWritesTest.NoteRepository;
import dev.widekey.runtime.repository.IndexRowsTest.IndexCheck;
import dev.widekey.runtime.repository.Tagged.Item;
import dev.widekey.runtime.repository.Tagged.Items;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.FakeTime;
import dev.widekey.runtime.store.fault.FaultInjectingStore;
import dev.widekey.runtime.write.BulkWriteException;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.BulkWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Adversary: a stream import's hot put is applied but its answer lost, and the import stops. Client
 * C then replaces that write with a single put and pauses between its commit and its deletes of the
 * rows it replaced, which are the stopped write's cold, chunk and index rows. The import is resumed
 * while C is paused, and commits; then C's deletes land. The resume is the last write in real time,
 * so the entity must read as the resume's write, entire: never {@code CORRUPT_DATA} (a committed
 * hot row naming a cold or chunk row C deleted), never missing from its index, and with no row left
 * that no hot row names.
 */
class ResumeRacingReplacedRowDeletesTest {

  /**
   * {@code store}, on whose first delete (a row of any table but {@code hotTable}) {@code
   * meanwhile} runs, once, before the delete: the writer using it paused after its commit, before
   * the deletes of the rows it replaced (the embedded store deletes them inline, on the writer's
   * thread).
   */
  private static WideTableStore pausedBeforeDeletes(
      WideTableStore store, String hotTable, Runnable meanwhile) {
    AtomicBoolean paused = new AtomicBoolean();
    return new ForwardingStore(store) {
      @Override
      public void delete(String table, PrimaryKey key) {
        if (!table.equals(hotTable) && paused.compareAndSet(false, true)) {
          meanwhile.run();
        }
        super.delete(table, key);
      }
    };
  }

  /** The import's writer: stops as soon as a batch is to be retried (an answer was lost). */
  private static BulkWriter stopping(WideTableStore store) {
    return BulkWriter.builder(store)
        .workers(1)
        .maxBatchRows(1)
        .retryPolicy(policy())
        .progress(
            p -> {
              if (p.retries() > 0) {
                throw new IllegalStateException("listener stops the import");
              }
            })
        .build();
  }

  private static BulkWriter writer(WideTableStore store) {
    return BulkWriter.builder(store).workers(1).retryPolicy(policy()).build();
  }

  private static RetryPolicy policy() {
    FakeTime time = new FakeTime();
    return RetryPolicy.builder()
        .maxAttempts(6)
        .baseDelay(Duration.ZERO)
        .maxDelay(Duration.ZERO)
        .clock(time)
        .sleeper(time)
        .build();
  }

  /** A store losing the answer of every put of entity 1's hot row while {@code lose} is set. */
  private static FaultInjectingStore losingHotAnswers(
      WideTableStore store, String hotTable, AtomicBoolean lose) {
    return FaultInjectingStore.builder(store)
        .script(
            op ->
                lose.get()
                        && op instanceof WriteOp.Put p
                        && p.table().equals(hotTable)
                        && p.key().get(0).asLong() == 1
                    ? FaultInjectingStore.Fault.ANSWER_LOST
                    : FaultInjectingStore.Fault.NONE)
        .build();
  }

  /** Runs {@code importing}, which must stop with one outcome-unknown operation. */
  private static BulkWriteResult stops(Supplier<BulkWriteResult> importing) {
    BulkWriteException e = assertThrows(BulkWriteException.class, importing::get);
    BulkWriteResult stopped = e.partialResult();
    assertEquals(1, stopped.unknown(), stopped::toString);
    return stopped;
  }

  private static long rows(WideTableStore store, String table, int keyColumns) {
    try (Stream<Row> rows = store.scan(table, ScanRange.all(keyColumns))) {
      return rows.count();
    }
  }

  @Test
  void aResumeCommittingWhileAnotherClientIsToDeleteTheStoppedWritesColdRowKeepsItsOwn() {
    resumeWhileAnotherClientIsPaused(false);
  }

  /** The same, with the entity deleted after C's write, so that the resume reads it absent. */
  @Test
  void aResumeOfAnEntityDeletedSinceKeepsItsOwnColdRow() {
    resumeWhileAnotherClientIsPaused(true);
  }

  private void resumeWhileAnotherClientIsPaused(boolean deletedSince) {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      NoteRepository direct = new NoteRepository(embedded, false);
      direct.createTables();
      direct.put(new Note(1, "one", "body one", 0));
      AtomicBoolean lose = new AtomicBoolean(true);
      FaultInjectingStore faults = losingHotAnswers(embedded, "notes", lose);
      NoteRepository importing = new NoteRepository(faults, false);
      List<Note> input = List.of(new Note(1, "imported", "imported body", 0));
      BulkWriteResult stopped = stops(() -> importing.putAll(input.stream(), stopping(faults)));
      lose.set(false);
      assertEquals(input.get(0), direct.getWithCold(1).orElseThrow(), "the hot put was applied");

      BulkWriteResult[] resumed = new BulkWriteResult[1];
      NoteRepository other =
          new NoteRepository(
              pausedBeforeDeletes(
                  embedded,
                  "notes",
                  () -> {
                    if (deletedSince) {
                      direct.remove(TestRows.key(1));
                    }
                    resumed[0] =
                        importing.putAll(
                            input.stream().skip(stopped.resumePosition()), writer(faults), stopped);
                  }),
              false);
      other.put(new Note(1, "by another client", "another body", 0));

      assertEquals(0, resumed[0].failed(), resumed[0]::toString);
      assertEquals(input.get(0), direct.getWithCold(1).orElseThrow());
      assertEquals(1, rows(embedded, "notes_cold", 2), "no cold row that no hot row names");
    }
  }

  /**
   * The stopped hot put's request was lost, not its answer: the resume cannot tell, writes the
   * entity under a tag of its own, and deletes the cold row the stopped write stored under its tag,
   * which no hot row names; one cold row is left, the committed one's.
   */
  @Test
  void aResumeOfAHotPutThatNeverLandedLeavesNoColdRowUnnamed() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      NoteRepository direct = new NoteRepository(embedded, true);
      direct.createTables();
      Note first = direct.put(new Note(1, "one", "body one", 0));
      AtomicBoolean lose = new AtomicBoolean(true);
      FaultInjectingStore faults =
          FaultInjectingStore.builder(embedded)
              .script(
                  op ->
                      lose.get() && op instanceof WriteOp.Put p && p.table().equals("notes")
                          ? FaultInjectingStore.Fault.REQUEST_LOST
                          : FaultInjectingStore.Fault.NONE)
              .build();
      NoteRepository importing = new NoteRepository(faults, true);
      List<Note> input = List.of(new Note(1, "imported", "imported body", first.version()));
      BulkWriteResult stopped = stops(() -> importing.putAll(input.stream(), stopping(faults)));
      lose.set(false);
      assertEquals(first, direct.getWithCold(1).orElseThrow(), "the hot put never landed");
      assertEquals(2, rows(embedded, "notes_cold", 2), "the stopped write's cold row is stored");

      BulkWriteResult resumed =
          importing.putAll(input.stream().skip(stopped.resumePosition()), writer(faults), stopped);

      assertTrue(resumed.allAcknowledged(), resumed::toString);
      assertEquals(
          new Note(1, "imported", "imported body", first.version() + 1),
          direct.getWithCold(1).orElseThrow());
      assertEquals(1, rows(embedded, "notes_cold", 2), "no cold row that no hot row names");
    }
  }

  /**
   * A resume of a resume: the import stops, C1 replaces its write and pauses before its deletes;
   * the resume's own hot put is applied with its answer lost, and it stops too; C2 replaces that
   * write and pauses likewise; the second resume commits, then C2's deletes land, then C1's.
   */
  @Test
  void aResumeOfAResumeKeepsItsRowsWhileTwoClientsAreToDeleteTheEarlierOnes() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      NoteRepository direct = new NoteRepository(embedded, false);
      direct.createTables();
      direct.put(new Note(1, "one", "body one", 0));
      AtomicBoolean lose = new AtomicBoolean(true);
      FaultInjectingStore faults = losingHotAnswers(embedded, "notes", lose);
      NoteRepository importing = new NoteRepository(faults, false);
      List<Note> input = List.of(new Note(1, "imported", "imported body", 0));
      BulkWriteResult stopped = stops(() -> importing.putAll(input.stream(), stopping(faults)));

      BulkWriteResult[] last = new BulkWriteResult[1];
      Runnable secondResume =
          () ->
              last[0] =
                  importing.putAll(
                      input.stream().skip(last[0].resumePosition()), writer(faults), last[0]);
      Runnable firstResume =
          () -> {
            lose.set(true);
            last[0] =
                stops(
                    () ->
                        importing.putAll(
                            input.stream().skip(stopped.resumePosition()),
                            stopping(faults),
                            stopped));
            lose.set(false);
            assertEquals(input.get(0), direct.getWithCold(1).orElseThrow());
            new NoteRepository(pausedBeforeDeletes(embedded, "notes", secondResume), false)
                .put(new Note(1, "by client 2", "body 2", 0));
          };
      lose.set(false);
      new NoteRepository(pausedBeforeDeletes(embedded, "notes", firstResume), false)
          .put(new Note(1, "by client 1", "body 1", 0));

      assertEquals(0, last[0].failed(), last[0]::toString);
      assertEquals(0, last[0].unknown() + last[0].notAttempted(), last[0]::toString);
      assertEquals(input.get(0), direct.getWithCold(1).orElseThrow());
      assertEquals(1, rows(embedded, "notes_cold", 2), "no cold row that no hot row names");
    }
  }

  /**
   * One stopped result resumed twice, one resume after the other (a caller retrying a resume that
   * in fact finished): the stopped hot put's request was lost, so both resumes write the entity
   * anew. The second reads the first's commit as another client's write and replaces it, deleting
   * the rows that write named; its own must survive that.
   */
  @Test
  void aResultResumedTwiceInTurnLeavesTheEntityWholeAndNoRowUnnamed() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      NoteRepository direct = new NoteRepository(embedded, false);
      direct.createTables();
      direct.put(new Note(1, "one", "body one", 0));
      AtomicBoolean lose = new AtomicBoolean(true);
      FaultInjectingStore faults = losingHotRequests(embedded, "notes", lose);
      NoteRepository importing = new NoteRepository(faults, false);
      List<Note> input = List.of(new Note(1, "imported", "imported body", 0));
      BulkWriteResult stopped = stops(() -> importing.putAll(input.stream(), stopping(faults)));
      lose.set(false);

      for (int resume = 1; resume <= 2; resume++) {
        BulkWriteResult r =
            importing.putAll(
                input.stream().skip(stopped.resumePosition()), writer(faults), stopped);
        assertTrue(r.allAcknowledged(), r::toString);
        assertEquals(input.get(0), direct.getWithCold(1).orElseThrow(), "after resume " + resume);
        assertEquals(1, rows(embedded, "notes_cold", 2), "no cold row that no hot row names");
      }
    }
  }

  /**
   * One stopped result resumed twice (two processes resuming the same saved result): the first
   * resume commits the entity anew; client C replaces that write and pauses before deleting the
   * rows it named; the second resume of the same result commits meanwhile, then C's deletes land.
   * The second resume is the last write, so the entity reads as its write, entire.
   */
  @Test
  void aSecondResumeOfOneResultKeepsItsRowsWhileAnotherClientIsToDeleteTheFirstResumesRows() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      NoteRepository direct = new NoteRepository(embedded, false);
      direct.createTables();
      direct.put(new Note(1, "one", "body one", 0));
      AtomicBoolean lose = new AtomicBoolean(true);
      FaultInjectingStore faults = losingHotRequests(embedded, "notes", lose);
      NoteRepository importing = new NoteRepository(faults, false);
      List<Note> input = List.of(new Note(1, "imported", "imported body", 0));
      BulkWriteResult stopped = stops(() -> importing.putAll(input.stream(), stopping(faults)));
      lose.set(false);
      BulkWriteResult first =
          importing.putAll(input.stream().skip(stopped.resumePosition()), writer(faults), stopped);
      assertTrue(first.allAcknowledged(), first::toString);

      BulkWriteResult[] second = new BulkWriteResult[1];
      new NoteRepository(
              pausedBeforeDeletes(
                  embedded,
                  "notes",
                  () ->
                      second[0] =
                          importing.putAll(
                              input.stream().skip(stopped.resumePosition()),
                              writer(faults),
                              stopped)),
              false)
          .put(new Note(1, "by another client", "another body", 0));

      assertTrue(second[0].allAcknowledged(), second[0]::toString);
      assertEquals(input.get(0), direct.getWithCold(1).orElseThrow());
      assertEquals(1, rows(embedded, "notes_cold", 2), "no cold row that no hot row names");
    }
  }

  /**
   * The same race for an entity the stopped import never read: its input fails before entity 2. The
   * first resume writes entity 2; C replaces that write and pauses before its deletes; a second
   * resume of the same result writes entity 2 meanwhile; then C's deletes land.
   */
  @Test
  void aSecondResumeOfOneResultKeepsTheRowsOfAnEntityTheStoppedImportNeverRead() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      NoteRepository notes = new NoteRepository(embedded, false);
      notes.createTables();
      notes.put(new Note(2, "two", "body two", 0));
      List<Note> input =
          List.of(new Note(1, "imported", "imported body", 0), new Note(2, "second", "body 2", 0));
      Stream<Note> failing =
          input.stream()
              .map(
                  n -> {
                    if (n.id() == 2) {
                      throw new IllegalStateException("the input fails");
                    }
                    return n;
                  });
      BulkWriteResult stopped =
          assertThrows(BulkWriteException.class, () -> notes.putAll(failing, writer(embedded)))
              .partialResult();
      assertTrue(stopped.elementsRead() <= 1, stopped::toString);
      BulkWriteResult first =
          notes.putAll(input.stream().skip(stopped.resumePosition()), writer(embedded), stopped);
      assertTrue(first.allAcknowledged(), first::toString);

      BulkWriteResult[] second = new BulkWriteResult[1];
      new NoteRepository(
              pausedBeforeDeletes(
                  embedded,
                  "notes",
                  () ->
                      second[0] =
                          notes.putAll(
                              input.stream().skip(stopped.resumePosition()),
                              writer(embedded),
                              stopped)),
              false)
          .put(new Note(2, "by another client", "another body", 0));

      assertTrue(second[0].allAcknowledged(), second[0]::toString);
      assertEquals(input.get(0), notes.getWithCold(1).orElseThrow());
      assertEquals(input.get(1), notes.getWithCold(2).orElseThrow());
      assertEquals(2, rows(embedded, "notes_cold", 2), "no cold row that no hot row names");
    }
  }

  /** A store losing the request of every put of entity 1's hot row while {@code lose} is set. */
  private static FaultInjectingStore losingHotRequests(
      WideTableStore store, String hotTable, AtomicBoolean lose) {
    return FaultInjectingStore.builder(store)
        .script(
            op ->
                lose.get()
                        && op instanceof WriteOp.Put p
                        && p.table().equals(hotTable)
                        && p.key().get(0).asLong() == 1
                    ? FaultInjectingStore.Fault.REQUEST_LOST
                    : FaultInjectingStore.Fault.NONE)
        .build();
  }

  /**
   * An indexed entity without a cold table: C moves it to another value, so its deletes are the
   * stopped write's index row; the entity stays at the resume's value in the index, once.
   */
  @Test
  void aResumeKeepsItsIndexRowWhileAnotherClientIsToDeleteTheStoppedWritesOne() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      Items direct = new Items(embedded, false);
      direct.createTables();
      direct.put(new Item(1, "red", "first", null));
      AtomicBoolean lose = new AtomicBoolean(true);
      FaultInjectingStore faults = losingHotAnswers(embedded, Tagged.HOT, lose);
      Items importing = new Items(faults, false);
      List<Item> input = List.of(new Item(1, "green", "imported", null));
      BulkWriteResult stopped = stops(() -> importing.putAll(input.stream(), stopping(faults)));
      lose.set(false);

      BulkWriteResult[] resumed = new BulkWriteResult[1];
      new Items(
              pausedBeforeDeletes(
                  embedded,
                  Tagged.HOT,
                  () ->
                      resumed[0] =
                          importing.putAll(
                              input.stream().skip(stopped.resumePosition()),
                              writer(faults),
                              stopped)),
              false)
          .put(new Item(1, "blue", "by another client", null));

      assertEquals(0, resumed[0].failed(), resumed[0]::toString);
      assertEquals(List.of(), IndexCheck.anomalies(direct));
      assertEquals(input.get(0), direct.get(1).orElseThrow());
      assertEquals(1, rows(embedded, Tagged.BY_TAG.table().name(), 2), "index rows");
    }
  }

  /** An entity whose values are chunk rows, without a cold row: C's deletes are its chunk rows. */
  @Test
  void aResumeKeepsItsChunkRowsWhileAnotherClientIsToDeleteTheStoppedWritesOnes() {
    try (EmbeddedStore embedded = EmbeddedStore.builder().limits(ChunkRowsTest.SMALL).build()) {
      PageRepository direct = new PageRepository(embedded);
      direct.createTables();
      direct.put(new Page(1, "a".repeat(200), null, null));
      AtomicBoolean lose = new AtomicBoolean(true);
      FaultInjectingStore faults = losingHotAnswers(embedded, "pages", lose);
      PageRepository importing = new PageRepository(faults);
      Page imported = new Page(1, "c".repeat(200), new byte[150], null);
      List<Page> input = List.of(imported);
      BulkWriteResult stopped = stops(() -> importing.putAll(input.stream(), stopping(faults)));
      lose.set(false);

      BulkWriteResult[] resumed = new BulkWriteResult[1];
      new PageRepository(
              pausedBeforeDeletes(
                  embedded,
                  "pages",
                  () ->
                      resumed[0] =
                          importing.putAll(
                              input.stream().skip(stopped.resumePosition()),
                              writer(faults),
                              stopped)))
          .put(new Page(1, "e".repeat(200), null, null));

      assertEquals(0, resumed[0].failed(), resumed[0]::toString);
      Page read = direct.getWithCold(1).orElseThrow();
      assertEquals(imported.a(), read.a());
      assertArrayEquals(imported.b(), read.b());
      assertEquals(null, read.body());
      // only the resume's chunk rows are left: as many as its hot row counts
      long parts =
          embedded
              .get("pages", TestRows.key(1), ColumnSelection.all())
              .orElseThrow()
              .get(ChunkRows.PARTS)
              .asLong();
      assertTrue(parts > 1, "the page is stored in chunk rows");
      assertEquals(parts, rows(embedded, "pages_chunks", 3), "chunk rows");
    }
  }
}
