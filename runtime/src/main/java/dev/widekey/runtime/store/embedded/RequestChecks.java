package dev.widekey.runtime.store.embedded;

import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreLimits;
import dev.widekey.runtime.store.TableSpec;

/**
 * The request checks the services make before writing anything (the backends' shared {@link
 * dev.widekey.runtime.store.backend.RequestChecks}), plus the encodings the embedded store stores.
 * Every check runs before the first byte is written.
 */
final class RequestChecks {
  private RequestChecks() {}

  static void checkSpec(TableSpec spec, StoreLimits limits) {
    RowCodec.utf8(spec.name(), "table name");
    for (PkColumn c : spec.primaryKey()) {
      RowCodec.utf8(c.name(), "primary-key column name");
    }
    dev.widekey.runtime.store.backend.RequestChecks.tableSpec(spec, limits);
  }

  /** Checks a row key (every column a value of the schema's type) and encodes it. */
  static byte[] rowKey(TableSpec spec, PrimaryKey key, StoreLimits limits) {
    dev.widekey.runtime.store.backend.RequestChecks.key(spec, key, limits);
    return OrderedKeyBytes.encode(key);
  }

  /** Checks a scan bound (values or INF_MIN/INF_MAX) and encodes it. */
  static byte[] bound(TableSpec spec, PrimaryKey bound, StoreLimits limits) {
    dev.widekey.runtime.store.backend.RequestChecks.bound(spec, bound, limits);
    return OrderedKeyBytes.encode(bound);
  }

  /** Checks a row (key and attributes) and encodes its attributes. */
  static byte[] attributes(TableSpec spec, Row row, StoreLimits limits) {
    dev.widekey.runtime.store.backend.RequestChecks.row(spec, row, limits);
    return RowCodec.encode(row.columns());
  }
}
