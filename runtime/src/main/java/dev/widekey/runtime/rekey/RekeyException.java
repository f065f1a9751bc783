package dev.widekey.runtime.rekey;

/**
 * A re-keying run stopped by a failure (a write that failed after its retries, a store error, a row
 * the old repository cannot read other than by a rule). Its {@link #result()} says what is
 * checkpointed and where each segment stands; run the job again to continue from there.
 *
 * <pre>{@code
 * try {
 *   job.run();
 * } catch (RekeyException e) {
 *   log.warn("stopped at {}", e.result().resumeAfter(), e);
 * }
 * }</pre>
 */
public class RekeyException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient RekeyResult result;

  public RekeyException(String message, Throwable cause, RekeyResult result) {
    super(message, cause);
    this.result = result;
  }

  /** What the job has checkpointed, over all its runs, when this run stopped. */
  public RekeyResult result() {
    return result;
  }
}
