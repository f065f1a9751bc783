package dev.widekey.runtime.write;

/**
 * A {@link BulkWriter} import stopped before it had read its whole input: the input itself threw, a
 * listener threw, or the calling thread was interrupted. The operations read before were finished
 * (acknowledged or failed) as far as the writer could, and {@link #partialResult()} counts them;
 * the rest of the input was not read.
 *
 * <pre>{@code
 * try { writer.write(ops); }
 * catch (BulkWriteException e) { resumeAfter(e.partialResult().total()); }
 * }</pre>
 */
public final class BulkWriteException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient BulkWriteResult partialResult;

  public BulkWriteException(String message, Throwable cause, BulkWriteResult partialResult) {
    super(message, cause);
    this.partialResult = partialResult;
  }

  /** What happened to the operations read before the import stopped. */
  public BulkWriteResult partialResult() {
    return partialResult;
  }
}
