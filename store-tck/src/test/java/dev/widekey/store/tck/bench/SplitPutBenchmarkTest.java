package dev.widekey.store.tck.bench;

import dev.widekey.runtime.store.embedded.EmbeddedStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * {@link SplitPutBenchmark} on the embedded store; skipped unless {@code -Dwidekey.bench=true}.
 *
 * <pre>{@code
 * mvn -B -q -pl store-tck -am verify -Dwidekey.bench=true \
 *     -Dtest=SplitPutBenchmarkTest -Dsurefire.failIfNoSpecifiedTests=false
 * }</pre>
 *
 * {@code -Dwidekey.bench.rows=} entities per measurement (default 20,000), {@code
 * -Dwidekey.bench.rounds=} measured rounds (default 5), {@code -Dwidekey.bench.remembered=} commit
 * points the writing repository remembers (default: the repository's own).
 */
@EnabledIfSystemProperty(named = "widekey.bench", matches = "true")
class SplitPutBenchmarkTest {
  @Test
  void commitAgainstTheOldWriteOrder() throws Exception {
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      new SplitPutBenchmark(
              store,
              Integer.getInteger("widekey.bench.rows", 20_000),
              Integer.getInteger("widekey.bench.rounds", 5),
              System.err)
          .run(1, 8);
    }
  }
}
