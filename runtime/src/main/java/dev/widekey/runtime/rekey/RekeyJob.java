package dev.widekey.runtime.rekey;

import dev.widekey.core.RuleViolationException;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.repository.LoadedRow;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.write.BulkWriteFailure;
import dev.widekey.runtime.write.BulkWriteResult;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Moves an entity's rows from the tables of an older key layout to those of its current one: it
 * reads the old hot table (never writing or deleting anything of the old tables), builds each row's
 * entity through the old-layout repository (with its cold columns and chunked values, as {@code
 * getWithCold} reads them), and writes the entities through the current repository's bulk path
 * ({@link SplitTableRepository#restoreAll}), which encodes them under the new layout, rebuilds
 * their index rows and keeps a versioned entity's version as it is.
 *
 * <p>The old hot table's key space is cut into segments (at its split points, else its partitions,
 * else at a sample of its keys, several per worker), planned once per job and stored. Workers read
 * their segment in key order, {@link Builder#batchRows} rows at a time, and after each batch is
 * acknowledged record a checkpoint (last old key done, counts) in {@link #PROGRESS_TABLE}. A run
 * after a stop (an exception, {@link #stop()}, a killed process) continues each segment after its
 * checkpoint; a batch written but not checkpointed is written again, which stores the same rows.
 *
 * <p>A row the old layout cannot decode, or an entity the new layout refuses (a number too wide for
 * its new padding, say), is a {@link RekeyRefusal} with its old key and rule, never cut to fit, and
 * the job goes on. The result counts over all runs: {@code rowsRead == rowsWritten + rowsRefused}
 * ({@link RekeyResult#countsMatch()}). A run first claims the job's lease (a generation, raised by
 * one with a conditional write), then every unfinished segment's checkpoint, and every checkpoint
 * write is conditional on the one it read. A second run of the same job id started while one runs
 * takes the job over: the first stops at its next batch with a {@link ConcurrentRekeyException}. Of
 * two runs started at the same moment exactly one goes on: the other fails with a {@link
 * ConcurrentRekeyException} naming it, and whatever segments it claimed are the going run's. No row
 * is counted twice, and a run that died never blocks a later one.
 *
 * <pre>{@code
 * RekeyJob<Order> job = RekeyJob.builder(oldOrders, orders)   // both on the same store
 *     .jobId("orders-to-orders_v2")
 *     .workers(4)
 *     .batchRows(1_000)
 *     .progress(p -> log.info("{} of {} segments, {} rows", p.segmentsDone(), p.segmentsTotal(), p.rowsRead()))
 *     .build();
 * RekeyResult r = job.run();        // resumes from the checkpoints of an earlier run of the job
 * if (!r.countsMatch()) throw new IllegalStateException(r.toString());
 * r.refusals().forEach(x -> log.warn("{} not moved: {}", x.oldKey(), x.message()));
 * }</pre>
 *
 * @param <E> the entity type
 */
public final class RekeyJob<E> {
  /** The table of every re-keying job's plan, checkpoints and refusals, created on first run. */
  public static final String PROGRESS_TABLE = "widekey_rekey_progress";

  /** The spec of {@link #PROGRESS_TABLE}: keyed by job id and entry. */
  public static final TableSpec PROGRESS_TABLE_SPEC =
      new TableSpec(
          PROGRESS_TABLE,
          List.of(new PkColumn("job", PkType.STRING), new PkColumn("entry", PkType.STRING)));

  /** Segments per worker when the old table's key space is cut at a sample of its keys. */
  static final int SEGMENTS_PER_WORKER = 4;

  /**
   * Claims of one segment before a run gives up: each fails only if the run being taken over
   * checkpointed the segment since this run read it, which it does once per batch.
   */
  static final int MAX_CLAIM_ATTEMPTS = 100;

  private final SplitTableRepository<E> oldRepository;
  private final SplitTableRepository<E> newRepository;
  private final WideTableStore store;
  private final String jobId;
  private final int workers;
  private final int batchRows;
  private final Consumer<RekeyProgress> progress;
  private final long stopAfterRows;
  private final AtomicBoolean stopRequested = new AtomicBoolean();
  private volatile String runId;

  private RekeyJob(Builder<E> b) {
    this.oldRepository = b.oldRepository;
    this.newRepository = b.newRepository;
    this.store = oldRepository.store();
    this.jobId =
        b.jobId != null
            ? b.jobId
            : oldRepository.hotTable().name() + " -> " + newRepository.hotTable().name();
    this.workers = b.workers;
    this.batchRows = b.batchRows;
    this.progress = b.progress;
    this.stopAfterRows = b.stopAfterRows;
  }

  /**
   * A builder of a job that moves the rows of {@code oldRepository}'s tables (a repository of the
   * old key layout: its {@code keyOf}/{@code toEntity} encode and decode the old key, its tables
   * are the old hot, cold and chunk tables) to {@code newRepository}'s (the entity's current
   * repository); both on the same store.
   *
   * <pre>{@code RekeyJob.builder(new OrderV1Repository(store), new OrderRepository(store)).build()}
   * </pre>
   */
  public static <E> Builder<E> builder(
      SplitTableRepository<E> oldRepository, SplitTableRepository<E> newRepository) {
    return new Builder<>(oldRepository, newRepository);
  }

  /** The job's id: its checkpoints' key. */
  public String jobId() {
    return jobId;
  }

  /**
   * The id of this job object's current or last {@link #run()} (16 hex digits, random per run), as
   * {@link ConcurrentRekeyException#otherRun()} names a run; {@code null} before the first run.
   */
  public String runId() {
    return runId;
  }

  /**
   * Asks a running {@link #run()} to stop: each worker stops after the batch it is writing, once
   * that batch is checkpointed; {@code run()} then returns a result that is not {@linkplain
   * RekeyResult#complete() complete}. A later {@code run()} continues.
   */
  public void stop() {
    stopRequested.set(true);
  }

  /**
   * Runs the job: plans it (first run only), claims its unfinished segments, moves their rows from
   * their checkpoints on, and returns the counts over all runs of the job.
   *
   * @return the job's result; {@linkplain RekeyResult#complete() complete} unless stopped
   * @throws ConcurrentRekeyException if another run of this job id took over its checkpoints
   * @throws RekeyException if a write failed after its retries or a read failed; the checkpoints
   *     stay where the last acknowledged batch left them
   */
  public synchronized RekeyResult run() {
    if (newRepository.store() != store) {
      throw new IllegalArgumentException(
          "the old and the new repository of re-keying job " + jobId + " use different stores");
    }
    stopRequested.set(false);
    TableSpec oldHot = oldRepository.hotTable();
    Checkpoints checkpoints = new Checkpoints(store, jobId, oldHot.primaryKey());
    checkpoints.createTable();
    // the plan is stored once (conditionally): every run of the job reads the same segments
    List<PkValue> bounds = checkpoints.plan().orElseGet(() -> checkpoints.savePlan(plan(oldHot)));
    int segments = bounds.size() + 1;
    long run = ThreadLocalRandom.current().nextLong();
    runId = runName(run);
    // the job-wide lease orders the runs: each claim takes the next generation, conditioned on
    // the one read, so two runs never hold one generation. A run takes over from every earlier
    // generation (running or dead: no expiry to wait for) and gives way to every later one. A
    // claim that fails met a run that claimed the job since this run read the lease (the two
    // started together): this run leaves the job to it, having claimed nothing
    Checkpoints.Lease before = checkpoints.lease();
    Checkpoints.Lease lease = new Checkpoints.Lease(before.generation() + 1, run);
    if (!checkpoints.claimLease(before, lease)) {
      Checkpoints.Lease other = checkpoints.lease();
      throw new ConcurrentRekeyException(
          "re-keying job "
              + jobId
              + ": another run, "
              + runName(other.run())
              + ", claimed the job (lease generation "
              + other.generation()
              + ") after run "
              + runId
              + " read its lease; this run claimed no segment and leaves the job to it",
          result(checkpoints, segments),
          runName(other.run()));
    }
    List<Checkpoints.Checkpoint> state = new ArrayList<>(checkpoints.segments(segments));
    // claim every unfinished segment, taking each over from a run of an earlier generation (it
    // fails its next checkpoint there and stops). Such a run may checkpoint or claim a segment
    // between this run's read and its claim: the claim then reads the segment again and claims it
    // from there. A segment held by a later generation means a later run took the job over: this
    // run stops, and that run claims what this one claimed, so no segment is left to no run
    for (int s = 0; s < segments; s++) {
      Checkpoints.Checkpoint cp = state.get(s);
      for (int attempt = 1; !cp.done(); attempt++) {
        if (cp.lease() > lease.generation()) {
          throw new ConcurrentRekeyException(
              "re-keying job "
                  + jobId
                  + ": another run, "
                  + runName(cp.run())
                  + ", took the job over (lease generation "
                  + cp.lease()
                  + ", this run's "
                  + lease.generation()
                  + ") and claimed segment "
                  + s
                  + "; run "
                  + runId
                  + " stops before moving a row and leaves the job to it",
              result(checkpoints, segments),
              runName(cp.run()));
        }
        Checkpoints.Checkpoint claimed =
            cp.next(run, lease.generation(), cp.lastKey(), false, 0, 0, 0);
        if (checkpoints.advance(s, cp, claimed)) {
          cp = claimed;
          break;
        }
        if (attempt == MAX_CLAIM_ATTEMPTS) {
          Checkpoints.Checkpoint now = checkpoints.segment(s);
          throw new ConcurrentRekeyException(
              "re-keying job "
                  + jobId
                  + ": segment "
                  + s
                  + " changed under each of "
                  + MAX_CLAIM_ATTEMPTS
                  + " claims of run "
                  + runId
                  + ", last by run "
                  + runName(now.run())
                  + "; this run moved no row",
              result(checkpoints, segments),
              runName(now.run()));
        }
        cp = checkpoints.segment(s);
      }
      state.set(s, cp);
    }
    Totals totals = new Totals(segments);
    ConcurrentLinkedQueue<Integer> queue = new ConcurrentLinkedQueue<>();
    for (int s = 0; s < segments; s++) {
      Checkpoints.Checkpoint cp = state.get(s);
      totals.add(cp.read(), cp.written(), cp.refused(), cp.done());
      if (!cp.done()) {
        queue.add(s);
      }
    }
    AtomicReference<RuntimeException> failure = new AtomicReference<>();
    AtomicLong readThisRun = new AtomicLong();
    int threads = Math.max(1, Math.min(workers, queue.size()));
    ExecutorService pool =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, "widekey-rekey-" + jobId);
              t.setDaemon(true);
              return t;
            });
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int w = 0; w < threads; w++) {
        running.add(
            pool.submit(
                () -> {
                  Integer s;
                  while (failure.get() == null
                      && !stopRequested.get()
                      && (s = queue.poll()) != null) {
                    try {
                      moveSegment(checkpoints, s, bounds, state.get(s), run, totals, readThisRun);
                    } catch (RuntimeException e) {
                      failure.compareAndSet(null, e);
                      stopRequested.set(true);
                    }
                  }
                }));
      }
      for (Future<?> f : running) {
        try {
          f.get();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          stopRequested.set(true);
          failure.compareAndSet(null, new IllegalStateException("interrupted", e));
        } catch (java.util.concurrent.ExecutionException e) {
          failure.compareAndSet(null, new IllegalStateException(e.getCause()));
        }
      }
    } finally {
      pool.shutdownNow();
    }
    RekeyResult result = result(checkpoints, segments);
    RuntimeException e = failure.get();
    if (e instanceof ConcurrentSegment c) {
      throw new ConcurrentRekeyException(c.getMessage(), result, c.otherRun);
    }
    if (e != null) {
      throw new RekeyException("re-keying job " + jobId + " stopped: " + e.getMessage(), e, result);
    }
    return result;
  }

  /** A segment's checkpoint was taken over by another run ({@code otherRun}). */
  private static final class ConcurrentSegment extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String otherRun;

    ConcurrentSegment(String message, String otherRun) {
      super(message, null, false, false);
      this.otherRun = otherRun;
    }
  }

  /** How messages and {@link #runId()} show a run id. */
  static String runName(long run) {
    return String.format("%016x", run);
  }

  /** The old hot table's range of segment {@code s}. */
  private ScanRange segmentRange(List<PkValue> bounds, int s) {
    int n = oldRepository.hotTable().primaryKey().size();
    PrimaryKey start =
        s == 0
            ? PrimaryKey.bound(List.of(), PkValue.INF_MIN, n)
            : PrimaryKey.bound(List.of(bounds.get(s - 1)), PkValue.INF_MIN, n);
    PrimaryKey end =
        s == bounds.size()
            ? PrimaryKey.bound(List.of(), PkValue.INF_MAX, n)
            : PrimaryKey.bound(List.of(bounds.get(s)), PkValue.INF_MIN, n);
    return oldRepository.loadRange(ScanRange.between(start, end));
  }

  private void moveSegment(
      Checkpoints checkpoints,
      int segment,
      List<PkValue> bounds,
      Checkpoints.Checkpoint from,
      long run,
      Totals totals,
      AtomicLong readThisRun) {
    String oldHot = oldRepository.hotTable().name();
    ScanRange range = segmentRange(bounds, segment);
    Checkpoints.Checkpoint cp = from;
    while (!stopRequested.get()) {
      PrimaryKey last = cp.lastKey();
      ScanRange rest = last == null ? range : range.after(last);
      boolean holdsLast = last != null && rest.afterHoldsLast();
      long limit = batchRows + (holdsLast ? 1L : 0L); // in long: batchRows may be Integer.MAX_VALUE
      List<Row> rows;
      try (Stream<Row> read = store.scan(oldHot, rest.withLimit(limit))) {
        rows = new ArrayList<>(read.toList());
      }
      boolean exhausted = rows.size() < limit;
      if (holdsLast && !rows.isEmpty() && !rest.isAfter(rows.get(0).key(), last)) {
        rows.remove(0);
      }
      // the old repository builds the entities; a row its layout refuses is a refusal
      List<LoadedRow<E>> loaded = oldRepository.load(rows);
      List<RekeyRefusal> refusals = new ArrayList<>();
      List<E> entities = new ArrayList<>(loaded.size());
      Map<E, PrimaryKey> oldKeys = new IdentityHashMap<>();
      for (LoadedRow<E> row : loaded) {
        if (row.isRefused()) {
          refusals.add(refusal(row.key(), row.refusal()));
        } else {
          entities.add(row.entity());
          oldKeys.put(row.entity(), row.key());
        }
      }
      // the new layout encodes and checks each entity; one it refuses is a refusal
      BulkWriteResult written =
          entities.isEmpty()
              ? null
              : newRepository.restoreAll(
                  entities, (entity, e) -> refusals.add(refusal(oldKeys.get(entity), e)));
      if (written != null && !written.allAcknowledged()) {
        BulkWriteFailure first = written.failures().isEmpty() ? null : written.failures().get(0);
        throw new StoreException(
            first == null ? dev.widekey.runtime.store.ErrorKind.UNAVAILABLE : first.error().kind(),
            "segment "
                + segment
                + ": the batch after old key "
                + last
                + " was not written whole ("
                + written
                + ")"
                + (first == null ? "" : "; first failure: " + first.error().getMessage()),
            false,
            first == null ? null : first.error());
      }
      long accepted = entities.size() - (refusals.size() - countOldLayoutRefusals(loaded));
      checkpoints.saveRefusals(segment, cp.refused(), refusals);
      PrimaryKey lastKey = rows.isEmpty() ? last : rows.get(rows.size() - 1).key();
      Checkpoints.Checkpoint next =
          cp.next(run, cp.lease(), lastKey, exhausted, loaded.size(), accepted, refusals.size());
      if (!checkpoints.advance(segment, cp, next)) {
        String other = runName(checkpoints.segment(segment).run());
        throw new ConcurrentSegment(
            "re-keying job "
                + jobId
                + ": another run, "
                + other
                + ", took over segment "
                + segment
                + " (its checkpoint changed since run "
                + runName(run)
                + " read it); this run stops and leaves the job to it",
            other);
      }
      cp = next;
      long done = readThisRun.addAndGet(loaded.size());
      totals.add(loaded.size(), accepted, refusals.size(), exhausted);
      if (done >= stopAfterRows) {
        stopRequested.set(true);
      }
      if (exhausted) {
        return;
      }
    }
  }

  private static <E> int countOldLayoutRefusals(List<LoadedRow<E>> loaded) {
    int n = 0;
    for (LoadedRow<E> r : loaded) {
      if (r.isRefused()) {
        n++;
      }
    }
    return n;
  }

  private static RekeyRefusal refusal(PrimaryKey oldKey, RuntimeException e) {
    String rule =
        e instanceof RuleViolationException r
            ? r.rule()
            : e instanceof StoreException s ? s.kind().name() : e.getClass().getSimpleName();
    return new RekeyRefusal(oldKey, rule, String.valueOf(e.getMessage()));
  }

  /** The job's counts as its checkpoints hold them. */
  private RekeyResult result(Checkpoints checkpoints, int segments) {
    long read = 0;
    long written = 0;
    long refused = 0;
    int done = 0;
    List<RekeyRefusal> refusals = new ArrayList<>();
    Map<Integer, PrimaryKey> resume = new LinkedHashMap<>();
    List<Checkpoints.Checkpoint> state = checkpoints.segments(segments);
    for (int s = 0; s < segments; s++) {
      Checkpoints.Checkpoint cp = state.get(s);
      read += cp.read();
      written += cp.written();
      refused += cp.refused();
      refusals.addAll(checkpoints.refusals(s, cp.refused()));
      if (cp.done()) {
        done++;
      } else {
        resume.put(s, cp.lastKey());
      }
    }
    return new RekeyResult(jobId, read, written, refused, refusals, done, segments, resume);
  }

  /**
   * The boundaries (first-column values) the old hot table's key space is cut at: its split points,
   * else its partitions' starts, and where those give fewer than {@value #SEGMENTS_PER_WORKER}
   * segments per worker, a sample of its keys (one keys-only scan).
   */
  private List<PkValue> plan(TableSpec oldHot) {
    TreeSet<PkValue> bounds = new TreeSet<>(oldHot.splitPoints());
    if (bounds.isEmpty()) {
      store.describeTable(oldHot.name()).ifPresent(t -> bounds.addAll(t.splitPoints()));
    }
    if (bounds.isEmpty()) {
      try {
        for (PartitionStats p : store.partitionStats(oldHot.name())) {
          if (p.start() != null) {
            bounds.add(p.start());
          }
        }
      } catch (RuntimeException e) {
        // no partition statistics on this store: the sample below
      }
    }
    int target = workers * SEGMENTS_PER_WORKER;
    if (bounds.size() + 1 < target) {
      bounds.addAll(sample(oldHot, target));
    }
    return List.copyOf(bounds);
  }

  /** Up to {@code segments - 1} first-column values evenly spread over the table's keys. */
  private List<PkValue> sample(TableSpec oldHot, int segments) {
    List<PkValue> kept = new ArrayList<>();
    long stride = 1;
    long seen = 0;
    int most = Math.max(16, segments * 8);
    ScanRange all =
        ScanRange.all(oldHot.primaryKey().size()).withColumns(ColumnSelection.keysOnly());
    try (Stream<Row> rows = store.scan(oldHot.name(), all)) {
      Iterator<Row> it = rows.iterator();
      while (it.hasNext()) {
        PkValue first = it.next().key().get(0);
        if (seen++ % stride == 0) {
          kept.add(first);
          if (kept.size() > most) {
            List<PkValue> half = new ArrayList<>(kept.size() / 2 + 1);
            for (int i = 0; i < kept.size(); i += 2) {
              half.add(kept.get(i));
            }
            kept = half;
            stride *= 2;
          }
        }
      }
    }
    List<PkValue> out = new ArrayList<>();
    for (int i = 1; i < segments; i++) {
      int at = (int) ((long) i * kept.size() / segments);
      if (at > 0 && at < kept.size()) {
        out.add(kept.get(at));
      }
    }
    return out;
  }

  /** Running counts over the job, reported as monotonic snapshots. */
  private final class Totals {
    private final int segments;
    private long read;
    private long written;
    private long refused;
    private int done;

    Totals(int segments) {
      this.segments = segments;
    }

    synchronized void add(long read, long written, long refused, boolean segmentDone) {
      this.read += read;
      this.written += written;
      this.refused += refused;
      if (segmentDone) {
        done++;
      }
      if (progress != null) {
        progress.accept(new RekeyProgress(this.read, this.written, this.refused, done, segments));
      }
    }
  }

  /**
   * Settings of a {@link RekeyJob}.
   *
   * <pre>{@code
   * RekeyJob.builder(oldOrders, orders).jobId("orders-v2").workers(4).batchRows(1_000).build();
   * }</pre>
   */
  public static final class Builder<E> {
    private final SplitTableRepository<E> oldRepository;
    private final SplitTableRepository<E> newRepository;
    private String jobId;
    private int workers = 4;
    private int batchRows = 1_000;
    private Consumer<RekeyProgress> progress;
    private long stopAfterRows = Long.MAX_VALUE;

    private Builder(SplitTableRepository<E> oldRepository, SplitTableRepository<E> newRepository) {
      this.oldRepository = Objects.requireNonNull(oldRepository, "oldRepository");
      this.newRepository = Objects.requireNonNull(newRepository, "newRepository");
    }

    /**
     * The job's id, the key of its checkpoints: a run continues the checkpoints of earlier runs of
     * the same id. Default: {@code "<old hot table> -> <new hot table>"}.
     */
    public Builder<E> jobId(String jobId) {
      Objects.requireNonNull(jobId, "jobId");
      if (jobId.isEmpty() || jobId.length() > 256) {
        throw new IllegalArgumentException("a job id has 1 to 256 characters: " + jobId.length());
      }
      this.jobId = jobId;
      return this;
    }

    /** Segments read and written at once (default 4). */
    public Builder<E> workers(int workers) {
      if (workers < 1) {
        throw new IllegalArgumentException("workers must be at least 1: " + workers);
      }
      this.workers = workers;
      return this;
    }

    /** Old hot rows read, and entities written, per step of a worker (default 1,000). */
    public Builder<E> batchRows(int batchRows) {
      if (batchRows < 1) {
        throw new IllegalArgumentException("batchRows must be at least 1: " + batchRows);
      }
      this.batchRows = batchRows;
      return this;
    }

    /**
     * Called with the job's counts after each checkpointed batch (and at the start of a run), from
     * the workers' threads, one call at a time.
     */
    public Builder<E> progress(Consumer<RekeyProgress> progress) {
      this.progress = progress;
      return this;
    }

    /**
     * Stops the run once it has read at least {@code rows} rows (each worker after its current
     * batch), as {@link RekeyJob#stop()} would: for tests of stopped and resumed jobs.
     */
    public Builder<E> stopAfterRows(long rows) {
      if (rows < 0) {
        throw new IllegalArgumentException("negative row count " + rows);
      }
      this.stopAfterRows = rows;
      return this;
    }

    public RekeyJob<E> build() {
      return new RekeyJob<>(this);
    }
  }
}
