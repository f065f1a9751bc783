package dev.widekey.store.hbase;

import dev.widekey.store.tck.bench.IndexBenchmark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link IndexBenchmark} on the HBase mini cluster; skipped unless {@code -Dwidekey.bench=true}.
 *
 * <pre>{@code
 * mvn -B -q -pl store-hbase -am verify -Dwidekey.bench=true \
 *     -Dtest=IndexOnHBaseBenchmark -Dsurefire.failIfNoSpecifiedTests=false
 * }</pre>
 *
 * {@code -Dwidekey.bench.rows=} entities per measurement (default 5,000), {@code
 * -Dwidekey.bench.rounds=} measured rounds (default 5), {@code -Dwidekey.bench.remembered=} commit
 * points the writing repository remembers (default: the repository's own).
 */
@ExtendWith(MiniHBase.Extension.class)
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = MiniHBase.JDK_REASON)
@EnabledIfSystemProperty(named = "widekey.bench", matches = "true")
class IndexOnHBaseBenchmark {
  @Test
  void indexedAgainstPlain(HBaseStore store) throws Exception {
    new IndexBenchmark(
            store,
            Integer.getInteger("widekey.bench.rows", 5_000),
            Integer.getInteger("widekey.bench.rounds", 5),
            System.err)
        .run(1, 8);
  }
}
