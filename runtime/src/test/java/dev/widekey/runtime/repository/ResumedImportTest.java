package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.widekey.runtime.repository.ConditionalWritesTest.Note;
import dev.widekey.runtime.repository.ConditionalWritesTest.NoteRepository;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.FakeTime;
import dev.widekey.runtime.store.fault.FaultInjectingStore;
import dev.widekey.runtime.store.fault.FaultInjectingStore.Script;
import dev.widekey.runtime.write.BulkWriteException;
import dev.widekey.runtime.write.BulkWriteFailure;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.BulkWriter;
import dev.widekey.runtime.write.WriteGroup;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The scenario 4: a versioned split entity's hot put is applied but its answer lost, then
 * the import stops (a progress listener throws). The partial result reports the hot put as
 * outcome-unknown, never as not attempted; resumed with the same groups ({@link
 * BulkWriter#resumeGroups}), or through the repository with the stopped result ({@code putAll(rest,
 * writer, stopped)}), the import stores and reports what one uninterrupted import would have. Stops
 * at every batch: {@link ResumedSplitImportTest}.
 */
class ResumedImportTest {
  private final EmbeddedStore embedded = EmbeddedStore.inMemory();
  private final NoteRepository direct = created(new NoteRepository(embedded, true));
  private final RuntimeException boom = new IllegalStateException("listener broke");

  @AfterEach
  void close() {
    embedded.close();
  }

  private static NoteRepository created(NoteRepository repo) {
    repo.createTables();
    return repo;
  }

  /** The embedded store where the first attempt of each conditional put loses its answer. */
  private FaultInjectingStore hotAnswerLost() {
    return FaultInjectingStore.builder(embedded)
        .script(
            Script.answerLostOnFirstAttempt(
                op -> op instanceof WriteOp.Put p && !p.condition().isNone()))
        .build();
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

  /** One worker, one operation a batch; the listener throws once an answer was lost. */
  private BulkWriter stoppingWriter(FaultInjectingStore store) {
    return BulkWriter.builder(store)
        .workers(1)
        .maxBatchRows(1)
        .retryPolicy(policy())
        .progress(
            p -> {
              if (p.retries() > 0) {
                throw boom;
              }
            })
        .build();
  }

  private static BulkWriter writer(FaultInjectingStore store) {
    return BulkWriter.builder(store).workers(1).retryPolicy(policy()).build();
  }

  /** Every row of a table, by key. */
  private Map<PrimaryKey, Row> rows(String table, int keyColumns) {
    try (Stream<Row> rows = embedded.scan(table, ScanRange.all(keyColumns))) {
      Map<PrimaryKey, Row> out = new TreeMap<>();
      rows.forEach(r -> out.put(r.key(), r));
      return out;
    }
  }

  /** The partial result of a stop after the hot put's answer was lost. */
  private static void assertHotPutUnknown(BulkWriteResult r) {
    assertEquals(3, r.total(), r::toString);
    assertEquals(1, r.acknowledged(), r::toString); // the cold put
    assertEquals(0, r.failed(), r::toString);
    assertEquals(1, r.unknown(), r::toString); // the hot put: applied, answer lost
    assertEquals(1, r.notAttempted(), r::toString); // the delete of the replaced cold row
    assertEquals(0, r.resumePosition(), r::toString);
    assertEquals(1, r.unknownOutcomes().size(), r::toString);
    assertEquals(0, r.unknownOutcomes().get(0).position(), r::toString);
    assertEquals(1, r.unknownOutcomes().get(0).indexInGroup(), r::toString);
    assertEquals("notes", r.unknownOutcomes().get(0).table(), r::toString);
  }

  /**
   * {@code putAll(stream, writer)} called again, without the stopped result, plans a resumed entity
   * as a new write, under a new write tag: its hot put is another write than the stopped import's,
   * so it fails its condition against that applied write. The caller sees {@code CONDITION_FAILED}
   * at a position the stopped result listed as of unknown outcome; what readers see is the stopped
   * import's write, as after one import.
   */
  @Test
  void aVersionedPutAllResumedByPlanningAgainFailsItsConditionAgainstItsOwnAppliedWrite() {
    Note v1 = direct.put(new Note(1, "first", "first body", 0));
    FaultInjectingStore faults = hotAnswerLost();
    NoteRepository notes = new NoteRepository(faults, true);
    Note next = new Note(1, "second", "second body", v1.version());

    BulkWriteException e =
        assertThrows(
            BulkWriteException.class, () -> notes.putAll(Stream.of(next), stoppingWriter(faults)));
    assertSame(boom, e.getCause());
    BulkWriteResult stopped = e.partialResult();
    assertHotPutUnknown(stopped);
    assertTrue(stopped.toString().contains("1 outcome unknown"), stopped::toString);
    // the hot row (version 2) is stored and names its own cold row
    Note v2 = new Note(1, "second", "second body", 2);
    assertEquals(v2, direct.getWithCold(1).orElseThrow());
    Row committed = embedded.get("notes", TestRows.key(1), ColumnSelection.all()).orElseThrow();

    BulkWriteResult resumed =
        notes.putAll(Stream.of(next).skip(stopped.resumePosition()), writer(faults));

    BulkWriteFailure conflict = resumed.failures().get(0);
    assertEquals(ErrorKind.CONDITION_FAILED, conflict.error().kind(), resumed::toString);
    assertEquals(stopped.unknownOutcomes().get(0).position(), conflict.position());
    assertEquals(stopped.unknownOutcomes().get(0).key(), conflict.key());
    assertEquals(v2, direct.getWithCold(1).orElseThrow());
    assertEquals(
        committed, embedded.get("notes", TestRows.key(1), ColumnSelection.all()).orElseThrow());
  }

  /**
   * The same stop resumed through the repository with the stopped result ({@code putAll(rest,
   * writer, stopped)}): the entity is planned under its stopped write tag, its commit is found
   * stored, and only the delete of the cold row it replaced is sent.
   */
  /**
   * Adversary: the result of a putAll whose writer read the entities split (splitInput) handed to
   * the repository's resume. It is refused, saying why, and nothing is written.
   */
  @Test
  void aPutAllReadSplitIsNotResumedByPosition() {
    BulkWriteResult split =
        new BulkWriteResult(
            1,
            0,
            0,
            1,
            0,
            0,
            java.time.Duration.ZERO,
            List.of(),
            false,
            List.of(),
            List.of(),
            0,
            1,
            42,
            true);
    FaultInjectingStore faults = hotAnswerLost();
    NoteRepository notes = new NoteRepository(faults, true);

    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> notes.putAll(Stream.of(new Note(7, "t", "b", 0)), writer(faults), split));

    assertTrue(e.getMessage().contains("splitInput"), e::getMessage);
    assertEquals(
        java.util.Optional.empty(), embedded.get("notes", TestRows.key(7), ColumnSelection.all()));
  }

  @Test
  void aVersionedPutAllResumedWithItsStoppedResultRecognisesItsOwnAppliedWrite() {
    Note v1 = direct.put(new Note(1, "first", "first body", 0));
    FaultInjectingStore faults = hotAnswerLost();
    NoteRepository notes = new NoteRepository(faults, true);
    Note next = new Note(1, "second", "second body", v1.version());
    BulkWriteException e =
        assertThrows(
            BulkWriteException.class, () -> notes.putAll(Stream.of(next), stoppingWriter(faults)));
    BulkWriteResult stopped = e.partialResult();
    assertHotPutUnknown(stopped);
    Row committed = embedded.get("notes", TestRows.key(1), ColumnSelection.all()).orElseThrow();

    BulkWriteResult resumed =
        notes.putAll(Stream.of(next).skip(stopped.resumePosition()), writer(faults), stopped);

    assertEquals(1, resumed.total(), resumed::toString); // the delete of v1's cold row
    assertTrue(resumed.allAcknowledged(), resumed::toString);
    assertEquals(new Note(1, "second", "second body", 2), direct.getWithCold(1).orElseThrow());
    assertEquals(
        committed, embedded.get("notes", TestRows.key(1), ColumnSelection.all()).orElseThrow());
    // exactly one cold row: the one the committed hot row names
    Map<PrimaryKey, Row> cold = rows("notes_cold", 2);
    assertEquals(1, cold.size(), cold::toString);
    assertEquals(
        committed.get(SplitTableRepository.COLD_TAG).asLong(),
        cold.keySet().iterator().next().get(1).asLong());
  }

  @Test
  void theRawBulkWriterResumedWithTheSameGroupsStoresWhatOneUninterruptedImportWould() {
    Note v1 = direct.put(new Note(1, "first", "first body", 0));
    Note next = new Note(1, "second", "second body", v1.version());
    // the plan putAll(stream, writer) makes: cold put, hot put under version 1, delete of v1's
    // cold row
    CommitPoint plan =
        new CommitPoint(
            embedded,
            EntityTables.of(
                TestRows.table("notes", 10, 1),
                ColdRows.tableSpec("notes_cold", TestRows.table("notes", 10, 1))),
            "version",
            0);
    List<WriteGroup> groups =
        plan.groups(
            List.of(direct.prepare(next)),
            List.of(WriteCondition.columnEquals("version", AttrValue.ofInteger(1))));
    assertEquals(3, groups.get(0).size());
    FaultInjectingStore faults = hotAnswerLost();

    BulkWriteException e =
        assertThrows(
            BulkWriteException.class, () -> stoppingWriter(faults).writeGroups(groups.iterator()));
    BulkWriteResult stopped = e.partialResult();
    assertHotPutUnknown(stopped);

    List<WriteGroup> rest = groups.subList((int) stopped.resumePosition(), groups.size());
    BulkWriteResult resumed = writer(faults).resumeGroups(rest.iterator(), stopped);

    assertEquals(3, resumed.acknowledged(), resumed::toString);
    assertEquals(0, resumed.failed(), resumed::toString);
    assertEquals(new Note(1, "second", "second body", 2), direct.getWithCold(1).orElseThrow());
    // exactly the rows of one uninterrupted import: the hot row and its own cold row
    Row hot = embedded.get("notes", TestRows.key(1), ColumnSelection.all()).orElseThrow();
    assertEquals(groups.get(0).ops().get(1).key(), hot.key());
    assertEquals(
        List.of(groups.get(0).ops().get(0).key()), List.copyOf(rows("notes_cold", 2).keySet()));
  }

  /**
   * The raw writer's resume sends again every group from the resume position, those the stopped
   * import finished past it too: a conditional put it acknowledged there meets its own write, and
   * is acknowledged again, not failed.
   */
  @Test
  void theRawResumeAcknowledgesAConditionalPutTheStoppedImportFinishedPastItsResumePosition() {
    // the writer batches the two in one call when it has read both before it sends, which is a
    // matter of timing: the scenario is tried again, on fresh keys, until that is what happened
    for (int attempt = 0; attempt < 50; attempt++) {
      if (rawResumeScenario(2 * attempt + 1)) {
        return;
      }
    }
    fail("the writer never sent both groups in one batch in 50 attempts");
  }

  /** The scenario on keys {@code k} and {@code k + 1}; false if the premise did not occur. */
  private boolean rawResumeScenario(long k) {
    Row first = Row.of(TestRows.key(k), Map.of("title", AttrValue.ofString("one")));
    Row second = Row.of(TestRows.key(k + 1), Map.of("title", AttrValue.ofString("two")));
    List<WriteGroup> groups =
        List.of(
            WriteGroup.of(WriteOp.put("notes", first)),
            WriteGroup.of(WriteOp.put("notes", second, WriteCondition.rowAbsent())));
    FaultInjectingStore faults =
        FaultInjectingStore.builder(embedded)
            .script(Script.answerLostOnFirstAttempt(op -> op.key().equals(first.key())))
            .build();
    // one batch of both, sent once both are read: the first's answer is lost, the second is
    // acknowledged, then the stop
    CountDownLatch allRead = new CountDownLatch(1);
    WideTableStore waiting = ReadBeforeSend.sendingOnceRead(faults, allRead);
    Iterator<WriteGroup> input = ReadBeforeSend.signallingEnd(groups.iterator(), 1, allRead);
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
        assertThrows(BulkWriteException.class, () -> stopping.writeGroups(input));
    BulkWriteResult stopped = e.partialResult();
    if (stopped.acknowledged() != 1) {
      return false; // the two went in separate batches: the second was never sent
    }
    assertEquals(1, stopped.unknown(), stopped::toString);
    assertEquals(0, stopped.resumePosition(), stopped::toString);
    assertEquals(2, stopped.elementsRead(), stopped::toString);

    BulkWriteResult resumed = writer(faults).resumeGroups(groups.iterator(), stopped);

    assertTrue(resumed.allAcknowledged(), resumed::toString);
    assertEquals(second, embedded.get("notes", second.key(), ColumnSelection.all()).orElseThrow());
    return true;
  }
}
