package dev.widekey.runtime.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
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
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class BulkWriterTest {
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

  /** Zero-wait retries with a generous attempt budget, on the fake clock. */
  private RetryPolicy policy(long seed, int attempts) {
    return RetryPolicy.builder()
        .maxAttempts(attempts)
        .baseDelay(Duration.ofMillis(1))
        .maxDelay(Duration.ofMillis(20))
        .deadline(Duration.ofDays(1))
        .clock(time)
        .sleeper(time)
        .random(new Random(seed))
        .build();
  }

  private FaultInjectingStore.Builder faults(WideTableStore store, long seed) {
    return FaultInjectingStore.builder(store).seed(seed).clock(time).sleeper(time);
  }

  @Test
  void nonRetryableFailuresAreReportedForExactlyTheRowsTheyHit() {
    long seed = seeds.seed();
    int rows = 20_000;
    embedded.createTable(TestRows.table("t", rows, 8));
    FaultInjectingStore store =
        faults(embedded, seed)
            .retryableErrorRate(0.2)
            .ambiguousTimeoutRate(0.05)
            .failRows((table, key) -> key.get(0).asLong() % 97 == 5, ErrorKind.INVALID_REQUEST)
            .build();
    List<BulkWriteFailure> streamed = new CopyOnWriteArrayList<>();
    BulkWriteResult r =
        BulkWriter.builder(store)
            .workers(3)
            .retryPolicy(policy(seed, 40))
            .seed(seed)
            .onFailure(streamed::add)
            .build()
            .write(
                LongStream.range(0, rows)
                    .mapToObj(i -> WriteOp.put("t", TestRows.row(i, 1)))
                    .iterator());

    Set<Long> expectedFailed = new HashSet<>();
    for (long i = 5; i < rows; i += 97) {
      expectedFailed.add(i);
    }
    assertEquals(rows, r.total());
    assertEquals(expectedFailed.size(), r.failed());
    assertEquals(rows - expectedFailed.size(), r.acknowledged());
    Set<Long> reported = new HashSet<>();
    for (BulkWriteFailure f : r.failures()) {
      assertEquals(ErrorKind.INVALID_REQUEST, f.error().kind());
      assertFalse(f.error().retryable());
      assertEquals(1, f.attempts(), "a non-retryable failure is not retried");
      assertEquals(f.position(), f.key().get(0).asLong(), "the position is the input index");
      assertTrue(reported.add(f.key().get(0).asLong()), "reported once");
    }
    assertEquals(expectedFailed, reported);
    assertEquals(r.failures().size(), streamed.size());
    assertFalse(r.failuresTruncated());
    TestRows.assertTableHolds(
        embedded, "t", rows, i -> expectedFailed.contains(i) ? null : TestRows.row(i, 1));
  }

  @Test
  void recordedFailuresAreBoundedButAllAreCounted() {
    embedded.createTable(TestRows.table("t", 1000, 1));
    WideTableStore store =
        faults(embedded, 1)
            .failRows((t, k) -> k.get(0).asLong() % 2 == 0, ErrorKind.INVALID_REQUEST)
            .build();
    AtomicInteger streamed = new AtomicInteger();
    BulkWriteResult r =
        BulkWriter.builder(store)
            .maxRecordedFailures(10)
            .onFailure(f -> streamed.incrementAndGet())
            .build()
            .write(LongStream.range(0, 1000).mapToObj(i -> WriteOp.put("t", TestRows.row(i, 0))));
    assertEquals(500, r.failed());
    assertEquals(500, r.acknowledged());
    assertEquals(10, r.failures().size());
    assertTrue(r.failuresTruncated());
    assertEquals(500, streamed.get());
  }

  @Test
  void theLastOperationOnAKeyWinsEvenUnderAmbiguousTimeouts() {
    long seed = seeds.seed();
    Random random = new Random(seed);
    int keys = 2_000;
    int ops = 40_000;
    embedded.createTable(TestRows.table("t", keys, 4));
    FaultInjectingStore store =
        faults(embedded, seed)
            .retryableErrorRate(0.2)
            .ambiguousTimeoutRate(0.3)
            .batchErrorRate(0.02)
            .build();
    // the input: random keys, the version is the input position; one op in ten is a delete
    List<WriteOp> input = new ArrayList<>(ops);
    Map<Long, Long> last = new HashMap<>(); // key -> version of its last op, -1 for a delete
    for (int i = 0; i < ops; i++) {
      long id = random.nextInt(keys);
      if (random.nextInt(10) == 0) {
        input.add(WriteOp.delete("t", TestRows.key(id)));
        last.put(id, -1L);
      } else {
        input.add(WriteOp.put("t", TestRows.row(id, i)));
        last.put(id, (long) i);
      }
    }
    BulkWriteResult r =
        BulkWriter.builder(store)
            .workers(4)
            .window(1_000) // small: backpressure and many keys repeating inside the window
            .retryPolicy(policy(seed, 60))
            .seed(seed)
            .build()
            .write(input.iterator());

    assertTrue(r.allAcknowledged(), () -> r.failed() + " failed");
    assertEquals(ops, r.acknowledged());
    assertTrue(store.injectedAmbiguous() > ops / 10);
    TestRows.assertTableHolds(
        embedded,
        "t",
        keys,
        id -> {
          Long v = last.get(id);
          return v == null || v < 0 ? null : TestRows.row(id, v);
        });
  }

  @Test
  void groupsSendTheColdRowOnlyAfterItWasAcknowledged() {
    long seed = seeds.seed();
    int entities = 5_000;
    embedded.createTable(TestRows.table("hot", entities, 4));
    embedded.createTable(TestRows.table("cold", entities, 4));
    // checks, when a hot row is sent, that its cold row is already stored
    AtomicInteger orphans = new AtomicInteger();
    AtomicInteger hotSent = new AtomicInteger();
    WideTableStore checking =
        new ForwardingStore(embedded) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            for (WriteOp op : ops) {
              if (op.table().equals("hot")) {
                hotSent.incrementAndGet();
                if (delegate.get("cold", op.key(), ColumnSelection.all()).isEmpty()) {
                  orphans.incrementAndGet();
                }
              }
            }
            return super.batchWrite(ops);
          }
        };
    FaultInjectingStore store =
        faults(checking, seed)
            .retryableErrorRate(0.2)
            .ambiguousTimeoutRate(0.1)
            .failRows(
                (table, key) -> table.equals("cold") && key.get(0).asLong() % 50 == 3,
                ErrorKind.LIMIT_EXCEEDED)
            .build();
    BulkWriteResult r =
        BulkWriter.builder(store)
            .workers(4)
            .retryPolicy(policy(seed, 40))
            .seed(seed)
            .build()
            .writeGroups(
                LongStream.range(0, entities)
                    .mapToObj(
                        i ->
                            WriteGroup.of(
                                WriteOp.put("cold", TestRows.row(i, 7)),
                                WriteOp.put("hot", TestRows.row(i, 8)))));

    assertEquals(0, orphans.get(), "a hot row was sent before its cold row was stored");
    int refused = entities / 50;
    assertEquals(2L * entities, r.total());
    assertEquals(2L * refused, r.failed());
    assertEquals(2L * (entities - refused), r.acknowledged());
    for (BulkWriteFailure f : r.failures()) {
      long id = f.key().get(0).asLong();
      assertEquals(3, id % 50);
      assertEquals(id, f.position());
      if (f.indexInGroup() == 0) {
        assertEquals(1, f.attempts());
        assertEquals(ErrorKind.LIMIT_EXCEEDED, f.error().kind());
      } else {
        assertEquals("hot", f.table());
        assertEquals(0, f.attempts(), "the hot op of a failed cold op is never sent");
        assertEquals(ErrorKind.LIMIT_EXCEEDED, f.error().kind());
        assertFalse(f.error().retryable());
        assertNotNull(f.error().getCause());
      }
    }
    assertTrue(
        hotSent.get() >= entities - refused, "every hot op of an acknowledged cold op was sent");
    TestRows.assertTableHolds(
        embedded, "cold", entities, i -> i % 50 == 3 ? null : TestRows.row(i, 7));
    TestRows.assertTableHolds(
        embedded, "hot", entities, i -> i % 50 == 3 ? null : TestRows.row(i, 8));
  }

  @Test
  void concurrentWritersAndReadersNeverSeeAnOlderVersionAfterANewerOne() throws Exception {
    long seed = seeds.seed();
    int keys = 4_000;
    int versions = 6;
    int writers = 3;
    embedded.createTable(TestRows.table("t", keys, 8));
    FaultInjectingStore store =
        faults(embedded, seed).retryableErrorRate(0.2).ambiguousTimeoutRate(0.2).build();
    AtomicBoolean writing = new AtomicBoolean(true);
    List<Throwable> problems = new CopyOnWriteArrayList<>();
    AtomicLong reads = new AtomicLong();

    // readers: the version a reader sees for a key never goes down
    List<Thread> readers = new ArrayList<>();
    for (int rd = 0; rd < 2; rd++) {
      Random random = new Random(seed + 100 + rd);
      boolean scanning = rd == 1;
      Thread t =
          new Thread(
              () -> {
                Map<Long, Long> seen = new HashMap<>();
                try {
                  while (writing.get()) {
                    if (scanning) {
                      try (Stream<Row> rows = embedded.scan("t", ScanRange.all(1))) {
                        rows.forEach(row -> check(seen, row));
                      }
                    } else {
                      long id = random.nextInt(keys);
                      embedded
                          .get("t", TestRows.key(id), ColumnSelection.all())
                          .ifPresent(row -> check(seen, row));
                    }
                    reads.incrementAndGet();
                  }
                } catch (Throwable e) {
                  problems.add(e);
                }
              });
      readers.add(t);
      t.start();
    }

    // writers: each owns the keys id % writers == w and writes versions 1..V of each in order,
    // keys interleaved at random
    List<Thread> writerThreads = new ArrayList<>();
    List<BulkWriteResult> results = new CopyOnWriteArrayList<>();
    for (int w = 0; w < writers; w++) {
      int lane = w;
      Random random = new Random(seed + lane);
      Thread t =
          new Thread(
              () -> {
                try {
                  List<Long> ids = new ArrayList<>();
                  for (long id = lane; id < keys; id += writers) {
                    ids.add(id);
                  }
                  int[] next = new int[keys];
                  List<WriteOp> input = new ArrayList<>();
                  List<Long> open = new ArrayList<>(ids);
                  while (!open.isEmpty()) {
                    int slot = random.nextInt(open.size());
                    long id = open.get(slot);
                    int v = ++next[(int) id];
                    input.add(WriteOp.put("t", TestRows.row(id, v)));
                    if (v == versions) {
                      open.set(slot, open.get(open.size() - 1));
                      open.remove(open.size() - 1);
                    }
                  }
                  results.add(
                      BulkWriter.builder(store)
                          .workers(2)
                          .window(800)
                          .retryPolicy(policy(seed + lane, 60))
                          .seed(seed + lane)
                          .build()
                          .write(input.iterator()));
                } catch (Throwable e) {
                  problems.add(e);
                }
              });
      writerThreads.add(t);
      t.start();
    }
    for (Thread t : writerThreads) {
      t.join();
    }
    writing.set(false);
    for (Thread t : readers) {
      t.join();
    }
    if (!problems.isEmpty()) {
      throw new AssertionError(problems.get(0));
    }
    assertEquals(writers, results.size());
    for (BulkWriteResult r : results) {
      assertTrue(r.allAcknowledged(), () -> r.failed() + " failed");
    }
    assertTrue(reads.get() > 0);
    TestRows.assertTableHolds(embedded, "t", keys, id -> TestRows.row(id, versions));
  }

  private static void check(Map<Long, Long> seen, Row row) {
    long id = row.key().get(0).asLong();
    long v = row.get("v").asLong();
    Long before = seen.put(id, v);
    if (before != null && before > v) {
      throw new AssertionError("key " + id + " went back from version " + before + " to " + v);
    }
    if (!row.equals(TestRows.row(id, v))) {
      throw new AssertionError("row " + row + " is not version " + v + " of key " + id);
    }
  }

  @Test
  void batchesStayWithinTheRowAndByteLimits() {
    StoreLimits small = new StoreLimits(1024, 2 * 1024 * 1024, 50, 20_000, 2000, 4, true);
    try (EmbeddedStore limited = EmbeddedStore.builder().limits(small).build()) {
      limited.createTable(TestRows.table("t", 3000, 4));
      AtomicInteger maxRows = new AtomicInteger();
      AtomicLong maxBytes = new AtomicLong();
      WideTableStore observing =
          new ForwardingStore(limited) {
            @Override
            public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
              maxRows.accumulateAndGet(ops.size(), Math::max);
              maxBytes.accumulateAndGet(
                  ops.stream().mapToLong(WriteOp::sizeInBytes).sum(), Math::max);
              return super.batchWrite(ops);
            }
          };
      Random random = new Random(seeds.seed());
      List<Row> expected = new ArrayList<>();
      for (int i = 0; i < 3000; i++) {
        expected.add(
            Row.of(
                TestRows.key(i),
                Map.of("blob", AttrValue.ofBinary(new byte[random.nextInt(2000)]))));
      }
      BulkWriteResult r =
          BulkWriter.builder(observing)
              .workers(2)
              .build()
              .write(expected.stream().map(row -> WriteOp.put("t", row)));
      assertTrue(r.allAcknowledged());
      assertTrue(maxRows.get() <= 50, "rows per batch " + maxRows.get());
      assertTrue(maxBytes.get() <= 20_000, "bytes per batch " + maxBytes.get());
      TestRows.assertTableHolds(limited, "t", 3000, i -> expected.get((int) i));
    }
  }

  @Test
  void anOperationLargerThanABatchIsRefusedWithoutBeingSent() {
    StoreLimits small = new StoreLimits(1024, 2 * 1024 * 1024, 50, 10_000, 2000, 4, true);
    try (EmbeddedStore limited = EmbeddedStore.builder().limits(small).build()) {
      limited.createTable(TestRows.table("t", 10, 1));
      Row big = Row.of(TestRows.key(1), Map.of("blob", AttrValue.ofBinary(new byte[20_000])));
      BulkWriteResult r =
          BulkWriter.of(limited)
              .write(Stream.of(WriteOp.put("t", TestRows.row(0, 0)), WriteOp.put("t", big)));
      assertEquals(1, r.acknowledged());
      assertEquals(1, r.failed());
      BulkWriteFailure f = r.failures().get(0);
      assertEquals(ErrorKind.LIMIT_EXCEEDED, f.error().kind());
      assertEquals(0, f.attempts());
      assertTrue(limited.get("t", TestRows.key(1), ColumnSelection.all()).isEmpty());
    }
  }

  @Test
  void aBatchRefusedAsAWholeIsResentRowByRowToFindTheBadRow() {
    embedded.createTable(TestRows.table("t", 1000, 2));
    // a backend that refuses a whole batch when one row is bad, as some do
    WideTableStore strict =
        new ForwardingStore(embedded) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            for (WriteOp op : ops) {
              if (op.key().get(0).asLong() == 123) {
                throw new StoreException(ErrorKind.INVALID_REQUEST, "bad row 123");
              }
            }
            return super.batchWrite(ops);
          }
        };
    BulkWriteResult r =
        BulkWriter.of(strict)
            .write(LongStream.range(0, 1000).mapToObj(i -> WriteOp.put("t", TestRows.row(i, 0))));
    assertEquals(999, r.acknowledged());
    assertEquals(1, r.failed());
    assertEquals(123, r.failures().get(0).key().get(0).asLong());
    TestRows.assertTableHolds(embedded, "t", 1000, i -> i == 123 ? null : TestRows.row(i, 0));
  }

  @Test
  void theImportDeadlineFailsEverythingNotYetAcknowledged() {
    embedded.createTable(TestRows.table("t", 5000, 2));
    // every write fails retryably, for ever: only the deadline ends the import
    FaultInjectingStore store = faults(embedded, 3).retryableErrorRate(1.0).build();
    RetryPolicy policy =
        RetryPolicy.builder()
            .maxAttempts(Integer.MAX_VALUE)
            .baseDelay(Duration.ofMillis(10))
            .maxDelay(Duration.ofMillis(100))
            .deadline(Duration.ofDays(1))
            .clock(time)
            .sleeper(time)
            .build();
    BulkWriteResult r =
        BulkWriter.builder(store)
            .workers(2)
            .window(500)
            .retryPolicy(policy)
            .deadline(Duration.ofSeconds(30))
            .build()
            .write(LongStream.range(0, 5000).mapToObj(i -> WriteOp.put("t", TestRows.row(i, 0))));
    assertEquals(5000, r.total());
    assertEquals(5000, r.failed());
    assertEquals(0, r.acknowledged());
    assertTrue(time.nanoTime() >= Duration.ofSeconds(30).toNanos());
    // sent or not, in flight when the deadline passed or not: each fails with the documented,
    // non-retryable TIMEOUT, never with the store's retryable error that no one will retry
    for (BulkWriteFailure f : r.failures()) {
      assertEquals(ErrorKind.TIMEOUT, f.error().kind(), f::toString);
      assertFalse(f.error().retryable(), f::toString);
    }
  }

  /**
   * Adversary: a Lindorm-profile table (2 MB batches) written by a writer sized from the store's
   * default profile (4 MB), as putAll's BulkWriter.of(store) is. Batches must be sized by the
   * table's limits: none refused whole (then sent row by row), all rows stored.
   */
  @Test
  void batchesAreSizedByTheLimitsOfTheTablesWritten() {
    embedded.createTable(TestRows.table("t", 100, 1).withProfile(Profile.LINDORM));
    embedded.createTable(TestRows.table("d", 100, 1).withProfile(Profile.TABLESTORE));
    AtomicInteger refused = new AtomicInteger();
    List<Long> batchBytes = new CopyOnWriteArrayList<>();
    // batches are taken from what has been read so far: each send waits (boundedly) until the
    // whole input is read, so that a slow reader on a loaded machine cannot make every batch small
    AtomicReference<CountDownLatch> allRead = new AtomicReference<>();
    WideTableStore store =
        new ForwardingStore(embedded) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            try {
              allRead.get().await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            try {
              List<WriteOutcome> out = super.batchWrite(ops);
              if (ops.get(0).table().equals("d")) {
                batchBytes.add(ops.stream().mapToLong(WriteOp::sizeInBytes).sum());
              }
              return out;
            } catch (StoreException e) {
              refused.incrementAndGet();
              throw e;
            }
          }
        };
    String value = "x".repeat(100_000);
    // one worker: it takes its first batch from what is read by then and waits in the send until
    // the whole input is read, so its next batch is taken from a full input (6 MB): at least one
    // batch of d is over 2 MB whatever the machine's load. Several workers could each take a small
    // batch before the reader got far
    BulkWriter writer = BulkWriter.builder(store).workers(1).build();

    for (String table : List.of("t", "d")) {
      CountDownLatch read = new CountDownLatch(60);
      allRead.set(read);
      BulkWriteResult r =
          writer.write(
              LongStream.range(0, 60)
                  .peek(i -> read.countDown())
                  .mapToObj(
                      i ->
                          WriteOp.put(
                              table,
                              Row.of(TestRows.key(i), Map.of("v", AttrValue.ofString(value))))));
      assertTrue(r.allAcknowledged(), r::toString);
    }

    assertEquals(0, refused.get(), "no batch refused for its size");
    // the default profile's tables keep their 4 MB batches: the Lindorm table does not shrink them
    assertTrue(
        batchBytes.stream().anyMatch(b -> b > 2L << 20), () -> "batches of d: " + batchBytes);
  }

  /**
   * Adversary: an import read split into pieces stops; the caller resumes it by position as the
   * Javadoc shows for an ordered input. Elements before the position may never have been read, so
   * the resume is refused, saying why, before anything is written; the result says it was split.
   */
  @Test
  void aStoppedSplitImportCannotBeResumedByPosition() {
    embedded.createTable(TestRows.table("t", 1000, 1));
    List<WriteOp> ops =
        LongStream.range(0, 1000)
            .<WriteOp>mapToObj(i -> WriteOp.put("t", TestRows.row(i, 1)))
            .toList();
    AtomicInteger read = new AtomicInteger();
    BulkWriter writer = BulkWriter.builder(embedded).workers(1).splitInput(8).seed(7).build();
    BulkWriteException stop =
        assertThrows(
            BulkWriteException.class,
            () ->
                writer.write(
                    ops.stream()
                        .peek(
                            op -> {
                              if (read.incrementAndGet() == 300) {
                                throw new IllegalStateException("the input broke");
                              }
                            })));
    BulkWriteResult stopped = stop.partialResult();
    assertTrue(stopped.inputSplit(), stopped::toString);

    long before = embedded.scan("t", ScanRange.all(1)).count();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                writer.resumeWrite(
                    ops.subList((int) stopped.resumePosition(), ops.size()).iterator(), stopped));
    assertTrue(e.getMessage().contains("splitInput"), e::getMessage);
    assertEquals(before, embedded.scan("t", ScanRange.all(1)).count(), "nothing was written");

    // an import read in order keeps its resume
    BulkWriteResult ordered = BulkWriter.of(embedded).write(ops.iterator());
    assertFalse(ordered.inputSplit());
  }

  /** A batch that fails retryably once the import deadline has passed is not retried: TIMEOUT. */
  @Test
  void aBatchFailingRetryablyAfterTheImportDeadlineFailsWithTheDeadlinesTimeout() {
    embedded.createTable(TestRows.table("t", 10, 1));
    StoreException unavailable = new StoreException(ErrorKind.UNAVAILABLE, "moving", true, null);
    WideTableStore store =
        new ForwardingStore(embedded) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            time.advance(Duration.ofMinutes(2).toNanos()); // a slow call, past the deadline
            throw unavailable;
          }
        };

    BulkWriteResult r =
        BulkWriter.builder(store)
            .workers(1)
            .retryPolicy(policy(1, 10))
            .deadline(Duration.ofMinutes(1))
            .build()
            .write(Stream.of(WriteOp.put("t", TestRows.row(1, 1))));

    assertEquals(1, r.failed(), r::toString);
    StoreException e = r.failures().get(0).error();
    assertEquals(ErrorKind.TIMEOUT, e.kind(), e::toString);
    assertFalse(e.retryable(), e::toString);
    assertSame(unavailable, e.getCause(), "the last store error is kept as the cause");
  }

  /**
   * A backoff near the clock's range (base and cap FOREVER) added to the clock's reading must not
   * wrap to a time in the past, which would send the retry at once: it waits, here until the import
   * deadline passes.
   */
  @Test
  void aBackoffLongerThanTheClockCountsWaitsInsteadOfWrappingToNow() {
    embedded.createTable(TestRows.table("t", 10, 1));
    time.advance(Duration.ofHours(1).toNanos());
    AtomicInteger sends = new AtomicInteger();
    WideTableStore store =
        new ForwardingStore(embedded) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            if (sends.incrementAndGet() == 1) {
              throw new StoreException(ErrorKind.UNAVAILABLE, "moving", true, null);
            }
            return super.batchWrite(ops);
          }
        };
    Duration forever = java.time.temporal.ChronoUnit.FOREVER.getDuration();
    RetryPolicy policy =
        RetryPolicy.builder()
            .maxAttempts(5)
            .baseDelay(forever)
            .maxDelay(forever)
            .deadline(forever)
            .clock(time)
            .sleeper(time)
            .random(
                new Random() {
                  @Override
                  public long nextLong(long bound) {
                    return bound - 1; // the longest backoff the jitter can draw
                  }
                })
            .build();

    BulkWriteResult r =
        BulkWriter.builder(store)
            .workers(1)
            .retryPolicy(policy)
            .deadline(Duration.ofMinutes(1))
            .build()
            .write(Stream.of(WriteOp.put("t", TestRows.row(1, 1))));

    assertEquals(1, sends.get(), "the retry waited its backoff");
    assertEquals(1, r.failed(), r::toString);
    assertEquals(ErrorKind.TIMEOUT, r.failures().get(0).error().kind());
  }

  @Test
  void theDefaultWindowOfAStoreWithoutBatchBoundsIsTheLargestNotAnOverflow() {
    // a store whose batches are bounded by neither rows nor bytes (custom limits)
    StoreLimits unbounded =
        new StoreLimits(1024, 2 << 20, Integer.MAX_VALUE, Long.MAX_VALUE, 100, 4, false);
    try (EmbeddedStore store = EmbeddedStore.builder().limits(unbounded).build()) {
      store.createTable(TestRows.table("t", 1000, 1));
      BulkWriter writer = BulkWriter.builder(store).workers(8).build();
      assertEquals(Integer.MAX_VALUE, writer.window());
      assertEquals(Long.MAX_VALUE, writer.windowBytes());
      BulkWriteResult r =
          writer.write(
              LongStream.range(0, 1000).mapToObj(i -> WriteOp.put("t", TestRows.row(i, 0))));
      assertTrue(r.allAcknowledged(), r::toString);
      TestRows.assertTableHolds(store, "t", 1000, i -> TestRows.row(i, 0));
    }
  }

  @Test
  void anImportDeadlineLongerThanTheClockCountsIsNoDeadline() {
    embedded.createTable(TestRows.table("t", 100, 1));
    // ChronoUnit.FOREVER: longer than a long counts in nanoseconds
    BulkWriteResult r =
        BulkWriter.builder(embedded)
            .deadline(java.time.temporal.ChronoUnit.FOREVER.getDuration())
            .build()
            .write(LongStream.range(0, 100).mapToObj(i -> WriteOp.put("t", TestRows.row(i, 0))));
    assertTrue(r.allAcknowledged(), r::toString);
    TestRows.assertTableHolds(embedded, "t", 100, i -> TestRows.row(i, 0));
  }

  @Test
  void aPerRowDeadlineEndsTheRetriesOfThatRow() {
    embedded.createTable(TestRows.table("t", 100, 1));
    FaultInjectingStore store = faults(embedded, 5).retryableErrorRate(1.0).build();
    RetryPolicy policy =
        RetryPolicy.builder()
            .maxAttempts(Integer.MAX_VALUE)
            .baseDelay(Duration.ofMillis(10))
            .maxDelay(Duration.ofMillis(100))
            .deadline(Duration.ofSeconds(2))
            .clock(time)
            .sleeper(time)
            .build();
    BulkWriteResult r =
        BulkWriter.builder(store)
            .workers(1)
            .retryPolicy(policy)
            .build()
            .write(LongStream.range(0, 100).mapToObj(i -> WriteOp.put("t", TestRows.row(i, 0))));
    assertEquals(100, r.failed());
    for (BulkWriteFailure f : r.failures()) {
      assertTrue(f.error().retryable(), "the last retryable error is reported");
      assertTrue(f.attempts() > 1);
    }
  }

  @Test
  void aFailingInputStopsTheImportAndReportsWhatWasRead() {
    embedded.createTable(TestRows.table("t", 1000, 1));
    RuntimeException boom = new IllegalStateException("the input broke");
    Iterator<WriteOp> input =
        new Iterator<>() {
          int i;

          @Override
          public boolean hasNext() {
            return true;
          }

          @Override
          public WriteOp next() {
            if (i == 700) {
              throw boom;
            }
            return WriteOp.put("t", TestRows.row(i++, 0));
          }
        };
    BulkWriteException e =
        assertThrows(BulkWriteException.class, () -> BulkWriter.of(embedded).write(input));
    assertSame(boom, e.getCause());
    assertEquals(700, e.partialResult().total());
    assertEquals(700, e.partialResult().acknowledged());
    TestRows.assertTableHolds(embedded, "t", 700, i -> TestRows.row(i, 0));
  }

  @Test
  void anOperationWithoutAUtf8FormStopsTheImportBeforeItsGroupIsSent() {
    // such an operation has no size; its whole group is refused before any of it is admitted
    embedded.createTable(TestRows.table("t", 1000, 1));
    Row bad = Row.of(TestRows.key(301), Map.of("v\uD800", AttrValue.ofInteger(1)));
    Stream<WriteGroup> input =
        Stream.concat(
            LongStream.range(0, 300)
                .mapToObj(i -> WriteGroup.of(WriteOp.put("t", TestRows.row(i, 0)))),
            Stream.of(
                WriteGroup.of(WriteOp.put("t", TestRows.row(300, 0)), WriteOp.put("t", bad))));
    BulkWriteException e =
        assertThrows(BulkWriteException.class, () -> BulkWriter.of(embedded).writeGroups(input));
    assertInstanceOf(IllegalArgumentException.class, e.getCause());
    assertTrue(e.getCause().getMessage().contains("unpaired surrogate"), e.getCause()::getMessage);
    assertEquals(300, e.partialResult().total());
    assertEquals(300, e.partialResult().acknowledged());
    TestRows.assertTableHolds(embedded, "t", 300, i -> TestRows.row(i, 0));
  }

  @Test
  void progressIsReportedAndEndsWithTheTotals() {
    embedded.createTable(TestRows.table("t", 10_000, 4));
    List<BulkWriteProgress> seen = new CopyOnWriteArrayList<>();
    FaultInjectingStore store = faults(embedded, 9).retryableErrorRate(0.3).build();
    BulkWriteResult r =
        BulkWriter.builder(store)
            .retryPolicy(policy(9, 40))
            .progress(seen::add)
            .build()
            .write(LongStream.range(0, 10_000).mapToObj(i -> WriteOp.put("t", TestRows.row(i, 0))));
    assertTrue(r.allAcknowledged());
    assertTrue(seen.size() > 10);
    BulkWriteProgress end = seen.get(seen.size() - 1);
    assertEquals(new BulkWriteProgress(10_000, 10_000, 0, r.retries(), r.batches()), end);
    assertTrue(r.retries() > 0);
    for (int i = 1; i < seen.size(); i++) {
      assertTrue(
          seen.get(i).acknowledged() >= seen.get(i - 1).acknowledged(), "progress never goes back");
    }
  }

  @Test
  void splitInputSpreadsASortedStreamAndKeepsInputPositions() {
    embedded.createTable(TestRows.table("t", 10_000, 4));
    List<List<WriteOp>> batches = new CopyOnWriteArrayList<>();
    WideTableStore recording =
        new ForwardingStore(embedded) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            batches.add(ops);
            return super.batchWrite(ops);
          }
        };
    WideTableStore store =
        faults(recording, 11)
            .failRows((t, k) -> k.get(0).asLong() % 1000 == 999, ErrorKind.INVALID_REQUEST)
            .build();
    Map<Long, Long> positions = new ConcurrentHashMap<>();
    BulkWriteResult r =
        BulkWriter.builder(store)
            .workers(1)
            .window(400) // alone, a window this small would write the sorted input in order
            .seed(seeds.seed())
            .splitInput(16)
            .onFailure(f -> positions.put(f.key().get(0).asLong(), f.position()))
            .build()
            .write(LongStream.range(0, 10_000).mapToObj(i -> WriteOp.put("t", TestRows.row(i, 0))));
    assertEquals(10, r.failed());
    assertEquals(10, positions.size());
    positions.forEach((id, position) -> assertEquals(id, position));
    // the first 400 rows sent already come from all over the key range: 16 pieces of 625 rows
    long regions =
        batches.stream()
            .flatMap(List::stream)
            .limit(400)
            .mapToLong(op -> op.key().get(0).asLong() / 625)
            .distinct()
            .count();
    assertTrue(regions >= 12, "the first 400 rows sent touch " + regions + " of 16 input pieces");
    TestRows.assertTableHolds(
        embedded, "t", 10_000, i -> i % 1000 == 999 ? null : TestRows.row(i, 0));
  }

  @Test
  void anEmptyInputFinishesAtOnce() {
    BulkWriteResult r = BulkWriter.of(embedded).write(Stream.<WriteOp>empty());
    assertEquals(0, r.total());
    assertTrue(r.allAcknowledged());
    Optional<BulkWriteFailure> none = r.failures().stream().findAny();
    assertTrue(none.isEmpty());
  }

  // ------------------------------------------------------------------ conditional writes

  /** Inserts of rows [0, rows) at version 1; keys {@code i % 10 == 3} hold version 0 already. */
  private static final long EXISTING_EVERY = 10;

  private static boolean existing(long id) {
    return id % EXISTING_EVERY == 3;
  }

  private Stream<WriteOp> inserts(int rows) {
    return LongStream.range(0, rows)
        .mapToObj(i -> WriteOp.put("t", TestRows.row(i, 1), WriteCondition.rowAbsent()));
  }

  @Test
  void insertsOverExistingKeysFailThoseRowsAloneWithConditionFailedAndAreNotRetried() {
    long seed = seeds.seed();
    int rows = 5_000;
    embedded.createTable(TestRows.table("t", rows, 4));
    for (long i = 3; i < rows; i += EXISTING_EVERY) {
      embedded.put("t", TestRows.row(i, 0));
    }
    // a retryable error now and then: the writer's retries must carry the condition along
    FaultInjectingStore store = faults(embedded, seed).retryableErrorRate(0.1).build();
    BulkWriteResult r =
        BulkWriter.builder(store)
            .workers(3)
            .retryPolicy(policy(seed, 40))
            .seed(seed)
            .maxRecordedFailures(rows)
            .build()
            .write(inserts(rows));

    long expectedFailed = LongStream.range(0, rows).filter(BulkWriterTest::existing).count();
    assertEquals(rows, r.total());
    assertEquals(expectedFailed, r.failed(), r::toString);
    assertEquals(rows - expectedFailed, r.acknowledged());
    Set<Long> failedIds = new HashSet<>();
    for (BulkWriteFailure f : r.failures()) {
      assertEquals(ErrorKind.CONDITION_FAILED, f.error().kind(), f.error()::getMessage);
      assertFalse(f.error().retryable());
      assertTrue(existing(f.key().get(0).asLong()), () -> "failed: " + f.key());
      assertTrue(failedIds.add(f.key().get(0).asLong()), "reported once");
    }
    assertEquals(expectedFailed, failedIds.size());
    // the stored rows of the failed inserts are the ones that were there
    TestRows.assertTableHolds(
        embedded, "t", rows, i -> existing(i) ? TestRows.row(i, 0) : TestRows.row(i, 1));
  }

  @Test
  void aConditionFailureIsNeverRetriedEvenIfABackendFlagsItRetryable() {
    embedded.createTable(TestRows.table("t", 100, 1));
    embedded.put("t", TestRows.row(7, 0));
    AtomicInteger sentOf7 = new AtomicInteger();
    WideTableStore misflagging =
        new ForwardingStore(embedded) {
          @Override
          public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
            List<WriteOutcome> out = new ArrayList<>();
            for (WriteOutcome o : super.batchWrite(ops)) {
              if (o.op().key().get(0).asLong() == 7) {
                sentOf7.incrementAndGet();
              }
              StoreException e = o.failure();
              out.add(
                  e != null && e.kind() == ErrorKind.CONDITION_FAILED
                      ? WriteOutcome.failed(
                          o.op(), new StoreException(e.kind(), e.detail(), true, null))
                      : o);
            }
            return out;
          }
        };
    BulkWriteResult r =
        BulkWriter.builder(misflagging)
            .retryPolicy(policy(seeds.seed(), 10))
            .build()
            .write(inserts(100));
    assertEquals(99, r.acknowledged());
    assertEquals(1, r.failed());
    assertEquals(ErrorKind.CONDITION_FAILED, r.failures().get(0).error().kind());
    assertEquals(1, r.failures().get(0).attempts());
    assertEquals(1, sentOf7.get(), "sent once");
    assertEquals(0, r.retries());
  }

  /**
   * A conditional insert that timed out after it was applied fails its condition on the retry
   * against its own write; the retry reads the row, finds its own, and the insert is acknowledged,
   * with its retries counted. Inserts over another writer's row still fail (see above).
   */
  @Test
  void anInsertRetriedAfterAnAmbiguousTimeoutIsAcknowledged() {
    long seed = seeds.seed();
    int rows = 2_000;
    embedded.createTable(TestRows.table("t", rows, 2));
    FaultInjectingStore store = faults(embedded, seed).ambiguousTimeoutRate(0.05).build();
    BulkWriteResult r =
        BulkWriter.builder(store)
            .workers(2)
            .retryPolicy(policy(seed, 40))
            .seed(seed)
            .maxRecordedFailures(rows)
            .build()
            .write(inserts(rows));
    assertTrue(store.injectedAmbiguous() > 0, "at 5% some insert timed out after it was applied");
    assertEquals(rows, r.acknowledged(), r::toString);
    assertEquals(0, r.failed(), r::toString);
    assertEquals(store.injectedAmbiguous(), r.retries(), "each lost answer cost one retry");
    TestRows.assertTableHolds(embedded, "t", rows, i -> TestRows.row(i, 1));
  }
}
