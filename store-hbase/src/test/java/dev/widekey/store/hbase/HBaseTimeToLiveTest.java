package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.TableSpec;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A table's time to live is its column family's TTL, and a fresh store describes the table back
 * with it and with its profile (HBase itself keeps no profile: the table descriptor does). Expiry
 * itself is HBase's: reads skip cells older than the TTL at once, compactions remove them.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class HBaseTimeToLiveTest {

  @Test
  void aTableWithATimeToLiveDescribesBackWithIt(MiniHBase cluster) throws Exception {
    Connection connection = cluster.connection();
    TableSpec spec =
        new TableSpec(
            "hbase_ttl_test",
            List.of(new PkColumn("pk", PkType.STRING), new PkColumn("n", PkType.INTEGER)),
            List.of(PkValue.ofString("m")),
            Profile.LINDORM,
            3600);
    try (HBaseStore store = HBaseStore.using(connection, "default")) {
      store.createTable(spec);
      try (Admin admin = connection.getAdmin()) {
        assertEquals(
            3600,
            admin
                .getDescriptor(TableName.valueOf("default", "hbase_ttl_test"))
                .getColumnFamilies()[0]
                .getTimeToLive());
      }
    }
    try (HBaseStore fresh = HBaseStore.using(connection, "default")) {
      assertEquals(spec, fresh.describeTable("hbase_ttl_test").orElseThrow());
      fresh.deleteTable("hbase_ttl_test");
    }
  }
}
