package dev.widekey.runtime.write;

import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.retry.RetryPolicy;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import java.time.Duration;
import java.util.Iterator;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Imports many rows into a {@link WideTableStore} the way the stores want it (rules WK302–WK304):
 * input shuffled so that writes spread over the partitions instead of walking them one at a time,
 * batches bounded by the store's row and byte limits, several workers writing in parallel, and
 * retryable per-row failures retried with the {@link RetryPolicy}'s exponential, randomized
 * backoff.
 *
 * <h2>Guarantees</h2>
 *
 * <ul>
 *   <li><b>Every input operation is accounted for</b>: the {@link BulkWriteResult} counts it
 *       acknowledged or failed, and each failure carries its typed {@link StoreException}
 *       (successes are only counted, so memory does not grow with the input). An import that stops
 *       early (the input or a listener throws, the caller is interrupted) throws a {@link
 *       BulkWriteException} whose result also lists the operations sent whose outcome is unknown
 *       (an answer lost, a batch in flight: possibly stored, never counted as not attempted),
 *       counts the ones not attempted, and gives the input position from which a resumed import
 *       ({@link #resumeWrite}, {@link #resumeGroups}) writes exactly what is left undone.
 *   <li><b>Bounded memory and backpressure</b>: at most {@link Builder#window(int)} operations, of
 *       at most {@link Builder#windowBytes(long)} bytes, are read and unfinished at a time; reading
 *       the input waits while the window is full. The input is never materialized, and failures are
 *       kept by table, key and size, never by the whole row.
 *   <li><b>The later operation on a key wins</b>: operations on the same table and key are applied
 *       one after another in input order; the next is sent only once the one before is finished
 *       (acknowledged, or failed for good). So a retried ambiguous write (applied, but the caller
 *       saw a timeout) is finished before a newer write of its key is sent, and cannot overwrite
 *       it. (A store that applies a timed-out request late, after the client has moved on, is
 *       outside what any client can order.)
 *   <li><b>Groups</b>: the operations of a {@link WriteGroup} are applied in order, each sent only
 *       after the one before was acknowledged; after a failure the rest are not sent and are
 *       reported failed. Split-table repositories write an entity as a group, cold-table put first,
 *       so a hot row never points at a missing cold row.
 *   <li><b>Conditional puts</b> ({@link dev.widekey.runtime.store.WriteCondition}) are sent with
 *       their condition, each checked by the store atomically with its write. One whose condition
 *       does not hold fails that row alone with {@link ErrorKind#CONDITION_FAILED}, recorded like
 *       any failure and never retried. A conditional put retried after a retryable failure that the
 *       store had applied (a timeout, say) fails its condition against its own first write: a
 *       conditional put sent again that fails its condition is therefore checked against the stored
 *       row ({@link dev.widekey.runtime.retry.OwnWrites#recheck}), and acknowledged if its own row
 *       is stored (its retries counted); another writer's row, or none, keeps the {@code
 *       CONDITION_FAILED}.
 * </ul>
 *
 * <h2>Backoff</h2>
 *
 * A failed operation waits its own backoff before it is sent again. A worker whose batch was
 * throttled ({@link ErrorKind#THROTTLED}) also waits a backoff before its next batch, growing while
 * its batches stay throttled, so that the whole import slows down when the store asks it to,
 * instead of piling retries onto a saturated partition.
 *
 * <h2>Shuffling</h2>
 *
 * Workers take the operations of their next batch at random among those in the window, so writes
 * from anywhere in the window go out together. A window cannot spread an input that is sorted by
 * key over more of the key range than the window holds; for a splittable sorted {@link Stream} (a
 * list, a range), {@link Builder#splitInput(int)} reads the stream as that many pieces at once,
 * which spreads it over the whole key range with the same bounded memory.
 *
 * <pre>{@code
 * BulkWriter writer = BulkWriter.builder(store)
 *     .workers(8)
 *     .retryPolicy(RetryPolicy.builder().maxAttempts(10).build())
 *     .progress(p -> log.info("{} written, {} failed", p.acknowledged(), p.failed()))
 *     .build();
 *
 * // plain rows
 * BulkWriteResult r = writer.write(events.stream().map(e -> WriteOp.put("events", toRow(e))));
 *
 * // split-table entities: the cold row is acknowledged before the hot row is sent
 * BulkWriteResult r2 = writer.writeGroups(orders.stream().map(o -> WriteGroup.of(
 *     WriteOp.put("orders_cold", coldRow(o)), WriteOp.put("orders", hotRow(o)))));
 * if (!r2.allAcknowledged()) { r2.failures().forEach(f -> log.warn("{}", f)); }
 * }</pre>
 *
 * <p>A writer is immutable and may run several imports, one after another or at once; each {@code
 * write} call runs its own worker threads and returns when the import is finished.
 */
public final class BulkWriter {
  private final WriterSettings settings;

  private BulkWriter(Builder b) {
    StoreLimits limits = b.store.limits();
    int maxBatchRows = Math.max(1, Math.min(b.maxBatchRows, limits.maxBatchRows()));
    long maxBatchBytes = Math.max(1, Math.min(b.maxBatchBytes, limits.maxBatchBytes()));
    this.settings =
        new WriterSettings(
            b.store,
            b.workers,
            b.policy,
            maxBatchRows,
            maxBatchBytes,
            // saturated: a store whose batches have no bound of their own (custom limits) gets the
            // largest window, not an overflowed negative one that admits one element at a time
            b.window > 0
                ? b.window
                : (int)
                    Math.min(
                        Integer.MAX_VALUE,
                        Math.min(Integer.MAX_VALUE, (long) b.workers * maxBatchRows) * 8),
            b.windowBytes > 0
                ? b.windowBytes
                : maxBatchBytes > Long.MAX_VALUE / 2 / b.workers
                    ? Long.MAX_VALUE
                    : b.workers * maxBatchBytes * 2,
            b.splitInput,
            b.seed,
            b.progress,
            b.failureListener,
            b.maxRecordedFailures,
            b.deadline);
  }

  /** A builder writing to {@code store}. */
  public static Builder builder(WideTableStore store) {
    return new Builder(store);
  }

  /** A writer with the defaults of {@link Builder}. */
  public static BulkWriter of(WideTableStore store) {
    return builder(store).build();
  }

  /**
   * The largest number of operations in one batch: the builder's, within the store's limit. A batch
   * writing a table whose profile is stricter ({@code store.limits(profile)}) keeps that bound.
   */
  public int maxBatchRows() {
    return settings.maxBatchRows();
  }

  /**
   * The largest number of bytes in one batch: the builder's, within the store's limit. A batch
   * writing a table whose profile is stricter (a Lindorm table's 2 MB) keeps that bound.
   */
  public long maxBatchBytes() {
    return settings.maxBatchBytes();
  }

  /** The largest number of operations read and not yet finished. */
  public int window() {
    return settings.window();
  }

  /** The largest number of bytes of operations read and not yet finished. */
  public long windowBytes() {
    return settings.windowBytes();
  }

  /**
   * Writes the operations of an iterator, read in order on the calling thread (so an iterator bound
   * to it, such as a database cursor, works).
   *
   * @throws BulkWriteException if the iterator or a listener throws, or the thread is interrupted
   */
  public BulkWriteResult write(Iterator<? extends WriteOp> ops) {
    return run(InputSource.of(ops), WriteGroup::of);
  }

  /**
   * Writes the operations of a stream; with {@link Builder#splitInput(int)} the stream is read as
   * several pieces at once. The stream is not closed.
   *
   * @throws BulkWriteException if the stream or a listener throws, or the thread is interrupted
   */
  public BulkWriteResult write(Stream<? extends WriteOp> ops) {
    return run(source(ops), WriteGroup::of);
  }

  /**
   * Writes groups of dependent operations read from an iterator, as {@link #write(Iterator)}.
   *
   * @throws BulkWriteException if the iterator or a listener throws, or the thread is interrupted
   */
  public BulkWriteResult writeGroups(Iterator<WriteGroup> groups) {
    return run(InputSource.of(groups), g -> g);
  }

  /**
   * Writes groups of dependent operations read from a stream, as {@link #write(Stream)}.
   *
   * @throws BulkWriteException if the stream or a listener throws, or the thread is interrupted
   */
  public BulkWriteResult writeGroups(Stream<WriteGroup> groups) {
    return run(source(groups), g -> g);
  }

  /**
   * Resumes an import of operations that stopped with {@code stopped} as its partial result: {@code
   * rest} is its input from {@link BulkWriteResult#resumePosition()} on. As {@link
   * #write(Iterator)}, except that the operations {@code stopped} lists in {@link
   * BulkWriteResult#unknownOutcomes()}, and those it finished past its resume position (every
   * operation of an element it read, {@link BulkWriteResult#elementsRead()}, that it does not list
   * as unfinished), are known to be possibly stored: a conditional one that fails its condition is
   * checked against the stored row from its first attempt on, and acknowledged if its own row is
   * stored. So the stop and this resume store, and report, what one import that never stopped would
   * have. Positions in the result count from the start of {@code rest}, so a resume that stops
   * again is resumed the same way, with its own result.
   *
   * <pre>{@code
   * catch (BulkWriteException e) {
   *   BulkWriteResult stopped = e.partialResult();
   *   writer.resumeWrite(ops.subList((int) stopped.resumePosition(), ops.size()).iterator(), stopped);
   * }
   * }</pre>
   *
   * @throws BulkWriteException if the iterator or a listener throws, or the thread is interrupted
   * @throws IllegalArgumentException if {@code stopped} read its input split ({@link
   *     BulkWriteResult#inputSplit()}): no position resumes it
   */
  public BulkWriteResult resumeWrite(Iterator<? extends WriteOp> rest, BulkWriteResult stopped) {
    return new Import(settings, StoppedImport.of(stopped))
        .run(InputSource.of(rest), WriteGroup::of);
  }

  /**
   * Resumes an import of groups that stopped with {@code stopped} as its partial result, as {@link
   * #resumeWrite}: {@code rest} is the same groups from {@link BulkWriteResult#resumePosition()}
   * on. Groups planned again rather than the same ones (another split entity's write tag, say) are
   * other writes: a conditional put of them that meets the stopped import's applied write fails its
   * condition. A split-table repository's import is resumed with its own {@code putAll(rest,
   * writer, stopped)}, which plans the rest under the stopped import's write tags.
   *
   * @throws BulkWriteException if the iterator or a listener throws, or the thread is interrupted
   * @throws IllegalArgumentException if {@code stopped} read its input split ({@link
   *     BulkWriteResult#inputSplit()}): no position resumes it
   */
  public BulkWriteResult resumeGroups(Iterator<WriteGroup> rest, BulkWriteResult stopped) {
    return new Import(settings, StoppedImport.of(stopped)).run(InputSource.of(rest), g -> g);
  }

  private <T> InputSource<T> source(Stream<? extends T> stream) {
    return InputSource.of(stream, settings.splitInput(), settings.window(), settings.seed());
  }

  /** Runs one import; the input is opened (and a stream split) before the import's clock starts. */
  private <T> BulkWriteResult run(InputSource<T> source, Function<? super T, WriteGroup> opsOf) {
    return new Import(settings, StoppedImport.NONE).run(source, opsOf);
  }

  /**
   * Configures a {@link BulkWriter}.
   *
   * <pre>{@code
   * BulkWriter writer = BulkWriter.builder(store).workers(16).seed(42).build();
   * }</pre>
   */
  public static final class Builder {
    private final WideTableStore store;
    private int workers = 8;
    private RetryPolicy policy = RetryPolicy.defaults();
    private int maxBatchRows = Integer.MAX_VALUE;
    private long maxBatchBytes = Long.MAX_VALUE;
    private int window;
    private long windowBytes;
    private int splitInput = 1;
    private Long seed;
    private BulkWriteProgressListener progress;
    private Consumer<BulkWriteFailure> failureListener;
    private int maxRecordedFailures = 10_000;
    private Duration deadline;

    private Builder(WideTableStore store) {
      this.store = Objects.requireNonNull(store, "store");
    }

    /** Parallel workers, each sending one batch at a time; default 8. */
    public Builder workers(int workers) {
      if (workers < 1) {
        throw new IllegalArgumentException("workers must be at least 1: " + workers);
      }
      this.workers = workers;
      return this;
    }

    /**
     * Retries of each operation: attempts, backoff and a per-operation deadline counted from its
     * first send; the policy's clock and sleeper also drive the writer's waits. Default {@link
     * RetryPolicy#defaults()}.
     */
    public Builder retryPolicy(RetryPolicy policy) {
      this.policy = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /** Operations per batch, at most the store's {@link StoreLimits#maxBatchRows()} (default). */
    public Builder maxBatchRows(int rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("maxBatchRows must be at least 1: " + rows);
      }
      this.maxBatchRows = rows;
      return this;
    }

    /**
     * Bytes per batch, at most the store's {@link StoreLimits#maxBatchBytes()} (default); Lindorm
     * recommends 2 MB. An operation larger than this alone is refused without being sent.
     */
    public Builder maxBatchBytes(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("maxBatchBytes must be at least 1: " + bytes);
      }
      this.maxBatchBytes = bytes;
      return this;
    }

    /**
     * The most operations read and not yet finished: the shuffle window and the memory bound.
     * Default {@code workers * maxBatchRows * 8}.
     */
    public Builder window(int operations) {
      if (operations < 1) {
        throw new IllegalArgumentException("window must be at least 1: " + operations);
      }
      this.window = operations;
      return this;
    }

    /**
     * The most bytes of operations read and not yet finished ({@link WriteOp#sizeInBytes()}): the
     * memory bound when rows are large, whatever the store's speed. One input element larger than
     * this is still read when nothing else is unfinished. Default {@code workers * maxBatchBytes *
     * 2}: 64 MB with 8 workers and the 4 MB batch limit.
     *
     * <pre>{@code BulkWriter.builder(store).windowBytes(16L << 20).build();}</pre>
     */
    public Builder windowBytes(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("windowBytes must be at least 1: " + bytes);
      }
      this.windowBytes = bytes;
      return this;
    }

    /**
     * Reads a {@link Stream} input as up to {@code parts} pieces at once (by splitting its
     * spliterator), drawing from them at random, so a key-sorted input spreads over the whole key
     * range rather than over what the window holds. Default 1 (read in order). Iterator inputs are
     * always read in order.
     *
     * <p>Only for inputs with no key twice: pieces are read out of input order, so the
     * later-op-wins guarantee holds only between operations of one piece. The stream is switched to
     * parallel to be split (it is still read on the calling thread); a stateful stage such as
     * {@code sorted()} is then evaluated in full first, so use it on streams of stateless stages
     * over a splittable source (a list, an array, a range). A stream over an iterator (a reader's
     * lines, a cursor; of known size or not) splits only by reading ahead, so it is split only as
     * far as reading ahead about {@link #window(int)} elements allows: memory stays within the
     * window, and such a stream is spread little more than the window spreads it.
     *
     * <p>An import read split that stops cannot be resumed by position ({@link
     * BulkWriteResult#inputSplit()}; {@link BulkWriter#resumeWrite} refuses it): elements before
     * its resume position may never have been read. Write the whole input again instead.
     */
    public Builder splitInput(int parts) {
      if (parts < 1) {
        throw new IllegalArgumentException("splitInput must be at least 1: " + parts);
      }
      this.splitInput = parts;
      return this;
    }

    /** Seeds the shuffle, for reproducible runs; unseeded by default. */
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /**
     * Called after every batch and at the end with the counts so far; from the writer's threads,
     * one call at a time. It must be quick: workers wait for it. A {@link
     * BulkWriteProgressListener} is also told when each import ends ({@link
     * BulkWriteProgressListener#importEnded}).
     */
    public Builder progress(Consumer<BulkWriteProgress> listener) {
      this.progress =
          listener == null || listener instanceof BulkWriteProgressListener
              ? (BulkWriteProgressListener) listener
              : listener::accept;
      return this;
    }

    /**
     * Called once per failed operation, all of them (the result keeps only the first {@link
     * #maxRecordedFailures(int)}); from the writer's threads, one call at a time.
     */
    public Builder onFailure(Consumer<BulkWriteFailure> listener) {
      this.failureListener = listener;
      return this;
    }

    /** How many failures the result keeps; default 10,000. */
    public Builder maxRecordedFailures(int max) {
      if (max < 0) {
        throw new IllegalArgumentException("maxRecordedFailures is negative: " + max);
      }
      this.maxRecordedFailures = max;
      return this;
    }

    /**
     * A deadline for the whole import, counted on the retry policy's clock: once passed, no
     * operation is sent any more, and the ones not yet acknowledged (the rest of the input
     * included, which is still read) fail with a non-retryable {@link ErrorKind#TIMEOUT}; so does
     * one whose batch fails retryably after the deadline, that failure as its cause. None by
     * default.
     */
    public Builder deadline(Duration deadline) {
      if (deadline != null && deadline.isNegative()) {
        throw new IllegalArgumentException("deadline is negative: " + deadline);
      }
      this.deadline = deadline;
      return this;
    }

    public BulkWriter build() {
      return new BulkWriter(this);
    }
  }
}
