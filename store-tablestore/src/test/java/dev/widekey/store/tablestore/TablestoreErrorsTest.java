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
import java.util.List;
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

  /**
   * The SDKs for Python, Go, PHP and Node.js retry OTSOperationThrottled whatever the call ({@code
   * should_retry_no_matter_which_api}, with OTSServerBusy and OTSRowOperationConflict); Java SDK
   * 5.17 does not know the code. Its HTTP status is not documented: as a 4xx it must not fall to
   * the unknown-code default, which would make a throttled call permanent.
   */
  @Test
  void operationThrottledIsThrottledAndRetryableWhateverItsStatus() {
    for (int status : new int[] {403, 429, 503}) {
      StoreException e =
          TablestoreErrors.map(
              "put",
              new TableStoreException(
                  "The operation is throttled.", null, "OTSOperationThrottled", "r", status));
      assertEquals(ErrorKind.THROTTLED, e.kind(), "status " + status);
      assertTrue(e.retryable(), "status " + status);
    }
    StoreException row =
        TablestoreErrors.fromRowError("put", new Error("OTSOperationThrottled", "throttled"));
    assertEquals(ErrorKind.THROTTLED, row.kind());
    assertTrue(row.retryable());
  }

  /**
   * The service answers a request over one of its limits with OTSParameterInvalid and a message
   * that names the limit; the messages are those the SDK's function tests assert against the
   * service (RestrictedItemTest, SplitPointTest, SecondaryIndexTest). They are limits, as when the
   * store refuses the same request itself before sending ({@code ServiceChecks}): LIMIT_EXCEEDED,
   * never retried. A malformed request stays INVALID_REQUEST.
   */
  @Test
  void aParameterErrorThatNamesAnExceededLimitIsLimitExceeded() {
    List<String> limits =
        List.of(
            "The length of primary key column: 'pk_0' exceeds the MaxLength:1024 with"
                + " CurrentLength:1025.",
            "The length of attribute column: 'attr' exceeds the MaxLength:2097152 with"
                + " CurrentLength:2097153.",
            "The number of attribute columns exceeds the limit, limit count: 1024, column count:"
                + " 1025.",
            "The number of columns from the request exceeds the limit, limit count: 1024, column"
                + " count: 1025.",
            "Rows count exceeds the upper limit: 200.",
            "The total data size of BatchWriteRow request exceeds the limit, limit size: 4194304,"
                + " data size: 4194305.",
            "The value of partition range exceeds the MaxLength:64 with CurrentLength:65.",
            "The count of partitions cannot be greater than 10",
            "Number of index per table exceeds the quota:5.");
    for (String message : limits) {
      StoreException call =
          TablestoreErrors.map(
              "write", new TableStoreException(message, null, "OTSParameterInvalid", "r", 400));
      assertEquals(ErrorKind.LIMIT_EXCEEDED, call.kind(), message);
      assertFalse(call.retryable(), message);
      StoreException row =
          TablestoreErrors.fromRowError("write", new Error("OTSParameterInvalid", message));
      assertEquals(ErrorKind.LIMIT_EXCEEDED, row.kind(), message);
    }
    for (String message :
        List.of(
            "Invalid column name: 'bad-name'.",
            "VT_INF_MIN is an invalid type for the primary key.",
            "Begin key must less than end key in FORWARD.")) {
      StoreException e =
          TablestoreErrors.map(
              "write", new TableStoreException(message, null, "OTSParameterInvalid", "r", 400));
      assertEquals(ErrorKind.INVALID_REQUEST, e.kind(), message);
    }
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
