package dev.widekey.runtime.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A {@link BulkWriteProgressListener} learns exactly once that an import ended, with its final
 * result, after its last snapshot, however the import ended.
 */
class BulkWriteProgressListenerTest {
  private static final String TABLE = "t";

  private EmbeddedStore store;

  @BeforeEach
  void open() {
    store = EmbeddedStore.inMemory();
    store.createTable(TestRows.table(TABLE, 200, 2));
  }

  @AfterEach
  void close() {
    store.close();
  }

  /** Records the calls it gets, in order: a snapshot as "p", the end as "end". */
  private static final class Recorder implements BulkWriteProgressListener {
    final List<String> calls = new CopyOnWriteArrayList<>();
    final List<BulkWriteResult> ends = new CopyOnWriteArrayList<>();
    final Consumer<BulkWriteProgress> onSnapshot;
    final RuntimeException onEnd;

    Recorder(Consumer<BulkWriteProgress> onSnapshot, RuntimeException onEnd) {
      this.onSnapshot = onSnapshot;
      this.onEnd = onEnd;
    }

    @Override
    public void accept(BulkWriteProgress p) {
      calls.add("p");
      onSnapshot.accept(p);
    }

    @Override
    public void importEnded(BulkWriteResult result) {
      calls.add("end");
      ends.add(result);
      if (onEnd != null) {
        throw onEnd;
      }
    }

    void assertEndedOnceWith(BulkWriteResult result) {
      assertEquals(1, ends.size(), calls::toString);
      assertSame(result, ends.get(0));
      assertEquals("end", calls.get(calls.size() - 1), "no snapshot after the end: " + calls);
    }
  }

  private BulkWriter writer(Recorder listener) {
    return BulkWriter.builder(store).workers(2).maxBatchRows(10).seed(3).progress(listener).build();
  }

  private static Iterator<WriteOp> puts(int n, RuntimeException failAtEnd) {
    return new Iterator<>() {
      int i;

      @Override
      public boolean hasNext() {
        if (i == n && failAtEnd != null) {
          throw failAtEnd;
        }
        return i < n;
      }

      @Override
      public WriteOp next() {
        if (i >= n) {
          throw new NoSuchElementException();
        }
        return WriteOp.put(TABLE, TestRows.row(i++, 1));
      }
    };
  }

  @Test
  void aFinishedImportEndsOnceWithTheResultItReturns() {
    Recorder listener = new Recorder(p -> {}, null);
    BulkWriteResult r = writer(listener).write(puts(200, null));
    assertTrue(r.allAcknowledged(), r::toString);
    listener.assertEndedOnceWith(r);
  }

  @Test
  void anImportWhoseInputFailsEndsOnceWithItsPartialResult() {
    Recorder listener = new Recorder(p -> {}, null);
    RuntimeException broken = new IllegalStateException("input broke");
    BulkWriteException e =
        assertThrows(BulkWriteException.class, () -> writer(listener).write(puts(50, broken)));
    assertSame(broken, e.getCause());
    listener.assertEndedOnceWith(e.partialResult());
  }

  @Test
  void anImportStoppedByItsListenerEndsOnceWithItsPartialResult() {
    RuntimeException boom = new IllegalStateException("listener broke");
    Recorder listener =
        new Recorder(
            p -> {
              throw boom;
            },
            null);
    BulkWriteException e =
        assertThrows(BulkWriteException.class, () -> writer(listener).write(puts(200, null)));
    assertSame(boom, e.getCause());
    listener.assertEndedOnceWith(e.partialResult());
  }

  @Test
  void anEndThatThrowsStopsTheImportWithTheSameResult() {
    RuntimeException boom = new IllegalStateException("end broke");
    Recorder listener = new Recorder(p -> {}, boom);
    BulkWriteException e =
        assertThrows(BulkWriteException.class, () -> writer(listener).write(puts(200, null)));
    assertSame(boom, e.getCause());
    listener.assertEndedOnceWith(e.partialResult());
    assertEquals(200, e.partialResult().acknowledged(), "every operation was written");
  }

  @Test
  void aListenerServesImportsOneAfterAnother() {
    Recorder listener = new Recorder(p -> {}, null);
    BulkWriter writer = writer(listener);
    BulkWriteResult first = writer.write(puts(100, null));
    BulkWriteResult second = writer.write(puts(200, null));
    assertEquals(List.of(first, second), listener.ends);
  }
}
