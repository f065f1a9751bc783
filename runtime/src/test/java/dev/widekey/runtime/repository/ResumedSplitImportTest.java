package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.widekey.runtime.repository.ConditionalWritesTest.Note;
import dev.widekey.runtime.repository.ConditionalWritesTest.NoteRepository;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.retry.RetryingStore;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.FakeTime;
import dev.widekey.runtime.store.fault.FaultInjectingStore;
import dev.widekey.runtime.store.fault.FaultInjectingStore.Script;
import dev.widekey.runtime.write.BulkWriteException;
import dev.widekey.runtime.write.BulkWriteFailure;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.BulkWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * A split entity's stream import ({@code putAll(stream, writer)}) stopped at each of its batches in
 * turn, with the batch's answer delivered or lost, and resumed through the repository ({@code
 * putAll(rest, writer, stopped)}): the store holds the rows one uninterrupted import of the same
 * input, planned from the same seed, stores, but for the write tags of the entities a resume writes
 * (under a seed of its own), and no row that no hot row names; an entity whose commit the stopped
 * import applied keeps its tag (recognised, not written again); no entity fails against its own
 * earlier write; every operation of unknown outcome is reported so.
 */
class ResumedSplitImportTest {
  private static final long SEED = 0x5EED_0F_1EAFL;
  private static final long INITIAL_SEED = 0x1417_1A1L;
  private static final List<String> TABLES = List.of("notes", "notes_cold");

  /** Stored before the import, the same in every store: notes 1 and 2 with a body, 3 without. */
  private static List<Note> initial() {
    return List.of(
        new Note(1, "one", "body one", 0),
        new Note(2, "two", "body two", 0),
        new Note(3, "three", null, 0));
  }

  /**
   * The import: replaces a note with a body, adds ones with and without a body, drops a body, adds
   * one to a note without, and writes note 1 twice (the second replaces the first). 13 operations.
   */
  private static List<Note> input(boolean versioned) {
    return List.of(
        new Note(1, "one b", "body one b", 1),
        new Note(4, "four", "body four", 0),
        new Note(2, "two b", null, 1),
        new Note(1, "one c", "body one c", versioned ? 2 : 1),
        new Note(3, "three b", "body three b", 1),
        new Note(5, "five", null, 0));
  }

  private static final int OPERATIONS = 13;

  /**
   * Applies the {@code loseAt}-th batch and then throws a retryable error: its answer is lost. With
   * {@code requestLost}, throws the same error without applying it.
   */
  static final class AnswerLosingStore extends ForwardingStore {
    final AtomicInteger calls = new AtomicInteger();
    volatile int loseAt = -1;
    volatile boolean requestLost;

    AnswerLosingStore(WideTableStore delegate) {
      super(delegate);
    }

    @Override
    public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
      boolean lose = calls.incrementAndGet() == loseAt;
      if (lose && requestLost) {
        throw new StoreException(ErrorKind.UNAVAILABLE, "request lost", true, null);
      }
      List<WriteOutcome> out = super.batchWrite(ops);
      if (lose) {
        throw new StoreException(ErrorKind.UNAVAILABLE, "answer lost", true, null);
      }
      return out;
    }
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

  private final RuntimeException boom = new IllegalStateException("listener stops the import");

  /** One operation a batch, one worker; the progress listener throws after batch {@code stopAt}. */
  private BulkWriter stoppingWriter(WideTableStore store, int stopAt, int window) {
    AtomicInteger batches = new AtomicInteger();
    return BulkWriter.builder(store)
        .workers(1)
        .maxBatchRows(1)
        .window(window)
        .seed(7)
        .retryPolicy(policy())
        .progress(
            p -> {
              if (batches.incrementAndGet() == stopAt) {
                throw boom;
              }
            })
        .build();
  }

  private static BulkWriter writer(WideTableStore store) {
    return BulkWriter.builder(store).workers(2).seed(11).retryPolicy(policy()).build();
  }

  private static NoteRepository created(WideTableStore store, boolean versioned) {
    NoteRepository repo = new NoteRepository(store, versioned);
    repo.createTables();
    repo.putAllSeeded(initial().stream(), writer(store), INITIAL_SEED);
    return repo;
  }

  /** Every row of the entity's tables, a cold row without its write time (a clock's reading). */
  private static Map<String, Map<PrimaryKey, Row>> rows(WideTableStore store) {
    Map<String, Map<PrimaryKey, Row>> out = new TreeMap<>();
    for (String table : TABLES) {
      Map<PrimaryKey, Row> rows = new TreeMap<>();
      try (Stream<Row> scan = store.scan(table, ScanRange.all(table.equals("notes") ? 1 : 2))) {
        scan.forEach(
            r -> {
              Map<String, AttrValue> columns = new LinkedHashMap<>(r.columns());
              columns.remove(ColdRows.WRITTEN);
              rows.put(r.key(), Row.of(r.key(), columns));
            });
      }
      out.put(table, rows);
    }
    return out;
  }

  /**
   * What readers see of {@code rows}, and what is left for the sweep: each hot row without its
   * write tag, each cold row its hot row names under the hot row's key (tag 0), any other cold row
   * under its own key. A resume writes every entity it writes under a tag of its own, not the
   * uninterrupted import's.
   */
  private static Map<String, Map<PrimaryKey, Row>> withoutTags(
      Map<String, Map<PrimaryKey, Row>> rows) {
    Map<String, Map<PrimaryKey, Row>> out = new TreeMap<>();
    Map<PrimaryKey, Row> hot = new TreeMap<>();
    for (Row r : rows.get("notes").values()) {
      Map<String, AttrValue> columns = new LinkedHashMap<>(r.columns());
      columns.remove(SplitTableRepository.COLD_TAG);
      hot.put(r.key(), Row.of(r.key(), columns));
    }
    Map<PrimaryKey, Row> cold = new TreeMap<>();
    for (Row r : rows.get("notes_cold").values()) {
      Row owner = rows.get("notes").get(PrimaryKey.of(List.of(r.key().get(0))));
      boolean named =
          owner != null
              && r.key().get(1).asLong() == owner.get(SplitTableRepository.COLD_TAG).asLong();
      PrimaryKey key =
          named ? PrimaryKey.of(List.of(r.key().get(0), PkValue.ofInteger(0))) : r.key();
      cold.put(key, Row.of(key, r.columns()));
    }
    out.put("notes", hot);
    out.put("notes_cold", cold);
    return out;
  }

  /** What one uninterrupted import of the input stores, and its result. */
  private static Map<String, Map<PrimaryKey, Row>> uninterrupted(boolean versioned) {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      NoteRepository notes = created(store, versioned);
      BulkWriteResult r = notes.putAllSeeded(input(versioned).stream(), writer(store), SEED);
      assertEquals(OPERATIONS, r.total(), r::toString);
      assertTrue(r.allAcknowledged(), r::toString);
      return rows(store);
    }
  }

  @Test
  void aPlainImportStoppedAtEachBatchAndResumedStoresWhatOneImportWould() {
    stopAtEachBatch(false);
  }

  @Test
  void aVersionedImportStoppedAtEachBatchAndResumedStoresWhatOneImportWould() {
    stopAtEachBatch(true);
  }

  private void stopAtEachBatch(boolean versioned) {
    Map<String, Map<PrimaryKey, Row>> want = uninterrupted(versioned);
    int stopped = 0;
    for (int window : new int[] {2, 5, 64}) {
      for (Lost lost : Lost.values()) {
        for (int stopAt = 1; stopAt <= OPERATIONS; stopAt++) {
          String where =
              (versioned ? "versioned" : "plain")
                  + ", window "
                  + window
                  + switch (lost) {
                    case NOTHING -> ", after batch ";
                    case ANSWER -> ", answer of batch ";
                    case REQUEST -> ", request of batch ";
                  }
                  + stopAt;
          stopped += stopAndResume(versioned, window, lost, stopAt, -1, want, where);
        }
      }
    }
    assertTrue(stopped > 50, "only " + stopped + " imports stopped before their end");
  }

  /**
   * A resume that stops in turn, at each of its batches, is resumed from its own result; an entity
   * is written anew by each resume that writes it, under each one's own tag.
   */
  @Test
  void aResumeStoppedInTurnIsResumedFromItsOwnResult() {
    for (boolean versioned : new boolean[] {false, true}) {
      Map<String, Map<PrimaryKey, Row>> want = uninterrupted(versioned);
      for (Lost lost : List.of(Lost.ANSWER, Lost.REQUEST)) {
        for (int stopAt = 1; stopAt <= OPERATIONS; stopAt++) {
          for (int againAt = 1; againAt <= OPERATIONS; againAt++) {
            String where =
                (versioned ? "versioned" : "plain")
                    + ", "
                    + lost
                    + " lost, stop at "
                    + stopAt
                    + ", again at "
                    + againAt;
            stopAndResume(versioned, 3, lost, stopAt, againAt, want, where);
          }
        }
      }
    }
  }

  /** What of the batch the import stops at is lost. */
  private enum Lost {
    NOTHING,
    ANSWER,
    REQUEST
  }

  /**
   * Returns 1 if the import stopped before its end. {@code againAt} > 0: the resume stops too, with
   * the answer (or, for {@link Lost#REQUEST}, the request) of its batch {@code againAt} lost, and
   * is resumed from its result.
   */
  private int stopAndResume(
      boolean versioned,
      int window,
      Lost lost,
      int stopAt,
      int againAt,
      Map<String, Map<PrimaryKey, Row>> want,
      String where) {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      created(embedded, versioned);
      AnswerLosingStore store = new AnswerLosingStore(embedded);
      NoteRepository notes = new NoteRepository(store, versioned);
      List<Note> input = input(versioned);
      boolean answerLost = lost != Lost.NOTHING;
      store.loseAt = answerLost ? stopAt : -1;
      store.requestLost = lost == Lost.REQUEST;
      BulkWriteResult stopped;
      try {
        BulkWriteResult r =
            notes.putAllSeeded(input.stream(), stoppingWriter(store, stopAt, window), SEED);
        fail(where + ": the import did not stop: " + r);
        return 0;
      } catch (BulkWriteException e) {
        assertSame(boom, e.getCause(), where);
        stopped = e.partialResult();
      }
      assertConsistent(stopped, where);
      Map<PrimaryKey, Row> hotAfterStop = rows(embedded).get("notes");
      if (answerLost) {
        assertEquals(1, stopped.unknown(), () -> where + ": " + stopped);
      }
      BulkWriteResult last = stopped;
      long from = stopped.resumePosition(); // a resume's positions count from the start of its rest
      if (againAt > 0) {
        store.calls.set(0);
        store.loseAt = againAt;
        BulkWriteResult resumed;
        try {
          resumed =
              notes.putAll(input.stream().skip(from), stoppingWriter(store, againAt, window), last);
        } catch (BulkWriteException e) {
          resumed = e.partialResult();
          assertConsistent(resumed, where + ", second stop");
        }
        assertNoFailure(resumed, where + ", first resume");
        last = resumed;
        from += resumed.resumePosition();
      }
      store.loseAt = -1;
      BulkWriteResult end = notes.putAll(input.stream().skip(from), writer(store), last);
      assertNoFailure(end, where + ", resume");
      assertEquals(0, end.unknown() + end.notAttempted(), () -> where + ": " + end);
      assertEquals(end.total(), end.acknowledged(), () -> where + ": " + end);
      // what readers see, and no row left for the sweep; a resume writes under tags of its own
      Map<String, Map<PrimaryKey, Row>> stored = rows(embedded);
      assertEquals(withoutTags(want), withoutTags(stored), where);
      // a commit the stopped import applied is recognised, not written again: its tag stays
      for (Map.Entry<PrimaryKey, Row> e : want.get("notes").entrySet()) {
        Row afterStop = hotAfterStop.get(e.getKey());
        AttrValue tag = e.getValue().get(SplitTableRepository.COLD_TAG);
        if (afterStop != null && tag.equals(afterStop.get(SplitTableRepository.COLD_TAG))) {
          assertEquals(
              tag,
              stored.get("notes").get(e.getKey()).get(SplitTableRepository.COLD_TAG),
              () -> where + ": " + e.getKey() + " was written again");
        }
      }
      return stopped.resumePosition() < input.size() ? 1 : 0;
    }
  }

  /** The counts add up, and every unfinished operation is listed once, at or past the resume. */
  private static void assertConsistent(BulkWriteResult r, String where) {
    assertEquals(r.notAttempted(), r.notAttemptedOperations().size(), () -> where + ": " + r);
    List<BulkWriteFailure> unfinished = new ArrayList<>(r.unknownOutcomes());
    unfinished.addAll(r.notAttemptedOperations());
    for (BulkWriteFailure u : unfinished) {
      assertTrue(u.position() >= r.resumePosition(), () -> where + ": " + u + " in " + r);
      assertTrue(u.position() < r.elementsRead(), () -> where + ": " + u + " in " + r);
    }
    assertNotEquals(0, r.planSeed(), where);
  }

  private static void assertNoFailure(BulkWriteResult r, String where) {
    assertEquals(0, r.failed(), () -> where + ": " + r);
  }

  /**
   * Another client writes a versioned note whose write the stopped import applied without learning
   * it: the resume does not overwrite that client's later write, and reports the note's write as
   * failed ({@code CONDITION_FAILED}); notes whose writes the stopped import had finished, past the
   * resume position, are not written again, so that client's writes of them stay too, and are no
   * failures.
   */
  @Test
  void anotherClientsLaterWriteOfAVersionedNoteIsNeverOverwrittenByTheResume() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      NoteRepository direct = created(embedded, true);
      // note 2's hot put loses its answer; notes 4 and 5 go through in the same batches
      FaultInjectingStore store =
          FaultInjectingStore.builder(embedded)
              .script(
                  Script.answerLostOnFirstAttempt(
                      op ->
                          op instanceof WriteOp.Put p
                              && p.table().equals("notes")
                              && p.key().get(0).asLong() == 2))
              .build();
      // the first batch waits until every note is read: notes 4 and 5 go with note 2's batches
      CountDownLatch allRead = new CountDownLatch(1);
      WideTableStore waiting = ReadBeforeSend.sendingOnceRead(store, allRead);
      NoteRepository notes = new NoteRepository(waiting, true);
      List<Note> input =
          List.of(
              new Note(2, "two b", "body two b", 1),
              new Note(4, "four", "body four", 0),
              new Note(5, "five", null, 0));
      BulkWriter stopping =
          BulkWriter.builder(waiting)
              .workers(1)
              .retryPolicy(policy())
              .progress(
                  p -> {
                    if (p.retries() > 0) {
                      throw boom;
                    }
                  })
              .build();
      BulkWriteException e =
          assertThrows(
              BulkWriteException.class,
              () -> notes.putAll(readSignalling(input, allRead), stopping));
      BulkWriteResult stopped = e.partialResult();
      assertEquals(1, stopped.unknown(), stopped::toString);
      assertEquals(0, stopped.resumePosition(), stopped::toString);
      assertEquals(3, stopped.elementsRead(), stopped::toString);
      // note 2's replaced cold row at least; notes 4 and 5 too if the import stopped before their
      // batch (how the writer batched them is a matter of timing)
      assertTrue(
          stopped.notAttemptedOperations().stream()
              .anyMatch(f -> f.position() == 0 && f.table().equals("notes_cold")),
          () -> stopped + " " + stopped.notAttemptedOperations());
      assertEquals(new Note(2, "two b", "body two b", 2), direct.getWithCold(2).orElseThrow());
      // another client writes each of them, over whatever the stopped import left
      Note two = direct.put(new Note(2, "two by another", "another body", 2));
      Note four =
          direct.put(new Note(4, "four by another", "another four", storedVersion(direct, 4)));
      Note five = direct.put(new Note(5, "five by another", null, storedVersion(direct, 5)));
      store.setEnabled(false);

      BulkWriteResult resumed = notes.putAll(input.stream(), writer(store), stopped);

      // the other client's later writes stay: the resume never overwrites them
      assertEquals(two, direct.getWithCold(2).orElseThrow());
      assertEquals(four, direct.getWithCold(4).orElseThrow());
      assertEquals(five, direct.getWithCold(5).orElseThrow());
      // note 2's write failed at its commit, so the rest of its group is not sent; a note the
      // stopped import had not committed fails its version condition the same way
      BulkWriteFailure conflict =
          resumed.failures().stream()
              .filter(f -> f.position() == 0 && f.table().equals("notes"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("note 2's commit did not fail: " + resumed));
      assertEquals(ErrorKind.CONDITION_FAILED, conflict.error().kind(), resumed::toString);
      for (BulkWriteFailure f : resumed.failures()) {
        assertTrue(
            f.table().equals("notes") && f.error().kind() == ErrorKind.CONDITION_FAILED
                || f.attempts() == 0,
            () -> "a commit refused, or an operation after it not sent: " + f);
      }
    }
  }

  /** The version stored for a note, 0 if none. */
  private static long storedVersion(NoteRepository notes, long id) {
    return notes.getWithCold(id).map(Note::version).orElse(0L);
  }

  /**
   * The notes of {@code input}; {@code allRead} is counted down when the reader asks past the end a
   * second time: the import asks once when it plans its last run, once when it has taken in all of
   * its groups.
   */
  private static Stream<Note> readSignalling(List<Note> input, CountDownLatch allRead) {
    return StreamSupport.stream(
        Spliterators.spliteratorUnknownSize(
            ReadBeforeSend.signallingEnd(input.iterator(), 2, allRead), Spliterator.ORDERED),
        false);
  }

  /** A plain note whose commit the stopped import acknowledged is not written again. */
  @Test
  void anotherClientsLaterWriteOfAPlainNoteCommittedBeforeTheStopStays() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      NoteRepository direct = created(embedded, false);
      NoteRepository notes = new NoteRepository(embedded, false);
      // window 1: note 1's three operations one after another, then note 4's; stop after note
      // 1's commit, before the delete of the cold row it replaced
      List<Note> input =
          List.of(new Note(1, "one b", "body one b", 0), new Note(4, "four", "body four", 0));
      BulkWriteException e =
          assertThrows(
              BulkWriteException.class,
              () -> notes.putAll(input.stream(), stoppingWriter(embedded, 2, 1)));
      BulkWriteResult stopped = e.partialResult();
      assertEquals(0, stopped.resumePosition(), stopped::toString);
      Note one = direct.put(new Note(1, "one by another", "another body", 0));

      BulkWriteResult resumed = notes.putAll(input.stream(), writer(embedded), stopped);

      assertEquals(0, resumed.failed(), resumed::toString);
      assertEquals(one, direct.getWithCold(1).orElseThrow());
      assertEquals(new Note(4, "four", "body four", 0), direct.getWithCold(4).orElseThrow());
      // one cold row per note with a body: nothing left for the sweep
      assertEquals(3, rows(embedded).get("notes_cold").size(), () -> rows(embedded).toString());
    }
  }

  /**
   * Another application instance replaces a note whose hot put the stopped import applied without
   * learning it, and its delete of the rows that write stored (the stopped import's tag) lands only
   * after the resume committed the note again: the resume must not store its rows under a tag whose
   * rows another writer is entitled to delete, or the note it acknowledged reads as {@code
   * CORRUPT_DATA} (a hot row naming a missing cold row) for good.
   */
  @Test
  void aResumeIsNotUndoneByTheLateDeleteOfAnotherWriterThatReplacedItsStoppedCommit() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      NoteRepository direct = created(embedded, false);
      AnswerLosingStore store = new AnswerLosingStore(embedded);
      NoteRepository notes = new NoteRepository(store, false);
      List<Note> input = List.of(new Note(1, "one b", "body one b", 0));
      // one operation a batch: the cold put, then the hot put, whose answer is lost as it stops
      store.loseAt = 2;
      BulkWriteException e =
          assertThrows(
              BulkWriteException.class,
              () -> notes.putAllSeeded(input.stream(), stoppingWriter(store, 2, 1), SEED));
      BulkWriteResult stopped = e.partialResult();
      assertEquals(1, stopped.unknown(), stopped::toString);
      store.loseAt = -1;
      // the other instance reads the stopped import's commit, commits its own and, before it
      // deletes the cold row the replaced commit named, the import is resumed
      AtomicInteger deletes = new AtomicInteger();
      List<BulkWriteResult> resumed = new ArrayList<>();
      WideTableStore late =
          new ForwardingStore(embedded) {
            @Override
            public void delete(String table, PrimaryKey key) {
              if (table.equals("notes_cold") && deletes.incrementAndGet() == 1) {
                resumed.add(notes.putAll(input.stream(), writer(embedded), stopped));
              }
              super.delete(table, key);
            }
          };
      new NoteRepository(late, false).put(new Note(1, "one by another", "another body", 0));

      assertEquals(1, resumed.size());
      assertNoFailure(resumed.get(0), "resume");
      assertEquals(resumed.get(0).total(), resumed.get(0).acknowledged(), resumed.get(0)::toString);
      // the resume came last: its note is what is stored, cold columns included
      assertEquals(new Note(1, "one b", "body one b", 0), direct.getWithCold(1).orElseThrow());
      // notes 1 and 2 have a body: nothing left for the sweep
      assertEquals(2, rows(embedded).get("notes_cold").size(), () -> rows(embedded).toString());
    }
  }

  /**
   * The stopped import's hot put was lost on its way (not applied) and is of unknown outcome: the
   * resume cannot tell it from one applied and replaced since, so it commits under a fresh tag, and
   * deletes the rows the stopped import stored under the old one with it, leaving nothing for the
   * sweep.
   */
  @Test
  void aResumeUnderAFreshTagDeletesTheRowsStoredUnderTheStoppedOne() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      NoteRepository direct = created(embedded, false);
      AtomicInteger hotPuts = new AtomicInteger();
      WideTableStore losing =
          new ForwardingStore(embedded) {
            @Override
            public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
              if (ops.stream().anyMatch(op -> op.table().equals("notes"))
                  && hotPuts.incrementAndGet() == 1) {
                throw new StoreException(ErrorKind.UNAVAILABLE, "request lost", true, null);
              }
              return super.batchWrite(ops);
            }
          };
      NoteRepository notes = new NoteRepository(losing, false);
      List<Note> input = List.of(new Note(1, "one b", "body one b", 0));
      BulkWriteException e =
          assertThrows(
              BulkWriteException.class,
              () -> notes.putAllSeeded(input.stream(), stoppingWriter(losing, 2, 1), SEED));
      BulkWriteResult stopped = e.partialResult();
      assertEquals(1, stopped.unknown(), stopped::toString);
      assertEquals(3, rows(embedded).get("notes_cold").size(), "the stopped import's cold row");

      BulkWriteResult resumed = notes.putAll(input.stream(), writer(embedded), stopped);

      assertNoFailure(resumed, "resume");
      assertEquals(new Note(1, "one b", "body one b", 0), direct.getWithCold(1).orElseThrow());
      assertEquals(2, rows(embedded).get("notes_cold").size(), () -> rows(embedded).toString());
    }
  }

  /**
   * A bulk hot put applied without an answer is sent again by the writer's retry; in between,
   * another application instance replaced the note and deleted the cold row the import's commit
   * named. The retry must not commit a hot row naming that deleted cold row: the note the import
   * acknowledges is readable (its own write, or the other instance's, whole).
   */
  @Test
  void aBulkCommitSentAgainAfterAnotherInstanceReplacedItNamesNoDeletedColdRow() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      NoteRepository direct = created(embedded, false);
      NoteRepository other = new NoteRepository(embedded, false);
      AtomicInteger hotPuts = new AtomicInteger();
      WideTableStore losing =
          new ForwardingStore(embedded) {
            @Override
            public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
              List<WriteOutcome> out = super.batchWrite(ops);
              if (ops.stream()
                      .anyMatch(op -> op.table().equals("notes") && op instanceof WriteOp.Put)
                  && hotPuts.incrementAndGet() == 1) {
                other.put(new Note(1, "one by another", "another body", 0));
                throw new StoreException(ErrorKind.UNAVAILABLE, "answer lost", true, null);
              }
              return out;
            }
          };
      NoteRepository notes = new NoteRepository(losing, false);
      BulkWriter oneAtATime =
          BulkWriter.builder(losing).workers(1).maxBatchRows(1).retryPolicy(policy()).build();

      BulkWriteResult r =
          notes.putAll(Stream.of(new Note(1, "one b", "body one b", 0)), oneAtATime);

      assertEquals(r.total(), r.acknowledged(), r::toString);
      Note read = direct.getWithCold(1).orElseThrow();
      assertTrue(
          read.equals(new Note(1, "one b", "body one b", 0))
              || read.equals(new Note(1, "one by another", "another body", 0)),
          read::toString);
    }
  }

  /**
   * The store throws after applying the first batch that holds a hot put, once {@code meanwhile}
   * ran: another application instance's write between the landing and the retry.
   */
  private static WideTableStore losingFirstCommit(WideTableStore store, Runnable meanwhile) {
    AtomicInteger hotPuts = new AtomicInteger();
    return new ForwardingStore(store) {
      @Override
      public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
        List<WriteOutcome> out = super.batchWrite(ops);
        if (ops.stream().anyMatch(op -> op.table().equals("notes") && op instanceof WriteOp.Put)
            && hotPuts.incrementAndGet() == 1) {
          meanwhile.run();
          throw new StoreException(ErrorKind.UNAVAILABLE, "answer lost", true, null);
        }
        return out;
      }
    };
  }

  /**
   * As above, with {@code putAll} of a collection over the application's {@link RetryingStore}: the
   * retrying store beneath {@code putAll}'s writer sends the commit once, and the writer sends it
   * again as a commit, not as it was.
   */
  @Test
  void aBulkCommitOfPutAllOverARetryingStoreNamesNoDeletedColdRow() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      NoteRepository direct = created(embedded, false);
      NoteRepository other = new NoteRepository(embedded, false);
      WideTableStore losing =
          losingFirstCommit(
              embedded, () -> other.put(new Note(1, "one by another", "another body", 0)));
      NoteRepository notes = new NoteRepository(new RetryingStore(losing, policy()), false);

      BulkWriteResult r = notes.putAll(List.of(new Note(1, "one b", "body one b", 0)));

      assertEquals(r.total(), r.acknowledged(), r::toString);
      Note read = direct.getWithCold(1).orElseThrow();
      assertTrue(
          read.equals(new Note(1, "one b", "body one b", 0))
              || read.equals(new Note(1, "one by another", "another body", 0)),
          read::toString);
    }
  }

  /**
   * A versioned bulk insert (version 0: its commit is {@code rowAbsent}) applied without an answer;
   * before the writer's retry, another instance deletes the note, hot row then cold row. The
   * retry's {@code rowAbsent} holds again: sent as it was, it named the deleted cold row.
   */
  @Test
  void aVersionedBulkInsertSentAgainAfterAnotherInstanceDeletedItIsReadable() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      NoteRepository direct = created(embedded, true);
      NoteRepository other = new NoteRepository(embedded, true);
      WideTableStore losing = losingFirstCommit(embedded, () -> other.remove(TestRows.key(9)));
      NoteRepository notes = new NoteRepository(losing, true);
      BulkWriter oneAtATime =
          BulkWriter.builder(losing).workers(1).maxBatchRows(1).retryPolicy(policy()).build();

      BulkWriteResult r = notes.putAll(Stream.of(new Note(9, "nine", "body nine", 0)), oneAtATime);

      assertEquals(r.total(), r.acknowledged(), r::toString);
      assertEquals(new Note(9, "nine", "body nine", 1), direct.getWithCold(9).orElseThrow());
    }
  }

  @Test
  void aResultWithoutAPlanSeedIsRefused() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      NoteRepository notes = created(embedded, true);
      BulkWriteResult raw =
          new BulkWriteResult(0, 0, 0, 0, 0, 0, Duration.ZERO, List.of(), false, List.of(), 0);
      Supplier<Stream<Note>> none = Stream::empty;
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> notes.putAll(none.get(), writer(embedded), raw));
      assertTrue(e.getMessage().contains("plan seed"), e::getMessage);
    }
  }
}
