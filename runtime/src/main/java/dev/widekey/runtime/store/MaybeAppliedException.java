package dev.widekey.runtime.store;

/**
 * A conditional write sent again whose condition failed, although an earlier attempt of it, which
 * failed retryably, may have been applied: whether it was is unknown, and nothing stored tells. Its
 * {@link #kind()} is {@link ErrorKind#CONDITION_FAILED} and it is not retryable (every further
 * attempt would find the same); a caller that must know decides with what else it knows (its own
 * later writes). Reported by the retry loops ({@link dev.widekey.runtime.retry.OwnWrites}) for
 *
 * <ul>
 *   <li>a conditional delete sent again: the row it deleted is absent, as another writer's delete
 *       leaves it;
 *   <li>a conditional put sent again in a batch holding a later write of the same key: that write,
 *       sent with the earlier attempt, may have replaced the row the put wrote.
 * </ul>
 *
 * A conditional put sent again that finds its own row succeeds, and one that finds another row with
 * no write of its own batch in between fails with a plain {@code CONDITION_FAILED}.
 *
 * <pre>{@code
 * catch (MaybeAppliedException e) { reconcile(e); } // the write may or may not be stored
 * catch (StoreException e) { if (e.kind() == ErrorKind.CONDITION_FAILED) conflict(e); }
 * }</pre>
 */
public final class MaybeAppliedException extends StoreException {
  private static final long serialVersionUID = 1L;

  /**
   * @param message what was sent again and why its outcome is unknown
   * @param refused the condition failure of the attempt sent again
   */
  public MaybeAppliedException(String message, StoreException refused) {
    super(ErrorKind.CONDITION_FAILED, message, false, refused);
  }
}
