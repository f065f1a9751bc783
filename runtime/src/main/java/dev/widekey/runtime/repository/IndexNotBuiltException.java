package dev.widekey.runtime.repository;

import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;

/**
 * A read through a client-side index that is not built: its table was created beside a hot table
 * that already held entities (an {@code @Index} added to an entity with stored rows, or a
 * time-sharded period created by a version of the entity without the index), and those entities
 * have no index rows yet, so the read would silently miss them. Nothing was read. Kind {@link
 * ErrorKind#UNAVAILABLE} (the index is not available yet), not retryable: only the build makes it
 * available.
 *
 * <pre>{@code
 * try {
 *   tickets.byQueue().scanByQueue("open");
 * } catch (IndexNotBuiltException e) {
 *   tickets.buildIndexes();              // once, then read again
 * }
 * }</pre>
 */
public class IndexNotBuiltException extends StoreException {
  private static final long serialVersionUID = 1L;

  private final String index;
  private final String table;

  IndexNotBuiltException(String index, String table, String hotTable, boolean tableMissing) {
    super(
        ErrorKind.UNAVAILABLE,
        "index "
            + index
            + (tableMissing
                ? " has no table " + table + " beside the hot table " + hotTable
                : " (table " + table + ") is not built")
            + ": the entities stored in "
            + hotTable
            + " before the index existed have no index rows, so a read through it would miss"
            + " them; nothing was read. Build it once: "
            + (tableMissing ? "createTables() (createTables(time) for a period), then " : "")
            + "buildIndexes() on the repository (periodRepository(time).buildIndexes(), or"
            + " buildIndexes(from, to), for a time-sharded entity)",
        false,
        null);
    this.index = index;
    this.table = table;
  }

  /** The index's declared name ({@code by_queue}). */
  public String index() {
    return index;
  }

  /** The index table ({@code tickets_by_queue}, or a period's). */
  public String table() {
    return table;
  }
}
