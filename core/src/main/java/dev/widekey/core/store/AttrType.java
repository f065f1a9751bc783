package dev.widekey.core.store;

/** The type of an attribute (non-key) column value. */
public enum AttrType {
  STRING,
  INTEGER,
  DOUBLE,
  BOOLEAN,
  BINARY
}
