package dev.widekey.runtime.store;

import dev.widekey.core.store.AttrType;
import dev.widekey.core.store.PkType;
import java.util.Objects;

/**
 * A predefined column of a table: a non-key column whose name and type the table declares, so that
 * a service-maintained secondary index ({@link ServiceIndex}) can index it (Tablestore's
 * "predefined columns", {@code TableMeta.addDefinedColumn}). Rows may still hold other columns; a
 * row whose value of this column has another type is not indexed by the service.
 *
 * <pre>{@code new DefinedColumn("cardId", AttrType.STRING)}</pre>
 *
 * @param name the column's name
 * @param type its type; an index column is STRING, INTEGER or BINARY
 */
public record DefinedColumn(String name, AttrType type) {
  public DefinedColumn {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("defined column name is empty");
    }
  }

  /** The primary-key type an index column of this column has, or null if it cannot be one. */
  public PkType indexType() {
    return switch (type) {
      case STRING -> PkType.STRING;
      case INTEGER -> PkType.INTEGER;
      case BINARY -> PkType.BINARY;
      case DOUBLE, BOOLEAN -> null;
    };
  }
}
