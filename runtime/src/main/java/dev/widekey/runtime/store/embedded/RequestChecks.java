package dev.widekey.runtime.store.embedded;

import dev.widekey.runtime.store.AttrType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkType;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.StoreLimits;
import dev.widekey.runtime.store.TableSpec;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The request checks the services make before writing anything, with messages that name the
 * table, the column and the limit. Every check runs before the first byte is written.
 */
final class RequestChecks {
  private RequestChecks() {}

  static void checkSpec(TableSpec spec, StoreLimits limits) {
    RowCodec.utf8(spec.name(), "table name");
    List<PkColumn> pk = spec.primaryKey();
    if (pk.size() > limits.maxPkColumns()) {
      throw new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "table " + spec.name() + " has " + pk.size() + " primary-key columns; at most "
              + limits.maxPkColumns() + " are allowed");
    }
    Set<String> names = new HashSet<>();
    for (PkColumn c : pk) {
      RowCodec.utf8(c.name(), "primary-key column name");
      if (!names.add(c.name())) {
        throw invalid("table " + spec.name() + " names primary-key column " + c.name() + " twice");
      }
    }
    PkColumn first = pk.get(0);
    for (PkValue p : spec.splitPoints()) {
      checkValue(spec, first, p, limits, "split point");
    }
  }

  /** Checks a row key (every column a value of the schema's type) and encodes it. */
  static byte[] rowKey(TableSpec spec, PrimaryKey key, StoreLimits limits) {
    return encode(spec, key, limits, false);
  }

  /** Checks a scan bound (values or INF_MIN/INF_MAX) and encodes it. */
  static byte[] bound(TableSpec spec, PrimaryKey bound, StoreLimits limits) {
    return encode(spec, bound, limits, true);
  }

  /** Checks a row's attributes and encodes them. */
  static byte[] attributes(TableSpec spec, Row row, StoreLimits limits) {
    Map<String, AttrValue> columns = row.columns();
    if (columns.isEmpty() && limits.requireAttribute()) {
      throw invalid(
          "row " + row.key() + " of table " + spec.name()
              + " has no attribute column; the store requires at least one non-key column");
    }
    for (Map.Entry<String, AttrValue> e : columns.entrySet()) {
      String name = e.getKey();
      if (name.isEmpty()) {
        throw invalid("row " + row.key() + " of table " + spec.name() + " has an attribute without a name");
      }
      for (PkColumn c : spec.primaryKey()) {
        if (c.name().equals(name)) {
          throw invalid(
              "attribute column " + name + " of table " + spec.name()
                  + " has the name of a primary-key column");
        }
      }
      AttrValue v = e.getValue();
      if (v.type() == AttrType.STRING && !RowCodec.isWellFormed(v.asString())) {
        throw invalid(
            "attribute column " + name + " of table " + spec.name()
                + " holds a string with an unpaired surrogate, which has no UTF-8 form");
      }
      int size = v.sizeInBytes();
      if (size > limits.maxAttributeBytes()) {
        throw new StoreException(
            ErrorKind.LIMIT_EXCEEDED,
            "attribute column " + name + " of row " + row.key() + " in table " + spec.name()
                + " holds " + size + " bytes, over the limit of " + limits.maxAttributeBytes());
      }
    }
    return RowCodec.encode(row.columns());
  }

  /** Sum of the primary-key column sizes, the key's part of {@code Row.sizeInBytes()}. */
  static long keySize(PrimaryKey key) {
    long size = 0;
    for (PkValue v : key.values()) {
      size += v.sizeInBytes();
    }
    return size;
  }

  private static byte[] encode(TableSpec spec, PrimaryKey key, StoreLimits limits, boolean bound) {
    List<PkColumn> schema = spec.primaryKey();
    if (key.size() != schema.size()) {
      throw invalid(
          (bound ? "scan bound " : "key ") + key + " has " + key.size() + " columns; table "
              + spec.name() + " has " + schema.size() + " " + schema);
    }
    for (int i = 0; i < schema.size(); i++) {
      PkValue v = key.get(i);
      if (v.isInfinite()) {
        if (!bound) {
          throw invalid(
              "key " + key + " of table " + spec.name() + " holds " + v + " in column "
                  + schema.get(i).name() + "; only scan bounds may hold INF_MIN or INF_MAX");
        }
        continue;
      }
      checkValue(spec, schema.get(i), v, limits, bound ? "scan bound" : "key");
    }
    return OrderedKeyBytes.encode(key);
  }

  private static void checkValue(
      TableSpec spec, PkColumn column, PkValue v, StoreLimits limits, String what) {
    if (v.type() != column.type()) {
      throw invalid(
          what + " value " + v + " of column " + column.name() + " in table " + spec.name()
              + " is " + v.type() + "; the column is " + column.type());
    }
    if (v.type() == PkType.STRING && !RowCodec.isWellFormed(v.asString())) {
      throw invalid(
          what + " column " + column.name() + " of table " + spec.name()
              + " holds a string with an unpaired surrogate, which has no UTF-8 form");
    }
    int size = v.sizeInBytes();
    if (size > limits.maxPkColumnBytes()) {
      throw new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "primary-key column " + column.name() + " of table " + spec.name() + " holds " + size
              + " bytes, over the limit of " + limits.maxPkColumnBytes());
    }
  }

  private static StoreException invalid(String message) {
    return new StoreException(ErrorKind.INVALID_REQUEST, message);
  }
}
