package dev.widekey.runtime.write;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a stopped import left of the input a resume writes, by position in that input (the stopped
 * import's positions less its resume position): the operations it sent without learning their
 * outcome, the ones it never sent, and how far it read. Every other operation it read it finished.
 */
final class StoppedImport {
  /** A fresh import: nothing was read before. */
  static final StoppedImport NONE = new StoppedImport(new TreeMap<>(), new TreeMap<>(), 0);

  // by position in the rest, then index in the group; positioned in the rest
  private final TreeMap<Long, Map<Integer, BulkWriteFailure>> unknown;
  private final TreeMap<Long, Map<Integer, BulkWriteFailure>> notSent;
  private final long read;

  private StoppedImport(
      TreeMap<Long, Map<Integer, BulkWriteFailure>> unknown,
      TreeMap<Long, Map<Integer, BulkWriteFailure>> notSent,
      long read) {
    this.unknown = unknown;
    this.notSent = notSent;
    this.read = read;
  }

  /** The rest of {@code stopped}'s input, from its resume position on. */
  static StoppedImport of(BulkWriteResult stopped) {
    Objects.requireNonNull(stopped, "stopped");
    stopped.requireResumable();
    long from = stopped.resumePosition();
    TreeMap<Long, Map<Integer, BulkWriteFailure>> unknown = new TreeMap<>();
    for (BulkWriteFailure u : stopped.unknownOutcomes()) {
      requireAtOrAfter(u, from);
      unknown
          .computeIfAbsent(u.position() - from, p -> new TreeMap<>())
          .put(u.indexInGroup(), at(u, u.position() - from));
    }
    TreeMap<Long, Map<Integer, BulkWriteFailure>> notSent = new TreeMap<>();
    for (BulkWriteFailure n : stopped.notAttemptedOperations()) {
      requireAtOrAfter(n, from);
      notSent
          .computeIfAbsent(n.position() - from, p -> new TreeMap<>())
          .put(n.indexInGroup(), at(n, n.position() - from));
    }
    return new StoppedImport(unknown, notSent, Math.max(0, stopped.elementsRead() - from));
  }

  private static BulkWriteFailure at(BulkWriteFailure f, long position) {
    return new BulkWriteFailure(
        position, f.indexInGroup(), f.table(), f.key(), f.bytes(), f.error(), f.attempts());
  }

  /** One past the last position of the rest the stopped import read. */
  long read() {
    return read;
  }

  /**
   * The operations the stopped import left of unknown outcome at positions of the rest from {@code
   * position} on, in input order: for a resume that stopped before reading them.
   */
  List<BulkWriteFailure> unknownFrom(long position) {
    return from(unknown, position);
  }

  /** The operations the stopped import never sent at positions from {@code position} on. */
  List<BulkWriteFailure> notSentFrom(long position) {
    return from(notSent, position);
  }

  private static List<BulkWriteFailure> from(
      TreeMap<Long, Map<Integer, BulkWriteFailure>> ops, long position) {
    List<BulkWriteFailure> out = new ArrayList<>();
    for (Map<Integer, BulkWriteFailure> at : ops.tailMap(position, true).values()) {
      out.addAll(at.values());
    }
    return out;
  }

  private static void requireAtOrAfter(BulkWriteFailure op, long resumePosition) {
    if (op.position() < resumePosition) {
      throw new IllegalArgumentException(
          "an unfinished operation at input position "
              + op.position()
              + " is before the resume position "
              + resumePosition);
    }
  }

  /** The stopped import's unknown outcome of this operation, or null. */
  BulkWriteFailure unknownAt(long position, int index) {
    Map<Integer, BulkWriteFailure> at = unknown.get(position);
    return at == null ? null : at.get(index);
  }

  /**
   * Whether the stopped import finished this operation (acknowledged it, or it failed for good):
   * read by it, and neither of unknown outcome nor never sent.
   */
  boolean finishedAt(long position, int index) {
    return position < read
        && unknownAt(position, index) == null
        && !notSent.getOrDefault(position, Map.of()).containsKey(index);
  }
}
