package dev.widekey.runtime.store.backend;

import dev.widekey.runtime.store.Row;

/**
 * The rows of one scan as a {@link ServiceStore} backend fetches them from its service, in key
 * order; {@link ServiceStore#scan} turns it into the caller's lazy stream.
 *
 * <pre>{@code
 * ResultScanner scanner = table.getScanner(scan);
 * return new RowCursor() {
 *   public Row next() throws IOException {
 *     Result r = scanner.next();
 *     return r == null ? null : toRow(r);
 *   }
 *   public void close() { scanner.close(); }
 * };
 * }</pre>
 */
public interface RowCursor {
  /**
   * The next row, or {@code null} when the range is done. May throw the client's own exceptions,
   * which the store maps with {@link ServiceStore#mapError}.
   */
  Row next() throws Exception;

  /** Releases what the scan holds; called once, when the caller closes the stream. */
  default void close() {}
}
