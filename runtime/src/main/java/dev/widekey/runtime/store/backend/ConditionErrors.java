package dev.widekey.runtime.store.backend;

import dev.widekey.core.RuleViolationException;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WriteCondition;

/**
 * The error of a conditional put or delete whose condition did not hold, worded the same for every
 * store: the table, the row's key and the condition, each shown bounded as other store messages
 * show them.
 *
 * <pre>{@code
 * throw ConditionErrors.failed("orders", key, WriteCondition.rowAbsent());
 * // CONDITION_FAILED: condition row absent does not hold for row ["a1"] of table orders; ...
 * }</pre>
 */
public final class ConditionErrors {
  private ConditionErrors() {}

  /** A write's condition did not hold of the stored row: {@link ErrorKind#CONDITION_FAILED}. */
  public static StoreException failed(String table, PrimaryKey key, WriteCondition condition) {
    return failed(table, key, condition, null);
  }

  /** As {@link #failed(String, PrimaryKey, WriteCondition)}, with the service's error as cause. */
  public static StoreException failed(
      String table, PrimaryKey key, WriteCondition condition, Throwable cause) {
    return new StoreException(
        ErrorKind.CONDITION_FAILED,
        "condition "
            + describe(condition)
            + " does not hold for row "
            + key
            + " of table "
            + table
            + "; nothing was written",
        false,
        cause);
  }

  /**
   * The condition as messages show it: a column name is escaped and cut like any user value, and
   * the expected value is shown as {@link dev.widekey.runtime.store.AttrValue#toString} shows it.
   */
  public static String describe(WriteCondition condition) {
    if (condition instanceof WriteCondition.ColumnEquals c) {
      return RuleViolationException.escapedPrefix(c.column()) + " = " + c.expected();
    }
    if (condition instanceof WriteCondition.ColumnAbsent c) {
      return (c.orRowAbsent() ? "row absent or " : "")
          + RuleViolationException.escapedPrefix(c.column())
          + " absent";
    }
    return condition.toString();
  }
}
