package dev.widekey.store.tablestore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.TimeShardedContractTest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The time-sharded repository contract on the Tablestore backend, answered by {@link
 * FakeTablestoreService} (GetRange pages of 7 rows, new tables that refuse their first call): the
 * period tables are found with ListTable.
 */
class TimeShardedOnTablestoreTest extends TimeShardedContractTest {
  private static FakeTablestoreService service;
  private static TablestoreStore store;

  @BeforeAll
  static void open() {
    service = new FakeTablestoreService(7, 1);
    store =
        new TablestoreStore(
            service.client(), service::createTableEx, () -> {}, Duration.ofSeconds(5));
  }

  @AfterAll
  static void close() {
    store.close();
  }

  @Override
  protected WideTableStore store() {
    return store;
  }

  @Test
  void periodTablesAreTheServicesOwn() {
    purchases.createTablesAhead(java.time.Instant.parse("2026-11-05T00:00:00Z"));

    assertEquals(
        List.of(
            "gen_purchases_2026_11",
            "gen_purchases_2026_12",
            "gen_purchases_cold_2026_11",
            "gen_purchases_cold_2026_12"),
        service.client().listTable().getTableNames().stream()
            .filter(n -> n.startsWith("gen_purchases_"))
            .sorted()
            .toList());
  }
}
