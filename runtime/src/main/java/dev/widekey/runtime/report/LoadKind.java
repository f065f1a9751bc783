package dev.widekey.runtime.report;

import java.util.Locale;

/** The load a heatmap shows: rows written or rows read. */
public enum LoadKind {
  /** Row writes, puts and deletes. */
  WRITE,
  /** Rows returned by reads. */
  READ;

  /** The lower-case name pages and attributes use: "write", "read". */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
