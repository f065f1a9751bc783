package dev.widekey.runtime.store.backend;

import dev.widekey.runtime.store.TableSpec;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The tables a store backend knows: each table's spec, asked of the service once and kept, with the
 * partition counters the backend keeps on the client. A table the service reports missing is
 * forgotten, since its kept spec may be stale; the next call asks the service again.
 */
final class KnownTables {
  /** What the store keeps per table: its spec and the client-side partition counters. */
  record Table(TableSpec spec, ClientPartitionCounters counters) {
    Table(TableSpec spec) {
      this(spec, new ClientPartitionCounters(spec.splitPoints()));
    }
  }

  private final Map<String, Table> tables = new ConcurrentHashMap<>();

  /** The table, if known; else described by {@code describe} and kept; empty if there is none. */
  Optional<Table> lookup(String table, Function<String, Optional<TableSpec>> describe) {
    Table known = tables.get(table);
    if (known != null) {
      return Optional.of(known);
    }
    return describe.apply(table).map(spec -> tables.computeIfAbsent(table, t -> new Table(spec)));
  }

  /** The table, if known, without asking the service. */
  Table get(String table) {
    return tables.get(table);
  }

  /** Keeps a table the store has just created, with fresh counters. */
  void remember(TableSpec spec) {
    tables.put(spec.name(), new Table(spec));
  }

  void forget(String table) {
    tables.remove(table);
  }

  Set<String> names() {
    return Collections.unmodifiableSet(tables.keySet());
  }
}
