package dev.widekey.store.tck.history;

import java.util.Arrays;
import java.util.Objects;

/**
 * One operation of a recorded history: which client ran it, on which key, what it wrote or read,
 * when it was invoked and when it returned ({@link System#nanoTime}), and how it ended. The {@link
 * HistoryChecker} reads nothing else.
 *
 * <pre>{@code
 * long start = System.nanoTime();
 * store.put("reg", row);                    // a row carrying write id 42 in every column
 * recorder.add(new HistoryEvent.Write(3, "k7", 42, start, System.nanoTime(), Outcome.OK));
 * }</pre>
 */
public sealed interface HistoryEvent {
  /** The client (thread) that ran the operation. */
  int client();

  /** The key operated on. */
  String key();

  /** {@link System#nanoTime} just before the call. */
  long startNanos();

  /** {@link System#nanoTime} just after the call returned or threw. */
  long endNanos();

  /** How a write ended, as far as the client can tell. */
  enum Outcome {
    /** Acknowledged: the store applied it. */
    OK,
    /** Refused: the store says it did not apply it (e.g. a failed condition). */
    FAIL,
    /** Unknown: it failed in a way that may or may not have applied it (e.g. a timeout). */
    UNKNOWN
  }

  /** What a write does to its register key. */
  enum Op {
    /** A whole-row put, unconditional. */
    PUT,
    /** A put only if no row is stored; refused ({@link Outcome#FAIL}) if one is. */
    INSERT,
    /** A put only if a row is stored; refused ({@link Outcome#FAIL}) if none is. */
    UPDATE,
    /** A delete: a write of "no row", whatever is stored; its write id is never read. */
    DELETE
  }

  /**
   * A write to a register key: a put ({@link Op#PUT}, {@link Op#INSERT}, {@link Op#UPDATE}) of a
   * row that carries {@code writeId} in every column, or a delete ({@link Op#DELETE}).
   *
   * @param writeId unique over the history
   */
  record Write(
      int client, String key, long writeId, long startNanos, long endNanos, Outcome outcome, Op op)
      implements HistoryEvent {
    public Write {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(outcome, "outcome");
      Objects.requireNonNull(op, "op");
    }

    /** An unconditional put. */
    public Write(
        int client, String key, long writeId, long startNanos, long endNanos, Outcome outcome) {
      this(client, key, writeId, startNanos, endNanos, outcome, Op.PUT);
    }

    /** Whether this write stores no row (a delete). */
    public boolean deletes() {
      return op == Op.DELETE;
    }
  }

  /**
   * A read of a register key that returned.
   *
   * @param columnIds the write id found in each column, in column order ({@code -1} for a column
   *     missing or not a write id), or {@code null} if no row was found
   */
  record Read(int client, String key, long[] columnIds, long startNanos, long endNanos)
      implements HistoryEvent {
    public Read {
      Objects.requireNonNull(key, "key");
      columnIds = columnIds == null ? null : columnIds.clone();
    }

    /** Whether no row was found. */
    public boolean absent() {
      return columnIds == null;
    }

    @Override
    public long[] columnIds() {
      return columnIds == null ? null : columnIds.clone();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Read r
          && r.client == client
          && r.key.equals(key)
          && Arrays.equals(r.columnIds, columnIds)
          && r.startNanos == startNanos
          && r.endNanos == endNanos;
    }

    @Override
    public int hashCode() {
      return Objects.hash(client, key, Arrays.hashCode(columnIds), startNanos, endNanos);
    }

    @Override
    public String toString() {
      return "Read[client="
          + client
          + ", key="
          + key
          + ", ids="
          + (columnIds == null ? "absent" : Arrays.toString(columnIds))
          + ", "
          + startNanos
          + ".."
          + endNanos
          + "]";
    }
  }

  /**
   * A versioned increment of a counter key: the client read version {@code expectedVersion} and put
   * version + 1 and count + 1 on condition that the version column still equals it. The read before
   * the put is part of the operation; {@code startNanos} is taken before that read.
   */
  record Increment(
      int client, String key, long expectedVersion, long startNanos, long endNanos, Outcome outcome)
      implements HistoryEvent {
    public Increment {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(outcome, "outcome");
    }
  }
}
