package dev.widekey.runtime.merge;

import dev.widekey.runtime.store.PrimaryKey;
import java.util.Objects;

/**
 * Where a merge stopped: the last row it returned, as the index of the source it came from and its
 * stored key (the logical key is the merge comparator's view of that key). A merge over the same
 * sources continues exactly after it with {@link MergedScan#openAfter(MergePosition)}: no row
 * twice, none skipped, ties included. Immutable; the basis of paging.
 *
 * <pre>{@code
 * MergePosition last;
 * try (MergeCursor page = merge.withLimit(100).open()) {
 *   page.forEachRemaining(this::show);
 *   last = page.position().orElseThrow();
 * }
 * try (MergeCursor next = merge.withLimit(100).openAfter(last)) { ... }
 * }</pre>
 *
 * @param source the index of the source of the last row, in the merge's source list
 * @param key the stored primary key of the last row
 */
public record MergePosition(int source, PrimaryKey key) {
  public MergePosition {
    if (source < 0) {
      throw new IllegalArgumentException("negative source index " + source);
    }
    Objects.requireNonNull(key, "key");
  }
}
