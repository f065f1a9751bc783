package dev.widekey.processor.model;

/** Where a key component sits in the primary key. */
public enum KeyRole {
  /** Part of the first primary-key column, the partition key. */
  PARTITION,
  /** A further primary-key column. */
  KEY_COLUMN
}
