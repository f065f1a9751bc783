package dev.widekey.store.tablestore;

import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.Error;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.concurrent.TimeoutException;

/**
 * Maps Tablestore error codes to the SPI's typed errors. Whether a call may be retried follows the
 * service's documented error codes and the SDK's {@code DefaultRetryStrategy}: busy, too frequent
 * table operations, partition moves, timeouts and internal errors may succeed on another attempt;
 * invalid parameters, missing objects and an exhausted table quota never will.
 */
final class TablestoreErrors {
  private TablestoreErrors() {}

  static StoreException map(String what, Exception e) {
    if (e instanceof StoreException s) {
      return s;
    }
    if (e instanceof TableStoreException t) {
      return fromCode(what, t.getErrorCode(), t.getMessage(), t.getHttpStatus(), t);
    }
    if (e instanceof ClientException) {
      return fromClient(what, e);
    }
    if (e instanceof IllegalArgumentException || e instanceof NullPointerException) {
      // the SDK's own argument checks
      return new StoreException(ErrorKind.INVALID_REQUEST, what + ": " + e.getMessage(), e);
    }
    return new StoreException(ErrorKind.INTERNAL, what + ": " + e, false, e);
  }

  /**
   * The SDK could not complete the call. Its {@code DefaultRetryStrategy} retries a {@code
   * ClientException} for the calls it deems idempotent; only a network failure or a timeout can go
   * differently next time. A conditional put that timed out may have been applied: sent again, it
   * can fail with {@code OTSConditionCheckFail} against its own first write, which the runtime's
   * retries recognise by reading the row ({@code OwnWrites}). An endpoint that no longer resolves
   * (a moved or mistyped instance), a response the SDK cannot read or sign-check, or an interrupted
   * wait will not.
   */
  static StoreException fromClient(String what, Exception e) {
    String message = what + ": " + e.getMessage();
    if (hasCause(e, SocketTimeoutException.class) || hasCause(e, TimeoutException.class)) {
      return new StoreException(ErrorKind.TIMEOUT, message, true, e);
    }
    if (hasCause(e, UnknownHostException.class)) {
      return new StoreException(ErrorKind.UNAVAILABLE, message, false, e);
    }
    if (hasCause(e, IOException.class)) {
      return new StoreException(ErrorKind.UNAVAILABLE, message, true, e);
    }
    return new StoreException(ErrorKind.INTERNAL, message, false, e);
  }

  /** The error of one row of a batch. */
  static StoreException fromRowError(String what, Error error) {
    return fromCode(what, error.getCode(), error.getMessage(), 0, null);
  }

  static StoreException fromCode(
      String what, String code, String message, int httpStatus, Throwable cause) {
    ErrorKind kind = kindOf(code);
    boolean retryable;
    if (QUOTA_EXHAUSTED.equals(code) && !TOO_FREQUENT.equals(message)) {
      // "Number of tables exceeds the quota:64." and any other quota: permanent
      kind = ErrorKind.LIMIT_EXCEEDED;
      retryable = false;
    } else if (PARAMETER_INVALID.equals(code) && namesExceededLimit(message)) {
      // "The total data size of PutRow request exceeds the limit, limit size: 4194304 , ...",
      // "The length of primary key column: 'pk' exceeds the MaxLength:1024 with ..."
      kind = ErrorKind.LIMIT_EXCEEDED;
      retryable = false;
    } else if (kind == null) {
      // a code this version does not know: trust the HTTP status where there is one
      kind = httpStatus >= 500 ? ErrorKind.INTERNAL : ErrorKind.INVALID_REQUEST;
      retryable = httpStatus >= 500;
    } else {
      retryable = kind.retryableByDefault();
    }
    return new StoreException(kind, what + ": " + code + " " + message, retryable, cause);
  }

  static final String QUOTA_EXHAUSTED = "OTSQuotaExhausted";

  static final String PARAMETER_INVALID = "OTSParameterInvalid";

  /**
   * Whether an {@code OTSParameterInvalid} message says the request is over one of the service's
   * limits rather than malformed, as the service words them (the error-code documentation; the
   * SDK's function tests against the service, {@code RestrictedItemTest}, {@code SplitPointTest},
   * {@code SecondaryIndexTest}): "The total data size of PutRow request exceeds the limit, …", "The
   * length of primary key column: 'pk_0' exceeds the MaxLength:1024 …", "The number of attribute
   * columns exceeds the limit, …", "Rows count exceeds the upper limit: 200.", "Number of index per
   * table exceeds the quota:5.", "The count of partitions cannot be greater than 10". The store
   * refuses each of these itself with {@link ErrorKind#LIMIT_EXCEEDED} before sending; the
   * service's answer maps to the same kind.
   */
  static boolean namesExceededLimit(String message) {
    return message != null
        && (message.contains(" exceeds the ") || message.contains(" cannot be greater than "));
  }

  /**
   * The one {@code OTSQuotaExhausted} message that passes with time; the SDK's {@code
   * DefaultRetryStrategy} retries this code with this message only.
   */
  static final String TOO_FREQUENT = "Too frequent table operations.";

  static ErrorKind kindOf(String code) {
    if (code == null) {
      return null;
    }
    return switch (code) {
      case "OTSServerBusy",
          "OTSQuotaExhausted",
          "OTSNotEnoughCapacityUnit",
          "OTSTooFrequentReservedThroughputAdjustment",
          "OTSCapacityUnitExhausted",
          "OTSRowOperationConflict",
          // retried whatever the call by the SDKs for Python, Go, PHP and Node.js; unknown to
          // Java SDK 5.17, and of an undocumented status, so never left to the 4xx default
          "OTSOperationThrottled" ->
          ErrorKind.THROTTLED;
      case "OTSPartitionUnavailable", "OTSServerUnavailable", "OTSTableNotReady" ->
          ErrorKind.UNAVAILABLE;
      case "OTSTimeout", "OTSRequestTimeout" -> ErrorKind.TIMEOUT;
      case "OTSInternalServerError" -> ErrorKind.INTERNAL;
      case "OTSObjectNotExist" -> ErrorKind.TABLE_NOT_FOUND;
      case "OTSObjectAlreadyExist" -> ErrorKind.TABLE_EXISTS;
      // a conditional write's row existence or column condition did not hold: 403 "Condition
      // check failed.", and the same again until the row is read anew
      case "OTSConditionCheckFail" -> ErrorKind.CONDITION_FAILED;
      case "OTSRequestBodyTooLarge",
          "OTSOutOfColumnCountLimit",
          "OTSOutOfRowSizeLimit",
          "OTSOutOfTransactionDataSizeLimit" ->
          ErrorKind.LIMIT_EXCEEDED;
      case PARAMETER_INVALID,
          "OTSInvalidPK",
          "OTSAuthFailed",
          "OTSNoPermissionAccess",
          "OTSMethodNotAllowed",
          "OTSUnsupportOperation" ->
          ErrorKind.INVALID_REQUEST;
      default -> null;
    };
  }

  private static boolean hasCause(Throwable error, Class<?> type) {
    for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }
}
