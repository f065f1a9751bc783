package dev.widekey.runtime.store.embedded;

import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;
import org.h2.mvstore.MVStoreException;

/**
 * What every call of the embedded store passes through: the lock, the check that the store is open,
 * and the translation of an engine failure into a {@link StoreException}. Data calls share the
 * lock; table creation and deletion and close take it alone, so that no call ever touches a row map
 * being removed or a closed engine.
 *
 * <pre>{@code
 * Optional<Row> row = gate.shared(() -> Optional.ofNullable(read(t, key, encoded, columns)));
 * }</pre>
 */
final class StoreGate {
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final Lock shared = lock.readLock();
  private final Lock exclusive = lock.writeLock();
  private volatile boolean closed;

  /** Runs a data call: under the shared lock, on an open store, engine failures translated. */
  <T> T shared(Supplier<T> call) {
    shared.lock();
    try {
      requireOpen();
      return call.get();
    } catch (MVStoreException e) {
      throw internal(e);
    } finally {
      shared.unlock();
    }
  }

  /** {@link #shared(Supplier)} for a call that returns nothing. */
  void shared(Runnable call) {
    shared(
        () -> {
          call.run();
          return null;
        });
  }

  /** Runs a call that changes the set of tables: alone, on an open store. */
  void exclusive(Runnable call) {
    exclusive.lock();
    try {
      requireOpen();
      call.run();
    } catch (MVStoreException e) {
      throw internal(e);
    } finally {
      exclusive.unlock();
    }
  }

  /**
   * Closes the gate once running calls have finished, then runs {@code close} alone; later calls
   * fail as {@link ErrorKind#UNAVAILABLE}. Does nothing if the gate is closed already.
   */
  void close(Runnable close) {
    exclusive.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      close.run();
    } catch (MVStoreException e) {
      throw internal(e);
    } finally {
      exclusive.unlock();
    }
  }

  /** Fails unless the store is open; for calls that read only what the store holds in memory. */
  void requireOpen() {
    if (closed) {
      throw new StoreException(ErrorKind.UNAVAILABLE, "the embedded store is closed", false, null);
    }
  }

  /** An engine failure: corrupt file, I/O error. Retrying the same call does not help. */
  static StoreException internal(RuntimeException e) {
    return new StoreException(
        ErrorKind.INTERNAL, "embedded store failure: " + e.getMessage(), false, e);
  }
}
