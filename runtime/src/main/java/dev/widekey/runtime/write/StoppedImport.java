package dev.widekey.runtime.write;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What a stopped import left of the input a resume writes, by position in that input (the stopped
 * import's positions less its resume position): the operations it sent without learning their
 * outcome, the ones it never sent, and how far it read. Every other operation it read it finished.
 */
final class StoppedImport {
  /** A fresh import: nothing was read before. */
  static final StoppedImport NONE = new StoppedImport(Map.of(), Map.of(), 0);

  private final Map<Long, Map<Integer, BulkWriteFailure>> unknown;
  private final Map<Long, Set<Integer>> notSent;
  private final long read;

  private StoppedImport(
      Map<Long, Map<Integer, BulkWriteFailure>> unknown,
      Map<Long, Set<Integer>> notSent,
      long read) {
    this.unknown = unknown;
    this.notSent = notSent;
    this.read = read;
  }

  /** The rest of {@code stopped}'s input, from its resume position on. */
  static StoppedImport of(BulkWriteResult stopped) {
    Objects.requireNonNull(stopped, "stopped");
    long from = stopped.resumePosition();
    Map<Long, Map<Integer, BulkWriteFailure>> unknown = new HashMap<>();
    for (BulkWriteFailure u : stopped.unknownOutcomes()) {
      requireAtOrAfter(u, from);
      unknown.computeIfAbsent(u.position() - from, p -> new HashMap<>()).put(u.indexInGroup(), u);
    }
    Map<Long, Set<Integer>> notSent = new HashMap<>();
    for (BulkWriteFailure n : stopped.notAttemptedOperations()) {
      requireAtOrAfter(n, from);
      notSent.computeIfAbsent(n.position() - from, p -> new HashSet<>()).add(n.indexInGroup());
    }
    return new StoppedImport(unknown, notSent, Math.max(0, stopped.elementsRead() - from));
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
        && !notSent.getOrDefault(position, Set.of()).contains(index);
  }
}
