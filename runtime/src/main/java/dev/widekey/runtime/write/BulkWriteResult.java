package dev.widekey.runtime.write;

import java.time.Duration;
import java.util.List;

/**
 * The outcome of one {@link BulkWriter} import: every input operation read is counted acknowledged,
 * failed, or, when the import stopped early ({@link BulkWriteException}), outcome-unknown or not
 * attempted: {@code acknowledged + failed + unknown() + notAttempted == total}. Failures are kept
 * (up to the writer's {@link BulkWriter.Builder#maxRecordedFailures(int) bound}; all of them go to
 * its failure listener); successes are only counted, so a million-row import stays small.
 *
 * <pre>{@code
 * BulkWriteResult r = writer.write(ops);
 * if (!r.allAcknowledged()) {
 *   r.failures().forEach(f -> log.warn("{}: {}", f.key(), f.error().getMessage()));
 * }
 * }</pre>
 *
 * <h2>After a stop</h2>
 *
 * An operation the import sent and got no answer for (the answer was lost and its retry was still
 * waiting, or its batch was in flight, when the import stopped) may be stored: it is listed in
 * {@link #unknownOutcomes()}, never counted as not attempted. {@link #resumePosition()} is at or
 * before the first of them, so a resume writes them again. Resuming with {@link
 * BulkWriter#resumeWrite} or {@link BulkWriter#resumeGroups}, given this result, writes the rest of
 * the input, from {@code resumePosition}, as one import that never stopped would have: an operation
 * whose outcome was unknown, or that the stopped import finished past {@code resumePosition}, is
 * sent again, and a conditional put of it that fails its condition is checked against the stored
 * row ({@link dev.widekey.runtime.retry.OwnWrites#recheck}) from its first attempt on, so a
 * versioned put that meets its own applied write is acknowledged, not reported {@link
 * dev.widekey.runtime.store.ErrorKind#CONDITION_FAILED}. The result lists every operation left
 * unfinished ({@link #unknownOutcomes()}, {@link #notAttemptedOperations()}) and how far the input
 * was read ({@link #elementsRead()}), so a resume knows the rest was finished. A split-table
 * repository's {@code putAll(stream, writer)} is resumed with its {@code putAll(rest, writer,
 * stopped)}. A plain {@code write} of the rest never checks a first attempt (it cannot tell its own
 * write from another writer's), so there such a put fails its condition against its own write;
 * unconditional puts and deletes are idempotent and need neither.
 *
 * <pre>{@code
 * try { writer.writeGroups(input.iterator()); }
 * catch (BulkWriteException e) {
 *   BulkWriteResult stopped = e.partialResult();
 *   writer.resumeGroups(input.subList((int) stopped.resumePosition(), input.size()).iterator(), stopped);
 * }
 * }</pre>
 *
 * @param total operations read from the input; for a resume that stopped before reading as far as
 *     the import it resumes had, also the operations that import left unfinished past this one's
 *     reading (listed in {@code unknownOutcomes} or {@code notAttemptedOperations})
 * @param acknowledged operations the store acknowledged
 * @param failed operations that failed for good
 * @param notAttempted operations read but never sent, neither by this import nor (for a resume) by
 *     the stopped one, because the import stopped first; 0 for an import that ran to its end
 * @param retries attempts beyond the first, over all operations
 * @param batches batch-write calls made
 * @param elapsed wall time of the import
 * @param failures the first failures, in the order they happened
 * @param failuresTruncated whether more failures happened than {@code failures} holds
 * @param unknownOutcomes the operations whose outcome is unknown because the import stopped before
 *     their answer: sent (by this import, or by the stopped import this one resumes) and neither
 *     acknowledged nor failed for good by this import, so possibly stored (a resume that stops
 *     again lists here what the import it resumes had finished past its resume position and it has
 *     not sent again); in input order, all of them (they are at most the writer's window), each
 *     with its last error (retryable) and attempts. Empty for an import that ran to its end
 * @param resumePosition where to resume the input, counted in input elements (operations or groups)
 *     from 0 of this import's input: every element before it is finished (each of its operations
 *     acknowledged or failed), so writing the input again from here, in order, writes every
 *     operation not attempted or of unknown outcome and keeps the later operation on a key the
 *     winner. Never after an element with an unknown outcome. The number of elements read when
 *     nothing read is left unfinished. For an input read in order (not {@link
 *     BulkWriter.Builder#splitInput(int) split})
 * @param notAttemptedOperations the operations read and never sent (neither by this import nor by
 *     the one it resumes), in input order, each with attempts 0 and a retryable error saying so:
 *     all of them (at most the writer's window). With {@link #unknownOutcomes} they are every
 *     operation the import left unfinished, so a resume knows that every other operation of an
 *     element read ({@link #elementsRead}) is finished. Empty for an import that ran to its end,
 *     and for a result assembled from parts
 * @param elementsRead one past the highest input position read: every element before it was read
 *     (and is finished unless listed above), none after it. For a resume that stopped, the import
 *     it resumes counts: what that one read further was read, and its unfinished operations there
 *     are listed above, so a resume of this result knows every operation of the chain that may be
 *     stored
 * @param planSeed for an input planned from a seed, the seed that a resume of its rest plans from
 *     again (a split-table repository's {@code putAll(stream, writer)} derives each entity's write
 *     tag from it and the entity's position, so that its resume recognises the stopped import's
 *     writes); 0 for an input not planned so
 * @param inputSplit whether the import read its input as several pieces at once ({@link
 *     BulkWriter.Builder#splitInput(int)}): elements were read from several places of the input, so
 *     elements before {@code resumePosition} may never have been read, and a resume from it would
 *     skip them. Such a result cannot be resumed ({@link BulkWriter#resumeWrite} refuses it); write
 *     the whole input again instead
 * @param planEarlierSeeds for an input planned from a seed by a resume, the seeds of the imports it
 *     continues (the stopped import's and each earlier resume's in the chain), shifted like {@code
 *     planSeed} to this input's positions: a split-table repository's resume plans every entity
 *     under a seed of its own, so that no two resumes (of one result, or one after another) ever
 *     write under one tag, and a resume of this result still recognises, and cleans up after, every
 *     tag the chain may have written under. Empty for the import itself and for an input not
 *     planned so
 */
public record BulkWriteResult(
    long total,
    long acknowledged,
    long failed,
    long notAttempted,
    long retries,
    long batches,
    Duration elapsed,
    List<BulkWriteFailure> failures,
    boolean failuresTruncated,
    List<BulkWriteFailure> unknownOutcomes,
    List<BulkWriteFailure> notAttemptedOperations,
    long resumePosition,
    long elementsRead,
    long planSeed,
    boolean inputSplit,
    List<Long> planEarlierSeeds) {

  /** A result planned, if at all, by an import that resumes none (no {@code planEarlierSeeds}). */
  public BulkWriteResult(
      long total,
      long acknowledged,
      long failed,
      long notAttempted,
      long retries,
      long batches,
      Duration elapsed,
      List<BulkWriteFailure> failures,
      boolean failuresTruncated,
      List<BulkWriteFailure> unknownOutcomes,
      List<BulkWriteFailure> notAttemptedOperations,
      long resumePosition,
      long elementsRead,
      long planSeed,
      boolean inputSplit) {
    this(
        total,
        acknowledged,
        failed,
        notAttempted,
        retries,
        batches,
        elapsed,
        failures,
        failuresTruncated,
        unknownOutcomes,
        notAttemptedOperations,
        resumePosition,
        elementsRead,
        planSeed,
        inputSplit,
        List.of());
  }

  /** A result of an input read in order, as one import reads an iterator. */
  public BulkWriteResult(
      long total,
      long acknowledged,
      long failed,
      long notAttempted,
      long retries,
      long batches,
      Duration elapsed,
      List<BulkWriteFailure> failures,
      boolean failuresTruncated,
      List<BulkWriteFailure> unknownOutcomes,
      List<BulkWriteFailure> notAttemptedOperations,
      long resumePosition,
      long elementsRead,
      long planSeed) {
    this(
        total,
        acknowledged,
        failed,
        notAttempted,
        retries,
        batches,
        elapsed,
        failures,
        failuresTruncated,
        unknownOutcomes,
        notAttemptedOperations,
        resumePosition,
        elementsRead,
        planSeed,
        false);
  }

  /**
   * A result that lists no operation left unsent and was not planned from a seed: every element up
   * to {@code resumePosition} read.
   */
  public BulkWriteResult(
      long total,
      long acknowledged,
      long failed,
      long notAttempted,
      long retries,
      long batches,
      Duration elapsed,
      List<BulkWriteFailure> failures,
      boolean failuresTruncated,
      List<BulkWriteFailure> unknownOutcomes,
      long resumePosition) {
    this(
        total,
        acknowledged,
        failed,
        notAttempted,
        retries,
        batches,
        elapsed,
        failures,
        failuresTruncated,
        unknownOutcomes,
        List.of(),
        resumePosition,
        resumePosition,
        0);
  }

  public BulkWriteResult {
    failures = List.copyOf(failures);
    unknownOutcomes = List.copyOf(unknownOutcomes);
    notAttemptedOperations = List.copyOf(notAttemptedOperations);
    planEarlierSeeds = List.copyOf(planEarlierSeeds);
    if (elementsRead < resumePosition) {
      throw new IllegalArgumentException(
          "elementsRead " + elementsRead + " is before the resume position " + resumePosition);
    }
    if (acknowledged + failed + unknownOutcomes.size() + notAttempted != total) {
      throw new IllegalArgumentException(
          "acknowledged + failed + unknown + notAttempted must be total: "
              + acknowledged
              + " + "
              + failed
              + " + "
              + unknownOutcomes.size()
              + " + "
              + notAttempted
              + " != "
              + total);
    }
  }

  /**
   * Operations sent whose outcome is unknown because the import stopped first: possibly stored
   * ({@link #unknownOutcomes()}); 0 for an import that ran to its end.
   */
  public long unknown() {
    return unknownOutcomes.size();
  }

  /**
   * How many resumes the plan has been through: 0 for the import itself, one more for each resume
   * of a resume ({@link #planEarlierSeeds()} holds one seed per import before the last).
   */
  public int planResumes() {
    return planEarlierSeeds.size();
  }

  /**
   * This result with {@code planSeed} as its plan seed: what a planner that derives its writes from
   * a seed hands back, so that its resume derives them again.
   *
   * <pre>{@code
   * BulkWriteResult r = writer.writeGroups(groupsPlannedFrom(seed)).withPlanSeed(seed);
   * }</pre>
   */
  public BulkWriteResult withPlanSeed(long planSeed) {
    return new BulkWriteResult(
        total,
        acknowledged,
        failed,
        notAttempted,
        retries,
        batches,
        elapsed,
        failures,
        failuresTruncated,
        unknownOutcomes,
        notAttemptedOperations,
        resumePosition,
        elementsRead,
        planSeed,
        inputSplit,
        planEarlierSeeds);
  }

  /**
   * This result, if a resume can continue it from {@link #resumePosition()}: the one check of every
   * resume ({@link BulkWriter#resumeWrite}, a split-table repository's {@code putAll(rest, writer,
   * stopped)}).
   *
   * @throws IllegalArgumentException if the import read its input split ({@link #inputSplit()})
   */
  public BulkWriteResult requireResumable() {
    if (inputSplit) {
      throw new IllegalArgumentException(
          "the stopped import read its input split into pieces (splitInput), from several places"
              + " at once: elements before its resume position "
              + resumePosition
              + " may never have been read, so no position resumes it; write the whole input"
              + " again instead (puts and deletes without conditions are idempotent)");
    }
    return this;
  }

  /** Whether every input operation was acknowledged. */
  public boolean allAcknowledged() {
    return failed == 0 && notAttempted == 0 && unknownOutcomes.isEmpty() && acknowledged == total;
  }

  /** The most failures {@link #toString} shows. */
  private static final int SHOWN_FAILURES = 3;

  /**
   * The counts and the first few failures: short whatever the import, since results get logged.
   *
   * <pre>{@code 10000 read, 0 acknowledged, 10000 failed, 0 retries, 50 batches in PT0.2S; first
   * failures: [...], …}</pre>
   */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    out.append(total)
        .append(" read, ")
        .append(acknowledged)
        .append(" acknowledged, ")
        .append(failed)
        .append(" failed, ");
    if (!unknownOutcomes.isEmpty()) {
      out.append(unknownOutcomes.size()).append(" outcome unknown (sent, no answer; at input ");
      out.append(unknownOutcomes.size() == 1 ? "position " : "positions ");
      for (int i = 0; i < Math.min(SHOWN_FAILURES, unknownOutcomes.size()); i++) {
        out.append(i == 0 ? "" : ", ").append(unknownOutcomes.get(i).position());
      }
      out.append(unknownOutcomes.size() > SHOWN_FAILURES ? ", …), " : "), ");
    }
    if (notAttempted > 0 || !unknownOutcomes.isEmpty()) {
      out.append(notAttempted)
          .append(" not attempted (resume at input position ")
          .append(resumePosition)
          .append("), ");
    }
    out.append(retries).append(" retries, ").append(batches).append(" batches in ").append(elapsed);
    if (!failures.isEmpty()) {
      out.append("; first failures: ")
          .append(failures.subList(0, Math.min(SHOWN_FAILURES, failures.size())));
      if (failures.size() > SHOWN_FAILURES || failuresTruncated) {
        out.append(", …");
      }
    }
    return out.toString();
  }
}
