package dev.widekey.runtime.key;

import java.util.Random;

/**
 * Seeded property checks without a framework: a property runs {@code trials} times on one {@link
 * Random} seeded with {@link #DEFAULT_SEED}, or with {@code -Dwidekey.seed=N}. Every failure names
 * the property, the trial and the seed, so that it can be replayed.
 */
public final class Property {
  /** The seed used unless {@code -Dwidekey.seed} says otherwise. */
  public static final long DEFAULT_SEED = 0x5EED_2024L;

  public static final String SEED_PROPERTY = "widekey.seed";

  private Property() {}

  /** One trial of a property. */
  @FunctionalInterface
  public interface Trial {
    void run(Random random) throws Exception;
  }

  public static long seed() {
    return Long.getLong(SEED_PROPERTY, DEFAULT_SEED);
  }

  /** Runs the trial {@code trials} times; any failure is rethrown naming the seed. */
  public static void forAll(String name, int trials, Trial trial) {
    long seed = seed();
    Random random = new Random(seed);
    for (int i = 0; i < trials; i++) {
      try {
        trial.run(random);
      } catch (AssertionError | Exception e) {
        throw new AssertionError(
            "property '"
                + name
                + "' failed at trial "
                + i
                + " with seed "
                + seed
                + " (replay with -D"
                + SEED_PROPERTY
                + "="
                + seed
                + "): "
                + e,
            e);
      }
    }
  }

  /** A uniformly random long in [low, high], both inclusive, with no overflow. */
  public static long between(Random random, long low, long high) {
    if (low == Long.MIN_VALUE && high == Long.MAX_VALUE) {
      return random.nextLong();
    }
    long span = high - low + 1; // may wrap to negative when the range exceeds Long.MAX_VALUE
    if (span > 0) {
      return low + Math.floorMod(random.nextLong(), span);
    }
    while (true) {
      long v = random.nextLong();
      if (v >= low && v <= high) {
        return v;
      }
    }
  }

  /** Random well-formed text mixing ASCII, 2- and 3-byte characters and surrogate pairs. */
  public static String wellFormedText(Random random, int codePoints) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < codePoints; i++) {
      int cp =
          switch (random.nextInt(5)) {
            case 0 -> 0x20 + random.nextInt(0x5F);
            case 1 -> 0x80 + random.nextInt(0x780);
            case 2 -> 0xE000 + random.nextInt(0x2000);
            case 3 -> 0x10000 + random.nextInt(0x100000);
            default -> 0x800 + random.nextInt(Character.MIN_SURROGATE - 0x800);
          };
      s.appendCodePoint(cp);
    }
    return s.toString();
  }
}
