package dev.widekey.runtime.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.runtime.store.fault.FakeTime;
import dev.widekey.runtime.store.fault.FaultInjectingStore;
import dev.widekey.runtime.store.fault.Seeds;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An import that stops early (a listener throws, the caller is interrupted) accounts for every
 * operation read, as acknowledged, failed or not attempted, and a resume from the position it gives
 * leaves the store as one import that never stopped.
 */
class BulkWriterAbortTest {
  @RegisterExtension final Seeds seeds = new Seeds();

  private static final String HOT = "t";
  private static final String COLD = "c";
  private static final int MAX_KEYS = 400;

  private static void assertCounts(BulkWriteResult r) {
    assertEquals(
        r.total(), r.acknowledged() + r.failed() + r.unknown() + r.notAttempted(), r::toString);
  }

  @Test
  void aThrowingProgressListenerLeavesNoOperationUncounted() {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(TestRows.table(HOT, 100, 1));
      RuntimeException boom = new IllegalStateException("listener broke");
      BulkWriter writer =
          BulkWriter.builder(store)
              .workers(2)
              .maxBatchRows(1)
              .window(16)
              .seed(1)
              .progress(
                  p -> {
                    throw boom;
                  })
              .build();
      List<WriteOp> input = puts(100, 0);
      BulkWriteException e =
          assertThrows(BulkWriteException.class, () -> writer.write(input.iterator()));
      assertSame(boom, e.getCause());
      BulkWriteResult r = e.partialResult();
      assertCounts(r);
      long resume = r.resumePosition();
      assertTrue(resume >= 0 && resume < 100, r::toString);
      BulkWriteResult rest =
          BulkWriter.of(store).write(input.subList((int) resume, 100).iterator());
      assertTrue(rest.allAcknowledged(), rest::toString);
      TestRows.assertTableHolds(store, HOT, 100, i -> TestRows.row(i, 0));
    }
  }

  @Test
  void aThrowingFailureListenerIsABulkWriteExceptionEvenWhenItThrowsAtTheEnd() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      embedded.createTable(TestRows.table(HOT, 100, 1));
      FaultInjectingStore store =
          FaultInjectingStore.builder(embedded)
              .seed(2)
              .failRows((table, key) -> key.get(0).asLong() == 99, ErrorKind.INVALID_REQUEST)
              .build();
      RuntimeException boom = new IllegalStateException("failure listener broke");
      BulkWriter writer =
          BulkWriter.builder(store)
              .workers(1)
              .onFailure(
                  f -> {
                    throw boom;
                  })
              .build();
      BulkWriteException e =
          assertThrows(BulkWriteException.class, () -> writer.write(puts(100, 0).iterator()));
      assertSame(boom, e.getCause());
      assertCounts(e.partialResult());
    }
  }

  @Test
  void operationsFailingRetryablyAfterTheStopAreLeftToTheResumeNotReportedFailed()
      throws Exception {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      embedded.createTable(TestRows.table(HOT, 100, 1));
      AtomicReference<Thread> importer = new AtomicReference<>();
      // the first batch: the caller is interrupted while it is in flight, then it fails retryably
      WideTableStore store =
          new ForwardingStore(embedded) {
            final AtomicInteger calls = new AtomicInteger();

            @Override
            public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
              if (calls.incrementAndGet() > 1) {
                return super.batchWrite(ops);
              }
              importer.get().interrupt();
              try {
                Thread.sleep(200); // lets the importing thread see its interrupt and stop
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return ops.stream()
                  .map(
                      op ->
                          WriteOutcome.failed(
                              op,
                              new StoreException(ErrorKind.UNAVAILABLE, "try again", true, null)))
                  .collect(Collectors.toList());
            }
          };
      BulkWriter writer = BulkWriter.builder(store).workers(1).window(10).seed(3).build();
      List<WriteOp> input = puts(100, 0);
      AtomicReference<Object> outcome = new AtomicReference<>();
      Thread t =
          new Thread(
              () -> {
                try {
                  outcome.set(writer.write(input.iterator()));
                } catch (Throwable e) {
                  outcome.set(e);
                }
              });
      importer.set(t);
      t.start();
      t.join();
      BulkWriteException e = assertInstanceOf(BulkWriteException.class, outcome.get());
      BulkWriteResult r = e.partialResult();
      assertCounts(r);
      assertEquals(0, r.failed(), r::toString);
      assertEquals(0, r.resumePosition(), r::toString);
      // the first batch was sent and answered "try again": possibly applied, never not attempted
      assertTrue(r.unknown() > 0, r::toString);
      for (BulkWriteFailure u : r.unknownOutcomes()) {
        assertEquals(1, u.attempts(), r::toString);
        assertEquals(ErrorKind.UNAVAILABLE, u.error().kind(), r::toString);
      }
      BulkWriter.of(embedded).write(input.iterator());
      TestRows.assertTableHolds(embedded, HOT, 100, i -> TestRows.row(i, 0));
    }
  }

  @Test
  void aBatchInFlightWhenAWorkerDiesIsOfUnknownOutcome() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      embedded.createTable(TestRows.table(HOT, 100, 1));
      Error crash = new AssertionError("the store's client crashed after applying the batch");
      WideTableStore store =
          new ForwardingStore(embedded) {
            @Override
            public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
              super.batchWrite(ops);
              throw crash;
            }
          };
      BulkWriter writer =
          BulkWriter.builder(store).workers(1).maxBatchRows(1).window(4).seed(5).build();
      List<WriteOp> input = puts(10, 0);
      BulkWriteException e =
          assertThrows(BulkWriteException.class, () -> writer.write(input.iterator()));
      assertSame(crash, e.getCause());
      BulkWriteResult r = e.partialResult();
      assertCounts(r);
      assertEquals(1, r.unknown(), r::toString);
      BulkWriteFailure inFlight = r.unknownOutcomes().get(0);
      assertEquals(1, inFlight.attempts(), r::toString);
      assertTrue(inFlight.error().retryable(), r::toString);
      assertTrue(r.resumePosition() <= inFlight.position(), r::toString);
      assertTrue(embedded.get(HOT, inFlight.key(), ColumnSelection.all()).isPresent());
      BulkWriteResult rest =
          BulkWriter.of(embedded)
              .resumeWrite(input.subList((int) r.resumePosition(), 10).iterator(), r);
      assertTrue(rest.allAcknowledged(), rest::toString);
      TestRows.assertTableHolds(embedded, HOT, 10, i -> TestRows.row(i, 0));
    }
  }

  /** One trial's input: single operations and two-operation groups (cold put, hot put). */
  private static List<WriteGroup> input(Random random, int elements, int keys) {
    List<WriteGroup> groups = new ArrayList<>(elements);
    for (int i = 0; i < elements; i++) {
      long key = random.nextInt(keys);
      double kind = random.nextDouble();
      if (kind < 0.15) {
        groups.add(WriteGroup.of(WriteOp.delete(HOT, TestRows.key(key))));
      } else if (kind < 0.45) {
        groups.add(
            WriteGroup.of(
                WriteOp.put(COLD, TestRows.row(key, i)), WriteOp.put(HOT, TestRows.row(key, i))));
      } else {
        groups.add(WriteGroup.of(WriteOp.put(HOT, TestRows.row(key, i))));
      }
    }
    return groups;
  }

  /** The rows one import that never stopped leaves: per table and key, the last operation. */
  private static Map<String, Map<PrimaryKey, Row>> expected(
      List<WriteGroup> input, Set<Long> failing) {
    Map<String, Map<PrimaryKey, Row>> tables = new HashMap<>();
    tables.put(HOT, new HashMap<>());
    tables.put(COLD, new HashMap<>());
    for (WriteGroup g : input) {
      for (WriteOp op : g.ops()) {
        if (failing.contains(op.key().get(0).asLong())) {
          break; // fails, and so does the rest of its group
        }
        if (op instanceof WriteOp.Put put) {
          tables.get(op.table()).put(op.key(), put.row());
        } else {
          tables.get(op.table()).remove(op.key());
        }
      }
    }
    return tables;
  }

  private static Map<PrimaryKey, Row> stored(WideTableStore store, String table) {
    try (Stream<Row> rows = store.scan(table, ScanRange.all(1))) {
      return rows.collect(Collectors.toMap(Row::key, r -> r));
    }
  }

  enum Stop {
    PROGRESS_LISTENER,
    FAILURE_LISTENER,
    INTERRUPT,
    NONE
  }

  /** Counts batch calls and interrupts the importing thread at one of them. */
  static final class InterruptingStore extends ForwardingStore {
    final AtomicInteger calls = new AtomicInteger();
    volatile int interruptAt = -1;
    volatile Thread importer;

    InterruptingStore(WideTableStore delegate) {
      super(delegate);
    }

    @Override
    public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
      if (calls.incrementAndGet() == interruptAt) {
        importer.interrupt();
      }
      return super.batchWrite(ops);
    }
  }

  /**
   * A resume that stops again before sending an operation the import it resumes had finished past
   * its resume position: that operation was sent (and stored), so the second stop must not call it
   * not attempted, and a third import resuming the second still recognises its own stored row.
   */
  @Test
  void aResumeStoppedAgainKeepsWhatTheFirstImportFinishedKnownAsSent() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      embedded.createTable(TestRows.table(HOT, 100, 1));
      int n = 20;
      List<WriteOp> input = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        input.add(
            WriteOp.put(
                HOT, TestRows.row(i, 0), dev.widekey.runtime.store.WriteCondition.rowAbsent()));
      }
      // the first import: key 0 is refused retryably, so the resume position stays at 0 while
      // later inserts are acknowledged; a progress listener stops it after 10 of them. Key 0's
      // retries must outlast those 10: with 1,000 undelayed attempts a seed ran them out first
      // (20085461059428: key 0 failed, resume position 1)
      WideTableStore keyZeroDown =
          new ForwardingStore(embedded) {
            @Override
            public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
              List<WriteOp> rest = new ArrayList<>();
              for (WriteOp op : ops) {
                if (op.key().get(0).asLong() != 0) {
                  rest.add(op);
                }
              }
              List<WriteOutcome> applied = super.batchWrite(rest);
              List<WriteOutcome> out = new ArrayList<>();
              int at = 0;
              for (WriteOp op : ops) {
                out.add(
                    op.key().get(0).asLong() == 0
                        ? WriteOutcome.failed(
                            op, new StoreException(ErrorKind.UNAVAILABLE, "down", true, null))
                        : applied.get(at++));
              }
              return out;
            }
          };
      BulkWriteResult first =
          assertThrows(
                  BulkWriteException.class,
                  () ->
                      BulkWriter.builder(keyZeroDown)
                          .workers(1)
                          .maxBatchRows(1)
                          .window(n)
                          .seed(seeds.seed())
                          .retryPolicy(
                              RetryPolicy.builder()
                                  .maxAttempts(Integer.MAX_VALUE)
                                  .baseDelay(Duration.ZERO)
                                  .maxDelay(Duration.ZERO)
                                  .build())
                          .progress(
                              p -> {
                                if (p.acknowledged() >= 10) {
                                  throw new IllegalStateException("stop");
                                }
                              })
                          .build()
                          .write(input.iterator()))
              .partialResult();
      assertCounts(first);
      assertEquals(0, first.resumePosition(), first::toString);
      assertTrue(first.acknowledged() >= 10, first::toString);
      // the resume stops after its first batch, before sending most of what the first finished
      BulkWriteResult second =
          assertThrows(
                  BulkWriteException.class,
                  () ->
                      BulkWriter.builder(embedded)
                          .workers(1)
                          .maxBatchRows(1)
                          .window(n)
                          .seed(seeds.seed())
                          .progress(
                              p -> {
                                throw new IllegalStateException("stop again");
                              })
                          .build()
                          .resumeWrite(
                              input.subList((int) first.resumePosition(), n).iterator(), first))
              .partialResult();
      assertCounts(second);
      for (BulkWriteFailure f : second.notAttemptedOperations()) {
        assertTrue(
            embedded.get(HOT, f.key(), ColumnSelection.all()).isEmpty(),
            () -> f.key() + " is stored, yet listed as never sent: " + second);
      }
      long from = first.resumePosition() + second.resumePosition();
      BulkWriteResult third =
          BulkWriter.builder(embedded)
              .workers(1)
              .build()
              .resumeWrite(input.subList((int) from, n).iterator(), second);
      assertTrue(third.allAcknowledged(), third::toString);
      TestRows.assertTableHolds(embedded, HOT, n, i -> TestRows.row(i, 0));
    }
  }

  /**
   * A resume that stops before reading as far as the import it resumes had read: what that import
   * left past this one's reading (finished, or of unknown outcome) is still what a resume of this
   * one must know, so the chain of stops and resumes stores and reports what one import would.
   */
  @Test
  void aResumeStoppedBeforeReadingAsFarAsTheImportItResumesKeepsWhatThatImportLeft() {
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      embedded.createTable(TestRows.table(HOT, 100, 1));
      int n = 20;
      List<WriteOp> input = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        input.add(
            WriteOp.put(
                HOT, TestRows.row(i, 0), dev.widekey.runtime.store.WriteCondition.rowAbsent()));
      }
      // key 0 refused retryably; key 19 stored, but every answer for it lost
      AtomicInteger lostAnswers = new AtomicInteger();
      WideTableStore flaky =
          new ForwardingStore(embedded) {
            @Override
            public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
              List<WriteOp> rest = new ArrayList<>();
              for (WriteOp op : ops) {
                if (op.key().get(0).asLong() != 0) {
                  rest.add(op);
                }
              }
              List<WriteOutcome> applied = super.batchWrite(rest);
              List<WriteOutcome> out = new ArrayList<>();
              int at = 0;
              for (WriteOp op : ops) {
                long id = op.key().get(0).asLong();
                StoreException lost = new StoreException(ErrorKind.TIMEOUT, "lost", true, null);
                if (id == 0) {
                  out.add(WriteOutcome.failed(op, lost));
                } else {
                  WriteOutcome o = applied.get(at++);
                  if (id == 19) { // every answer lost, its first attempt applied
                    lostAnswers.incrementAndGet();
                    o = WriteOutcome.failed(op, lost);
                  }
                  out.add(o);
                }
              }
              return out;
            }
          };
      // key 0 must still be retrying when each import stops: with no delay its 1000 attempts
      // could all be spent before the other keys were acknowledged (one worker), and it then
      // failed for good (seen on JDK 25); a millisecond between attempts lets the others go first,
      // and a million attempts outlast any stop
      RetryPolicy noWait =
          RetryPolicy.builder()
              .maxAttempts(1_000_000)
              .baseDelay(Duration.ofMillis(1))
              .maxDelay(Duration.ofMillis(1))
              .build();
      // the first import reads all 20, stores all but key 0, then stops (key 19's answer lost)
      BulkWriteResult first =
          assertThrows(
                  BulkWriteException.class,
                  () ->
                      BulkWriter.builder(flaky)
                          .workers(1)
                          .maxBatchRows(1)
                          .window(n)
                          .seed(seeds.seed())
                          .retryPolicy(noWait)
                          .progress(
                              p -> {
                                if (p.acknowledged() >= n - 2 && lostAnswers.get() > 0) {
                                  throw new IllegalStateException("stop");
                                }
                              })
                          .build()
                          .write(input.iterator()))
              .partialResult();
      assertCounts(first);
      assertEquals(0, first.resumePosition(), first::toString);
      assertEquals(n, first.elementsRead(), first::toString);
      // its resume reads two elements (its window), key 0 still refused, and stops
      BulkWriteResult second =
          assertThrows(
                  BulkWriteException.class,
                  () ->
                      BulkWriter.builder(flaky)
                          .workers(1)
                          .maxBatchRows(1)
                          .window(2)
                          .seed(seeds.seed())
                          .retryPolicy(noWait)
                          .progress(
                              p -> {
                                if (p.batches() >= 3) {
                                  throw new IllegalStateException("stop again");
                                }
                              })
                          .build()
                          .resumeWrite(input.iterator(), first))
              .partialResult();
      assertCounts(second);
      // it read less than the first import had, and still says what that one left past it: its
      // finished operations (read, not listed) and key 19's lost answer
      assertEquals(n, second.elementsRead(), second::toString);
      assertTrue(
          second.unknownOutcomes().stream().anyMatch(u -> u.key().get(0).asLong() == 19),
          second::toString);
      long from = second.resumePosition();
      BulkWriteResult third =
          BulkWriter.builder(embedded)
              .workers(1)
              .build()
              .resumeWrite(input.subList((int) from, n).iterator(), second);
      assertTrue(third.allAcknowledged(), third::toString);
      TestRows.assertTableHolds(embedded, HOT, n, i -> TestRows.row(i, 0));
    }
  }

  @Test
  void anImportStoppedAtARandomPointAndResumedWritesWhatOneImportWould() throws Exception {
    long seed = seeds.seed();
    Random random = new Random(seed);
    int leftovers = 0;
    for (int trial = 0; trial < 60; trial++) {
      leftovers += runTrial(random, seed, trial) ? 1 : 0;
    }
    // guards the test: the stops do land while operations are queued
    assertTrue(
        leftovers > 5, "only " + leftovers + " trials stopped with operations not attempted");
  }

  /** Returns whether the import stopped with operations not attempted. */
  private boolean runTrial(Random random, long seed, int trial) throws Exception {
    FakeTime time = new FakeTime();
    Stop stop = Stop.values()[random.nextInt(Stop.values().length)];
    int keys = 5 + random.nextInt(MAX_KEYS - 5); // few: later-wins matters; many: each row counts
    List<WriteGroup> input = input(random, 20 + random.nextInt(300), keys);
    Set<Long> failing = new HashSet<>();
    if (stop == Stop.FAILURE_LISTENER || random.nextInt(4) == 0) {
      for (int i = 0; i < 3; i++) {
        failing.add((long) random.nextInt(keys));
      }
    }
    Supplier<String> where = () -> "seed " + seed + ", trial " + trial + ", stop " + stop;
    try (EmbeddedStore embedded = EmbeddedStore.inMemory()) {
      embedded.createTable(TestRows.table(HOT, MAX_KEYS, 2));
      embedded.createTable(TestRows.table(COLD, MAX_KEYS, 2));
      FaultInjectingStore faults =
          FaultInjectingStore.builder(embedded)
              .seed(random.nextLong())
              .clock(time)
              .sleeper(time)
              .retryableErrorRate(random.nextDouble() * 0.5)
              .ambiguousTimeoutRate(random.nextDouble() * 0.1)
              .batchErrorRate(random.nextDouble() * 0.1)
              .failRows(
                  (table, key) -> failing.contains(key.get(0).asLong()), ErrorKind.INVALID_REQUEST)
              .build();
      InterruptingStore store = new InterruptingStore(faults);
      RetryPolicy policy =
          RetryPolicy.builder()
              .maxAttempts(10_000)
              .baseDelay(Duration.ofMillis(1))
              .maxDelay(Duration.ofMillis(5))
              .deadline(Duration.ofDays(365))
              .clock(time)
              .sleeper(time)
              .random(new Random(random.nextLong()))
              .build();
      int progressStop = 1 + random.nextInt(20);
      AtomicInteger progressCalls = new AtomicInteger();
      RuntimeException boom = new IllegalStateException("listener stops the import");
      BulkWriter.Builder builder =
          BulkWriter.builder(store)
              .workers(1 + random.nextInt(4))
              .maxBatchRows(1 + random.nextInt(10))
              .window(2 + random.nextInt(40))
              .seed(random.nextLong())
              .retryPolicy(policy);
      if (stop == Stop.PROGRESS_LISTENER) {
        builder.progress(
            p -> {
              if (progressCalls.incrementAndGet() == progressStop) {
                throw boom;
              }
            });
      } else if (stop == Stop.FAILURE_LISTENER) {
        builder.onFailure(
            f -> {
              throw boom;
            });
      } else if (stop == Stop.INTERRUPT) {
        store.interruptAt = 1 + random.nextInt(30);
      }
      BulkWriter writer = builder.build();

      AtomicReference<Object> outcome = new AtomicReference<>();
      Thread importer =
          new Thread(
              () -> {
                try {
                  outcome.set(writer.writeGroups(input.iterator()));
                } catch (Throwable t) {
                  outcome.set(t);
                }
              });
      store.importer = importer;
      importer.start();
      importer.join();

      BulkWriteResult first;
      if (outcome.get() instanceof BulkWriteException e) {
        first = e.partialResult();
        assertNotNull(first, where);
        if (stop == Stop.INTERRUPT) {
          assertInstanceOf(InterruptedException.class, e.getCause(), where);
        } else {
          assertSame(boom, e.getCause(), where);
        }
      } else if (outcome.get() instanceof BulkWriteResult r) {
        first = r; // the stop came after the end, or never
        assertEquals(0, r.notAttempted() + r.unknown(), where);
      } else {
        throw new AssertionError(where.get() + ": " + outcome.get(), (Throwable) outcome.get());
      }
      assertCounts(first);
      long resume = first.resumePosition();
      for (BulkWriteFailure u : first.unknownOutcomes()) {
        assertTrue(u.position() >= resume, () -> where.get() + ": " + u + " before " + resume);
      }
      if (resume < 0 || resume > input.size()) {
        fail(where.get() + ": resume position " + resume + " of " + input.size());
      }

      BulkWriteResult rest =
          BulkWriter.builder(store)
              .retryPolicy(policy)
              .seed(random.nextLong())
              .build()
              .resumeGroups(input.subList((int) resume, input.size()).iterator(), first);
      assertCounts(rest);
      assertEquals(0, rest.notAttempted(), where);
      assertEquals(0, rest.unknown(), where);

      faults.setEnabled(false);
      Map<String, Map<PrimaryKey, Row>> want = expected(input, failing);
      for (String table : List.of(HOT, COLD)) {
        assertEquals(want.get(table), stored(embedded, table), () -> where.get() + ", " + table);
      }
      return first.notAttempted() + first.unknown() > 0;
    }
  }

  private static List<WriteOp> puts(int n, long version) {
    List<WriteOp> ops = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      ops.add(WriteOp.put(HOT, TestRows.row(i, version)));
    }
    return ops;
  }
}
