package dev.widekey.runtime.repository;

import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.write.BulkWriteFailure;
import dev.widekey.runtime.write.BulkWriteResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How a split entity's stream import ({@code putAll(stream, writer)}) is resumed exactly: the one
 * home of its write tags' derivation and of what a stopped import left per entity.
 *
 * <p>An import draws one random seed ({@link BulkWriteResult#planSeed()}) and gives the entity at
 * input position {@code p} the write tag {@link #tag(long, long) tag(seed, p)}: a bijection of the
 * position, so the tags of one import differ, and as unpredictable as a random tag. A resume draws
 * a seed of its own and writes every entity it writes under that seed's tags: two resumes of one
 * result (a caller retrying a resume, or two processes resuming one saved result) cannot tell of
 * each other, and a tag either of them committed may have been replaced since by a client still to
 * delete the rows under it, so no tag is ever written by two imports. The resumed result carries
 * the chain's earlier seeds ({@link BulkWriteResult#planEarlierSeeds()}), from which a resume
 * derives every tag the chain may have written an entity under: it recognises the chain's write of
 * an entity by such a tag in the stored commit point, or by the stopped result, which lists every
 * operation left unfinished ({@link BulkWriteResult#unknownOutcomes()}, {@link
 * BulkWriteResult#notAttemptedOperations()}) and how far it read ({@link
 * BulkWriteResult#elementsRead()}). Per entity of the rest:
 *
 * <ul>
 *   <li>read by the stopped import with nothing left unfinished: finished, not written again;
 *   <li>its commit finished (acknowledged or failed), or a tag under which the chain may have
 *       committed it (or a later position of its key) stored in its commit point: committed; only
 *       the deletes of the rows it replaced that were left unfinished are sent (their keys are in
 *       the stopped result);
 *   <li>its hot put left unfinished (sent without an answer, or never sent), and no tag of the
 *       chain's in its commit point: that write was not applied, or was replaced since by another
 *       client, who deletes the rows under its tag after its own commit, possibly only after this
 *       resume's. So it is planned under this resume's tag, and after its commit the rows stored
 *       under the chain's tags are deleted (named by no hot row once it is committed), with the
 *       unfinished deletes of the stopped plan;
 *   <li>not read by the chain: planned under this resume's tag, as an import plans it.
 * </ul>
 *
 * The entities not written again are not in the writer's input, so the writer's positions are
 * mapped back to positions in the rest ({@link #result}).
 */
final class ResumedImport {
  /** The odd constant of SplitMix64: consecutive positions take states this far apart. */
  private static final long GAMMA = 0x9E3779B97F4A7C15L;

  /** A seed for a new import; never 0, which a result uses for "not planned from a seed". */
  static long newSeed() {
    long seed;
    do {
      seed = ThreadLocalRandom.current().nextLong();
    } while (seed == 0);
    return seed;
  }

  /** The write tag of the entity at {@code position} of an import planned from {@code seed}. */
  static long tag(long seed, long position) {
    return mix(seed + position * GAMMA);
  }

  /** SplitMix64's finalizer: a bijection, so distinct states give distinct tags. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /**
   * The seed of an input that starts {@code positions} into one planned from {@code seed}: {@code
   * tag(advanced(s, n), i) == tag(s, n + i)}.
   */
  static long advanced(long seed, long positions) {
    return seed + positions * GAMMA;
  }

  /**
   * What the stopped import left of one entity of the rest.
   *
   * @param tag the tag this resume writes it under if it writes it anew: of this resume's seed
   * @param commitFinished whether its hot put was finished (acknowledged, or failed for good)
   * @param committedUnder the tags under which the chain may have written it (one per import of the
   *     chain): one of them stored in its commit point means committed; written anew, the rows
   *     stored under them are deleted after its commit. Empty if its hot put was finished
   * @param deletes the deletes of the rows its write replaces that were left unfinished
   */
  record Earlier(
      long tag, boolean commitFinished, List<Long> committedUnder, List<WriteOp> deletes) {}

  /**
   * This resume's own seed, drawn afresh: every entity it writes is written under its tags. Not a
   * tag of the chain's: that write may have been committed (by the stopped import, or by another
   * resume of the same result) and then replaced by another client who has yet to delete its rows;
   * rows stored again under it would then be deleted after this resume commits them.
   */
  private final long seed;

  /** The seeds of the chain's imports, shifted to the rest: the stopped one's first. */
  private final List<Long> chain = new ArrayList<>();

  private final String hotTable;

  /** Positions in the rest before it were read by the stopped import. */
  private final long stoppedRead;

  /** The stopped import's unfinished operations, by position in the rest, in group order. */
  private final TreeMap<Long, List<Listed>> listed = new TreeMap<>();

  /** An unfinished operation of the stopped import; {@code unknown}: possibly applied. */
  private record Listed(BulkWriteFailure op, boolean unknown) {}

  /** Emitted group index → rest position where a run of emitted groups starts. */
  private final TreeMap<Long, Long> runs = new TreeMap<>();

  /** The stopped import's unknown outcomes among the operations of emitted groups, by group. */
  private final Map<Long, Map<TableKey, BulkWriteFailure>> unknownBefore = new HashMap<>();

  /** Rest positions with a listed operation that were planned (emitted, or nothing to send). */
  private final Map<Long, Long> planned = new HashMap<>(); // rest position → emitted index, or -1

  private record TableKey(String table, PrimaryKey key) {}

  private long emitted;
  private long consumed;

  private ResumedImport(BulkWriteResult stopped, String hotTable) {
    long from = stopped.resumePosition();
    this.seed = newSeed();
    chain.add(advanced(stopped.planSeed(), from));
    for (long earlier : stopped.planEarlierSeeds()) {
      chain.add(advanced(earlier, from));
    }
    this.hotTable = hotTable;
    this.stoppedRead = stopped.elementsRead() - from;
    for (BulkWriteFailure u : stopped.unknownOutcomes()) {
      add(u, true, from);
    }
    for (BulkWriteFailure n : stopped.notAttemptedOperations()) {
      add(n, false, from);
    }
    for (List<Listed> ops : listed.values()) {
      ops.sort(Comparator.comparingInt(l -> l.op().indexInGroup()));
    }
  }

  private void add(BulkWriteFailure op, boolean unknown, long from) {
    if (op.position() < from) {
      throw new IllegalArgumentException(
          "an unfinished operation at input position "
              + op.position()
              + " is before the resume position "
              + from);
    }
    listed
        .computeIfAbsent(op.position() - from, p -> new ArrayList<>())
        .add(new Listed(op, unknown));
  }

  /**
   * The rest of the import that stopped with {@code stopped}.
   *
   * @throws IllegalArgumentException if {@code stopped} is not the result of a split entity's
   *     {@code putAll(stream, writer)} (or of its resume): it has no plan seed
   */
  static ResumedImport of(BulkWriteResult stopped, String hotTable) {
    stopped.requireResumable();
    if (stopped.planSeed() == 0) {
      throw new IllegalArgumentException(
          "the stopped result has no plan seed: resume with the result of this repository's"
              + " putAll(stream, writer), or of its resume, as thrown in its BulkWriteException");
    }
    return new ResumedImport(stopped, hotTable);
  }

  /** The seed of the rest: the tag of its entity {@code i} is {@code tag(seed(), i)}. */
  long seed() {
    return seed;
  }

  /** Whether the stopped import read and finished the entity at {@code position} of the rest. */
  boolean finished(long position) {
    return position < stoppedRead && !listed.containsKey(position);
  }

  /**
   * What the stopped import left of the entity at {@code position}, or null if nothing (not read by
   * it: written under this resume's tag, with nothing to recognise or clean up).
   */
  Earlier earlier(long position) {
    List<Listed> ops = listed.get(position);
    if (ops == null) {
      return null;
    }
    int hot = -1;
    for (Listed l : ops) {
      if (l.op().table().equals(hotTable)) {
        hot = l.op().indexInGroup();
      }
    }
    // hot put unfinished: each import of the chain may have stored rows under its tag, and
    // committed them if it sent the hot put; the write anew is under this resume's tag, which no
    // other import (another resume of the same result included) ever writes
    List<Long> committedUnder = new ArrayList<>();
    if (hot >= 0) {
      for (long s : chain) {
        committedUnder.add(tag(s, position));
      }
    }
    // the group is puts, the hot put, deletes: the ones after the hot put are deletes; with the
    // hot put finished, every one left is (the puts before it were acknowledged first)
    List<WriteOp> deletes = new ArrayList<>();
    for (Listed l : ops) {
      if (l.op().indexInGroup() > hot) {
        deletes.add(WriteOp.delete(l.op().table(), l.op().key()));
      }
    }
    return new Earlier(tag(seed, position), hot < 0, committedUnder, deletes);
  }

  /** The entity at {@code position} of the rest needs nothing sent. */
  void skipped(long position) {
    if (listed.containsKey(position)) {
      planned.put(position, -1L);
    }
    consumed = Math.max(consumed, position + 1);
  }

  /** The entity at {@code position} of the rest is written by the next group the writer reads. */
  void emitted(long position) {
    Map.Entry<Long, Long> run = runs.lastEntry();
    if (run == null || run.getValue() + (emitted - run.getKey()) != position) {
      runs.put(emitted, position);
    }
    List<Listed> ops = listed.get(position);
    if (ops != null) {
      planned.put(position, emitted);
      Map<TableKey, BulkWriteFailure> unknown = new HashMap<>();
      for (Listed l : ops) {
        if (l.unknown()) {
          unknown.put(new TableKey(l.op().table(), l.op().key()), l.op());
        }
      }
      if (!unknown.isEmpty()) {
        unknownBefore.put(emitted, unknown);
      }
    }
    emitted++;
    consumed = Math.max(consumed, position + 1);
  }

  /** The rest position of the writer's input element {@code index}; past the last: as read. */
  private long restPosition(long index) {
    if (index >= emitted) {
      return consumed;
    }
    Map.Entry<Long, Long> run = runs.floorEntry(index);
    return run.getValue() + (index - run.getKey());
  }

  /**
   * The writer's result over the groups sent, as a result over the rest: positions in the rest, the
   * operations the stopped import left possibly applied still reported of unknown outcome when not
   * sent again, what it left that the writer did not reach still listed, and the rest's seed.
   */
  BulkWriteResult result(BulkWriteResult r) {
    List<BulkWriteFailure> failures = new ArrayList<>();
    for (BulkWriteFailure f : r.failures()) {
      failures.add(at(f, restPosition(f.position())));
    }
    List<BulkWriteFailure> unknown = new ArrayList<>();
    for (BulkWriteFailure u : r.unknownOutcomes()) {
      unknown.add(at(u, restPosition(u.position())));
    }
    List<BulkWriteFailure> notSent = new ArrayList<>();
    for (BulkWriteFailure n : r.notAttemptedOperations()) {
      BulkWriteFailure before =
          unknownBefore.getOrDefault(n.position(), Map.of()).get(new TableKey(n.table(), n.key()));
      if (before != null) {
        // sent by the stopped import without an answer: possibly applied, never "not attempted"
        unknown.add(
            new BulkWriteFailure(
                restPosition(n.position()),
                n.indexInGroup(),
                n.table(),
                n.key(),
                n.bytes(),
                before.error(),
                before.attempts()));
      } else {
        notSent.add(at(n, restPosition(n.position())));
      }
    }
    long total = r.total();
    long notAttempted = r.notAttempted() - (r.notAttemptedOperations().size() - notSent.size());
    // what the stopped import left at positions the writer did not read stays listed
    long read = restPosition(r.elementsRead());
    Set<Long> reached = new HashSet<>();
    planned.forEach(
        (position, index) -> {
          if (index < 0 || index < r.elementsRead()) {
            reached.add(position);
          }
        });
    for (Map.Entry<Long, List<Listed>> e : listed.entrySet()) {
      if (reached.contains(e.getKey())) {
        continue;
      }
      for (Listed l : e.getValue()) {
        total++;
        BulkWriteFailure op = at(l.op(), e.getKey());
        if (l.unknown()) {
          unknown.add(op);
        } else {
          notSent.add(op);
          notAttempted++;
        }
      }
    }
    Comparator<BulkWriteFailure> order =
        Comparator.comparingLong(BulkWriteFailure::position)
            .thenComparingInt(BulkWriteFailure::indexInGroup);
    unknown.sort(order);
    notSent.sort(order);
    long resumePosition = restPosition(r.resumePosition());
    if (!unknown.isEmpty()) {
      resumePosition = Math.min(resumePosition, unknown.get(0).position());
    }
    if (!notSent.isEmpty()) {
      resumePosition = Math.min(resumePosition, notSent.get(0).position());
    }
    return new BulkWriteResult(
        total,
        r.acknowledged(),
        r.failed(),
        notAttempted,
        r.retries(),
        r.batches(),
        r.elapsed(),
        failures,
        r.failuresTruncated(),
        unknown,
        notSent,
        resumePosition,
        Math.max(read, Math.max(stoppedRead, resumePosition)),
        seed,
        r.inputSplit(),
        chain);
  }

  private static BulkWriteFailure at(BulkWriteFailure f, long position) {
    return new BulkWriteFailure(
        position, f.indexInGroup(), f.table(), f.key(), f.bytes(), f.error(), f.attempts());
  }
}
