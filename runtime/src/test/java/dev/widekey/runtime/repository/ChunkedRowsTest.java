package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.TestRows;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A range read in chunks returns exactly the rows one scan of it returns, in order. */
class ChunkedRowsTest {
  @Test
  void chunksAddUpToTheScanInBothDirections() {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    try (EmbeddedStore store = EmbeddedStore.inMemory()) {
      store.createTable(TestRows.table("t", 10_000, 4));
      for (int i = 0; i < 5_000; i++) {
        store.put("t", TestRows.row(random.nextInt(10_000), i));
      }
      for (int round = 0; round < 20; round++) {
        long a = random.nextInt(10_000);
        long b = random.nextInt(10_000);
        ScanRange range =
            ScanRange.between(TestRows.key(Math.min(a, b)), TestRows.key(Math.max(a, b)));
        if (random.nextBoolean()) {
          range = range.backward();
        }
        List<PrimaryKey> expected;
        try (var s = store.scan("t", range)) {
          expected = s.map(Row::key).toList();
        }
        List<PrimaryKey> chunked = new ArrayList<>();
        new ChunkedRows(store, "t", range, 1 + random.nextInt(40))
            .forEachRemaining(r -> chunked.add(r.key()));
        assertEquals(expected, chunked, "seed " + seed + ", " + range);
      }
    }
  }
}
