package dev.widekey.core.store;

/**
 * The type of a primary-key column, as the stores define it. Each type has its own order: INTEGER
 * numerically (signed 64-bit), STRING by the bytes of its UTF-8 form, BINARY bytewise unsigned.
 */
public enum PkType {
  STRING,
  INTEGER,
  BINARY
}
