package dev.widekey.runtime.rekey;

/**
 * Another run of the same job id holds the job: it claimed the job's lease after this run read it
 * (the two started at the same moment), or took the job over while this run was running. This run
 * stops (it wrote nothing a checkpoint counts, and every segment it claimed is the other run's to
 * move) and leaves the job to the other, which {@link #otherRun()} names. Two runs of one job never
 * both count a row.
 *
 * <pre>{@code
 * catch (ConcurrentRekeyException e) {
 *   log.info("job {} is run by run {}", e.result().jobId(), e.otherRun());
 * }
 * }</pre>
 */
public final class ConcurrentRekeyException extends RekeyException {
  private static final long serialVersionUID = 1L;

  private final String otherRun;

  /** An error that does not name the other run. */
  public ConcurrentRekeyException(String message, RekeyResult result) {
    this(message, result, null);
  }

  /**
   * An error naming the run that holds the job, as {@link RekeyJob#runId()} shows a run's id.
   *
   * @param otherRun the other run's id, or {@code null} if unknown
   */
  public ConcurrentRekeyException(String message, RekeyResult result, String otherRun) {
    super(message, null, result);
    this.otherRun = otherRun;
  }

  /** The id of the run that holds the job ({@link RekeyJob#runId()}), or {@code null}. */
  public String otherRun() {
    return otherRun;
  }
}
