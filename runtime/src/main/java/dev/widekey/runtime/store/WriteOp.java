package dev.widekey.runtime.store;

import java.util.Objects;

/**
 * One write of a batch: put a whole row (replacing any row with the same key) or delete one.
 *
 * <pre>{@code
 * List<WriteOp> ops = List.of(WriteOp.put("items", row), WriteOp.delete("items", oldKey));
 * }</pre>
 */
public sealed interface WriteOp {
  /** The table written. */
  String table();

  /** The key written. */
  PrimaryKey key();

  /**
   * Bytes the operation carries, as batch byte limits count them.
   *
   * @throws IllegalArgumentException if a string holds an unpaired surrogate, which has no UTF-8
   *     form
   */
  long sizeInBytes();

  static Put put(String table, Row row) {
    return new Put(table, row);
  }

  static Delete delete(String table, PrimaryKey key) {
    return new Delete(table, key);
  }

  /** Replace the row with {@code row}. */
  record Put(String table, Row row) implements WriteOp {
    public Put {
      Objects.requireNonNull(table, "table");
      Objects.requireNonNull(row, "row");
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

  /** Delete the row with {@code key}, if any. */
  record Delete(String table, PrimaryKey key) implements WriteOp {
    public Delete {
      Objects.requireNonNull(table, "table");
      Objects.requireNonNull(key, "key");
    }

    @Override
    public long sizeInBytes() {
      return key.sizeInBytes();
    }
  }
}
