package dev.widekey.runtime.store;

import dev.widekey.core.store.StoreLimits;

/**
 * The limits a store enforces on one table: those of the table's profile ({@link
 * WideTableStore#limits(dev.widekey.annotations.Profile)}), which may be stricter than the store's
 * default ones (a Lindorm table's 2 MB batches on a Tablestore store).
 *
 * <pre>{@code int keys = TableLimits.of(store, "orders").maxMultiGetRows();}</pre>
 */
public final class TableLimits {
  private TableLimits() {}

  /**
   * The limits of {@code table}'s profile; the store's default ones for a table it does not
   * describe, or when describing it fails (the call on the table then fails with its own error, or
   * is refused whole and split by its caller).
   */
  public static StoreLimits of(WideTableStore store, String table) {
    try {
      return store
          .describeTable(table)
          .map(spec -> store.limits(spec.profile()))
          .orElseGet(store::limits);
    } catch (RuntimeException e) {
      return store.limits();
    }
  }
}
