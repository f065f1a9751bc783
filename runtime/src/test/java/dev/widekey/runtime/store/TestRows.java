package dev.widekey.runtime.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.PkType;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import java.util.stream.Stream;

/**
 * Tables and rows of the bulk-writer, retry and large-value tests: INTEGER keys, evenly pre-split.
 */
public final class TestRows {
  private TestRows() {}

  /** A one-column INTEGER-keyed table over keys [0, rows), split into equal partitions. */
  public static TableSpec table(String name, long rows, int partitions) {
    List<PkValue> points = new ArrayList<>();
    for (int i = 1; i < partitions; i++) {
      points.add(PkValue.ofInteger(rows * i / partitions));
    }
    // HBase's profile: more partitions at creation than Tablestore's 10
    return new TableSpec(name, List.of(new PkColumn("id", PkType.INTEGER)), points)
        .withProfile(Profile.HBASE);
  }

  public static PrimaryKey key(long id) {
    return PrimaryKey.of(PkValue.ofInteger(id));
  }

  /** The row of id {@code id} at version {@code version}: content depends on both. */
  public static Row row(long id, long version) {
    long mix = id * 0x9E3779B97F4A7C15L + version;
    return Row.of(
        key(id),
        Map.of(
            "v", AttrValue.ofInteger(version),
            "text", AttrValue.ofString("row-" + id + "-" + Long.toHexString(mix))));
  }

  /**
   * Scans the whole table and checks it holds exactly {@code expected(i)} for the ids that have
   * one, in key order: no row missing, none extra, none different.
   */
  public static void assertTableHolds(
      WideTableStore store, String table, long ids, LongFunction<Row> expected) {
    try (Stream<Row> rows = store.scan(table, ScanRange.all(1))) {
      Iterator<Row> it = rows.iterator();
      long count = 0;
      for (long id = 0; id < ids; id++) {
        Row want = expected.apply(id);
        if (want == null) {
          continue;
        }
        if (!it.hasNext()) {
          fail("the table ends before row " + id + " (" + count + " rows found)");
        }
        Row got = it.next();
        if (!want.equals(got)) {
          assertEquals(want, got, "row " + id + " (the " + count + "th row of the table)");
        }
        count++;
      }
      if (it.hasNext()) {
        fail("the table holds an unexpected row " + it.next() + " after " + count + " rows");
      }
    }
  }
}
