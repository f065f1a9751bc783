package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.Docs.Doc;
import dev.widekey.runtime.repository.Docs.DocRepository;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.write.BulkWriteResult;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code putAll} keeps input order per key, also for an entity too large for any batch (written
 * alone), and counts every entity it was given.
 */
class PutAllOrderTest {
  private static final String MB_1_5 = "x".repeat(1_500_000);

  private EmbeddedStore store;
  private DocRepository docs;

  @BeforeEach
  void open() {
    store = EmbeddedStore.inMemory();
    docs = new DocRepository(store);
    docs.createTables();
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void theLaterEntityWinsOverAnEarlierOneEvenWhenItIsTooLargeForABatch() {
    Doc old = Doc.hot(1, "old");
    Doc large = new Doc(1, MB_1_5, MB_1_5 + "a", MB_1_5 + "b", null);
    assertTrue(docs.prepare(large).sizeInBytes() > store.limits().maxBatchBytes());

    BulkWriteResult r = docs.putAll(List.of(old, large));

    assertEquals(0, r.failed(), r::toString);
    assertSame(large, docs.get(1).orElseThrow());
    assertEquals(2, r.total(), r::toString);
    assertEquals(2, r.acknowledged(), r::toString);
  }

  @Test
  void anEarlierLargeEntityLosesToALaterSmallOneAndOtherKeysAreAllWritten() {
    Doc large = new Doc(1, MB_1_5, MB_1_5, MB_1_5, "cold");
    List<Doc> input =
        List.of(Doc.hot(0, "zero"), large, Doc.hot(2, "two"), Doc.hot(1, "new"), large(3));

    BulkWriteResult r = docs.putAll(input);

    assertEquals(Doc.hot(1, "new"), docs.getWithCold(1).orElseThrow());
    assertEquals(Doc.hot(0, "zero"), docs.get(0).orElseThrow());
    assertEquals(Doc.hot(2, "two"), docs.get(2).orElseThrow());
    assertSame(large(3), docs.getWithCold(3).orElseThrow());
    // one operation per hot row, one more per cold row, one more per cold row replaced (the later
    // entity of key 1 deletes the large one's): 1 + 2 + 1 + 2 + 2
    assertEquals(8, r.total(), r::toString);
    assertEquals(8, r.acknowledged(), r::toString);
  }

  /**
   * An entity too large for a batch is written alone; its commit (an unconditional hot put) lands
   * without an answer, and before the retry another application instance replaces it, deleting the
   * cold row the commit named. Sent again as it was, the commit named that deleted row; now the
   * write is sent again as a commit, and the entity read is one of the two writes, whole.
   */
  @Test
  void aLargeEntitysCommitSentAgainAfterAnotherInstanceReplacedItNamesNoDeletedRow() {
    DocRepository other = new DocRepository(store);
    Doc theirs = new Doc(3, "theirs", null, null, "their body");
    AtomicInteger hotPuts = new AtomicInteger();
    WideTableStore losing =
        new ForwardingStore(store) {
          @Override
          public void put(String table, Row row) {
            super.put(table, row);
            if (table.equals(Docs.HOT) && hotPuts.incrementAndGet() == 1) {
              other.put(theirs);
              throw new StoreException(ErrorKind.UNAVAILABLE, "answer lost", true, null);
            }
          }

          @Override
          public void put(String table, Row row, WriteCondition condition) {
            store.put(table, row, condition); // alone, as the store sends it: no batch limit
          }
        };
    DocRepository lossy = new DocRepository(losing);
    assertTrue(lossy.prepare(large(3)).sizeInBytes() > store.limits().maxBatchBytes());

    BulkWriteResult r = lossy.putAll(List.of(large(3)));

    assertEquals(r.total(), r.acknowledged(), r::toString);
    Doc read = docs.getWithCold(3).orElseThrow();
    assertTrue(read.equals(theirs) || read.equals(large(3)), () -> summary(read));
  }

  /** Equality without printing megabytes when it fails. */
  private static void assertSame(Doc want, Doc got) {
    assertTrue(want.equals(got), () -> "got " + summary(got) + ", not " + summary(want));
  }

  private static String summary(Doc d) {
    return d.id() + ": " + d.title().length() + " chars of title starting " + d.title().charAt(0);
  }

  private static Doc large(long id) {
    return new Doc(id, MB_1_5, MB_1_5, MB_1_5, "body " + id);
  }
}
