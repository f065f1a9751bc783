package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.RuleViolationException;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.RecordingStore;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.write.BulkWriteResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Insert, update and versioned puts of a split (hot and cold) entity, on a store that honours
 * conditions: a failed condition writes neither row; a conditional write puts the hot row first and
 * tags both rows, so that a reader never pairs a hot row with a cold row of another write.
 */
class ConditionalWritesTest {
  /** A hand-written versioned entity: a hot title and version, a cold body. */
  record Note(long id, String title, String body, long version) {}

  /** What the generated repository of {@code Note} would be, with {@code @Version long version}. */
  static final class NoteRepository extends SplitTableRepository<Note> {
    NoteRepository(WideTableStore store, boolean versioned) {
      this(store, versioned, TestRows.table("notes", 10, 1));
    }

    /** On {@code hot}'s profile, the body {@code @Chunked}. */
    NoteRepository(WideTableStore store, boolean versioned, TableSpec hot) {
      super(
          store,
          hot,
          ColdRows.tableSpec("notes_cold", hot),
          List.of("body"),
          versioned ? "version" : null);
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
      columns.put("version", AttrValue.ofInteger(note.version()));
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
          cold == null ? null : Columns.getString(cold, "body"),
          Columns.requireLong(hot, "version"));
    }

    @Override
    protected long versionOf(Note note) {
      return note.version();
    }

    @Override
    protected Note withVersion(Note note, long version) {
      return new Note(note.id(), note.title(), note.body(), version);
    }

    Optional<Note> getWithCold(long id) {
      return find(TestRows.key(id), true);
    }
  }

  private final EmbeddedStore embedded = EmbeddedStore.inMemory();
  private final RecordingStore store = new RecordingStore(embedded);
  private final NoteRepository notes = repository(store, true);
  private final NoteRepository plain = repository(store, false);

  private static NoteRepository repository(WideTableStore store, boolean versioned) {
    NoteRepository repo = new NoteRepository(store, versioned);
    repo.createTables();
    return repo;
  }

  @AfterEach
  void close() {
    embedded.close();
  }

  private Row stored(String table, long id) {
    return embedded.get(table, TestRows.key(id), ColumnSelection.all()).orElse(null);
  }

  /** The cold rows stored for entity {@code id}, whatever write tags they are under. */
  private List<Row> coldRows(long id) {
    try (var rows = embedded.scan("notes_cold", ScanRange.all(2))) {
      return rows.filter(r -> r.key().get(0).equals(TestRows.key(id).get(0))).toList();
    }
  }

  /** The cold row that entity {@code id}'s stored hot row names. */
  private Row namedColdRow(long id) {
    long tag = stored("notes", id).get(SplitTableRepository.COLD_TAG).asLong();
    return embedded
        .get("notes_cold", ColdRows.key(TestRows.key(id), tag), ColumnSelection.all())
        .orElse(null);
  }

  @Test
  void insertWritesOnlyANewRow() {
    plain.insert(new Note(1, "first", "body one", 0));
    StoreException e =
        assertThrows(StoreException.class, () -> plain.insert(new Note(1, "second", "two", 0)));

    assertEquals(ErrorKind.CONDITION_FAILED, e.kind());
    assertFalse(e.retryable());
    assertTrue(e.getMessage().contains("table notes"), e.getMessage());
    assertTrue(e.getMessage().contains("already stored"), e.getMessage());
    assertEquals(Optional.of(new Note(1, "first", "body one", 0)), plain.getWithCold(1));
  }

  @Test
  void updateWritesOnlyAnExistingRow() {
    StoreException e =
        assertThrows(StoreException.class, () -> plain.update(new Note(2, "t", "b", 0)));

    assertEquals(ErrorKind.CONDITION_FAILED, e.kind());
    assertTrue(e.getMessage().contains("no row with this key"), e.getMessage());
    assertEquals(null, stored("notes", 2));
    assertEquals(List.of(), coldRows(2)); // the cold row was never sent

    plain.put(new Note(2, "t", "b", 0));
    plain.update(new Note(2, "t2", "b2", 0));
    assertEquals(Optional.of(new Note(2, "t2", "b2", 0)), plain.getWithCold(2));
  }

  @Test
  void aVersionedPutFromZeroStoresAndReturnsVersionOne() {
    Note stored = notes.put(new Note(3, "t", "b", 0));

    assertEquals(new Note(3, "t", "b", 1), stored);
    assertEquals(AttrValue.ofInteger(1), stored("notes", 3).get("version"));
    assertEquals(Optional.of(stored), notes.getWithCold(3));
    assertEquals(new Note(3, "t2", "b", 2), notes.put(new Note(3, "t2", "b", 1)));
  }

  @Test
  void aStalePutConflictsNamingBothVersionsAndWritesNothing() {
    Note v1 = notes.put(new Note(4, "t", "first body", 0));
    Note v2 = notes.put(new Note(4, "t2", "second body", v1.version()));
    Row hotBefore = stored("notes", 4);
    List<Row> coldBefore = coldRows(4);

    VersionConflictException e =
        assertThrows(
            VersionConflictException.class,
            () -> notes.put(new Note(4, "stale", "stale body", v1.version())));

    assertEquals(ErrorKind.CONDITION_FAILED, e.kind());
    assertFalse(e.retryable());
    assertEquals(1, e.expectedVersion());
    assertEquals(OptionalLong.of(2), e.storedVersion());
    assertEquals("notes", e.table());
    assertTrue(e.getMessage().contains("expected version 1"), e.getMessage());
    assertTrue(e.getMessage().contains("version 2 is stored"), e.getMessage());
    assertTrue(e.getMessage().contains(TestRows.key(4).toString()), e.getMessage());
    assertEquals(hotBefore, stored("notes", 4));
    assertEquals(coldBefore, coldRows(4)); // the cold rows are untouched
    assertEquals(1, coldBefore.size()); // the first write's went with its successor
    assertEquals(Optional.of(v2), notes.getWithCold(4));
  }

  @Test
  void aNewEntityConflictsWithAStoredOneAndAnOldOneWithNone() {
    notes.put(new Note(5, "t", "b", 0));
    VersionConflictException taken =
        assertThrows(VersionConflictException.class, () -> notes.put(new Note(5, "x", "y", 0)));
    assertTrue(taken.getMessage().contains("expected version 0"), taken.getMessage());
    assertEquals(OptionalLong.of(1), taken.storedVersion());

    VersionConflictException gone =
        assertThrows(VersionConflictException.class, () -> notes.put(new Note(6, "x", "y", 3)));
    assertFalse(gone.rowStored());
    assertTrue(gone.getMessage().contains("no row is stored"), gone.getMessage());
    assertEquals(List.of(), coldRows(6));
  }

  @Test
  void versionedInsertAndUpdateCheckTheVersionToo() {
    Note v1 = notes.insert(new Note(7, "t", null, 0));
    assertEquals(1, v1.version());
    assertThrows(VersionConflictException.class, () -> notes.insert(v1));
    assertThrows(VersionConflictException.class, () -> notes.update(new Note(7, "t", null, 0)));
    assertEquals(2, notes.update(v1).version());
  }

  @Test
  void aVersionNoWriteStoresIsARuleViolation() {
    RuleViolationException e =
        assertThrows(RuleViolationException.class, () -> notes.put(new Note(8, "t", "b", -1)));
    assertEquals("WK208", e.rule());
    assertThrows(
        RuleViolationException.class, () -> notes.put(new Note(8, "t", "b", Long.MAX_VALUE)));
    assertEquals(null, stored("notes", 8));
  }

  @Test
  void theColdRowGoesFirstUnderItsWritesTagAndTheHotRowCommitsIt() {
    notes.put(new Note(9, "t", "b", 0));

    List<WriteOp> sent = store.sent();
    assertEquals(2, sent.size());
    assertEquals("notes_cold", sent.get(0).table());
    WriteOp.Put hot = (WriteOp.Put) sent.get(1);
    assertEquals("notes", hot.table());
    assertEquals(WriteCondition.rowAbsent(), hot.condition());
    AttrValue tag = stored("notes", 9).get(SplitTableRepository.COLD_TAG);
    assertNotNull(tag);
    assertEquals(ColdRows.key(TestRows.key(9), tag.asLong()), sent.get(0).key());
    assertEquals(AttrValue.ofString("b"), namedColdRow(9).get("body"));

    notes.put(new Note(9, "t", "b2", 1));
    AttrValue next = stored("notes", 9).get(SplitTableRepository.COLD_TAG);
    assertNotEquals(tag, next);
    // the commit compared the tag it replaced, and that write's cold row went with it
    WriteOp.Put commit = (WriteOp.Put) store.sent().get(3);
    assertEquals(
        WriteCondition.columnEquals(SplitTableRepository.COLD_TAG, tag), commit.condition());
    assertEquals(List.of(namedColdRow(9)), coldRows(9));
  }

  @Test
  void aWriteStoppedBeforeItsCommitLeavesTheEntityAsItWas() {
    Note v1 = notes.put(new Note(10, "t", "old body", 0));
    // the writer of version 2 stops after its cold row: its commit never lands
    WideTableStore crashing =
        new ForwardingStore(store) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            if (ops.get(0).table().equals("notes")) {
              throw new StoreException(ErrorKind.UNAVAILABLE, "the writer stopped");
            }
            return super.batchWrite(ops);
          }

          @Override
          public void put(String table, Row row, WriteCondition condition) {
            throw new StoreException(ErrorKind.UNAVAILABLE, "the writer stopped");
          }
        };
    NoteRepository stopped = new NoteRepository(crashing, true);
    assertThrows(StoreException.class, () -> stopped.put(new Note(10, "new", "new body", 1)));

    // the entity is the acknowledged write, entire; the stopped write's cold row is garbage
    assertEquals(Optional.of(v1), notes.getWithCold(10));
    assertEquals(2, coldRows(10).size());

    Note next = notes.put(new Note(10, "new", "new body", v1.version()));
    assertEquals(Optional.of(next), notes.getWithCold(10));
    assertEquals(v1.version() + 1, next.version());
  }

  @Test
  void bulkPutsOfVersionedEntitiesCarryTheirConditionsHotRowFirst() {
    notes.put(new Note(11, "t", "b", 0));
    int before = store.sent().size();

    BulkWriteResult result =
        notes.putAll(List.of(new Note(11, "t2", "b2", 1), new Note(12, "n", null, 0)));

    List<WriteOp> sent = store.sent().subList(before, store.sent().size());
    assertEquals(0, result.failed(), result.toString());
    WriteOp.Put hot11 =
        sent.stream()
            .filter(op -> op instanceof WriteOp.Put p && p.table().equals("notes"))
            .map(WriteOp.Put.class::cast)
            .filter(p -> p.key().equals(TestRows.key(11)))
            .findFirst()
            .orElseThrow();
    assertEquals(WriteCondition.columnEquals("version", AttrValue.ofInteger(1)), hot11.condition());
    int cold11 = -1;
    for (int i = 0; i < sent.size(); i++) {
      if (sent.get(i).table().equals("notes_cold")
          && sent.get(i).key().get(0).equals(TestRows.key(11).get(0))
          && sent.get(i) instanceof WriteOp.Put) {
        cold11 = i;
      }
    }
    assertTrue(0 <= cold11 && cold11 < sent.indexOf(hot11), sent.toString());
    assertEquals(AttrValue.ofInteger(2), stored("notes", 11).get("version"));
    assertEquals(AttrValue.ofInteger(1), stored("notes", 12).get("version"));
  }

  /**
   * Adversary: another writer (or an older version of the application) stored the hot row without
   * any of the commit point's columns. The row is present: a get reads it, an insert is refused,
   * and an update replaces it, as a delete removes it.
   */
  @Test
  void anUpdateReplacesAHotRowWithoutCommitColumns() {
    embedded.put(
        "notes",
        Row.of(
            TestRows.key(4),
            Map.of("title", AttrValue.ofString("legacy"), "version", AttrValue.ofInteger(0))));
    NoteRepository fresh = new NoteRepository(embedded, false);
    assertEquals("legacy", fresh.getWithCold(4).orElseThrow().title());
    StoreException refused =
        assertThrows(StoreException.class, () -> fresh.insert(new Note(4, "new", "b", 0)));
    assertEquals(ErrorKind.CONDITION_FAILED, refused.kind());

    fresh.update(new Note(4, "updated", "body", 0));
    assertEquals(new Note(4, "updated", "body", 0), fresh.getWithCold(4).orElseThrow());
  }

  /**
   * A plain put whose commit (the hot row's compare-and-set) was applied but answered with a
   * retryable error, through a retrying store; before the retry, another application instance
   * replaces the entity and deletes the cold row the replaced commit named. The retry finds that
   * instance's row and fails its condition; the put must not then commit its hot row again naming
   * the cold row that instance deleted (the entity would read as {@code CORRUPT_DATA} for good).
   */
  @Test
  void
      aCommitAppliedWithoutAnAnswerAndReplacedByAnotherInstanceIsNotCommittedAgainWithoutItsColdRow() {
    plain.put(new Note(7, "first", "body one", 0));
    NoteRepository other = repository(embedded, false);
    java.util.concurrent.atomic.AtomicInteger commits =
        new java.util.concurrent.atomic.AtomicInteger();
    WideTableStore losing =
        new ForwardingStore(embedded) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            List<WriteOutcome> out = super.batchWrite(ops);
            if (ops.size() == 1
                && ops.get(0).table().equals("notes")
                && !ops.get(0).condition().isNone()
                && commits.incrementAndGet() == 1) {
              // applied; the other instance writes before the answer is lost
              other.put(new Note(7, "by another", "another body", 0));
              throw new StoreException(ErrorKind.UNAVAILABLE, "answer lost", true, null);
            }
            return out;
          }
        };
    dev.widekey.runtime.store.fault.FakeTime time = new dev.widekey.runtime.store.fault.FakeTime();
    NoteRepository retried =
        repository(
            new dev.widekey.runtime.retry.RetryingStore(
                losing,
                dev.widekey.runtime.retry.RetryPolicy.builder()
                    .maxAttempts(4)
                    .clock(time)
                    .sleeper(time)
                    .build()),
            false);

    retried.put(new Note(7, "second", "body two", 0));

    // acknowledged, so stored whole (or replaced whole by the other instance's write): readable
    Note read = plain.getWithCold(7).orElseThrow();
    assertTrue(
        read.equals(new Note(7, "second", "body two", 0))
            || read.equals(new Note(7, "by another", "another body", 0)),
        read::toString);
  }

  /**
   * A store whose client sends a conditional put again inside one call (as the Tablestore SDK's
   * retry strategy may) answers a commit that landed with the condition failure of its second send.
   * The commit point then names this write's own tag: the versioned put succeeded, and is not
   * refused as a conflict with itself.
   */
  @Test
  void aCommitThatLandedBeforeTheStoreReportedItsConditionFailedIsThisWritesOwn() {
    notes.put(new Note(8, "first", "body one", 0));
    java.util.concurrent.atomic.AtomicInteger commits =
        new java.util.concurrent.atomic.AtomicInteger();
    WideTableStore resending =
        new ForwardingStore(embedded) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            List<WriteOutcome> out = super.batchWrite(ops);
            if (ops.size() == 1
                && ops.get(0).table().equals("notes")
                && !ops.get(0).condition().isNone()
                && commits.incrementAndGet() == 1) {
              return List.of(super.batchWrite(ops).get(0)); // the second send fails against it
            }
            return out;
          }
        };

    Note stored = repository(resending, true).put(new Note(8, "second", "body two", 1));

    assertEquals(new Note(8, "second", "body two", 2), stored);
    assertEquals(stored, notes.getWithCold(8).orElseThrow());
  }

  /**
   * A delete whose compare-and-set was applied but answered with a retryable error, through a
   * retrying store; before the retry, another application instance inserts the entity again (its
   * insert finds no row: the delete had landed). The retry fails its condition, and the delete must
   * not then delete that later insert: its own attempt may have been the delete, and the insert,
   * acknowledged after it, is the later write. It reports that its outcome is unknown.
   */
  @Test
  void aDeleteAppliedWithoutAnAnswerDoesNotDeleteAnotherInstancesLaterInsert() {
    plain.put(new Note(9, "first", "body one", 0));
    NoteRepository other = repository(embedded, false);
    java.util.concurrent.atomic.AtomicInteger deletes =
        new java.util.concurrent.atomic.AtomicInteger();
    WideTableStore losing =
        new ForwardingStore(embedded) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            List<WriteOutcome> out = super.batchWrite(ops);
            if (ops.size() == 1
                && ops.get(0) instanceof WriteOp.Delete
                && ops.get(0).table().equals("notes")
                && deletes.incrementAndGet() == 1) {
              other.insert(new Note(9, "inserted by another", "another body", 0));
              throw new StoreException(ErrorKind.UNAVAILABLE, "answer lost", true, null);
            }
            return out;
          }
        };
    dev.widekey.runtime.store.fault.FakeTime time = new dev.widekey.runtime.store.fault.FakeTime();
    NoteRepository retried =
        repository(
            new dev.widekey.runtime.retry.RetryingStore(
                losing,
                dev.widekey.runtime.retry.RetryPolicy.builder()
                    .maxAttempts(4)
                    .clock(time)
                    .sleeper(time)
                    .build()),
            false);

    StoreException e = assertThrows(StoreException.class, () -> retried.remove(TestRows.key(9)));

    assertTrue(e instanceof dev.widekey.runtime.store.MaybeAppliedException, e::toString);
    assertEquals(
        new Note(9, "inserted by another", "another body", 0),
        plain.getWithCold(9).orElseThrow(),
        "the later acknowledged insert stays");
  }

  /**
   * An insert whose commit landed but was answered with a retryable error, through a retrying
   * store; before the retry, another application instance deletes the entity (its hot row, then the
   * cold row it named). The retry's {@code rowAbsent} holds again, so the commit lands a second
   * time, naming the cold row that instance deleted: the entity reads as {@code CORRUPT_DATA}.
   */
  @Test
  void anInsertReplayedAfterAnotherInstanceDeletedItsLandedCommitIsReadable() {
    NoteRepository other = repository(embedded, false);
    java.util.concurrent.atomic.AtomicInteger commits =
        new java.util.concurrent.atomic.AtomicInteger();
    WideTableStore losing =
        new ForwardingStore(embedded) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            List<WriteOutcome> out = super.batchWrite(ops);
            if (ops.size() == 1
                && ops.get(0).table().equals("notes")
                && ops.get(0) instanceof WriteOp.Put
                && !ops.get(0).condition().isNone()
                && commits.incrementAndGet() == 1) {
              other.remove(TestRows.key(10));
              throw new StoreException(ErrorKind.UNAVAILABLE, "answer lost", true, null);
            }
            return out;
          }
        };
    dev.widekey.runtime.store.fault.FakeTime time = new dev.widekey.runtime.store.fault.FakeTime();
    NoteRepository retried =
        repository(
            new dev.widekey.runtime.retry.RetryingStore(
                losing,
                dev.widekey.runtime.retry.RetryPolicy.builder()
                    .maxAttempts(4)
                    .clock(time)
                    .sleeper(time)
                    .build()),
            false);

    retried.insert(new Note(10, "inserted", "body", 0));

    Optional<Note> read = plain.getWithCold(10);
    assertTrue(
        read.isEmpty() || read.get().equals(new Note(10, "inserted", "body", 0)), read::toString);
  }

  /**
   * A store that fails the commits of entity 11 (conditional puts of its hot row) with a retryable
   * error while {@code failing} says so, applying each first if {@code applied}; counts them.
   */
  private WideTableStore failingCommits(
      java.util.concurrent.atomic.AtomicInteger commits, boolean applied, int failing) {
    return new ForwardingStore(embedded) {
      @Override
      public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
        boolean commit =
            ops.size() == 1
                && ops.get(0).table().equals("notes")
                && ops.get(0) instanceof WriteOp.Put
                && !ops.get(0).condition().isNone();
        if (!commit || commits.incrementAndGet() > failing) {
          return super.batchWrite(ops);
        }
        if (applied) {
          super.batchWrite(ops);
        }
        throw new StoreException(
            ErrorKind.UNAVAILABLE, applied ? "answer lost" : "request lost", true, null);
      }
    };
  }

  /**
   * Without a retry layer, a commit that landed but was answered with a retryable error is found by
   * the read that follows (its own tag): the write succeeds, and no cold row is left over.
   */
  @Test
  void aCommitWhoseAnswerWasLostIsFoundCommittedWithoutARetryLayer() {
    java.util.concurrent.atomic.AtomicInteger commits =
        new java.util.concurrent.atomic.AtomicInteger();
    NoteRepository lone = repository(failingCommits(commits, true, 1), false);

    lone.insert(new Note(11, "inserted", "body", 0));

    assertEquals(1, commits.get(), "sent once");
    assertEquals(new Note(11, "inserted", "body", 0), plain.getWithCold(11).orElseThrow());
    assertEquals(1, coldRows(11).size(), () -> coldRows(11).toString());
  }

  /**
   * Without a retry layer, a commit that did not land keeps its retryable error (the caller decides
   * whether to try again), and nothing is readable.
   */
  @Test
  void aCommitWhoseRequestWasLostKeepsItsRetryableErrorWithoutARetryLayer() {
    java.util.concurrent.atomic.AtomicInteger commits =
        new java.util.concurrent.atomic.AtomicInteger();
    NoteRepository lone = repository(failingCommits(commits, false, 1), false);

    StoreException e =
        assertThrows(StoreException.class, () -> lone.insert(new Note(11, "inserted", "body", 0)));

    assertEquals(ErrorKind.UNAVAILABLE, e.kind(), e::toString);
    assertTrue(e.retryable(), e::toString);
    assertEquals(1, commits.get(), "sent once");
    assertTrue(plain.getWithCold(11).isEmpty());
  }

  /**
   * Through a retrying store, the commit point sends a commit of unknown outcome again itself, but
   * only as often as the store's policy allows: its attempts count across the commit point's
   * attempts. Each one that did not land is sent under a fresh tag, with its cold row stored again;
   * the cold rows of those that did not land are removed, but for the last one (its outcome
   * unknown).
   */
  @Test
  void aCommitSentAgainByTheCommitPointKeepsTheRetryingStoresAttemptBudget() {
    java.util.concurrent.atomic.AtomicInteger commits =
        new java.util.concurrent.atomic.AtomicInteger();
    dev.widekey.runtime.store.fault.FakeTime time = new dev.widekey.runtime.store.fault.FakeTime();
    NoteRepository retried =
        repository(
            new dev.widekey.runtime.retry.RetryingStore(
                failingCommits(commits, false, Integer.MAX_VALUE),
                dev.widekey.runtime.retry.RetryPolicy.builder()
                    .maxAttempts(3)
                    .clock(time)
                    .sleeper(time)
                    .build()),
            false);

    StoreException e =
        assertThrows(
            StoreException.class, () -> retried.insert(new Note(11, "inserted", "body", 0)));

    assertTrue(e.retryable(), e::toString);
    assertEquals(3, commits.get(), "the policy's three attempts");
    assertTrue(plain.getWithCold(11).isEmpty());
    assertEquals(1, coldRows(11).size(), "the last commit's, which may have landed");
  }

  /**
   * Through a retrying store, a commit lost twice and then applied is one write: readable, one cold
   * row stored.
   */
  @Test
  void aCommitLostTwiceThroughARetryingStoreLandsOnce() {
    java.util.concurrent.atomic.AtomicInteger commits =
        new java.util.concurrent.atomic.AtomicInteger();
    dev.widekey.runtime.store.fault.FakeTime time = new dev.widekey.runtime.store.fault.FakeTime();
    NoteRepository retried =
        repository(
            new dev.widekey.runtime.retry.RetryingStore(
                failingCommits(commits, false, 2),
                dev.widekey.runtime.retry.RetryPolicy.builder()
                    .maxAttempts(4)
                    .clock(time)
                    .sleeper(time)
                    .build()),
            true);

    Note stored = retried.insert(new Note(11, "inserted", "body", 0));

    assertEquals(3, commits.get());
    assertEquals(new Note(11, "inserted", "body", 1), stored);
    assertEquals(stored, notes.getWithCold(11).orElseThrow());
    assertEquals(1, coldRows(11).size(), () -> coldRows(11).toString());
  }
}
