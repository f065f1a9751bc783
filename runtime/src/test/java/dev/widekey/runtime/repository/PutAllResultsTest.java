package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.FakeTime;
import dev.widekey.runtime.store.fault.FaultInjectingStore;
import dev.widekey.runtime.store.fault.FaultInjectingStore.Script;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.WriteGroup;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The operations of an entity too large for any batch, written alone by {@code putAll}. */
class PutAllResultsTest {
  private final EmbeddedStore embedded = EmbeddedStore.inMemory();

  @AfterEach
  void close() {
    embedded.close();
  }

  @Test
  void aConditionalPutWrittenAloneIsAcknowledgedWhenItsRetryMeetsItsOwnWrite() {
    embedded.createTable(TestRows.table("t", 10, 1));
    FaultInjectingStore faults =
        FaultInjectingStore.builder(embedded)
            .script(Script.answerLostOnFirstAttempt(op -> true))
            .build();
    FakeTime time = new FakeTime();
    PutAllResults results = new PutAllResults();

    results.writeAlone(
        faults,
        RetryPolicy.builder().clock(time).sleeper(time).build(),
        0,
        WriteGroup.of(
            WriteOp.put("t", TestRows.row(1, 1), WriteCondition.rowAbsent()),
            WriteOp.put("t", TestRows.row(2, 1))));

    BulkWriteResult r = results.result(1);
    assertEquals(2, r.acknowledged(), r::toString);
    assertEquals(0, r.failed(), r::toString);
    assertEquals(2, r.retries(), "each first answer was lost");
    assertEquals(
        Optional.of(TestRows.row(1, 1)), embedded.get("t", TestRows.key(1), ColumnSelection.all()));
  }
}
