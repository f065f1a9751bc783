package dev.widekey.store.tck.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.widekey.store.tck.history.HistoryChecker.FinalCounter;
import dev.widekey.store.tck.history.HistoryChecker.Kind;
import dev.widekey.store.tck.history.HistoryChecker.Report;
import dev.widekey.store.tck.history.HistoryEvent.Increment;
import dev.widekey.store.tck.history.HistoryEvent.Op;
import dev.widekey.store.tck.history.HistoryEvent.Outcome;
import dev.widekey.store.tck.history.HistoryEvent.Read;
import dev.widekey.store.tck.history.HistoryEvent.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checker proven on planted anomalies, and silent on histories a correct store may show. */
class HistoryCheckerTest {
  private static Write write(long id, long start, long end) {
    return new Write(0, "k", id, start, end, Outcome.OK);
  }

  private static Write op(Op op, long id, long start, long end) {
    return op(op, id, start, end, Outcome.OK);
  }

  private static Read read(long start, long end, long... ids) {
    return new Read(1, "k", ids, start, end);
  }

  private static Read absent(long start, long end) {
    return new Read(1, "k", null, start, end);
  }

  private static Report check(HistoryEvent... events) {
    return HistoryChecker.check(List.of(events), Map.of());
  }

  private static void assertOnly(Kind kind, Report report) {
    assertEquals(1, report.anomalyCount(), report::toString);
    assertEquals(kind, report.anomalies().get(0).kind(), report::toString);
  }

  @Test
  void aCorrectRegisterHistoryHasNoAnomaly() {
    Report report =
        check(
            absent(0, 5),
            write(1, 10, 20),
            read(15, 18, 1, 1, 1), // concurrent with write 1: may see it
            absent(12, 19), // or not
            write(2, 30, 40),
            read(35, 50, 1, 1, 1), // concurrent with write 2: may see the old value
            read(41, 45, 2, 2, 2),
            new Write(2, "k", 3, 60, 70, Outcome.UNKNOWN),
            read(80, 90, 2, 2, 2), // write 3 may not have applied
            read(100, 110, 3, 3, 3), // or applied late
            read(120, 130, 2, 2, 2)); // nothing proves 2 stale: 3 has no end
    assertEquals(0, report.anomalyCount(), report::toString);
    assertEquals(11, report.operations());
  }

  @Test
  void aMixedRowIsCaught() {
    assertOnly(Kind.MIXED_ROW, check(write(1, 0, 1), write(2, 0, 1), read(5, 6, 1, 2, 1)));
    assertOnly(Kind.MIXED_ROW, check(write(1, 0, 1), read(5, 6, 1, -1, 1)));
  }

  @Test
  void aStaleReadIsCaught() {
    // write 2 started after write 1 was acknowledged and was acknowledged before the read
    assertOnly(Kind.STALE_READ, check(write(1, 0, 10), write(2, 20, 30), read(40, 50, 1, 1, 1)));
    // not stale when the writes overlap: they may have applied in either order
    assertEquals(0, check(write(1, 0, 25), write(2, 20, 30), read(40, 50, 1, 1, 1)).anomalyCount());
    // not stale when the newer write was still running when the read started
    assertEquals(0, check(write(1, 0, 10), write(2, 20, 45), read(40, 50, 1, 1, 1)).anomalyCount());
  }

  @Test
  void readsOfValuesNeverWrittenRefusedOrFromTheFutureAreCaught() {
    assertOnly(Kind.UNKNOWN_WRITE, check(write(1, 0, 1), read(5, 6, 9, 9, 9)));
    assertOnly(
        Kind.UNKNOWN_WRITE, check(new Write(0, "other", 1, 0, 1, Outcome.OK), read(5, 6, 1, 1, 1)));
    assertOnly(
        Kind.FAILED_WRITE_READ,
        check(new Write(0, "k", 1, 0, 1, Outcome.FAIL), read(5, 6, 1, 1, 1)));
    assertOnly(Kind.FUTURE_READ, check(write(1, 10, 11), read(5, 6, 1, 1, 1)));
  }

  @Test
  void aLostRowIsCaught() {
    assertOnly(Kind.LOST_ROW, check(write(1, 0, 10), absent(20, 30)));
  }

  private static Write op(Op op, long id, long start, long end, Outcome outcome) {
    return new Write(0, "k", id, start, end, outcome, op);
  }

  @Test
  void deletesAreWritesOfNoRow() {
    // a correct history: a row deleted, read as absent; written again, read; absent reads
    // concurrent with a delete of unknown outcome, which may apply at any time
    Report ok =
        check(
            write(1, 0, 10),
            op(Op.DELETE, 2, 20, 30),
            absent(40, 50),
            read(25, 45, 1, 1, 1), // concurrent with the delete: may precede it
            op(Op.INSERT, 3, 60, 70, Outcome.OK),
            read(80, 90, 3, 3, 3),
            op(Op.DELETE, 4, 100, 110, Outcome.UNKNOWN),
            read(120, 130, 3, 3, 3), // the delete may not have applied
            absent(140, 150)); // or applied late
    assertEquals(0, ok.anomalyCount(), ok::toString);

    // a row read after an acknowledged delete that followed its write: stale
    assertOnly(
        Kind.STALE_READ, check(write(1, 0, 10), op(Op.DELETE, 2, 20, 30), read(40, 50, 1, 1, 1)));
    // no row after a delete that a later acknowledged write replaced: lost
    assertOnly(
        Kind.LOST_ROW,
        check(write(1, 0, 10), op(Op.DELETE, 2, 20, 30), write(3, 40, 50), absent(60, 70)));
    // a delete's write id is never read
    assertOnly(Kind.UNKNOWN_WRITE, check(op(Op.DELETE, 2, 0, 10), read(20, 30, 2, 2, 2)));
  }

  @Test
  void refusalsOnAStaleStateAreCaught() {
    // an insert refused while a row is stored, an update refused while none is: correct
    Report ok =
        check(
            op(Op.UPDATE, 1, 0, 10, Outcome.FAIL),
            write(2, 20, 30),
            op(Op.INSERT, 3, 40, 50, Outcome.FAIL),
            op(Op.DELETE, 4, 60, 70),
            op(Op.INSERT, 5, 65, 80, Outcome.FAIL), // concurrent with the delete
            op(Op.UPDATE, 6, 90, 100, Outcome.FAIL));
    assertEquals(0, ok.anomalyCount(), ok::toString);

    // an update refused for want of a row acknowledged before it: stale
    assertOnly(Kind.STALE_REFUSAL, check(write(1, 0, 10), op(Op.UPDATE, 2, 20, 30, Outcome.FAIL)));
    // an insert refused where no row was ever stored, or after an acknowledged delete
    assertOnly(Kind.STALE_REFUSAL, check(op(Op.INSERT, 1, 0, 10, Outcome.FAIL)));
    assertOnly(
        Kind.STALE_REFUSAL,
        check(write(1, 0, 10), op(Op.DELETE, 2, 20, 30), op(Op.INSERT, 3, 40, 50, Outcome.FAIL)));
    // a refused write read back
    assertOnly(
        Kind.FAILED_WRITE_READ,
        check(write(1, 0, 10), op(Op.INSERT, 2, 20, 30, Outcome.FAIL), read(40, 50, 2, 2, 2)));
  }

  private static Increment inc(String key, long version, Outcome outcome) {
    return new Increment(0, key, version, 0, 1, outcome);
  }

  @Test
  void aLostIncrementIsCaught() {
    List<HistoryEvent> events = new ArrayList<>();
    for (long v = 0; v < 5; v++) {
      events.add(inc("c", v, Outcome.OK));
      events.add(inc("c", v, Outcome.FAIL));
    }
    assertEquals(
        0,
        HistoryChecker.check(events, Map.of("c", new FinalCounter(5, 5))).anomalyCount(),
        "five acknowledged, five refused, count 5");
    Report lost = HistoryChecker.check(events, Map.of("c", new FinalCounter(4, 4)));
    assertOnly(Kind.LOST_INCREMENT, lost);
    Report phantom = HistoryChecker.check(events, Map.of("c", new FinalCounter(6, 6)));
    assertOnly(Kind.PHANTOM_INCREMENT, phantom);
    events.add(inc("c", 5, Outcome.UNKNOWN));
    assertEquals(
        0,
        HistoryChecker.check(events, Map.of("c", new FinalCounter(6, 6))).anomalyCount(),
        "an increment of unknown outcome may have applied");
    assertOnly(
        Kind.COUNTER_MISMATCH, HistoryChecker.check(events, Map.of("c", new FinalCounter(6, 5))));
  }

  @Test
  void twoIncrementsAcknowledgedFromOneVersionAreCaught() {
    // a compare-and-set that is not atomic: both saw version 3 and both were acknowledged
    List<HistoryEvent> events =
        List.of(
            inc("c", 0, Outcome.OK),
            inc("c", 1, Outcome.OK),
            inc("c", 2, Outcome.OK),
            inc("c", 3, Outcome.OK),
            inc("c", 3, Outcome.OK));
    Report report = HistoryChecker.check(events, Map.of("c", new FinalCounter(4, 4)));
    assertEquals(2, report.anomalyCount(), report::toString);
    assertEquals(1, report.count(Kind.DUPLICATE_INCREMENT));
    assertEquals(1, report.count(Kind.LOST_INCREMENT));
  }
}
