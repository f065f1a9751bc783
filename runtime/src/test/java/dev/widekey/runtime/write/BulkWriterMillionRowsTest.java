package dev.widekey.runtime.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.FakeTime;
import dev.widekey.runtime.store.fault.FaultInjectingStore;
import dev.widekey.runtime.store.fault.Seeds;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A million-row import through retryable failures, throttling and ambiguous timeouts: the store
 * ends up holding exactly the input, and every row is acknowledged.
 */
class BulkWriterMillionRowsTest {
  private static final int ROWS = 1_000_000;

  @RegisterExtension final Seeds seeds = new Seeds();

  @Test
  void importsAMillionRowsExactlyThroughFaults() {
    long seed = seeds.seed();
    FakeTime time = new FakeTime(); // backoffs, latencies and throttling windows: no real waits
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      embedded.createTable(TestRows.table("events", ROWS, 16));
      FaultInjectingStore store = faulty(embedded, seed, time);
      RetryPolicy policy = patientPolicy(seed, time);
      AtomicReference<BulkWriteProgress> last = new AtomicReference<>();
      BulkWriter writer =
          BulkWriter.builder(store)
              .workers(4)
              .retryPolicy(policy)
              .seed(seed)
              .splitInput(64) // sorted input, no key twice: read from 64 places at once
              .progress(last::set)
              .build();

      BulkWriteResult result =
          writer.write(
              LongStream.range(0, ROWS).mapToObj(i -> WriteOp.put("events", TestRows.row(i, 0))));

      assertEquals(ROWS, result.total());
      assertEquals(
          ROWS,
          result.acknowledged(),
          () ->
              result.failed()
                  + " failed, the first: "
                  + result.failures().subList(0, Math.min(3, result.failures().size())));
      assertEquals(0, result.failed());
      assertTrue(result.allAcknowledged());
      assertTrue(result.failures().isEmpty());
      assertTrue(store.injectedRetryable() > ROWS / 10, "retryable errors were injected");
      assertTrue(store.injectedAmbiguous() > ROWS / 50, "ambiguous timeouts were injected");
      assertTrue(store.injectedThrottled() > 0, "rows were throttled");
      // every injected failure was retried once, and nothing else was
      assertEquals(
          store.injectedRetryable() + store.injectedAmbiguous() + store.injectedThrottled(),
          result.retries());
      assertEquals(ROWS, last.get().acknowledged());

      TestRows.assertTableHolds(embedded, "events", ROWS, i -> TestRows.row(i, 0));
      long stored =
          embedded.partitionStats("events").stream().mapToLong(PartitionStats::rows).sum();
      assertEquals(ROWS, stored);
      System.out.printf(
          "1M import: %s, %d retries (%d retryable, %d throttled, %d ambiguous), %d batches%n",
          result.elapsed(),
          result.retries(),
          store.injectedRetryable(),
          store.injectedThrottled(),
          store.injectedAmbiguous(),
          result.batches());
    }
  }

  /**
   * Sorted input read in order: the window holds one or two partitions' rows at a time, so
   * throttling is heavy; the writer slows down instead of using up its rows' attempts.
   */
  @Test
  void importsSortedInputThroughHeavyThrottlingWithoutLosingARow() {
    long seed = seeds.seed();
    int rows = 200_000;
    FakeTime time = new FakeTime();
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      embedded.createTable(TestRows.table("events", rows, 4)); // 50,000 rows per partition
      FaultInjectingStore store = faulty(embedded, seed, time);
      RetryPolicy policy = patientPolicy(seed, time);
      BulkWriteResult result =
          BulkWriter.builder(store)
              .workers(4)
              .retryPolicy(policy)
              .seed(seed)
              .build()
              .write(
                  LongStream.range(0, rows)
                      .mapToObj(i -> WriteOp.put("events", TestRows.row(i, 0)))
                      .iterator());
      assertTrue(
          result.allAcknowledged(),
          () -> result.failed() + " failed, e.g. " + result.failures().stream().findFirst());
      assertTrue(store.injectedThrottled() > rows / 2, "throttled " + store.injectedThrottled());
      TestRows.assertTableHolds(embedded, "events", rows, i -> TestRows.row(i, 0));
    }
  }

  /** 20% retryable errors, 5% ambiguous timeouts, throttling and latency, on a fake clock. */
  private static FaultInjectingStore faulty(EmbeddedStore embedded, long seed, FakeTime time) {
    return FaultInjectingStore.builder(embedded)
        .seed(seed)
        .retryableErrorRate(0.20)
        .ambiguousTimeoutRate(0.05)
        .throttle(100, Duration.ofMillis(10))
        .latency(Duration.ofMillis(1), Duration.ofMillis(1))
        .clock(time)
        .sleeper(time)
        .build();
  }

  /** Enough attempts that only a bug, not bad luck, leaves a row failed. */
  private static RetryPolicy patientPolicy(long seed, FakeTime time) {
    return RetryPolicy.builder()
        .maxAttempts(50)
        .baseDelay(Duration.ofMillis(1))
        .maxDelay(Duration.ofMillis(50))
        .deadline(Duration.ofDays(1))
        .clock(time)
        .sleeper(time)
        .random(new Random(seed))
        .build();
  }
}
