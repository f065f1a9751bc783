package dev.widekey.store.hbase;

import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;

/**
 * A thread that injects faults into a {@link FaultCluster} while a workload runs, in a fixed cycle:
 * split every region of a table, move regions to other servers, stall a region server (as a long GC
 * pause would), kill a region server and start another. Each fault is recorded with when it
 * happened, how long until its effect was over (the split regions online, the moved regions open,
 * the stall ended, the killed server's regions reassigned and its replacement up) and how long
 * until the next successful operation of the workload that began after it ({@link #observe} wraps
 * the workload's stores to see them).
 */
final class FaultInjector implements AutoCloseable {
  enum Kind {
    SPLIT,
    MOVE,
    STALL,
    KILL_AND_START
  }

  /** One fault; times in milliseconds from its injection, {@code -1} when it never happened. */
  static final class Fault {
    final Kind kind;
    final long atNanos;
    volatile String detail = "";
    volatile long settledMillis = -1;
    volatile long nextSuccessMillis = -1;
    volatile String error;

    Fault(Kind kind, long atNanos) {
      this.kind = kind;
      this.atNanos = atNanos;
    }

    @Override
    public String toString() {
      return kind
          + " ("
          + detail
          + (error == null ? "" : ", failed: " + error)
          + "): settled in "
          + settledMillis
          + " ms, next success after "
          + nextSuccessMillis
          + " ms";
    }
  }

  static final long STALL_MILLIS = 4_000;

  private final FaultCluster cluster;
  private final Supplier<List<TableName>> tables;
  private final long gapMillis;
  private final List<Fault> faults = new CopyOnWriteArrayList<>();
  private final AtomicInteger started = new AtomicInteger();
  private final Thread thread;
  private volatile boolean stopping;
  private volatile long stopAtNanos = Long.MAX_VALUE;

  /**
   * @param tables the tables whose regions the faults split and move, read before each fault
   * @param gapMillis the pause between one fault settling and the next
   */
  FaultInjector(FaultCluster cluster, Supplier<List<TableName>> tables, long gapMillis) {
    this.cluster = cluster;
    this.tables = tables;
    this.gapMillis = gapMillis;
    this.thread = new Thread(this::run, "fault-injector");
    this.thread.setDaemon(true);
  }

  FaultInjector start() {
    thread.start();
    return this;
  }

  /**
   * Starts no fault after {@code nanos} from now, so that the workload's last calls (a history's
   * final reads, dropping its table) meet a cluster whose faults have settled.
   */
  FaultInjector stopStartingAfter(long nanos) {
    stopAtNanos = System.nanoTime() + nanos;
    return this;
  }

  /** Faults begun so far. */
  int started() {
    return started.get();
  }

  /** Waits until at least {@code n} faults have begun (or the injector stopped). */
  void awaitStarted(int n) {
    while (started.get() < n && thread.isAlive()) {
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  List<Fault> faults() {
    return List.copyOf(faults);
  }

  /** Faults by kind, those that happened (no error). */
  Map<Kind, Integer> counts() {
    Map<Kind, Integer> out = new EnumMap<>(Kind.class);
    for (Fault f : faults) {
      if (f.error == null) {
        out.merge(f.kind, 1, Integer::sum);
      }
    }
    return out;
  }

  private void run() {
    int i = 0;
    while (!stopping && System.nanoTime() < stopAtNanos) {
      List<TableName> now = tables.get();
      if (now.isEmpty()) {
        try {
          Thread.sleep(200); // no table of the workload yet
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
        continue;
      }
      Kind kind = Kind.values()[i++ % Kind.values().length];
      Fault fault = new Fault(kind, System.nanoTime());
      faults.add(fault);
      started.incrementAndGet();
      try {
        switch (kind) {
          case SPLIT ->
              fault.detail = cluster.split(now.get(i / Kind.values().length % now.size()));
          case MOVE -> fault.detail = cluster.move(now, 3);
          case STALL -> {
            ServerName server = cluster.victim(now);
            cluster.stall(server, STALL_MILLIS);
            fault.detail = "stalled " + server.getHostAndPort() + " for " + STALL_MILLIS + " ms";
            Thread.sleep(STALL_MILLIS);
          }
          case KILL_AND_START -> fault.detail = cluster.killAndReplace(cluster.victim(now));
        }
        fault.settledMillis = (System.nanoTime() - fault.atNanos) / 1_000_000;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (Exception e) {
        String message = String.valueOf(e.getMessage());
        int line = message.indexOf('\n');
        fault.error =
            e.getClass().getSimpleName() + ": " + (line < 0 ? message : message.substring(0, line));
        System.err.println("fault " + kind + " failed: " + e);
      }
      System.err.println("fault: " + fault);
      try {
        Thread.sleep(gapMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** Called on every successful operation: it is the next success of the faults before it. */
  void succeeded(long startNanos, long endNanos) {
    for (Fault f : faults) {
      if (f.nextSuccessMillis < 0 && startNanos >= f.atNanos) {
        f.nextSuccessMillis = (endNanos - f.atNanos) / 1_000_000;
      }
    }
  }

  /**
   * {@code store}, telling the injector {@code current} gives (none: null) of every call that
   * succeeded.
   */
  static WideTableStore observe(WideTableStore store, Supplier<FaultInjector> current) {
    return new ForwardingStore(store) {
      private void succeeded(long t0, long t1) {
        FaultInjector injector = current.get();
        if (injector != null) {
          injector.succeeded(t0, t1);
        }
      }

      @Override
      public void put(String table, Row row) {
        long t0 = System.nanoTime();
        super.put(table, row);
        succeeded(t0, System.nanoTime());
      }

      @Override
      public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
        long t0 = System.nanoTime();
        Optional<Row> out = super.get(table, key, columns);
        succeeded(t0, System.nanoTime());
        return out;
      }

      @Override
      public List<Optional<Row>> multiGet(
          String table, List<PrimaryKey> keys, ColumnSelection columns) {
        long t0 = System.nanoTime();
        List<Optional<Row>> out = super.multiGet(table, keys, columns);
        succeeded(t0, System.nanoTime());
        return out;
      }

      @Override
      public void delete(String table, PrimaryKey key) {
        long t0 = System.nanoTime();
        super.delete(table, key);
        succeeded(t0, System.nanoTime());
      }

      @Override
      public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
        long t0 = System.nanoTime();
        List<WriteOutcome> out = super.batchWrite(ops);
        if (out.stream().anyMatch(WriteOutcome::succeeded)) {
          succeeded(t0, System.nanoTime());
        }
        return out;
      }

      @Override
      public String toString() {
        return delegate.toString();
      }
    };
  }

  /** Stops injecting after the fault underway, and waits for it to settle. */
  @Override
  public void close() throws InterruptedException {
    stopping = true;
    thread.join(TimeUnit.MINUTES.toMillis(3));
    StallObserver.releaseAll();
  }

  /** The faults' figures, one line each, and the counts. */
  String summary() {
    StringBuilder out = new StringBuilder();
    List<Long> settled = new ArrayList<>();
    for (Fault f : faults) {
      out.append("  ").append(f).append('\n');
      if (f.settledMillis >= 0) {
        settled.add(f.settledMillis);
      }
    }
    out.append("  faults injected ").append(counts());
    return out.toString();
  }
}
