package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.widekey.runtime.repository.Docs.Doc;
import dev.widekey.runtime.repository.Docs.DocRepository;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The sweep removes exactly the garbage of stopped writes: cold rows no hot row names, once older
 * than the grace; the cold rows of entities, young unnamed rows and rows widekey did not write
 * stay.
 */
class ColdRowSweepTest {
  private static final Duration GRACE = Duration.ofHours(2);

  private final EmbeddedStore store = EmbeddedStore.inMemory();
  private final DocRepository docs = new DocRepository(store);

  @AfterEach
  void close() {
    store.close();
  }

  /** A writer that stops after storing its cold row: its commit never lands, nor its clean-up. */
  private DocRepository stoppedBeforeCommit() {
    return new DocRepository(
        new ForwardingStore(store) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            throw new IllegalStateException("the process died");
          }

          @Override
          public void delete(String table, PrimaryKey key) {
            throw new IllegalStateException("the process died");
          }
        });
  }

  private long coldRows() {
    try (var rows = store.scan(Docs.COLD, ScanRange.all(2))) {
      return rows.count();
    }
  }

  @Test
  void deletesOnlyOldColdRowsNoHotRowNames() {
    docs.createTables();
    docs.put(Doc.withCold(1, "kept", "body one"));
    docs.put(Doc.withCold(2, "kept", "body two"));
    for (int i = 0; i < 3; i++) {
      long id = i;
      assertThrows(
          IllegalStateException.class,
          () -> stoppedBeforeCommit().put(Doc.withCold(id, "lost", "garbage " + id)));
    }
    // rows widekey did not write: one without its columns (not even read), one without an owner
    store.put(
        Docs.COLD,
        Row.of(ColdRows.key(TestRows.key(9), 7), Map.of("body", AttrValue.ofString("not ours"))));
    store.put(
        Docs.COLD,
        Row.of(ColdRows.key(TestRows.key(9), 8), Map.of(ColdRows.WRITTEN, AttrValue.ofInteger(0))));
    assertEquals(7, coldRows());

    long now = System.currentTimeMillis();
    // nothing is old enough yet: the stopped writes' rows may still commit
    ColdSweepResult early = docs.sweepColdRows(GRACE, now);
    assertEquals(new ColdSweepResult(6, 2, 3, 0, 1), early);

    ColdSweepResult later = docs.sweepColdRows(GRACE, now + GRACE.toMillis() + 60_000);
    assertEquals(new ColdSweepResult(6, 2, 0, 3, 1), later);
    assertEquals(4, coldRows());
    assertEquals(Optional.of(Doc.withCold(1, "kept", "body one")), docs.getWithCold(1));
    assertEquals(Optional.of(Doc.withCold(2, "kept", "body two")), docs.getWithCold(2));
    assertEquals(Optional.empty(), docs.getWithCold(0));
  }

  /**
   * Adversary: a grace longer than the clock counts (ChronoUnit.FOREVER): nothing is old enough, so
   * nothing is deleted; it used to fail with an ArithmeticException.
   */
  @Test
  void aGraceLongerThanTheClockCountsDeletesNothing() {
    docs.createTables();
    docs.put(Doc.withCold(1, "kept", "body one"));
    assertThrows(
        IllegalStateException.class,
        () -> stoppedBeforeCommit().put(Doc.withCold(3, "lost", "garbage")));

    ColdSweepResult r = docs.sweepColdRows(java.time.temporal.ChronoUnit.FOREVER.getDuration());

    assertEquals(0, r.deleted(), r::toString);
    assertEquals(2, coldRows());
  }

  @Test
  void aGraceShorterThanTheMinimumIsRefused() {
    docs.createTables();
    assertThrows(IllegalArgumentException.class, () -> docs.sweepColdRows(Duration.ofMinutes(5)));
  }

  @Test
  void aWritePastItsCommitDeadlineDoesNotCommit() {
    docs.createTables();
    SplitTableRepository.PreparedWrite rows = docs.prepare(Doc.withCold(4, "late", "body"));
    Map<String, AttrValue> columns = new java.util.LinkedHashMap<>(rows.cold().columns());
    columns.put(
        ColdRows.WRITTEN,
        AttrValue.ofInteger(System.currentTimeMillis() - ColdRows.COMMIT_DEADLINE.toMillis() - 1));
    Row old = Row.of(rows.cold().key(), columns);
    CommitPoint commit = new CommitPoint(store, docs.tables(), null, 0);
    StoreException e =
        assertThrows(
            StoreException.class,
            () ->
                commit.write(
                    new SplitTableRepository.PreparedWrite(rows.hot(), old),
                    CommitPoint.Expectation.ANY,
                    (expected, present, key, version) -> {
                      throw new AssertionError("a plain put has no condition");
                    }));
    assertEquals(true, e.retryable());
    assertEquals(Optional.empty(), docs.get(4));
    assertEquals(0, coldRows()); // nothing committed: its cold row went again
  }
}
