package dev.widekey.runtime.write;

import java.util.Iterator;
import java.util.Random;
import java.util.Spliterator;
import java.util.stream.Stream;

/**
 * The input of an import, read one element at a time on the calling thread, with each element's
 * position in the input.
 */
interface InputSource<T> {
  /** Moves to the next element; false when the input is exhausted. */
  boolean advance();

  T current();

  /** The position of the current element in the input, counted from 0. */
  long position();

  /** Whether the input is read from several places at once, not in order. */
  default boolean split() {
    return false;
  }

  /** Reads an iterator in order. */
  static <T> InputSource<T> of(Iterator<? extends T> it) {
    return new IteratorSource<>(it);
  }

  /**
   * Reads a stream in order, or with {@code parts > 1} as up to that many pieces at once (see
   * {@link SplitSource}), splitting a stream of unknown size only as far as reading ahead at most
   * {@code readAhead} elements allows; {@code seed}, if not null, makes the choice of pieces
   * reproducible.
   */
  static <T> InputSource<T> of(Stream<? extends T> stream, int parts, long readAhead, Long seed) {
    if (parts > 1) {
      // a sequential pipeline's spliterator never splits; a parallel one splits its source.
      // It is still consumed here, on this thread, one element at a time.
      @SuppressWarnings("unchecked") // a stream of a subtype is read only
      Spliterator<T> sp = (Spliterator<T>) stream.parallel().spliterator();
      return new SplitSource<>(
          sp, parts, readAhead, seed == null ? new Random() : new Random(seed ^ 0x5DEECE66DL));
    }
    @SuppressWarnings("unchecked") // a stream of a subtype is read only
    Iterator<T> it = (Iterator<T>) stream.iterator();
    return new IteratorSource<>(it);
  }
}
