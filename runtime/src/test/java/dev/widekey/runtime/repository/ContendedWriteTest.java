package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.Docs.Doc;
import dev.widekey.runtime.repository.Docs.DocRepository;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A writer that another writer beats to the commit point on every attempt gives up with a typed,
 * retryable {@link ContendedWriteException}, having written nothing a reader sees and removed its
 * own cold row.
 */
class ContendedWriteTest {
  private final EmbeddedStore store = EmbeddedStore.inMemory();
  private final DocRepository other = new DocRepository(store);

  @AfterEach
  void close() {
    store.close();
  }

  /** Before each of its compare-and-sets, the other writer commits a write of the same entity. */
  private DocRepository alwaysBeaten(AtomicInteger attempts) {
    return new DocRepository(
        new ForwardingStore(store) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            if (ops.size() == 1
                && ops.get(0).table().equals(Docs.HOT)
                && !ops.get(0).condition().isNone()) {
              int n = attempts.incrementAndGet();
              other.put(Doc.withCold(1, "other " + n, "other body " + n));
            }
            return super.batchWrite(ops);
          }
        });
  }

  private long coldRows() {
    try (var rows = store.scan(Docs.COLD, ScanRange.all(2))) {
      return rows.count();
    }
  }

  @Test
  void aPutBeatenOnEveryAttemptWritesNothing() {
    other.createTables();
    other.put(Doc.withCold(1, "first", "first body"));
    AtomicInteger attempts = new AtomicInteger();
    ContendedWriteException e =
        assertThrows(
            ContendedWriteException.class,
            () -> alwaysBeaten(attempts).put(Doc.withCold(1, "mine", "my body")));
    assertEquals(CommitPoint.COMMIT_ATTEMPTS, attempts.get());
    assertEquals(ErrorKind.UNAVAILABLE, e.kind());
    assertTrue(e.retryable());
    assertEquals(TestRows.key(1), e.key());
    assertTrue(e.getMessage().contains(Docs.HOT), e.getMessage());
    int last = CommitPoint.COMMIT_ATTEMPTS;
    assertEquals(
        Doc.withCold(1, "other " + last, "other body " + last), other.getWithCold(1).orElseThrow());
    assertEquals(
        1, coldRows(), "only the committed write's cold row: the beaten one removed its own");
  }

  @Test
  void aDeleteBeatenOnEveryAttemptDeletesNothing() {
    other.createTables();
    other.put(Doc.withCold(1, "first", "first body"));
    AtomicInteger attempts = new AtomicInteger();
    assertThrows(ContendedWriteException.class, () -> alwaysBeaten(attempts).delete(1));
    int last = CommitPoint.COMMIT_ATTEMPTS;
    assertEquals(
        Doc.withCold(1, "other " + last, "other body " + last), other.getWithCold(1).orElseThrow());
    assertEquals(1, coldRows());
  }
}
