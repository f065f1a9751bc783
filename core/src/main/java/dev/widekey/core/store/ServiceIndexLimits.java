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

  /**
   * Tablestore's most predefined columns of one table, the typed non-key columns an index may index
   * ("Limits on the Wide Column model": 0 to 32; CreateTable answers more with OTSParameterInvalid
   * "The number of defined columns must be in range: [0, 32].").
   */
  public static final int MAX_DEFINED_COLUMNS = 32;

  private ServiceIndexLimits() {}
}
