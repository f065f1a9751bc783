package dev.widekey.runtime.rekey;

/**
 * Another run of the same job id took over its checkpoints while this run was running: this run
 * stops (it wrote nothing a checkpoint counts) and leaves the job to the other. Two runs of one job
 * never both count a row.
 *
 * <pre>{@code
 * catch (ConcurrentRekeyException e) { log.info("job {} is run elsewhere", e.result().jobId()); }
 * }</pre>
 */
public final class ConcurrentRekeyException extends RekeyException {
  private static final long serialVersionUID = 1L;

  public ConcurrentRekeyException(String message, RekeyResult result) {
    super(message, null, result);
  }
}
