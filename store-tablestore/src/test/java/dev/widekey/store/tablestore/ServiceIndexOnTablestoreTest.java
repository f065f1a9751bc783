package dev.widekey.store.tablestore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alicloud.openservices.tablestore.model.AddDefinedColumnRequest;
import com.alicloud.openservices.tablestore.model.CreateIndexRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.UpdateTableRequest;
import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.DefinedColumn;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.ServiceIndex;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.ServiceIndexContractTest;
import dev.widekey.store.tck.TestClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Service-maintained indexes through the Tablestore backend over the fake service: created with the
 * table by CreateTable's IndexMeta list, read by GetRange on the index table's name, a local index
 * synchronous and a global one lagging by the delay the test sets on the fake.
 */
class ServiceIndexOnTablestoreTest extends ServiceIndexContractTest {
  @Override
  protected WideTableStore store(TestClock clock, Duration globalLag) {
    FakeTablestoreService service = new FakeTablestoreService(3, 0);
    service.useClock(clock);
    service.globalIndexLag(globalLag);
    return TablestoreFixtures.storeOver(service, Duration.ofSeconds(5));
  }

  private static final TableSpec PLAIN =
      new TableSpec(
          "tickets",
          List.of(new PkColumn("id", PkType.STRING), new PkColumn("seq", PkType.INTEGER)));

  private static final TableSpec INDEXED =
      PLAIN.withServiceIndexes(
          List.of(new DefinedColumn("queue", AttrType.STRING)),
          List.of(
              new ServiceIndex("tickets_by_queue", List.of("queue"), ServiceIndex.Kind.GLOBAL)));

  private static List<PrimaryKey> byQueue(WideTableStore store) {
    try (Stream<Row> rows = store.scanIndex("tickets", "tickets_by_queue", ScanRange.all(3))) {
      return rows.map(Row::key).toList();
    }
  }

  /**
   * A global index added to a table with rows: AddDefinedColumn, then CreateIndex with
   * IncludeBaseData, and createTable returns only once the service reports the index past its FULL
   * sync phase (the existing rows indexed), so the first read finds them.
   */
  @Test
  void anAddedIndexIsCreatedWithTheBaseDataAndWaitedFor() {
    FakeTablestoreService service = new FakeTablestoreService(3, 0);
    try (WideTableStore store = TablestoreFixtures.storeOver(service, Duration.ofSeconds(5))) {
      store.createTable(PLAIN);
      store.put("tickets", Row.of(key("t1"), Map.of("queue", AttrValue.ofString("open"))));
      service.indexBuildDescribes = 3;
      service.clearRequests();

      store.createTable(INDEXED);

      List<Object> sent = service.requests();
      AddDefinedColumnRequest columns =
          (AddDefinedColumnRequest)
              sent.stream().filter(r -> r instanceof AddDefinedColumnRequest).findFirst().get();
      assertEquals("queue", columns.getDefinedColumn().get(0).getName());
      CreateIndexRequest index =
          (CreateIndexRequest)
              sent.stream().filter(r -> r instanceof CreateIndexRequest).findFirst().get();
      assertTrue(index.getIncludeBaseData(), "the rows already stored are indexed");
      assertTrue(sent.indexOf(columns) < sent.indexOf(index), "the column exists before the index");
      long describesAfter =
          sent.subList(sent.indexOf(index), sent.size()).stream()
              .filter(r -> r instanceof DescribeTableRequest)
              .count();
      assertTrue(describesAfter >= 4, "waited through 3 answers in phase FULL: " + sent);
      assertEquals(List.of(indexKey("open", "t1")), byQueue(store));
    }
  }

  /** An index still in phase FULL past the ready timeout: a retryable TIMEOUT naming it. */
  @Test
  void anIndexStillBuildingPastTheTimeoutIsATimeout() {
    FakeTablestoreService service = new FakeTablestoreService(3, 0);
    try (WideTableStore store = TablestoreFixtures.storeOver(service, Duration.ofMillis(300))) {
      store.createTable(PLAIN);
      service.indexBuildDescribes = Integer.MAX_VALUE;

      StoreException e = assertThrows(StoreException.class, () -> store.createTable(INDEXED));

      assertEquals(ErrorKind.TIMEOUT, e.kind(), e::toString);
      assertTrue(e.retryable(), e::toString);
      assertTrue(e.getMessage().contains("tickets_by_queue"), e::getMessage);
    }
  }

  /**
   * An expiring table stops taking UpdateRow before the index is created, which the service
   * requires of a table with indexes and a time to live.
   */
  @Test
  void anExpiringTableRefusesUpdatesBeforeItsIndexIsAdded() {
    FakeTablestoreService service = new FakeTablestoreService(3, 0);
    try (WideTableStore store = TablestoreFixtures.storeOver(service, Duration.ofSeconds(5))) {
      store.createTable(PLAIN.withTtlSeconds(86_400 * 2));
      service.clearRequests();

      store.createTable(INDEXED.withTtlSeconds(86_400 * 2));

      List<Object> sent = service.requests();
      int update = -1;
      int create = -1;
      for (int i = 0; i < sent.size(); i++) {
        if (sent.get(i) instanceof UpdateTableRequest u) {
          assertEquals(false, u.getTableOptionsForUpdate().getAllowUpdate());
          update = i;
        } else if (sent.get(i) instanceof CreateIndexRequest) {
          create = i;
        }
      }
      assertTrue(update >= 0 && update < create, sent::toString);
    }
  }

  private static PrimaryKey key(String id) {
    return PrimaryKey.of(PkValue.ofString(id), PkValue.ofInteger(1));
  }

  private static PrimaryKey indexKey(String queue, String id) {
    return PrimaryKey.of(PkValue.ofString(queue), PkValue.ofString(id), PkValue.ofInteger(1));
  }
}
