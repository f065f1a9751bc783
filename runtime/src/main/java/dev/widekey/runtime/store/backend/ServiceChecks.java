package dev.widekey.runtime.store.backend;

import dev.widekey.core.RuleViolationException;
import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.ServiceNames;
import dev.widekey.core.store.SizeMeasure;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.core.store.Utf8;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.SizeMeasures;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The checks the services (Tablestore, Lindorm) make on each request: the key matches the table's
 * schema, every string has a UTF-8 form, and the request is within the {@link StoreLimits},
 * including the column rules (columns per write and per read, legal names). Every store, the
 * embedded one and every backend, runs them before it sends anything, so a call that fails one
 * writes nothing, and its error names the table, the column and the limit. HBase accepts far larger
 * keys, values and batches than the services the rules come from, so its backend relies on these.
 *
 * <pre>{@code
 * ServiceChecks.row(spec, row, store.limits());   // throws StoreException, INVALID_REQUEST or LIMIT_EXCEEDED
 * ServiceChecks.columns(spec, ColumnSelection.of("a", "b"), store.limits()); // LIMIT_EXCEEDED over 128 on Tablestore
 * }</pre>
 */
public final class ServiceChecks {
  private ServiceChecks() {}

  public static void tableSpec(TableSpec spec, StoreLimits limits) {
    List<PkColumn> pk = spec.primaryKey();
    if (pk.size() > limits.maxPkColumns()) {
      throw new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "table "
              + spec.name()
              + " has "
              + pk.size()
              + " primary-key columns; at most "
              + limits.maxPkColumns()
              + " are allowed");
    }
    if (!limits.allowsTtl(spec.ttlSeconds())) {
      throw invalid(
          "table "
              + spec.name()
              + " has a time to live of "
              + spec.ttlSeconds()
              + " seconds; the service takes -1 (never) or at least "
              + limits.minTtlSeconds()
              + " and at most "
              + StoreLimits.MAX_TTL_SECONDS);
    }
    if (limits.binaryOnlyLast()) {
      for (int i = 0; i < pk.size() - 1; i++) {
        if (pk.get(i).type() == PkType.BINARY) {
          throw invalid(
              "primary-key column "
                  + pk.get(i).name()
                  + " of table "
                  + spec.name()
                  + " is BINARY but not the last key column; the "
                  + spec.profile()
                  + " profile allows a binary key column only in last place");
        }
      }
    }
    Set<String> names = new HashSet<>();
    for (PkColumn c : pk) {
      if (!names.add(c.name())) {
        throw invalid("table " + spec.name() + " names primary-key column " + c.name() + " twice");
      }
    }
    int partitions = spec.splitPoints().size() + 1;
    if (partitions > limits.maxPartitions()) {
      throw new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "table "
              + spec.name()
              + " asks for "
              + partitions
              + " partitions; the service creates a table with at most "
              + limits.maxPartitions()
              + " and splits them further by itself as data grows");
    }
    for (PkValue p : spec.splitPoints()) {
      value(spec, pk.get(0), p, limits, "split point");
      splitPoint(spec, p, limits);
    }
  }

  /** A split point is 1 to maxSplitPointBytes bytes, and not an end of the INTEGER range. */
  private static void splitPoint(TableSpec spec, PkValue p, StoreLimits limits) {
    int size = p.sizeInBytes();
    boolean empty =
        (p.type() == PkType.STRING && p.asString().isEmpty())
            || (p.type() == PkType.BINARY && p.asBinary().length == 0);
    if (empty) {
      throw invalid("split point of table " + spec.name() + " is empty");
    }
    if (p.type() == PkType.INTEGER
        && (p.asLong() == Long.MIN_VALUE || p.asLong() == Long.MAX_VALUE)) {
      throw invalid(
          "split point " + p + " of table " + spec.name() + " is the least or greatest INTEGER");
    }
    if (size > limits.maxSplitPointBytes()) {
      throw new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "split point of table "
              + spec.name()
              + " holds "
              + size
              + " bytes, over the limit of "
              + limits.maxSplitPointBytes());
    }
  }

  /** A row key: every column a value of the schema's type, within the size limit. */
  public static void key(TableSpec spec, PrimaryKey key, StoreLimits limits) {
    key(spec, key, limits, false);
  }

  /** A scan bound: values or INF_MIN/INF_MAX, one per schema column. */
  public static void bound(TableSpec spec, PrimaryKey bound, StoreLimits limits) {
    key(spec, bound, limits, true);
  }

  private static void key(TableSpec spec, PrimaryKey key, StoreLimits limits, boolean bound) {
    List<PkColumn> schema = spec.primaryKey();
    if (key.size() != schema.size()) {
      throw invalid(
          (bound ? "scan bound " : "key ")
              + key
              + " has "
              + key.size()
              + " columns; table "
              + spec.name()
              + " has "
              + schema.size()
              + " "
              + schema);
    }
    for (int i = 0; i < schema.size(); i++) {
      PkValue v = key.get(i);
      if (v.isInfinite()) {
        if (!bound) {
          throw invalid(
              "key "
                  + key
                  + " of table "
                  + spec.name()
                  + " holds "
                  + v
                  + " in column "
                  + schema.get(i).name()
                  + "; only scan bounds may hold INF_MIN or INF_MAX");
        }
        continue;
      }
      value(spec, schema.get(i), v, limits, bound ? "scan bound" : "key");
    }
    if (!bound) {
      keyTotals(spec, key, limits);
    }
  }

  /** All values of a key together, and the row key they are encoded into, within the limits. */
  private static void keyTotals(TableSpec spec, PrimaryKey key, StoreLimits limits) {
    SizeMeasure measure = limits.sizeMeasure();
    long total = SizeMeasures.keyBytes(measure, key);
    if (total > limits.maxPkTotalBytes()) {
      throw new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "primary key "
              + key
              + " of table "
              + spec.name()
              + ", of profile "
              + spec.profile()
              + ", holds "
              + total
              + " bytes in "
              + measure.keyMeasured()
              + ", over the limit of "
              + limits.maxPkTotalBytes()
              + " bytes for a whole key; nothing was written");
    }
    if (limits.maxRowKeyBytes() < Integer.MAX_VALUE) {
      long rowKey = OrderedKeyBytes.encodedLength(key);
      if (rowKey > limits.maxRowKeyBytes()) {
        throw new StoreException(
            ErrorKind.LIMIT_EXCEEDED,
            "primary key "
                + key
                + " of table "
                + spec.name()
                + " encodes into a row key of "
                + rowKey
                + " bytes, over the limit of "
                + limits.maxRowKeyBytes());
      }
    }
  }

  /**
   * A row to write: its key ({@link #key}), at least one attribute where required, at most {@link
   * StoreLimits#maxAttributeColumns} attribute columns, each named (legally, where {@link
   * StoreLimits#serviceNamesOnly}) and not like a key column, each value within the limit, and the
   * whole row within {@link #rowSize}.
   *
   * <pre>{@code ServiceChecks.row(spec, row, store.limits(spec.profile()));}</pre>
   *
   * @throws StoreException {@link ErrorKind#INVALID_REQUEST} for a name or a value the service
   *     refuses, {@link ErrorKind#LIMIT_EXCEEDED} for a count or a size over its limit
   */
  public static void row(TableSpec spec, Row row, StoreLimits limits) {
    key(spec, row.key(), limits);
    int columns = row.columnCount();
    if (limits.requireAttribute() && columns == 0) {
      throw invalid(
          "row "
              + row.key()
              + " of table "
              + spec.name()
              + " has no attribute column; the store requires at least one non-key column");
    }
    if (columns > limits.maxAttributeColumns()) {
      // the service fails a whole BatchWriteRow for it: refused here, the operation fails alone
      throw new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "row "
              + row.key()
              + " of table "
              + spec.name()
              + ", of profile "
              + spec.profile()
              + ", has "
              + columns
              + " attribute columns, over the limit of "
              + limits.maxAttributeColumns()
              + " for one write of a row on this store");
    }
    for (int i = 0; i < columns; i++) {
      String name = row.columnName(i);
      if (name.isEmpty()) {
        throw invalid(
            "row " + row.key() + " of table " + spec.name() + " has an attribute without a name");
      }
      if (!Utf8.isWellFormed(name)) {
        throw invalid("attribute name of table " + spec.name() + " holds an unpaired surrogate");
      }
      if (limits.serviceNamesOnly() && !ServiceNames.isLegal(name)) {
        // as the count above: a bad name fails a whole BatchWriteRow on Tablestore
        throw invalid(
            "attribute column "
                + RuleViolationException.quote(name)
                + " of row "
                + row.key()
                + " in table "
                + spec.name()
                + ", of profile "
                + spec.profile()
                + ", is not a legal column name on this store ("
                + ServiceNames.PATTERN
                + ")");
      }
      for (PkColumn c : spec.primaryKey()) {
        if (c.name().equals(name)) {
          throw invalid(
              "attribute column "
                  + RuleViolationException.quote(name)
                  + " of table "
                  + spec.name()
                  + " has the name of a primary-key column");
        }
      }
      AttrValue v = row.columnValue(i);
      if (v.type() == AttrType.STRING && !Utf8.isWellFormed(v.asString())) {
        throw invalid(
            "attribute column "
                + RuleViolationException.quote(name)
                + " of table "
                + spec.name()
                + " holds a string with an unpaired surrogate, which has no UTF-8 form");
      }
      int size = v.sizeInBytes();
      if (size > limits.maxAttributeBytes()) {
        throw new StoreException(
            ErrorKind.LIMIT_EXCEEDED,
            "attribute column "
                + RuleViolationException.quote(name)
                + " of row "
                + row.key()
                + " in table "
                + spec.name()
                + " holds "
                + size
                + " bytes, over the limit of "
                + limits.maxAttributeBytes());
      }
    }
    rowSize(spec, row, limits);
  }

  /**
   * The bounds on a whole row: its non-key values together ({@link
   * StoreLimits#maxRowAttributeBytes}, Lindorm's 2 MB, counted by {@link StoreLimits#sizeMeasure}:
   * on Lindorm the tagged cell values and the row marker) and one put of it ({@link
   * StoreLimits#maxPutBytes}, Tablestore's 4 MB, counted by {@link Row#putSizeInBytes}). Part of
   * {@link #row}; a repository runs it on each row of an entity before it writes the first, so that
   * an entity whose second row is too large writes neither.
   *
   * @throws StoreException {@link ErrorKind#LIMIT_EXCEEDED}, naming the table, the key, the size
   *     and the limit
   */
  public static void rowSize(TableSpec spec, Row row, StoreLimits limits) {
    SizeMeasure measure = limits.sizeMeasure();
    long attributeBytes = SizeMeasures.rowValueBytes(measure, row);
    if (attributeBytes > limits.maxRowAttributeBytes()) {
      String largest = null;
      long largestBytes = -1;
      for (Map.Entry<String, AttrValue> e : row.columns().entrySet()) {
        long bytes = SizeMeasures.valueBytes(measure, e.getValue());
        if (bytes > largestBytes) {
          largest = e.getKey();
          largestBytes = bytes;
        }
      }
      throw new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "row "
              + row.key()
              + " of table "
              + spec.name()
              + ", of profile "
              + spec.profile()
              + ", holds "
              + attributeBytes
              + " bytes in "
              + measure.rowMeasured()
              + ", over the limit of "
              + limits.maxRowAttributeBytes()
              + " bytes for a row; its largest column is "
              + RuleViolationException.quote(largest)
              + " ("
              + largestBytes
              + " bytes); nothing was written");
    }
    long putBytes = row.putSizeInBytes(spec.primaryKey());
    if (putBytes > limits.maxPutBytes()) {
      throw new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "row "
              + row.key()
              + " of table "
              + spec.name()
              + " is a put of "
              + putBytes
              + " bytes (its key and attribute names and values), over the limit of "
              + limits.maxPutBytes()
              + " bytes for one put of a row; keep the row smaller (a @ColdColumn is written in"
              + " a put of its own)");
    }
  }

  /**
   * A put's or a delete's condition: a column condition names an attribute column (not empty, a
   * UTF-8 name, not a primary-key column, which no store compares the same way) and expects a value
   * within the attribute limit, so that every store refuses the same conditions before anything is
   * written.
   */
  public static void condition(TableSpec spec, WriteCondition condition, StoreLimits limits) {
    if (condition instanceof WriteCondition.ColumnAbsent absent) {
      columnName(spec, absent.column());
      return;
    }
    if (!(condition instanceof WriteCondition.ColumnEquals c)) {
      return;
    }
    columnName(spec, c.column());
    AttrValue v = c.expected();
    if (v.type() == AttrType.STRING && !Utf8.isWellFormed(v.asString())) {
      throw invalid(
          "column condition on table "
              + spec.name()
              + " expects a string with an unpaired surrogate, which has no UTF-8 form");
    }
    if (v.sizeInBytes() > limits.maxAttributeBytes()) {
      throw new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "column condition on table "
              + spec.name()
              + " expects a value of "
              + v.sizeInBytes()
              + " bytes, over the attribute limit of "
              + limits.maxAttributeBytes());
    }
  }

  /** The column a condition names: not empty, a UTF-8 name, not a primary-key column. */
  private static void columnName(TableSpec spec, String name) {
    if (name.isEmpty()) {
      throw invalid("column condition on table " + spec.name() + " names no column");
    }
    if (!Utf8.isWellFormed(name)) {
      throw invalid(
          "column condition on table "
              + spec.name()
              + " names a column with an unpaired surrogate");
    }
    for (PkColumn pk : spec.primaryKey()) {
      if (pk.name().equals(name)) {
        throw invalid(
            "column condition on table "
                + spec.name()
                + " names primary-key column "
                + RuleViolationException.quote(name)
                + "; a condition compares an attribute column");
      }
    }
  }

  /** The whole-batch limits: a batch over them fails as a whole and writes nothing. */
  public static void batchSize(List<WriteOp> ops, StoreLimits limits) {
    if (ops.size() > limits.maxBatchRows()) {
      throw new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "batch of "
              + ops.size()
              + " operations; at most "
              + limits.maxBatchRows()
              + " are allowed");
    }
    long bytes = 0;
    for (WriteOp op : ops) {
      bytes += sizeOf(Objects.requireNonNull(op, "batch operation"));
    }
    if (bytes > limits.maxBatchBytes()) {
      throw new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "batch of " + bytes + " bytes; at most " + limits.maxBatchBytes() + " are allowed");
    }
  }

  /**
   * An operation's bytes, or none if a string in it has no UTF-8 form and so no size: its own check
   * ({@link #row} or {@link #key}) fails that operation alone, and it is not sent.
   */
  private static long sizeOf(WriteOp op) {
    try {
      return op.sizeInBytes();
    } catch (IllegalArgumentException unpairedSurrogate) {
      return 0;
    }
  }

  /**
   * The columns a read (get, multi-get, scan) selects: at most {@link StoreLimits#maxColumnsToGet}
   * named ones (Tablestore's {@code columns_to_get}, 128), each a {@link ServiceNames#isLegal legal
   * name} where the limits keep the service's names. A read of all columns is not bounded.
   *
   * <pre>{@code ServiceChecks.columns(spec, range.columns(), limits); // before the read is sent}
   * </pre>
   *
   * @throws StoreException {@link ErrorKind#LIMIT_EXCEEDED}, naming the table, the count, the limit
   *     and the profile; {@link ErrorKind#INVALID_REQUEST} for an illegal name, naming it
   */
  public static void columns(TableSpec spec, ColumnSelection columns, StoreLimits limits) {
    if (columns.isAll()) {
      return;
    }
    if (limits.serviceNamesOnly()) {
      // Tablestore fails a read that selects an illegal name, as a write of one
      for (String name : columns.names()) {
        if (!ServiceNames.isLegal(name)) {
          throw invalid(
              "a read of table "
                  + spec.name()
                  + ", of profile "
                  + spec.profile()
                  + ", selects column "
                  + RuleViolationException.quote(name)
                  + ", which is not a legal column name on this store ("
                  + ServiceNames.PATTERN
                  + ")");
        }
      }
    }
    if (columns.names().size() <= limits.maxColumnsToGet()) {
      return;
    }
    throw new StoreException(
        ErrorKind.LIMIT_EXCEEDED,
        "a read of table "
            + spec.name()
            + ", of profile "
            + spec.profile()
            + ", selects "
            + columns.names().size()
            + " columns, over the limit of "
            + limits.maxColumnsToGet()
            + " named columns per read on this store; select all columns, or read in several"
            + " calls");
  }

  public static void multiGetSize(int keys, StoreLimits limits) {
    if (keys > limits.maxMultiGetRows()) {
      throw new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "multi-get of " + keys + " keys; at most " + limits.maxMultiGetRows() + " are allowed");
    }
  }

  private static void value(
      TableSpec spec, PkColumn column, PkValue v, StoreLimits limits, String what) {
    if (v.type() != column.type()) {
      throw invalid(
          what
              + " value "
              + v
              + " of column "
              + column.name()
              + " in table "
              + spec.name()
              + " is "
              + v.type()
              + "; the column is "
              + column.type());
    }
    if (v.type() == PkType.STRING && !Utf8.isWellFormed(v.asString())) {
      throw invalid(
          what
              + " column "
              + column.name()
              + " of table "
              + spec.name()
              + " holds a string with an unpaired surrogate, which has no UTF-8 form");
    }
    int size = v.sizeInBytes();
    if (size > limits.maxPkColumnBytes()) {
      throw new StoreException(
          ErrorKind.LIMIT_EXCEEDED,
          "primary-key column "
              + column.name()
              + " of table "
              + spec.name()
              + " holds "
              + size
              + " bytes, over the limit of "
              + limits.maxPkColumnBytes());
    }
  }

  private static StoreException invalid(String message) {
    return new StoreException(ErrorKind.INVALID_REQUEST, message);
  }
}
