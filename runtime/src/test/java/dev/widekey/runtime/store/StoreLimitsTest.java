package dev.widekey.runtime.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The limits table: each {@code with...} method changes its own bounds and keeps every other. */
class StoreLimitsTest {
  /** Every bound of {@code limits} by its component name. */
  private static Map<String, Object> bounds(StoreLimits limits) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (RecordComponent c : StoreLimits.class.getRecordComponents()) {
      try {
        out.put(c.getName(), c.getAccessor().invoke(limits));
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(e);
      }
    }
    return out;
  }

  /** {@code changed} differs from {@code base} in exactly {@code expected}'s bounds, to those. */
  private static void assertChanged(
      StoreLimits base, StoreLimits changed, Map<String, Object> expected) {
    Map<String, Object> want = bounds(base);
    want.putAll(expected);
    assertEquals(want, bounds(changed));
  }

  @Test
  void eachWithMethodChangesOnlyItsOwnBounds() {
    for (StoreLimits base :
        Set.of(
            StoreLimits.DEFAULT, StoreLimits.TABLESTORE, StoreLimits.LINDORM, StoreLimits.HBASE)) {
      assertChanged(base, base.withMinTtlSeconds(7), Map.of("minTtlSeconds", 7L));
      assertChanged(
          base, base.withPreSplitLimits(3, 9), Map.of("maxPartitions", 3, "maxSplitPointBytes", 9));
      assertChanged(
          base,
          base.withKeyLimits(11, 13, true),
          Map.of("maxPkTotalBytes", 11, "maxRowKeyBytes", 13, "binaryOnlyLast", true));
      assertChanged(
          base,
          base.withRowAndReadLimits(17, 19, 23),
          Map.of("maxRowAttributeBytes", 17L, "maxScanRows", 19, "maxScanBytes", 23L));
    }
  }

  @Test
  void tablestoreIsTheDefaultWithItsServiceBounds() {
    assertChanged(
        StoreLimits.DEFAULT,
        StoreLimits.TABLESTORE,
        Map.of(
            "maxPartitions",
            10,
            "maxSplitPointBytes",
            64,
            "maxPkTotalBytes",
            4 * 1024,
            "maxScanRows",
            5000,
            "maxScanBytes",
            4L * 1024 * 1024,
            "minTtlSeconds",
            86_400L));
  }
}
