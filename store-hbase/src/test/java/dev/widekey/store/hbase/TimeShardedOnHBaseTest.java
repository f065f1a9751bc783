package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.TimeShardedContractTest;
import java.io.IOException;
import java.time.Instant;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/** The time-sharded repository contract on the HBase mini cluster, in the default namespace. */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class TimeShardedOnHBaseTest extends TimeShardedContractTest {
  private static MiniHBase cluster;
  private static HBaseStore store;

  @BeforeAll
  static void open(MiniHBase mini, HBaseStore opened) {
    cluster = mini;
    store = opened;
  }

  @Override
  protected WideTableStore store() {
    return store;
  }

  @Test
  void periodTablesAreHBaseTablesOfTheNamespace() throws IOException {
    purchases.createTablesAhead(Instant.parse("2026-11-05T00:00:00Z"));

    try (Admin admin = cluster.util().getAdmin()) {
      assertTrue(admin.tableExists(TableName.valueOf("default", "gen_purchases_2026_11")));
      assertTrue(admin.tableExists(TableName.valueOf("default", "gen_purchases_cold_2026_12")));
    }
  }
}
