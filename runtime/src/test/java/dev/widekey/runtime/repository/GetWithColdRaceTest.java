package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.Docs.Doc;
import dev.widekey.runtime.repository.Docs.DocRepository;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A write that lands between the hot and the cold read of {@code getWithCold} never makes it fail
 * with a dangling-pointer error: the reader re-reads the hot row and returns a consistent entity.
 */
class GetWithColdRaceTest {
  /** Runs {@code between} once, just before the next read of the cold table. */
  static final class InterleavingStore extends ForwardingStore {
    private Runnable between;
    int coldReads;

    InterleavingStore(EmbeddedStore delegate) {
      super(delegate);
    }

    void beforeNextColdRead(Runnable action) {
      between = action;
    }

    @Override
    public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
      if (table.equals(Docs.COLD)) {
        coldReads++;
        Runnable action = between;
        between = null;
        if (action != null) {
          action.run();
        }
      }
      return super.get(table, key, columns);
    }
  }

  private EmbeddedStore embedded;
  private InterleavingStore store;
  private DocRepository docs;
  private DocRepository writer; // writes straight to the store, as another client would

  @BeforeEach
  void open() {
    embedded = EmbeddedStore.inMemory();
    store = new InterleavingStore(embedded);
    docs = new DocRepository(store);
    writer = new DocRepository(embedded);
    docs.createTables();
  }

  @AfterEach
  void close() {
    embedded.close();
  }

  @Test
  void aPutDroppingTheColdValuesBetweenTheReadsGivesAConsistentEntity() {
    docs.put(Doc.withCold(1, "t", "body"));
    store.beforeNextColdRead(() -> writer.put(Doc.hot(1, "t2")));
    Doc read = docs.getWithCold(1).orElseThrow();
    assertTrue(
        read.equals(Doc.withCold(1, "t", "body")) || read.equals(Doc.hot(1, "t2")), read::toString);
  }

  @Test
  void aDeleteBetweenTheReadsReadsAsAbsent() {
    docs.put(Doc.withCold(1, "t", "body"));
    store.beforeNextColdRead(() -> writer.delete(1));
    assertEquals(Optional.empty(), docs.getWithCold(1));
  }

  @Test
  void aDeleteAndAColdlessPutBetweenTheReadsGiveTheNewEntity() {
    docs.put(Doc.withCold(1, "t", "body"));
    store.beforeNextColdRead(
        () -> {
          writer.delete(1);
          writer.put(Doc.hot(1, "new"));
        });
    assertEquals(Optional.of(Doc.hot(1, "new")), docs.getWithCold(1));
  }

  @Test
  void aScanWithColdSkipsAnEntityDeletedBetweenTheReads() {
    docs.put(Doc.withCold(1, "one", "b1"));
    docs.put(Doc.withCold(2, "two", "b2"));
    store.beforeNextColdRead(() -> writer.delete(1));
    List<Doc> all;
    try (var rows = docs.scanWithCold()) {
      all = rows.collect(Collectors.toList());
    }
    assertEquals(List.of(Doc.withCold(2, "two", "b2")), all);
  }

  @Test
  void aColdRowThatKeepsVanishingEndsInARetryableError() {
    docs.put(Doc.withCold(1, "t", "body"));
    // every cold read finds the cold row gone and a new hot row pointing at another one
    int[] version = {0};
    Runnable churn =
        new Runnable() {
          @Override
          public void run() {
            // the hot row is rewritten, naming a cold row not yet landed; every cold row is gone
            try (var cold = embedded.scan(Docs.COLD, ScanRange.all(2))) {
              cold.toList().forEach(r -> embedded.delete(Docs.COLD, r.key()));
            }
            embedded.put(
                Docs.HOT,
                Row.of(
                    TestRows.key(1),
                    Map.of(
                        "title",
                        AttrValue.ofString("v" + ++version[0]),
                        SplitTableRepository.COLD_MARKER,
                        AttrValue.ofBoolean(true),
                        SplitTableRepository.COLD_TAG,
                        AttrValue.ofInteger(version[0]))));
            store.beforeNextColdRead(this);
          }
        };
    store.beforeNextColdRead(churn);
    StoreException e = assertThrows(StoreException.class, () -> docs.getWithCold(1));
    assertTrue(e.retryable(), e::toString);
    assertTrue(store.coldReads <= 5, "bounded: " + store.coldReads + " cold reads");
  }

  @Test
  void aHotRowPointingAtAColdRowThatNeverExistedIsStillNotRetryable() {
    embedded.put(
        Docs.HOT,
        Row.of(
            TestRows.key(9), Map.of(SplitTableRepository.COLD_MARKER, AttrValue.ofBoolean(true))));
    StoreException e = assertThrows(StoreException.class, () -> docs.getWithCold(9));
    assertFalse(e.retryable(), e::toString);
  }
}
