package dev.widekey.runtime.repository;

import dev.widekey.runtime.store.PrimaryKey;
import java.util.ArrayList;
import java.util.List;

/**
 * What an index build ({@link SplitTableRepository#buildIndexes()}) did. Every hot row scanned is
 * counted once: indexed by the build, found indexed already (by a write of the version with the
 * index, or an earlier run of the build), holding a null indexed value in every index (no row: a
 * sparse index), or refused. A refused row is never indexed nor dropped silently: it does not build
 * an entity, or a value of it cannot be an index key; the first {@link #MAX_REFUSALS} are listed.
 *
 * <pre>{@code
 * IndexBuildResult r = tickets.buildIndexes();
 * r.refusals().forEach(f -> log.warn("not indexed: {} {}", f.key(), f.message()));
 * }</pre>
 *
 * @param indexes the index tables built (each one's state cleared at the end)
 * @param rowsScanned hot rows read
 * @param indexRowsWritten index rows the build stored and committed
 * @param alreadyIndexed rows that needed no index row: found with their rows in every index they
 *     hold a value for (by a write of the version with the index, or an earlier run), or holding a
 *     null value in every index
 * @param retried rows written by another writer between the build's read and its commit: read again
 *     and decided again (a write of the version with the index stores its own index rows)
 * @param untaggedRows rows stored without a write tag (by a version of the entity without cold,
 *     chunk or index rows): their commit was conditioned on the row's version, or only on its
 *     presence for an unversioned entity (see the method's documentation)
 * @param refused rows not indexed: undecodable, or holding a value no index key holds
 * @param refusals the first {@link #MAX_REFUSALS} of them
 */
public record IndexBuildResult(
    List<String> indexes,
    long rowsScanned,
    long indexRowsWritten,
    long alreadyIndexed,
    long retried,
    long untaggedRows,
    long refused,
    List<Refusal> refusals) {

  /** Refusals listed in a result; past it they are only counted. */
  public static final int MAX_REFUSALS = 1_000;

  /** The result of a build of nothing. */
  public static final IndexBuildResult NONE =
      new IndexBuildResult(List.of(), 0, 0, 0, 0, 0, 0, List.of());

  public IndexBuildResult {
    indexes = List.copyOf(indexes);
    refusals = List.copyOf(refusals);
  }

  /**
   * A row the build did not index.
   *
   * @param table the hot table
   * @param key its key
   * @param index the index, or null if the row does not build an entity at all
   * @param message why
   */
  public record Refusal(String table, PrimaryKey key, String index, String message) {}

  /** This result and another (a time-sharded entity's periods), added up. */
  public IndexBuildResult plus(IndexBuildResult other) {
    List<String> allIndexes = new ArrayList<>(indexes);
    allIndexes.addAll(other.indexes);
    List<Refusal> all = new ArrayList<>(refusals);
    all.addAll(
        other.refusals.subList(
            0, Math.max(0, Math.min(other.refusals.size(), MAX_REFUSALS - all.size()))));
    return new IndexBuildResult(
        allIndexes,
        rowsScanned + other.rowsScanned,
        indexRowsWritten + other.indexRowsWritten,
        alreadyIndexed + other.alreadyIndexed,
        retried + other.retried,
        untaggedRows + other.untaggedRows,
        refused + other.refused,
        all);
  }
}
