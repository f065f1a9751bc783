package dev.widekey.store.tck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The benchmark programs run through, small, in the default suite: on the embedded store, which
 * computes a commit, and on the same store behind a {@link ForwardingStore}, which hides the
 * computation so that every contender writes as on a networked store (conditional puts, batched
 * deletes). The {@code floor} contender sends its compare-and-sets on the tags it tracked, so a tag
 * it lost track of fails the run with {@code CONDITION_FAILED}.
 */
class BenchmarkProgramsRunTest {
  private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void theSplitPutBenchmarkRunsEveryContender(boolean computing) throws Exception {
    List<double[]> medians = onStore(computing, s -> run(new SplitPutBenchmark(s, 300, 2, QUIET)));
    assertEquals(2, medians.size()); // one and two threads
    for (double[] perContender : medians) {
      assertEquals(3, perContender.length); // commit, commit-unknown and floor against before
      for (double ratio : perContender) {
        assertTrue(ratio > 0 && Double.isFinite(ratio), "a ratio " + ratio);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void theIndexBenchmarkRunsEverySide(boolean computing) throws Exception {
    List<Double> medians = onStore(computing, s -> runIndex(new IndexBenchmark(s, 600, 2, QUIET)));
    assertEquals(3, medians.size()); // the put on one and two threads, the page
    for (double ratio : medians) {
      assertTrue(ratio > 0 && Double.isFinite(ratio), "a ratio " + ratio);
    }
  }

  private static <T> T onStore(boolean computing, Function<WideTableStore, T> benchmark) {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      return benchmark.apply(computing ? store : new ForwardingStore(store));
    }
  }

  private static List<double[]> run(SplitPutBenchmark benchmark) {
    try {
      return benchmark.run(1, 2);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static List<Double> runIndex(IndexBenchmark benchmark) {
    try {
      return benchmark.run(1, 2);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
