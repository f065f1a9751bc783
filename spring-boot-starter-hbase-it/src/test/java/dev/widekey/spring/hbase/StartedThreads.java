package dev.widekey.spring.hbase;

import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The threads a client started and left running: those alive that were not alive before, less those
 * of the in-JVM mini cluster, which serves the client's calls in threads it starts on demand
 * (region opening, procedure dispatch, its RPC servers' event loops) and keeps, and less the
 * runtime's idle daemon pools.
 */
final class StartedThreads {
  /**
   * Threads that are not the client's: the mini cluster's region server ({@code RS...}) and master
   * ({@code M:}, {@code MASTER_...}, {@code master/...}, procedures), its metrics timer, and
   * HBase's client event loop {@code RPCClient-NioEventLoopGroup-*}, which is static and shared by
   * every connection of the JVM (the cluster's own as well): HBase starts its threads on demand and
   * never stops them, whichever connection closes.
   */
  private static final Pattern NOT_THE_CLIENTS =
      Pattern.compile(
          "RS.*|M:.*|MASTER_.*|master/.*|PEWorker.*|ProcExecTimeout|RpcServer.*"
              + "|Timer for 'HBase' metrics system|RPCClient-NioEventLoopGroup-.*");

  /**
   * The runtime's pools (the read-ahead of merged scans, the deferred deletes of replaced rows):
   * daemon threads, so they never keep an application from ending, that end after 30 s idle whether
   * a store is closed or not. Waiting for them would only make the test 30 s longer.
   */
  private static final Pattern IDLE_DAEMON_POOLS =
      Pattern.compile("widekey-read-ahead-\\d+|widekey-deferred-deletes");

  /** How long threads of a closed client may take to end (HBase's end within a second). */
  private static final long GRACE_MILLIS = 10_000;

  private StartedThreads() {}

  /** The threads alive now. */
  static Set<Thread> alive() {
    return Set.copyOf(Thread.getAllStackTraces().keySet());
  }

  /** The client's threads alive now that were not alive in {@code before}. */
  static Set<Thread> since(Set<Thread> before) {
    return alive().stream()
        .filter(t -> t.isAlive() && !before.contains(t))
        .filter(t -> !NOT_THE_CLIENTS.matcher(t.getName()).matches())
        .filter(t -> !(t.isDaemon() && IDLE_DAEMON_POOLS.matcher(t.getName()).matches()))
        .collect(Collectors.toSet());
  }

  /**
   * {@link #since} once its threads have had the grace period to end; empty as soon as they all
   * have.
   */
  static Set<Thread> stillAliveSince(Set<Thread> before) throws InterruptedException {
    long deadline = System.nanoTime() + GRACE_MILLIS * 1_000_000;
    Set<Thread> left = since(before);
    while (!left.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(100);
      left = since(before);
    }
    return left;
  }
}
