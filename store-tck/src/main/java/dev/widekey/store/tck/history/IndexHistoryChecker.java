package dev.widekey.store.tck.history;

import dev.widekey.store.tck.history.HistoryEvent.Outcome;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Checks a recorded history of writes of indexed entities and reads through their index against
 * what an exact index must show: every rule uses only the recorded events, and a correct index
 * never breaks one whatever the interleaving. Each write stores its write id in the entity, so a
 * read names the write whose entity it returned.
 *
 * <ol>
 *   <li><b>Only matching rows</b> ({@link Kind#WRONG_VALUE}): a read for value {@code v} returns
 *       only entities whose indexed value is {@code v}.
 *   <li><b>Only written entities</b>: a returned entity is that of a recorded write of its key
 *       ({@link Kind#UNKNOWN_WRITE}) with the value it shows, not of a refused one ({@link
 *       Kind#FAILED_WRITE_READ}), nor of one invoked after the read returned ({@link
 *       Kind#FUTURE_READ}).
 *   <li><b>Once each</b> ({@link Kind#DUPLICATE}): a read returns a key at most once.
 *   <li><b>No stale entities</b> ({@link Kind#STALE_READ}): as for a register, a read must not
 *       return write w if an acknowledged write of the same key was invoked after w was
 *       acknowledged and acknowledged before the read was invoked.
 *   <li><b>No missed entities</b> ({@link Kind#MISSED}): if an acknowledged put w of value {@code
 *       v} ended before a read for {@code v} began, and no other write of its key (acknowledged,
 *       refused or of unknown outcome) overlaps the span from w's start to the read's end, the key
 *       held w's entity through the whole read: the read must return it. A refused write wrote
 *       nothing and does not excuse a miss.
 * </ol>
 *
 * <pre>{@code
 * List<String> anomalies = IndexHistoryChecker.check(writes, reads);
 * assertEquals(List.of(), anomalies);
 * }</pre>
 */
public final class IndexHistoryChecker {
  private IndexHistoryChecker() {}

  /** The kinds of anomaly. */
  public enum Kind {
    WRONG_VALUE,
    UNKNOWN_WRITE,
    FAILED_WRITE_READ,
    FUTURE_READ,
    DUPLICATE,
    STALE_READ,
    MISSED
  }

  /**
   * A write of an indexed entity: a put of {@code value} (with {@code writeId} stored in the
   * entity), or a delete ({@code value} null).
   */
  public record Write(
      int client,
      String key,
      long writeId,
      String value,
      long startNanos,
      long endNanos,
      Outcome outcome) {
    public Write {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(outcome, "outcome");
    }

    boolean deletes() {
      return value == null;
    }
  }

  /** One entity a read returned: its key, the write id and the indexed value it carries. */
  public record Returned(String key, long writeId, String value) {}

  /** A read through the index for {@code value} that returned {@code returned}, in order. */
  public record Read(
      int client, String value, List<Returned> returned, long startNanos, long endNanos) {
    public Read {
      returned = List.copyOf(returned);
    }
  }

  /**
   * The anomalies of the history, each a line naming its kind, the read and the write. Linear in
   * the reads times the keys, times a logarithm of the writes of a key: each key's writes are
   * sorted once by start ({@link KeyWrites}), so a long history (thousands of writes a key) is
   * checked in seconds.
   */
  public static List<String> check(List<Write> writes, List<Read> reads) {
    Map<String, List<Write>> byKey = new HashMap<>();
    Map<Long, Write> byId = new HashMap<>();
    for (Write w : writes) {
      byKey.computeIfAbsent(w.key(), k -> new ArrayList<>()).add(w);
      if (!w.deletes()) {
        byId.put(w.writeId(), w);
      }
    }
    Map<String, KeyWrites> sorted = new HashMap<>();
    byKey.forEach((key, list) -> sorted.put(key, new KeyWrites(list)));
    List<String> anomalies = new ArrayList<>();
    for (Read r : reads) {
      Set<String> seen = new HashSet<>();
      for (Returned e : r.returned()) {
        if (!seen.add(e.key())) {
          anomalies.add(Kind.DUPLICATE + ": " + r + " returned " + e.key() + " twice");
        }
        if (!e.value().equals(r.value())) {
          anomalies.add(Kind.WRONG_VALUE + ": " + r + " returned " + e);
        }
        Write w = byId.get(e.writeId());
        if (w == null || !w.key().equals(e.key()) || !Objects.equals(w.value(), e.value())) {
          anomalies.add(Kind.UNKNOWN_WRITE + ": " + r + " returned " + e);
          continue;
        }
        if (w.outcome() == Outcome.FAIL) {
          anomalies.add(Kind.FAILED_WRITE_READ + ": " + r + " returned " + w);
        }
        if (w.startNanos() > r.endNanos()) {
          anomalies.add(Kind.FUTURE_READ + ": " + r + " returned " + w);
        }
        if (w.outcome() == Outcome.OK) {
          Write v = sorted.get(w.key()).replacedBefore(w, r.startNanos());
          if (v != null) {
            anomalies.add(Kind.STALE_READ + ": " + r + " returned " + w + ", replaced by " + v);
          }
        }
      }
      for (Map.Entry<String, KeyWrites> key : sorted.entrySet()) {
        if (seen.contains(key.getKey())) {
          continue;
        }
        Write w = key.getValue().heldThrough(r);
        if (w != null) {
          anomalies.add(Kind.MISSED + ": " + r + " did not return " + w);
        }
      }
    }
    return anomalies;
  }

  /** The writes of one key, sorted by start, with what the two time rules ask of them. */
  private static final class KeyWrites {
    /** The acknowledged writes, by start; {@link #minEndFrom}[i]: least end of those from i. */
    private final Write[] ok;

    private final long[] minEndFrom;

    /**
     * The writes that may have written (acknowledged or unknown), by start; {@link
     * #maxEndBefore}[i]: greatest end of those before i, an unknown outcome counting as never
     * ended.
     */
    private final Write[] landed;

    private final long[] maxEndBefore;

    KeyWrites(List<Write> writes) {
      Comparator<Write> byStart = Comparator.comparingLong(Write::startNanos);
      ok =
          writes.stream()
              .filter(w -> w.outcome() == Outcome.OK)
              .sorted(byStart)
              .toArray(Write[]::new);
      minEndFrom = new long[ok.length + 1];
      minEndFrom[ok.length] = Long.MAX_VALUE;
      for (int i = ok.length - 1; i >= 0; i--) {
        minEndFrom[i] = Math.min(minEndFrom[i + 1], ok[i].endNanos());
      }
      landed =
          writes.stream()
              .filter(w -> w.outcome() != Outcome.FAIL)
              .sorted(byStart)
              .toArray(Write[]::new);
      maxEndBefore = new long[landed.length + 1];
      maxEndBefore[0] = Long.MIN_VALUE;
      for (int i = 0; i < landed.length; i++) {
        long end = landed[i].outcome() == Outcome.UNKNOWN ? Long.MAX_VALUE : landed[i].endNanos();
        maxEndBefore[i + 1] = Math.max(maxEndBefore[i], end);
      }
    }

    /**
     * An acknowledged write invoked after {@code w} was acknowledged and itself acknowledged before
     * {@code readStart}, or null: the one with the least end among those invoked after w ended.
     */
    Write replacedBefore(Write w, long readStart) {
      int from = firstStartingAfter(ok, w.endNanos());
      if (minEndFrom[from] >= readStart) {
        return null;
      }
      for (int i = from; i < ok.length; i++) {
        if (ok[i] != w && ok[i].endNanos() < readStart) {
          return ok[i];
        }
      }
      return null;
    }

    /**
     * The acknowledged put of {@code r}'s value that the key held through all of {@code r}, or
     * null. Only the write that may have written and was invoked last before the read ended can be
     * that put: it overlaps the span, from start to the read's end, of every write invoked before
     * it. It is, if it ended before the read began and no write that may have written (an unknown
     * outcome never ends) was still running when it began.
     */
    Write heldThrough(Read r) {
      int last = firstStartingAfter(landed, r.endNanos() - 1) - 1; // the last starting before end
      if (last < 0) {
        return null;
      }
      Write w = landed[last];
      if (w.outcome() != Outcome.OK
          || w.deletes()
          || !w.value().equals(r.value())
          || w.endNanos() >= r.startNanos()
          || maxEndBefore[last] > w.startNanos()) {
        return null;
      }
      return w;
    }

    /** The first index of {@code sorted} whose write starts after {@code nanos}. */
    private static int firstStartingAfter(Write[] sorted, long nanos) {
      int low = 0;
      int high = sorted.length;
      while (low < high) {
        int mid = (low + high) >>> 1;
        if (sorted[mid].startNanos() <= nanos) {
          low = mid + 1;
        } else {
          high = mid;
        }
      }
      return low;
    }
  }
}
