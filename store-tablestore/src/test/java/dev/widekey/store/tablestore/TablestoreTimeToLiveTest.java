package dev.widekey.store.tablestore;

import static dev.widekey.store.tablestore.TablestoreFixtures.SCHEMA;
import static dev.widekey.store.tablestore.TablestoreFixtures.storeOver;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.CreateTableRequestEx;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import dev.widekey.annotations.Profile;
import dev.widekey.runtime.store.TableSpec;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Time to live on the Tablestore backend: the TimeToLive table option on CreateTable, read back by
 * DescribeTable, and the fake service's refusal of a TimeToLive the service refuses.
 */
class TablestoreTimeToLiveTest {
  private final FakeTablestoreService service = new FakeTablestoreService(7, 0);

  @Test
  void createTableSendsTheTimeToLiveAndAFreshStoreReadsItBack() {
    TableSpec spec = new TableSpec("sessions", SCHEMA, List.of(), Profile.TABLESTORE, 3 * 86_400);
    storeOver(service, Duration.ofSeconds(5)).createTable(spec);

    CreateTableRequestEx sent = service.requests(CreateTableRequestEx.class).get(0);
    assertEquals(3 * 86_400, sent.getTableOptions().getTimeToLive());
    assertEquals(spec, storeOver(service, Duration.ZERO).describeTable("sessions").orElseThrow());
  }

  @Test
  void theServiceRefusesATimeToLiveUnderADayOrZero() {
    // the SDK refuses 0 and below -1 itself, before sending
    assertThrows(IllegalArgumentException.class, () -> new TableOptions(0, 1));
    assertThrows(IllegalArgumentException.class, () -> new TableOptions(-2, 1));
    for (int ttl : new int[] {1, 86_399}) {
      TableMeta meta = new TableMeta("t" + ttl);
      meta.addPrimaryKeyColumn("pk", PrimaryKeyType.STRING);
      TableStoreException e =
          assertThrows(
              TableStoreException.class,
              () ->
                  service.createTableEx(new CreateTableRequestEx(meta, new TableOptions(ttl, 1))));
      assertEquals(FakeTablestoreService.PARAMETER_INVALID, e.getErrorCode(), "ttl " + ttl);
    }
    TableMeta day = new TableMeta("day");
    day.addPrimaryKeyColumn("pk", PrimaryKeyType.STRING);
    service.createTableEx(new CreateTableRequestEx(day, new TableOptions(86_400, 1)));
  }

  @Test
  void aTableOfAnotherTimeToLiveIsNotAdopted() {
    storeOver(service, Duration.ofSeconds(5))
        .createTable(new TableSpec("sessions", SCHEMA, List.of(), Profile.TABLESTORE, 86_400));
    TableSpec other = new TableSpec("sessions", SCHEMA, List.of(), Profile.TABLESTORE, 2 * 86_400);
    dev.widekey.runtime.store.StoreException e =
        assertThrows(
            dev.widekey.runtime.store.StoreException.class,
            () -> storeOver(service, Duration.ZERO).createTable(other));
    assertEquals(dev.widekey.runtime.store.ErrorKind.TABLE_EXISTS, e.kind());
  }
}
