package dev.widekey.runtime.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.Iterator;
import java.util.List;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

class SplitSourceTest {
  private static final int N = 1_000_000;

  /** An input of unknown size that counts the elements taken from it. */
  private static Stream<Long> unsized(AtomicLong taken) {
    return StreamSupport.stream(
            Spliterators.spliteratorUnknownSize(counting(taken), Spliterator.ORDERED), false)
        .map(x -> x); // a pipeline stage, as an import maps lines to operations
  }

  /** A lazily generated input of known size, over an iterator: its splits copy too. */
  private static Stream<Long> sizedOverAnIterator(AtomicLong taken) {
    return StreamSupport.stream(
            Spliterators.spliterator(counting(taken), N, Spliterator.ORDERED), false)
        .map(x -> x);
  }

  private static Iterator<Long> counting(AtomicLong taken) {
    return new Iterator<>() {
      long next;

      @Override
      public boolean hasNext() {
        return next < N;
      }

      @Override
      public Long next() {
        taken.incrementAndGet();
        return next++;
      }
    };
  }

  @Test
  void anUnsizedInputIsSplitNoFurtherThanItsReadAhead() {
    readsAheadNoFurtherThanAsked(SplitSourceTest::unsized);
  }

  @Test
  void aSizedInputOverAnIteratorIsSplitNoFurtherThanItsReadAhead() {
    readsAheadNoFurtherThanAsked(SplitSourceTest::sizedOverAnIterator);
  }

  private static void readsAheadNoFurtherThanAsked(
      java.util.function.Function<AtomicLong, Stream<Long>> input) {
    for (long readAhead : new long[] {1, 1_000, 10_000, 100_000}) {
      AtomicLong taken = new AtomicLong();
      InputSource<Long> source = InputSource.of(input.apply(taken), 64, readAhead, 19L);
      // the splits read the prefixes they return; one batch past the budget at most
      assertTrue(
          taken.get() <= 2 * readAhead + 1024,
          readAhead + " read ahead, but splitting read " + taken.get() + " elements");
      BitSet seen = new BitSet(N);
      long count = 0;
      while (source.advance()) {
        int v = (int) (long) source.current();
        assertTrue(!seen.get(v), "element " + v + " read twice");
        seen.set(v);
        count++;
        assertTrue(taken.get() - count <= 2 * readAhead + 1024, "read ahead grows");
      }
      assertEquals(N, count);
    }
  }

  @Test
  void inputsThatSplitInPlaceStillSplitIntoAllTheirPieces() {
    List<Long> list = LongStream.range(0, 64_000).boxed().collect(Collectors.toList());
    List<Stream<Long>> inputs =
        List.of(
            LongStream.range(0, 64_000).boxed(),
            list.stream(),
            list.stream().map(x -> x),
            list.stream().filter(x -> true));
    for (Stream<Long> input : inputs) {
      InputSource<Long> source = InputSource.of(input, 64, 1, 19L); // a tiny read-ahead
      // the first 640 elements read come from all over the range: the pieces are 1,000 long
      long regions =
          Stream.generate(() -> source.advance() ? source.current() : null)
              .limit(640)
              .mapToLong(v -> v / 1000)
              .distinct()
              .count();
      assertTrue(regions >= 48, "the first 640 elements touch " + regions + " of 64 pieces");
    }
  }
}
