package dev.widekey.runtime.store.fault;

import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A {@link WideTableStore} decorator that makes the failures of a distributed store happen on any
 * backend, for tests of retry and import code. All random choices come from one seeded {@link
 * Random}: a single-threaded test replays exactly; a multi-threaded one replays the same rates.
 *
 * <ul>
 *   <li><b>retryable errors</b> at a rate per row written and per read call: the row is not
 *       written, its outcome (or the call) fails with a retryable {@link ErrorKind#UNAVAILABLE},
 *       {@link ErrorKind#INTERNAL} or {@link ErrorKind#TIMEOUT};
 *   <li><b>batch errors</b> at a rate per batch call: the whole call throws a retryable {@link
 *       ErrorKind#UNAVAILABLE} and writes nothing;
 *   <li><b>throttling</b>: a partition accepts at most {@code rows} row writes per window of time;
 *       the rows over it fail with a retryable {@link ErrorKind#THROTTLED} and are not written;
 *   <li><b>ambiguous timeouts</b> at a rate per row written: the row IS written, then its outcome
 *       (or the call) fails with a retryable {@link ErrorKind#TIMEOUT};
 *   <li><b>permanent errors</b> for the rows a predicate picks: not written, a non-retryable error
 *       of the chosen kind, on every attempt;
 *   <li><b>permanent read errors</b> for the rows another predicate picks: a scan step that would
 *       return one fails with a non-retryable error of the chosen kind, on every attempt;
 *   <li><b>latency</b>: each call waits a random time in a range, through the sleeper;
 *   <li><b>scripted faults</b>: a {@link Script} picks the write attempts whose request or answer
 *       is lost ({@link Fault}), for tests that need a fault at an exact attempt.
 * </ul>
 *
 * Time comes from an injectable clock and sleeper (see {@link FakeTime}), so throttling windows and
 * latencies need no real waiting. Faults can be switched off to check the data.
 *
 * <pre>{@code
 * FaultInjectingStore store = FaultInjectingStore.builder(EmbeddedStore.inMemory())
 *     .seed(42)
 *     .retryableErrorRate(0.2)
 *     .ambiguousTimeoutRate(0.05)
 *     .throttle(500, Duration.ofMillis(10))
 *     .failRows((table, key) -> key.get(0).asLong() % 1000 == 7, ErrorKind.INVALID_REQUEST)
 *     .build();
 * }</pre>
 */
public final class FaultInjectingStore extends ForwardingStore {
  private static final ErrorKind[] RETRYABLE_KINDS = {
    ErrorKind.UNAVAILABLE, ErrorKind.INTERNAL, ErrorKind.TIMEOUT
  };

  /** What a {@link Script} does to one write attempt. */
  public enum Fault {
    /** Nothing scripted: the random faults decide. */
    NONE,
    /** The request is lost on its way: nothing is written; the write fails with a TIMEOUT. */
    REQUEST_LOST,
    /**
     * The request reaches the store, which applies it (or fails its condition), and the answer is
     * lost: the write fails with a retryable TIMEOUT, whatever the store did.
     */
    ANSWER_LOST
  }

  /**
   * Picks the scripted fault of each write attempt: asked once per row written (each operation of a
   * batch, each single put or delete, every attempt), before the random faults.
   *
   * <pre>{@code
   * .script(Script.answerLostOnFirstAttempt(op -> op instanceof WriteOp.Put p && !p.condition().isNone()))
   * }</pre>
   */
  @FunctionalInterface
  public interface Script {
    Fault next(WriteOp op);

    /**
     * The first attempt of each operation {@code which} picks (operations compared by value) loses
     * its answer; later attempts of it are left to the random faults.
     */
    static Script answerLostOnFirstAttempt(Predicate<WriteOp> which) {
      Set<WriteOp> seen = ConcurrentHashMap.newKeySet();
      return op -> which.test(op) && seen.add(op) ? Fault.ANSWER_LOST : Fault.NONE;
    }
  }

  private final Random random;
  private final double retryableErrorRate;
  private final double batchErrorRate;
  private final double ambiguousTimeoutRate;
  private final double readErrorRate;
  private final int throttleRows;
  private final long throttleWindowNanos;
  private final BiPredicate<String, PrimaryKey> permanentRows;
  private final ErrorKind permanentKind;
  private final BiPredicate<String, PrimaryKey> unreadableRows;
  private final ErrorKind unreadableKind;
  private final long minLatencyNanos;
  private final long maxLatencyNanos;
  private final Script script;
  private final RetryPolicy.Clock clock;
  private final RetryPolicy.Sleeper sleeper;
  private final ConcurrentHashMap<String, List<PkValue>> splitPoints = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Window[]> windows = new ConcurrentHashMap<>();
  private volatile boolean enabled = true;

  private final AtomicLong injectedRetryable = new AtomicLong();
  private final AtomicLong injectedBatchErrors = new AtomicLong();
  private final AtomicLong injectedThrottled = new AtomicLong();
  private final AtomicLong injectedAmbiguous = new AtomicLong();
  private final AtomicLong injectedPermanent = new AtomicLong();
  private final AtomicLong injectedReadErrors = new AtomicLong();
  private final AtomicLong injectedPermanentReads = new AtomicLong();
  private final AtomicLong injectedScripted = new AtomicLong();

  private FaultInjectingStore(Builder b) {
    super(b.delegate);
    this.random = new Random(b.seed);
    this.retryableErrorRate = b.retryableErrorRate;
    this.batchErrorRate = b.batchErrorRate;
    this.ambiguousTimeoutRate = b.ambiguousTimeoutRate;
    this.readErrorRate = b.readErrorRate;
    this.throttleRows = b.throttleRows;
    this.throttleWindowNanos = b.throttleWindow == null ? 0 : b.throttleWindow.toNanos();
    this.permanentRows = b.permanentRows;
    this.permanentKind = b.permanentKind;
    this.unreadableRows = b.unreadableRows;
    this.unreadableKind = b.unreadableKind;
    this.minLatencyNanos = b.minLatency.toNanos();
    this.maxLatencyNanos = b.maxLatency.toNanos();
    this.script = b.script;
    this.clock = b.clock;
    this.sleeper = b.sleeper;
  }

  public static Builder builder(WideTableStore delegate) {
    return new Builder(delegate);
  }

  public WideTableStore delegate() {
    return delegate;
  }

  /** Switches the injection on or off; off, every call goes straight to the wrapped store. */
  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  /** Rows and read calls failed with an injected retryable error (batch errors excluded). */
  public long injectedRetryable() {
    return injectedRetryable.get();
  }

  /** Batch calls failed as a whole. */
  public long injectedBatchErrors() {
    return injectedBatchErrors.get();
  }

  /** Row writes refused as throttled. */
  public long injectedThrottled() {
    return injectedThrottled.get();
  }

  /** Row writes applied and then reported as timed out. */
  public long injectedAmbiguous() {
    return injectedAmbiguous.get();
  }

  /** Row writes refused by the permanent-failure predicate. */
  public long injectedPermanent() {
    return injectedPermanent.get();
  }

  /** Read calls and scan steps failed with an injected retryable error. */
  public long injectedReadErrors() {
    return injectedReadErrors.get();
  }

  /** Scan steps failed by the permanent read-failure predicate. */
  public long injectedPermanentReads() {
    return injectedPermanentReads.get();
  }

  /** Write attempts given a scripted fault other than {@link Fault#NONE}. */
  public long injectedScripted() {
    return injectedScripted.get();
  }

  // ------------------------------------------------------------------------------- decisions

  private Fault scripted(WriteOp op) {
    Fault f = script == null ? Fault.NONE : Objects.requireNonNull(script.next(op), "fault");
    if (f != Fault.NONE) {
      injectedScripted.incrementAndGet();
    }
    return f;
  }

  private static StoreException requestLost(WriteOp op) {
    return new StoreException(
        ErrorKind.TIMEOUT,
        "injected lost request: row " + op.key() + " of " + op.table() + " was not written",
        true,
        null);
  }

  private static StoreException answerLost(WriteOp op) {
    return new StoreException(
        ErrorKind.TIMEOUT,
        "injected lost answer: row "
            + op.key()
            + " of "
            + op.table()
            + " reached the store (written if its condition held)",
        true,
        null);
  }

  private boolean chance(double rate) {
    return rate > 0 && random.nextDouble() < rate;
  }

  private void latency() {
    if (!enabled || maxLatencyNanos <= 0) {
      return;
    }
    long nanos =
        minLatencyNanos == maxLatencyNanos
            ? minLatencyNanos
            : minLatencyNanos + random.nextLong(maxLatencyNanos - minLatencyNanos + 1);
    try {
      sleeper.sleep(nanos);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StoreException(ErrorKind.INTERNAL, "interrupted during injected latency", e);
    }
  }

  /** The failure to inject before writing this row, or null to write it. */
  private StoreException beforeWrite(String table, PrimaryKey key) {
    if (permanentRows != null && permanentRows.test(table, key)) {
      injectedPermanent.incrementAndGet();
      return new StoreException(
          permanentKind, "injected permanent failure of row " + key + " of " + table, false, null);
    }
    if (chance(retryableErrorRate)) {
      injectedRetryable.incrementAndGet();
      ErrorKind kind = RETRYABLE_KINDS[random.nextInt(RETRYABLE_KINDS.length)];
      return new StoreException(
          kind, "injected retryable failure of row " + key + " of " + table, true, null);
    }
    if (throttleWindowNanos > 0 && !admit(table, key)) {
      injectedThrottled.incrementAndGet();
      return new StoreException(
          ErrorKind.THROTTLED,
          "injected throttling: the partition of row "
              + key
              + " of "
              + table
              + " took more than "
              + throttleRows
              + " writes in its window",
          true,
          null);
    }
    return null;
  }

  private StoreException ambiguous(String table, PrimaryKey key) {
    injectedAmbiguous.incrementAndGet();
    return new StoreException(
        ErrorKind.TIMEOUT,
        "injected ambiguous timeout: row " + key + " of " + table + " was written",
        true,
        null);
  }

  /** Counts a row write against its partition's window; false if the window is full. */
  private boolean admit(String table, PrimaryKey key) {
    List<PkValue> points = splitPoints.computeIfAbsent(table, this::loadSplitPoints);
    Window[] ws =
        windows.computeIfAbsent(
            table,
            t -> {
              Window[] w = new Window[points.size() + 1];
              for (int i = 0; i < w.length; i++) {
                w[i] = new Window();
              }
              return w;
            });
    return ws[partitionOf(points, key.get(0))].admit(
        clock.nanoTime() / throttleWindowNanos, throttleRows);
  }

  private List<PkValue> loadSplitPoints(String table) {
    return delegate.describeTable(table).map(TableSpec::splitPoints).orElse(List.of());
  }

  /** Partition {@code i} holds keys from split point {@code i-1} up to split point {@code i}. */
  static int partitionOf(List<PkValue> points, PkValue partitionKey) {
    int lo = 0;
    int hi = points.size();
    while (lo < hi) { // the number of split points <= the key
      int mid = (lo + hi) >>> 1;
      if (points.get(mid).compareTo(partitionKey) <= 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** A fixed window of one partition's write count. */
  private static final class Window {
    private long index = Long.MIN_VALUE;
    private int count;

    synchronized boolean admit(long windowIndex, int limit) {
      if (windowIndex != index) {
        index = windowIndex;
        count = 0;
      }
      if (count >= limit) {
        return false;
      }
      count++;
      return true;
    }
  }

  private void readFault(String what) {
    if (enabled && chance(readErrorRate)) {
      injectedReadErrors.incrementAndGet();
      throw new StoreException(
          ErrorKind.UNAVAILABLE, "injected retryable failure of " + what, true, null);
    }
  }

  // ------------------------------------------------------------------------------- the store

  @Override
  public void createTable(TableSpec spec) {
    delegate.createTable(spec);
    splitPoints.remove(spec.name());
    windows.remove(spec.name());
  }

  @Override
  public void deleteTable(String table) {
    delegate.deleteTable(table);
    splitPoints.remove(table);
    windows.remove(table);
  }

  @Override
  public void put(String table, Row row) {
    write(WriteOp.put(table, row), () -> delegate.put(table, row));
  }

  @Override
  public void delete(String table, PrimaryKey key) {
    write(WriteOp.delete(table, key), () -> delegate.delete(table, key));
  }

  private void write(WriteOp op, Runnable apply) {
    if (!enabled) {
      apply.run();
      return;
    }
    latency();
    String table = op.table();
    PrimaryKey key = op.key();
    Fault fault = scripted(op);
    if (fault == Fault.REQUEST_LOST) {
      throw requestLost(op);
    }
    if (fault == Fault.ANSWER_LOST) {
      try {
        apply.run();
      } catch (StoreException lost) {
        // the answer is lost, whatever it was
      }
      throw answerLost(op);
    }
    StoreException before = beforeWrite(table, key);
    if (before != null) {
      throw before;
    }
    boolean timeOut = chance(ambiguousTimeoutRate);
    apply.run();
    if (timeOut) {
      throw ambiguous(table, key);
    }
  }

  @Override
  public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
    latency();
    readFault("get of " + key);
    return delegate.get(table, key, columns);
  }

  @Override
  public List<Optional<Row>> multiGet(
      String table, List<PrimaryKey> keys, ColumnSelection columns) {
    latency();
    readFault("multi-get of " + keys.size() + " keys");
    return delegate.multiGet(table, keys, columns);
  }

  @Override
  public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
    if (!enabled) {
      return delegate.batchWrite(ops);
    }
    latency();
    // the service checks the request's limits before anything else
    StoreLimits limits = delegate.limits();
    if (ops.size() > limits.maxBatchRows()) {
      return delegate.batchWrite(ops); // let the wrapped store refuse it with its own message
    }
    if (chance(batchErrorRate)) {
      injectedBatchErrors.incrementAndGet();
      throw new StoreException(
          ErrorKind.UNAVAILABLE, "injected failure of a batch of " + ops.size(), true, null);
    }
    WriteOutcome[] outcomes = new WriteOutcome[ops.size()];
    boolean[] timeOut = new boolean[ops.size()];
    boolean[] answerLost = new boolean[ops.size()];
    List<WriteOp> apply = new ArrayList<>(ops.size());
    List<Integer> applyIndex = new ArrayList<>(ops.size());
    for (int i = 0; i < ops.size(); i++) {
      WriteOp op = ops.get(i);
      Fault fault = scripted(op);
      if (fault == Fault.REQUEST_LOST) {
        outcomes[i] = WriteOutcome.failed(op, requestLost(op));
        continue;
      }
      if (fault == Fault.ANSWER_LOST) {
        answerLost[i] = true;
        apply.add(op);
        applyIndex.add(i);
        continue;
      }
      StoreException before = beforeWrite(op.table(), op.key());
      if (before != null) {
        outcomes[i] = WriteOutcome.failed(op, before);
      } else {
        timeOut[i] = chance(ambiguousTimeoutRate);
        apply.add(op);
        applyIndex.add(i);
      }
    }
    if (!apply.isEmpty()) {
      List<WriteOutcome> applied = delegate.batchWrite(apply);
      for (int j = 0; j < applied.size(); j++) {
        int i = applyIndex.get(j);
        WriteOutcome o = applied.get(j);
        if (answerLost[i]) {
          outcomes[i] = WriteOutcome.failed(ops.get(i), answerLost(ops.get(i)));
          continue;
        }
        outcomes[i] =
            o.succeeded() && timeOut[i]
                ? WriteOutcome.failed(ops.get(i), ambiguous(ops.get(i).table(), ops.get(i).key()))
                : o;
      }
    }
    return Collections.unmodifiableList(java.util.Arrays.asList(outcomes));
  }

  /**
   * {@inheritDoc}
   *
   * <p>With a read error rate, opening the scan and each step of it may fail with a retryable
   * error; the rows before the failure have been returned. A row the permanent read-failure
   * predicate picks fails its step with a non-retryable error.
   */
  @Override
  public Stream<Row> scan(String table, ScanRange range) {
    latency();
    readFault("scan of " + table);
    Stream<Row> inner = delegate.scan(table, range);
    Iterator<Row> it = inner.iterator();
    Iterator<Row> faulty =
        new Iterator<>() {
          @Override
          public boolean hasNext() {
            readFault("scan of " + table);
            return it.hasNext();
          }

          @Override
          public Row next() {
            if (!it.hasNext()) {
              throw new NoSuchElementException();
            }
            Row row = it.next();
            if (enabled && unreadableRows != null && unreadableRows.test(table, row.key())) {
              injectedPermanentReads.incrementAndGet();
              throw new StoreException(
                  unreadableKind,
                  "injected permanent failure reading row " + row.key() + " of " + table,
                  false,
                  null);
            }
            return row;
          }
        };
    return StreamSupport.stream(
            Spliterators.spliteratorUnknownSize(faulty, Spliterator.ORDERED | Spliterator.NONNULL),
            false)
        .onClose(inner::close);
  }

  /** Configures a {@link FaultInjectingStore}; every fault is off by default. */
  public static final class Builder {
    private final WideTableStore delegate;
    private long seed = 1;
    private double retryableErrorRate;
    private double batchErrorRate;
    private double ambiguousTimeoutRate;
    private double readErrorRate;
    private int throttleRows;
    private Duration throttleWindow;
    private BiPredicate<String, PrimaryKey> permanentRows;
    private ErrorKind permanentKind = ErrorKind.INVALID_REQUEST;
    private BiPredicate<String, PrimaryKey> unreadableRows;
    private ErrorKind unreadableKind = ErrorKind.CORRUPT_DATA;
    private Duration minLatency = Duration.ZERO;
    private Duration maxLatency = Duration.ZERO;
    private Script script;
    private RetryPolicy.Clock clock = RetryPolicy.Clock.system();
    private RetryPolicy.Sleeper sleeper = RetryPolicy.Sleeper.system();

    private Builder(WideTableStore delegate) {
      this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /** Share of row writes and read calls that fail with a retryable error, unapplied. */
    public Builder retryableErrorRate(double rate) {
      this.retryableErrorRate = rate(rate);
      return this;
    }

    /** Share of batch calls that fail as a whole with a retryable error, unapplied. */
    public Builder batchErrorRate(double rate) {
      this.batchErrorRate = rate(rate);
      return this;
    }

    /** Share of row writes that are applied and then reported as a retryable TIMEOUT. */
    public Builder ambiguousTimeoutRate(double rate) {
      this.ambiguousTimeoutRate = rate(rate);
      return this;
    }

    /** Share of read calls and scan steps that fail with a retryable error. */
    public Builder readErrorRate(double rate) {
      this.readErrorRate = rate(rate);
      return this;
    }

    /** Each partition accepts at most {@code rows} row writes per {@code window}. */
    public Builder throttle(int rows, Duration window) {
      if (rows < 1 || window.isNegative() || window.isZero()) {
        throw new IllegalArgumentException("throttle needs rows >= 1 and a positive window");
      }
      this.throttleRows = rows;
      this.throttleWindow = window;
      return this;
    }

    /** Rows (by table and key) that always fail with a non-retryable error of {@code kind}. */
    public Builder failRows(BiPredicate<String, PrimaryKey> rows, ErrorKind kind) {
      this.permanentRows = Objects.requireNonNull(rows, "rows");
      this.permanentKind = Objects.requireNonNull(kind, "kind");
      return this;
    }

    /** Rows (by table and key) whose scan step always fails with a non-retryable {@code kind}. */
    public Builder failReads(BiPredicate<String, PrimaryKey> rows, ErrorKind kind) {
      this.unreadableRows = Objects.requireNonNull(rows, "rows");
      this.unreadableKind = Objects.requireNonNull(kind, "kind");
      return this;
    }

    /** Each call waits a uniform random time in {@code [min, max]} through the sleeper. */
    public Builder latency(Duration min, Duration max) {
      if (min.isNegative() || max.compareTo(min) < 0) {
        throw new IllegalArgumentException("latency needs 0 <= min <= max");
      }
      this.minLatency = min;
      this.maxLatency = max;
      return this;
    }

    /** Scripted faults: {@code script} picks the fault of each write attempt, if any. */
    public Builder script(Script script) {
      this.script = Objects.requireNonNull(script, "script");
      return this;
    }

    public Builder clock(RetryPolicy.Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    public Builder sleeper(RetryPolicy.Sleeper sleeper) {
      this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
      return this;
    }

    public FaultInjectingStore build() {
      return new FaultInjectingStore(this);
    }

    private static double rate(double rate) {
      if (!(rate >= 0 && rate <= 1)) {
        throw new IllegalArgumentException("a rate lies in [0, 1]: " + rate);
      }
      return rate;
    }
  }
}
