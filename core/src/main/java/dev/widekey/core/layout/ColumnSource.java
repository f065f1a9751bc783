package dev.widekey.core.layout;

/** What a primary-key column holds. */
public enum ColumnSource {
  /** One key component stored as itself (a number, a string, bytes). */
  COMPONENT,
  /**
   * Text built from one or more components: each component's key text (padded, reversed, checked
   * against its alphabet), spliced with the delimiter, then led by a bucket or a hash prefix.
   */
  TEXT,
  /** The write tag of the entity's write (cold and chunk rows). */
  WRITE_TAG,
  /** The part number of a chunk row. */
  CHUNK_PART,
  /** An index row's reference: the hot row's encoded key and the write's tag. */
  INDEX_REF
}
