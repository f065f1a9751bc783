package dev.widekey.store.tablestore;

import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.Condition;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.RowExistenceExpectation;
import com.alicloud.openservices.tablestore.model.condition.CompositeColumnValueCondition;
import com.alicloud.openservices.tablestore.model.condition.SingleColumnValueCondition;
import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ServiceIndex;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WriteCondition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Conversions between the SPI's values and the Tablestore SDK's. The two models are the same: typed
 * primary-key columns (STRING, INTEGER, BINARY, with INF_MIN/INF_MAX bounds) and typed attribute
 * columns (STRING, INTEGER, DOUBLE, BOOLEAN, BINARY), so every value maps directly.
 */
final class SdkMapping {
  private SdkMapping() {}

  static PrimaryKeyType sdkType(PkType type) {
    return switch (type) {
      case STRING -> PrimaryKeyType.STRING;
      case INTEGER -> PrimaryKeyType.INTEGER;
      case BINARY -> PrimaryKeyType.BINARY;
    };
  }

  static PkType pkType(PrimaryKeyType type) {
    return switch (type) {
      case STRING -> PkType.STRING;
      case INTEGER -> PkType.INTEGER;
      case BINARY -> PkType.BINARY;
    };
  }

  static List<PkColumn> schema(List<PrimaryKeySchema> sdk) {
    List<PkColumn> columns = new ArrayList<>(sdk.size());
    for (PrimaryKeySchema s : sdk) {
      columns.add(new PkColumn(s.getName(), pkType(s.getType())));
    }
    return columns;
  }

  static PrimaryKeyValue sdkValue(PkValue v) {
    if (v == PkValue.INF_MIN) {
      return PrimaryKeyValue.INF_MIN;
    }
    if (v == PkValue.INF_MAX) {
      return PrimaryKeyValue.INF_MAX;
    }
    return switch (v.type()) {
      case STRING -> PrimaryKeyValue.fromString(v.asString());
      case INTEGER -> PrimaryKeyValue.fromLong(v.asLong());
      case BINARY -> PrimaryKeyValue.fromBinary(v.asBinary());
    };
  }

  static PkValue pkValue(PrimaryKeyValue v) {
    if (v.isInfMin()) {
      return PkValue.INF_MIN;
    }
    if (v.isInfMax()) {
      return PkValue.INF_MAX;
    }
    return switch (v.getType()) {
      case STRING -> PkValue.ofString(v.asString());
      case INTEGER -> PkValue.ofInteger(v.asLong());
      case BINARY -> PkValue.ofBinary(v.asBinary());
    };
  }

  /** The SDK key of a checked key: the schema's column names with the key's values. */
  static com.alicloud.openservices.tablestore.model.PrimaryKey sdkKey(
      List<PkColumn> schema, PrimaryKey key) {
    List<PrimaryKeyColumn> columns = new ArrayList<>(schema.size());
    for (int i = 0; i < schema.size(); i++) {
      columns.add(new PrimaryKeyColumn(schema.get(i).name(), sdkValue(key.get(i))));
    }
    return new com.alicloud.openservices.tablestore.model.PrimaryKey(columns);
  }

  static PrimaryKey key(com.alicloud.openservices.tablestore.model.PrimaryKey sdk) {
    List<PkValue> values = new ArrayList<>(sdk.size());
    for (PrimaryKeyColumn c : sdk.getPrimaryKeyColumns()) {
      values.add(pkValue(c.getValue()));
    }
    return PrimaryKey.of(values);
  }

  static ColumnValue sdkValue(AttrValue v) {
    return switch (v.type()) {
      case STRING -> ColumnValue.fromString(v.asString());
      case INTEGER -> ColumnValue.fromLong(v.asLong());
      case DOUBLE -> ColumnValue.fromDouble(v.asDouble());
      case BOOLEAN -> ColumnValue.fromBoolean(v.asBoolean());
      case BINARY -> ColumnValue.fromBinary(v.asBinary());
    };
  }

  /**
   * A stored column's value.
   *
   * @throws StoreException {@link ErrorKind#CORRUPT_DATA} (not retryable: a read again finds the
   *     same) for a type widekey has none for, naming the row and the column
   */
  static AttrValue attrValue(PrimaryKey key, String column, ColumnValue v) {
    return switch (v.getType()) {
      case STRING -> AttrValue.ofString(v.asString());
      case INTEGER -> AttrValue.ofInteger(v.asLong());
      case DOUBLE -> AttrValue.ofDouble(v.asDouble());
      case BOOLEAN -> AttrValue.ofBoolean(v.asBoolean());
      case BINARY -> AttrValue.ofBinary(v.asBinary());
      // only SQL results carry these; a row holding one was not written by widekey
      default ->
          throw new StoreException(
              ErrorKind.CORRUPT_DATA,
              "column "
                  + column
                  + " of row "
                  + key
                  + " holds a value of type "
                  + v.getType()
                  + ", which widekey has no type for; the row was not written by widekey",
              false,
              null);
    };
  }

  /** A row the service returned, or {@code null} for none; the latest version of each column. */
  static Row row(com.alicloud.openservices.tablestore.model.Row sdk) {
    if (sdk == null) {
      return null;
    }
    PrimaryKey key = key(sdk.getPrimaryKey());
    Map<String, AttrValue> columns = new TreeMap<>();
    for (Column c : sdk.getColumns()) {
      // columns come sorted by name, then newest version first: keep the first of each name
      if (!columns.containsKey(c.getName())) {
        columns.put(c.getName(), attrValue(key, c.getName(), c.getValue()));
      }
    }
    return Row.of(key, columns);
  }

  /**
   * The service's condition for a put or a delete (the same {@code Condition} on a {@code
   * RowPutChange} and a {@code RowDeleteChange}): a row existence expectation, and for a column
   * condition the row must exist and the column's latest version equal the value. {@code
   * passIfMissing} is off, because the service's default (on) would let a row without the column
   * pass, which {@link WriteCondition#holdsFor} does not.
   */
  static Condition condition(WriteCondition condition) {
    if (condition instanceof WriteCondition.ColumnEquals c) {
      Condition sdk = new Condition(RowExistenceExpectation.EXPECT_EXIST);
      SingleColumnValueCondition equal =
          new SingleColumnValueCondition(
              c.column(), SingleColumnValueCondition.CompareOperator.EQUAL, sdkValue(c.expected()));
      equal.setPassIfMissing(false);
      equal.setLatestVersionsOnly(true);
      sdk.setColumnCondition(equal);
      return sdk;
    }
    if (condition instanceof WriteCondition.ColumnAbsent absent) {
      return columnAbsent(absent);
    }
    if (condition instanceof WriteCondition.RowAbsent) {
      return new Condition(RowExistenceExpectation.EXPECT_NOT_EXIST);
    }
    if (condition instanceof WriteCondition.RowPresent) {
      return new Condition(RowExistenceExpectation.EXPECT_EXIST);
    }
    return new Condition(RowExistenceExpectation.IGNORE);
  }

  /**
   * A column absent, as the service can say it: it has no "missing" comparison, but a single-column
   * condition on a missing column passes with {@code passIfMissing} (the default), so {@code col ==
   * 0 AND col != 0}, each passing if missing, holds exactly when the column is missing: a stored
   * value fails one of them. A composite condition of up to 10 column conditions is allowed in
   * PutRow, UpdateRow, DeleteRow and BatchWriteRow (Tablestore's conditional update docs,
   * help.aliyun.com/document_detail/84767.html). With {@code orRowAbsent} the row existence is
   * IGNORE: a row that does not exist has no columns, so it passes too; else EXPECT_EXIST.
   */
  private static Condition columnAbsent(WriteCondition.ColumnAbsent absent) {
    Condition sdk =
        new Condition(
            absent.orRowAbsent()
                ? RowExistenceExpectation.IGNORE
                : RowExistenceExpectation.EXPECT_EXIST);
    CompositeColumnValueCondition missing =
        new CompositeColumnValueCondition(CompositeColumnValueCondition.LogicOperator.AND);
    for (SingleColumnValueCondition.CompareOperator op :
        List.of(
            SingleColumnValueCondition.CompareOperator.EQUAL,
            SingleColumnValueCondition.CompareOperator.NOT_EQUAL)) {
      SingleColumnValueCondition side =
          new SingleColumnValueCondition(absent.column(), op, ColumnValue.fromLong(0));
      side.setPassIfMissing(true);
      side.setLatestVersionsOnly(true);
      missing.addCondition(side);
    }
    sdk.setColumnCondition(missing);
    return sdk;
  }

  /** The SDK's type of a predefined column. */
  static com.alicloud.openservices.tablestore.model.DefinedColumnType definedType(AttrType type) {
    return switch (type) {
      case STRING -> com.alicloud.openservices.tablestore.model.DefinedColumnType.STRING;
      case INTEGER -> com.alicloud.openservices.tablestore.model.DefinedColumnType.INTEGER;
      case DOUBLE -> com.alicloud.openservices.tablestore.model.DefinedColumnType.DOUBLE;
      case BOOLEAN -> com.alicloud.openservices.tablestore.model.DefinedColumnType.BOOLEAN;
      case BINARY -> com.alicloud.openservices.tablestore.model.DefinedColumnType.BINARY;
    };
  }

  /** The attribute type of a predefined column's SDK type. */
  static AttrType attrType(com.alicloud.openservices.tablestore.model.DefinedColumnType type) {
    return switch (type) {
      case STRING -> AttrType.STRING;
      case INTEGER -> AttrType.INTEGER;
      case DOUBLE -> AttrType.DOUBLE;
      case BOOLEAN -> AttrType.BOOLEAN;
      case BINARY -> AttrType.BINARY;
    };
  }

  /**
   * The SDK's schema of a service index: its columns as the index table's primary key (the service
   * appends the data table's other primary-key columns), no attribute column, and the type and
   * update mode of its kind: local {@code IT_LOCAL_INDEX} with {@code IUM_SYNC_INDEX}, global
   * {@code IT_GLOBAL_INDEX} with {@code IUM_ASYNC_INDEX}.
   */
  static com.alicloud.openservices.tablestore.model.IndexMeta indexMeta(ServiceIndex index) {
    com.alicloud.openservices.tablestore.model.IndexMeta meta =
        new com.alicloud.openservices.tablestore.model.IndexMeta(index.name());
    for (String column : index.columns()) {
      meta.addPrimaryKeyColumn(column);
    }
    boolean local = index.kind() == ServiceIndex.Kind.LOCAL;
    meta.setIndexType(
        local
            ? com.alicloud.openservices.tablestore.model.IndexType.IT_LOCAL_INDEX
            : com.alicloud.openservices.tablestore.model.IndexType.IT_GLOBAL_INDEX);
    meta.setIndexUpdateMode(
        local
            ? com.alicloud.openservices.tablestore.model.IndexUpdateMode.IUM_SYNC_INDEX
            : com.alicloud.openservices.tablestore.model.IndexUpdateMode.IUM_ASYNC_INDEX);
    return meta;
  }

  /**
   * A service index as DescribeTable returns it, with its declared columns only: the index table's
   * primary key as the service reports it may end with the data table's primary-key columns it
   * appended, which are dropped (the shortest list that, completed by them, gives the reported
   * one).
   */
  static ServiceIndex serviceIndex(
      com.alicloud.openservices.tablestore.model.IndexMeta meta, List<PkColumn> dataKey) {
    List<String> reported = meta.getPrimaryKeyList();
    List<String> declared = reported;
    for (int n = 1; n <= reported.size(); n++) {
      List<String> prefix = reported.subList(0, n);
      List<String> completed = new java.util.ArrayList<>(prefix);
      for (PkColumn c : dataKey) {
        if (!prefix.contains(c.name())) {
          completed.add(c.name());
        }
      }
      if (completed.equals(reported)) {
        declared = List.copyOf(prefix);
        break;
      }
    }
    ServiceIndex.Kind kind =
        meta.getIndexType() == com.alicloud.openservices.tablestore.model.IndexType.IT_LOCAL_INDEX
            ? ServiceIndex.Kind.LOCAL
            : ServiceIndex.Kind.GLOBAL;
    return new ServiceIndex(meta.getIndexName(), declared, kind);
  }
}
