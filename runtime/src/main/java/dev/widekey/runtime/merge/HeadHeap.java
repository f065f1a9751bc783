package dev.widekey.runtime.merge;

import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import java.util.Comparator;

/**
 * The sources that still have rows, as a binary min-heap on their head rows: logical key first,
 * then the source index, so equal logical keys come in source order. The smallest head is replaced
 * in place ({@link #replaceTop}), which costs one sift instead of a removal and an insertion per
 * merged row.
 */
final class HeadHeap {
  private final Comparator<PrimaryKey> logicalOrder;
  private final int[] sources; // heap of source indices
  private final Row[] heads; // by source index
  private int size;

  HeadHeap(int sourceCount, Comparator<PrimaryKey> logicalOrder) {
    this.logicalOrder = logicalOrder;
    this.sources = new int[sourceCount];
    this.heads = new Row[sourceCount];
  }

  boolean isEmpty() {
    return size == 0;
  }

  void clear() {
    size = 0;
    java.util.Arrays.fill(heads, null);
  }

  /** Adds a source with its head row. */
  void add(int source, Row head) {
    heads[source] = head;
    int i = size++;
    sources[i] = source;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (less(sources[parent], sources[i])) {
        break;
      }
      swap(i, parent);
      i = parent;
    }
  }

  /** The source of the smallest head. */
  int topSource() {
    return sources[0];
  }

  /** Gives the top source its next head, or removes it when {@code head} is null. */
  void replaceTop(Row head) {
    int top = sources[0];
    heads[top] = head;
    if (head == null) {
      sources[0] = sources[--size];
    }
    int i = 0;
    while (true) {
      int left = 2 * i + 1;
      if (left >= size) {
        return;
      }
      int right = left + 1;
      int child = right < size && less(sources[right], sources[left]) ? right : left;
      if (less(sources[i], sources[child])) {
        return;
      }
      swap(i, child);
      i = child;
    }
  }

  private boolean less(int a, int b) {
    int c = logicalOrder.compare(heads[a].key(), heads[b].key());
    return c != 0 ? c < 0 : a < b;
  }

  private void swap(int i, int j) {
    int t = sources[i];
    sources[i] = sources[j];
    sources[j] = t;
  }
}
