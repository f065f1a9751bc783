package dev.widekey.runtime.store.embedded;

import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;
import org.h2.mvstore.RandomAccessStore;

/**
 * Opens and closes the MVStore under an embedded store, with the settings that keep a store kept in
 * a directory near the size of its data (issue 22; measured by {@code EmbeddedScaleBenchmark},
 * figures in {@code docs/performance.md}).
 *
 * <p>Under random keys (hash-prefixed keys, shuffled imports) a commit rewrites nearly every leaf
 * of the B-tree, so each chunk MVStore writes is close to a full copy of the table, and nearly all
 * of it is dead by the next commit. With MVStore's defaults the space of a dead chunk is kept for
 * 45 seconds, longer than a million-row import takes, and a close compacts for a moment only: the
 * file held a copy of the table per commit (1.4 GB for 77 MB of rows) and kept it after close.
 * Hence:
 *
 * <ul>
 *   <li>dead chunks are kept {@link #RETENTION_MILLIS} only, so their space is reused during an
 *       import. Our scans register the version they read ({@code MVStore.registerVersionUsage}), so
 *       the window is not what keeps them safe; it stays above zero, and versions to keep at H2's
 *       default, because H2 has open reports of files that no longer open ("Double mark") written
 *       with both at zero.
 *   <li>at close, once no call runs, the live pages of sparse chunks are rewritten ({@code
 *       compactFile}, at most {@link #CLOSE_COMPACT_MILLIS}), then every chunk is moved to the
 *       front of the file and the file cut: {@code compactFile} moves chunks only while it finds
 *       some to rewrite, and left the file at its peak size.
 * </ul>
 *
 * <p>Page compression ({@code compress()}) was measured and left off: it lowers the peak of an
 * import by about a third but halves random gets (every page read from the file is decompressed).
 * None of these settings is part of the file format, so directories written before read as they
 * are.
 */
final class Engine {
  /** How long a dead chunk's space is kept for readers of old versions (H2's default: 45 s). */
  static final int RETENTION_MILLIS = 1_000;

  /** The longest a close spends compacting the file; what is not done by then stays for later. */
  static final int CLOSE_COMPACT_MILLIS = 20_000;

  private Engine() {}

  /**
   * Opens the engine of a store kept in {@code directory} (created if missing), or in memory if it
   * is null.
   *
   * @throws StoreException {@link ErrorKind#UNAVAILABLE} if the directory is in use or unreadable
   */
  static MVStore open(Path directory, String fileName) {
    MVStore.Builder builder = new MVStore.Builder();
    if (directory != null) {
      try {
        Files.createDirectories(directory);
      } catch (IOException e) {
        throw new StoreException(
            ErrorKind.UNAVAILABLE,
            "cannot create store directory " + directory + ": " + e,
            false,
            e);
      }
      builder.fileName(directory.resolve(fileName).toString());
    }
    MVStore mv;
    try {
      mv = builder.open();
    } catch (MVStoreException e) {
      String why =
          e.getErrorCode() == DataUtils.ERROR_FILE_LOCKED
              ? "it is open in another store instance or process"
              : e.getMessage();
      throw new StoreException(
          ErrorKind.UNAVAILABLE, "cannot open the store in " + directory + ": " + why, false, e);
    }
    if (directory != null) {
      mv.setRetentionTime(RETENTION_MILLIS);
    }
    return mv;
  }

  /**
   * Commits and closes the engine; a store kept in a directory is compacted first. The caller
   * guarantees that no call reads or writes meanwhile, so no old version needs its chunks: they are
   * freed at once (retention zero) and the live pages moved into the space.
   */
  static void close(MVStore mv) {
    if (mv.isPersistent() && !mv.isReadOnly()) {
      mv.commit();
      // no reader is left, so no old version is needed: a chunk that died in the last versions
      // (five by default) is freed now, not left in the file (one close in three kept the file at
      // its peak, 5.9x the data, before this)
      mv.setVersionsToKeep(0);
      // rewrites the live pages of sparse chunks into new ones (and sets the retention to zero)
      mv.compactFile(CLOSE_COMPACT_MILLIS);
      if (mv.getFileStore() instanceof RandomAccessStore file) {
        // compactFile moves chunks only while it finds some to rewrite; move them all to the
        // front of the file and cut it, whatever the fill rate
        file.compactMoveChunks(100, Long.MAX_VALUE, mv);
      }
    }
    mv.close();
  }
}
