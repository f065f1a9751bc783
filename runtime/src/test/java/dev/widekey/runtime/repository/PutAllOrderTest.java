package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.Docs.Doc;
import dev.widekey.runtime.repository.Docs.DocRepository;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.write.BulkWriteResult;
import java.util.List;
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
