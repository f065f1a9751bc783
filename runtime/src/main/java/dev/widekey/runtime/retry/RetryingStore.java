package dev.widekey.runtime.retry;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableLimits;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A {@link WideTableStore} decorator that retries retryable failures of the store it wraps with a
 * {@link RetryPolicy} (rule WK303), so that callers of single reads and writes need no retry loop
 * of their own.
 *
 * <ul>
 *   <li>Single calls ({@code get}, {@code put}, {@code delete}, table calls) are retried as a
 *       whole. A put or delete is idempotent, so retrying one whose first attempt was applied but
 *       timed out leaves the same row.
 *   <li>{@code multiGet} is split into requests of at most {@link StoreLimits#maxMultiGetRows()}
 *       keys of the table's profile (rule WK304), each retried on its own; the caller may pass any
 *       number of keys.
 *   <li>{@code batchWrite} re-sends the operations that failed retryably, in their order, with
 *       every later operation of the batch on the same key, so that the last operation on a key
 *       stays the one that lands. An operation whose retries are used up keeps its failure.
 *   <li>A conditional put ({@code put(table, row, condition)}, or a {@link WriteOp.Put} with a
 *       condition in a batch) is retried like the others, but an attempt that failed retryably may
 *       have been applied, and the next one then fails its condition against that attempt's row. So
 *       a put sent again that fails its condition is checked against the stored row ({@link
 *       OwnWrites#recheck}): its own row stored means it was applied, and it succeeds; any other
 *       row keeps the {@link ErrorKind#CONDITION_FAILED}, which is never retried. A conditional
 *       delete ({@code delete(table, key, condition)}, or a {@link WriteOp.Delete} with a
 *       condition) is retried the same way, but one sent again that fails its condition keeps the
 *       failure, saying that an earlier attempt may have deleted the row: nothing stored can prove
 *       it did. So does a conditional put sent again that is followed in its batch by another write
 *       of its key, which may have replaced its row: both fail with a {@link
 *       dev.widekey.runtime.store.MaybeAppliedException}.
 *   <li>A write made within {@link CallerResends#run} (a split entity's commit, which must not be
 *       sent again as it is) is sent once: a retryable failure is counted against the caller's
 *       attempts, the backoff waited, and the failure passed on for the caller to send the write
 *       again its own way ({@link CallerResends#granted()}).
 *   <li>{@code scan} resumes after a retryable failure from the last key it returned, so no row is
 *       returned twice and none is skipped. Its attempt budget and deadline start again each time
 *       the scan makes progress, because a scan's length has no bound.
 * </ul>
 *
 * <pre>{@code
 * WideTableStore store = new RetryingStore(backend, RetryPolicy.defaults());
 * try (Stream<Row> rows = store.scan("orders", ScanRange.all(1))) {
 *   rows.forEach(this::process); // survives a partition move mid-scan
 * }
 * }</pre>
 */
public final class RetryingStore implements WideTableStore {
  private final WideTableStore delegate;
  private final RetryPolicy policy;
  private final Map<String, StoreLimits> tableLimits = new ConcurrentHashMap<>();

  /** Wraps {@code delegate}; closing this store closes it. */
  public RetryingStore(WideTableStore delegate, RetryPolicy policy) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    this.policy = Objects.requireNonNull(policy, "policy");
  }

  /** The wrapped store. */
  public WideTableStore delegate() {
    return delegate;
  }

  public RetryPolicy policy() {
    return policy;
  }

  @Override
  public void createTable(TableSpec spec) {
    try {
      policy.run(() -> delegate.createTable(spec));
    } finally {
      tableLimits.remove(spec.name()); // its profile may have changed
    }
  }

  @Override
  public Optional<TableSpec> describeTable(String table) {
    return policy.call(() -> delegate.describeTable(table));
  }

  @Override
  public List<String> listTables(String prefix) {
    return policy.call(() -> delegate.listTables(prefix));
  }

  @Override
  public void deleteTable(String table) {
    try {
      policy.run(() -> delegate.deleteTable(table));
    } finally {
      tableLimits.remove(table);
    }
  }

  @Override
  public void put(String table, Row row) {
    CallerResends once = CallerResends.current();
    if (once != null) {
      sendOnce(once, () -> delegate.put(table, row));
      return;
    }
    policy.run(() -> delegate.put(table, row));
  }

  /** A write its caller sends again itself ({@link CallerResends}): sent once. */
  private void sendOnce(CallerResends once, Runnable write) {
    try {
      write.run();
    } catch (StoreException e) {
      if (policy.retries(e)) {
        once.failed(policy, e);
      }
      throw e;
    }
  }

  @Override
  public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
    return policy.call(() -> delegate.get(table, key, columns));
  }

  @Override
  public List<Optional<Row>> multiGet(
      String table, List<PrimaryKey> keys, ColumnSelection columns) {
    if (keys.size() <= 1) {
      return policy.call(() -> delegate.multiGet(table, keys, columns));
    }
    int chunk = Math.max(1, limitsOf(table).maxMultiGetRows());
    if (keys.size() <= chunk) {
      return policy.call(() -> delegate.multiGet(table, keys, columns));
    }
    List<Optional<Row>> out = new ArrayList<>(keys.size());
    for (int from = 0; from < keys.size(); from += chunk) {
      List<PrimaryKey> part = keys.subList(from, Math.min(keys.size(), from + chunk));
      out.addAll(policy.call(() -> delegate.multiGet(table, part, columns)));
    }
    return out;
  }

  /**
   * The limits of {@code table}'s profile, which may be stricter than the store's default ones;
   * looked up once per table (describing it is a round trip), again after this store created or
   * deleted it.
   */
  private StoreLimits limitsOf(String table) {
    StoreLimits known = tableLimits.get(table);
    if (known != null) {
      return known;
    }
    StoreLimits limits = TableLimits.of(this, table); // describeTable retried
    tableLimits.put(table, limits);
    return limits;
  }

  @Override
  public void delete(String table, PrimaryKey key) {
    CallerResends once = CallerResends.current();
    if (once != null) {
      sendOnce(once, () -> delegate.delete(table, key));
      return;
    }
    policy.run(() -> delegate.delete(table, key));
  }

  @Override
  public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
    CallerResends once = CallerResends.current();
    if (once != null) {
      return batchWriteOnce(once, ops);
    }
    List<WriteOp> batch = List.copyOf(ops);
    WriteOutcome[] outcomes = new WriteOutcome[batch.size()];
    RetryPolicy.Attempts attempts = policy.start();
    List<Integer> pending = new ArrayList<>(batch.size());
    for (int i = 0; i < batch.size(); i++) {
      pending.add(i);
    }
    // an op followed in the batch by another write of its key: sent together, that write may have
    // replaced what an earlier attempt of the op wrote, which a retry then cannot see
    boolean[] laterWriteOnKey = new boolean[batch.size()];
    Map<Object, Boolean> seenAfter = new HashMap<>();
    for (int i = batch.size() - 1; i >= 0; i--) {
      laterWriteOnKey[i] = seenAfter.put(keyOf(batch.get(i)), Boolean.TRUE) != null;
    }
    boolean answered = false;
    boolean resent = false; // every operation of a round after the first was sent before
    while (!pending.isEmpty()) {
      List<WriteOp> send = new ArrayList<>(pending.size());
      for (int i : pending) {
        send.add(batch.get(i));
      }
      List<WriteOutcome> got;
      try {
        got = delegate.batchWrite(send);
      } catch (StoreException e) {
        long delay = attempts.onFailure(e);
        if (delay < 0 && !answered) {
          throw e; // nothing was reported yet: fail as the wrapped store would
        }
        if (delay < 0) {
          // earlier rounds were applied and must be reported: the rest fail with this error
          for (int i : pending) {
            outcomes[i] = WriteOutcome.failed(batch.get(i), e);
          }
          break;
        }
        sleep(delay, e);
        resent = true;
        continue;
      }
      if (got.size() != send.size()) {
        throw new StoreException(
            ErrorKind.INTERNAL,
            "the store answered " + got.size() + " outcomes for " + send.size() + " operations",
            false,
            null);
      }
      answered = true;
      StoreException retryError = null;
      List<Integer> retry = new ArrayList<>();
      // a key with a failed op is re-sent from that op on, so the last op on a key lands last
      Map<Object, Boolean> reopened = new HashMap<>();
      for (int j = 0; j < got.size(); j++) {
        int i = pending.get(j);
        WriteOutcome o =
            resent ? OwnWrites.recheck(delegate, got.get(j), laterWriteOnKey[i]) : got.get(j);
        Object k = keyOf(batch.get(i));
        boolean failedRetryably = !o.succeeded() && policy.retries(o.failure());
        if (failedRetryably || reopened.containsKey(k)) {
          retry.add(i);
          reopened.put(k, Boolean.TRUE);
          if (failedRetryably && retryError == null) {
            retryError = o.failure();
          }
        }
        outcomes[i] = o;
      }
      if (retry.isEmpty()) {
        break;
      }
      long delay = attempts.onFailure(retryError);
      if (delay < 0) {
        break; // the failed ones keep their failures; the re-opened successes were applied
      }
      sleep(delay, retryError);
      pending = retry;
      resent = true;
    }
    return List.of(outcomes);
  }

  /**
   * A batch its caller sends again itself ({@link CallerResends}): sent once, its outcomes as the
   * wrapped store answered them; a retryable failure (of the call, or of any operation) is counted
   * once against the caller's attempts.
   */
  private List<WriteOutcome> batchWriteOnce(CallerResends once, List<WriteOp> ops) {
    List<WriteOutcome> got;
    try {
      got = delegate.batchWrite(ops);
    } catch (StoreException e) {
      if (policy.retries(e)) {
        once.failed(policy, e);
      }
      throw e;
    }
    for (WriteOutcome o : got) {
      if (!o.succeeded() && policy.retries(o.failure())) {
        once.failed(policy, o.failure());
        break;
      }
    }
    return got;
  }

  private static Object keyOf(WriteOp op) {
    return List.of(op.table(), op.key());
  }

  private void sleep(long nanos, StoreException cause) {
    try {
      policy.sleeper().sleep(nanos);
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
      cause.addSuppressed(ie);
      throw cause;
    }
  }

  @Override
  public Stream<Row> scan(String table, ScanRange range) {
    return resuming(new ResumingScan(range, r -> delegate.scan(table, r)));
  }

  /**
   * {@inheritDoc}
   *
   * <p>Resumed after a retryable failure after the last index key returned, as {@link #scan}.
   */
  @Override
  public Stream<Row> scanIndex(String table, String index, ScanRange range) {
    return resuming(new ResumingScan(range, r -> delegate.scanIndex(table, index, r)));
  }

  private static Stream<Row> resuming(ResumingScan scan) {
    return StreamSupport.stream(
            Spliterators.spliteratorUnknownSize(
                scan, Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.SORTED),
            false)
        .onClose(scan::close);
  }

  @Override
  public List<PartitionStats> partitionStats(String table) {
    return policy.call(() -> delegate.partitionStats(table));
  }

  @Override
  public StoreLimits limits() {
    return delegate.limits();
  }

  @Override
  public StoreLimits limits(Profile profile) {
    return delegate.limits(profile);
  }

  @Override
  public int scanParallelism() {
    return delegate.scanParallelism();
  }

  @Override
  public void close() {
    delegate.close();
  }

  /**
   * Iterates a scan, reopening it after a retryable failure after the last key returned (forward:
   * from that key on, skipping it; backward: below it) so that every key is returned exactly once,
   * in order.
   */
  private final class ResumingScan implements Iterator<Row> {
    private final java.util.function.Function<ScanRange, Stream<Row>> source;
    private final ScanRange range;
    private Stream<Row> current;
    private Iterator<Row> it;
    private Row lastRow; // the last row returned; its key is decoded only to resume after it
    private PrimaryKey lastKey; // lastRow's key, once a resume needed it
    private boolean resumed; // reopened after lastKey and no row past it seen yet
    private long returned;
    private Row next;
    private boolean done;
    private RetryPolicy.Attempts attempts;

    ResumingScan(ScanRange range, java.util.function.Function<ScanRange, Stream<Row>> source) {
      this.range = range;
      this.source = source;
    }

    @Override
    public boolean hasNext() {
      if (next != null) {
        return true;
      }
      if (done) {
        return false;
      }
      if (returned >= range.limit()) {
        finish();
        return false;
      }
      while (true) {
        try {
          if (it == null) {
            open();
          }
          while (it.hasNext()) {
            Row row = it.next();
            if (resumed) {
              if (!range.isAfter(row.key(), lastKey)) {
                continue; // a resumed forward scan starts at the last key returned: skip it
              }
              resumed = false; // the rest come after it: no compare per row
            }
            next = row;
            return true;
          }
          finish();
          return false;
        } catch (StoreException e) {
          closeCurrent();
          if (attempts == null) {
            attempts = policy.start();
          }
          try {
            attempts.failedOrThrow(e); // waits, or rethrows and ends the scan
          } catch (StoreException giveUp) {
            done = true;
            throw giveUp;
          }
        }
      }
    }

    private void open() {
      ScanRange r = range;
      if (lastRow != null) {
        lastKey = lastRow.key();
        // forward, one extra row: the resumed range starts with the last key, which is skipped;
        // backward, the range ends (exclusively) at the last key
        long remaining = range.limit() - returned;
        long extra = range.afterHoldsLast() && remaining != Long.MAX_VALUE ? 1 : 0;
        r = range.after(lastKey).withLimit(remaining + extra);
      }
      resumed = lastRow != null;
      current = source.apply(r);
      it = current.iterator();
    }

    @Override
    public Row next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      Row row = next;
      next = null;
      lastRow = row;
      returned++;
      attempts = null; // progress: a later failure gets a fresh budget
      return row;
    }

    private void finish() {
      done = true;
      closeCurrent();
    }

    private void closeCurrent() {
      Stream<Row> s = current;
      current = null;
      it = null;
      if (s != null) {
        try {
          s.close();
        } catch (RuntimeException ignored) {
          // closing a failed scan must not hide the failure being handled
        }
      }
    }

    void close() {
      done = true;
      next = null;
      closeCurrent();
    }
  }
}
