package dev.widekey.runtime.repository;

import dev.widekey.runtime.key.KeyBuckets;
import dev.widekey.runtime.merge.MergeCursor;
import dev.widekey.runtime.merge.MergeSource;
import dev.widekey.runtime.merge.MergedScan;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.WideTableStore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The one merge loop of a repository's ordered scans: every range of {@code ranges} (one per bucket
 * of a {@code @Bucketed} key, or one) in every table of {@code tables} (one, or a time-sharded
 * entity's period tables), merged into the entity's logical order by {@link MergedScan}, with the
 * buckets' sort prefix and read-ahead. Plain and time-sharded repositories both build their merges
 * here, so they cannot drift apart.
 */
final class ScanMerge {
  private ScanMerge() {}

  /** Reads one merged row, knowing the source it came from. */
  @FunctionalInterface
  interface SourcedRow<T> {
    /**
     * @param source the row's source, an index into {@link MergedScan#sources()}
     * @return what the row reads as, or {@code null} to leave it out
     */
    T read(int source, Row row);
  }

  /**
   * The merged rows, each read by {@code read} with the index of the source it came from: a
   * time-sharded scan reads a row's chunked values from the chunk table of the period table the row
   * was read from, never from a table the row merely claims. Closing the stream closes the merge.
   */
  static <T> Stream<T> stream(MergedScan merge, SourcedRow<T> read) {
    MergeCursor cursor = merge.open();
    Spliterator<T> rows =
        new Spliterators.AbstractSpliterator<>(
            Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL) {
          @Override
          public boolean tryAdvance(Consumer<? super T> action) {
            while (cursor.hasNext()) {
              Row row = cursor.next();
              T value = read.read(cursor.lastSource(), row);
              if (value != null) {
                action.accept(value);
                return true;
              }
            }
            return false;
          }
        };
    return StreamSupport.stream(rows, false).onClose(cursor::close);
  }

  /**
   * The merge; its sources are numbered table by table, bucket by bucket within a table, so a
   * one-table merge's source {@code b} is bucket {@code b}.
   *
   * @param buckets the key's buckets, or {@code null}: then {@code ranges} holds one range
   * @param order the logical order of the keys (ascending)
   * @param descending each range read backward and the merge in reversed order; across several
   *     tables a key stored in more than one comes from the later table first (the ascending stream
   *     reversed)
   * @param readAhead where the sources' pages are read ahead, or {@code null}: on the reading
   *     thread
   */
  static MergedScan of(
      WideTableStore store,
      List<String> tables,
      List<ScanRange> ranges,
      KeyBuckets buckets,
      Comparator<PrimaryKey> order,
      boolean descending,
      Executor readAhead) {
    List<MergeSource> sources = new ArrayList<>(tables.size() * ranges.size());
    for (String table : tables) {
      for (int b = 0; b < ranges.size(); b++) {
        int bucket = b;
        ScanRange range = descending ? ranges.get(b).backward() : ranges.get(b);
        sources.add(
            buckets == null
                ? new MergeSource(store, table, range)
                : new MergeSource(store, table, range, k -> buckets.inBucket(k, bucket)));
      }
    }
    if (descending && tables.size() > 1) {
      // the merge returns equal keys in source order: the later table's first, as the ascending
      // stream reversed would
      Collections.reverse(sources);
    }
    MergedScan merge = MergedScan.of(sources, descending ? order.reversed() : order);
    ToLongFunction<PrimaryKey> prefix = buckets == null ? null : buckets.sortPrefix();
    if (prefix != null) {
      // the prefix orders as the logical order does; its complement (-p - 1, no overflow) as the
      // reversed one
      merge = merge.withSortPrefix(descending ? k -> ~prefix.applyAsLong(k) : prefix);
    }
    if (readAhead != null) {
      // the sources are read in parallel, as many at once as the store gains from
      merge = merge.withReadAhead(readAhead);
    }
    return merge;
  }
}
