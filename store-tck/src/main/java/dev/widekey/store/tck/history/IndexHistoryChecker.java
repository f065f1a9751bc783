package dev.widekey.store.tck.history;

import dev.widekey.store.tck.history.HistoryEvent.Outcome;
import java.util.ArrayList;
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

  /** The anomalies of the history, each a line naming its kind, the read and the write. */
  public static List<String> check(List<Write> writes, List<Read> reads) {
    Map<String, List<Write>> byKey = new HashMap<>();
    Map<Long, Write> byId = new HashMap<>();
    for (Write w : writes) {
      byKey.computeIfAbsent(w.key(), k -> new ArrayList<>()).add(w);
      if (!w.deletes()) {
        byId.put(w.writeId(), w);
      }
    }
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
          for (Write v : byKey.get(w.key())) {
            if (v != w
                && v.outcome() == Outcome.OK
                && w.endNanos() < v.startNanos()
                && v.endNanos() < r.startNanos()) {
              anomalies.add(Kind.STALE_READ + ": " + r + " returned " + w + ", replaced by " + v);
              break;
            }
          }
        }
      }
      for (Map.Entry<String, List<Write>> key : byKey.entrySet()) {
        if (seen.contains(key.getKey())) {
          continue;
        }
        for (Write w : key.getValue()) {
          if (w.deletes()
              || w.outcome() != Outcome.OK
              || !w.value().equals(r.value())
              || w.endNanos() >= r.startNanos()) {
            continue;
          }
          boolean alone = true;
          for (Write v : key.getValue()) {
            boolean overlaps =
                v.startNanos() < r.endNanos()
                    && (v.outcome() == Outcome.UNKNOWN || v.endNanos() > w.startNanos());
            if (v != w && v.outcome() != Outcome.FAIL && overlaps) {
              alone = false;
              break;
            }
          }
          if (alone) {
            anomalies.add(Kind.MISSED + ": " + r + " did not return " + w);
          }
        }
      }
    }
    return anomalies;
  }
}
