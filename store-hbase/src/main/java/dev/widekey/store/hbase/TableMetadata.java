package dev.widekey.store.hbase;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.PkType;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * A table's widekey spec kept in its HBase table descriptor, so that {@code describeTable} can give
 * back the typed primary-key schema and the split points it was created with (HBase itself only
 * knows byte row keys and regions, which split further over time).
 */
final class TableMetadata {
  static final String PRIMARY_KEY = "widekey.pk";
  static final String SPLIT_POINTS = "widekey.splits";
  static final String PROFILE = "widekey.profile";

  /**
   * A spec's time to live as HBase's column-family TTL, in seconds. HBase's own "forever" is {@code
   * HConstants.FOREVER} ({@code Integer.MAX_VALUE}), so one of that or longer is refused: at most
   * {@link StoreLimits#MAX_TTL_SECONDS}, the bound every store and the processor (WK209) keep.
   */
  static int timeToLive(TableSpec spec) {
    if (spec.ttlSeconds() > StoreLimits.MAX_TTL_SECONDS) {
      throw new StoreException(
          ErrorKind.INVALID_REQUEST,
          "time to live of table "
              + spec.name()
              + " is "
              + spec.ttlSeconds()
              + " seconds; HBase takes at most "
              + StoreLimits.MAX_TTL_SECONDS);
    }
    return (int) spec.ttlSeconds();
  }

  private TableMetadata() {}

  static TableDescriptorBuilder write(TableSpec spec, TableDescriptorBuilder builder) {
    List<String> columns = new ArrayList<>();
    for (PkColumn c : spec.primaryKey()) {
      columns.add(c.type() + ":" + URLEncoder.encode(c.name(), StandardCharsets.UTF_8));
    }
    List<String> splits = new ArrayList<>();
    for (PkValue p : spec.splitPoints()) {
      splits.add(HexFormat.of().formatHex(OrderedKeyBytes.encodeFirstColumn(p)));
    }
    return builder
        .setValue(PRIMARY_KEY, String.join(",", columns))
        .setValue(SPLIT_POINTS, String.join(",", splits))
        .setValue(PROFILE, spec.profile().name());
  }

  /** The spec, or {@code null} if the table was not created by widekey. */
  static TableSpec read(String name, TableDescriptor descriptor) {
    String pk = descriptor.getValue(PRIMARY_KEY);
    if (pk == null || pk.isEmpty()) {
      return null;
    }
    List<PkColumn> columns = new ArrayList<>();
    for (String c : pk.split(",")) {
      int colon = c.indexOf(':');
      columns.add(
          new PkColumn(
              URLDecoder.decode(c.substring(colon + 1), StandardCharsets.UTF_8),
              PkType.valueOf(c.substring(0, colon))));
    }
    List<PkValue> splits = new ArrayList<>();
    String s = descriptor.getValue(SPLIT_POINTS);
    if (s != null && !s.isEmpty()) {
      for (String hex : s.split(",")) {
        splits.add(
            OrderedKeyBytes.decode(HexFormat.of().parseHex(hex), columns.subList(0, 1)).get(0));
      }
    }
    // tables created before profiles were kept are of the default profile
    String profile = descriptor.getValue(PROFILE);
    long ttl = TableSpec.NO_TTL;
    for (ColumnFamilyDescriptor family : descriptor.getColumnFamilies()) {
      if (family.getTimeToLive() != HConstants.FOREVER) {
        ttl = family.getTimeToLive();
      }
    }
    return new TableSpec(
        name,
        columns,
        splits,
        profile == null || profile.isEmpty() ? TableSpec.DEFAULT_PROFILE : Profile.valueOf(profile),
        ttl);
  }

  /** The region split keys: each split point as a one-column key prefix. */
  static byte[][] splitKeys(TableSpec spec) {
    byte[][] keys = new byte[spec.splitPoints().size()][];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = OrderedKeyBytes.encodeFirstColumn(spec.splitPoints().get(i));
    }
    return keys;
  }

  /**
   * The partition-key value a region boundary starts with, or {@code null} for the open ends.
   * Boundaries set at creation are exactly encoded first columns; boundaries HBase picked when it
   * split a region are whole row keys, whose first column decodes the same way.
   */
  static PkValue partitionValue(byte[] boundary, PkColumn partitionColumn) {
    if (boundary == null || boundary.length == 0) {
      return null;
    }
    int end = firstColumnLength(boundary, partitionColumn.type());
    if (end < 0) {
      return PkValue.ofBinary(boundary); // not a widekey key: show the raw bytes
    }
    PrimaryKey first =
        OrderedKeyBytes.decode(Arrays.copyOf(boundary, end), List.of(partitionColumn));
    return first.get(0);
  }

  /** Length of the first encoded column, or -1 if the bytes are not one. */
  private static int firstColumnLength(byte[] b, PkType type) {
    if (b[0] != 0x01) {
      return -1;
    }
    if (type == PkType.INTEGER) {
      return b.length >= 9 ? 9 : -1;
    }
    for (int i = 1; i + 1 < b.length; i++) {
      if (b[i] == 0) {
        if (b[i + 1] == 0x01) {
          return i + 2;
        }
        i++; // an escaped zero byte
      }
    }
    return -1;
  }
}
