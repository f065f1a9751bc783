package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.StoreConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The HBase provider's declared settings, as {@link StoreConfig} checks them; no cluster. */
class HBaseStoreSettingsTest {
  @Test
  void everyDocumentedSettingIsDeclaredAndAMisspeltOneNamesTheRightOne() {
    StoreConfig config =
        StoreConfig.of(
            Map.of(
                "widekey.store", "hbase",
                "widekey.hbase.zookeeper.quorum", "zk1,zk2",
                "widekey.hbase.zookeeper.port", "2181",
                "widekey.hbase.znode.parent", "/hbase",
                "widekey.hbase.namespace", "default",
                "widekey.hbase.username", "root",
                "widekey.hbase.password", "hunter2",
                "widekey.hbase.write.order", "row-marker",
                "widekey.hbase.conf.hbase.rpc.timeout", "5000"));
    assertEquals("hbase", config.kind());
    String described = config.toString();
    assertFalse(described.contains("hunter2"), described);
    assertTrue(described.contains("widekey.hbase.password=**** (given)"), described);

    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> StoreConfig.of(Map.of("widekey.hbase.zookeeper.qourum", "zk1")));
    assertTrue(
        e.getMessage().contains("did you mean widekey.hbase.zookeeper.quorum?"), e.getMessage());
  }
}
