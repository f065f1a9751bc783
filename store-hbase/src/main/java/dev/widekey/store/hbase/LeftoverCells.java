package dev.widekey.store.hbase;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The repair of cells a row's marker does not list, off the write path. A put writes the row's
 * cells and a marker listing them, without deleting (delete markers slow reads until a major
 * compaction), so a narrower put leaves the cells of the columns it omitted stored. Reads never
 * return them ({@link RowMarker}); a read that meets some hands the row here, and a daemon thread
 * deletes exactly those cells, each at its own timestamp, so the row stops carrying them.
 *
 * <p>Why the delete cannot remove a write: it masks versions of an unlisted column up to that
 * cell's timestamp, which is older than the marker read. A later put of the column is stamped at
 * least the marker's timestamp wherever server clocks go forward (the order {@link
 * HBaseStore.WriteOrder#SERVER_CLOCK} assumes; {@link HBaseStore.WriteOrder#ROW_MARKER} stamps
 * every put past the marker), so it is newer than what the delete masks.
 *
 * <p>Best effort and bounded: at most {@link #MAX_PENDING} rows wait; past that, and on any error,
 * a row is left as it is and the next read that meets its cells hands it in again.
 */
final class LeftoverCells {
  /** Rows waiting for their repair, at most. */
  static final int MAX_PENDING = 1024;

  private static final ExecutorService REPAIRS =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "widekey-hbase-leftover-cells");
            t.setDaemon(true);
            return t;
          });

  /** The rows handed in and not yet repaired, so that a row read often is repaired once. */
  private static final Set<Pending> PENDING = ConcurrentHashMap.newKeySet();

  private record Pending(Connection connection, TableName table, ByteBuffer row) {}

  private LeftoverCells() {}

  /**
   * The delete of a row's cells that its marker does not list and that are older than the marker,
   * or null if it has none.
   *
   * @param cells the row's cells as read (latest version of each column)
   * @param listed the qualifiers the latest marker lists
   */
  static Delete of(Result result, NavigableMap<byte[], byte[]> cells, List<byte[]> listed) {
    if (cells.size() <= listed.size() + 1) {
      return null; // every cell read is listed, or the marker: the common case, decided cheaply
    }
    Set<byte[]> known = new TreeSet<>(Bytes.BYTES_COMPARATOR);
    known.addAll(listed);
    known.add(RowMarker.QUALIFIER);
    Cell marker = result.getColumnLatestCell(HBaseStore.FAMILY_BYTES, RowMarker.QUALIFIER);
    Delete delete = null;
    for (byte[] qualifier : cells.keySet()) {
      if (known.contains(qualifier)) {
        continue;
      }
      Cell cell = result.getColumnLatestCell(HBaseStore.FAMILY_BYTES, qualifier);
      if (cell == null || cell.getTimestamp() >= marker.getTimestamp()) {
        continue; // written with the marker or after it: not an older row's, leave it
      }
      if (delete == null) {
        delete = new Delete(result.getRow());
      }
      delete.addColumns(HBaseStore.FAMILY_BYTES, qualifier, cell.getTimestamp());
    }
    return delete;
  }

  /** Queues a row's repair; a row already queued, or one past the bound, is left for later. */
  static void schedule(Connection connection, TableName table, Delete delete) {
    if (PENDING.size() >= MAX_PENDING) {
      return;
    }
    Pending key = new Pending(connection, table, ByteBuffer.wrap(delete.getRow()));
    if (!PENDING.add(key)) {
      return;
    }
    try {
      REPAIRS.execute(
          () -> {
            try (Table t = connection.getTable(table)) {
              t.delete(delete);
            } catch (IOException | RuntimeException e) {
              // left as it is: the next read that meets these cells hands the row in again
            } finally {
              PENDING.remove(key);
            }
          });
    } catch (RuntimeException rejected) {
      PENDING.remove(key);
    }
  }

  /** Waits until every repair queued before this call has run (for tests). */
  static void awaitQueued() throws Exception {
    REPAIRS.submit(() -> {}).get(30, TimeUnit.SECONDS); // one thread: tasks run in order
  }
}
