package dev.widekey.runtime.report;

import java.time.Instant;
import java.util.List;

/**
 * The load of a table's partitions between two samples ({@link PartitionLoadSampler}).
 *
 * @param sequence the window's number since the sampler started, from 0; windows dropped from a
 *     full sampler keep their numbers taken
 * @param start when the earlier sample was taken
 * @param end when the later sample was taken
 * @param partitions the load of each partition the later sample listed, in key order
 */
public record LoadWindow(
    long sequence, Instant start, Instant end, List<PartitionLoad> partitions) {

  public LoadWindow {
    partitions = List.copyOf(partitions);
  }

  /** Rows of {@code kind} over all partitions. */
  public long total(LoadKind kind) {
    return partitions.stream().mapToLong(p -> p.load(kind)).sum();
  }

  /**
   * The busiest partition's load of {@code kind} over the mean: 1.0 is perfectly even (and what a
   * table of one partition always shows), above 2 one partition takes a hotspot's share, 0 if there
   * was no such load.
   */
  public double skew(LoadKind kind) {
    return BusiestOverMean.of(partitions.stream().mapToLong(p -> p.load(kind)).toArray());
  }
}
