package dev.widekey.store.hbase;

import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.StoreLimits;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import dev.widekey.runtime.store.backend.ClientPartitionCounters;
import dev.widekey.runtime.store.backend.ServiceChecks;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * A {@link WideTableStore} on the HBase 2.x client API: Apache HBase, and Lindorm's wide-table
 * engine, which speaks the same API.
 *
 * <p>The typed primary key becomes one row key through {@link OrderedKeyBytes}, so HBase's bytewise
 * row order is the key order; attributes are cells of one column family, each value tagged with its
 * type. As with an HBase Get, a read that selects columns of which a row holds none finds no row.
 * Tables are created pre-split at the spec's split points and keep their spec in the table
 * descriptor. The service limits of {@link StoreLimits} are checked on the client before anything
 * is sent, since HBase itself accepts larger requests.
 *
 * <p>A put replaces the whole row: it deletes the row's older cells and writes the new ones in one
 * atomic row mutation. This needs client-assigned cell timestamps (strictly increasing per store
 * instance); writers of the same row on different machines therefore rely on their clocks being in
 * step, as HBase clients that set timestamps always do.
 *
 * <pre>{@code
 * Configuration conf = HBaseConfiguration.create();
 * conf.set("hbase.zookeeper.quorum", "zk1,zk2,zk3");
 * try (WideTableStore store = HBaseStore.connect(conf, "default")) {
 *   store.createTable(spec);
 *   store.put("orders", row);
 * }
 * }</pre>
 */
public final class HBaseStore implements WideTableStore {
  /** The column family that holds the attributes. */
  public static final String FAMILY = "w";

  private static final byte[] FAMILY_BYTES = FAMILY.getBytes(StandardCharsets.UTF_8);

  private final Connection connection;
  private final boolean ownsConnection;
  private final String namespace;
  private final StoreLimits limits;
  private final WriteClock clock = new WriteClock();
  private final Map<String, TableState> tables = new ConcurrentHashMap<>();

  private HBaseStore(
      Connection connection, boolean ownsConnection, String namespace, StoreLimits limits) {
    this.connection = Objects.requireNonNull(connection, "connection");
    this.ownsConnection = ownsConnection;
    this.namespace = Objects.requireNonNull(namespace, "namespace");
    this.limits = Objects.requireNonNull(limits, "limits");
  }

  /**
   * Connects to the cluster that {@code conf} names; the store closes the connection when it is
   * closed. Tables live in {@code namespace}, which must exist.
   */
  public static HBaseStore connect(Configuration conf, String namespace) {
    try {
      return new HBaseStore(
          ConnectionFactory.createConnection(conf), true, namespace, StoreLimits.DEFAULT);
    } catch (IOException e) {
      throw HBaseErrors.map("connecting to HBase", e);
    }
  }

  /**
   * A store over a connection the caller owns and closes; closing the store leaves it open.
   *
   * <pre>{@code HBaseStore store = HBaseStore.using(connection, "default");}</pre>
   */
  public static HBaseStore using(Connection connection, String namespace) {
    return new HBaseStore(connection, false, namespace, StoreLimits.DEFAULT);
  }

  /** What the store keeps per table: its spec and the client-side partition counters. */
  private static final class TableState {
    final TableSpec spec;
    final ClientPartitionCounters counters;

    TableState(TableSpec spec) {
      this.spec = spec;
      this.counters = new ClientPartitionCounters(spec.splitPoints());
    }
  }

  private TableName tableName(String table) {
    try {
      return TableName.valueOf(namespace, table);
    } catch (IllegalArgumentException e) {
      throw new StoreException(
          ErrorKind.INVALID_REQUEST,
          "invalid HBase table name " + table + ": " + e.getMessage(),
          e);
    }
  }

  // ---------------------------------------------------------------- tables

  @Override
  public void createTable(TableSpec spec) {
    ServiceChecks.tableSpec(spec, limits);
    Optional<TableSpec> existing = describeTable(spec.name());
    if (existing.isPresent()) {
      requireSameSchema(spec, existing.get());
      return;
    }
    TableDescriptorBuilder builder =
        TableDescriptorBuilder.newBuilder(tableName(spec.name()))
            .setColumnFamily(
                ColumnFamilyDescriptorBuilder.newBuilder(FAMILY_BYTES).setMaxVersions(1).build());
    TableMetadata.write(spec, builder);
    try (Admin admin = connection.getAdmin()) {
      byte[][] splits = TableMetadata.splitKeys(spec);
      if (splits.length == 0) {
        admin.createTable(builder.build());
      } else {
        admin.createTable(builder.build(), splits);
      }
      tables.put(spec.name(), new TableState(spec));
    } catch (TableExistsException e) {
      // created concurrently by someone else: fine if it has our schema
      tables.remove(spec.name());
      requireSameSchema(
          spec,
          describeTable(spec.name())
              .orElseThrow(() -> HBaseErrors.map("creating table " + spec.name(), e)));
    } catch (IOException e) {
      throw HBaseErrors.map("creating table " + spec.name(), e);
    }
  }

  private static void requireSameSchema(TableSpec wanted, TableSpec existing) {
    if (!existing.primaryKey().equals(wanted.primaryKey())) {
      throw new StoreException(
          ErrorKind.TABLE_EXISTS,
          "table "
              + wanted.name()
              + " exists with primary key "
              + existing.primaryKey()
              + ", not "
              + wanted.primaryKey()
              + "; a table's primary key never changes");
    }
  }

  @Override
  public Optional<TableSpec> describeTable(String table) {
    TableState cached = tables.get(table);
    if (cached != null) {
      return Optional.of(cached.spec);
    }
    try (Admin admin = connection.getAdmin()) {
      TableSpec spec = TableMetadata.read(table, admin.getDescriptor(tableName(table)));
      if (spec == null) {
        throw new StoreException(
            ErrorKind.INVALID_REQUEST,
            "HBase table "
                + tableName(table)
                + " was not created by widekey: it has no "
                + TableMetadata.PRIMARY_KEY
                + " descriptor value");
      }
      tables.putIfAbsent(table, new TableState(spec));
      return Optional.of(spec);
    } catch (TableNotFoundException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw HBaseErrors.map("describing table " + table, e);
    }
  }

  private TableState state(String table) {
    TableState state = tables.get(table);
    if (state != null) {
      return state;
    }
    describeTable(table)
        .orElseThrow(
            () -> new StoreException(ErrorKind.TABLE_NOT_FOUND, "no table " + tableName(table)));
    return tables.get(table);
  }

  @Override
  public void deleteTable(String table) {
    tables.remove(table);
    TableName name = tableName(table);
    try (Admin admin = connection.getAdmin()) {
      if (!admin.tableExists(name)) {
        return;
      }
      if (admin.isTableEnabled(name)) {
        admin.disableTable(name);
      }
      admin.deleteTable(name);
    } catch (TableNotFoundException e) {
      // dropped concurrently: the outcome is the same
    } catch (IOException e) {
      throw HBaseErrors.map("deleting table " + table, e);
    } finally {
      tables.remove(table);
    }
  }

  // ---------------------------------------------------------------- single rows

  @Override
  public void put(String table, Row row) {
    TableState state = state(table);
    ServiceChecks.row(state.spec, row, limits);
    try (Table t = connection.getTable(tableName(table))) {
      t.mutateRow(replaceRow(row, clock.next(1)));
    } catch (IOException e) {
      throw tableError("writing to table " + table, table, e);
    }
    state.counters.wrote(row.key().get(0), row.sizeInBytes());
  }

  @Override
  public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
    TableState state = state(table);
    ServiceChecks.key(state.spec, key, limits);
    Optional<Row> row;
    try (Table t = connection.getTable(tableName(table))) {
      row = toRow(state.spec, t.get(get(key, columns)));
    } catch (IOException e) {
      throw tableError("reading from table " + table, table, e);
    }
    row.ifPresent(r -> state.counters.read(key.get(0)));
    return row;
  }

  @Override
  public List<Optional<Row>> multiGet(
      String table, List<PrimaryKey> keys, ColumnSelection columns) {
    ServiceChecks.multiGetSize(keys.size(), limits);
    TableState state = state(table);
    TableSpec spec = state.spec;
    List<Get> gets = new ArrayList<>(keys.size());
    for (PrimaryKey key : keys) {
      ServiceChecks.key(spec, key, limits);
      gets.add(get(key, columns));
    }
    if (gets.isEmpty()) {
      return List.of();
    }
    try (Table t = connection.getTable(tableName(table))) {
      Result[] results = t.get(gets);
      List<Optional<Row>> rows = new ArrayList<>(results.length);
      for (Result r : results) {
        Optional<Row> row = toRow(spec, r);
        row.ifPresent(found -> state.counters.read(found.key().get(0)));
        rows.add(row);
      }
      return rows;
    } catch (IOException e) {
      throw tableError("reading from table " + table, table, e);
    }
  }

  @Override
  public void delete(String table, PrimaryKey key) {
    TableState state = state(table);
    ServiceChecks.key(state.spec, key, limits);
    try (Table t = connection.getTable(tableName(table))) {
      t.delete(new Delete(OrderedKeyBytes.encode(key), clock.next(1)));
    } catch (IOException e) {
      throw tableError("deleting from table " + table, table, e);
    }
    state.counters.wrote(key.get(0), new WriteOp.Delete(table, key).sizeInBytes());
  }

  // ---------------------------------------------------------------- batches

  /**
   * {@inheritDoc}
   *
   * <p>As Tablestore's BatchWriteRow and the embedded store, each operation is checked on its own:
   * one that fails a check (a missing table, a key of the wrong schema, a value over a limit) gets
   * a failed outcome and is not sent; the others are. Operations on the same row apply in order.
   * The operations of one table go to HBase in one {@code Table.batch} call.
   */
  @Override
  public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
    ServiceChecks.batchSize(ops, limits);
    WriteOutcome[] outcomes = new WriteOutcome[ops.size()];
    // which ops go to which table, in their order; all are checked before anything is sent
    Map<String, List<Integer>> byTable = new LinkedHashMap<>();
    Map<String, Optional<TableSpec>> tableSpecs = new HashMap<>();
    for (int i = 0; i < ops.size(); i++) {
      WriteOp op = ops.get(i);
      try {
        TableSpec spec =
            tableSpecs
                .computeIfAbsent(op.table(), this::describeTable)
                .orElseThrow(
                    () ->
                        new StoreException(
                            ErrorKind.TABLE_NOT_FOUND, "no table " + tableName(op.table())));
        if (op instanceof WriteOp.Put p) {
          ServiceChecks.row(spec, p.row(), limits);
        } else {
          ServiceChecks.key(spec, op.key(), limits);
        }
        byTable.computeIfAbsent(op.table(), t -> new ArrayList<>()).add(i);
      } catch (StoreException e) {
        outcomes[i] = WriteOutcome.failed(op, e);
      }
    }
    // HBase does not keep the order of a batch's actions on one row, so the writes to a row
    // that occurs more than once get increasing timestamps: they then commute.
    Map<String, Integer> occurrences = new HashMap<>();
    int[] rank = new int[ops.size()];
    int maxRank = 0;
    for (int i = 0; i < ops.size(); i++) {
      if (outcomes[i] == null) {
        String id = ops.get(i).table() + "\u0000" + Arrays.toString(keyBytes(ops.get(i)));
        rank[i] = occurrences.merge(id, 1, Integer::sum) - 1;
        maxRank = Math.max(maxRank, rank[i]);
      }
    }
    long base = clock.next(maxRank + 1);
    for (Map.Entry<String, List<Integer>> group : byTable.entrySet()) {
      applyBatch(group.getKey(), group.getValue(), ops, base, rank, outcomes);
    }
    return List.of(outcomes);
  }

  private static byte[] keyBytes(WriteOp op) {
    return OrderedKeyBytes.encode(op.key());
  }

  private void applyBatch(
      String table,
      List<Integer> indexes,
      List<WriteOp> ops,
      long base,
      int[] rank,
      WriteOutcome[] outcomes) {
    List<org.apache.hadoop.hbase.client.Row> actions = new ArrayList<>(indexes.size());
    for (int i : indexes) {
      WriteOp op = ops.get(i);
      long ts = base + rank[i];
      actions.add(
          op instanceof WriteOp.Put p
              ? replaceRow(p.row(), ts)
              : new Delete(OrderedKeyBytes.encode(op.key()), ts));
    }
    Object[] results = new Object[actions.size()];
    StoreException whole = null;
    try (Table t = connection.getTable(tableName(table))) {
      t.batch(actions, results);
    } catch (IOException | InterruptedException e) {
      // per-action failures are in results; this is only the summary (or a failure of all)
      whole = tableError("writing to table " + table, table, e);
    }
    for (int j = 0; j < indexes.size(); j++) {
      WriteOp op = ops.get(indexes.get(j));
      Object r = results[j];
      if (r instanceof Throwable failure) {
        outcomes[indexes.get(j)] =
            WriteOutcome.failed(
                op, HBaseErrors.map("writing " + op.key() + " to " + table, failure));
      } else if (r == null) {
        outcomes[indexes.get(j)] =
            WriteOutcome.failed(
                op,
                whole != null
                    ? whole
                    : new StoreException(ErrorKind.INTERNAL, "no result for " + op.key()));
      } else {
        outcomes[indexes.get(j)] = WriteOutcome.applied(op);
        TableState state = tables.get(table);
        if (state != null) {
          state.counters.wrote(op.key().get(0), op.sizeInBytes());
        }
      }
    }
  }

  // ---------------------------------------------------------------- scans

  @Override
  public Stream<Row> scan(String table, ScanRange range) {
    TableState state = state(table);
    TableSpec spec = state.spec;
    ServiceChecks.bound(spec, range.start(), limits);
    ServiceChecks.bound(spec, range.end(), limits);
    if (range.limit() == 0 || range.start().compareTo(range.end()) >= 0) {
      return Stream.empty(); // as the embedded store: an empty range, not an error
    }
    Scan scan =
        new Scan()
            .withStartRow(OrderedKeyBytes.encode(range.start()), true)
            .withStopRow(OrderedKeyBytes.encode(range.end()), false)
            .readVersions(1);
    if (range.limit() < Integer.MAX_VALUE) {
      scan.setLimit((int) range.limit());
    }
    select(scan, range.columns());
    Table t = null;
    ResultScanner scanner;
    try {
      t = connection.getTable(tableName(table));
      scanner = t.getScanner(scan);
    } catch (IOException e) {
      closeQuietly(t);
      throw tableError("scanning table " + table, table, e);
    }
    Table opened = t;
    Iterator<Row> rows =
        new Iterator<>() {
          private Row next;
          private boolean done;

          @Override
          public boolean hasNext() {
            if (next == null && !done) {
              try {
                Result r = scanner.next();
                if (r == null) {
                  done = true;
                } else {
                  next = toRow(spec, r).orElseThrow();
                  state.counters.read(next.key().get(0));
                }
              } catch (IOException e) {
                throw tableError("scanning table " + table, table, e);
              }
            }
            return next != null;
          }

          @Override
          public Row next() {
            if (!hasNext()) {
              throw new NoSuchElementException();
            }
            Row r = next;
            next = null;
            return r;
          }
        };
    Stream<Row> stream =
        StreamSupport.stream(
                Spliterators.spliteratorUnknownSize(
                    rows, Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.DISTINCT),
                false)
            .onClose(
                () -> {
                  scanner.close();
                  closeQuietly(opened);
                });
    return range.limit() < Long.MAX_VALUE ? stream.limit(range.limit()) : stream;
  }

  // ---------------------------------------------------------------- partition stats

  /**
   * {@inheritDoc}
   *
   * <p>Partitions are those of the table's split points. {@code writeRows}, {@code writtenBytes}
   * and {@code readRows} count this store instance's calls since it opened, as the SPI defines them
   * (HBase's own request counters count a whole-row replace as two writes and reads per call, not
   * per row; {@link #regionLoad} gives those). {@code storedBytes} is the store file and memstore
   * size of the partition's regions, which HBase reports in whole megabytes. HBase keeps no row
   * count per region, so {@code rows} is {@code -1} (unknown).
   */
  @Override
  public List<PartitionStats> partitionStats(String table) {
    TableState state = state(table);
    List<RegionLoad> regions = regionLoad(table);
    byte[][] splits = TableMetadata.splitKeys(state.spec);
    long[] stored = new long[splits.length + 1];
    for (RegionLoad region : regions) {
      stored[partitionOf(region.startKey(), splits)] += region.storedBytes();
    }
    return state.counters.snapshot(stored);
  }

  /** The partition whose range holds a region that starts at {@code startKey}. */
  private static int partitionOf(byte[] startKey, byte[][] splits) {
    int p = 0;
    while (p < splits.length && Arrays.compareUnsigned(splits[p], startKey) <= 0) {
      p++;
    }
    return p;
  }

  /**
   * The load of one region as its region server counts it: since the region opened, over all
   * clients.
   *
   * @param index position of the region in key order, from 0
   * @param start the partition-key value the region starts at, or {@code null} for the first
   * @param end the partition-key value the region ends before, or {@code null} for the last
   * @param startKey the region's start row key ({@link OrderedKeyBytes} form), empty for the first
   * @param writeRequests the region's write request count (a whole-row replace counts two: the
   *     delete of the older cells and the put)
   * @param readRequests the region's read request count
   * @param storedBytes store file and memstore size, in whole megabytes
   */
  public record RegionLoad(
      int index,
      PkValue start,
      PkValue end,
      byte[] startKey,
      long writeRequests,
      long readRequests,
      long storedBytes) {}

  /**
   * The table's current regions with the region servers' counters, from {@code
   * Admin.getRegionMetrics}. Unlike {@link #partitionStats}, these count every client's requests
   * and follow the regions HBase split or merged since the table was created.
   *
   * <pre>{@code
   * for (HBaseStore.RegionLoad r : store.regionLoad("orders")) {
   *   log.info("{}..{}: {} writes", r.start(), r.end(), r.writeRequests());
   * }
   * }</pre>
   */
  public List<RegionLoad> regionLoad(String table) {
    TableState state = state(table);
    TableName name = tableName(table);
    PkColumn partitionColumn = state.spec.primaryKey().get(0);
    try (RegionLocator locator = connection.getRegionLocator(name);
        Admin admin = connection.getAdmin()) {
      List<HRegionLocation> locations = new ArrayList<>(locator.getAllRegionLocations());
      locations.sort(
          (a, b) ->
              Arrays.compareUnsigned(a.getRegion().getStartKey(), b.getRegion().getStartKey()));
      Map<String, RegionMetrics> metrics = new HashMap<>();
      Map<ServerName, Boolean> asked = new HashMap<>();
      for (HRegionLocation location : locations) {
        ServerName server = location.getServerName();
        if (server != null && asked.put(server, Boolean.TRUE) == null) {
          for (RegionMetrics m : admin.getRegionMetrics(server, name)) {
            metrics.put(m.getNameAsString(), m);
          }
        }
      }
      List<RegionLoad> loads = new ArrayList<>(locations.size());
      for (int i = 0; i < locations.size(); i++) {
        var region = locations.get(i).getRegion();
        RegionMetrics m = metrics.get(region.getRegionNameAsString());
        long stored =
            m == null
                ? 0
                : (long)
                    (m.getStoreFileSize().get(Size.Unit.BYTE)
                        + m.getMemStoreSize().get(Size.Unit.BYTE));
        loads.add(
            new RegionLoad(
                i,
                TableMetadata.partitionValue(region.getStartKey(), partitionColumn),
                TableMetadata.partitionValue(region.getEndKey(), partitionColumn),
                region.getStartKey(),
                m == null ? 0 : m.getWriteRequestCount(),
                m == null ? 0 : m.getReadRequestCount(),
                stored));
      }
      return loads;
    } catch (IOException e) {
      throw tableError("reading region metrics of table " + table, table, e);
    }
  }

  @Override
  public StoreLimits limits() {
    return limits;
  }

  @Override
  public void close() {
    if (ownsConnection) {
      try {
        connection.close();
      } catch (IOException e) {
        throw new UncheckedIOException("closing the HBase connection", e);
      }
    }
  }

  // ---------------------------------------------------------------- mapping

  /** Delete the row's cells older than {@code ts}, then write the new ones at {@code ts}. */
  private static RowMutations replaceRow(Row row, long ts) {
    byte[] key = OrderedKeyBytes.encode(row.key());
    Put put = new Put(key, ts);
    for (Map.Entry<String, AttrValue> e : row.columns().entrySet()) {
      put.addColumn(
          FAMILY_BYTES,
          e.getKey().getBytes(StandardCharsets.UTF_8),
          ts,
          CellCodec.encode(e.getValue()));
    }
    try {
      // as Mutation: the deprecated add(Put)/add(Delete) overloads return void
      return new RowMutations(key, 2).add((Mutation) new Delete(key, ts - 1)).add((Mutation) put);
    } catch (IOException e) {
      throw new IllegalStateException("mutations of one row", e); // same row by construction
    }
  }

  private static Get get(PrimaryKey key, ColumnSelection columns) {
    Get get = new Get(OrderedKeyBytes.encode(key)); // one version is the default
    if (columns.isAll()) {
      get.addFamily(FAMILY_BYTES);
    } else {
      for (String c : columns.names()) {
        get.addColumn(FAMILY_BYTES, c.getBytes(StandardCharsets.UTF_8));
      }
    }
    return get;
  }

  private static void select(Scan scan, ColumnSelection columns) {
    if (columns.isAll()) {
      scan.addFamily(FAMILY_BYTES);
    } else {
      for (String c : columns.names()) {
        scan.addColumn(FAMILY_BYTES, c.getBytes(StandardCharsets.UTF_8));
      }
    }
  }

  private static Optional<Row> toRow(TableSpec spec, Result result) {
    if (result == null || result.isEmpty()) {
      return Optional.empty();
    }
    NavigableMap<byte[], byte[]> cells = result.getFamilyMap(FAMILY_BYTES);
    if (cells == null || cells.isEmpty()) {
      return Optional.empty();
    }
    Map<String, AttrValue> columns = new TreeMap<>();
    for (Map.Entry<byte[], byte[]> cell : cells.entrySet()) {
      columns.put(
          new String(cell.getKey(), StandardCharsets.UTF_8), CellCodec.decode(cell.getValue()));
    }
    return Optional.of(Row.of(OrderedKeyBytes.decode(result.getRow(), spec.primaryKey()), columns));
  }

  /** Maps an error; a missing table also drops the cached spec, which may be stale. */
  private StoreException tableError(String what, String table, Throwable e) {
    StoreException mapped = HBaseErrors.map(what, e);
    if (mapped.kind() == ErrorKind.TABLE_NOT_FOUND) {
      tables.remove(table);
    }
    return mapped;
  }

  private static void closeQuietly(Table t) {
    if (t != null) {
      try {
        t.close();
      } catch (IOException ignored) {
        // nothing useful to do: the scan's own error is what the caller needs
      }
    }
  }
}
