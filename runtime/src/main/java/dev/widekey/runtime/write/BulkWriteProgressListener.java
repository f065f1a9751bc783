package dev.widekey.runtime.write;

import java.util.function.Consumer;

/**
 * A {@link BulkWriter} progress listener that is also told when each import ends. Snapshots alone
 * cannot say which one is the last: an import that stops ({@link BulkWriteException}) leaves
 * operations read but never finished, and a listener that shows a running state (operations in
 * flight, a gauge) needs to know that they no longer run.
 *
 * <pre>{@code
 * BulkWriter.builder(store).progress(new BulkWriteProgressListener() {
 *   public void accept(BulkWriteProgress p) { bar.set(p.acknowledged()); }
 *   public void importEnded(BulkWriteResult r) { bar.done(r.allAcknowledged()); }
 * });
 * }</pre>
 */
@FunctionalInterface
public interface BulkWriteProgressListener extends Consumer<BulkWriteProgress> {

  /**
   * Called exactly once per import, after its last snapshot, when the import ends for any reason:
   * finished, or stopped by its input, a listener or an interrupt. From the thread that called
   * {@code write}; no snapshot of that import follows. An exception thrown here stops the import
   * like a throwing progress listener: the write throws a {@link BulkWriteException} holding the
   * same result.
   *
   * @param result the import's result: the one {@code write} returns, or the {@link
   *     BulkWriteException#partialResult()} it throws
   */
  default void importEnded(BulkWriteResult result) {}
}
