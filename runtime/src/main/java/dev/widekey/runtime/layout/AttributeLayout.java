package dev.widekey.runtime.layout;

import dev.widekey.runtime.store.AttrType;

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
 */
public record AttributeLayout(String name, String field, AttrType type, String encoding) {}
