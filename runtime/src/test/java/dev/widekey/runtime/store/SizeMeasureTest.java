package dev.widekey.runtime.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.SizeMeasure;
import dev.widekey.core.store.StoreLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * How each profile counts a key and a row's values: Lindorm the bytes its HBase API receives, the
 * others the values as given; and the HBase measure of a key is the length of its encoding.
 */
class SizeMeasureTest {
  private static final long SEED = 18;

  @Test
  void lindormCountsEncodedBytesTheOthersTheValues() {
    assertEquals(SizeMeasure.HBASE_CELLS, StoreLimits.of(Profile.LINDORM).sizeMeasure());
    assertEquals(SizeMeasure.VALUES, StoreLimits.of(Profile.TABLESTORE).sizeMeasure());
    assertEquals(SizeMeasure.VALUES, StoreLimits.of(Profile.HBASE).sizeMeasure());
    assertEquals(SizeMeasure.VALUES, StoreLimits.DEFAULT.sizeMeasure());
    // a Lindorm table kept by a store of another service keeps Lindorm's measure
    assertEquals(
        SizeMeasure.HBASE_CELLS,
        StoreLimits.TABLESTORE.stricter(StoreLimits.LINDORM).sizeMeasure());
    assertEquals(
        SizeMeasure.HBASE_CELLS, StoreLimits.LINDORM.stricter(StoreLimits.HBASE).sizeMeasure());
    assertEquals(
        SizeMeasure.VALUES, StoreLimits.HBASE.stricter(StoreLimits.TABLESTORE).sizeMeasure());
  }

  @Test
  void aKeyByHand() {
    // "ab": marker, a, b, end mark; zero byte: marker, 00 FF, end mark; INTEGER: marker and 8
    PrimaryKey key =
        PrimaryKey.of(
            PkValue.ofString("ab"), PkValue.ofBinary(new byte[] {0}), PkValue.ofInteger(-1));
    assertEquals(5 + 5 + 9, SizeMeasures.keyBytes(SizeMeasure.HBASE_CELLS, key));
    assertEquals(2 + 1 + 8, SizeMeasures.keyBytes(SizeMeasure.VALUES, key));
  }

  @Test
  void theHBaseMeasureOfAKeyIsTheLengthOfItsRowKey() {
    Random random = new Random(SEED);
    for (int i = 0; i < 2000; i++) {
      List<PkValue> values = new ArrayList<>();
      for (int c = 1 + random.nextInt(4); c > 0; c--) {
        values.add(
            switch (random.nextInt(3)) {
              case 0 -> PkValue.ofInteger(random.nextLong());
              case 1 -> {
                byte[] b = new byte[random.nextInt(12)];
                for (int j = 0; j < b.length; j++) {
                  b[j] = (byte) (random.nextInt(3) == 0 ? 0 : random.nextInt(256));
                }
                yield PkValue.ofBinary(b);
              }
              default -> {
                StringBuilder s = new StringBuilder();
                for (int j = random.nextInt(8); j > 0; j--) {
                  s.appendCodePoint(random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(0x2FFF));
                }
                yield PkValue.ofString(s.toString());
              }
            });
      }
      PrimaryKey key = PrimaryKey.of(values);
      assertEquals(
          OrderedKeyBytes.encode(key).length,
          SizeMeasures.keyBytes(SizeMeasure.HBASE_CELLS, key),
          () -> key + ", seed " + SEED);
    }
  }
}
