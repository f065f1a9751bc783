package dev.widekey.core.layout;

import dev.widekey.core.store.AttrType;
import java.util.List;

/**
 * One attribute column.
 *
 * @param name the stored column's name
 * @param field the entity field it holds (differs from {@code name} only after a declared rename),
 *     or null for a column of widekey's own
 * @param type its stored type
 * @param encoding how the field's value becomes the stored value, as stable words: {@code plain},
 *     {@code money scale=2}, {@code epoch-millis}, {@code epoch-day}, {@code enum-name}, {@code
 *     uuid-text}, {@code compressed}, {@code chunked max=…}, {@code version}; several joined by a
 *     space
 * @param renamedFrom the column this one replaces by a declared rename ({@code @RenamedFrom}), or
 *     null: the old column's values are no longer read
 * @param constants an enum column's constants, in declaration order: the names its rows may store;
 *     null for a column of another type, or one committed before they were recorded
 */
public record AttributeLayout(
    String name,
    String field,
    AttrType type,
    String encoding,
    String renamedFrom,
    List<String> constants) {

  public AttributeLayout {
    constants = constants == null ? null : List.copyOf(constants);
  }

  /** A column that is no enum's. */
  public AttributeLayout(
      String name, String field, AttrType type, String encoding, String renamedFrom) {
    this(name, field, type, encoding, renamedFrom, null);
  }

  /** A column that replaces none. */
  public AttributeLayout(String name, String field, AttrType type, String encoding) {
    this(name, field, type, encoding, null);
  }
}
