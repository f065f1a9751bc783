package dev.widekey.store.tck;

import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The adversary of a writer paused mid-write (a GC pause, a slow request): a store whose next call
 * matching a predicate stops, before or after it reaches the store, until the test resumes it. The
 * writer under test uses this store; the other writers use the store beneath, so nothing of theirs
 * is held.
 *
 * <pre>{@code
 * PausingStore paused = new PausingStore(store);
 * PausingStore.Gate gate = paused.pauseBefore(PausingStore.Call.write("orders"));
 * Future<?> w1 = executor.submit(() -> new OrderRepository(paused).put(order));
 * gate.awaitReached();            // W1 has written everything up to its hot row
 * new OrderRepository(store).put(other);
 * gate.resume();
 * w1.get();
 * }</pre>
 */
public final class PausingStore extends ForwardingStore {
  /** One call of the store: its kind and table. */
  public record Call(Kind kind, String table) {
    public enum Kind {
      GET,
      WRITE,
      DELETE
    }

    /** Any write (put, conditional put, batch) to {@code table}. */
    public static Predicate<Call> write(String table) {
      return c -> c.kind() == Kind.WRITE && c.table().equals(table);
    }

    /** A delete of a row of {@code table}, alone or in a batch. */
    public static Predicate<Call> delete(String table) {
      return c -> c.kind() == Kind.DELETE && c.table().equals(table);
    }

    /** A read of {@code table}. */
    public static Predicate<Call> read(String table) {
      return c -> c.kind() == Kind.GET && c.table().equals(table);
    }
  }

  /** One pause: reached once, held until resumed. */
  public static final class Gate {
    private final Predicate<Call> when;
    private final boolean before;
    private final AtomicBoolean taken = new AtomicBoolean();
    private final CountDownLatch reached = new CountDownLatch(1);
    private final CountDownLatch resumed = new CountDownLatch(1);

    private Gate(Predicate<Call> when, boolean before) {
      this.when = when;
      this.before = before;
    }

    /** Waits until the paused call is reached (at most 60 s, then fails). */
    public void awaitReached() {
      await(reached, "the paused call was never reached");
    }

    /** Lets the paused call go on. */
    public void resume() {
      resumed.countDown();
    }

    private void pass(Call call, boolean beforeCall) {
      if (beforeCall == before && when.test(call) && taken.compareAndSet(false, true)) {
        reached.countDown();
        await(resumed, "the paused call was never resumed");
      }
    }

    private static void await(CountDownLatch latch, String what) {
      try {
        if (!latch.await(60, TimeUnit.SECONDS)) {
          throw new AssertionError(what);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(what, e);
      }
    }
  }

  private volatile Gate gate;

  public PausingStore(WideTableStore delegate) {
    super(delegate);
  }

  /** Pauses the next matching call before it reaches the store. */
  public Gate pauseBefore(Predicate<Call> when) {
    return install(new Gate(when, true));
  }

  /** Pauses the next matching call after the store answered it. */
  public Gate pauseAfter(Predicate<Call> when) {
    return install(new Gate(when, false));
  }

  private Gate install(Gate g) {
    gate = g;
    return g;
  }

  private void pass(Call call, boolean before) {
    Gate g = gate;
    if (g != null) {
      g.pass(call, before);
    }
  }

  @Override
  public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
    Call call = new Call(Call.Kind.GET, table);
    pass(call, true);
    Optional<Row> row = super.get(table, key, columns);
    pass(call, false);
    return row;
  }

  @Override
  public List<Optional<Row>> multiGet(
      String table, List<PrimaryKey> keys, ColumnSelection columns) {
    Call call = new Call(Call.Kind.GET, table);
    pass(call, true);
    List<Optional<Row>> rows = super.multiGet(table, keys, columns);
    pass(call, false);
    return rows;
  }

  @Override
  public void put(String table, Row row) {
    Call call = new Call(Call.Kind.WRITE, table);
    pass(call, true);
    super.put(table, row);
    pass(call, false);
  }

  @Override
  public void delete(String table, PrimaryKey key) {
    Call call = new Call(Call.Kind.DELETE, table);
    pass(call, true);
    super.delete(table, key);
    pass(call, false);
  }

  @Override
  public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
    for (WriteOp op : ops) {
      pass(callOf(op), true);
    }
    List<WriteOutcome> outcomes = super.batchWrite(ops);
    for (WriteOp op : ops) {
      pass(callOf(op), false);
    }
    return outcomes;
  }

  /**
   * A store that computes rows (the embedded store) commits through {@link #computeRow}: a write of
   * its table, paused as any other, so a writer paused at its commit is paused on every store.
   */
  @Override
  public boolean computesRows() {
    return delegate.computesRows();
  }

  @Override
  public Optional<Row> computeRow(
      String table, PrimaryKey key, ColumnSelection columns, Function<Optional<Row>, Row> compute) {
    Call call = new Call(Call.Kind.WRITE, table);
    pass(call, true);
    Optional<Row> read = delegate.computeRow(table, key, columns, compute);
    pass(call, false);
    return read;
  }

  /** A delete of its table, paused as any other. */
  @Override
  public Optional<Row> getAndDelete(String table, PrimaryKey key, ColumnSelection columns) {
    Call call = new Call(Call.Kind.DELETE, table);
    pass(call, true);
    Optional<Row> deleted = delegate.getAndDelete(table, key, columns);
    pass(call, false);
    return deleted;
  }

  private static Call callOf(WriteOp op) {
    return new Call(op instanceof WriteOp.Delete ? Call.Kind.DELETE : Call.Kind.WRITE, op.table());
  }
}
