package dev.widekey.runtime.store.backend;

import dev.widekey.runtime.store.DefinedColumn;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.ServiceIndex;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What creating a table over one that exists adds to it: the predefined columns and service indexes
 * its spec declares that the stored table lacks (an {@code @Index(maintainedBy = SERVICE_…)}
 * declared after the table's rows were written). The store creates them and the service builds the
 * new indexes from the rows already stored, so a read through one finds every row, not only those
 * written after it. Nothing is ever removed: an index or column the spec no longer declares stays.
 *
 * <pre>{@code
 * ServiceIndexAdditions added = ServiceIndexAdditions.of(spec, existing);
 * if (!added.isEmpty()) createIndexes(added.columns(), added.indexes());
 * }</pre>
 *
 * @param columns the predefined columns to add, in the spec's order
 * @param indexes the service indexes to create, in the spec's order
 * @param merged the existing table's spec with both added
 */
public record ServiceIndexAdditions(
    List<DefinedColumn> columns, List<ServiceIndex> indexes, TableSpec merged) {

  public ServiceIndexAdditions {
    columns = List.copyOf(columns);
    indexes = List.copyOf(indexes);
  }

  /** Whether the stored table has every column and index the spec declares. */
  public boolean isEmpty() {
    return columns.isEmpty() && indexes.isEmpty();
  }

  /**
   * What {@code wanted} adds to {@code existing} (the same table, same primary key).
   *
   * @throws StoreException of kind {@link ErrorKind#TABLE_EXISTS} if an index or predefined column
   *     of the same name is defined otherwise (an index never changes: a changed one needs a new
   *     name); of kind {@link ErrorKind#LIMIT_EXCEEDED} if the table would then hold more indexes
   *     or predefined columns than the service keeps
   */
  public static ServiceIndexAdditions of(TableSpec wanted, TableSpec existing) {
    Map<String, DefinedColumn> stored = new LinkedHashMap<>();
    for (DefinedColumn c : existing.definedColumns()) {
      stored.put(c.name(), c);
    }
    List<DefinedColumn> columns = new ArrayList<>();
    for (DefinedColumn c : wanted.definedColumns()) {
      DefinedColumn now = stored.get(c.name());
      if (now == null) {
        columns.add(c);
      } else if (now.type() != c.type()) {
        throw new StoreException(
            ErrorKind.TABLE_EXISTS,
            "table "
                + wanted.name()
                + " exists with predefined column "
                + c.name()
                + " of type "
                + now.type()
                + ", not "
                + c.type()
                + "; a predefined column's type never changes");
      }
    }
    List<ServiceIndex> indexes = new ArrayList<>();
    for (ServiceIndex index : wanted.serviceIndexes()) {
      ServiceIndex now =
          existing.serviceIndexes().stream()
              .filter(s -> s.name().equals(index.name()))
              .findFirst()
              .orElse(null);
      if (now == null) {
        indexes.add(index);
      } else if (!now.equals(index)) {
        throw new StoreException(
            ErrorKind.TABLE_EXISTS,
            "table "
                + wanted.name()
                + " exists with service index "
                + now
                + ", not "
                + index
                + "; an index never changes: give the changed index another name");
      }
    }
    TableSpec merged = existing;
    if (!columns.isEmpty() || !indexes.isEmpty()) {
      List<DefinedColumn> allColumns = new ArrayList<>(existing.definedColumns());
      allColumns.addAll(columns);
      List<ServiceIndex> allIndexes = new ArrayList<>(existing.serviceIndexes());
      allIndexes.addAll(indexes);
      try {
        merged = existing.withServiceIndexes(allColumns, allIndexes);
      } catch (IllegalArgumentException e) {
        // the spec's own checks: the service's most indexes and predefined columns of one table
        throw new StoreException(
            ErrorKind.LIMIT_EXCEEDED,
            "table "
                + wanted.name()
                + " exists with service indexes "
                + existing.serviceIndexes()
                + "; adding "
                + indexes
                + " goes past what the service keeps: "
                + e.getMessage(),
            e);
      }
    }
    return new ServiceIndexAdditions(columns, indexes, merged);
  }
}
