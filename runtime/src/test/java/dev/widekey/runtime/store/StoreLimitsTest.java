package dev.widekey.runtime.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.StoreLimits;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The limits table: each {@code with...} method changes its own bounds and keeps every other; one
 * put of a row per profile, and where chunked values fit.
 */
class StoreLimitsTest {
  private static final long MB = 1024 * 1024;

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
      assertChanged(base, base.withMaxPutBytes(29), Map.of("maxPutBytes", 29L));
      assertChanged(
          base,
          base.withColumnLimits(31, 37, !base.serviceNamesOnly()),
          Map.of(
              "maxAttributeColumns",
              31,
              "maxColumnsToGet",
              37,
              "serviceNamesOnly",
              !base.serviceNamesOnly()));
    }
  }

  @Test
  void tablestoreIsTheDefaultWithItsServiceBounds() {
    Map<String, Object> tablestore = new LinkedHashMap<>();
    tablestore.put("maxPartitions", 10);
    tablestore.put("maxSplitPointBytes", 64);
    tablestore.put("maxPkTotalBytes", 4 * 1024);
    tablestore.put("maxScanRows", 5000);
    tablestore.put("maxScanBytes", 4 * MB);
    tablestore.put("minTtlSeconds", 86_400L);
    tablestore.put("maxPutBytes", 4 * MB);
    tablestore.put("maxAttributeColumns", 1024);
    tablestore.put("maxColumnsToGet", 128);
    tablestore.put("serviceNamesOnly", true);
    assertChanged(StoreLimits.DEFAULT, StoreLimits.TABLESTORE, tablestore);
  }

  @Test
  void onePutOfARowCarriesFourMegabytesOnTablestoreAndSixtyFourOnLindormAndHBase() {
    assertEquals(4_194_304, StoreLimits.of(Profile.TABLESTORE).maxPutBytes());
    assertEquals(67_108_864, StoreLimits.of(Profile.LINDORM).maxPutBytes());
    assertEquals(67_108_864, StoreLimits.of(Profile.HBASE).maxPutBytes());
    assertEquals(Long.MAX_VALUE, StoreLimits.DEFAULT.maxPutBytes());
    assertEquals(Long.MAX_VALUE, new StoreLimits(16, 64, 3, 1000, 5, 2, false).maxPutBytes());
    // a table of another profile on Tablestore is kept to Tablestore's put, and the other way round
    assertEquals(4 * MB, StoreLimits.HBASE.stricter(StoreLimits.TABLESTORE).maxPutBytes());
    assertEquals(4 * MB, StoreLimits.TABLESTORE.stricter(StoreLimits.HBASE).maxPutBytes());
  }

  /**
   * The column rules are Tablestore's alone: 1,024 attribute columns a write, 128 named columns a
   * read, legal names. A table of another profile on Tablestore keeps them ({@link
   * StoreLimits#stricter}).
   */
  @Test
  void onlyTablestoreBoundsTheColumnsOfAWriteAndOfAReadAndTheirNames() {
    for (StoreLimits unbounded :
        Set.of(
            StoreLimits.LINDORM,
            StoreLimits.HBASE,
            StoreLimits.DEFAULT,
            new StoreLimits(16, 64, 3, 1000, 5, 2, false))) {
      assertEquals(Integer.MAX_VALUE, unbounded.maxAttributeColumns());
      assertEquals(Integer.MAX_VALUE, unbounded.maxColumnsToGet());
      assertEquals(false, unbounded.serviceNamesOnly());
      StoreLimits onTablestore = unbounded.stricter(StoreLimits.TABLESTORE);
      assertEquals(1024, onTablestore.maxAttributeColumns());
      assertEquals(128, onTablestore.maxColumnsToGet());
      assertEquals(true, onTablestore.serviceNamesOnly());
    }
    assertEquals(1024, StoreLimits.of(Profile.TABLESTORE).maxAttributeColumns());
    assertEquals(128, StoreLimits.of(Profile.TABLESTORE).maxColumnsToGet());
  }

  @Test
  void chunkedValuesNeedARowAndAPutLargerThanOneAttribute() {
    // Tablestore: no bound on a row, 4 MB on a put: one value of 2 to 4 MB is written in chunks
    assertEquals(4 * MB, StoreLimits.TABLESTORE.maxRowValueBytes());
    assertEquals(1, StoreLimits.TABLESTORE.chunkedValuesPerRow());
    assertEquals(64 * MB, StoreLimits.HBASE.maxRowValueBytes());
    assertEquals(31, StoreLimits.HBASE.chunkedValuesPerRow());
    // Lindorm: 2 MB for all non-key values of a row
    assertEquals(2 * MB, StoreLimits.LINDORM.maxRowValueBytes());
    assertEquals(0, StoreLimits.LINDORM.chunkedValuesPerRow());
    // a put that carries no more than one attribute leaves no room for chunks either
    StoreLimits onePut = StoreLimits.DEFAULT.withMaxPutBytes(2 * MB);
    assertEquals(2 * MB, onePut.maxRowValueBytes());
    assertEquals(0, onePut.chunkedValuesPerRow());
    assertEquals(1, StoreLimits.DEFAULT.withMaxPutBytes(2 * MB + 1).chunkedValuesPerRow());
    assertEquals(Integer.MAX_VALUE, StoreLimits.DEFAULT.chunkedValuesPerRow());
  }
}
