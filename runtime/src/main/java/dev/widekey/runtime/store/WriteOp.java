package dev.widekey.runtime.store;

import java.util.Objects;

/**
 * One write of a batch: put a whole row (replacing any row with the same key) or delete one, either
 * optionally only if a {@link WriteCondition} holds of the stored row.
 *
 * <pre>{@code
 * List<WriteOp> ops = List.of(
 *     WriteOp.put("items", row),
 *     WriteOp.put("items", newRow, WriteCondition.rowAbsent()),
 *     WriteOp.delete("items", oldKey),
 *     WriteOp.delete("items", versionedKey, WriteCondition.columnEquals("version", v)));
 * }</pre>
 */
public sealed interface WriteOp {
  /** The table written. */
  String table();

  /** The key written. */
  PrimaryKey key();

  /**
   * What must hold of the stored row for the operation to apply; {@link WriteCondition#none()} for
   * an unconditional one. A condition that does not hold fails the operation with {@link
   * ErrorKind#CONDITION_FAILED} and writes nothing.
   */
  WriteCondition condition();

  /**
   * Bytes the operation carries, as batch byte limits count them.
   *
   * @throws IllegalArgumentException if a string holds an unpaired surrogate, which has no UTF-8
   *     form
   */
  long sizeInBytes();

  static Put put(String table, Row row) {
    return new Put(table, row, WriteCondition.none());
  }

  static Put put(String table, Row row, WriteCondition condition) {
    return new Put(table, row, condition);
  }

  static Delete delete(String table, PrimaryKey key) {
    return new Delete(table, key, WriteCondition.none());
  }

  static Delete delete(String table, PrimaryKey key, WriteCondition condition) {
    return new Delete(table, key, condition);
  }

  /**
   * Replace the row with {@code row} if {@code condition} holds of the stored row; a condition that
   * does not hold fails the operation with {@link ErrorKind#CONDITION_FAILED} and writes nothing.
   */
  record Put(String table, Row row, WriteCondition condition) implements WriteOp {
    public Put {
      Objects.requireNonNull(table, "table");
      Objects.requireNonNull(row, "row");
      Objects.requireNonNull(condition, "condition");
    }

    /** An unconditional put. */
    public Put(String table, Row row) {
      this(table, row, WriteCondition.none());
    }

    @Override
    public PrimaryKey key() {
      return row.key();
    }

    @Override
    public long sizeInBytes() {
      return row.sizeInBytes();
    }
  }

  /**
   * Delete the row with {@code key}, if any, and if {@code condition} holds of the stored row; a
   * condition that does not hold fails the operation with {@link ErrorKind#CONDITION_FAILED} and
   * deletes nothing. Unconditionally, deleting a missing row does nothing and succeeds.
   */
  record Delete(String table, PrimaryKey key, WriteCondition condition) implements WriteOp {
    public Delete {
      Objects.requireNonNull(table, "table");
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(condition, "condition");
    }

    /** An unconditional delete. */
    public Delete(String table, PrimaryKey key) {
      this(table, key, WriteCondition.none());
    }

    @Override
    public long sizeInBytes() {
      return key.sizeInBytes();
    }
  }
}
