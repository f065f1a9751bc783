package dev.widekey.runtime.store.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.fault.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class ColumnNamesTest {
  @RegisterExtension final Seeds seeds = new Seeds();

  private static final List<String> NAMES =
      List.of("a", "b", "ab", "ba", "é", "cpu", "host", "time", "x".repeat(70), "\u0000", "z");

  @Test
  void rowsOfOneTableDecodeTheirNamesOnceAndRowsOfOtherColumnsStillDecodeTheirOwn()
      throws Exception {
    ColumnNames names = new ColumnNames();
    byte[] first =
        RowCodecTest.encoded(
            new TreeMap<>(Map.of("cpu", AttrValue.ofInteger(1), "host", text("h"))));
    SortedMap<String, AttrValue> a =
        RowCodecTest.decoded(RowCodec.decode(first, ColumnSelection.all(), names));
    SortedMap<String, AttrValue> b =
        RowCodecTest.decoded(RowCodec.decode(first, ColumnSelection.all(), names));
    assertSame(a.firstKey(), b.firstKey(), "a repeated name is the same String");
    assertEquals(a, b);

    // random rows of random columns, decoded by 4 threads sharing one cache, read as encoded
    Random random = new Random(seeds.seed());
    List<TreeMap<String, AttrValue>> rows = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      TreeMap<String, AttrValue> row = new TreeMap<>();
      int columns = random.nextInt(6);
      for (int c = 0; c < columns; c++) {
        row.put(NAMES.get(random.nextInt(NAMES.size())), AttrValue.ofInteger(random.nextLong()));
      }
      rows.add(row);
    }
    ColumnNames shared = new ColumnNames();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int offset = t;
        done.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < rows.size(); i++) {
                    TreeMap<String, AttrValue> row = rows.get((i + offset * 500) % rows.size());
                    assertEquals(
                        row,
                        RowCodecTest.decoded(
                            RowCodec.decode(
                                RowCodecTest.encoded(row), ColumnSelection.all(), shared)),
                        "seed " + seeds.seed());
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static AttrValue text(String s) {
    return AttrValue.ofString(s);
  }
}
