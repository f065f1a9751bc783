package dev.widekey.runtime.retry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.MaybeAppliedException;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.FakeTime;
import dev.widekey.runtime.store.fault.FaultInjectingStore;
import dev.widekey.runtime.store.fault.FaultInjectingStore.Script;
import dev.widekey.runtime.store.fault.Seeds;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.BulkWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RetryingStoreTest {
  @RegisterExtension final Seeds seeds = new Seeds();

  private final FakeTime time = new FakeTime();
  private EmbeddedStore embedded;

  @BeforeEach
  void open() {
    embedded = EmbeddedStore.inMemory();
  }

  @AfterEach
  void close() {
    embedded.close();
  }

  private RetryPolicy.Builder policy() {
    return RetryPolicy.builder()
        .maxAttempts(10)
        .baseDelay(Duration.ofMillis(10))
        .maxDelay(Duration.ofSeconds(1))
        .deadline(Duration.ofMinutes(1))
        .clock(time)
        .sleeper(time);
  }

  /** A table keyed by (a STRING group, an INTEGER sequence), so resuming crosses columns. */
  private List<Row> fillTwoColumnTable(int groups, int perGroup) {
    embedded.createTable(
        new TableSpec(
            "t",
            List.of(new PkColumn("g", PkType.STRING), new PkColumn("n", PkType.INTEGER)),
            List.of(PkValue.ofString("g05"), PkValue.ofString("g10"))));
    List<Row> rows = new ArrayList<>();
    for (int g = 0; g < groups; g++) {
      for (int n = 0; n < perGroup; n++) {
        rows.add(
            Row.of(
                PrimaryKey.of(
                    PkValue.ofString(String.format("g%02d", g)),
                    PkValue.ofInteger(n - perGroup / 2)),
                Map.of("x", AttrValue.ofInteger((long) g * perGroup + n))));
      }
    }
    BulkWriteResult r =
        BulkWriter.of(embedded).write(rows.stream().map(row -> WriteOp.put("t", row)));
    assertTrue(r.allAcknowledged());
    return rows; // generated in key order
  }

  @Test
  void scansResumeAfterFailuresWithoutDuplicatesOrGaps() {
    long seed = seeds.seed();
    List<Row> expected = fillTwoColumnTable(15, 1000);
    FaultInjectingStore faulty =
        FaultInjectingStore.builder(embedded).seed(seed).readErrorRate(0.01).build();
    RetryingStore store = new RetryingStore(faulty, policy().random(new Random(seed)).build());
    List<Row> got;
    try (Stream<Row> rows = store.scan("t", ScanRange.all(2))) {
      got = rows.collect(Collectors.toList());
    }
    assertTrue(faulty.injectedReadErrors() > 20, "failures were injected mid-scan");
    assertEquals(expected.size(), got.size());
    assertEquals(expected, got);
  }

  @Test
  void aResumedScanKeepsItsLimitAndBounds() {
    long seed = seeds.seed();
    List<Row> all = fillTwoColumnTable(15, 1000);
    FaultInjectingStore faulty =
        FaultInjectingStore.builder(embedded).seed(seed).readErrorRate(0.02).build();
    RetryingStore store = new RetryingStore(faulty, policy().random(new Random(seed)).build());
    PrimaryKey from = all.get(1234).key();
    PrimaryKey to = all.get(9000).key();
    List<Row> got;
    try (Stream<Row> rows = store.scan("t", ScanRange.between(from, to).withLimit(5000))) {
      got = rows.collect(Collectors.toList());
    }
    assertEquals(all.subList(1234, 1234 + 5000), got);
    try (Stream<Row> rows = store.scan("t", ScanRange.between(from, to))) {
      assertEquals(all.subList(1234, 9000), rows.collect(Collectors.toList()));
    }
  }

  @Test
  void backwardScansResumeBelowTheLastKeyWithTheirLimitAndBounds() {
    long seed = seeds.seed();
    List<Row> all = fillTwoColumnTable(15, 1000);
    List<Row> reversed = new ArrayList<>(all);
    java.util.Collections.reverse(reversed);
    FaultInjectingStore faulty =
        FaultInjectingStore.builder(embedded).seed(seed).readErrorRate(0.02).build();
    RetryingStore store = new RetryingStore(faulty, policy().random(new Random(seed)).build());
    try (Stream<Row> rows = store.scan("t", ScanRange.all(2).backward())) {
      assertEquals(reversed, rows.collect(Collectors.toList()));
    }
    assertTrue(faulty.injectedReadErrors() > 20, "failures were injected mid-scan");
    PrimaryKey from = all.get(1234).key();
    PrimaryKey to = all.get(9000).key();
    // backward from the greatest key below `to`; the start row `from` is the last of the range
    try (Stream<Row> rows =
        store.scan("t", ScanRange.between(from, to).backward().withLimit(5000))) {
      assertEquals(reversed.subList(15000 - 9000, 15000 - 9000 + 5000), rows.toList());
    }
    try (Stream<Row> rows = store.scan("t", ScanRange.between(from, to).backward())) {
      assertEquals(reversed.subList(15000 - 9000, 15000 - 1234), rows.toList());
    }
  }

  @Test
  void aScanThatKeepsFailingWithoutProgressGivesUp() {
    fillTwoColumnTable(1, 10);
    FaultInjectingStore faulty = FaultInjectingStore.builder(embedded).readErrorRate(1.0).build();
    RetryingStore store = new RetryingStore(faulty, policy().maxAttempts(4).build());
    StoreException e =
        assertThrows(StoreException.class, () -> store.scan("t", ScanRange.all(2)).count());
    assertEquals(ErrorKind.UNAVAILABLE, e.kind());
    assertEquals(4, faulty.injectedReadErrors());
  }

  @Test
  void nonRetryableErrorsAreNotRetried() {
    embedded.createTable(TestRows.table("t", 10, 1));
    AtomicInteger calls = new AtomicInteger();
    StoreException refusal = new StoreException(ErrorKind.INVALID_REQUEST, "bad row");
    WideTableStore failing =
        new ForwardingStore(embedded) {
          @Override
          public void put(String table, Row row) {
            calls.incrementAndGet();
            throw refusal;
          }
        };
    RetryingStore store = new RetryingStore(failing, policy().build());
    StoreException e = assertThrows(StoreException.class, () -> store.put("t", TestRows.row(1, 1)));
    assertSame(refusal, e);
    assertEquals(1, calls.get());
    assertEquals(0, time.nanoTime(), "no backoff was waited");
  }

  @Test
  void retryableErrorsAreRetriedUntilTheCallSucceeds() {
    embedded.createTable(TestRows.table("t", 10, 1));
    AtomicInteger calls = new AtomicInteger();
    WideTableStore flaky =
        new ForwardingStore(embedded) {
          @Override
          public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
            if (calls.incrementAndGet() <= 3) {
              throw new StoreException(ErrorKind.THROTTLED, "busy");
            }
            return super.get(table, key, columns);
          }
        };
    embedded.put("t", TestRows.row(1, 1));
    RetryingStore store = new RetryingStore(flaky, policy().build());
    assertEquals(
        Optional.of(TestRows.row(1, 1)), store.get("t", TestRows.key(1), ColumnSelection.all()));
    assertEquals(4, calls.get());
  }

  @Test
  void theDeadlineIsHonoured() {
    embedded.createTable(TestRows.table("t", 10, 1));
    AtomicInteger calls = new AtomicInteger();
    List<Long> callTimes = new ArrayList<>();
    WideTableStore down =
        new ForwardingStore(embedded) {
          @Override
          public void delete(String table, PrimaryKey key) {
            calls.incrementAndGet();
            callTimes.add(time.nanoTime());
            throw new StoreException(ErrorKind.UNAVAILABLE, "partition moving");
          }
        };
    Duration deadline = Duration.ofSeconds(5);
    RetryPolicy policy =
        policy()
            .maxAttempts(Integer.MAX_VALUE)
            .baseDelay(Duration.ofMillis(100))
            .maxDelay(Duration.ofSeconds(1))
            .deadline(deadline)
            .random(new Random(seeds.seed()))
            .build();
    RetryingStore store = new RetryingStore(down, policy);
    StoreException e = assertThrows(StoreException.class, () -> store.delete("t", TestRows.key(1)));
    assertEquals(ErrorKind.UNAVAILABLE, e.kind());
    assertTrue(calls.get() > 3, "retried " + calls.get() + " times");
    for (long t : callTimes) {
      assertTrue(t <= deadline.toNanos(), "an attempt started after the deadline");
    }
    assertTrue(time.nanoTime() <= deadline.toNanos(), "waited past the deadline");
    assertEquals(1, e.getSuppressed().length, "the first failure is attached");
  }

  @Test
  void maxAttemptsIsHonoured() {
    embedded.createTable(TestRows.table("t", 10, 1));
    AtomicInteger calls = new AtomicInteger();
    WideTableStore down =
        new ForwardingStore(embedded) {
          @Override
          public void put(String table, Row row) {
            calls.incrementAndGet();
            throw new StoreException(ErrorKind.TIMEOUT, "slow");
          }
        };
    RetryingStore store = new RetryingStore(down, policy().maxAttempts(6).build());
    assertThrows(StoreException.class, () -> store.put("t", TestRows.row(1, 1)));
    assertEquals(6, calls.get());
  }

  /**
   * A write made within {@link CallerResends#run} is sent once, each failure counted against the
   * policy's attempts across the caller's calls, which {@link CallerResends#granted()} reports; the
   * same write outside is retried as before.
   */
  @Test
  void aWriteItsCallerSendsAgainIsSentOnceWithinThePolicysAttempts() {
    embedded.createTable(TestRows.table("t", 10, 1));
    AtomicInteger calls = new AtomicInteger();
    WideTableStore down =
        new ForwardingStore(embedded) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            calls.incrementAndGet();
            throw new StoreException(ErrorKind.UNAVAILABLE, "partition moving");
          }

          @Override
          public void put(String table, Row row) {
            calls.incrementAndGet();
            throw new StoreException(ErrorKind.UNAVAILABLE, "partition moving");
          }
        };
    RetryingStore store = new RetryingStore(down, policy().maxAttempts(3).build());
    CallerResends resends = new CallerResends();

    for (int attempt = 1; attempt <= 3; attempt++) {
      StoreException e =
          assertThrows(
              StoreException.class,
              () ->
                  resends.run(
                      () -> store.put("t", TestRows.row(1, 1), WriteCondition.rowAbsent())));
      assertEquals(ErrorKind.UNAVAILABLE, e.kind());
      assertEquals(attempt, calls.get(), "sent once a call");
      assertEquals(attempt < 3, resends.granted(), "attempt " + attempt + " of 3");
    }
    CallerResends plain = new CallerResends();
    assertThrows(StoreException.class, () -> plain.run(() -> store.put("t", TestRows.row(1, 1))));
    assertEquals(4, calls.get(), "an unconditional put is sent once too");
    assertTrue(plain.granted());

    calls.set(0);
    assertThrows(
        StoreException.class, () -> store.put("t", TestRows.row(1, 1), WriteCondition.rowAbsent()));
    assertEquals(3, calls.get(), "outside, retried by the policy");
  }

  @Test
  void multiGetIsSplitUnderTheLimitAndKeepsTheKeysOrder() {
    int n = 4500;
    embedded.createTable(TestRows.table("t", n, 4));
    for (int i = 0; i < n; i += 2) {
      embedded.put("t", TestRows.row(i, 3));
    }
    List<Integer> sizes = new ArrayList<>();
    WideTableStore observing =
        new ForwardingStore(embedded) {
          @Override
          public List<Optional<Row>> multiGet(
              String table, List<PrimaryKey> keys, ColumnSelection columns) {
            sizes.add(keys.size());
            return super.multiGet(table, keys, columns);
          }
        };
    FaultInjectingStore faulty =
        FaultInjectingStore.builder(observing).seed(seeds.seed()).readErrorRate(0.3).build();
    RetryingStore store = new RetryingStore(faulty, policy().maxAttempts(30).build());
    List<PrimaryKey> keys = new ArrayList<>();
    for (int i = n - 1; i >= 0; i--) {
      keys.add(TestRows.key(i));
    }
    List<Optional<Row>> got = store.multiGet("t", keys, ColumnSelection.all());
    assertEquals(n, got.size());
    for (int j = 0; j < n; j++) {
      int i = n - 1 - j;
      assertEquals(i % 2 == 0 ? Optional.of(TestRows.row(i, 3)) : Optional.empty(), got.get(j));
    }
    assertTrue(
        sizes.stream().allMatch(s -> s <= embedded.limits().maxMultiGetRows()), sizes.toString());
  }

  @Test
  void multiGetIsSplitUnderTheLimitOfTheTablesProfileNotTheDefaultOne() {
    embedded.createTable(TestRows.table("t", 100, 1).withProfile(Profile.HBASE));
    for (int i = 0; i < 10; i++) {
      embedded.put("t", TestRows.row(i, 3));
    }
    List<Integer> sizes = new ArrayList<>();
    // a store whose HBASE tables take at most 3 keys a multi-get, and refuse more
    WideTableStore strict =
        new ForwardingStore(embedded) {
          @Override
          public StoreLimits limits(Profile profile) {
            StoreLimits l = super.limits(profile);
            return profile == Profile.HBASE
                ? l.stricter(new StoreLimits(1 << 20, 1 << 20, 1000, 1L << 30, 3, 8, false))
                : l;
          }

          @Override
          public List<Optional<Row>> multiGet(
              String table, List<PrimaryKey> keys, ColumnSelection columns) {
            sizes.add(keys.size());
            if (keys.size() > 3) {
              throw new StoreException(
                  ErrorKind.INVALID_REQUEST, keys.size() + " keys, at most 3", false, null);
            }
            return super.multiGet(table, keys, columns);
          }
        };
    assertTrue(strict.limits().maxMultiGetRows() > 10);
    RetryingStore store = new RetryingStore(strict, policy().build());
    List<PrimaryKey> keys = new ArrayList<>();
    for (int i = 9; i >= 0; i--) {
      keys.add(TestRows.key(i));
    }
    List<Optional<Row>> got = store.multiGet("t", keys, ColumnSelection.all());
    assertEquals(10, got.size());
    for (int j = 0; j < 10; j++) {
      assertEquals(Optional.of(TestRows.row(9 - j, 3)), got.get(j));
    }
    assertEquals(List.of(3, 3, 3, 1), sizes);
  }

  @Test
  void batchWriteRetriesFailedRowsAndTheLastOpOnAKeyStillWins() {
    long seed = seeds.seed();
    embedded.createTable(TestRows.table("t", 50, 1));
    FaultInjectingStore faulty =
        FaultInjectingStore.builder(embedded)
            .seed(seed)
            .retryableErrorRate(0.3)
            .ambiguousTimeoutRate(0.3)
            .build();
    RetryingStore store = new RetryingStore(faulty, policy().maxAttempts(100).build());
    Random random = new Random(seed);
    for (int round = 0; round < 50; round++) {
      List<WriteOp> ops = new ArrayList<>();
      long[] last = new long[50];
      java.util.Arrays.fill(last, -2);
      for (int i = 0; i < 150; i++) {
        int id = random.nextInt(50);
        if (random.nextInt(5) == 0) {
          ops.add(WriteOp.delete("t", TestRows.key(id)));
          last[id] = -1;
        } else {
          ops.add(WriteOp.put("t", TestRows.row(id, i)));
          last[id] = i;
        }
      }
      for (int id = 0; id < 50; id++) {
        embedded.delete("t", TestRows.key(id));
      }
      List<WriteOutcome> outcomes = store.batchWrite(ops);
      assertEquals(ops.size(), outcomes.size());
      for (int i = 0; i < ops.size(); i++) {
        assertTrue(outcomes.get(i).succeeded(), "op " + i + ": " + outcomes.get(i));
        assertSame(ops.get(i), outcomes.get(i).op());
      }
      for (int id = 0; id < 50; id++) {
        Optional<Row> row = embedded.get("t", TestRows.key(id), ColumnSelection.all());
        if (last[id] >= 0) {
          assertEquals(Optional.of(TestRows.row(id, last[id])), row, "key " + id);
        } else {
          assertEquals(Optional.empty(), row, "key " + id);
        }
      }
    }
  }

  // ------------------------------------------------------- conditional puts meeting their own
  // write

  private Optional<Row> stored(long id) {
    return embedded.get("t", TestRows.key(id), ColumnSelection.all());
  }

  /** The embedded store, where the first batch call applies its writes and then times out. */
  private WideTableStore answerLostOnce(AtomicInteger calls) {
    return new ForwardingStore(embedded) {
      @Override
      public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
        List<WriteOutcome> outcomes = super.batchWrite(ops);
        if (calls.incrementAndGet() == 1) {
          throw new StoreException(ErrorKind.TIMEOUT, "the answer was lost");
        }
        return outcomes;
      }
    };
  }

  @Test
  void anInsertWhoseWholeCallTimedOutAfterItWasAppliedSucceedsOnItsRetry() {
    embedded.createTable(TestRows.table("t", 10, 1));
    AtomicInteger calls = new AtomicInteger();
    RetryingStore store = new RetryingStore(answerLostOnce(calls), policy().build());

    store.put("t", TestRows.row(1, 1), WriteCondition.rowAbsent());

    assertEquals(2, calls.get(), "sent again after the timeout");
    assertEquals(Optional.of(TestRows.row(1, 1)), stored(1));
  }

  /**
   * The first attempt of each conditional put loses its answer; reads fail as {@code reads} says.
   */
  private FaultInjectingStore ownWriteMet(IntFunction<StoreException> reads) {
    AtomicInteger n = new AtomicInteger();
    WideTableStore reading =
        new ForwardingStore(embedded) {
          @Override
          public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
            StoreException e = reads.apply(n.incrementAndGet());
            if (e != null) {
              throw e;
            }
            return super.get(table, key, columns);
          }
        };
    return FaultInjectingStore.builder(reading)
        .script(Script.answerLostOnFirstAttempt(op -> true))
        .build();
  }

  @Test
  void aCheckReadThatFailsRetryablySendsThePutAgain() {
    embedded.createTable(TestRows.table("t", 10, 1));
    StoreException unavailable = new StoreException(ErrorKind.UNAVAILABLE, "moving", true, null);
    FaultInjectingStore faults = ownWriteMet(read -> read == 1 ? unavailable : null);

    new RetryingStore(faults, policy().build())
        .put("t", TestRows.row(1, 1), WriteCondition.rowAbsent());

    assertEquals(Optional.of(TestRows.row(1, 1)), stored(1));
  }

  @Test
  void aCheckReadThatFailsForGoodKeepsTheConditionFailureWithTheReadsError() {
    embedded.createTable(TestRows.table("t", 10, 1));
    StoreException corrupt = new StoreException(ErrorKind.CORRUPT_DATA, "forged", false, null);
    FaultInjectingStore faults = ownWriteMet(read -> corrupt);
    RetryingStore store = new RetryingStore(faults, policy().build());

    StoreException e =
        assertThrows(
            StoreException.class,
            () -> store.put("t", TestRows.row(1, 1), WriteCondition.rowAbsent()));

    assertEquals(ErrorKind.CONDITION_FAILED, e.kind());
    assertEquals(List.of(corrupt), List.of(e.getSuppressed()));
  }

  @Test
  void attemptsRunningOutDuringTheCheckLeaveARetryableErrorNotAConditionFailure() {
    embedded.createTable(TestRows.table("t", 10, 1));
    StoreException unavailable = new StoreException(ErrorKind.UNAVAILABLE, "moving", true, null);
    FaultInjectingStore faults = ownWriteMet(read -> unavailable);
    RetryingStore store = new RetryingStore(faults, policy().maxAttempts(3).build());

    StoreException e =
        assertThrows(
            StoreException.class,
            () -> store.put("t", TestRows.row(1, 1), WriteCondition.rowAbsent()));

    // the row is this put's, but the retry could not tell: unknown, as after a timeout
    assertEquals(ErrorKind.UNAVAILABLE, e.kind(), e::getMessage);
    assertTrue(e.retryable());
    assertTrue(e.getMessage().contains("failed its condition on a retry"), e::getMessage);
    assertEquals(ErrorKind.CONDITION_FAILED, ((StoreException) e.getSuppressed()[0]).kind());
    assertEquals(Optional.of(TestRows.row(1, 1)), stored(1));
  }

  @Test
  void aReSentPutOfABatchIsCheckedAndOneSentOnceIsNot() {
    embedded.createTable(TestRows.table("t", 10, 1));
    embedded.put("t", TestRows.row(2, 1)); // the same row op 1 inserts, stored by another writer
    List<WriteOp> ops =
        List.of(
            WriteOp.put("t", TestRows.row(1, 1), WriteCondition.rowAbsent()),
            WriteOp.put("t", TestRows.row(2, 1), WriteCondition.rowAbsent()));
    FaultInjectingStore faults =
        FaultInjectingStore.builder(embedded)
            .script(Script.answerLostOnFirstAttempt(op -> op.key().equals(TestRows.key(1))))
            .build();

    List<WriteOutcome> outcomes = new RetryingStore(faults, policy().build()).batchWrite(ops);

    assertTrue(outcomes.get(0).succeeded(), () -> "re-sent, met its own row: " + outcomes.get(0));
    // sent once, refused at once: nothing of it can be stored, an identical row is a conflict
    assertEquals(
        Optional.of(ErrorKind.CONDITION_FAILED), outcomes.get(1).error().map(StoreException::kind));
  }

  /**
   * An insert whose answer was lost, followed in its batch by a plain put of the same key: the put,
   * sent with it, may have replaced the row the insert wrote, so the retry that finds the put's row
   * cannot tell the insert failed. Its outcome is unknown, typed so, never a definite conflict.
   */
  @Test
  void aReSentInsertOverwrittenByALaterPutOfItsBatchIsReportedMaybeApplied() {
    embedded.createTable(TestRows.table("t", 10, 1));
    List<WriteOp> ops =
        List.of(
            WriteOp.put("t", TestRows.row(1, 1), WriteCondition.rowAbsent()),
            WriteOp.put("t", TestRows.row(1, 2)));
    FaultInjectingStore faults =
        FaultInjectingStore.builder(embedded)
            .script(Script.answerLostOnFirstAttempt(op -> !op.condition().isNone()))
            .build();

    List<WriteOutcome> outcomes = new RetryingStore(faults, policy().build()).batchWrite(ops);

    StoreException e = outcomes.get(0).failure();
    assertTrue(e instanceof MaybeAppliedException, () -> "outcome unknown, got " + e);
    assertEquals(ErrorKind.CONDITION_FAILED, e.kind());
    assertTrue(!e.retryable());
    assertTrue(outcomes.get(1).succeeded(), () -> outcomes.get(1).toString());
    assertEquals(Optional.of(TestRows.row(1, 2)), stored(1));
  }

  /** Without a write of its batch in between, another row met on a retry is a plain conflict. */
  @Test
  void aReSentInsertMeetingAnotherWritersRowIsADefiniteConflict() {
    embedded.createTable(TestRows.table("t", 10, 1));
    List<WriteOp> ops =
        List.of(
            WriteOp.put("t", TestRows.row(1, 1), WriteCondition.rowAbsent()),
            WriteOp.put("t", TestRows.row(2, 2)));
    WideTableStore other =
        new ForwardingStore(embedded) {
          private int calls;

          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> sent) {
            if (++calls == 1) {
              embedded.put("t", TestRows.row(1, 3)); // another writer, before the insert lands
              super.batchWrite(sent);
              throw new StoreException(ErrorKind.TIMEOUT, "lost");
            }
            return super.batchWrite(sent);
          }
        };

    List<WriteOutcome> outcomes = new RetryingStore(other, policy().build()).batchWrite(ops);

    StoreException e = outcomes.get(0).failure();
    assertEquals(ErrorKind.CONDITION_FAILED, e.kind());
    assertTrue(!(e instanceof MaybeAppliedException), e::getMessage);
  }
}
