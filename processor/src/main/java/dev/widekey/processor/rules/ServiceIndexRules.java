package dev.widekey.processor.rules;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.ServiceIndexLimits;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.ServiceIndexMessages;
import dev.widekey.processor.model.Attribute;
import dev.widekey.processor.model.ColumnLayout;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.IndexModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.processor.model.ShardSpec;
import dev.widekey.processor.model.ValueKind;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;

/**
 * WK306 for indexes the service maintains ({@code maintainedBy = SERVICE_LOCAL | SERVICE_GLOBAL}):
 * Tablestore only, not time-sharded, no hash prefix, at most 5 a table and 4 columns an index, each
 * column the table's own primary-key column as stored or an attribute the table stores as String,
 * Integer or Binary in index order (it becomes a predefined column), a local index led by the
 * table's first primary-key column. A table whose rows expire may have them: the service takes
 * secondary indexes on it if it refuses UpdateRow, and the Tablestore store creates it so
 * (AllowUpdate false) and writes with PutRow only. The sources are cited in each message ({@link
 * ServiceIndexMessages}).
 */
final class ServiceIndexRules {
  /** Tablestore's documented most secondary indexes of one data table (one home: the runtime). */
  static final int MAX_INDEXES = ServiceIndexLimits.MAX_PER_TABLE;

  /** Tablestore's documented most index columns of one secondary index. */
  static final int MAX_COLUMNS = ServiceIndexLimits.MAX_COLUMNS;

  private ServiceIndexRules() {}

  /** The findings on one index; true if it passes (its key is then checked as a client one). */
  static boolean check(EntityModel entity, IndexModel index, Diagnostics diagnostics) {
    if (!index.byService()) {
      return true;
    }
    TypeElement type = entity.type();
    AnnotationMirror at = index.mirror();
    if (entity.profile() != Profile.TABLESTORE) {
      diagnostics.error(
          type,
          at,
          "maintainedBy",
          ServiceIndexMessages.notTablestore(
              index.name(), index.table(), index.maintenance(), entity.profile()));
      return false;
    }
    boolean valid = true;
    if (ShardSpec.of(entity).isPresent()) {
      diagnostics.error(
          type,
          at,
          "maintainedBy",
          ServiceIndexMessages.timeSharded(index.name(), index.table(), index.maintenance()));
      valid = false;
    }
    if (index.hashPrefix() != null) {
      diagnostics.error(
          type,
          at,
          "hashPrefix",
          ServiceIndexMessages.hashPrefix(index.name(), index.table(), index.maintenance()));
      valid = false;
    }
    if (index.columns().size() > MAX_COLUMNS) {
      diagnostics.error(
          type,
          at,
          "columns",
          ServiceIndexMessages.tooManyColumns(index.name(), index.table(), index.columns().size()));
      return false;
    }
    KeyLayout own;
    KeyLayout indexLayout;
    try {
      own = KeyLayout.of(entity);
      indexLayout = index.layout();
    } catch (RuntimeException e) {
      return false; // an invalid key, reported by its own rules
    }
    for (KeyComponent c : index.components()) {
      String why = columnProblem(entity, own, indexLayout, c);
      if (why != null) {
        diagnostics.error(type, at, "columns", why(index, c, why, entity));
        valid = false;
      }
    }
    if (index.maintenance() == dev.widekey.annotations.IndexMaintenance.SERVICE_LOCAL) {
      ColumnLayout first = own.partition();
      String leading = index.columns().get(0);
      boolean ledByPartition =
          first.components().size() == 1 && first.single().name().equals(leading);
      if (!ledByPartition) {
        diagnostics.error(
            type,
            at,
            "columns",
            ServiceIndexMessages.localFirstColumn(
                index.name(), index.table(), leading, first.single().name()));
        valid = false;
      }
    }
    return valid;
  }

  /** The entity-level count (Tablestore's 5 secondary indexes per data table). */
  static void checkCount(EntityModel entity, Diagnostics diagnostics) {
    List<IndexModel> service = entity.indexes().stream().filter(IndexModel::byService).toList();
    if (entity.profile() == Profile.TABLESTORE && service.size() > MAX_INDEXES) {
      diagnostics.error(
          entity.type(),
          service.get(MAX_INDEXES).mirror(),
          "maintainedBy",
          ServiceIndexMessages.tooMany(entity.simpleName(), service.size()));
    }
  }

  private static String why(IndexModel index, KeyComponent c, String problem, EntityModel entity) {
    if (problem.startsWith("key:")) {
      return ServiceIndexMessages.keyColumnEncoded(
          index.name(), index.table(), c.name(), problem.substring(4));
    }
    return ServiceIndexMessages.attributeType(index.name(), index.table(), c.name(), problem);
  }

  /**
   * Null if the service indexes this column exactly as the index key encodes it; else "key:" and
   * why for a primary-key column, or how an attribute is stored.
   */
  private static String columnProblem(
      EntityModel entity, KeyLayout own, KeyLayout indexLayout, KeyComponent c) {
    PkType indexType = indexLayout.columnOf(c).type();
    for (ColumnLayout column : own.columns()) {
      for (KeyComponent k : column.components()) {
        if (!k.name().equals(c.name())) {
          continue;
        }
        if (column.components().size() > 1) {
          return "key:it is spliced with other fields into key column '" + column.name() + "'";
        }
        if (column == own.partition() && (own.hashPrefix() != null || own.buckets() > 0)) {
          return "key:the key column holds it behind a hash prefix or a bucket";
        }
        if (k.reversed() || k.descending()) {
          return "key:the key column holds it reversed or descending";
        }
        if (column.type() != indexType) {
          return "key:the key column holds it as " + column.type() + ", not " + indexType;
        }
        return null;
      }
    }
    for (Attribute a : entity.attributes()) {
      if (!a.name().equals(c.name())) {
        continue;
      }
      ValueKind kind = a.kind();
      if (a.compress()) {
        return "compressed BINARY";
      }
      if (a.isMoney()) {
        return "an INTEGER of minor units (@Money)";
      }
      boolean fits =
          switch (kind) {
            case STRING, ENUM -> indexType == PkType.STRING;
            case LONG, INT, SHORT, BYTE -> indexType == PkType.INTEGER;
            case BYTES -> indexType == PkType.BINARY;
            default -> false;
          };
      if (fits) {
        return null;
      }
      return switch (kind) {
        case LONG, INT, SHORT, BYTE -> "INTEGER, while @Padded makes its index key text";
        case DOUBLE, FLOAT -> "DOUBLE";
        case BOOLEAN -> "BOOLEAN";
        default -> "ISO-8601 or canonical text (" + kind + "), which does not sort as its value";
      };
    }
    return "key:it is not a stored column of the hot row";
  }
}
