package dev.widekey.runtime.repository;

import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.StoreException;

/**
 * A write or delete of an entity that other writers beat to its commit point on every attempt
 * ({@link CommitPoint#COMMIT_ATTEMPTS} compare-and-sets, each after a fresh read): nothing was
 * written or deleted, and the call's own rows were removed again. Retryable ({@link
 * ErrorKind#UNAVAILABLE}); unlike a lost answer, its outcome is known.
 *
 * <pre>{@code
 * try { items.put(item); }
 * catch (ContendedWriteException e) { retryLater(item); } // nothing of this put is stored
 * }</pre>
 */
public class ContendedWriteException extends StoreException {
  private static final long serialVersionUID = 1L;

  private final transient PrimaryKey key;

  ContendedWriteException(PrimaryKey key, String table, int attempts, String what) {
    super(
        ErrorKind.UNAVAILABLE,
        "row "
            + key
            + " of table "
            + table
            + " was rewritten by other writers during each of "
            + attempts
            + " attempts to "
            + what
            + ", try again",
        true,
        null);
    this.key = key;
  }

  /** The key of the entity's commit point (its hot row). */
  public PrimaryKey key() {
    return key;
  }
}
