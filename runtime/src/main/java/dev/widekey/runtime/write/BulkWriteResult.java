package dev.widekey.runtime.write;

import java.time.Duration;
import java.util.List;

/**
 * The outcome of one {@link BulkWriter} import: every input operation is counted either
 * acknowledged or failed. Failures are kept (up to the writer's {@link
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
 * @param total operations read from the input
 * @param acknowledged operations the store acknowledged
 * @param failed operations that failed for good; {@code acknowledged + failed == total}
 * @param retries attempts beyond the first, over all operations
 * @param batches batch-write calls made
 * @param elapsed wall time of the import
 * @param failures the first failures, in the order they happened
 * @param failuresTruncated whether more failures happened than {@code failures} holds
 */
public record BulkWriteResult(
    long total,
    long acknowledged,
    long failed,
    long retries,
    long batches,
    Duration elapsed,
    List<BulkWriteFailure> failures,
    boolean failuresTruncated) {

  public BulkWriteResult {
    failures = List.copyOf(failures);
  }

  /** Whether every input operation was acknowledged. */
  public boolean allAcknowledged() {
    return failed == 0 && acknowledged == total;
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
    StringBuilder out =
        new StringBuilder()
            .append(total)
            .append(" read, ")
            .append(acknowledged)
            .append(" acknowledged, ")
            .append(failed)
            .append(" failed, ")
            .append(retries)
            .append(" retries, ")
            .append(batches)
            .append(" batches in ")
            .append(elapsed);
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
