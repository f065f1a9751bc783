package dev.widekey.store.tck;

import static dev.widekey.store.tck.StoreContractTest.key;
import static dev.widekey.store.tck.StoreContractTest.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.retry.RetryingStore;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.fault.FakeTime;
import dev.widekey.runtime.store.fault.FaultInjectingStore;
import dev.widekey.runtime.store.fault.FaultInjectingStore.Fault;
import dev.widekey.runtime.store.fault.FaultInjectingStore.Script;
import dev.widekey.runtime.store.fault.Seeds;
import dev.widekey.runtime.write.BulkWriteException;
import dev.widekey.runtime.write.BulkWriteFailure;
import dev.widekey.runtime.write.BulkWriteResult;
import dev.widekey.runtime.write.BulkWriter;
import dev.widekey.runtime.write.WriteGroup;
import dev.widekey.store.tck.entities.ColdItem;
import dev.widekey.store.tck.entities.ColdItemRepository;
import dev.widekey.store.tck.entities.VersionedAccount;
import dev.widekey.store.tck.entities.VersionedAccountRepository;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Conditional puts retried after a timeout that the store had applied, on a backend: the retry
 * ({@link RetryingStore}, the {@link BulkWriter}, the repositories over them) meets its own earlier
 * write, recognises it by reading the row back, and reports success; a row another writer stored is
 * still a {@link ErrorKind#CONDITION_FAILED}. The faults come from a {@link FaultInjectingStore}
 * around the store under test, whose requests or answers it loses at chosen attempts; the store
 * itself applies every write and checks every condition.
 *
 * <pre>{@code
 * class RetriedConditionalPutOnHBaseTest extends RetriedConditionalPutContractTest {
 *   @Override protected WideTableStore store() { return store; }
 * }
 * }</pre>
 *
 * <p>The property test draws its cases from a {@link Seeds} seed, printed when it fails ({@code
 * -Dwidekey.seed=N} replays it); {@code -D}{@value #ROUNDS_PROPERTY} sets its number of rounds.
 */
public abstract class RetriedConditionalPutContractTest {
  /** The system property that sets the property test's rounds. */
  public static final String ROUNDS_PROPERTY = "widekey.retried.rounds";

  private static final List<PkColumn> SCHEMA = List.of(new PkColumn("pk", PkType.STRING));
  private static final int ATTEMPTS = 6;
  private static final AttrValue ONE = AttrValue.ofInteger(1);

  @RegisterExtension protected final Seeds seeds = new Seeds();

  private final List<String> tables = new ArrayList<>();

  /** The store under test; the subclass opens and closes it. */
  protected abstract WideTableStore store();

  /** Rounds of the property test: {@value #ROUNDS_PROPERTY}, or 200. */
  protected int propertyRounds() {
    return Integer.getInteger(ROUNDS_PROPERTY, 200);
  }

  @AfterEach
  protected void dropTables() {
    for (String table : tables) {
      try {
        store().deleteTable(table);
      } catch (RuntimeException e) {
        // best effort: a failed test must not hide its own failure
      }
    }
    tables.clear();
  }

  private String newTable(String hint) {
    TableSpec spec = new TableSpec(StoreContractTest.newTableName(hint), SCHEMA);
    tables.add(spec.name());
    store().createTable(spec);
    return spec.name();
  }

  /** Retries that never wait: the faults are scripted, backoff would only slow the test. */
  private static RetryPolicy policy(int attempts) {
    FakeTime time = new FakeTime();
    return RetryPolicy.builder()
        .maxAttempts(attempts)
        .baseDelay(Duration.ZERO)
        .maxDelay(Duration.ZERO)
        .clock(time)
        .sleeper(time)
        .build();
  }

  private static boolean conditional(WriteOp op) {
    return op instanceof WriteOp.Put p && !p.condition().isNone();
  }

  /**
   * The store under test, where the first attempt of each op {@code which} picks loses its answer.
   */
  private FaultInjectingStore firstAnswerLost(Predicate<WriteOp> which) {
    return FaultInjectingStore.builder(store())
        .script(Script.answerLostOnFirstAttempt(which))
        .build();
  }

  private Optional<Row> stored(String table, PrimaryKey key) {
    return store().get(table, key, ColumnSelection.all());
  }

  private static Row versioned(String pk, long version, String data) {
    return row(key(pk), "version", AttrValue.ofInteger(version), "data", AttrValue.ofString(data));
  }

  private static StoreException assertConditionFailed(Runnable call) {
    StoreException e = assertThrows(StoreException.class, call::run);
    assertEquals(ErrorKind.CONDITION_FAILED, e.kind(), e::getMessage);
    assertFalse(e.retryable(), e::getMessage);
    return e;
  }

  // --------------------------------------------------------------------- conditional deletes

  /**
   * A versioned delete whose first attempt was applied and lost its answer finds no row on its
   * retry: nothing stored tells its own delete from another writer's, so the failure stays
   * CONDITION_FAILED (never success), and says that an earlier attempt may have deleted the row.
   */
  @Test
  public void aRetriedConditionalDeleteThatFindsNoRowKeepsItsConditionFailure() {
    String t = newTable("retried_delete");
    store().put(t, versioned("a", 1, "mine"));
    FaultInjectingStore faults = firstAnswerLost(op -> op instanceof WriteOp.Delete);

    StoreException e =
        assertConditionFailed(
            () ->
                new RetryingStore(faults, policy(ATTEMPTS))
                    .delete(t, key("a"), WriteCondition.columnEquals("version", ONE)));

    assertEquals(1, faults.injectedScripted(), "the first attempt lost its answer");
    assertTrue(e.getMessage().contains("earlier attempt"), e::getMessage);
    assertEquals(Optional.empty(), stored(t, key("a")), "the first attempt deleted it");
  }

  /** A conditional delete whose first request was lost is simply sent again, and applies. */
  @Test
  public void aConditionalDeleteWhoseRequestWasLostAppliesOnItsRetry() {
    String t = newTable("retried_delete_request");
    store().put(t, versioned("a", 1, "mine"));
    Set<WriteOp> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
    FaultInjectingStore faults =
        FaultInjectingStore.builder(store())
            .script(op -> seen.add(op) ? Fault.REQUEST_LOST : Fault.NONE)
            .build();

    new RetryingStore(faults, policy(ATTEMPTS))
        .delete(t, key("a"), WriteCondition.columnEquals("version", ONE));

    assertEquals(Optional.empty(), stored(t, key("a")));
  }

  /** The first attempt's own failed condition is the caller's, and is reported as it is. */
  @Test
  public void aConditionalDeleteThatFailsOnItsFirstAttemptIsNotReworded() {
    String t = newTable("delete_first_attempt");
    Row other = versioned("a", 2, "other");
    store().put(t, other);
    StoreException e =
        assertConditionFailed(
            () ->
                new RetryingStore(store(), policy(ATTEMPTS))
                    .delete(t, key("a"), WriteCondition.columnEquals("version", ONE)));
    assertFalse(e.getMessage().contains("earlier attempt"), e::getMessage);
    assertEquals(Optional.of(other), stored(t, key("a")));
  }

  // --------------------------------------------------------------------------- single puts

  @Test
  public void anInsertWhoseAnswerWasLostSucceedsOnItsRetry() {
    String t = newTable("retried_insert");
    FaultInjectingStore faults = firstAnswerLost(op -> true);
    Row mine = versioned("a", 1, "mine");

    new RetryingStore(faults, policy(ATTEMPTS)).put(t, mine, WriteCondition.rowAbsent());

    assertEquals(1, faults.injectedScripted(), "the first attempt lost its answer");
    assertEquals(Optional.of(mine), stored(t, key("a")));
  }

  @Test
  public void aVersionedPutWhoseAnswerWasLostSucceedsOnItsRetry() {
    String t = newTable("retried_versioned");
    store().put(t, versioned("a", 1, "first"));
    FaultInjectingStore faults = firstAnswerLost(op -> true);
    Row second = versioned("a", 2, "second");

    new RetryingStore(faults, policy(ATTEMPTS))
        .put(t, second, WriteCondition.columnEquals("version", AttrValue.ofInteger(1)));

    assertEquals(1, faults.injectedScripted());
    assertEquals(Optional.of(second), stored(t, key("a")));
  }

  /** A row stored before it had a version, versioned by a put whose answer was lost. */
  @Test
  public void aVersionZeroPutWhoseAnswerWasLostSucceedsOnItsRetry() {
    String t = newTable("retried_unversioned");
    store().put(t, row(key("a"), "data", AttrValue.ofString("unversioned")));
    FaultInjectingStore faults = firstAnswerLost(op -> true);
    Row first = versioned("a", 1, "first");

    new RetryingStore(faults, policy(ATTEMPTS))
        .put(t, first, WriteCondition.columnAbsent("version", true));

    assertEquals(1, faults.injectedScripted());
    assertEquals(Optional.of(first), stored(t, key("a")));
    assertConditionFailed(
        () ->
            new RetryingStore(store(), policy(ATTEMPTS))
                .put(t, versioned("a", 1, "other"), WriteCondition.columnAbsent("version", true)));
  }

  @Test
  public void aRetryThatFindsAnotherWritersRowStillFailsItsCondition() {
    String t = newTable("retried_conflict");
    Row theirs = versioned("a", 1, "theirs");
    AtomicInteger attempts = new AtomicInteger();
    // our insert is applied and its answer lost; another writer replaces the row before the retry
    FaultInjectingStore faults =
        FaultInjectingStore.builder(store())
            .script(
                op -> {
                  if (attempts.incrementAndGet() == 1) {
                    return Fault.ANSWER_LOST;
                  }
                  store().put(t, theirs);
                  return Fault.NONE;
                })
            .build();

    StoreException e =
        assertConditionFailed(
            () ->
                new RetryingStore(faults, policy(ATTEMPTS))
                    .put(t, versioned("a", 1, "mine"), WriteCondition.rowAbsent()));

    assertTrue(e.getMessage().contains(t), e::getMessage);
    assertEquals(2, attempts.get());
    assertEquals(Optional.of(theirs), stored(t, key("a")), "the other writer's row stays");
  }

  @Test
  public void aVersionedRetryThatFindsAnotherWritersVersionStillFails() {
    String t = newTable("retried_version_conflict");
    store().put(t, versioned("a", 1, "first"));
    Row theirs = versioned("a", 2, "theirs");
    AtomicInteger attempts = new AtomicInteger();
    // our request is lost; another writer takes version 2 before the retry
    FaultInjectingStore faults =
        FaultInjectingStore.builder(store())
            .script(
                op -> {
                  if (attempts.incrementAndGet() == 1) {
                    store().put(t, theirs, WriteCondition.columnEquals("version", ONE));
                    return Fault.REQUEST_LOST;
                  }
                  return Fault.NONE;
                })
            .build();

    assertConditionFailed(
        () ->
            new RetryingStore(faults, policy(ATTEMPTS))
                .put(t, versioned("a", 2, "mine"), WriteCondition.columnEquals("version", ONE)));

    assertEquals(Optional.of(theirs), stored(t, key("a")));
  }

  @Test
  public void aFirstAttemptThatFailsItsConditionIsNeverTakenForItsOwnWrite() {
    String t = newTable("first_attempt_conflict");
    Row row = versioned("a", 1, "same");
    store().put(t, row);
    AtomicInteger reads = new AtomicInteger();
    WideTableStore counting =
        new ForwardingStore(store()) {
          @Override
          public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
            reads.incrementAndGet();
            return super.get(table, key, columns);
          }
        };

    // no attempt of this insert can have written the row it finds: an identical row is a conflict
    assertConditionFailed(
        () ->
            new RetryingStore(counting, policy(ATTEMPTS)).put(t, row, WriteCondition.rowAbsent()));
    assertEquals(0, reads.get(), "a first attempt is not checked against the stored row");
  }

  @Test
  public void aBatchRetriedAfterLostAnswersReportsEachOwnWriteAppliedAndEachConflictFailed() {
    String t = newTable("retried_batch");
    store().put(t, versioned("versioned", 1, "v1"));
    store().put(t, versioned("present", 1, "stored"));
    store().put(t, versioned("taken", 1, "stored"));
    List<WriteOp> ops =
        List.of(
            WriteOp.put(t, versioned("new", 1, "mine"), WriteCondition.rowAbsent()),
            WriteOp.put(
                t, versioned("versioned", 2, "mine"), WriteCondition.columnEquals("version", ONE)),
            WriteOp.put(t, versioned("present", 2, "mine"), WriteCondition.rowPresent()),
            WriteOp.put(t, versioned("taken", 1, "mine"), WriteCondition.rowAbsent()),
            WriteOp.put(t, versioned("plain", 1, "mine")));
    FaultInjectingStore faults = firstAnswerLost(op -> true);

    List<WriteOutcome> outcomes = new RetryingStore(faults, policy(ATTEMPTS)).batchWrite(ops);

    assertEquals(ops.size(), faults.injectedScripted(), "every first answer was lost");
    for (int i : List.of(0, 1, 2, 4)) {
      WriteOutcome o = outcomes.get(i);
      assertTrue(o.succeeded(), () -> o.op().key() + ": " + o.failure());
      assertEquals(Optional.of(((WriteOp.Put) ops.get(i)).row()), stored(t, o.op().key()));
    }
    assertEquals(
        Optional.of(ErrorKind.CONDITION_FAILED), outcomes.get(3).error().map(StoreException::kind));
    assertEquals(Optional.of(versioned("taken", 1, "stored")), stored(t, key("taken")));
  }

  // ---------------------------------------------------------------------------- bulk writer

  @Test
  public void theBulkWriterAcknowledgesConditionalPutsWhoseAnswersWereLost() {
    String t = newTable("retried_bulk");
    int rows = 40;
    store().put(t, versioned("r7", 1, "another writer's"));
    FaultInjectingStore faults = firstAnswerLost(op -> true);
    List<WriteOp> inserts =
        IntStream.range(0, rows)
            .mapToObj(
                i ->
                    (WriteOp)
                        WriteOp.put(t, versioned("r" + i, 1, "mine"), WriteCondition.rowAbsent()))
            .toList();

    BulkWriteResult r =
        BulkWriter.builder(faults)
            .workers(2)
            .retryPolicy(policy(ATTEMPTS))
            .seed(seeds.seed())
            .build()
            .write(inserts.stream());

    assertEquals(rows - 1, r.acknowledged(), r::toString);
    assertEquals(rows, r.retries(), "each insert was sent twice");
    BulkWriteFailure conflict = r.failures().get(0);
    assertEquals(key("r7"), conflict.key());
    assertEquals(ErrorKind.CONDITION_FAILED, conflict.error().kind());
    assertEquals(2, conflict.attempts());
    for (int i = 0; i < rows; i++) {
      String data = i == 7 ? "another writer's" : "mine";
      assertEquals(Optional.of(versioned("r" + i, 1, data)), stored(t, key("r" + i)));
    }
  }

  /**
   * The scenario 4 on the raw writer: a group's versioned put is applied but its answer
   * lost, then the import stops. The put is reported of unknown outcome (not "not attempted"), and
   * the import resumed with the same groups acknowledges it against its own applied write and
   * finishes the group, as one uninterrupted import would have.
   */
  @Test
  public void aStoppedImportResumedWithItsGroupsRecognisesItsOwnAppliedVersionedPut() {
    String t = newTable("retried_resume");
    store().put(t, versioned("r1", 1, "old"));
    store().put(t, versioned("replaced", 1, "old"));
    FaultInjectingStore faults = firstAnswerLost(RetriedConditionalPutContractTest::conditional);
    List<WriteGroup> groups =
        List.of(
            WriteGroup.of(
                WriteOp.put(t, versioned("fresh", 1, "new")),
                WriteOp.put(
                    t, versioned("r1", 2, "new"), WriteCondition.columnEquals("version", ONE)),
                WriteOp.delete(t, key("replaced"))));
    IllegalStateException boom = new IllegalStateException("listener broke");
    BulkWriter stopping =
        BulkWriter.builder(faults)
            .workers(1)
            .maxBatchRows(1)
            .retryPolicy(policy(ATTEMPTS))
            .progress(
                p -> {
                  if (p.retries() > 0) {
                    throw boom;
                  }
                })
            .build();

    BulkWriteException e =
        assertThrows(BulkWriteException.class, () -> stopping.writeGroups(groups.iterator()));
    BulkWriteResult stopped = e.partialResult();
    assertEquals(1, stopped.acknowledged(), stopped::toString);
    assertEquals(1, stopped.unknown(), stopped::toString);
    assertEquals(1, stopped.notAttempted(), stopped::toString);
    assertEquals(key("r1"), stopped.unknownOutcomes().get(0).key());
    assertEquals(0, stopped.resumePosition(), stopped::toString);
    assertEquals(Optional.of(versioned("r1", 2, "new")), stored(t, key("r1")));

    BulkWriteResult resumed =
        BulkWriter.builder(faults)
            .workers(1)
            .retryPolicy(policy(ATTEMPTS))
            .build()
            .resumeGroups(
                groups.subList((int) stopped.resumePosition(), groups.size()).iterator(), stopped);

    assertTrue(resumed.allAcknowledged(), resumed::toString);
    assertEquals(3, resumed.acknowledged(), resumed::toString);
    assertEquals(Optional.of(versioned("r1", 2, "new")), stored(t, key("r1")));
    assertEquals(Optional.of(versioned("fresh", 1, "new")), stored(t, key("fresh")));
    assertEquals(Optional.empty(), stored(t, key("replaced")));
  }

  // ---------------------------------------------------------------------------- repositories

  @Test
  public void aRepositoryInsertOfAnEntityWithAColdRowSucceedsWhenItsHotAnswerWasLost() {
    ColdItemRepository direct = new ColdItemRepository(store());
    direct.createTables();
    direct.delete(9101);
    FaultInjectingStore faults = firstAnswerLost(RetriedConditionalPutContractTest::conditional);
    ColdItemRepository items = new ColdItemRepository(new RetryingStore(faults, policy(ATTEMPTS)));
    ColdItem item = new ColdItem(9101, 3, new BigDecimal("4.50"), "a long cold description");

    assertEquals(item, items.insert(item));

    assertEquals(1, faults.injectedScripted(), "the hot row's first answer was lost");
    assertEquals(Optional.of(item), direct.getWithCold(9101), "hot and cold row of one write");
    assertConditionFailed(
        () -> items.insert(new ColdItem(9101, 4, new BigDecimal("1.00"), "another")));
  }

  @Test
  public void versionedPutsAndUpdatesReturnTheirNewVersionsWhenTheirAnswersWereLost() {
    VersionedAccountRepository direct = new VersionedAccountRepository(store());
    direct.createTables();
    direct.delete("retried1");
    FaultInjectingStore faults = firstAnswerLost(RetriedConditionalPutContractTest::conditional);
    VersionedAccountRepository accounts =
        new VersionedAccountRepository(new RetryingStore(faults, policy(ATTEMPTS)));

    VersionedAccount v1 = accounts.put(new VersionedAccount("retried1", 100, 0, "opened"));
    VersionedAccount v2 = accounts.update(new VersionedAccount("retried1", 250, 1, "paid in"));
    VersionedAccount v3 = accounts.insert(new VersionedAccount("retried2", 5, 0, null));

    assertEquals(3, faults.injectedScripted(), "each hot row's first answer was lost");
    assertEquals(new VersionedAccount("retried1", 100, 1, "opened"), v1);
    assertEquals(new VersionedAccount("retried1", 250, 2, "paid in"), v2);
    assertEquals(1, v3.version());
    assertEquals(Optional.of(v2), direct.getWithCold("retried1"));
    assertEquals(Optional.of(v3), direct.getWithCold("retried2"));
    direct.delete("retried2");
    // a stale version still conflicts
    assertConditionFailed(() -> accounts.put(new VersionedAccount("retried1", 1, 1, "stale")));
  }

  @Test
  public void aVersionedPutAllWhoseAnswersWereLostAcknowledgesEveryEntity() {
    VersionedAccountRepository direct = new VersionedAccountRepository(store());
    direct.createTables();
    List<VersionedAccount> fresh = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      direct.delete("bulkretried" + i);
      fresh.add(new VersionedAccount("bulkretried" + i, i, 0, i % 2 == 0 ? "statement" : null));
    }
    FaultInjectingStore faults = firstAnswerLost(RetriedConditionalPutContractTest::conditional);
    VersionedAccountRepository accounts = new VersionedAccountRepository(faults);

    BulkWriteResult r = accounts.putAll(fresh);

    assertEquals(20, faults.injectedScripted(), "each hot row's first answer was lost");
    assertEquals(0, r.failed(), r::toString);
    assertEquals(r.total(), r.acknowledged(), r::toString);
    for (VersionedAccount a : fresh) {
      VersionedAccount stored =
          new VersionedAccount(a.accountId(), a.balanceCents(), 1, a.statement());
      assertEquals(Optional.of(stored), direct.getWithCold(a.accountId()));
      direct.delete(a.accountId());
    }
  }

  // ---------------------------------------------------------------------------- the property

  /** How one round's put is sent. */
  private enum Path {
    RETRYING_PUT,
    RETRYING_BATCH,
    BULK_WRITER
  }

  /** How one round's put ended. */
  private enum Result {
    SUCCESS,
    CONDITION_FAILED,
    RETRYABLE
  }

  /**
   * The property, over random rounds: a conditional put (row absent, row present, or a version
   * equal to a random one) of a row that may or may not be stored, each of its attempts losing its
   * request, its answer or nothing, a competing writer that may replace or delete the row before
   * any attempt and before the retry's check read, and that read itself failing now and then. The
   * put is reported successful exactly when its own row is the stored one after an attempt that the
   * store applied (its condition held then, checked against a model of the row), and {@code
   * CONDITION_FAILED} otherwise; a retryable error only when every attempt was used. The competing
   * writer acts between the put's calls, where a concurrent writer's effect can land (the store
   * applies each write atomically), so that a seed replays exactly.
   */
  @Test
  public void successIsReportedExactlyWhenThePutsOwnRowIsStored() {
    String t = newTable("retried_property");
    long seed = seeds.seed();
    Random random = new Random(seed);
    int[] results = new int[Result.values().length];
    int recognised = 0;
    for (int round = 0; round < propertyRounds(); round++) {
      Round r = new Round(t, round, random);
      Result result = r.run();
      results[result.ordinal()]++;
      if (result == Result.SUCCESS && r.lastAttemptRefused) {
        recognised++;
      }
      String where = "seed " + seed + ", round " + round + ": " + r;
      Row stored = stored(t, r.ours.key()).orElse(null);
      assertEquals(r.model, stored, where + ": the model of the row is the stored row");
      boolean own = r.ourApplied && r.ours.equals(r.model);
      switch (result) {
        case SUCCESS -> assertTrue(own, where + ": success, but the stored row is not the put's");
        case CONDITION_FAILED ->
            assertFalse(own, where + ": CONDITION_FAILED, but the put's own row is stored");
        case RETRYABLE ->
            assertEquals(
                ATTEMPTS, r.attempts, where + ": a retryable error before the last attempt");
      }
      if (r.attempts == 1) {
        assertEquals(0, r.checkReads, where + ": a first attempt is never checked by a read");
      }
    }
    System.out.printf(
        "%s: %d rounds, %d succeeded (%d refused by their own write), %d failed their condition,"
            + " %d ran out of attempts (seed %d)%n",
        getClass().getName(),
        propertyRounds(),
        results[Result.SUCCESS.ordinal()],
        recognised,
        results[Result.CONDITION_FAILED.ordinal()],
        results[Result.RETRYABLE.ordinal()],
        seed);
    if (propertyRounds() >= 50) {
      assertTrue(recognised > 0, "some retries met their own write");
      assertTrue(results[Result.CONDITION_FAILED.ordinal()] > 0, "some conditions failed");
    }
  }

  /** One round of the property: its random case, the layers around the store, what happened. */
  private final class Round {
    final String table;
    final int round;
    final Random random;
    final Path path;
    final WriteCondition condition;
    final Row ours;
    final WriteOp.Put op;
    final List<String> events = new ArrayList<>();
    Row model;
    boolean ourApplied;
    boolean lastAttemptRefused;
    int attempts;
    int checkReads;
    int competitorWrites;

    Round(String table, int round, Random random) {
      this.table = table;
      this.round = round;
      this.random = random;
      this.path = Path.values()[random.nextInt(Path.values().length)];
      String pk = "r" + round;
      if (random.nextBoolean()) {
        model = versioned(pk, random.nextInt(4), "initial");
        store().put(table, model);
      }
      long expected = random.nextInt(4);
      switch (random.nextInt(3)) {
        case 0 -> {
          condition = WriteCondition.rowAbsent();
          ours = versioned(pk, 1, "ours");
        }
        case 1 -> {
          condition = WriteCondition.rowPresent();
          ours = versioned(pk, random.nextInt(5), "ours");
        }
        default -> {
          condition = WriteCondition.columnEquals("version", AttrValue.ofInteger(expected));
          ours = versioned(pk, expected + 1, "ours");
        }
      }
      op = WriteOp.put(table, ours, condition);
    }

    /** The competing writer, between two of the put's calls: maybe replaces or deletes the row. */
    void compete() {
      int dice = random.nextInt(10);
      if (dice < 2) {
        Row theirs =
            versioned(
                ours.key().get(0).asString(), random.nextInt(5), "theirs " + ++competitorWrites);
        store().put(table, theirs);
        model = theirs;
        events.add("they put v" + theirs.get("version").asLong());
      } else if (dice < 3) {
        store().delete(table, ours.key());
        model = null;
        events.add("they delete");
      }
    }

    Result run() {
      // the store under test, seeing what it applies of our put against the model of the row
      WideTableStore recording =
          new ForwardingStore(store()) {
            @Override
            public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
              Row before = model;
              List<WriteOutcome> outcomes = super.batchWrite(ops);
              for (WriteOutcome o : outcomes) {
                if (!o.op().equals(op)) {
                  continue;
                }
                boolean holds = condition.holdsFor(before);
                lastAttemptRefused = false;
                if (o.succeeded()) {
                  assertTrue(holds, "the store applied our put against " + before);
                  ourApplied = true;
                  model = ours;
                  events.add("ours applied");
                } else if (o.failure().kind() == ErrorKind.CONDITION_FAILED) {
                  assertFalse(holds, "the store refused our put against " + before);
                  lastAttemptRefused = true;
                  events.add("ours refused");
                }
              }
              return outcomes;
            }
          };
      // each attempt of our put loses its request, its answer, or nothing
      FaultInjectingStore faults =
          FaultInjectingStore.builder(recording)
              .script(
                  o -> {
                    if (!o.equals(op)) {
                      return Fault.NONE;
                    }
                    Fault f =
                        switch (random.nextInt(5)) {
                          case 0 -> Fault.REQUEST_LOST;
                          case 1, 2 -> Fault.ANSWER_LOST;
                          default -> Fault.NONE;
                        };
                    events.add("attempt " + f);
                    return f;
                  })
              .build();
      // the competing writer before every call of ours, and a check read that may fail
      WideTableStore competing =
          new ForwardingStore(faults) {
            @Override
            public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
              if (ops.contains(op)) {
                attempts++;
                compete();
              }
              return super.batchWrite(ops);
            }

            @Override
            public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
              if (key.equals(ours.key())) {
                checkReads++;
                compete();
                if (random.nextInt(6) == 0) {
                  events.add("check read fails");
                  throw new StoreException(
                      ErrorKind.UNAVAILABLE, "injected failure of the check read", true, null);
                }
                events.add("check read");
              }
              return super.get(table, key, columns);
            }
          };
      try {
        switch (path) {
          case RETRYING_PUT ->
              new RetryingStore(competing, policy(ATTEMPTS)).put(table, ours, condition);
          case RETRYING_BATCH -> {
            WriteOp other = WriteOp.put(table, versioned("o" + round, 1, "other"));
            List<WriteOutcome> outcomes =
                new RetryingStore(competing, policy(ATTEMPTS)).batchWrite(List.of(other, op));
            assertTrue(outcomes.get(0).succeeded(), () -> "the other op: " + outcomes.get(0));
            if (!outcomes.get(1).succeeded()) {
              throw outcomes.get(1).failure();
            }
          }
          case BULK_WRITER -> {
            BulkWriteResult r =
                BulkWriter.builder(competing)
                    .workers(1)
                    .retryPolicy(policy(ATTEMPTS))
                    .seed((long) round)
                    .build()
                    .write(Stream.of(op));
            if (r.acknowledged() != 1) {
              BulkWriteFailure f = r.failures().get(0);
              assertEquals(attempts, f.attempts(), "the failure counts the attempts sent");
              throw f.error();
            }
            assertEquals(attempts - 1, r.retries(), "the acknowledged put counts its retries");
          }
        }
        return Result.SUCCESS;
      } catch (StoreException e) {
        if (e.kind() == ErrorKind.CONDITION_FAILED) {
          assertFalse(e.retryable(), e::getMessage);
          return Result.CONDITION_FAILED;
        }
        if (e.retryable()) {
          return Result.RETRYABLE;
        }
        fail("a " + e.kind() + " that is not retryable: " + e.getMessage(), e);
        throw e;
      }
    }

    @Override
    public String toString() {
      return path + " of " + ours + " if " + condition + ": " + events;
    }
  }
}
