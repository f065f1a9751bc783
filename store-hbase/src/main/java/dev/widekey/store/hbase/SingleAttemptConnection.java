package dev.widekey.store.hbase;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

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
 */
final class SingleAttemptConnection implements AutoCloseable {
  private final Configuration conf;
  private Connection connection;
  private boolean closed;

  SingleAttemptConnection(Configuration base) {
    conf = new Configuration(base);
    conf.setInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER, 0);
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
