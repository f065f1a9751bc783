package dev.widekey.runtime.retry;

import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.MaybeAppliedException;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.Optional;

/**
 * Tells a conditional put that a retry finds refused by its own earlier attempt from one refused by
 * another writer's row. Every loop that retries writes ({@link RetryingStore}, the bulk writer, a
 * repository's {@code putAll}) passes the outcome of each attempt after the first through {@link
 * #recheck}. A split entity's commit is the exception: those loops never send it again as it is
 * ({@link CallerResends}, {@link dev.widekey.runtime.write.WriteGroup.Resend}), since a landed
 * commit another writer replaced or deleted since would name rows that writer deleted; the
 * repository's commit point sends it again its own way.
 *
 * <p>An attempt that failed retryably (a timeout, a lost connection, an error after the client
 * library's own retries) may have been applied: the next attempt then finds the row the first one
 * wrote, and an insert ({@link dev.widekey.runtime.store.WriteCondition#rowAbsent()}) or a
 * versioned put ({@code columnEquals(version, v)}, storing {@code v + 1}) fails its condition
 * against it. So when a put sent again fails with {@link ErrorKind#CONDITION_FAILED}, the stored
 * row is read, and if it is exactly the row this put writes (every column, typed), the put counts
 * as applied:
 *
 * <ul>
 *   <li>a versioned put's row holds the version it stores, which only one writer of the version
 *       before can store (the others' conditions fail), and versions only grow: an identical row is
 *       this put's, or one with the same content written from the same version;
 *   <li>every hot row of a split entity carries the random {@code wk_cold_tag} its write drew (its
 *       commit point, {@code repository.CommitPoint}): an identical hot row is this write's, whose
 *       other rows were stored before it;
 *   <li>an insert of a row without either may find an identical row another writer stored. The two
 *       are indistinguishable, and the caller's row is stored, which is what it asked for; but an
 *       insert used as a lock that only identical writers contend for does not exclude them after
 *       an ambiguous failure.
 * </ul>
 *
 * A different stored row (or none) keeps the {@code CONDITION_FAILED}: a retry never turns a real
 * conflict into success. A put applied and then replaced or deleted by another writer before the
 * retry also keeps it: its row is not the stored one. The first attempt is never checked this way:
 * nothing of this put can be stored then, and an identical row is another writer's conflict.
 *
 * <p>A conditional delete ({@link WriteOp#delete(String, dev.widekey.runtime.store.PrimaryKey,
 * dev.widekey.runtime.store.WriteCondition)}) sent again that fails its condition keeps {@code
 * CONDITION_FAILED}, never becomes success: an earlier attempt leaves no row, and no row is also
 * what another writer's delete leaves, so nothing stored tells the two apart. The failure is then a
 * {@link MaybeAppliedException}, saying that an earlier attempt may have deleted the row.
 *
 * <p>A conditional put sent again in a batch that holds a later write of the same key (an insert
 * followed by a plain put, say) may have been applied by an earlier attempt and then replaced by
 * that write, sent with it: not finding its own row then proves nothing, and its failure is a
 * {@link MaybeAppliedException} too, never a definite conflict that may be false.
 *
 * <p>The check costs one read, only on this path (a retry that fails its condition). No column is
 * added to any row: a write id stored with every row would cost bytes on every row of every store
 * and appear in the rows callers read back, to tell apart only the identical inserts above.
 */
public final class OwnWrites {
  private OwnWrites() {}

  /**
   * The outcome of an attempt of {@code outcome.op()} after the first, as the caller should see it:
   * applied if the attempt failed its condition against the row an earlier attempt wrote; any other
   * outcome unchanged. When the read that tells fails, whether the put is stored stays unknown: a
   * retryable read failure makes the outcome a retryable failure of the same kind (so the put is
   * sent and checked again), any other keeps the {@code CONDITION_FAILED}, the read's error
   * attached as suppressed.
   *
   * <pre>{@code
   * WriteOutcome o = store.batchWrite(List.of(op)).get(0);
   * if (attempt > 1) {
   *   o = OwnWrites.recheck(store, o);
   * }
   * }</pre>
   *
   * @param store the store the put was sent to, read with the same view of the row
   */
  public static WriteOutcome recheck(WideTableStore store, WriteOutcome outcome) {
    return recheck(store, outcome, false);
  }

  /**
   * As {@link #recheck(WideTableStore, WriteOutcome)}, for an operation of a batch: {@code
   * laterWriteOnKey} says that the batch holds a later write of the same key, sent with the earlier
   * attempts. That write may have replaced the row an earlier attempt of this put wrote, so a put
   * that does not find its own row has an unknown outcome, not a conflict: it fails with a {@link
   * MaybeAppliedException}.
   */
  public static WriteOutcome recheck(
      WideTableStore store, WriteOutcome outcome, boolean laterWriteOnKey) {
    WriteOutcome checked = checkAgainstStored(store, outcome);
    if (laterWriteOnKey
        && checked.op() instanceof WriteOp.Put put
        && !checked.succeeded()
        && checked.failure().kind() == ErrorKind.CONDITION_FAILED
        && !(checked.failure() instanceof MaybeAppliedException)
        && !put.condition().isNone()) {
      return WriteOutcome.failed(
          put,
          new MaybeAppliedException(
              checked.failure().detail()
                  + " (on a retry: an earlier attempt of this put failed retryably and may have"
                  + " written the row before a later write of the same key in its batch replaced"
                  + " it)",
              checked.failure()));
    }
    return checked;
  }

  private static WriteOutcome checkAgainstStored(WideTableStore store, WriteOutcome outcome) {
    if (outcome.succeeded()
        || outcome.failure().kind() != ErrorKind.CONDITION_FAILED
        || outcome.op().condition().isNone()) {
      return outcome;
    }
    if (outcome.op() instanceof WriteOp.Delete delete) {
      return deleteSentAgain(delete, outcome.failure());
    }
    WriteOp.Put put = (WriteOp.Put) outcome.op();
    StoreException refused = outcome.failure();
    Optional<Row> stored;
    try {
      stored = store.get(put.table(), put.key(), ColumnSelection.all());
    } catch (RuntimeException e) {
      if (e instanceof StoreException read && read.retryable()) {
        StoreException unknown =
            new StoreException(
                read.kind(),
                "row "
                    + put.key()
                    + " of table "
                    + put.table()
                    + " failed its condition on a retry, and reading it to tell whether an"
                    + " earlier attempt had written it failed: "
                    + read.detail(),
                true,
                read);
        unknown.addSuppressed(refused);
        return WriteOutcome.failed(put, unknown);
      }
      refused.addSuppressed(e);
      return outcome;
    }
    return stored.isPresent() && stored.get().equals(put.row())
        ? WriteOutcome.applied(put)
        : outcome;
  }

  /**
   * A conditional delete sent again that failed its condition keeps {@code CONDITION_FAILED}: no
   * stored state proves that an earlier attempt deleted the row. An absent row is what that attempt
   * would leave, but also what another writer's delete leaves (before that attempt, which then
   * failed its own condition, or after it); a present row may have been written after either. So
   * the row is not read, and the failure only says that an earlier attempt may have been applied,
   * so that a caller who must know reads the row with what else it knows (its own later writes).
   */
  private static WriteOutcome deleteSentAgain(WriteOp.Delete delete, StoreException refused) {
    StoreException ambiguous =
        new MaybeAppliedException(
            refused.detail()
                + " (on a retry: an earlier attempt of this delete failed retryably and may have"
                + " deleted the row before this one found the condition failing)",
            refused);
    return WriteOutcome.failed(delete, ambiguous);
  }
}
