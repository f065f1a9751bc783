package dev.widekey.store.hbase;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.coprocessor.ObserverContext;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessor;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.RegionObserver;
import org.apache.hadoop.hbase.regionserver.InternalScanner;
import org.apache.hadoop.hbase.regionserver.MiniBatchOperationInProgress;

/**
 * A region observer (loaded on the user regions of the fault cluster only) that stalls a region
 * server's request handling on demand, as a long GC pause would: while a server is stalled, every
 * read, scan and mutation of its regions waits in the handler until the stall ends, and then runs.
 * A mutation waits after taking its row locks and, for a check-and-mutate, after its check, so a
 * client that timed out meanwhile finds it applied afterwards: the "applied, then timed out" case.
 */
public final class StallObserver implements RegionCoprocessor, RegionObserver {
  /** Server name to the {@code System.nanoTime()} its stall ends. */
  private static final Map<ServerName, Long> STALLED = new ConcurrentHashMap<>();

  /** Requests held by a stall, over all servers. */
  private static final AtomicLong HELD = new AtomicLong();

  /** Stalls {@code server} for {@code nanos} from now. */
  static void stall(ServerName server, long nanos) {
    STALLED.put(server, System.nanoTime() + nanos);
  }

  /** Ends every stall at once (the test's clean-up). */
  static void releaseAll() {
    STALLED.clear();
  }

  /** Requests a stall has held so far. */
  static long held() {
    return HELD.get();
  }

  @Override
  public Optional<RegionObserver> getRegionObserver() {
    return Optional.of(this);
  }

  private static void maybeStall(ObserverContext<RegionCoprocessorEnvironment> c) {
    ServerName server = c.getEnvironment().getServerName();
    Long until = STALLED.get(server);
    if (until == null) {
      return;
    }
    boolean counted = false;
    long left;
    while ((left = until - System.nanoTime()) > 0 && STALLED.get(server) != null) {
      if (!counted) {
        HELD.incrementAndGet();
        counted = true;
      }
      LockSupport.parkNanos(Math.min(left, 50_000_000L));
    }
    STALLED.remove(server, until);
  }

  @Override
  public void preBatchMutate(
      ObserverContext<RegionCoprocessorEnvironment> c,
      MiniBatchOperationInProgress<Mutation> miniBatchOp)
      throws IOException {
    maybeStall(c);
  }

  @Override
  public void preGetOp(ObserverContext<RegionCoprocessorEnvironment> c, Get get, List<Cell> result)
      throws IOException {
    maybeStall(c);
  }

  @Override
  public boolean preScannerNext(
      ObserverContext<RegionCoprocessorEnvironment> c,
      InternalScanner s,
      List<Result> result,
      int limit,
      boolean hasNext)
      throws IOException {
    maybeStall(c);
    return hasNext;
  }
}
