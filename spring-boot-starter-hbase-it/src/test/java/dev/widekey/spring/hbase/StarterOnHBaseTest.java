package dev.widekey.spring.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.Stores;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.sample.Item;
import dev.widekey.sample.ItemRepository;
import dev.widekey.sample.ItemTable;
import dev.widekey.spring.WideTableStoreHealthIndicator;
import dev.widekey.spring.WidekeyAutoConfiguration;
import dev.widekey.store.hbase.HBaseStore;
import dev.widekey.store.hbase.MiniHBase;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The starter in a Spring Boot application on the HBase mini cluster, configured as a user
 * configures it: {@code widekey.store=hbase} and the cluster's ZooKeeper quorum and port as {@code
 * widekey.hbase.*} properties. Through the injected beans: the store is the HBase store, the
 * sample's split entity ({@code Item}, its description in a cold table) is written and read back,
 * the health indicator is UP; and closing the context sends the delete of the cold row the last
 * write replaced, then closes the store and stops every thread its connection started.
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
class StarterOnHBaseTest {

  /** The application: nothing but the starter's auto-configuration. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class Application {}

  @Test
  void theStarterRunsOnTheMiniCluster(MiniHBase cluster) throws InterruptedException {
    Set<Thread> before = StartedThreads.alive();
    Item item = new Item(42L, 7, new BigDecimal("19.99"), "a long description ".repeat(50));
    Item changed = new Item(42L, 6, new BigDecimal("18.00"), "shorter");
    WideTableStore store;
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("widekey.store", "hbase");
    settings.put("widekey.hbase.zookeeper.quorum", "localhost");
    settings.put("widekey.hbase.zookeeper.port", String.valueOf(cluster.zookeeperPort()));
    try (ConfigurableApplicationContext context =
        new SpringApplicationBuilder(Application.class)
            .web(WebApplicationType.NONE)
            .bannerMode(Banner.Mode.OFF)
            .properties(asProperties(settings))
            .run()) {
      store = context.getBean(WidekeyAutoConfiguration.STORE_BEAN, WideTableStore.class);
      assertInstanceOf(HBaseStore.class, store);

      ItemRepository items = context.getBean(ItemRepository.class);
      assertEquals(store, items.store());
      items.createTables();
      assertTrue(
          store.listTables("items").containsAll(Set.of("items", "items_cold")),
          () -> "the split entity's hot and cold tables: " + store.listTables("items"));
      items.put(item);
      assertEquals(Optional.of(item), items.getWithCold(42L));
      assertEquals(Optional.of(new Item(42L, 7, new BigDecimal("19.99"), null)), items.get(42L));
      Health health = context.getBean(WideTableStoreHealthIndicator.class).health();
      assertEquals(Status.UP, health.getStatus(), health::toString);
      assertEquals("HBaseStore", health.getDetails().get("store"));

      // the check below sees the client's threads: the open store's connection has some
      assertFalse(
          StartedThreads.since(before).isEmpty(), "no thread of the open HBase connection seen");

      // last, just before the context closes: a second write commits over the first (the hot
      // row's compare-and-set on the tag it read) and queues the delete of the replaced cold row
      items.put(changed);
    }

    // closed with the context: its connection refuses further calls
    assertThrows(RuntimeException.class, () -> store.listTables("items"));
    // ...and only after the repository sent the delete of the cold row the second write replaced
    try (WideTableStore again = Stores.open(settings)) {
      assertEquals(Optional.of(changed), new ItemRepository(again).getWithCold(42L));
      try (Stream<Row> cold =
          again.scan(ItemTable.COLD_NAME, ScanRange.all(ItemTable.COLD.primaryKey().size()))) {
        assertEquals(1, cold.count(), "cold rows: the last write's, and no replaced one");
      }
    }
    Set<Thread> left = StartedThreads.stillAliveSince(before);
    assertTrue(left.isEmpty(), () -> "threads left running after the context closed: " + left);
  }

  /** {@code key=value} strings, as {@code SpringApplicationBuilder.properties} takes them. */
  private static String[] asProperties(Map<String, String> settings) {
    return settings.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .toArray(String[]::new);
  }
}
