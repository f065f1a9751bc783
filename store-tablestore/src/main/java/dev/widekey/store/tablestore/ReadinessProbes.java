package dev.widekey.store.tablestore;

import dev.widekey.core.store.PkType;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.TableSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * One key in each partition of a table, for the readiness probe: the service loads a new table's
 * partitions one by one, so one answer says nothing about the others. A partition after a split
 * point is probed at the split point; the first partition below the first split point (or anywhere,
 * for an unsplit table). No value is empty: whether the service takes an empty STRING or BINARY in
 * a row key is not verified.
 *
 * <pre>{@code ReadinessProbes.keys(spec); // [("\0", "\0"), ("4", "\0"), ("8", "\0")]}</pre>
 */
final class ReadinessProbes {
  private ReadinessProbes() {}

  static List<PrimaryKey> keys(TableSpec spec) {
    List<PkValue> splits = spec.splitPoints();
    List<PrimaryKey> keys = new ArrayList<>(splits.size() + 1);
    keys.add(key(spec, firstPartition(spec.primaryKey().get(0).type(), splits)));
    for (PkValue split : splits) {
      keys.add(key(spec, split));
    }
    return keys;
  }

  /** A value below every split point, since split points are never empty nor INT64 ends. */
  private static PkValue firstPartition(PkType type, List<PkValue> splits) {
    if (type == PkType.INTEGER) {
      return PkValue.ofInteger(splits.isEmpty() ? 0 : splits.get(0).asLong() - 1);
    }
    return least(type);
  }

  /** The least non-empty value of a type. */
  private static PkValue least(PkType type) {
    return switch (type) {
      case STRING -> PkValue.ofString("\0");
      case BINARY -> PkValue.ofBinary(new byte[] {0});
      case INTEGER -> PkValue.ofInteger(0);
    };
  }

  private static PrimaryKey key(TableSpec spec, PkValue first) {
    List<PkValue> values = new ArrayList<>();
    values.add(first);
    List<PkColumn> columns = spec.primaryKey();
    for (int i = 1; i < columns.size(); i++) {
      values.add(least(columns.get(i).type()));
    }
    return PrimaryKey.of(values);
  }
}
