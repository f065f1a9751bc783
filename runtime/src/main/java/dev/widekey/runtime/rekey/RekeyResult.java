package dev.widekey.runtime.rekey;

import dev.widekey.runtime.store.PrimaryKey;
import java.util.List;
import java.util.Map;

/**
 * What a re-keying job has done, over all its runs: the counts and refusals every checkpoint
 * records (a run resumed after a stop adds to those of the runs before it), and where each
 * unfinished segment stands.
 *
 * <pre>{@code
 * RekeyResult r = job.run();
 * if (r.complete() && r.countsMatch()) switchReadsToNewTable();
 * }</pre>
 *
 * @param jobId the job's id
 * @param rowsRead rows of the old table read: {@code rowsWritten + rowsRefused} when counts match
 * @param rowsWritten entities written to the new table (acknowledged)
 * @param rowsRefused rows not written, each in {@code refusals}
 * @param refusals the rows not written, with their old key and the rule they break
 * @param segmentsDone segments read to their end
 * @param segmentsTotal segments of the job
 * @param resumeAfter for each unfinished segment (by number), the last old key it checkpointed, or
 *     {@code null} if it has not started: where the next run continues
 */
public record RekeyResult(
    String jobId,
    long rowsRead,
    long rowsWritten,
    long rowsRefused,
    List<RekeyRefusal> refusals,
    int segmentsDone,
    int segmentsTotal,
    Map<Integer, PrimaryKey> resumeAfter) {
  public RekeyResult {
    refusals = List.copyOf(refusals);
    resumeAfter = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(resumeAfter));
  }

  /** Whether every segment of the old table has been read to its end. */
  public boolean complete() {
    return segmentsDone == segmentsTotal;
  }

  /**
   * Whether the counts add up over the whole job: rows read = rows written + rows refused, and
   * every refusal is listed.
   */
  public boolean countsMatch() {
    return rowsRead == rowsWritten + rowsRefused && refusals.size() == rowsRefused;
  }

  @Override
  public String toString() {
    return "RekeyResult[job "
        + jobId
        + ": read "
        + rowsRead
        + ", written "
        + rowsWritten
        + ", refused "
        + rowsRefused
        + ", segments "
        + segmentsDone
        + "/"
        + segmentsTotal
        + (countsMatch() ? "" : ", COUNTS DO NOT MATCH")
        + "]";
  }
}
