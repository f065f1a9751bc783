package dev.widekey.runtime.write;

import dev.widekey.runtime.store.StoreException;
import java.util.HashMap;
import java.util.function.Consumer;

/**
 * The order an import keeps between its operations: those of a {@link WriteGroup} one after
 * another, each sent only once the one before was acknowledged, and those on one table and key in
 * input order, each sent only once the one before is finished. Each operation waits in a chain
 * behind its predecessors; guarded by the {@link Scheduler}'s lock.
 */
final class WriteOrder {
  /** The last unfinished operation on each key. */
  private final HashMap<Task.TableKey, Task> tails = new HashMap<>();

  /**
   * Chains a newly read operation behind {@code groupPrevious} (the operation before it in its
   * group, or null) and behind the last unfinished operation on its key; {@link Task#pending}
   * counts what it waits for.
   */
  void add(Task t, Task groupPrevious) {
    if (groupPrevious != null) {
      groupPrevious.groupNext = t;
      t.pending++;
    }
    Task tail = tails.put(t.key, t);
    if (tail != null) {
      tail.keyNext = t;
      t.pending++;
    }
  }

  /**
   * Takes a finished operation out of its chains (acknowledged if {@code error} is null) and hands
   * {@code released} each operation that waited for it last, the next of its group first. After a
   * failure, the rest of its group is marked to fail unsent.
   */
  void finished(Task t, StoreException error, Consumer<Task> released) {
    if (tails.get(t.key) == t) {
      tails.remove(t.key);
    }
    Task g = t.groupNext;
    if (g != null) {
      if (error != null && g.groupFailure == null) {
        g.groupFailure =
            new StoreException(
                error.kind(),
                "not sent: operation "
                    + t.indexInGroup
                    + " of its group failed first: "
                    + error.getMessage(),
                false,
                error);
      }
      if (--g.pending == 0) {
        released.accept(g);
      }
    }
    Task k = t.keyNext;
    if (k != null && --k.pending == 0) {
      released.accept(k);
    }
  }
}
