package dev.widekey.store.tablestore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.Error;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

class TablestoreErrorsTest {
  @Test
  void networkFailuresAndTimeoutsAreRetryable() {
    StoreException timeout =
        TablestoreErrors.map(
            "put",
            new ClientException("request failed", new SocketTimeoutException("read timed out")));
    assertEquals(ErrorKind.TIMEOUT, timeout.kind());
    assertTrue(timeout.retryable());
    StoreException network =
        TablestoreErrors.map(
            "put",
            new ClientException("request failed", new ConnectException("Connection refused")));
    assertEquals(ErrorKind.UNAVAILABLE, network.kind());
    assertTrue(network.retryable());
  }

  /** As the SDK's DefaultRetryStrategy, only what may go differently next time is retried. */
  @Test
  void clientFailuresThatCannotPassAreNotRetryable() {
    StoreException moved =
        TablestoreErrors.map(
            "put",
            new ClientException(
                "request failed", new UnknownHostException("old-instance.ots.aliyuncs.com")));
    assertEquals(ErrorKind.UNAVAILABLE, moved.kind());
    assertFalse(moved.retryable());
    StoreException unreadable =
        TablestoreErrors.map("put", new ClientException("Response's MD5 does not match."));
    assertEquals(ErrorKind.INTERNAL, unreadable.kind());
    assertFalse(unreadable.retryable());
  }

  /**
   * One code, two errors: the SDK's DefaultRetryStrategy retries OTSQuotaExhausted only with the
   * message "Too frequent table operations."; "Number of tables exceeds the quota:64." stays
   * (RestrictedItemTest, the service's error codes).
   */
  @Test
  void quotaExhaustedIsRetryableOnlyForTooFrequentTableOperations() {
    StoreException frequent =
        TablestoreErrors.map(
            "create",
            new TableStoreException(
                "Too frequent table operations.", null, "OTSQuotaExhausted", "r", 403));
    assertEquals(ErrorKind.THROTTLED, frequent.kind());
    assertTrue(frequent.retryable());
    StoreException tables =
        TablestoreErrors.map(
            "create",
            new TableStoreException(
                "Number of tables exceeds the quota:64.", null, "OTSQuotaExhausted", "r", 403));
    assertEquals(ErrorKind.LIMIT_EXCEEDED, tables.kind());
    assertFalse(tables.retryable());
  }

  @Test
  void theSdksArgumentChecksAreInvalidRequests() {
    StoreException e = TablestoreErrors.map("put", new IllegalArgumentException("bad name"));
    assertEquals(ErrorKind.INVALID_REQUEST, e.kind());
    assertFalse(e.retryable());
  }

  @Test
  void anUnknownCodeFollowsTheHttpStatus() {
    StoreException server =
        TablestoreErrors.map("put", new TableStoreException("?", null, "OTSNewThing", "r", 503));
    assertEquals(ErrorKind.INTERNAL, server.kind());
    assertTrue(server.retryable());
    StoreException client =
        TablestoreErrors.map("put", new TableStoreException("?", null, "OTSNewThing", "r", 400));
    assertEquals(ErrorKind.INVALID_REQUEST, client.kind());
    assertFalse(client.retryable());
  }

  @Test
  void rowErrorsMapByCode() {
    StoreException e = TablestoreErrors.fromRowError("row", new Error("OTSTimeout", "slow"));
    assertEquals(ErrorKind.TIMEOUT, e.kind());
    assertTrue(e.retryable());
  }

  /** "Condition check failed." (403): the stored row must be read again, so never retried. */
  @Test
  void aConditionCheckFailureIsConditionFailedAndNotRetryable() {
    StoreException call =
        TablestoreErrors.map(
            "put",
            new TableStoreException(
                "Condition check failed.", null, "OTSConditionCheckFail", "r", 403));
    assertEquals(ErrorKind.CONDITION_FAILED, call.kind());
    assertFalse(call.retryable());
    StoreException row =
        TablestoreErrors.fromRowError(
            "put", new Error("OTSConditionCheckFail", "Condition check failed."));
    assertEquals(ErrorKind.CONDITION_FAILED, row.kind());
    assertFalse(row.retryable());
  }
}
