package dev.widekey.store.tck.history;

import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * The adversary of the split-entity history: a store that parks its caller, before some of its
 * calls, for a short random time (a GC pause, a slow request), so that a repository over it pauses
 * between the rows of one write (between reading the commit point, storing the cold row, committing
 * the hot row and deleting the replaced cold row) and between the two reads of a read with cold
 * columns, while other clients go on. The pause is this test wrapper's, never the runtime's.
 *
 * <pre>{@code
 * var paused = new SplitRegisterRepository(new JitterStore(store, 0.5, 3_000));
 * }</pre>
 */
public final class JitterStore extends ForwardingStore {
  private final double probability;
  private final long maxMicros;

  /**
   * @param probability of a pause before each call
   * @param maxMicros the longest pause; each is uniform in [0, maxMicros] microseconds
   */
  public JitterStore(WideTableStore delegate, double probability, long maxMicros) {
    super(delegate);
    this.probability = probability;
    this.maxMicros = maxMicros;
  }

  private void maybePause() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    if (random.nextDouble() < probability) {
      LockSupport.parkNanos(random.nextLong(maxMicros + 1) * 1_000);
    }
  }

  @Override
  public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
    maybePause();
    return super.get(table, key, columns);
  }

  @Override
  public List<Optional<Row>> multiGet(
      String table, List<PrimaryKey> keys, ColumnSelection columns) {
    maybePause();
    return super.multiGet(table, keys, columns);
  }

  @Override
  public void put(String table, Row row) {
    maybePause();
    super.put(table, row);
  }

  @Override
  public void delete(String table, PrimaryKey key) {
    maybePause();
    super.delete(table, key);
  }

  /** Conditional puts come here too (the SPI's default conditional put is a batch of one). */
  @Override
  public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
    maybePause();
    return super.batchWrite(ops);
  }

  /**
   * A store that computes rows (the embedded store) is paused before each computation and each
   * handed-back delete too, so its repositories' one-call commits and deletes meet the same
   * adversary as others' compare-and-sets.
   */
  @Override
  public boolean computesRows() {
    return delegate.computesRows();
  }

  @Override
  public Optional<Row> computeRow(
      String table, PrimaryKey key, ColumnSelection columns, Function<Optional<Row>, Row> compute) {
    maybePause();
    return delegate.computeRow(table, key, columns, compute);
  }

  @Override
  public Optional<Row> getAndDelete(String table, PrimaryKey key, ColumnSelection columns) {
    maybePause();
    return delegate.getAndDelete(table, key, columns);
  }

  @Override
  public String toString() {
    return "jitter(" + delegate + ")";
  }
}
