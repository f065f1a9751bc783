package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.repository.IndexRowsTest.IndexCheck;
import dev.widekey.runtime.repository.Tagged.Item;
import dev.widekey.runtime.repository.Tagged.Items;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.write.BulkWriteException;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.BulkWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * An indexed entity's stream import stopped after each of its batches in turn and resumed through
 * the repository: afterwards the index is exact (every stored entity found at its value once,
 * nothing else) and holds exactly the rows one uninterrupted import leaves, no garbage.
 */
class ResumedIndexedImportTest {
  private static final long SEED = 0x1DE7L;

  /** Items 1–3 stored before the import. */
  private static List<Item> initial() {
    return List.of(
        new Item(1, "red", "a", null),
        new Item(2, "green", "b", null),
        new Item(3, "blue", "c", null));
  }

  /** Moves 1, keeps 2's value, adds 4 and 5, writes 1 again (the second replaces the first). */
  private static List<Item> input() {
    return List.of(
        new Item(1, "blue", "a2", null),
        new Item(2, "green", "b2", "body"),
        new Item(4, "red", "d", null),
        new Item(1, "green", "a3", null),
        new Item(5, "red", "e", null));
  }

  private static BulkWriter writer(WideTableStore store, int stopAt) {
    AtomicInteger batches = new AtomicInteger();
    return BulkWriter.builder(store)
        .workers(1)
        .maxBatchRows(1)
        .seed(7)
        .retryPolicy(RetryPolicy.builder().maxAttempts(3).baseDelay(Duration.ofMillis(1)).build())
        .progress(
            p -> {
              if (batches.incrementAndGet() == stopAt) {
                throw new IllegalStateException("listener stops the import");
              }
            })
        .build();
  }

  private static long rows(WideTableStore store, String table, int columns) {
    try (var s = store.scan(table, ScanRange.all(columns))) {
      return s.count();
    }
  }

  @Test
  void aStoppedAndResumedImportLeavesTheIndexExact() {
    int stops = 0;
    for (int stopAt = 1; stopAt <= 20; stopAt++) {
      try (EmbeddedStore store = EmbeddedStore.inMemory()) {
        Items items = new Items(store, true);
        items.createTables();
        items.putAll(initial());
        BulkWriteResult stopped;
        try {
          BulkWriteResult done = items.putAllSeeded(input().stream(), writer(store, stopAt), SEED);
          assertTrue(done.failures().isEmpty(), done::toString);
          stopped = null;
        } catch (BulkWriteException e) {
          stopped = e.partialResult();
          stops++;
        }
        if (stopped != null) {
          BulkWriteResult end =
              items.putAll(
                  input().stream().skip(stopped.resumePosition()), writer(store, -1), stopped);
          assertTrue(end.failures().isEmpty(), end::toString);
        }
        String where = "stopped after batch " + stopAt;
        assertEquals(List.of(), IndexCheck.anomalies(items), where);
        assertEquals(
            List.of(
                new Item(1, "green", "a3", null),
                new Item(2, "green", "b2", null),
                new Item(3, "blue", "c", null),
                new Item(4, "red", "d", null),
                new Item(5, "red", "e", null)),
            all(items),
            where);
        items.flushDeletes();
        assertEquals(5, rows(store, Tagged.BY_TAG.table().name(), 2), where + ": index rows");
      }
    }
    assertTrue(stops > 5, "only " + stops + " imports stopped before their end");
  }

  private static List<Item> all(Items items) {
    try (Stream<Item> s = items.all()) {
      return s.toList();
    }
  }

  /**
   * Adversary: an import's hot put is applied but its answer lost, the import stops, and before it
   * is resumed another client rewrites the entity without changing its indexed value (so that
   * client's write keeps the import's index row, under the import's tag). The resume writes the
   * entity anew, under a tag of its own (that client may still be deleting rows under the stopped
   * one), and deletes the kept row after its commit: the entity stays in the index at its value,
   * once.
   */
  @Test
  void aResumeKeepsTheIndexRowAnotherClientsWriteKeptOfItsOwnWrite() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      Items direct = new Items(embedded, false);
      direct.createTables();
      direct.put(new Item(1, "red", "first", null));
      dev.widekey.runtime.store.fault.FaultInjectingStore faults =
          dev.widekey.runtime.store.fault.FaultInjectingStore.builder(embedded)
              .script(
                  dev.widekey.runtime.store.fault.FaultInjectingStore.Script
                      .answerLostOnFirstAttempt(
                          op ->
                              op instanceof dev.widekey.runtime.store.WriteOp.Put p
                                  && p.table().equals(Tagged.HOT)))
              .build();
      dev.widekey.runtime.store.fault.FakeTime time =
          new dev.widekey.runtime.store.fault.FakeTime();
      RetryPolicy policy =
          RetryPolicy.builder()
              .maxAttempts(6)
              .baseDelay(Duration.ZERO)
              .maxDelay(Duration.ZERO)
              .clock(time)
              .sleeper(time)
              .build();
      Items importing = new Items(faults, false);
      List<Item> input = List.of(new Item(1, "red", "imported", null));
      BulkWriter stopping =
          BulkWriter.builder(faults)
              .workers(1)
              .maxBatchRows(1)
              .retryPolicy(policy)
              .progress(
                  p -> {
                    if (p.retries() > 0) {
                      throw new IllegalStateException("listener stops the import");
                    }
                  })
              .build();
      BulkWriteResult stopped;
      try {
        importing.putAll(input.stream(), stopping);
        throw new AssertionError("the import did not stop");
      } catch (BulkWriteException e) {
        stopped = e.partialResult();
      }
      assertEquals(1, stopped.unknown(), stopped::toString);

      new Items(embedded, false).put(new Item(1, "red", "other client", null));

      BulkWriteResult end =
          importing.putAll(
              input.stream().skip(stopped.resumePosition()),
              BulkWriter.builder(faults).workers(1).retryPolicy(policy).build(),
              stopped);
      assertTrue(end.failures().isEmpty(), end::toString);
      assertEquals(List.of(new Item(1, "red", "imported", null)), all(direct));
      assertEquals(List.of(), IndexCheck.anomalies(direct));
    }
  }

  /** A versioned indexed entity: a tag (indexed) and a note, hot, and a version. */
  record Ticket(long id, String tag, String note, long version) {}

  static final class Tickets extends SplitTableRepository<Ticket> {
    Tickets(WideTableStore store) {
      super(store, Tagged.tables(false), List.of(), "version");
    }

    @Override
    protected dev.widekey.runtime.store.PrimaryKey keyOf(Ticket t) {
      return dev.widekey.runtime.store.TestRows.key(t.id());
    }

    @Override
    protected java.util.Map<String, dev.widekey.runtime.store.AttrValue> hotColumns(Ticket t) {
      return java.util.Map.of(
          "tag", dev.widekey.runtime.store.AttrValue.ofString(t.tag()),
          "note", dev.widekey.runtime.store.AttrValue.ofString(t.note()),
          "version", dev.widekey.runtime.store.AttrValue.ofInteger(t.version()));
    }

    @Override
    protected java.util.Map<String, dev.widekey.runtime.store.AttrValue> coldColumns(Ticket t) {
      return java.util.Map.of();
    }

    @Override
    protected Ticket toEntity(
        dev.widekey.runtime.store.PrimaryKey key,
        dev.widekey.runtime.store.Row hot,
        dev.widekey.runtime.store.Row cold) {
      return new Ticket(
          key.get(0).asLong(),
          Columns.getString(hot, "tag"),
          Columns.getString(hot, "note"),
          Columns.requireLong(hot, "version"));
    }

    @Override
    protected List<dev.widekey.runtime.store.PkValue> indexValues(IndexTable index, Ticket t) {
      return List.of(dev.widekey.runtime.store.PkValue.ofString(t.tag()));
    }

    @Override
    protected long versionOf(Ticket t) {
      return t.version();
    }

    @Override
    protected Ticket withVersion(Ticket t, long version) {
      return new Ticket(t.id(), t.tag(), t.note(), version);
    }

    List<Long> byTag(String tag) {
      try (Stream<Ticket> s =
          scanIndex(
              Tagged.BY_TAG,
              dev.widekey.runtime.key.KeyRanges.leading(
                  List.of(dev.widekey.runtime.store.PkValue.ofString(tag)), 2))) {
        return s.map(Ticket::id).toList();
      }
    }
  }

  /**
   * The versioned twin: the resume's write fails its condition against the other client's later
   * version, and the rows its refused group stored are deleted again, but never the index row that
   * client's committed write kept and names.
   */
  @Test
  void aRefusedResumeLeavesTheIndexRowAnotherClientsWriteKept() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      Tickets direct = new Tickets(embedded);
      direct.createTables();
      Ticket v1 = direct.put(new Ticket(1, "red", "first", 0));
      dev.widekey.runtime.store.fault.FaultInjectingStore faults =
          dev.widekey.runtime.store.fault.FaultInjectingStore.builder(embedded)
              .script(
                  dev.widekey.runtime.store.fault.FaultInjectingStore.Script
                      .answerLostOnFirstAttempt(
                          op ->
                              op instanceof dev.widekey.runtime.store.WriteOp.Put p
                                  && p.table().equals(Tagged.HOT)))
              .build();
      dev.widekey.runtime.store.fault.FakeTime time =
          new dev.widekey.runtime.store.fault.FakeTime();
      RetryPolicy policy =
          RetryPolicy.builder()
              .maxAttempts(6)
              .baseDelay(Duration.ZERO)
              .maxDelay(Duration.ZERO)
              .clock(time)
              .sleeper(time)
              .build();
      Tickets importing = new Tickets(faults);
      List<Ticket> input = List.of(new Ticket(1, "red", "imported", v1.version()));
      BulkWriter stopping =
          BulkWriter.builder(faults)
              .workers(1)
              .maxBatchRows(1)
              .retryPolicy(policy)
              .progress(
                  p -> {
                    if (p.retries() > 0) {
                      throw new IllegalStateException("listener stops the import");
                    }
                  })
              .build();
      BulkWriteResult stopped;
      try {
        importing.putAll(input.stream(), stopping);
        throw new AssertionError("the import did not stop");
      } catch (BulkWriteException e) {
        stopped = e.partialResult();
      }
      assertEquals(1, stopped.unknown(), stopped::toString);
      Ticket imported = new Tickets(embedded).find(TestRowsKey.of(1), false).orElseThrow();
      assertEquals("imported", imported.note());

      Ticket other = new Tickets(embedded).put(new Ticket(1, "red", "other client", 2));

      BulkWriteResult end =
          importing.putAll(
              input.stream().skip(stopped.resumePosition()),
              BulkWriter.builder(faults).workers(1).retryPolicy(policy).build(),
              stopped);
      assertTrue(
          end.failures().stream()
              .anyMatch(
                  f ->
                      f.table().equals(Tagged.HOT)
                          && f.error().kind()
                              == dev.widekey.runtime.store.ErrorKind.CONDITION_FAILED),
          end::toString);
      assertEquals(other, new Tickets(embedded).find(TestRowsKey.of(1), false).orElseThrow());
      assertEquals(List.of(1L), direct.byTag("red"), "the entity is still found at its value");
    }
  }

  private static final class TestRowsKey {
    static dev.widekey.runtime.store.PrimaryKey of(long id) {
      return dev.widekey.runtime.store.TestRows.key(id);
    }
  }

  /**
   * Adversary: a sweep runs while a long-stopped import is resumed. The import stopped after
   * storing an entity's cold and index rows, before its commit; hours later the sweep finds them
   * old and named by no hot row, and decides to delete them; the resume stores the same rows again
   * (same keys, under the stopped tag) and commits before the sweep's deletes land. The sweep must
   * not delete rows a committed hot row names: the entity keeps its cold value and its place in the
   * index.
   */
  @Test
  void aSweepRacingAResumedImportNeverDeletesTheRowsItCommitted() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      Items importing = new Items(store, true);
      importing.createTables();
      List<Item> input = List.of(new Item(1, "red", "imported", "body"));
      BulkWriteResult stopped;
      try {
        importing.putAllSeeded(input.stream(), writer(store, 2), SEED); // cold and index rows
        throw new AssertionError("the import did not stop");
      } catch (BulkWriteException e) {
        stopped = e.partialResult();
      }
      assertTrue(importing.get(1).isEmpty(), "not committed");
      BulkWriteResult last = stopped;
      boolean[] resumed = {false};
      WideTableStore racing =
          new dev.widekey.runtime.store.ForwardingStore(store) {
            private void resumeFirst() {
              if (!resumed[0]) {
                resumed[0] = true;
                BulkWriteResult end =
                    importing.putAll(
                        input.stream().skip(last.resumePosition()), writer(store, -1), last);
                assertTrue(end.failures().isEmpty(), end::toString);
              }
            }

            @Override
            public void delete(String table, dev.widekey.runtime.store.PrimaryKey key) {
              resumeFirst();
              super.delete(table, key);
            }

            @Override
            public void delete(
                String table,
                dev.widekey.runtime.store.PrimaryKey key,
                dev.widekey.runtime.store.WriteCondition condition) {
              resumeFirst();
              super.delete(table, key, condition);
            }
          };
      // the resume writes its rows at a later millisecond than the stopped import, as it would
      // hours later
      long stoppedAt = System.currentTimeMillis();
      while (System.currentTimeMillis() <= stoppedAt + 1) {
        Thread.onSpinWait();
      }
      long hoursLater = System.currentTimeMillis() + Duration.ofHours(3).toMillis();
      new Items(racing, true).sweepColdRows(Duration.ofHours(2), hoursLater);
      assertTrue(resumed[0], "the sweep deleted something");

      assertEquals(
          new Item(1, "red", "imported", "body"),
          importing.find(dev.widekey.runtime.store.TestRows.key(1), true).orElseThrow());
      assertEquals(List.of(), IndexCheck.anomalies(importing));
    }
  }
}
