package dev.widekey.processor;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/**
 * Every entity the processor accepts generates code that compiles and behaves; every entity it
 * refuses gets WK diagnostics only. Runs the entity fuzzer on a fixed seed and on one random seed
 * (printed). A longer search: {@code -Dwidekey.fuzz.entities=5000} (and {@code
 * -Dwidekey.fuzz.seed=N} to repeat one), see the README.
 */
class EntityFuzzTest {
  static final long FIXED_SEED = 20240611L;

  @Test
  void fixedSeed() {
    check(
        Long.getLong("widekey.fuzz.seed", FIXED_SEED),
        Integer.getInteger("widekey.fuzz.entities", 300));
  }

  @Test
  void randomSeed() {
    if (System.getProperty("widekey.fuzz.seed") != null) {
      return; // one seed asked for: fixedSeed runs it
    }
    check(ThreadLocalRandom.current().nextLong(), Integer.getInteger("widekey.fuzz.entities", 200));
  }

  private static void check(long seed, int entities) {
    EntityFuzzer.Report report = new EntityFuzzer(true).run(seed, entities);
    System.out.println(report);
    if (!report.failures.isEmpty()) {
      StringBuilder s = new StringBuilder(report.toString());
      for (EntityFuzzer.Failure f : report.failures) {
        s.append("\n\n").append(f);
      }
      s.append("\n\nrepeat with -Dwidekey.fuzz.seed=")
          .append(seed)
          .append(" -Dwidekey.fuzz.entities=")
          .append(entities);
      fail(s.toString());
    }
  }
}
