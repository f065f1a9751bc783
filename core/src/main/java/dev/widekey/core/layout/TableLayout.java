package dev.widekey.core.layout;

import java.util.List;

/**
 * Everything that decides the stored bytes of one table of an entity: its key columns with every
 * encoding fact, its time sharding, and its attribute columns with their stored types. The
 * processor builds one per table after validation and writes it as a layout file ({@link
 * LayoutText}); a later build reads the committed file back and compares (rule WK308), and a
 * re-keying job decodes the old table's keys with it ({@code LayoutKeyCodec} in the runtime).
 *
 * <pre>{@code
 * TableLayout old = LayoutText.parse(Files.readString(Path.of("widekey-layouts/orders.layout")));
 * old.key().get(0).hash(); // MD5, 4 hex digits, over the whole partition text
 * }</pre>
 *
 * @param table the table's name (for a time-sharded entity: the base name its period tables are
 *     named from)
 * @param entity the entity's qualified class name
 * @param role which of the entity's tables this is
 * @param index the index's name for {@link TableRole#INDEX}, else null
 * @param profile the service whose limits applied ({@code TABLESTORE}, {@code HBASE}, …)
 * @param ttlSeconds the rows' time to live, -1 for never
 * @param sharding the time sharding, or null when the table is not sharded
 * @param key the primary-key columns, in order
 * @param attributes the attribute columns a row may hold, in declaration order
 * @param splitPoints the partition-key values the table is pre-split at
 */
public record TableLayout(
    String table,
    String entity,
    TableRole role,
    String index,
    String profile,
    long ttlSeconds,
    ShardLayout sharding,
    List<KeyColumnLayout> key,
    List<AttributeLayout> attributes,
    List<String> splitPoints) {

  /** The version of the layout file format this runtime writes and reads. */
  public static final int FORMAT_VERSION = 1;

  public TableLayout {
    key = List.copyOf(key);
    attributes = List.copyOf(attributes);
    splitPoints = List.copyOf(splitPoints);
  }
}
