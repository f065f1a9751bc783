package dev.widekey.runtime.repository;

import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.store.ColumnSelection;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The columns a repository's reads select in each role's rows: the attribute columns the entity
 * declares ({@link EntityTables#withColumns}), the chunk references of its {@code @Chunked}
 * columns, and the columns widekey itself writes there. Nothing else is fetched, so cells that
 * another writer or an older, wider row left in a row (on HBase, a narrower put leaves the cells of
 * the columns it omits) cost a read nothing, however large.
 *
 * <p>A role whose columns the entity did not declare, or that names more columns than one read of
 * the store may ({@link StoreLimits#maxColumnsToGet()}), is read whole.
 *
 * <pre>{@code
 * ColumnSelection hot = ReadColumns.of(tables, EntityTables.Role.HOT, chunked, limits);
 * }</pre>
 */
final class ReadColumns {
  private ReadColumns() {}

  /** The selection of a role's reads. */
  static ColumnSelection of(
      EntityTables tables, EntityTables.Role role, Collection<String> chunked, StoreLimits limits) {
    Optional<Set<String>> declared = tables.columns(role);
    if (declared.isEmpty()) {
      return ColumnSelection.all();
    }
    Set<String> names = new LinkedHashSet<>(declared.get());
    for (String column : chunked) {
      names.add(ChunkRows.referenceColumn(column));
    }
    switch (role) {
      case HOT -> {
        names.add(SplitTableRepository.ROW_MARKER);
        names.add(SplitTableRepository.COLD_MARKER);
        names.add(SplitTableRepository.COLD_TAG);
        names.add(ChunkRows.PARTS);
        for (IndexTable index : tables.indexes()) {
          names.add(IndexRows.tagColumn(index));
        }
      }
      case COLD -> names.add(ColdRows.OWNER);
      case CHUNKS, INDEX ->
          throw new IllegalArgumentException(role + " rows are read with their own selection");
    }
    return names.size() <= limits.maxColumnsToGet()
        ? ColumnSelection.of(names)
        : ColumnSelection.all();
  }
}
