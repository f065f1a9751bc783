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
    } else if (PARAMETER_INVALID.equals(code)
        && message != null
        && message.startsWith(DATA_SIZE_OVER_LIMIT)) {
      // "The total data size of PutRow request exceeds the limit, limit size: 4194304 , ..."
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
   * How the service's {@code OTSParameterInvalid} starts for a PutRow, UpdateRow or BatchWriteRow
   * over its 4 MB of data (the error-code documentation): a limit, not a malformed request.
   */
  static final String DATA_SIZE_OVER_LIMIT = "The total data size of ";

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
          "OTSRowOperationConflict" ->
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
