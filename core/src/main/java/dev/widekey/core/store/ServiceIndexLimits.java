package dev.widekey.core.store;

/**
 * Tablestore's bounds on its secondary indexes, which the processor checks an index design against
 * and the runtime's {@code ServiceIndex} checks a definition against.
 */
public final class ServiceIndexLimits {
  /** Tablestore's most index columns of one secondary index. */
  public static final int MAX_COLUMNS = 4;

  /** Tablestore's most secondary indexes on one table. */
  public static final int MAX_PER_TABLE = 5;

  private ServiceIndexLimits() {}
}
