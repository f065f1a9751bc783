package dev.widekey.processor.report;

import dev.widekey.runtime.store.PrimaryKey;
import java.util.List;

/**
 * One example key of a table: the key values it was made from and the primary key the layout
 * encodes them to.
 *
 * @param values the key values as {@code name=value} text, in key order
 * @param key the encoded primary key, as the store receives it
 * @param columns each key column's stored value as text: a string as itself, an integer in decimal,
 *     bytes as {@code 0x} hex
 */
public record KeyExample(List<String> values, PrimaryKey key, List<String> columns) {
  public KeyExample {
    values = List.copyOf(values);
    columns = List.copyOf(columns);
  }
}
