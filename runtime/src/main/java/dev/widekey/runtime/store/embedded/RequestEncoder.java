package dev.widekey.runtime.store.embedded;

import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.backend.ServiceChecks;

/**
 * Turns a request into the bytes the embedded store keeps, after the checks the services make
 * ({@link ServiceChecks}) and the check that every name it stores has a UTF-8 form. Every check
 * runs before the first byte is written.
 */
final class RequestEncoder {
  private RequestEncoder() {}

  static void checkSpec(TableSpec spec, StoreLimits limits) {
    RowCodec.utf8(spec.name(), "table name");
    for (PkColumn c : spec.primaryKey()) {
      RowCodec.utf8(c.name(), "primary-key column name");
    }
    ServiceChecks.tableSpec(spec, limits);
  }

  /** Checks a row key (every column a value of the schema's type) and encodes it. */
  static byte[] rowKey(TableSpec spec, PrimaryKey key, StoreLimits limits) {
    ServiceChecks.key(spec, key, limits);
    return OrderedKeyBytes.encode(key);
  }

  /** Checks a scan bound (values or INF_MIN/INF_MAX) and encodes it. */
  static byte[] bound(TableSpec spec, PrimaryKey bound, StoreLimits limits) {
    ServiceChecks.bound(spec, bound, limits);
    return OrderedKeyBytes.encode(bound);
  }

  /** Checks a row (key and attributes) and encodes its attributes. */
  static byte[] attributes(TableSpec spec, Row row, StoreLimits limits) {
    ServiceChecks.row(spec, row, limits);
    return RowCodec.encode(row);
  }
}
