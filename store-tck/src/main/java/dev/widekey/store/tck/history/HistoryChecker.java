package dev.widekey.store.tck.history;

import dev.widekey.store.tck.history.HistoryEvent.Increment;
import dev.widekey.store.tck.history.HistoryEvent.Op;
import dev.widekey.store.tck.history.HistoryEvent.Outcome;
import dev.widekey.store.tck.history.HistoryEvent.Read;
import dev.widekey.store.tck.history.HistoryEvent.Write;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Checks a recorded history of whole-row puts, reads and versioned increments against what a
 * linearizable single-row store must show, in the manner of Jepsen's register and counter checks.
 * Every rule below uses only the recorded events, and each is one a correct store never breaks
 * whatever the interleaving, so every anomaly found is a real bug (or a broken clock).
 *
 * <p><b>Register rules</b> (keys written by {@link Write}, read by {@link Read}). A register key
 * holds no row at first; a delete ({@link Op#DELETE}) is a write of "no row"; an insert or an
 * update the store refused ({@link Outcome#FAIL}) wrote nothing, and its refusal is a read: an
 * insert was refused because a row was stored, an update because none was.
 *
 * <ol>
 *   <li><b>No mixed rows</b> ({@link Kind#MIXED_ROW}): every column of a row read carries the same
 *       write id, since each put writes its id into every column and replaces the whole row.
 *   <li><b>Only written values</b>: the id read belongs to a recorded write of the same key ({@link
 *       Kind#UNKNOWN_WRITE}), not to a write the store refused ({@link Kind#FAILED_WRITE_READ}),
 *       and not to a write invoked after the read returned ({@link Kind#FUTURE_READ}).
 *   <li><b>No stale reads in real time</b> ({@link Kind#STALE_READ}): let a read R return write w.
 *       If some write v of the same key was acknowledged, was invoked after w was acknowledged
 *       ({@code w.end < v.start}), and was acknowledged before R was invoked ({@code v.end <
 *       R.start}), then every linearization orders w, then v, then R, so R must not return w. A
 *       write whose outcome is unknown has no end (it may apply at any later time), so it is never
 *       proven stale. Deletes are writes here too: a row read must not have been deleted, by an
 *       acknowledged delete invoked after the row's write was acknowledged, before the read.
 *   <li><b>No lost rows</b> ({@link Kind#LOST_ROW}): a read that finds no row must be explained by
 *       "no row" not yet replaced: by the initial state or by a delete invoked before the read
 *       returned. Of those the one acknowledged last (a delete of unknown outcome never ends)
 *       explains the most; the read is lost if an acknowledged write was invoked after that one
 *       ended and acknowledged before the read was invoked.
 *   <li><b>No refusals on a stale state</b> ({@link Kind#STALE_REFUSAL}): a refused update read "no
 *       row", and is checked as such a read; a refused insert read a row, so some put (not refused)
 *       invoked before the insert returned must not have been replaced, by an acknowledged write
 *       invoked after it ended (a delete), before the insert was invoked.
 * </ol>
 *
 * <p><b>Counter rules</b> (keys updated by {@link Increment}: read version and count, put version +
 * 1 and count + 1 on condition that the version is still the one read):
 *
 * <ol>
 *   <li>No two acknowledged increments of one key expected the same version ({@link
 *       Kind#DUPLICATE_INCREMENT}): both would have replaced the same row, and one increment would
 *       be lost.
 *   <li>The final count is at least the acknowledged increments and at most those plus the ones
 *       whose outcome is unknown ({@link Kind#LOST_INCREMENT}, {@link Kind#PHANTOM_INCREMENT}); the
 *       final version equals the final count ({@link Kind#COUNTER_MISMATCH}).
 * </ol>
 *
 * <pre>{@code
 * HistoryChecker.Report report = HistoryChecker.check(recorder.events(), finalCounters);
 * assertEquals(List.of(), report.anomalies());
 * }</pre>
 */
public final class HistoryChecker {
  private HistoryChecker() {}

  /** The kinds of anomaly the checker reports. */
  public enum Kind {
    MIXED_ROW,
    UNKNOWN_WRITE,
    FAILED_WRITE_READ,
    FUTURE_READ,
    STALE_READ,
    LOST_ROW,
    STALE_REFUSAL,
    DUPLICATE_INCREMENT,
    LOST_INCREMENT,
    PHANTOM_INCREMENT,
    COUNTER_MISMATCH
  }

  /** One violation, with the events that show it. */
  public record Anomaly(Kind kind, String key, String description) {}

  /** A counter row as read after the clients stopped. */
  public record FinalCounter(long version, long count) {}

  /**
   * What the check found.
   *
   * @param operations events checked
   * @param anomalies every violation found (at most {@link #MAX_REPORTED} are kept)
   * @param anomalyCount all violations, kept or not
   */
  public record Report(long operations, List<Anomaly> anomalies, long anomalyCount) {
    public Report {
      anomalies = List.copyOf(anomalies);
    }

    /** Anomalies of one kind among those kept. */
    public long count(Kind kind) {
      return anomalies.stream().filter(a -> a.kind() == kind).count();
    }

    @Override
    public String toString() {
      return operations
          + " operations, "
          + anomalyCount
          + " anomalies"
          + (anomalies.isEmpty() ? "" : ": " + anomalies.subList(0, Math.min(5, anomalies.size())));
    }
  }

  /** The most anomalies a report keeps; all are counted. */
  public static final int MAX_REPORTED = 1000;

  /**
   * Checks a history.
   *
   * @param events every event recorded, in any order
   * @param finalCounters the counter rows read after every client stopped, by key; a counter key
   *     with increments and no final row counts as a final row of version and count 0
   */
  public static Report check(List<HistoryEvent> events, Map<String, FinalCounter> finalCounters) {
    Objects.requireNonNull(events, "events");
    Objects.requireNonNull(finalCounters, "finalCounters");
    Anomalies found = new Anomalies();
    Map<String, List<Write>> writesByKey = new HashMap<>();
    Map<Long, Write> writesById = new HashMap<>();
    Map<String, List<Read>> readsByKey = new HashMap<>();
    Map<String, List<Increment>> incrementsByKey = new HashMap<>();
    for (HistoryEvent e : events) {
      if (e instanceof Write w) {
        writesByKey.computeIfAbsent(w.key(), k -> new ArrayList<>()).add(w);
        if (writesById.put(w.writeId(), w) != null) {
          throw new IllegalArgumentException("write id " + w.writeId() + " recorded twice");
        }
      } else if (e instanceof Read r) {
        readsByKey.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r);
      } else if (e instanceof Increment i) {
        incrementsByKey.computeIfAbsent(i.key(), k -> new ArrayList<>()).add(i);
      }
    }
    for (Map.Entry<String, List<Read>> e : readsByKey.entrySet()) {
      Register register = new Register(writesByKey.getOrDefault(e.getKey(), List.of()));
      for (Read r : e.getValue()) {
        checkRead(r, writesById, register, found);
      }
    }
    for (Map.Entry<String, List<Write>> e : writesByKey.entrySet()) {
      Register register = null;
      for (Write w : e.getValue()) {
        if (w.outcome() != Outcome.FAIL || w.op() == Op.PUT || w.op() == Op.DELETE) {
          continue;
        }
        if (register == null) {
          register = new Register(e.getValue());
        }
        checkRefusal(w, register, found);
      }
    }
    for (Map.Entry<String, List<Increment>> e : incrementsByKey.entrySet()) {
      checkCounter(e.getKey(), e.getValue(), finalCounters.get(e.getKey()), found);
    }
    return new Report(events.size(), found.kept, found.count);
  }

  private static void checkRead(
      Read r, Map<Long, Write> writesById, Register register, Anomalies found) {
    Acknowledged acked = register.acked;
    if (r.absent()) {
      Write newer = register.replacedNoRow(r.startNanos(), r.endNanos());
      if (newer != null) {
        found.add(
            Kind.LOST_ROW,
            r.key(),
            r
                + " found no row, though "
                + newer
                + " was acknowledged before it, after every delete it could have seen");
      }
      return;
    }
    long[] ids = r.columnIds();
    long id = ids.length == 0 ? -1 : ids[0];
    for (long other : ids) {
      if (other != id) {
        found.add(Kind.MIXED_ROW, r.key(), r + " holds columns of different writes");
        return;
      }
    }
    Write w = writesById.get(id);
    if (w == null || !w.key().equals(r.key()) || w.deletes()) {
      found.add(Kind.UNKNOWN_WRITE, r.key(), r + " returned write " + id + ", never written there");
      return;
    }
    if (w.outcome() == Outcome.FAIL) {
      found.add(Kind.FAILED_WRITE_READ, r.key(), r + " returned " + w + ", which was refused");
      return;
    }
    if (w.startNanos() > r.endNanos()) {
      found.add(Kind.FUTURE_READ, r.key(), r + " returned " + w + ", invoked after it returned");
      return;
    }
    if (w.outcome() == Outcome.OK) {
      Write newer = acked.startedAfterAndAcknowledgedBefore(w.endNanos(), r.startNanos());
      if (newer != null) {
        found.add(
            Kind.STALE_READ,
            r.key(),
            r
                + " returned "
                + w
                + ", though "
                + newer
                + " started after it was acknowledged and was acknowledged before the read");
      }
    }
  }

  /** A refused insert read a row; a refused update read none. */
  private static void checkRefusal(Write w, Register register, Anomalies found) {
    Write newer =
        w.op() == Op.UPDATE
            ? register.replacedNoRow(w.startNanos(), w.endNanos())
            : register.replacedEveryRow(w.startNanos(), w.endNanos());
    if (newer != null) {
      found.add(
          Kind.STALE_REFUSAL,
          w.key(),
          w
              + " was refused, finding "
              + (w.op() == Op.UPDATE ? "no row" : "a row")
              + ", though "
              + newer
              + " was acknowledged before it, after every write that could have left that");
    }
  }

  private static void checkCounter(
      String key, List<Increment> increments, FinalCounter last, Anomalies found) {
    Map<Long, Increment> byVersion = new HashMap<>();
    long acknowledged = 0;
    long unknown = 0;
    for (Increment i : increments) {
      if (i.outcome() == Outcome.OK) {
        acknowledged++;
        Increment earlier = byVersion.putIfAbsent(i.expectedVersion(), i);
        if (earlier != null) {
          found.add(
              Kind.DUPLICATE_INCREMENT,
              key,
              earlier
                  + " and "
                  + i
                  + " were both acknowledged from version "
                  + i.expectedVersion());
        }
      } else if (i.outcome() == Outcome.UNKNOWN) {
        unknown++;
      }
    }
    FinalCounter state = last == null ? new FinalCounter(0, 0) : last;
    if (state.count() < acknowledged) {
      found.add(
          Kind.LOST_INCREMENT,
          key,
          "final count " + state.count() + " < " + acknowledged + " acknowledged increments");
    } else if (state.count() > acknowledged + unknown) {
      found.add(
          Kind.PHANTOM_INCREMENT,
          key,
          "final count "
              + state.count()
              + " > "
              + acknowledged
              + " acknowledged + "
              + unknown
              + " unknown increments");
    }
    if (state.version() != state.count()) {
      found.add(
          Kind.COUNTER_MISMATCH,
          key,
          "final version " + state.version() + " but count " + state.count());
    }
  }

  /** The writes of one register key, for the real-time questions of reads and refusals. */
  private static final class Register {
    final Acknowledged acked;

    /** The deletes, and the puts, not refused: what may have left "no row", and a row. */
    private final LatestEnd deletes;

    private final LatestEnd puts;

    Register(List<Write> writes) {
      acked = new Acknowledged(writes);
      List<Write> d = new ArrayList<>();
      List<Write> p = new ArrayList<>();
      for (Write w : writes) {
        if (w.outcome() != Outcome.FAIL) {
          (w.deletes() ? d : p).add(w);
        }
      }
      deletes = new LatestEnd(d);
      puts = new LatestEnd(p);
    }

    /**
     * For an operation over [start, end] that found no row: an acknowledged write that replaced
     * every "no row" it may have found (the initial state, or a delete invoked before {@code end}),
     * or null.
     */
    Write replacedNoRow(long start, long end) {
      long latest = deletes.latestEndOfStartedBy(end); // MIN_VALUE: only the initial state
      return latest == Long.MAX_VALUE
          ? null
          : acked.startedAfterAndAcknowledgedBefore(latest, start);
    }

    /**
     * For an operation over [start, end] that found a row (no matter which): an acknowledged write
     * that replaced every row it may have found, or null; with no put invoked before {@code end}, a
     * marker write standing for "no row was ever stored".
     */
    Write replacedEveryRow(long start, long end) {
      long latest = puts.latestEndOfStartedBy(end);
      if (latest == Long.MIN_VALUE) {
        return NEVER_STORED;
      }
      return latest == Long.MAX_VALUE
          ? null
          : acked.startedAfterAndAcknowledgedBefore(latest, start);
    }
  }

  /** Stands for "no put could have stored a row" in a report. */
  private static final Write NEVER_STORED =
      new Write(-1, "(no put before the refusal)", -1, 0, 0, Outcome.OK, Op.DELETE);

  /**
   * Writes sorted by start, with the latest end (an unknown outcome's: {@code Long.MAX_VALUE})
   * among those started so far.
   */
  private static final class LatestEnd {
    private final long[] starts;
    private final long[] latestEnd;

    LatestEnd(List<Write> writes) {
      List<Write> sorted = new ArrayList<>(writes);
      sorted.sort((a, b) -> Long.compare(a.startNanos(), b.startNanos()));
      starts = new long[sorted.size()];
      latestEnd = new long[sorted.size()];
      long latest = Long.MIN_VALUE;
      for (int i = 0; i < starts.length; i++) {
        Write w = sorted.get(i);
        starts[i] = w.startNanos();
        latest = Math.max(latest, w.outcome() == Outcome.OK ? w.endNanos() : Long.MAX_VALUE);
        latestEnd[i] = latest;
      }
    }

    /** The latest end among writes started at or before {@code time}; MIN_VALUE if none. */
    long latestEndOfStartedBy(long time) {
      int lo = 0;
      int hi = starts.length; // first index with start > time
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (starts[mid] <= time) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      return lo == 0 ? Long.MIN_VALUE : latestEnd[lo - 1];
    }
  }

  /**
   * The acknowledged writes of one key, for the real-time questions: sorted by end, with the latest
   * start among the writes ended so far.
   */
  private static final class Acknowledged {
    private final Write[] byEnd;
    private final long[] ends;

    /** Index of the write with the latest start among byEnd[0..i]. */
    private final int[] latestStart;

    Acknowledged(List<Write> writes) {
      List<Write> ok = new ArrayList<>();
      for (Write w : writes) {
        if (w.outcome() == Outcome.OK) {
          ok.add(w);
        }
      }
      Collections.sort(ok, (a, b) -> Long.compare(a.endNanos(), b.endNanos()));
      byEnd = ok.toArray(new Write[0]);
      ends = new long[byEnd.length];
      latestStart = new int[byEnd.length];
      for (int i = 0; i < byEnd.length; i++) {
        ends[i] = byEnd[i].endNanos();
        latestStart[i] =
            i > 0 && byEnd[latestStart[i - 1]].startNanos() >= byEnd[i].startNanos()
                ? latestStart[i - 1]
                : i;
      }
    }

    /** How many acknowledged writes ended strictly before {@code time}. */
    private int endedBefore(long time) {
      int i = Arrays.binarySearch(ends, time);
      if (i < 0) {
        return -i - 1;
      }
      while (i > 0 && ends[i - 1] == time) {
        i--;
      }
      return i;
    }

    /** An acknowledged write that started after {@code after} and ended before {@code before}. */
    Write startedAfterAndAcknowledgedBefore(long after, long before) {
      int n = endedBefore(before);
      if (n == 0) {
        return null;
      }
      Write latest = byEnd[latestStart[n - 1]];
      return latest.startNanos() > after ? latest : null;
    }
  }

  private static final class Anomalies {
    final List<Anomaly> kept = new ArrayList<>();
    long count;

    void add(Kind kind, String key, String description) {
      count++;
      if (kept.size() < MAX_REPORTED) {
        kept.add(new Anomaly(kind, key, description));
      }
    }
  }
}
