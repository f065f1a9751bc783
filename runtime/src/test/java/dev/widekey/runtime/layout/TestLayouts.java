package dev.widekey.runtime.layout;

import dev.widekey.core.layout.BucketLayout;
import dev.widekey.core.layout.ColumnSource;
import dev.widekey.core.layout.HashPrefixLayout;
import dev.widekey.core.layout.KeyColumnLayout;
import dev.widekey.core.layout.KeyPartLayout;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.core.layout.TableRole;
import dev.widekey.core.store.PkType;
import java.util.List;

/** Short hands for writing {@link TableLayout}s in tests. */
final class TestLayouts {
  private TestLayouts() {}

  static TableLayout hot(String table, KeyColumnLayout... key) {
    return table(table, TableRole.HOT, key);
  }

  static TableLayout table(String table, TableRole role, KeyColumnLayout... key) {
    return new TableLayout(
        table,
        "test." + table,
        role,
        role == TableRole.INDEX ? "idx" : null,
        "TABLESTORE",
        -1,
        null,
        List.of(key),
        List.of(),
        List.of());
  }

  static KeyPartLayout part(String name, String kind) {
    return new KeyPartLayout(name, kind, 0, false, false, null, 0);
  }

  static KeyPartLayout padded(String name, String kind, int width, boolean signed) {
    return new KeyPartLayout(name, kind, width, signed, false, null, 0);
  }

  static KeyPartLayout string(String name, String alphabet, int maxLength) {
    return new KeyPartLayout(name, "STRING", 0, false, false, alphabet, maxLength);
  }

  static KeyPartLayout reversed(KeyPartLayout p) {
    return new KeyPartLayout(
        p.name(), p.kind(), p.padWidth(), p.padSigned(), true, p.alphabet(), p.maxLength());
  }

  static KeyColumnLayout text(String name, KeyPartLayout... parts) {
    return text(name, ',', null, null, parts);
  }

  static KeyColumnLayout text(
      String name,
      char delimiter,
      HashPrefixLayout hash,
      BucketLayout buckets,
      KeyPartLayout... parts) {
    return new KeyColumnLayout(
        name, PkType.STRING, ColumnSource.TEXT, List.of(parts), delimiter, hash, buckets, false);
  }

  static KeyColumnLayout component(PkType type, KeyPartLayout part) {
    return component(type, part, false);
  }

  static KeyColumnLayout component(PkType type, KeyPartLayout part, boolean descending) {
    return new KeyColumnLayout(
        part.name(), type, ColumnSource.COMPONENT, List.of(part), ',', null, null, descending);
  }

  static KeyColumnLayout carried(String name, PkType type, ColumnSource source) {
    return new KeyColumnLayout(name, type, source, List.of(), ',', null, null, false);
  }
}
