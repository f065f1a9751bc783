package dev.widekey.core.store;

/**
 * The column and table names widekey writes beside an entity's own: the processor refuses entity
 * names that would meet them and exports them in the table layout, the runtime's repositories write
 * and read them. Names stay within {@code [A-Za-z0-9_]}, the only characters Tablestore allows in a
 * column name.
 *
 * <pre>{@code ReservedNames.chunkTable("docs") // "docs_chunks"}</pre>
 */
public final class ReservedNames {
  /**
   * widekey's reserved prefix, which entity fields may not use, so that widekey's columns (chunk
   * columns, markers, tags) never meet a user column.
   */
  public static final String PREFIX = "wk_";

  /** The chunk table's third key column: INTEGER, the part number within the write. */
  public static final String CHUNK_PART = "wk_part";

  /** Chunk-row column: BINARY, one piece of a value. */
  public static final String CHUNK_DATA = "wk_data";

  /** Hot-row column: INTEGER, the number of chunk rows the write stored (absent: none). */
  public static final String CHUNK_PARTS = "wk_parts";

  /** What the chunk table's name adds to the hot table's. */
  public static final String CHUNK_TABLE_SUFFIX = "_chunks";

  /** What a chunk reference column's name adds to the column's, after {@link #PREFIX}. */
  public static final String CHUNK_REFERENCE_SUFFIX = "_chunks";

  /** The cold table's second key column: INTEGER, the write tag of the write that stored it. */
  public static final String COLD_TAG = "wk_tag";

  /** Cold-row column: BINARY, the hot key of the entity, as the ordered key bytes encode it. */
  public static final String COLD_OWNER = "wk_owner";

  /** Cold-row column: INTEGER, when the writer stored the row (epoch milliseconds, its clock). */
  public static final String COLD_WRITTEN = "wk_written";

  /** Hot-row column: BOOLEAN {@code true} when the entity has a cold row. */
  public static final String COLD_MARKER = "wk_cold";

  /** Hot-row column: BOOLEAN {@code true}, written when an entity has no non-null hot attribute. */
  public static final String ROW_MARKER = "wk_row";

  /**
   * Hot-row column of an entity with a cold table: INTEGER, the tag of the write that stored it.
   */
  public static final String HOT_WRITE_TAG = "wk_cold_tag";

  /** The last key column of every index table: the base key and the write tag. */
  public static final String INDEX_REF_COLUMN = "wk_ref";

  /** The prefix of the hot-row column ({@code wk_ix_<index>}) naming an index row's write tag. */
  public static final String INDEX_TAG_COLUMN_PREFIX = "wk_ix_";

  /** The table of period fences, shared by every time-sharded entity of a store. */
  public static final String PERIOD_FENCE_TABLE = "widekey_period_fences";

  /**
   * The table of index builds, shared by every entity of a store: a row per index table created
   * beside a hot table that already held rows, until the index is built.
   */
  public static final String INDEX_BUILD_TABLE = "widekey_index_builds";

  private ReservedNames() {}

  /** The chunk table's name for a hot table's: {@code docs_chunks}. */
  public static String chunkTable(String hotTable) {
    return hotTable + CHUNK_TABLE_SUFFIX;
  }

  /** The column holding the reference of a chunked column: {@code wk_body_chunks}. */
  public static String chunkReferenceColumn(String column) {
    return PREFIX + column + CHUNK_REFERENCE_SUFFIX;
  }
}
