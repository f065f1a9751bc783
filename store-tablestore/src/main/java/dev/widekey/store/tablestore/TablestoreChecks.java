package dev.widekey.store.tablestore;

import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ServiceNames;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;

/**
 * Tablestore's own rules that the shared {@code ServiceChecks} do not hold, checked before a
 * request is sent. The service fails a whole {@code BatchWriteRow} for a bad column name or too
 * many columns in one row, so that one bad operation would fail its neighbours; checked here, it
 * fails alone. The limits are those of the service's error-code documentation.
 *
 * <pre>{@code TablestoreChecks.row(spec, row); // INVALID_REQUEST or LIMIT_EXCEEDED}</pre>
 */
final class TablestoreChecks {
  /** Attribute columns of one row in one write ("limit count: 1024"). */
  static final int MAX_ATTRIBUTE_COLUMNS = 1024;

  /**
   * Columns one read may select ("The number of columns from the request exceeds the limit, limit
   * count: 1024", the SDKs' live restricted-item tests).
   */
  static final int MAX_COLUMNS_TO_GET = 1024;

  private TablestoreChecks() {}

  static void row(TableSpec spec, Row row) {
    if (row.columns().size() > MAX_ATTRIBUTE_COLUMNS) {
      throw new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "row "
              + row.key()
              + " of table "
              + spec.name()
              + " has "
              + row.columns().size()
              + " attribute columns; Tablestore takes at most "
              + MAX_ATTRIBUTE_COLUMNS
              + " in one write");
    }
    for (String name : row.columns().keySet()) {
      if (!ServiceNames.isLegal(name)) {
        throw new StoreException(
            ErrorKind.INVALID_REQUEST,
            "attribute column "
                + name
                + " of table "
                + spec.name()
                + " is not a Tablestore column name ("
                + ServiceNames.PATTERN
                + ")");
      }
    }
  }

  static void columns(String table, ColumnSelection columns) {
    if (!columns.isAll() && columns.names().size() > MAX_COLUMNS_TO_GET) {
      throw new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "a read of table "
              + table
              + " selects "
              + columns.names().size()
              + " columns; Tablestore returns at most "
              + MAX_COLUMNS_TO_GET
              + " named columns per read (select all instead)");
    }
  }
}
