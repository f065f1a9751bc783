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
   * Creating a table that exists is fine only if its rows expire as the spec says: a store never
   * changes an existing table's time to live on its own, since a shorter one deletes rows at once
   * and a longer one keeps rows the application expects gone. The operator changes it with the
   * service's own tools (Tablestore UpdateTable, HBase {@code alter}), after which the spec passes.
   */
  public static void requireSameTimeToLive(TableSpec wanted, TableSpec existing) {
    if (existing.ttlSeconds() != wanted.ttlSeconds()) {
      throw new StoreException(
          ErrorKind.TABLE_EXISTS,
          "table "
              + wanted.name()
              + " exists with rows that "
              + lifetime(existing.ttlSeconds())
              + ", but its spec says they "
              + lifetime(wanted.ttlSeconds())
              + "; createTable never changes the time to live of a table that exists (a shorter"
              + " one deletes rows at once): change it with the service's own tools, or keep the"
              + " spec's as it was");
    }
  }

  private static String lifetime(long ttlSeconds) {
    return ttlSeconds == TableSpec.NO_TTL
        ? "never expire"
        : "expire " + ttlSeconds + " seconds after their last write";
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
