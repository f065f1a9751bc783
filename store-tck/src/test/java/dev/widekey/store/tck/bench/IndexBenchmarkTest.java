package dev.widekey.store.tck.bench;

import dev.widekey.runtime.store.embedded.EmbeddedStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * {@link IndexBenchmark} on the embedded store; skipped unless {@code -Dwidekey.bench=true}.
 *
 * <pre>{@code
 * mvn -B -q -pl store-tck -am verify -Dwidekey.bench=true \
 *     -Dtest=IndexBenchmarkTest -Dsurefire.failIfNoSpecifiedTests=false
 * }</pre>
 *
 * {@code -Dwidekey.bench.rows=} entities per measurement (default 200,000: on the embedded store a
 * round of 20,000 puts lasted about 50 ms and its ratio moved 2.8-10x from round to round), {@code
 * -Dwidekey.bench.rounds=} measured rounds (default 5), {@code -Dwidekey.bench.remembered=} commit
 * points the writing repository remembers (default: the repository's own).
 */
@EnabledIfSystemProperty(named = "widekey.bench", matches = "true")
class IndexBenchmarkTest {
  @Test
  void indexedAgainstPlain() throws Exception {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      new IndexBenchmark(
              store,
              Integer.getInteger("widekey.bench.rows", 200_000),
              Integer.getInteger("widekey.bench.rounds", 5),
              System.err)
          .run(1, 8);
    }
  }
}
