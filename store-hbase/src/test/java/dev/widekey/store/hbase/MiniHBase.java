package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One in-JVM HBase mini cluster (mini ZooKeeper, one master, one region server, local file system
 * instead of HDFS) shared by all test classes of a run and stopped when the run ends.
 *
 * <p>Test classes use {@code @ExtendWith(MiniHBase.Extension.class)} and take a {@code MiniHBase}
 * parameter, or an {@code HBaseStore} on its default namespace (closed when the test class ends),
 * in their {@code @BeforeAll} method.
 *
 * <p>Hadoop's {@code UserGroupInformation} calls {@code Subject.getSubject}, which throws from JDK
 * 23 on; there the cluster cannot start and the tests that need it are skipped.
 *
 * <p>Public, and in this module's test-jar, for spring-boot-starter-hbase-it, which points the
 * Spring Boot starter at the same cluster through {@link #zookeeperPort()}.
 */
public final class MiniHBase implements AutoCloseable {
  /** The newest JDK feature release the mini cluster runs on. */
  public static final int MAX_JDK = 22;

  /** Why the cluster tests are skipped on newer JDKs; test classes carry it in their condition. */
  public static final String JDK_REASON =
      "HBase mini cluster tests need JDK 17..22: Hadoop's UserGroupInformation calls"
          + " Subject.getSubject, which throws from JDK 23 on; run them on JDK 17";

  private final HBaseTestingUtility util;
  private final long startMillis;

  private MiniHBase() throws Exception {
    long t0 = System.nanoTime();
    util = new HBaseTestingUtility();
    Configuration conf = util.getConfiguration();
    // the local file system has no hflush/hsync; HBase refuses it for WALs unless told not to
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
    // keep the cluster small: few handler threads, no web UIs
    conf.setInt("hbase.regionserver.handler.count", 8);
    conf.setInt("hbase.master.info.port", -1);
    conf.setInt("hbase.regionserver.info.port", -1);
    // no balancer moving regions in the middle of a measurement
    conf.setBoolean("hbase.balancer.tablesOnMaster", false);
    // the cluster shares the tests' heap: by default memstores and the block cache may each keep
    // 40% of it, which left the stored-row fuzzer's bombs (read within their caps) too little
    conf.setFloat("hbase.regionserver.global.memstore.size", 0.15f);
    conf.setFloat("hfile.block.cache.size", 0.1f);
    util.startMiniZKCluster();
    util.startMiniHBaseCluster();
    startMillis = (System.nanoTime() - t0) / 1_000_000;
    System.err.printf("HBase mini cluster started in %d ms%n", startMillis);
  }

  /** The shared cluster, started on first use; skips the calling test on JDKs it cannot run on. */
  static MiniHBase get(ExtensionContext context) {
    int feature = Runtime.version().feature();
    String reason = JDK_REASON + " (this is JDK " + feature + ")";
    if (feature > MAX_JDK) {
      System.err.println("skipped: " + reason);
    }
    assumeTrue(feature <= MAX_JDK, reason);
    return context
        .getRoot()
        .getStore(ExtensionContext.Namespace.GLOBAL)
        .getOrComputeIfAbsent(
            MiniHBase.class,
            k -> {
              try {
                return new MiniHBase();
              } catch (Exception e) {
                throw new IllegalStateException("HBase mini cluster did not start", e);
              }
            },
            MiniHBase.class);
  }

  Connection connection() throws java.io.IOException {
    return util.getConnection();
  }

  HBaseTestingUtility util() {
    return util;
  }

  /** The client port of the cluster's ZooKeeper, on localhost: what a client configures. */
  public int zookeeperPort() {
    return util.getZkCluster().getClientPort();
  }

  long startMillis() {
    return startMillis;
  }

  /**
   * Resolves {@code MiniHBase} parameters to the shared cluster, and {@code HBaseStore} parameters
   * to a store on its default namespace, one per test class (JUnit closes it with the class's
   * context, as it closes every {@code AutoCloseable} in a context's store).
   */
  public static final class Extension implements ParameterResolver {
    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
      Class<?> type = parameter.getParameter().getType();
      return type == MiniHBase.class || type == HBaseStore.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
      MiniHBase cluster = get(context);
      if (parameter.getParameter().getType() == MiniHBase.class) {
        return cluster;
      }
      return context
          .getStore(ExtensionContext.Namespace.create(MiniHBase.class))
          .getOrComputeIfAbsent(
              HBaseStore.class,
              k -> {
                try {
                  return HBaseStore.using(cluster.connection(), "default");
                } catch (java.io.IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              },
              HBaseStore.class);
    }
  }

  @Override
  public void close() throws java.io.IOException {
    util.shutdownMiniCluster();
  }
}
