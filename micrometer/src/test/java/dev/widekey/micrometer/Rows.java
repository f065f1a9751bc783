package dev.widekey.micrometer;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** INTEGER-keyed tables and rows for the tests. */
final class Rows {
  private Rows() {}

  /** A one-column INTEGER-keyed table over keys [0, rows), split into equal partitions. */
  static TableSpec table(String name, long rows, int partitions) {
    List<PkValue> points = new ArrayList<>();
    for (int i = 1; i < partitions; i++) {
      points.add(PkValue.ofInteger(rows * i / partitions));
    }
    return new TableSpec(name, List.of(new PkColumn("id", PkType.INTEGER)), points)
        .withProfile(Profile.HBASE);
  }

  static PrimaryKey key(long id) {
    return PrimaryKey.of(PkValue.ofInteger(id));
  }

  static Row row(long id, long version) {
    return Row.of(
        key(id),
        Map.of(
            "v",
            AttrValue.ofInteger(version),
            "text",
            AttrValue.ofString("row-" + id + "-" + version)));
  }
}
