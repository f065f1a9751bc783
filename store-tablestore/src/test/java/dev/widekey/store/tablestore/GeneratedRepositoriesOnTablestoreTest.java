package dev.widekey.store.tablestore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.store.tck.GeneratedRepositoriesContractTest;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The generated repositories on the Tablestore backend, its requests answered by {@link
 * FakeTablestoreService} as in the contract test (GetRange pages of at most 7 rows, new tables that
 * refuse their first call). Where it matters, the test looks at what the service received and
 * holds.
 */
class GeneratedRepositoriesOnTablestoreTest extends GeneratedRepositoriesContractTest {
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

  /** The attribute column names the service holds for a row, read with the SDK. */
  @Override
  protected Set<String> serviceColumns(String table, PrimaryKey key) {
    SingleRowQueryCriteria criteria =
        new SingleRowQueryCriteria(
            table, SdkMapping.sdkKey(store.describeTable(table).orElseThrow().primaryKey(), key));
    criteria.setMaxVersions(1);
    var row = service.client().getRow(new GetRowRequest(criteria)).getRow();
    Set<String> names = new TreeSet<>();
    if (row != null) {
      for (Column c : row.getColumns()) {
        names.add(c.getName());
      }
    }
    return names;
  }

  @Override
  protected void checkTablesExist(List<String> tables) {
    List<String> names = service.client().listTable().getTableNames();
    assertTrue(names.containsAll(tables), names.toString());
  }

  /** The service's shard splits, one fewer than its partitions. */
  @Override
  protected void checkPartitions(String table, int partitions) {
    assertEquals(
        partitions - 1,
        service.client().describeTable(new DescribeTableRequest(table)).getShardSplits().size());
  }

  @Override
  protected void clearRequests() {
    service.clearRequests();
  }

  /** One PutRow, under the key's partition-key value. */
  @Override
  protected void checkWritten(String table, PrimaryKey key, PkValue start, PkValue end) {
    List<PutRowRequest> puts = service.requests(PutRowRequest.class);
    assertEquals(1, puts.size());
    assertEquals(
        key.get(0).asString(),
        puts.get(0).getRowChange().getPrimaryKey().getPrimaryKeyColumn(0).getValue().asString());
  }

  @Override
  protected void checkDeleted(String table, PrimaryKey key) {
    assertEquals(1, service.requests(DeleteRowRequest.class).size());
  }

  @Override
  protected void checkWrittenInBatches() {
    assertTrue(
        !service.requests(BatchWriteRowRequest.class).isEmpty(), "written as BatchWriteRow calls");
    assertTrue(service.requests(PutRowRequest.class).isEmpty());
  }

  /** Device 54 alone spans three GetRange pages of 7 rows. */
  @Override
  protected void checkScannedInPages() {
    assertTrue(
        service.requests(GetRangeRequest.class).size() >= 3,
        "the scan followed the service's pages");
  }

  @Override
  protected void checkNothingSent() {
    assertEquals(List.of(), service.requests(), "nothing reached the service");
  }

  /** Tables named by the GetRow requests the service received. */
  @Override
  protected void checkRowsReadFrom(List<String> tables) {
    assertEquals(
        tables,
        service.requests(GetRowRequest.class).stream()
            .map(r -> r.getRowQueryCriteria().getTableName())
            .toList());
  }
}
