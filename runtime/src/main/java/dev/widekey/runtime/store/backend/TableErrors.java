package dev.widekey.runtime.store.backend;

import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;

/**
 * The table errors a store backend raises itself, worded the same for every backend: a table the
 * service does not have, and a table that exists with another primary key.
 *
 * <pre>{@code
 * TableErrors.requireSamePrimaryKey(spec, existing); // TABLE_EXISTS if the primary keys differ
 * throw TableErrors.notFound("orders");              // TABLE_NOT_FOUND: no table orders
 * }</pre>
 */
public final class TableErrors {
  private TableErrors() {}

  /** A call named a table the service does not have. */
  public static StoreException notFound(String table) {
    return new StoreException(ErrorKind.TABLE_NOT_FOUND, "no table " + table);
  }

  /**
   * Creating a table that exists is fine only if it has the same primary key: a table's primary key
   * never changes.
   */
  public static void requireSamePrimaryKey(TableSpec wanted, TableSpec existing) {
    if (!existing.primaryKey().equals(wanted.primaryKey())) {
      throw new StoreException(
          ErrorKind.TABLE_EXISTS,
          "table "
              + wanted.name()
              + " exists with primary key "
              + existing.primaryKey()
              + ", not "
              + wanted.primaryKey()
              + "; a table's primary key never changes");
    }
  }
}
