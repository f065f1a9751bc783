package dev.widekey.runtime.write;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Spliterator;

/**
 * Reads a spliterator as up to {@code parts} pieces, taking each next element from a piece chosen
 * at random, so that a sorted input is read from all over its range at once. When every piece knows
 * its exact size the elements keep their input positions; otherwise positions count the elements in
 * the order they were read.
 *
 * <p>A piece of unknown size (its {@code estimateSize()} is {@code Long.MAX_VALUE}: an iterator, a
 * reader's lines, a generator) can only split by reading the elements of its prefix into an array,
 * batches that grow with each split (about two million elements for 64 pieces). Such pieces are
 * split only while the elements their prefixes hold stay within {@code readAhead} (the writer's
 * window), so splitting never holds more of the input than the window would; the one split that
 * crosses the budget reads at most one more batch. Pieces of known size (lists, arrays, ranges, and
 * the array prefixes split off above) split in place.
 */
final class SplitSource<T> implements InputSource<T> {
  private final List<Spliterator<T>> pieces;
  private final long[] next; // next input position per piece, or -1 if unknown
  private final Random random;
  private final int[] live;
  private int liveCount;
  private T current;
  private long position;
  private long readCount;

  SplitSource(Spliterator<T> root, int parts, long readAhead, Random random) {
    this.random = random;
    List<Spliterator<T>> list = new ArrayList<>();
    list.add(root);
    long readAheadLeft = readAhead;
    // split the largest piece until there are enough or none splits further
    boolean split = true;
    while (list.size() < parts && split) {
      split = false;
      int largest = -1;
      for (int i = 0; i < list.size(); i++) {
        long size = list.get(i).estimateSize();
        if (size == Long.MAX_VALUE && readAheadLeft <= 0) {
          continue; // its split would read more of the input than the window holds
        }
        if (largest < 0 || size > list.get(largest).estimateSize()) {
          largest = i;
        }
      }
      if (largest < 0) {
        break;
      }
      boolean unknownSize = list.get(largest).estimateSize() == Long.MAX_VALUE;
      Spliterator<T> prefix = list.get(largest).trySplit();
      if (prefix != null) {
        list.add(largest, prefix); // trySplit returns the leading part
        split = true;
        if (unknownSize) {
          readAheadLeft -= prefix.estimateSize(); // what the split read (or could not say)
        }
      } else if (unknownSize) {
        readAheadLeft = 0; // it splits no further: try the others
        split = true;
      }
    }
    this.pieces = list;
    this.next = new long[list.size()];
    long offset = 0;
    for (int i = 0; i < list.size(); i++) {
      long size = list.get(i).getExactSizeIfKnown();
      if (offset < 0 || size < 0) {
        offset = -1;
      }
      next[i] = offset;
      if (offset >= 0) {
        offset += size;
      }
    }
    if (offset < 0) {
      Arrays.fill(next, -1);
    }
    this.live = new int[list.size()];
    for (int i = 0; i < live.length; i++) {
      live[i] = i;
    }
    this.liveCount = live.length;
  }

  @Override
  public boolean advance() {
    while (liveCount > 0) {
      int slot = random.nextInt(liveCount);
      int piece = live[slot];
      boolean got = pieces.get(piece).tryAdvance(e -> current = e);
      if (got) {
        position = next[piece] >= 0 ? next[piece]++ : readCount;
        readCount++;
        return true;
      }
      live[slot] = live[--liveCount];
    }
    return false;
  }

  @Override
  public T current() {
    return current;
  }

  @Override
  public long position() {
    return position;
  }
}
