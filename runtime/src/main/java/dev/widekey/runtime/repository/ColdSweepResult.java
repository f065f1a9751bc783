package dev.widekey.runtime.repository;

/**
 * What a sweep of a cold table found ({@link SplitTableRepository#sweepColdRows}).
 *
 * <pre>{@code
 * ColdSweepResult r = items.sweepColdRows(Duration.ofHours(24));
 * log.info("cold rows deleted: {}", r.deleted());
 * }</pre>
 *
 * @param scanned cold rows read
 * @param named rows a hot row names: an entity's cold columns, kept
 * @param young rows no hot row names, younger than the grace: kept for now (maybe an unfinished
 *     write's)
 * @param deleted rows no hot row names, older than the grace: deleted
 * @param foreign rows without a readable owner or write time: not written by widekey, kept
 */
public record ColdSweepResult(long scanned, long named, long young, long deleted, long foreign) {
  /** A sweep that found nothing: an entity without cold or chunk tables. */
  public static final ColdSweepResult NONE = new ColdSweepResult(0, 0, 0, 0, 0);

  /** The counts of two sweeps added up (of two tables, or of several periods' tables). */
  public ColdSweepResult plus(ColdSweepResult other) {
    return new ColdSweepResult(
        scanned + other.scanned,
        named + other.named,
        young + other.young,
        deleted + other.deleted,
        foreign + other.foreign);
  }
}
