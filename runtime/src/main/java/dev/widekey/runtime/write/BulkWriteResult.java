package dev.widekey.runtime.write;

import java.time.Duration;
import java.util.List;

/**
 * The outcome of one {@link BulkWriter} import: every input operation read is counted acknowledged,
 * failed, or, when the import stopped early ({@link BulkWriteException}), not attempted: {@code
 * acknowledged + failed + notAttempted == total}. Failures are kept (up to the writer's {@link
 * BulkWriter.Builder#maxRecordedFailures(int) bound}; all of them go to its failure listener);
 * successes are only counted, so a million-row import stays small.
 *
 * <pre>{@code
 * BulkWriteResult r = writer.write(ops);
 * if (!r.allAcknowledged()) {
 *   r.failures().forEach(f -> log.warn("{}: {}", f.key(), f.error().getMessage()));
 * }
 * }</pre>
 *
 * <p>After an import that stopped, writing the input again from {@link #resumePosition()} writes
 * every operation not attempted, and gives the same stored rows as one import that never stopped:
 *
 * <pre>{@code
 * try { writer.write(input.iterator()); }
 * catch (BulkWriteException e) {
 *   writer.write(input.subList((int) e.partialResult().resumePosition(), input.size()).iterator());
 * }
 * }</pre>
 *
 * @param total operations read from the input
 * @param acknowledged operations the store acknowledged
 * @param failed operations that failed for good
 * @param notAttempted operations read but neither acknowledged nor failed because the import
 *     stopped first: never sent, or sent and waiting for a retry (so possibly applied); 0 for an
 *     import that ran to its end. {@code acknowledged + failed + notAttempted == total}
 * @param retries attempts beyond the first, over all operations
 * @param batches batch-write calls made
 * @param elapsed wall time of the import
 * @param failures the first failures, in the order they happened
 * @param failuresTruncated whether more failures happened than {@code failures} holds
 * @param resumePosition where to resume the input, counted in input elements (operations or groups)
 *     from 0: every element before it is finished (each of its operations acknowledged or failed),
 *     so writing the input again from here, in order, writes every operation not attempted and
 *     keeps the later operation on a key the winner. The number of elements read when nothing read
 *     is left unfinished. For an input read in order (not {@link BulkWriter.Builder#splitInput(int)
 *     split})
 */
public record BulkWriteResult(
    long total,
    long acknowledged,
    long failed,
    long notAttempted,
    long retries,
    long batches,
    Duration elapsed,
    List<BulkWriteFailure> failures,
    boolean failuresTruncated,
    long resumePosition) {

  public BulkWriteResult {
    failures = List.copyOf(failures);
    if (acknowledged + failed + notAttempted != total) {
      throw new IllegalArgumentException(
          "acknowledged + failed + notAttempted must be total: "
              + acknowledged
              + " + "
              + failed
              + " + "
              + notAttempted
              + " != "
              + total);
    }
  }

  /** Whether every input operation was acknowledged. */
  public boolean allAcknowledged() {
    return failed == 0 && notAttempted == 0 && acknowledged == total;
  }

  /** The most failures {@link #toString} shows. */
  private static final int SHOWN_FAILURES = 3;

  /**
   * The counts and the first few failures: short whatever the import, since results get logged.
   *
   * <pre>{@code 10000 read, 0 acknowledged, 10000 failed, 0 retries, 50 batches in PT0.2S; first
   * failures: [...], …}</pre>
   */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    out.append(total)
        .append(" read, ")
        .append(acknowledged)
        .append(" acknowledged, ")
        .append(failed)
        .append(" failed, ");
    if (notAttempted > 0) {
      out.append(notAttempted)
          .append(" not attempted (resume at input position ")
          .append(resumePosition)
          .append("), ");
    }
    out.append(retries).append(" retries, ").append(batches).append(" batches in ").append(elapsed);
    if (!failures.isEmpty()) {
      out.append("; first failures: ")
          .append(failures.subList(0, Math.min(SHOWN_FAILURES, failures.size())));
      if (failures.size() > SHOWN_FAILURES || failuresTruncated) {
        out.append(", …");
      }
    }
    return out.toString();
  }
}
