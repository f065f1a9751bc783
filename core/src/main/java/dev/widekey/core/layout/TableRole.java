package dev.widekey.core.layout;

/** Which of an entity's tables a {@link TableLayout} describes. */
public enum TableRole {
  /** The hot table: the entity's primary key, its commit point and its hot attributes. */
  HOT,
  /** The cold table: {@code @ColdColumn} values, keyed by partition key and write tag. */
  COLD,
  /** The chunk table: parts of {@code @Chunked} values, keyed by partition key, tag and part. */
  CHUNKS,
  /** An index table: the indexed values, then the reference to the hot row. */
  INDEX
}
