package dev.widekey.store.hbase;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.NoServerForRegionException;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.ipc.FailedServerException;
import org.apache.hadoop.hbase.ipc.ServerNotRunningYetException;
import org.apache.hadoop.hbase.regionserver.RegionServerStoppedException;

/**
 * The connection an {@link HBaseStore} sends its {@code checkAndMutate}s through: the same cluster
 * and settings as the store's connection, but the HBase client makes one attempt per call ({@code
 * hbase.client.retries.number} 0), opened on the first conditional write.
 *
 * <p>The HBase client retries a call whose RPC timed out, and a {@code checkAndMutate} is not
 * idempotent: when the first attempt waited on a slow region server (a GC pause, a slow disk) and
 * was applied after the client gave up on it, the retry finds the row that attempt wrote, fails its
 * condition, and the client reports "condition failed" for a write that is stored. The nonce the
 * client sends does not help: the region server checks the condition before it looks at the nonce.
 * widekey's contract is that {@code CONDITION_FAILED} means not applied, so a conditional write
 * gets one attempt here: a timeout surfaces as a retryable {@code TIMEOUT} (outcome unknown), and
 * widekey's own retry loops, which know a retry may meet its own write ({@code OwnWrites}), send it
 * again. Found by {@code HBaseFaultsTest}: a stalled region server made a versioned counter
 * increment count once more than the increments acknowledged.
 *
 * <p>A failure that says the request was never applied (the region is not, or not yet, on that
 * server, the server is not running, the connection was refused: {@link #notApplied}) is sent again
 * by the store, as often and with the pauses the HBase client would have ({@code
 * hbase.client.retries.number}, {@code hbase.client.pause} of the store's configuration); the
 * failed attempt has updated the connection's region locations, so a moved region or a table
 * dropped and created again is found.
 */
final class SingleAttemptConnection implements AutoCloseable {
  private final Configuration conf;
  private final int attempts;
  private final long pauseMillis;
  private Connection connection;
  private boolean closed;

  SingleAttemptConnection(Configuration base) {
    attempts =
        1
            + Math.max(
                0,
                base.getInt(
                    HConstants.HBASE_CLIENT_RETRIES_NUMBER,
                    HConstants.DEFAULT_HBASE_CLIENT_RETRIES_NUMBER));
    pauseMillis =
        base.getLong(HConstants.HBASE_CLIENT_PAUSE, HConstants.DEFAULT_HBASE_CLIENT_PAUSE);
    conf = new Configuration(base);
    conf.setInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER, 0);
  }

  /** How often a call that was {@link #notApplied} is sent in all. */
  int attempts() {
    return attempts;
  }

  /** Waits before attempt {@code attempt + 1}, as the HBase client backs off. */
  void pause(int attempt) throws InterruptedIOException {
    int step = Math.min(attempt, HConstants.RETRY_BACKOFF.length - 1);
    try {
      Thread.sleep(Math.min(pauseMillis * HConstants.RETRY_BACKOFF[step], 5_000));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting to send a conditional write");
    }
  }

  /**
   * Whether {@code failure} (anywhere in its cause chain) says its request was never applied: the
   * region server refused it before running it, or it was never sent.
   */
  static boolean notApplied(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      // NotServingRegionException covers RegionMovedException and RegionOpeningException;
      // NoServerForRegionException: no location yet, never sent
      if (t instanceof NotServingRegionException
          || t instanceof NoServerForRegionException
          || t instanceof ServerNotRunningYetException
          || t instanceof RegionServerStoppedException
          || t instanceof FailedServerException
          || t instanceof ConnectException) {
        return true;
      }
      if (t instanceof RetriesExhaustedWithDetailsException details) {
        return !details.getCauses().isEmpty()
            && details.getCauses().stream().allMatch(SingleAttemptConnection::notApplied);
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }

  /** The connection, opened on first use. */
  synchronized Connection get() throws IOException {
    if (closed) {
      throw new IOException("the store is closed");
    }
    if (connection == null) {
      connection = ConnectionFactory.createConnection(conf);
    }
    return connection;
  }

  @Override
  public synchronized void close() throws IOException {
    closed = true;
    if (connection != null) {
      connection.close();
      connection = null;
    }
  }
}
