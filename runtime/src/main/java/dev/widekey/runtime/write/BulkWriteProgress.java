package dev.widekey.runtime.write;

/**
 * A snapshot of a running {@link BulkWriter} import, passed to its progress listener.
 *
 * <pre>{@code
 * BulkWriter.builder(store).progress(p -> log.info("{} rows done, {} failed", p.acknowledged(), p.failed()));
 * }</pre>
 *
 * @param read operations read from the input so far
 * @param acknowledged operations the store acknowledged
 * @param failed operations reported failed for good
 * @param retries attempts beyond the first, over all operations
 * @param batches batch-write calls made
 */
public record BulkWriteProgress(
    long read, long acknowledged, long failed, long retries, long batches) {

  /** Operations read but not yet acknowledged nor failed. */
  public long inFlight() {
    return read - acknowledged - failed;
  }
}
