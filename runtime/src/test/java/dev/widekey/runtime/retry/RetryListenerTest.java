package dev.widekey.runtime.retry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.FakeTime;
import dev.widekey.runtime.store.fault.FaultInjectingStore;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.BulkWriter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class RetryListenerTest {
  private final FakeTime time = new FakeTime();

  private RetryPolicy.Builder policy() {
    return RetryPolicy.builder().clock(time).sleeper(time).maxAttempts(3);
  }

  @Test
  void toldOfEveryRetryAndOfTheGiveUp() {
    List<String> told = new CopyOnWriteArrayList<>();
    RetryListener listener =
        new RetryListener() {
          @Override
          public void retrying(StoreException error, int failures, long delayNanos) {
            assertTrue(delayNanos >= 0);
            told.add("retry " + error.kind() + " " + failures);
          }

          @Override
          public void gaveUp(StoreException error, int failures) {
            told.add("gave up " + error.kind() + " " + failures);
          }
        };
    RetryPolicy p = policy().listener(listener).build();
    assertEquals(listener, p.listener());
    assertEquals(listener, p.toBuilder().build().listener());

    AtomicInteger calls = new AtomicInteger();
    assertEquals(
        "ok",
        p.call(
            () -> {
              if (calls.incrementAndGet() < 3) {
                throw new StoreException(ErrorKind.THROTTLED, "busy");
              }
              return "ok";
            }));
    assertEquals(List.of("retry THROTTLED 1", "retry THROTTLED 2"), told);

    told.clear();
    assertThrows(
        StoreException.class,
        () ->
            p.run(
                () -> {
                  throw new StoreException(ErrorKind.UNAVAILABLE, "moving");
                }));
    assertEquals(
        List.of("retry UNAVAILABLE 1", "retry UNAVAILABLE 2", "gave up UNAVAILABLE 3"), told);

    told.clear();
    assertThrows(
        StoreException.class,
        () ->
            p.run(
                () -> {
                  throw new StoreException(ErrorKind.INVALID_REQUEST, "bad");
                }));
    assertEquals(List.of(), told, "a failure never retried is neither a retry nor a give-up");
  }

  @Test
  void noListenerByDefaultAndAThrowingOneChangesNothing() {
    assertEquals(RetryListener.NONE, RetryPolicy.defaults().listener());
    RetryPolicy p =
        policy()
            .listener(
                (e, f, d) -> {
                  throw new IllegalStateException("listener bug");
                })
            .build();
    AtomicInteger calls = new AtomicInteger();
    p.run(
        () -> {
          if (calls.incrementAndGet() == 1) {
            throw new StoreException(ErrorKind.TIMEOUT, "slow");
          }
        });
    assertEquals(2, calls.get());
  }

  @Test
  void retryingStoreAndBulkWriterTellTheirRetries() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      embedded.createTable(TestRows.table("t", 500, 4));
      WideTableStore faulty =
          FaultInjectingStore.builder(embedded)
              .seed(7)
              .retryableErrorRate(0.3)
              .clock(time)
              .sleeper(time)
              .build();
      AtomicLong retries = new AtomicLong();
      RetryPolicy p =
          policy().maxAttempts(50).listener((e, f, d) -> retries.incrementAndGet()).build();

      BulkWriteResult r =
          BulkWriter.builder(faulty)
              .workers(2)
              .retryPolicy(p)
              .seed(7)
              .build()
              .write(
                  LongStream.range(0, 500)
                      .mapToObj(i -> WriteOp.put("t", TestRows.row(i, 1)))
                      .iterator());
      assertEquals(500, r.acknowledged());
      assertTrue(retries.get() > 0, "the writer's per-row retries are told");

      long before = retries.get();
      WideTableStore retrying = new RetryingStore(faulty, p);
      for (long i = 0; i < 200; i++) {
        retrying.put("t", TestRows.row(i, 2));
      }
      assertTrue(retries.get() > before, "the store's retries are told");
    }
  }
}
