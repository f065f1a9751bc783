package dev.widekey.runtime.repository;

import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.StoreException;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A versioned write (an entity with {@code @Version}) found another version stored than the one it
 * was made from: nothing was written. Not retryable as is: read the entity again, apply the change
 * to what is stored now, and put that.
 *
 * <pre>{@code
 * try {
 *   account = accounts.put(account.withBalance(700));
 * } catch (VersionConflictException e) {
 *   Account fresh = accounts.get(account.accountId()).orElseThrow(); // e.storedVersion() now
 *   account = accounts.put(fresh.withBalance(fresh.balance() + 200));
 * }
 * }</pre>
 */
public class VersionConflictException extends StoreException {
  private static final long serialVersionUID = 1L;

  private final String table;
  private final transient PrimaryKey key;
  private final long expectedVersion;
  private final Long storedVersion;
  private final boolean rowStored;

  /**
   * @param table the hot table written
   * @param key the entity's key
   * @param expectedVersion the version the write was made from; 0 for a new entity, or one whose
   *     stored row holds no version yet
   * @param rowStored whether a row is stored now
   * @param storedVersion the version stored now, empty if no row is stored or it holds none
   * @param cause the store's condition failure
   */
  public VersionConflictException(
      String table,
      PrimaryKey key,
      long expectedVersion,
      boolean rowStored,
      OptionalLong storedVersion,
      Throwable cause) {
    super(
        ErrorKind.CONDITION_FAILED,
        message(table, key, expectedVersion, rowStored, storedVersion),
        false,
        cause);
    this.table = Objects.requireNonNull(table, "table");
    this.key = Objects.requireNonNull(key, "key");
    this.expectedVersion = expectedVersion;
    this.rowStored = rowStored;
    this.storedVersion = storedVersion.isPresent() ? storedVersion.getAsLong() : null;
  }

  /** The hot table written. */
  public String table() {
    return table;
  }

  /** The entity's key. */
  public PrimaryKey key() {
    return key;
  }

  /**
   * The version the write was made from: 0 for a new entity, or one whose stored row was written
   * before the entity had a version (a put expected either, an update the latter).
   */
  public long expectedVersion() {
    return expectedVersion;
  }

  /** Whether a row was stored when the conflict was read back. */
  public boolean rowStored() {
    return rowStored;
  }

  /**
   * The version stored when the conflict was read back; empty if no row is stored, or the row holds
   * no version (written before the entity had {@code @Version}, or by another program).
   */
  public OptionalLong storedVersion() {
    return storedVersion == null ? OptionalLong.empty() : OptionalLong.of(storedVersion);
  }

  private static String message(
      String table, PrimaryKey key, long expected, boolean rowStored, OptionalLong stored) {
    String wanted =
        expected == 0
            ? "version 0 (no stored row, or one stored before the entity had a version)"
            : "version " + expected;
    String found =
        !rowStored
            ? "no row is stored"
            : stored.isPresent()
                ? "version " + stored.getAsLong() + " is stored"
                : "the stored row holds no version";
    return "row "
        + key
        + " of table "
        + table
        + ": expected "
        + wanted
        + ", but "
        + found
        + "; nothing was written. Read the entity again, apply the change to it and write that";
  }
}
