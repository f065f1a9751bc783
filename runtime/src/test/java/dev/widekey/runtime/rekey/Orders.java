package dev.widekey.runtime.rekey;

import dev.widekey.annotations.HashAlgorithm;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.key.KeyHash;
import dev.widekey.runtime.key.Padding;
import dev.widekey.runtime.repository.ColdRows;
import dev.widekey.runtime.repository.Columns;
import dev.widekey.runtime.repository.EntityTables;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Hand-written repositories of one entity under two key layouts, as the generated old-layout
 * repository and the current one would be: the order number padded to {@code width} digits, with a
 * {@code hash}-digit MD5 prefix (0: none), a hot customer, a cold note and an optional version.
 */
final class Orders {
  private Orders() {}

  record Order(long number, String customer, String note, long version) {}

  static final class Repo extends SplitTableRepository<Order> {
    private final int width;
    private final int hash;
    private final boolean versioned;

    Repo(WideTableStore store, String table, int width, int hash, boolean versioned) {
      super(store, tables(table, hash), List.of(), versioned ? "version" : null);
      this.width = width;
      this.hash = hash;
      this.versioned = versioned;
    }

    static EntityTables tables(String table, int hash) {
      List<PkValue> splits = new ArrayList<>();
      if (hash > 0) {
        for (String p : List.of("4", "8", "c")) {
          splits.add(PkValue.ofString(p));
        }
      }
      TableSpec hot = new TableSpec(table, List.of(new PkColumn("id", PkType.STRING)), splits);
      return EntityTables.of(hot, ColdRows.tableSpec(table + "_cold", hot));
    }

    PrimaryKey key(long number) {
      String padded = Padding.encode("number", number, width, false);
      return PrimaryKey.of(
          PkValue.ofString(
              hash == 0 ? padded : KeyHash.prefix(HashAlgorithm.MD5, hash, padded) + padded));
    }

    @Override
    protected PrimaryKey keyOf(Order order) {
      return key(order.number());
    }

    @Override
    protected Map<String, AttrValue> hotColumns(Order order) {
      Map<String, AttrValue> columns = new LinkedHashMap<>();
      if (order.customer() != null) {
        columns.put("customer", AttrValue.ofString(order.customer()));
      }
      return columns;
    }

    @Override
    protected Map<String, AttrValue> coldColumns(Order order) {
      return order.note() == null ? Map.of() : Map.of("note", AttrValue.ofString(order.note()));
    }

    @Override
    protected Order toEntity(PrimaryKey key, Row hot, Row cold) {
      String stored = key.get(0).asString();
      String padded = hash == 0 ? stored : KeyHash.strip("number", stored, HashAlgorithm.MD5, hash);
      long number = Padding.decode("number", padded, width, false);
      Long version = Columns.getLong(hot, "version");
      return new Order(
          number,
          Columns.getString(hot, "customer"),
          cold == null ? null : Columns.getString(cold, "note"),
          versioned && version != null ? version : 0);
    }

    @Override
    protected long versionOf(Order order) {
      return order.version();
    }

    @Override
    protected Order withVersion(Order order, long version) {
      return new Order(order.number(), order.customer(), order.note(), version);
    }

    Optional<Order> get(long number) {
      return find(key(number), true);
    }
  }
}
