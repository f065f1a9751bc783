package dev.widekey.processor.model;

import dev.widekey.annotations.IndexMaintenance;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;

/**
 * One {@code @Index} of an entity as declared: its name, its table and its key, which is described
 * as an entity of its own ({@link #key()}: the indexed properties as partition key and key columns,
 * the index's hash prefix as the type's) so that the key rules and the key-layout code that serve
 * primary keys serve the index key unchanged. Immutable.
 *
 * @param name the declared name ({@code by_card})
 * @param table the index table's name, {@code <table>_<name>}
 * @param mirror the {@code @Index} annotation, where every diagnostic about the index points
 * @param columns the {@code columns} as written, in order (maybe unknown or repeated names)
 * @param key the index key as an entity without attributes: its first resolved column is the
 *     partition key, the rest key columns; its properties carry only the encoding annotations that
 *     mean something in an index key
 * @param complete whether every column resolved to a distinct property, so that {@link #key()}
 *     holds them all
 * @param maintenance who maintains it ({@code @Index(maintainedBy = ...)})
 */
public record IndexModel(
    String name,
    String table,
    AnnotationMirror mirror,
    List<String> columns,
    EntityModel key,
    boolean complete,
    IndexMaintenance maintenance) {

  public IndexModel {
    columns = List.copyOf(columns);
  }

  /** Whether the store's service maintains it (a Tablestore local or global secondary index). */
  public boolean byService() {
    return maintenance != IndexMaintenance.CLIENT;
  }

  /** The index table's name for an entity table and an index name: {@code orders_by_card}. */
  public static String tableName(String entityTable, String indexName) {
    return entityTable + "_" + indexName;
  }

  /** The index key's layout, built as a primary key's (without the trailing reference column). */
  public KeyLayout layout() {
    return KeyLayout.of(key);
  }

  /** The indexed components, in key order. */
  public List<KeyComponent> components() {
    return key.keyComponents();
  }

  /**
   * The hot columns this index's values are computed from, in index order: its columns that are not
   * key fields of {@code entity} (those are equal under one hot key). Empty if one of them is not
   * stored exactly as its field holds it, so that equal columns would not prove equal values (a
   * cold, converted, money, chunked or version column; the key rules refuse most of them in an
   * index already): the runtime then builds the stored entity.
   */
  public Optional<List<String>> valueColumns(EntityModel entity) {
    List<String> hot = new ArrayList<>();
    for (String column : columns) {
      if (entity.keyComponents().stream().anyMatch(k -> k.name().equals(column))) {
        continue;
      }
      Attribute a =
          entity.attributes().stream()
              .filter(x -> x.name().equals(column))
              .findFirst()
              .orElse(null);
      if (a == null || a.cold() || a.converted() || a.isMoney() || a.chunked() || a.version()) {
        return Optional.empty();
      }
      hot.add(a.column());
    }
    return Optional.of(List.copyOf(hot));
  }

  /** The index's hash prefix ({@code @Index(hashPrefix = ...)}), or null. */
  public HashPrefixSpec hashPrefix() {
    return key.typeHashPrefix();
  }
}
