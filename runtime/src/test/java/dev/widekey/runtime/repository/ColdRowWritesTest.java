package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.Docs.Doc;
import dev.widekey.runtime.repository.Docs.DocRepository;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Deletes on the write path (a delete marker each on HBase and Lindorm) are the replaced writes'
 * cold rows and nothing else: an entity that never had cold values writes none, and a cold row is
 * deleted only once the hot row no longer names it.
 */
class ColdRowWritesTest {
  /** Counts the deletes that reach the store, single and batched, per table. */
  static final class RecordingStore extends ForwardingStore {
    final List<String> deletes = new ArrayList<>();

    RecordingStore(EmbeddedStore delegate) {
      super(delegate);
    }

    @Override
    public synchronized void delete(String table, PrimaryKey key) {
      deletes.add(table);
      super.delete(table, key);
    }

    @Override
    public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
      synchronized (this) {
        ops.stream()
            .filter(op -> op instanceof WriteOp.Delete)
            .forEach(op -> deletes.add(op.table()));
      }
      return super.batchWrite(ops);
    }
  }

  private EmbeddedStore embedded;
  private RecordingStore store;
  private DocRepository docs;

  @BeforeEach
  void open() {
    embedded = EmbeddedStore.inMemory();
    store = new RecordingStore(embedded);
    docs = new DocRepository(store);
    docs.createTables();
  }

  @AfterEach
  void close() {
    embedded.close();
  }

  private long coldRows() {
    try (var rows = embedded.scan(Docs.COLD, ScanRange.all(2))) {
      return rows.count();
    }
  }

  @Test
  void putsOfColdlessEntitiesWriteNoDelete() {
    for (int i = 0; i < 20; i++) {
      docs.put(Doc.hot(i % 5, "t" + i));
    }
    docs.putAll(IntStream.range(0, 20).mapToObj(i -> Doc.hot(i, "u")).collect(Collectors.toList()));
    assertEquals(List.of(), store.deletes);
  }

  @Test
  void aPutWithoutColdValuesDeletesTheReplacedColdRow() {
    docs.put(Doc.withCold(1, "t", "body"));
    docs.put(Doc.hot(1, "t2"));
    assertEquals(Optional.of(Doc.hot(1, "t2")), docs.getWithCold(1));
    docs.putAll(List.of(Doc.withCold(2, "t", "body")));
    docs.putAll(List.of(Doc.hot(2, "t2")));
    assertEquals(Optional.of(Doc.hot(2, "t2")), docs.getWithCold(2));
    assertEquals(List.of(Docs.COLD, Docs.COLD), store.deletes);
    assertEquals(0, coldRows());
    // a later put with cold values replaces the old cold row whole
    docs.put(Doc.withCold(1, "t3", "new body"));
    assertEquals(Optional.of(Doc.withCold(1, "t3", "new body")), docs.getWithCold(1));
  }

  @Test
  void deleteRemovesTheColdRowOnlyWhenTheHotRowPointsAtOne() {
    docs.put(Doc.withCold(1, "t", "body"));
    docs.delete(1);
    assertEquals(List.of(Docs.HOT, Docs.COLD), store.deletes);
    assertEquals(0, coldRows());
    assertTrue(docs.getWithCold(1).isEmpty());

    store.deletes.clear();
    docs.put(Doc.hot(2, "t"));
    docs.delete(2);
    assertEquals(List.of(Docs.HOT), store.deletes);
    assertTrue(docs.get(2).isEmpty());
  }
}
