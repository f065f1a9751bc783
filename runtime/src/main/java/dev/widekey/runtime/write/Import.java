package dev.widekey.runtime.write;

import dev.widekey.runtime.retry.RetryPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One {@code write} call of a {@link BulkWriter}: the calling thread reads the input into the
 * {@link Scheduler} while worker threads send its batches; returns when every operation read is
 * finished.
 */
final class Import {
  private final WriterSettings settings;
  private final RetryPolicy policy;
  private final Scheduler scheduler;
  private final BatchSender sender;

  /**
   * @param resumed what a stopped import left of this import's input; {@link StoppedImport#NONE}
   *     for a fresh import
   */
  Import(WriterSettings settings, StoppedImport resumed) {
    this.settings = settings;
    this.policy = settings.policy();
    this.scheduler = new Scheduler(settings, resumed);
    this.sender = new BatchSender(settings.store());
  }

  /**
   * Runs the import of {@code source}, each element written as the group {@code opsOf} gives. When
   * it stops early, the batches in flight are finished and nothing more is sent; what is left is
   * counted outcome-unknown (sent without an answer) or not attempted, with the input position to
   * resume at.
   *
   * @throws BulkWriteException if the input or a listener throws, or the thread is interrupted
   */
  <T> BulkWriteResult run(InputSource<T> source, Function<? super T, WriteGroup> opsOf) {
    List<Thread> threads = new ArrayList<>(settings.workers());
    for (int i = 0; i < settings.workers(); i++) {
      Thread t = new Thread(this::work, "widekey-bulk-writer-" + i);
      t.setDaemon(true);
      threads.add(t);
    }
    threads.forEach(Thread::start);
    Throwable stop = null;
    boolean inputEnded = false;
    try {
      while (source.advance()) {
        T element = source.current();
        Objects.requireNonNull(element, "an input element is null");
        scheduler.admit(source.position(), opsOf.apply(element));
      }
      inputEnded = true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      scheduler.abort(e);
      stop = e;
    } catch (RuntimeException | Error e) {
      stop = e; // the input failed: finish what was read, then report
    } finally {
      scheduler.inputDone();
    }
    boolean interrupted = false;
    for (Thread t : threads) {
      while (true) {
        try {
          t.join();
          break;
        } catch (InterruptedException e) {
          interrupted = true;
          scheduler.abort(e);
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    if (!inputEnded) {
      scheduler.carryUnread();
    }
    ImportOutcomes outcomes = scheduler.outcomes();
    try {
      outcomes.notifyFailures();
    } catch (RuntimeException | Error e) {
      stop = first(stop, e); // a listener's exception stops the import like any other
    }
    BulkWriteResult result =
        outcomes.result(
            scheduler.unknownOutcomes(),
            scheduler.notAttemptedOperations(),
            scheduler.resumePosition(),
            scheduler.elementsRead(),
            scheduler.carried(),
            source.split());
    try {
      outcomes.reportProgress();
    } catch (RuntimeException | Error e) {
      stop = first(stop, e);
    }
    try {
      // even after the last snapshot threw: the listener learns that nothing is in flight any more
      outcomes.reportEnded(result);
    } catch (RuntimeException | Error e) {
      stop = first(stop, e);
    }
    Throwable cause = scheduler.abortCause();
    if (cause != null && (stop == null || stop instanceof ImportStopped)) {
      stop = cause;
    }
    if (stop != null) {
      throw new BulkWriteException(
          "the bulk import stopped after "
              + result.total()
              + " operations ("
              + result.acknowledged()
              + " acknowledged, "
              + result.failed()
              + " failed, "
              + result.unknown()
              + " of unknown outcome, "
              + result.notAttempted()
              + " not attempted; resume at input position "
              + result.resumePosition()
              + "): "
              + stop,
          stop,
          result);
    }
    return result;
  }

  /** The first reason to stop; a later one is attached to it. */
  private static Throwable first(Throwable stop, Throwable next) {
    if (stop == null) {
      return next;
    }
    if (stop != next) {
      stop.addSuppressed(next);
    }
    return stop;
  }

  /** The body of a worker thread. */
  private void work() {
    try {
      List<Task> batch;
      int throttledStreak = 0;
      while ((batch = scheduler.takeBatch()) != null) {
        if (scheduler.complete(batch, sender.send(batch))) {
          // the store asks to slow down: this worker waits before its next batch, longer
          // each time in a row, so that retries do not pile onto a saturated partition
          policy.sleeper().sleep(policy.backoffNanos(throttledStreak++));
        } else {
          throttledStreak = 0;
        }
      }
    } catch (Throwable t) {
      scheduler.abort(t);
    }
  }
}
