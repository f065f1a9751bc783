package dev.widekey.store.tablestore;

import static dev.widekey.store.tablestore.TablestoreFixtures.key;
import static dev.widekey.store.tablestore.TablestoreFixtures.row;
import static dev.widekey.store.tablestore.TablestoreFixtures.storeOver;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.retry.RetryingStore;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.fault.FakeTime;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A conditional write that the service applies and answers with a timeout code. Its outcome is
 * unknown to the caller, so it must be reported as such ({@link ErrorKind#TIMEOUT}: "the write may
 * or may not have been applied"), never as a condition failure (not applied), and a retry must not
 * re-send it blindly: the retry that fails its condition against the write's own row is checked
 * against the stored row ({@code OwnWrites}).
 *
 * <p>Sources: the service's error-code reference (Alibaba Cloud, Tablestore "Error codes",
 * https://www.alibabacloud.com/help/en/tablestore/developer-reference/error-codes) lists {@code
 * OTSRequestTimeout} as HTTP 408 "Request timeout." (the client took too long to complete the
 * request; Retry: No) and {@code OTSTimeout} as 503 "Operation timeout."; the 5xx FAQ
 * (https://help.aliyun.com/en/tablestore/support/why-do-5xx-related-errors-occur-when-i-use-tablestore)
 * says a retry usually resolves {@code OTSTimeout}. Neither page says that a timed-out write was
 * not applied, so the store reports both as {@code TIMEOUT} (outcome unknown), which the retry
 * loops re-send only with the stored-row check. The Java SDK's {@code DefaultRetryStrategy}
 * (aliyun-tablestore-java-sdk, model/DefaultRetryStrategy.java) deems every write non-idempotent:
 * it retries neither code for PutRow or DeleteRow, so no re-send happens below the store.
 */
class TimedOutConditionalWriteOnTablestoreTest {
  private static final String TABLE = "timed_out";

  private FakeTablestoreService service;
  private TablestoreStore store;

  @BeforeEach
  void open() {
    service = new FakeTablestoreService(3, 1);
    store = storeOver(service, Duration.ofSeconds(5));
    store.createTable(
        new TableSpec(
            TABLE,
            List.of(new PkColumn("pk", PkType.STRING), new PkColumn("seq", PkType.INTEGER))));
  }

  @AfterEach
  void close() {
    store.close();
  }

  private static RetryPolicy retries() {
    FakeTime time = new FakeTime();
    return RetryPolicy.builder()
        .maxAttempts(3)
        .baseDelay(Duration.ZERO)
        .maxDelay(Duration.ZERO)
        .clock(time)
        .sleeper(time)
        .build();
  }

  @Test
  void anInsertAppliedAndAnsweredWithATimeoutCodeIsReportedOfUnknownOutcome() {
    for (String code : List.of("OTSRequestTimeout", "OTSTimeout")) {
      service.failAfterApplyingNext("putRow", code, "Request timeout.");
      StoreException e =
          assertThrows(
              StoreException.class,
              () -> store.put(TABLE, row(code, 1, 1), WriteCondition.rowAbsent()));
      assertEquals(ErrorKind.TIMEOUT, e.kind(), e::getMessage);
      assertNotEquals(ErrorKind.CONDITION_FAILED, e.kind(), "never reported as not applied");
      assertTrue(e.getMessage().contains(code), e::getMessage);
      assertTrue(
          store.get(TABLE, key(code, 1), ColumnSelection.all()).isPresent(), "it was applied");
    }
  }

  @Test
  void anInsertAppliedAndAnsweredWithATimeoutCodeIsRecognisedOnItsRetry() {
    for (String code : List.of("OTSRequestTimeout", "OTSTimeout")) {
      service.failAfterApplyingNext("putRow", code, "Request timeout.");
      new RetryingStore(store, retries()).put(TABLE, row(code, 2, 7), WriteCondition.rowAbsent());
      assertEquals(
          row(code, 2, 7), store.get(TABLE, key(code, 2), ColumnSelection.all()).orElseThrow());
    }
  }
}
