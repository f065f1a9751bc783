package dev.widekey.store.hbase;

import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.hbase.CallQueueTooBigException;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.RegionTooBusyException;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableNotEnabledException;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.NoServerForRegionException;
import org.apache.hadoop.hbase.client.OperationTimeoutExceededException;
import org.apache.hadoop.hbase.client.RegionOfflineException;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.exceptions.RegionMovedException;
import org.apache.hadoop.hbase.exceptions.RegionOpeningException;
import org.apache.hadoop.hbase.exceptions.RequestTooBigException;
import org.apache.hadoop.hbase.exceptions.TimeoutIOException;
import org.apache.hadoop.hbase.ipc.CallTimeoutException;
import org.apache.hadoop.hbase.ipc.ServerNotRunningYetException;
import org.apache.hadoop.hbase.ipc.ServerTooBusyException;
import org.apache.hadoop.hbase.quotas.RpcThrottlingException;
import org.apache.hadoop.hbase.quotas.ThrottlingException;
import org.apache.hadoop.hbase.regionserver.RegionServerStoppedException;

/**
 * Maps HBase client exceptions to the SPI's typed errors. The client wraps the server's exception
 * in retry and execution wrappers, so the cause chain is searched for the most telling one.
 */
final class HBaseErrors {
  private HBaseErrors() {}

  static StoreException map(String what, Throwable error) {
    if (error instanceof StoreException s) {
      return s;
    }
    if (error instanceof InterruptedException) {
      Thread.currentThread().interrupt();
      return new StoreException(ErrorKind.TIMEOUT, what + " was interrupted", error);
    }
    for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof RetriesExhaustedWithDetailsException r && r.getNumExceptions() > 0) {
        return map(what, r.getCause(0));
      }
      ErrorKind kind = kindOf(t);
      if (kind != null) {
        boolean retryable = kind.retryableByDefault() && !(t instanceof TableNotEnabledException);
        return new StoreException(kind, what + ": " + describe(t), retryable, error);
      }
    }
    // An I/O failure the client gave up on: the request may succeed on another attempt, unless
    // HBase itself said that retrying is pointless.
    boolean doNotRetry = hasCause(error, DoNotRetryIOException.class);
    return new StoreException(
        doNotRetry ? ErrorKind.INVALID_REQUEST : ErrorKind.INTERNAL,
        what + ": " + describe(error),
        !doNotRetry,
        error);
  }

  @SuppressWarnings("deprecation") // ThrottlingException: what servers before 2.0 throw
  private static ErrorKind kindOf(Throwable t) {
    if (t instanceof TableNotFoundException) {
      return ErrorKind.TABLE_NOT_FOUND;
    }
    if (t instanceof TableExistsException) {
      return ErrorKind.TABLE_EXISTS;
    }
    if (t instanceof RegionTooBusyException
        || t instanceof CallQueueTooBigException
        || t instanceof ServerTooBusyException
        || t instanceof RpcThrottlingException
        || t instanceof ThrottlingException) {
      return ErrorKind.THROTTLED;
    }
    if (t instanceof NotServingRegionException // includes RegionMoved, RegionOpening
        // hbase:meta lists no server for the region yet (it is being split, moved or reassigned):
        // a DoNotRetryIOException, but only because the client's locating gave up
        || t instanceof NoServerForRegionException
        || t instanceof RegionMovedException
        || t instanceof RegionOpeningException
        || t instanceof RegionOfflineException
        || t instanceof ServerNotRunningYetException
        || t instanceof RegionServerStoppedException
        || t instanceof ConnectException
        || t instanceof TableNotEnabledException) {
      return ErrorKind.UNAVAILABLE;
    }
    if (t instanceof CallTimeoutException
        || t instanceof OperationTimeoutExceededException
        || t instanceof TimeoutIOException
        || t instanceof SocketTimeoutException
        || t instanceof TimeoutException
        || t instanceof InterruptedIOException) {
      return ErrorKind.TIMEOUT;
    }
    if (t instanceof RequestTooBigException) {
      return ErrorKind.LIMIT_EXCEEDED;
    }
    if (t instanceof NamespaceNotFoundException || t instanceof IllegalArgumentException) {
      return ErrorKind.INVALID_REQUEST;
    }
    return null;
  }

  private static boolean hasCause(Throwable error, Class<?> type) {
    for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }

  private static String describe(Throwable t) {
    String message = t.getMessage();
    String first = message == null ? "" : message.lines().findFirst().orElse("");
    return t.getClass().getSimpleName() + (first.isEmpty() ? "" : " " + first);
  }
}
