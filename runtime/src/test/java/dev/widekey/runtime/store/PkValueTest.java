package dev.widekey.runtime.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class PkValueTest {
  @Test
  void stringsCompareByTheirUtf8Bytes() {
    Random random = new Random(5);
    int[] pool = {
      0x00, 'a', 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFF5E, 0xFFFF, 0x10000, 0x1F600,
      0x10FFFF
    };
    for (int n = 0; n < 20000; n++) {
      String a = randomString(random, pool);
      String b = randomString(random, pool);
      int expected =
          Integer.signum(
              Arrays.compareUnsigned(
                  a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)));
      assertEquals(
          expected,
          Integer.signum(PkValue.ofString(a).compareTo(PkValue.ofString(b))),
          a + " vs " + b);
    }
  }

  @Test
  void orderStaysConsistentWithEqualsForUnpairedSurrogates() {
    PkValue high = PkValue.ofString("\uD800");
    PkValue otherHigh = PkValue.ofString("\uD801");
    assertNotEquals(0, high.compareTo(otherHigh));
    assertEquals(2, new TreeSet<>(List.of(high, otherHigh)).size());
    assertTrue(PkValue.ofString("\uFF5E").compareTo(PkValue.ofString("\uD83D\uDE00")) < 0);
  }

  @Test
  void aColumnNamedTwiceIsSelectedOnce() {
    assertEquals(ColumnSelection.of("a"), ColumnSelection.of("a", "a"));
  }

  private static String randomString(Random random, int[] pool) {
    StringBuilder sb = new StringBuilder();
    int length = random.nextInt(5);
    for (int i = 0; i < length; i++) {
      sb.appendCodePoint(pool[random.nextInt(pool.length)]);
    }
    return sb.toString();
  }
}
