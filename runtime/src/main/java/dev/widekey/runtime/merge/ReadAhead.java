package dev.widekey.runtime.merge;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The executor generated repositories read merge pages ahead on by default: daemon threads, made
 * when needed and ended after 30 idle seconds, at most {@link #MAX_THREADS}. When all are busy, the
 * reading thread reads its pages itself, so a merge never waits for another one's reads.
 *
 * <pre>{@code
 * MergedScan.of(sources, order).withReadAhead(ReadAhead.executor());
 * }</pre>
 */
public final class ReadAhead {
  /** The most threads reading pages ahead at once, over all merges of the process. */
  public static final int MAX_THREADS = 64;

  private static final AtomicInteger THREADS = new AtomicInteger();

  private static final ThreadPoolExecutor EXECUTOR =
      new ThreadPoolExecutor(
          0,
          MAX_THREADS,
          30,
          TimeUnit.SECONDS,
          new SynchronousQueue<>(),
          task -> {
            Thread t = new Thread(task, "widekey-read-ahead-" + THREADS.incrementAndGet());
            t.setDaemon(true); // never keeps an application from ending
            return t;
          },
          new ThreadPoolExecutor.CallerRunsPolicy());

  private ReadAhead() {}

  /** The shared executor. */
  public static Executor executor() {
    return EXECUTOR;
  }

  /**
   * The result of a read run on another thread, its failure thrown as it was: the store's own typed
   * error, as the read on the caller's thread would have thrown it, not wrapped.
   *
   * <pre>{@code
   * Optional<Row> row = ReadAhead.joined(CompletableFuture.supplyAsync(read, ReadAhead.executor()));
   * }</pre>
   */
  public static <T> T joined(CompletableFuture<T> reading) {
    try {
      return reading.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw e;
    }
  }
}
