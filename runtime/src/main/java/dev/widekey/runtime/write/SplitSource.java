package dev.widekey.runtime.write;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.Spliterator;

/**
 * Reads a spliterator as up to {@code parts} pieces, taking each next element from a piece chosen
 * at random, so that a sorted input is read from all over its range at once. When every piece knows
 * its exact size the elements keep their input positions; otherwise positions count the elements in
 * the order they were read.
 *
 * <p>Some pieces split only by reading the elements of their prefix into an array, in batches that
 * grow with each split (about two million elements for 64 pieces): those of unknown size (their
 * {@code estimateSize()} is {@code Long.MAX_VALUE}: an iterator, a reader's lines, a generator),
 * and those of known size over an iterator or a linked list, whose prefix is a batch rather than
 * half of them. Such pieces are split only while the elements their prefixes hold stay within
 * {@code readAhead} (the writer's window), so splitting never holds much more of the input than the
 * window would: the one split that crosses the budget reads one more batch. Pieces that split in
 * place (lists, arrays, ranges, and the array prefixes split off above) split as far as asked.
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
    // pieces whose splits copy (their prefix is read into an array), and pieces that split no more
    Set<Spliterator<T>> copying = Collections.newSetFromMap(new IdentityHashMap<>());
    Set<Spliterator<T>> done = Collections.newSetFromMap(new IdentityHashMap<>());
    // split the largest piece until there are enough or none splits further
    while (list.size() < parts) {
      int largest = -1;
      for (int i = 0; i < list.size(); i++) {
        Spliterator<T> piece = list.get(i);
        long size = piece.estimateSize();
        if (done.contains(piece)
            || readAheadLeft <= 0 && (size == Long.MAX_VALUE || copying.contains(piece))) {
          continue; // its split would read more of the input than the window holds
        }
        if (largest < 0 || size > list.get(largest).estimateSize()) {
          largest = i;
        }
      }
      if (largest < 0) {
        break;
      }
      Spliterator<T> piece = list.get(largest);
      long before = piece.estimateSize();
      Spliterator<T> prefix = piece.trySplit();
      if (prefix == null) {
        done.add(piece);
        continue;
      }
      list.add(largest, prefix); // trySplit returns the leading part
      long taken = prefix.estimateSize();
      // an in-place split halves the piece; one that copies takes a batch off its front
      if (before == Long.MAX_VALUE || taken < before / 4) {
        copying.add(piece);
        readAheadLeft -= taken;
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

  @Override
  public boolean split() {
    return pieces.size() > 1; // a stream that would not split is read in order
  }
}
