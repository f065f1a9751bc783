package dev.widekey.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Calls counted whatever becomes of them: batch calls that fail on their arguments, before reaching
 * the store, and the one-call writes of a store that computes rows.
 */
class MeteredCallsFailingEarlyTest {
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  private long calls(String operation) {
    return registry
        .find("widekey.store.operation")
        .tag("db.operation.name", operation)
        .timers()
        .stream()
        .mapToLong(Timer::count)
        .sum();
  }

  @Test
  void aMultiGetWithoutKeysIsCountedAsFailed() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      WideTableStore store = MeteredStore.wrap(embedded, registry);
      store.createTable(Rows.table("t", 100, 2));
      assertThrows(RuntimeException.class, () -> store.multiGet("t", null, ColumnSelection.all()));
      assertEquals(1, calls("multi_get"));
    }
  }

  /**
   * A store that computes rows keeps doing so metered: a repository's commits and deletes over it
   * take their one-call path, each timed as the write it is.
   */
  @Test
  void rowsComputedAndDeletedInOneCallAreForwardedAndTimed() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      WideTableStore store = MeteredStore.wrap(embedded, registry);
      store.createTable(Rows.table("t", 100, 2));
      assertTrue(store.computesRows());
      store.computeRow("t", Rows.key(1), ColumnSelection.all(), stored -> Rows.row(1, 1));
      assertEquals(1, calls("put"));
      assertEquals(
          Optional.of(Rows.row(1, 1)), store.getAndDelete("t", Rows.key(1), ColumnSelection.all()));
      assertEquals(Optional.empty(), embedded.get("t", Rows.key(1), ColumnSelection.all()));
      assertEquals(1, calls("delete"));
    }
  }

  @Test
  void aBatchWithANullOperationIsCountedAsFailed() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      WideTableStore store = MeteredStore.wrap(embedded, registry);
      store.createTable(Rows.table("t", 100, 2));
      List<WriteOp> ops = Arrays.asList(WriteOp.put("t", Rows.row(1, 1)), null);
      assertThrows(RuntimeException.class, () -> store.batchWrite(ops));
      assertThrows(RuntimeException.class, () -> store.batchWrite(null));
      assertEquals(2, calls("batch_write"));
    }
  }
}
