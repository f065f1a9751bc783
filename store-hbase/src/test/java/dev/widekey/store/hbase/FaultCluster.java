package dev.widekey.store.hbase;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.util.JVMClusterUtil.RegionServerThread;

/**
 * An in-JVM HBase mini cluster of its own for the fault tests: three region servers whose regions
 * split and move, which can be killed and replaced, and stalled ({@link StallObserver}). Apart from
 * the shared {@link MiniHBase} (one region server whose regions never move), which the other tests
 * keep; started and stopped by the test class that uses it, its memstores and block caches kept
 * small, since both clusters may share the test JVM's heap.
 */
final class FaultCluster implements AutoCloseable {
  static final int REGION_SERVERS = 3;

  private final HBaseTestingUtility util;
  private final MiniHBaseCluster cluster;
  private final Random random;

  FaultCluster(long seed) throws Exception {
    random = new Random(seed);
    util = new HBaseTestingUtility();
    Configuration conf = util.getConfiguration();
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
    conf.setInt("hbase.regionserver.handler.count", 8);
    conf.setInt("hbase.master.info.port", -1);
    conf.setInt("hbase.regionserver.info.port", -1);
    // three region servers in a 2 GB heap that may hold the shared cluster too
    conf.setFloat("hbase.regionserver.global.memstore.size", 0.05f);
    conf.setFloat("hfile.block.cache.size", 0.02f);
    // the faults move regions; the balancer would move them too, at times of its own
    conf.setBoolean("hbase.balancer.tablesOnMaster", false);
    conf.setInt("hbase.balancer.period", Integer.MAX_VALUE);
    // the stall: user regions only (hbase:meta keeps answering, as the master needs it to recover)
    conf.set("hbase.coprocessor.user.region.classes", StallObserver.class.getName());
    long t0 = System.nanoTime();
    util.startMiniZKCluster();
    cluster =
        util.startMiniHBaseCluster(
            StartMiniClusterOption.builder()
                .numMasters(1)
                .numRegionServers(REGION_SERVERS)
                .build());
    util.getAdmin().balancerSwitch(false, true);
    System.err.printf(
        "fault cluster (%d region servers) started in %d ms%n",
        REGION_SERVERS, (System.nanoTime() - t0) / 1_000_000);
  }

  /**
   * A client configuration with short timeouts: an RPC gives up after 1.5 s and an operation after
   * 6 s (HBase's defaults are 60 s and 20 minutes), so a stalled server makes calls time out and be
   * retried, by the client and then by widekey's retry policy.
   */
  Configuration clientConf() {
    Configuration conf = new Configuration(util.getConfiguration());
    conf.setInt("hbase.rpc.timeout", 1_500);
    conf.setInt("hbase.client.operation.timeout", 6_000);
    conf.setInt("hbase.client.meta.operation.timeout", 6_000);
    conf.setInt("hbase.client.retries.number", 6);
    conf.setInt("hbase.client.pause", 100);
    return conf;
  }

  HBaseStore connect() {
    return HBaseStore.connect(clientConf(), "default");
  }

  Admin admin() throws IOException {
    return util.getAdmin();
  }

  /** The regions of {@code tables} now, over all servers. */
  List<RegionInfo> regions(List<TableName> tables) throws IOException {
    List<RegionInfo> out = new ArrayList<>();
    for (TableName t : tables) {
      out.addAll(admin().getRegions(t));
    }
    return out;
  }

  /** The live region servers. */
  List<ServerName> liveServers() {
    List<ServerName> out = new ArrayList<>();
    for (RegionServerThread t : cluster.getLiveRegionServerThreads()) {
      HRegionServer rs = t.getRegionServer();
      if (!rs.isStopped() && !rs.isAborted()) {
        out.add(rs.getServerName());
      }
    }
    return out;
  }

  /** A live server holding regions of {@code tables}, not hbase:meta's if another holds some. */
  ServerName victim(List<TableName> tables) throws IOException {
    ServerName meta = cluster.getServerHoldingMeta();
    List<ServerName> holding = new ArrayList<>();
    for (ServerName s : liveServers()) {
      HRegionServer rs = cluster.getRegionServer(s);
      boolean holds = false;
      for (TableName t : tables) {
        holds |= rs != null && !rs.getRegions(t).isEmpty();
      }
      if (holds) {
        holding.add(s);
      }
    }
    List<ServerName> notMeta = new ArrayList<>(holding);
    notMeta.remove(meta);
    List<ServerName> from = !notMeta.isEmpty() ? notMeta : holding;
    if (from.isEmpty()) {
      List<ServerName> live = liveServers();
      return live.get(random.nextInt(live.size()));
    }
    return from.get(random.nextInt(from.size()));
  }

  /**
   * Splits every region of {@code table} (flushed first: a region has a split point only in its
   * files) and waits until it has more regions, or 30 s; a region still opening after an earlier
   * fault is tried again.
   */
  String split(TableName table) throws Exception {
    int before = admin().getRegions(table).size();
    waitForAssignments(60);
    admin().flush(table);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    for (int attempt = 1; ; attempt++) {
      try {
        admin().split(table);
        break;
      } catch (IOException e) {
        if (attempt == 5 || System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(1_000);
        waitForAssignments(60);
      }
    }
    int after = before;
    while (System.nanoTime() < deadline) {
      after = admin().getRegions(table).size();
      if (after > before && !regionsInTransition()) {
        break;
      }
      Thread.sleep(100);
    }
    return table.getNameAsString() + " " + before + " -> " + after + " regions";
  }

  private boolean regionsInTransition() {
    return cluster.getMaster().getAssignmentManager().hasRegionsInTransition();
  }

  /** Moves up to {@code count} random regions of {@code tables}, each to another live server. */
  String move(List<TableName> tables, int count) throws Exception {
    List<RegionInfo> regions = regions(tables);
    java.util.Collections.shuffle(regions, random);
    int moved = 0;
    for (RegionInfo r : regions.subList(0, Math.min(count, regions.size()))) {
      ServerName from = cluster.getServerHoldingRegion(r.getTable(), r.getRegionName());
      List<ServerName> to = liveServers();
      to.remove(from);
      if (to.isEmpty()) {
        continue;
      }
      admin().move(r.getEncodedNameAsBytes(), to.get(random.nextInt(to.size())));
      moved++;
    }
    waitForAssignments(30);
    return moved + " regions moved";
  }

  /** The server holding the first region of {@code table}. */
  ServerName holding(TableName table) throws IOException {
    RegionInfo first = admin().getRegions(table).get(0);
    return cluster.getServerHoldingRegion(table, first.getRegionName());
  }

  /** Stalls {@code server}'s handling of user requests for {@code millis}. */
  void stall(ServerName server, long millis) {
    StallObserver.stall(server, TimeUnit.MILLISECONDS.toNanos(millis));
  }

  /**
   * Kills {@code server} (no clean close: its memstores are lost, its WAL is split) and starts
   * another, then waits until every region is assigned again.
   */
  String killAndReplace(ServerName server) throws Exception {
    cluster.killRegionServer(server);
    cluster.waitForRegionServerToStop(server, 60_000);
    RegionServerThread started = cluster.startRegionServerAndWait(60_000);
    // until the master has found the server dead, split its WAL and reopened its regions elsewhere
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline && !recovered(server)) {
      Thread.sleep(50);
    }
    waitForAssignments(120);
    return "killed "
        + server.getHostAndPort()
        + ", started "
        + started.getRegionServer().getServerName().getHostAndPort();
  }

  /** Whether {@code dead} is known dead and processed, and no region is on it or in transition. */
  private boolean recovered(ServerName dead) {
    var master = cluster.getMaster();
    if (master.getServerManager().isServerOnline(dead)
        || !master.getServerManager().getDeadServers().isDeadServer(dead)
        || master.getServerManager().areDeadServersInProgress()
        || regionsInTransition()) {
      return false;
    }
    return !master
        .getAssignmentManager()
        .getRegionStates()
        .getRegionAssignments()
        .containsValue(dead);
  }

  /** Waits until no region is in transition, or the limit. */
  void waitForAssignments(int seconds) throws Exception {
    util.waitUntilNoRegionsInTransition(TimeUnit.SECONDS.toMillis(seconds));
  }

  @Override
  public void close() throws IOException {
    StallObserver.releaseAll();
    util.shutdownMiniCluster();
  }
}
