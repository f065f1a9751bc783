package dev.widekey.store.tck.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.fault.Seeds;
import dev.widekey.store.tck.history.HistoryEvent.Outcome;
import dev.widekey.store.tck.history.IndexHistoryChecker.Read;
import dev.widekey.store.tck.history.IndexHistoryChecker.Returned;
import dev.widekey.store.tck.history.IndexHistoryChecker.Write;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The index history checker finds exactly what its rules define: on random histories, the same
 * anomalies as {@link #byDefinition}, the rules checked write by write against every other write of
 * the key (the checker sorts each key's writes once, so that long histories check in seconds); and
 * by hand, a missed entity and a stale one.
 */
class IndexHistoryCheckerTest {
  @RegisterExtension final Seeds seeds = new Seeds();

  @Test
  void randomHistoriesGiveTheAnomaliesOfTheDefinition() {
    Random random = new Random(seeds.seed());
    int found = 0;
    for (int history = 0; history < 3_000; history++) {
      List<Write> writes = new ArrayList<>();
      int keys = 1 + random.nextInt(3);
      int count = random.nextInt(30);
      Set<Long> times = new HashSet<>();
      for (int i = 0; i < count; i++) {
        long start = distinct(random, times);
        long end = start + 1 + random.nextInt(40);
        times.add(end);
        Outcome outcome = Outcome.values()[random.nextInt(Outcome.values().length)];
        String value = random.nextInt(4) == 0 ? null : random.nextBoolean() ? "red" : "blue";
        writes.add(
            new Write(
                random.nextInt(3), "k" + random.nextInt(keys), i, value, start, end, outcome));
      }
      List<Read> reads = new ArrayList<>();
      for (int i = random.nextInt(12); i > 0; i--) {
        long start = distinct(random, times);
        String value = random.nextBoolean() ? "red" : "blue";
        List<Returned> returned = new ArrayList<>();
        for (int j = random.nextInt(4); j > 0; j--) {
          if (!writes.isEmpty() && random.nextInt(5) > 0) {
            Write w = writes.get(random.nextInt(writes.size()));
            returned.add(new Returned(w.key(), w.writeId(), w.value() == null ? value : w.value()));
          } else {
            returned.add(new Returned("k" + random.nextInt(keys), random.nextInt(40), value));
          }
        }
        reads.add(new Read(9, value, returned, start, start + 1 + random.nextInt(60)));
      }
      List<String> expected = normalized(byDefinition(writes, reads));
      assertEquals(
          expected,
          normalized(IndexHistoryChecker.check(writes, reads)),
          "history " + history + ": " + writes + " " + reads);
      found += expected.size();
    }
    assertTrue(found > 1_000, "the random histories show anomalies: " + found);
  }

  @Test
  void aReadMissingAnEntityHeldThroughItIsAMiss() {
    Write put = new Write(0, "k", 1, "red", 10, 20, Outcome.OK);
    Write refused = new Write(1, "k", 2, "blue", 25, 30, Outcome.FAIL);
    Read read = new Read(2, "red", List.of(), 40, 50);
    assertEquals(
        List.of("MISSED"), kinds(IndexHistoryChecker.check(List.of(put, refused), List.of(read))));
    Write unknown = new Write(1, "k", 3, "blue", 45, 60, Outcome.UNKNOWN); // may have replaced it
    assertEquals(
        List.of(), IndexHistoryChecker.check(List.of(put, refused, unknown), List.of(read)));
  }

  @Test
  void aReadReturningAReplacedEntityIsStale() {
    Write first = new Write(0, "k", 1, "red", 10, 20, Outcome.OK);
    Write second = new Write(1, "k", 2, "red", 25, 30, Outcome.OK);
    Read read = new Read(2, "red", List.of(new Returned("k", 1, "red")), 40, 50);
    assertEquals(
        List.of("STALE_READ"),
        kinds(IndexHistoryChecker.check(List.of(first, second), List.of(read))));
  }

  private static long distinct(Random random, Set<Long> taken) {
    long t;
    do {
      t = random.nextInt(200);
    } while (!taken.add(t));
    return t;
  }

  private static List<String> kinds(List<String> anomalies) {
    return anomalies.stream().map(a -> a.substring(0, a.indexOf(':'))).toList();
  }

  /** Sorted, and without the write a stale read names as its replacement (either may be named). */
  private static List<String> normalized(List<String> anomalies) {
    List<String> out = new ArrayList<>();
    for (String a : anomalies) {
      int replaced = a.indexOf(", replaced by ");
      out.add(replaced < 0 ? a : a.substring(0, replaced));
    }
    out.sort(null);
    return out;
  }

  /** The rules of {@link IndexHistoryChecker}, each write checked against every other. */
  private static List<String> byDefinition(List<Write> writes, List<Read> reads) {
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
          anomalies.add("DUPLICATE: " + r + " returned " + e.key() + " twice");
        }
        if (!e.value().equals(r.value())) {
          anomalies.add("WRONG_VALUE: " + r + " returned " + e);
        }
        Write w = byId.get(e.writeId());
        if (w == null || !w.key().equals(e.key()) || !Objects.equals(w.value(), e.value())) {
          anomalies.add("UNKNOWN_WRITE: " + r + " returned " + e);
          continue;
        }
        if (w.outcome() == Outcome.FAIL) {
          anomalies.add("FAILED_WRITE_READ: " + r + " returned " + w);
        }
        if (w.startNanos() > r.endNanos()) {
          anomalies.add("FUTURE_READ: " + r + " returned " + w);
        }
        if (w.outcome() == Outcome.OK) {
          for (Write v : byKey.get(w.key())) {
            if (v != w
                && v.outcome() == Outcome.OK
                && w.endNanos() < v.startNanos()
                && v.endNanos() < r.startNanos()) {
              anomalies.add("STALE_READ: " + r + " returned " + w + ", replaced by " + v);
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
            anomalies.add("MISSED: " + r + " did not return " + w);
          }
        }
      }
    }
    return anomalies;
  }
}
