package dev.widekey.runtime.store.fault;

import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Gives each test a random seed and prints it when the test fails, so the failure can be replayed
 * with {@code -Dwidekey.seed=<seed>}. The one seed helper of the build's tests: the runtime
 * publishes it, with the rest of this package, in its test-jar, which other modules' tests depend
 * on ({@code <type>test-jar</type>}, test scope).
 *
 * <pre>{@code
 * @RegisterExtension final Seeds seeds = new Seeds();
 * @Test void something() { Random random = new Random(seeds.seed()); ... }
 * }</pre>
 */
public final class Seeds implements BeforeEachCallback, TestWatcher {
  /** The system property that fixes the seed. */
  public static final String PROPERTY = "widekey.seed";

  private long seed;

  @Override
  public void beforeEach(ExtensionContext context) {
    String fixed = System.getProperty(PROPERTY);
    seed = fixed != null && !fixed.isBlank() ? Long.parseLong(fixed.trim()) : System.nanoTime();
  }

  /** This test's seed. */
  public long seed() {
    return seed;
  }

  @Override
  public void testFailed(ExtensionContext context, Throwable cause) {
    System.err.println(
        context.getDisplayName()
            + " failed with seed "
            + seed
            + "; replay with -D"
            + PROPERTY
            + "="
            + seed);
  }
}
