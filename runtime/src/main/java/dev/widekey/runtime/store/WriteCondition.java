package dev.widekey.runtime.store;

import java.util.Objects;

/**
 * What must hold of the stored row for a put or a delete to apply; checked by the service
 * atomically with the write (Tablestore row existence expectations and column conditions, HBase
 * {@code checkAndMutate}, a compare-and-set in the embedded store). A write whose condition does
 * not hold writes nothing and fails with {@link ErrorKind#CONDITION_FAILED}, which is never
 * retryable: the stored row has to be read again first. A row past its table's time to live is
 * absent to every condition on every store, as it is to every read: {@code rowAbsent} holds of it,
 * {@code rowPresent} and {@code columnEquals} do not, whether the write is a put or a delete.
 *
 * <p>{@code columnAbsent} holds of a stored row without a value in the column, whatever else it
 * holds; with {@code orRowAbsent}, also when no row is stored (DynamoDB's {@code
 * attribute_not_exists}). The version-0 writes of a versioned entity use it, so that a row stored
 * before the entity had a {@code @Version} is versioned by exactly one write.
 *
 * <p>Retries ({@link dev.widekey.runtime.retry.RetryingStore}, the bulk writer) send a conditional
 * put again after a retryable failure, which the store may have applied; the next attempt then
 * fails its condition against the row the first one wrote. A put sent again that fails its
 * condition is checked against the stored row ({@link dev.widekey.runtime.retry.OwnWrites}): its
 * own row stored (every column) counts as applied, any other row keeps the failure. A conditional
 * delete sent again that fails its condition, and a conditional put sent again in a batch with a
 * later write of its key (which may have replaced its row), fail with a {@link
 * MaybeAppliedException}: no stored state proves whether an earlier attempt was applied (see {@link
 * dev.widekey.runtime.retry.OwnWrites}).
 *
 * <pre>{@code
 * store.put("items", row, WriteCondition.rowAbsent());                     // insert
 * store.put("items", row, WriteCondition.rowPresent());                    // update
 * store.put("items", row, WriteCondition.columnEquals("wk_version", AttrValue.ofInteger(3)));
 * store.delete("items", key, WriteCondition.columnEquals("wk_version", AttrValue.ofInteger(4)));
 * store.put("items", row, WriteCondition.columnAbsent("wk_version", true)); // absent or unversioned
 * }</pre>
 */
public sealed interface WriteCondition {

  /** No condition: the put applies whatever is stored. */
  static WriteCondition none() {
    return None.INSTANCE;
  }

  /** The put applies only if no row with its key is stored (an insert). */
  static WriteCondition rowAbsent() {
    return RowAbsent.INSTANCE;
  }

  /** The put applies only if a row with its key is stored (an update). */
  static WriteCondition rowPresent() {
    return RowPresent.INSTANCE;
  }

  /**
   * The put applies only if a row with its key is stored and its column {@code column} holds
   * exactly {@code expected} (same type, same value): the compare step of optimistic versioning.
   */
  static WriteCondition columnEquals(String column, AttrValue expected) {
    return new ColumnEquals(column, expected);
  }

  /**
   * As {@link #columnEquals}, except that a store which keeps a column's older value when a later
   * put omits the column (HBase: a put replaces the row through its row marker, and the cells of
   * columns it does not write stay behind, unlisted) may also apply the put when the stored row's
   * latest put omitted {@code column} and an earlier put left {@code expected} in it. A store that
   * replaces a row whole (the embedded store, Tablestore) checks it exactly as {@code
   * columnEquals}.
   *
   * <p>For a check on which the outcome does not depend in that case: a commit on the write tag
   * that every tagged write stores afresh, where the row an untagged write left is replaced just
   * the same (see {@code CommitPoint}). On HBase it is the classic single-cell check: the region
   * server reads that one cell, without proving that the row marker lists the column (a regular
   * expression over the marker) and without a filter over the row's other cells.
   *
   * <pre>{@code
   * store.put("orders", row, WriteCondition.columnEqualsOrLeftover("wk_tag", AttrValue.ofInteger(tag)));
   * }</pre>
   */
  static WriteCondition columnEqualsOrLeftover(String column, AttrValue expected) {
    return new ColumnEquals(column, expected, true);
  }

  /**
   * The put applies only if the stored row holds no value in column {@code column} (the column is
   * missing: a value of any type, even an empty one, fails it); with {@code orRowAbsent}, also if
   * no row with its key is stored, else a row must be stored. The version-0 condition of a
   * versioned entity: a row written before the entity had its {@code @Version} has no version
   * column.
   *
   * <pre>{@code
   * store.put("tickets", row, WriteCondition.columnAbsent("version", true));  // a put of version 0
   * store.put("tickets", row, WriteCondition.columnAbsent("version", false)); // an update of it
   * }</pre>
   */
  static WriteCondition columnAbsent(String column, boolean orRowAbsent) {
    return new ColumnAbsent(column, orRowAbsent);
  }

  /** Whether this is {@link #none()}. */
  default boolean isNone() {
    return this instanceof None;
  }

  /**
   * Whether the condition holds of the stored row, {@code null} when none is stored (or it has
   * expired): the one definition the embedded store and test fakes evaluate.
   */
  boolean holdsFor(Row stored);

  /** No condition. */
  enum None implements WriteCondition {
    INSTANCE;

    @Override
    public boolean holdsFor(Row stored) {
      return true;
    }

    @Override
    public String toString() {
      return "none";
    }
  }

  /** The row must be absent. */
  enum RowAbsent implements WriteCondition {
    INSTANCE;

    @Override
    public boolean holdsFor(Row stored) {
      return stored == null;
    }

    @Override
    public String toString() {
      return "row absent";
    }
  }

  /** The row must be present. */
  enum RowPresent implements WriteCondition {
    INSTANCE;

    @Override
    public boolean holdsFor(Row stored) {
      return stored != null;
    }

    @Override
    public String toString() {
      return "row present";
    }
  }

  /**
   * The row must be present with {@code column} equal to {@code expected}.
   *
   * @param column an attribute column
   * @param expected the value it must hold
   * @param orLeftover whether a store that keeps an omitted column's older value may also accept
   *     that value ({@link #columnEqualsOrLeftover}); false: exactly the stored row's column
   */
  record ColumnEquals(String column, AttrValue expected, boolean orLeftover)
      implements WriteCondition {
    public ColumnEquals {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(expected, "expected");
    }

    /** The exact condition ({@link #columnEquals}). */
    public ColumnEquals(String column, AttrValue expected) {
      this(column, expected, false);
    }

    @Override
    public boolean holdsFor(Row stored) {
      return stored != null && expected.equals(stored.get(column));
    }

    @Override
    public String toString() {
      return column + " = " + expected + (orLeftover ? " (or left over)" : "");
    }
  }

  /**
   * The row must not hold {@code column}: stored without it, or, with {@code orRowAbsent}, not
   * stored at all.
   *
   * @param column an attribute column
   * @param orRowAbsent whether no stored row meets the condition too
   */
  record ColumnAbsent(String column, boolean orRowAbsent) implements WriteCondition {
    public ColumnAbsent {
      Objects.requireNonNull(column, "column");
    }

    @Override
    public boolean holdsFor(Row stored) {
      return stored == null ? orRowAbsent : stored.get(column) == null;
    }

    @Override
    public String toString() {
      return (orRowAbsent ? "row absent or " : "") + column + " absent";
    }
  }
}
