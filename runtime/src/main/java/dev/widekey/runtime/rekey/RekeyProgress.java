package dev.widekey.runtime.rekey;

/**
 * A snapshot of a re-keying job's progress, counted over the whole job (the checkpointed counts of
 * earlier, stopped runs included), handed to {@link RekeyJob.Builder#progress} after each batch. Of
 * one run's snapshots, each count is at least the one before.
 *
 * <pre>{@code
 * .progress(p -> bar.set(p.segmentsDone(), p.segmentsTotal(), p.rowsRead()))
 * }</pre>
 *
 * @param rowsRead rows of the old table read and checkpointed: written or refused
 * @param rowsWritten entities written to the new table
 * @param rowsRefused rows refused by the old or the new layout ({@link RekeyRefusal})
 * @param segmentsDone segments of the old table's key space read to their end
 * @param segmentsTotal segments the old table's key space is read in
 */
public record RekeyProgress(
    long rowsRead, long rowsWritten, long rowsRefused, int segmentsDone, int segmentsTotal) {}
