package dev.widekey.processor.layout;

import dev.widekey.core.layout.TableLayout;
import java.util.List;

/**
 * What an entity's {@code @RekeyedFrom} moves its rows from: the old tables' committed layouts,
 * read from the layout directory and checked against the entity (rule WK308).
 *
 * @param hot the old hot table's layout
 * @param tables every old table of the entity, the hot one first: its cold and chunk tables and its
 *     index tables, which decide how the old rows were committed and so how they are read
 */
public record RekeySource(TableLayout hot, List<TableLayout> tables) {
  public RekeySource {
    tables = List.copyOf(tables);
  }
}
