package dev.widekey.runtime.write;

/**
 * A {@link BulkWriter} import stopped early: the input itself threw, a listener threw, or the
 * calling thread was interrupted; every such stop is this exception, with the cause. {@link
 * #partialResult()} counts each operation read as acknowledged, failed, of unknown outcome (sent,
 * no answer: possibly stored) or not attempted (the batches in flight are finished, nothing more is
 * sent), and says where to resume the input: from {@link BulkWriteResult#resumePosition()} on,
 * which writes every operation not attempted or of unknown outcome and the rest of the input.
 * Resume with {@link BulkWriter#resumeWrite} or {@link BulkWriter#resumeGroups}, passing the
 * partial result, so that a conditional put the stopped import applied is recognised as its own; a
 * split-table repository's {@code putAll(stream, writer)} with its {@code putAll(rest, writer,
 * stopped)}.
 *
 * <pre>{@code
 * try { writer.write(ops.iterator()); }
 * catch (BulkWriteException e) {
 *   BulkWriteResult stopped = e.partialResult();
 *   writer.resumeWrite(ops.subList((int) stopped.resumePosition(), ops.size()).iterator(), stopped);
 * }
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
