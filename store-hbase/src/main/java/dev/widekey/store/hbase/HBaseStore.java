package dev.widekey.store.hbase;

import dev.widekey.annotations.Profile;
import dev.widekey.core.RuleViolationException;
import dev.widekey.core.store.SizeMeasure;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.core.store.Utf8;
import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.OrderedKeyBytes;
import dev.widekey.runtime.store.PkColumn;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.SizeMeasures;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteCondition;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.backend.CheckedBatch;
import dev.widekey.runtime.store.backend.RowCursor;
import dev.widekey.runtime.store.backend.ServiceStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionConfiguration;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;

/**
 * A {@link WideTableStore} on the HBase 2.x client API: Apache HBase, and Lindorm's wide-table
 * engine, which speaks the same API.
 *
 * <p>The typed primary key becomes one row key through {@link OrderedKeyBytes}, so HBase's bytewise
 * row order is the key order; attributes are cells of one column family, each value tagged with its
 * type. As with an HBase Get, a read that selects columns of which a row holds none finds no row.
 * Tables are created pre-split at the spec's split points and keep their spec in the table
 * descriptor. The service limits of {@link StoreLimits} are checked on the client before anything
 * is sent, since HBase itself accepts larger requests: {@link ServiceStore} checks, counts and
 * keeps the table specs; this class maps the calls to the HBase client.
 *
 * <p>A put replaces the whole row without deleting anything: it is one HBase {@code Put} of the
 * row's cells and a row marker listing the columns it wrote ({@link RowMarker}), and a read ignores
 * the cells the latest marker does not list. Cell timestamps are the region server's, so the later
 * acknowledged write wins whatever the clients' clocks say, as long as the clocks of the servers
 * that hold the row never go back; {@link WriteOrder#ROW_MARKER} orders plain writes by the row
 * marker instead, whatever any clock says. Column families keep HBase's MVCC-aware delete semantics
 * ({@code NEW_VERSION_BEHAVIOR}), so a put right after a delete in the same millisecond is not
 * masked by it. A conditional put ({@link WriteCondition}) is one {@code checkAndMutate}, checked
 * and applied atomically by the region server, sent with one attempt of the HBase client ({@link
 * SingleAttemptConnection}): a retry of an attempt that timed out and was applied would fail its
 * condition against that attempt's row, so a timeout is reported as one, and widekey's retries,
 * which tell their own write apart, send it again.
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
public final class HBaseStore extends ServiceStore {
  /** The column family that holds the attributes. */
  public static final String FAMILY = "w";

  /** {@link #FAMILY} as HBase names it. */
  static final byte[] FAMILY_BYTES = Utf8.encode(FAMILY);

  private final Connection connection;
  private final boolean ownsConnection;

  /**
   * Where conditional writes go: one attempt per call ({@link SingleAttemptConnection}); shared
   * with the stores derived from this one, closed by the store that opened it.
   */
  private final SingleAttemptConnection checked;

  private final boolean ownsChecked;
  private final String namespace;
  private final Consumer<StoreException> skippedRows; // null: a malformed row ends the scan
  private final WriteOrder writeOrder;

  /**
   * How the region server orders the plain (unconditional) puts and deletes of one row; the setting
   * {@code widekey.hbase.write.order}. Conditional writes are {@code checkAndMutate}s in both.
   * Every writer of a table should use the same order.
   */
  public enum WriteOrder {
    /**
     * The default ({@code server-clock}): a plain put is one HBase {@code Put} at the region
     * server's clock, one call. The later acknowledged write wins while the clocks of the servers
     * that hold the row never go back: a put stamped earlier than the row's current cells (a region
     * moved to a server whose clock lags, or a clock stepped back) is hidden by them, for good,
     * though acknowledged.
     */
    SERVER_CLOCK("server-clock"),
    /**
     * {@code row-marker}: a plain put is a {@code checkAndMutate} on the row marker, which the
     * region server stamps with at least the latest marker's timestamp (HBASE-14054: {@code max(its
     * clock, the checked cell's timestamp)}) and which a tie orders by sequence id; a plain delete
     * reads the marker's timestamp and masks the row up to it, unless a newer marker came
     * meanwhile. The later acknowledged write wins whatever any clock says; a put costs a read
     * under the row lock, and a second call when the row's state was guessed wrong.
     */
    ROW_MARKER("row-marker");

    private final String setting;

    WriteOrder(String setting) {
      this.setting = setting;
    }

    /** The value of {@code widekey.hbase.write.order} that names this order. */
    public String setting() {
      return setting;
    }

    /** The order a setting names, case-insensitively. */
    public static WriteOrder of(String setting) {
      for (WriteOrder o : values()) {
        if (o.setting.equalsIgnoreCase(setting.trim())) {
          return o;
        }
      }
      throw new IllegalArgumentException(
          "unknown write order " + setting + ": server-clock (the default) or row-marker");
    }
  }

  /** Rounds of a plain write in {@link WriteOrder#ROW_MARKER} before it gives up as contended. */
  static final int ORDERED_ATTEMPTS = 64;

  private HBaseStore(
      Connection connection,
      boolean ownsConnection,
      String namespace,
      StoreLimits limits,
      Consumer<StoreException> skippedRows,
      WriteOrder writeOrder) {
    this(connection, ownsConnection, namespace, limits, skippedRows, writeOrder, null);
  }

  private HBaseStore(
      Connection connection,
      boolean ownsConnection,
      String namespace,
      StoreLimits limits,
      Consumer<StoreException> skippedRows,
      WriteOrder writeOrder,
      SingleAttemptConnection checked) {
    // HBase and Lindorm tables keep their own profile's limits; others the stricter of theirs and
    // HBase's row key
    super(limits, Set.of(Profile.HBASE, Profile.LINDORM));
    this.connection = Objects.requireNonNull(connection, "connection");
    this.ownsConnection = ownsConnection;
    this.ownsChecked = checked == null;
    this.checked =
        checked != null ? checked : new SingleAttemptConnection(connection.getConfiguration());
    this.namespace = Objects.requireNonNull(namespace, "namespace");
    this.skippedRows = skippedRows;
    this.writeOrder = Objects.requireNonNull(writeOrder, "writeOrder");
    this.maxCellBytes =
        connection
            .getConfiguration()
            .getLong(
                ConnectionConfiguration.MAX_KEYVALUE_SIZE_KEY,
                ConnectionConfiguration.MAX_KEYVALUE_SIZE_DEFAULT);
  }

  /** The client's cell limit ({@code hbase.client.keyvalue.maxsize}); 0 or less: none. */
  private final long maxCellBytes;

  /** Read once, on the first conditional write ({@link #serverVersion()}). */
  private volatile ServerVersion serverVersion;

  /** How this store orders plain writes of a row ({@code widekey.hbase.write.order}). */
  public WriteOrder writeOrder() {
    return writeOrder;
  }

  /**
   * A store over the same connection and namespace whose scans skip rows that are not widekey's
   * encoding (a malformed row key or cell: {@link ErrorKind#CORRUPT_DATA}), handing each error to
   * {@code report}, instead of ending the scan with it. Gets still fail on such a row. Closing it
   * leaves the connection open. A row is reported once the scan has read past it (the next row is
   * returned, or the scan ends), so a scan resumed after the last row returned (a {@link
   * dev.widekey.runtime.retry.RetryingStore}) reports each skipped row once. A scan that fails
   * before that reports them before its error goes up if the failure is not retryable (nothing
   * reads them again); after a retryable one they are the error's suppressed exceptions, reported
   * by the resumed scan once it reads past them again.
   *
   * <pre>{@code
   * WideTableStore tolerant = store.skippingMalformedRows(e -> log.warn("skipped: {}", e.getMessage()));
   * }</pre>
   */
  public HBaseStore skippingMalformedRows(Consumer<StoreException> report) {
    return new HBaseStore(
        connection,
        false,
        namespace,
        StoreLimits.HBASE,
        Objects.requireNonNull(report, "report"),
        writeOrder,
        checked);
  }

  /**
   * A store over the same connection, namespace and handling of malformed rows that orders plain
   * writes by {@code order}. Closing it leaves the connection open.
   *
   * <pre>{@code
   * WideTableStore ordered = store.withWriteOrder(HBaseStore.WriteOrder.ROW_MARKER);
   * }</pre>
   */
  public HBaseStore withWriteOrder(WriteOrder order) {
    HBaseStore store =
        new HBaseStore(
            connection, false, namespace, StoreLimits.HBASE, skippedRows, order, checked);
    store.serverVersion = serverVersion; // the same servers
    return store;
  }

  /**
   * Connects to the cluster that {@code conf} names; the store closes the connection when it is
   * closed. Tables live in {@code namespace}, which must exist.
   */
  public static HBaseStore connect(Configuration conf, String namespace) {
    return connect(conf, namespace, WriteOrder.SERVER_CLOCK);
  }

  /**
   * As {@link #connect(Configuration, String)}, ordering plain writes by {@code order}.
   *
   * <pre>{@code
   * HBaseStore store = HBaseStore.connect(conf, "default", HBaseStore.WriteOrder.ROW_MARKER);
   * }</pre>
   */
  public static HBaseStore connect(Configuration conf, String namespace, WriteOrder order) {
    try {
      return new HBaseStore(
          ConnectionFactory.createConnection(conf),
          true,
          namespace,
          StoreLimits.HBASE,
          null,
          order);
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
    return using(connection, namespace, WriteOrder.SERVER_CLOCK);
  }

  /**
   * As {@link #using(Connection, String)}, ordering plain writes by {@code order}.
   *
   * <pre>{@code
   * HBaseStore store = HBaseStore.using(connection, "default", HBaseStore.WriteOrder.ROW_MARKER);
   * }</pre>
   */
  public static HBaseStore using(Connection connection, String namespace, WriteOrder order) {
    return new HBaseStore(connection, false, namespace, StoreLimits.HBASE, null, order);
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

  @Override
  protected String displayName(String table) {
    return tableName(table).toString();
  }

  /**
   * The HBase client reports the service's failures as {@code IOException}s; an unchecked exception
   * is not the service's answer and goes up as it is.
   */
  @Override
  protected StoreException mapError(String what, Exception error) {
    if (error instanceof RuntimeException unchecked) {
      throw unchecked;
    }
    return HBaseErrors.map(what, error);
  }

  // ---------------------------------------------------------------- tables

  @Override
  protected void sendCreateTable(TableSpec spec) throws IOException {
    ColumnFamilyDescriptorBuilder family =
        ColumnFamilyDescriptorBuilder.newBuilder(FAMILY_BYTES)
            .setMaxVersions(1)
            // a delete masks only the cells written before it, not a put of the same millisecond
            // after it (HBASE-15968); puts carry the server's time
            .setNewVersionBehavior(true);
    if (spec.expires()) {
      // cells expire ttl seconds after their timestamp (the write time); reads skip them at once,
      // compactions remove them
      family.setTimeToLive(TableMetadata.timeToLive(spec));
    }
    TableDescriptorBuilder builder =
        TableDescriptorBuilder.newBuilder(tableName(spec.name())).setColumnFamily(family.build());
    TableMetadata.write(spec, builder);
    try (Admin admin = connection.getAdmin()) {
      byte[][] splits = TableMetadata.splitKeys(spec);
      if (splits.length == 0) {
        admin.createTable(builder.build());
      } else {
        admin.createTable(builder.build(), splits);
      }
    }
  }

  /**
   * A table whose family lacks {@code NEW_VERSION_BEHAVIOR} (HBASE-15968: without it a delete masks
   * a put of the same millisecond that came after it) would lose such puts silently, as a
   * compatible service without the setting would: refused, typed, before any read or write of it.
   */
  private void requireNewVersionBehavior(TableDescriptor descriptor) {
    ColumnFamilyDescriptor family = descriptor.getColumnFamily(FAMILY_BYTES);
    if (family == null || !family.isNewVersionBehavior()) {
      throw new StoreException(
          ErrorKind.INVALID_REQUEST,
          "HBase table "
              + descriptor.getTableName()
              + (family == null
                  ? " has no column family " + FAMILY
                  : "'s column family "
                      + FAMILY
                      + " lacks NEW_VERSION_BEHAVIOR: without it a delete hides a put of the same"
                      + " millisecond that came after it (HBASE-15968), and widekey would lose"
                      + " that put. Alter the family (alter '"
                      + descriptor.getTableName()
                      + "', {NAME => '"
                      + FAMILY
                      + "', NEW_VERSION_BEHAVIOR => 'true'}); nothing was read or written"),
          false,
          null);
    }
  }

  @Override
  protected Optional<TableSpec> sendDescribeTable(String table) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      TableDescriptor descriptor = admin.getDescriptor(tableName(table));
      TableSpec spec = TableMetadata.read(table, descriptor);
      if (spec != null) {
        requireNewVersionBehavior(descriptor);
      }
      if (spec == null) {
        throw new StoreException(
            ErrorKind.INVALID_REQUEST,
            "HBase table "
                + tableName(table)
                + " was not created by widekey: it has no "
                + TableMetadata.PRIMARY_KEY
                + " descriptor value");
      }
      return Optional.of(spec);
    }
  }

  /** The namespace's tables matching the quoted prefix, by the Admin's name pattern. */
  @Override
  protected List<String> sendListTables(String prefix) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      List<String> names = new ArrayList<>();
      for (TableName name : admin.listTableNamesByNamespace(namespace)) {
        if (name.getQualifierAsString().startsWith(prefix)) {
          names.add(name.getQualifierAsString());
        }
      }
      return names;
    }
  }

  @Override
  protected void sendDeleteTable(String table) throws IOException {
    TableName name = tableName(table);
    try (Admin admin = connection.getAdmin()) {
      if (!admin.tableExists(name)) {
        return;
      }
      if (admin.isTableEnabled(name)) {
        admin.disableTable(name);
      }
      admin.deleteTable(name);
    }
  }

  // ---------------------------------------------------------------- single rows

  /**
   * HBase's client refuses a cell longer than {@code hbase.client.keyvalue.maxsize} (10 MB by
   * default) with an {@code IllegalArgumentException}, and the row marker lists every column name
   * of the row: a row with very many or very long column names passes every profile limit and still
   * meets it (as could a value, if the setting is below the attribute limit). Refused here, typed,
   * before anything is sent; the length is the client's own measure of a cell ({@code
   * KeyValueUtil.length}: lengths, row key, family, qualifier, timestamp and type, value).
   */
  @Override
  protected void checkRow(TableSpec spec, Row row) {
    if (maxCellBytes <= 0) {
      return; // the client checks nothing either
    }
    long names = 0;
    long largestValue = 0;
    String largestColumn = null;
    int columns = row.columnCount();
    for (int i = 0; i < columns; i++) {
      long name = Utf8.encodedLength(row.columnName(i));
      names += name;
      long cell =
          SizeMeasures.valueBytes(SizeMeasure.HBASE_CELLS, row.columnValue(i))
              + name; // value, qualifier
      if (cell > largestValue) {
        largestValue = cell;
        largestColumn = row.columnName(i);
      }
    }
    long marker = SizeMeasure.rowMarkerBytes(columns, names);
    long worst = Math.max(marker + RowMarker.QUALIFIER.length, largestValue);
    if (CELL_OVERHEAD + StoreLimits.HBASE_MAX_ROW_KEY_BYTES + worst <= maxCellBytes) {
      return; // within the limit whatever the row key's length: no need to encode it here
    }
    long key = OrderedKeyBytes.encode(row.key()).length;
    if (CELL_OVERHEAD + key + worst > maxCellBytes) {
      boolean isMarker = marker + RowMarker.QUALIFIER.length >= largestValue;
      throw new StoreException(
          ErrorKind.INVALID_REQUEST,
          "row "
              + row.key()
              + " of table "
              + displayName(spec.name())
              + (isMarker
                  ? " has "
                      + columns
                      + " columns whose names, listed in its row marker, make a cell of "
                  : " has column "
                      + RuleViolationException.quote(largestColumn)
                      + " whose cell is ")
              + (CELL_OVERHEAD + key + worst)
              + " bytes, over the HBase client's "
              + ConnectionConfiguration.MAX_KEYVALUE_SIZE_KEY
              + " of "
              + maxCellBytes
              + " bytes; nothing was written. Use fewer or shorter columns, or raise the setting"
              + " on client and server",
          false,
          null);
    }
  }

  /** A cell's bytes besides row key, qualifier and value: lengths, family, timestamp, type. */
  private static final int CELL_OVERHEAD = 4 + 4 + 2 + 1 + FAMILY.length() + 8 + 1;

  @Override
  protected void sendPut(TableSpec table, Row row) throws Exception {
    if (writeOrder == WriteOrder.ROW_MARKER) { // a checkAndMutate, as a batch of one
      sendPut(table, row, WriteCondition.none());
      return;
    }
    try (Table t = connection.getTable(tableName(table.name()))) {
      t.put(toPut(OrderedKeyBytes.encode(row.key()), row));
    }
  }

  @Override
  protected Optional<Row> sendGet(TableSpec table, PrimaryKey key, ColumnSelection columns)
      throws IOException {
    try (Table t = connection.getTable(tableName(table.name()))) {
      return toRow(table, t.get(get(key, columns)), columns);
    }
  }

  @Override
  protected List<Optional<Row>> sendMultiGet(
      TableSpec table, List<PrimaryKey> keys, ColumnSelection columns) throws IOException {
    List<Get> gets = new ArrayList<>(keys.size());
    for (PrimaryKey key : keys) {
      gets.add(get(key, columns));
    }
    try (Table t = connection.getTable(tableName(table.name()))) {
      Result[] results = t.get(gets);
      List<Optional<Row>> rows = new ArrayList<>(results.length);
      for (Result r : results) {
        rows.add(toRow(table, r, columns));
      }
      return rows;
    }
  }

  @Override
  protected void sendDelete(TableSpec table, PrimaryKey key) throws Exception {
    if (writeOrder == WriteOrder.ROW_MARKER) { // a read and a checkAndMutate, as a batch of one
      sendDelete(table, key, WriteCondition.none());
      return;
    }
    try (Table t = connection.getTable(tableName(table.name()))) {
      t.delete(new Delete(OrderedKeyBytes.encode(key))); // at the server's time
    }
  }

  /**
   * A single conditional put is one {@code checkAndMutate} call (one mutate request), not a batch
   * of one: {@code Table.batch} costs a conditional put about a third more on the client. Built as
   * in a batch ({@link Conditions#checkAndPut}).
   */
  @Override
  protected void sendPut(TableSpec table, Row row, WriteCondition condition) throws Exception {
    if (condition.isNone()) { // a plain put of the row-marker order: guessed, as in a batch
      super.sendPut(table, row, condition);
      return;
    }
    byte[] key = OrderedKeyBytes.encode(row.key());
    Put put = toPut(key, row);
    sendChecked(
        WriteOp.put(table.name(), row, condition),
        key,
        put,
        Conditions.checkAndPut(key, condition, put, writeOrder == WriteOrder.ROW_MARKER));
  }

  /** A single conditional delete, as {@link #sendPut(TableSpec, Row, WriteCondition)}. */
  @Override
  protected void sendDelete(TableSpec table, PrimaryKey key, WriteCondition condition)
      throws Exception {
    if (condition.isNone()) { // a plain delete of the row-marker order: its marker read first
      super.sendDelete(table, key, condition);
      return;
    }
    byte[] bytes = OrderedKeyBytes.encode(key);
    Delete delete = new Delete(bytes);
    sendChecked(
        WriteOp.delete(table.name(), key, condition),
        bytes,
        delete,
        Conditions.checkAndDelete(bytes, condition, delete));
  }

  /**
   * Sends a checked write of row {@code key} alone; {@code check} null: a condition no stored row
   * can meet. A {@code columnAbsent(column, true)} goes as {@code check} (row absent), and if that
   * fails, as the guess the stored row suggests ({@link #guessAgain}).
   */
  private void sendChecked(WriteOp op, byte[] key, Mutation write, CheckAndMutate check)
      throws IOException {
    StoreException unsupported = unsupportedCondition(op);
    if (unsupported != null) {
      throw unsupported;
    }
    if (checksAbsence(op) && unmarked(op.table(), List.of(key))[0]) {
      throw unmarkedRow(op.table(), op, key);
    }
    if (check == null) {
      throw checkFailed(op.table(), op, key);
    }
    if (!(op.condition() instanceof WriteCondition.ColumnAbsent absent && absent.orRowAbsent())) {
      if (!applied(op, check)) {
        throw checkFailed(op.table(), op, key);
      }
      return;
    }
    for (int attempt = 1; attempt <= ORDERED_ATTEMPTS; attempt++) {
      if (applied(op, check)) {
        return;
      }
      Boolean present = guessAgain(op.table(), key, absent.column());
      if (present == null) {
        throw checkFailed(op.table(), op, key);
      }
      check =
          Conditions.columnAbsent(key, absent, write, writeOrder == WriteOrder.ROW_MARKER, present);
    }
    throw contended(op.table(), op);
  }

  /**
   * Whether {@code op}'s condition holds of an absent row, whose check (no marker) would hold of a
   * row with cells but no marker too, which a read reports as {@code CORRUPT_DATA}.
   */
  private static boolean checksAbsence(WriteOp op) {
    return op.condition() instanceof WriteCondition.RowAbsent
        || op.condition() instanceof WriteCondition.ColumnAbsent absent && absent.orRowAbsent();
  }

  /**
   * After a check of {@code columnAbsent(column, true)} failed: the guess to send next, read from
   * the row's marker. False: no row (send the absent check again); true: a row whose marker does
   * not list the column (send the unlisted check); null: the condition does not hold (the marker
   * lists the column, as of this read), or the row has cells but no marker, which {@link
   * #checkFailed} tells apart.
   */
  private Boolean guessAgain(String table, byte[] key, String column) throws IOException {
    byte[] marker;
    try (Table t = connection.getTable(tableName(table))) {
      marker =
          t.get(new Get(key).addColumn(FAMILY_BYTES, RowMarker.QUALIFIER))
              .getValue(FAMILY_BYTES, RowMarker.QUALIFIER);
    }
    if (marker == null) {
      return unmarked(table, List.of(key))[0] ? null : false;
    }
    byte[] qualifier = Utf8.encode(column);
    for (byte[] listed : RowMarker.decode(table, key, marker)) {
      if (Arrays.equals(listed, qualifier)) {
        return null;
      }
    }
    return true;
  }

  /** Sends one checked write: whether its check held (and it was applied). */
  private boolean applied(WriteOp op, CheckAndMutate check) throws IOException {
    for (int attempt = 1; ; attempt++) {
      boolean applied;
      try (Table t = checked.get().getTable(tableName(op.table()))) {
        applied = t.checkAndMutate(check).isSuccess();
      } catch (IOException e) {
        if (attempt < checked.attempts() && SingleAttemptConnection.notApplied(e)) {
          checked.pause(attempt); // refused before it ran: the region moved, say
          continue;
        }
        throw e;
      }
      return applied;
    }
  }

  // ---------------------------------------------------------------- server features

  /**
   * The servers' version ({@link ServerVersion}), read on the first conditional write; or the one a
   * test assumes.
   */
  ServerVersion serverVersion() {
    ServerVersion v = serverVersion;
    if (v == null) {
      v = readServerVersion();
      serverVersion = v;
    }
    return v;
  }

  private ServerVersion readServerVersion() {
    try (Admin admin = connection.getAdmin()) {
      ClusterMetrics metrics =
          admin.getClusterMetrics(
              EnumSet.of(ClusterMetrics.Option.HBASE_VERSION, ClusterMetrics.Option.LIVE_SERVERS));
      ServerVersion least = ServerVersion.parse(metrics.getHBaseVersion());
      for (ServerMetrics server : metrics.getLiveServerMetrics().values()) {
        least = least.least(ServerVersion.parse(server.getVersion()));
      }
      return least;
    } catch (IOException | RuntimeException e) {
      // a compatible service that does not report it: assume nothing (conditions go alone)
      return ServerVersion.UNKNOWN;
    }
  }

  /**
   * A store over the same connection that takes the servers to be of {@code version} rather than
   * reading it ({@code widekey.hbase.server.version}): for servers that do not report their
   * version, whose conditional writes are otherwise never batched. State the least version of every
   * region server the tables may live on; a version higher than a server's lets it drop conditions.
   * Closing it leaves the connection open.
   *
   * <pre>{@code
   * HBaseStore batched = store.assumingServerVersion("2.6.4");
   * }</pre>
   */
  public HBaseStore assumingServerVersion(String version) {
    HBaseStore store =
        new HBaseStore(
            connection, false, namespace, StoreLimits.HBASE, skippedRows, writeOrder, checked);
    store.serverVersion = ServerVersion.parse(version);
    return store;
  }

  /**
   * Why {@code op}'s condition cannot be sent to these servers, or null: a column condition needs a
   * filter condition, which a server before HBase 2.3 does not have.
   */
  private StoreException unsupportedCondition(WriteOp op) {
    if (!(op.condition() instanceof WriteCondition.ColumnEquals
            || op.condition() instanceof WriteCondition.ColumnAbsent)
        || !serverVersion().lacksFilterConditions()) {
      return null;
    }
    return new StoreException(
        ErrorKind.INVALID_REQUEST,
        "the condition "
            + op.condition()
            + " on row "
            + op.key()
            + " of table "
            + displayName(op.table())
            + " needs a filter condition in checkAndMutate (HBase 2.3.0, HBASE-23146), but the"
            + " servers run HBase "
            + serverVersion()
            + "; nothing was written. Column conditions (split entities, @Version) need HBase"
            + " 2.3 or later",
        false,
        null);
  }

  /**
   * Sends one table's actions: in one {@code Table.batch} when the servers honour conditions in a
   * batch, else the conditional ones ({@code CheckAndMutate}s) each alone, since an older region
   * server would apply them unconditionally.
   */
  private void send(Table t, List<org.apache.hadoop.hbase.client.Row> actions, Object[] results)
      throws IOException, InterruptedException {
    if (serverVersion().conditionsInBatches()
        || actions.stream().noneMatch(a -> a instanceof CheckAndMutate)) {
      t.batch(actions, results);
      return;
    }
    List<org.apache.hadoop.hbase.client.Row> plain = new ArrayList<>();
    List<Integer> plainAt = new ArrayList<>();
    for (int j = 0; j < actions.size(); j++) {
      if (actions.get(j) instanceof CheckAndMutate check) {
        try {
          results[j] = t.checkAndMutate(check);
        } catch (IOException e) {
          results[j] = e; // as a batch reports one action's failure
        }
      } else {
        plain.add(actions.get(j));
        plainAt.add(j);
      }
    }
    if (!plain.isEmpty()) {
      Object[] plainResults = new Object[plain.size()];
      try {
        t.batch(plain, plainResults);
      } finally {
        for (int k = 0; k < plainAt.size(); k++) {
          results[plainAt.get(k)] = plainResults[k];
        }
      }
    }
  }

  // ---------------------------------------------------------------- batches

  /** A row of a table, as the key of a map. */
  private record RowId(String table, ByteBuffer key) {}

  /**
   * The writes go to HBase as plain {@code Put}s and {@code Delete}s (and {@code CheckAndMutate}s
   * for conditional puts and deletes) in one {@code Table.batch} call per table, which the client
   * groups per region server; no row is written twice in one call, so the writes to one row apply
   * in order.
   */
  @Override
  protected void sendBatch(CheckedBatch batch) {
    List<CheckedBatch.Write> writes = batch.writes();
    int n = writes.size();
    byte[][] keys = new byte[n][];
    RowId[] ids = new RowId[n];
    // A later unconditional write of a row makes an earlier one unobservable (a put replaces the
    // whole row, a delete removes it), unless a conditional write of the row comes between them:
    // only the later one is sent, and the earlier one shares its outcome.
    int[] supersededBy = new int[n];
    Arrays.fill(supersededBy, -1);
    Map<RowId, Integer> lastUnconditional = new HashMap<>();
    for (int i = 0; i < n; i++) {
      WriteOp op = writes.get(i).op();
      keys[i] = OrderedKeyBytes.encode(op.key());
      ids[i] = new RowId(op.table(), ByteBuffer.wrap(keys[i]));
      if (isConditional(op)) {
        lastUnconditional.remove(ids[i]);
      } else {
        Integer earlier = lastUnconditional.put(ids[i], i);
        if (earlier != null) {
          supersededBy[earlier] = i;
        }
      }
    }
    // HBase does not keep the order of one call's writes to the same row (they may even get the
    // same timestamp and sequence id), so the k-th write of a row goes in the k-th call
    List<Map<String, List<Integer>>> rounds = new ArrayList<>();
    Map<RowId, Integer> occurrences = new HashMap<>();
    for (int i = 0; i < n; i++) {
      if (supersededBy[i] < 0) {
        int round = occurrences.merge(ids[i], 1, Integer::sum) - 1;
        if (round == rounds.size()) {
          rounds.add(new LinkedHashMap<>());
        }
        rounds.get(round).computeIfAbsent(ids[i].table(), t -> new ArrayList<>()).add(i);
      }
    }
    StoreException[] failures = new StoreException[n];
    boolean[] answered = new boolean[n];
    for (Map<String, List<Integer>> round : rounds) {
      for (Map.Entry<String, List<Integer>> group : round.entrySet()) {
        sendTableBatch(group.getKey(), group.getValue(), writes, keys, failures, answered);
      }
    }
    for (int i = 0; i < n; i++) {
      int s = i;
      while (supersededBy[s] >= 0) {
        s = supersededBy[s];
      }
      if (failures[s] != null) {
        batch.failed(writes.get(i), failures[s]);
      } else if (answered[s]) {
        batch.applied(writes.get(i));
      }
    }
  }

  private static boolean isConditional(WriteOp op) {
    return !op.condition().isNone();
  }

  private void sendTableBatch(
      String table,
      List<Integer> indexes,
      List<CheckedBatch.Write> writes,
      byte[][] keys,
      StoreException[] failures,
      boolean[] answered) {
    boolean ordered = writeOrder == WriteOrder.ROW_MARKER;
    // ROW_MARKER: a plain put's guess of its row's state (absent first), a plain delete's marker
    // timestamp as read; a plain write whose check fails goes again in the next round
    Map<Integer, Boolean> guessPresent = new HashMap<>();
    Map<Integer, Long> markerTimestamps = new HashMap<>();
    // conditional batches go in one attempt: how often each write was refused before it ran
    Map<Integer, Integer> refusals = new HashMap<>();
    List<Integer> pending = new ArrayList<>(indexes);
    refuseUnmarkedInserts(table, pending, writes, keys, failures);
    // conditional writes whose check failed: told apart from unmarked rows after each round
    List<Integer> checksFailed = new ArrayList<>();
    try {
      for (int round = 0; !pending.isEmpty(); round++) {
        if (round == ORDERED_ATTEMPTS) {
          for (int i : pending) {
            failures[i] = contended(table, writes.get(i).op());
          }
          return;
        }
        if (ordered && !readMarkers(table, pending, writes, keys, markerTimestamps, failures)) {
          return;
        }
        List<org.apache.hadoop.hbase.client.Row> actions = new ArrayList<>(pending.size());
        List<Integer> sent = new ArrayList<>(pending.size());
        for (int i : pending) {
          WriteOp op = writes.get(i).op();
          StoreException unsupported = unsupportedCondition(op);
          if (unsupported != null) {
            failures[i] = unsupported;
            continue;
          }
          org.apache.hadoop.hbase.client.Row action;
          if (op instanceof WriteOp.Put p) {
            Put put = toPut(keys[i], p.row());
            if (!isConditional(op)) {
              action =
                  ordered
                      ? Conditions.orderedPut(keys[i], guessPresent.getOrDefault(i, false), put)
                      : put;
            } else if (guessPresent.containsKey(i)
                && p.condition() instanceof WriteCondition.ColumnAbsent absent) {
              action = Conditions.columnAbsent(keys[i], absent, put, ordered, guessPresent.get(i));
            } else {
              action = Conditions.checkAndPut(keys[i], p.condition(), put, ordered);
            }
          } else if (!isConditional(op)) {
            action =
                ordered
                    ? Conditions.orderedDelete(keys[i], markerTimestamps.get(i))
                    : new Delete(keys[i]); // at the server's time
          } else if (guessPresent.containsKey(i)
              && op.condition() instanceof WriteCondition.ColumnAbsent absent) {
            action =
                Conditions.columnAbsent(
                    keys[i], absent, new Delete(keys[i]), false, guessPresent.get(i));
          } else {
            action = Conditions.checkAndDelete(keys[i], op.condition(), new Delete(keys[i]));
          }
          if (action == null) { // a condition no stored row can meet
            checksFailed.add(i);
            continue;
          }
          actions.add(action);
          sent.add(i);
        }
        if (actions.isEmpty()) {
          return;
        }
        Object[] results = new Object[actions.size()];
        StoreException whole = null;
        // a batch with a checkAndMutate goes in one attempt, as a single one does
        boolean checks = actions.stream().anyMatch(a -> a instanceof CheckAndMutate);
        try (Table t = (checks ? checked.get() : connection).getTable(tableName(table))) {
          send(t, actions, results);
        } catch (IOException | InterruptedException e) {
          // per-action failures are in results; this is only the summary (or a failure of all)
          whole = serviceError("writing to table " + table, table, e);
        }
        List<Integer> again = new ArrayList<>();
        boolean refused = false;
        for (int j = 0; j < sent.size(); j++) {
          int i = sent.get(j);
          WriteOp op = writes.get(i).op();
          Object r = results[j];
          if (r instanceof Throwable failure
              && checks
              && SingleAttemptConnection.notApplied(failure)
              && refusals.merge(i, 1, Integer::sum) < checked.attempts()) {
            again.add(i); // refused before it ran (one attempt per call): sent again
            refused = true;
          } else if (r instanceof Throwable failure) {
            failures[i] = HBaseErrors.map("writing " + op.key() + " to " + table, failure);
          } else if (r instanceof CheckAndMutateResult checked && !checked.isSuccess()) {
            if (op.condition() instanceof WriteCondition.ColumnAbsent absent
                && absent.orRowAbsent()) {
              // one check says absent, the other present and unlisted: guess again from the row
              try {
                Boolean present = guessAgain(table, keys[i], absent.column());
                if (present == null) {
                  checksFailed.add(i);
                } else {
                  guessPresent.put(i, present);
                  again.add(i);
                }
              } catch (IOException | StoreException e) {
                failures[i] =
                    e instanceof StoreException se
                        ? se
                        : serviceError("reading row " + op.key() + " of " + table, table, e);
              }
            } else if (isConditional(op)) {
              checksFailed.add(i);
            } else { // ROW_MARKER: another write came first; guess or read again
              guessPresent.merge(i, true, (was, x) -> !was);
              again.add(i);
            }
          } else if (r != null) {
            answered[i] = true;
          } else if (whole != null) {
            failures[i] = whole;
          }
        }
        pending = again;
        if (refused) {
          try {
            checked.pause(refusals.values().stream().max(Integer::compare).orElse(1));
          } catch (java.io.InterruptedIOException e) {
            StoreException interrupted = serviceError("writing to table " + table, table, e);
            for (int i : pending) {
              failures[i] = interrupted;
            }
            return;
          }
        }
      }
    } finally {
      resolveFailedChecks(table, checksFailed, writes, keys, failures);
    }
  }

  /**
   * Fails each insert ({@code rowAbsent}) among {@code pending} whose row holds cells but no
   * marker, and takes it out of {@code pending}: its check (no marker) would hold there, though a
   * read reports the row as {@code CORRUPT_DATA}. A failed read fails those inserts with its error.
   */
  private void refuseUnmarkedInserts(
      String table,
      List<Integer> pending,
      List<CheckedBatch.Write> writes,
      byte[][] keys,
      StoreException[] failures) {
    List<Integer> inserts = new ArrayList<>();
    List<byte[]> rows = new ArrayList<>();
    for (int i : pending) {
      if (checksAbsence(writes.get(i).op())) {
        inserts.add(i);
        rows.add(keys[i]);
      }
    }
    if (inserts.isEmpty()) {
      return;
    }
    try {
      boolean[] unmarked = unmarked(table, rows);
      for (int j = 0; j < inserts.size(); j++) {
        int i = inserts.get(j);
        if (unmarked[j]) {
          failures[i] = unmarkedRow(table, writes.get(i).op(), keys[i]);
          pending.remove(Integer.valueOf(i));
        }
      }
    } catch (IOException e) {
      StoreException error = serviceError("reading rows of table " + table, table, e);
      for (int i : inserts) {
        failures[i] = error;
      }
      pending.removeAll(inserts);
    }
  }

  /**
   * The failures of conditional writes whose check failed: {@code CORRUPT_DATA} where the row holds
   * cells but no marker (as a read of it reports), else {@code CONDITION_FAILED}.
   */
  private void resolveFailedChecks(
      String table,
      List<Integer> checksFailed,
      List<CheckedBatch.Write> writes,
      byte[][] keys,
      StoreException[] failures) {
    if (checksFailed.isEmpty()) {
      return;
    }
    List<byte[]> rows = new ArrayList<>(checksFailed.size());
    for (int i : checksFailed) {
      rows.add(keys[i]);
    }
    boolean[] unmarked = new boolean[rows.size()];
    IOException unread = null;
    try {
      unmarked = unmarked(table, rows);
    } catch (IOException e) {
      unread = e; // the checks' answer stands
    }
    for (int j = 0; j < checksFailed.size(); j++) {
      int i = checksFailed.get(j);
      WriteOp op = writes.get(i).op();
      failures[i] = unmarked[j] ? unmarkedRow(table, op, keys[i]) : conditionFailed(table, op);
      if (unread != null) {
        failures[i].addSuppressed(unread);
      }
    }
  }

  /** The error of a write of row {@code key} whose check failed, as the batch path words it. */
  private StoreException checkFailed(String table, WriteOp op, byte[] key) {
    try {
      if (unmarked(table, List.of(key))[0]) {
        return unmarkedRow(table, op, key);
      }
      return conditionFailed(table, op);
    } catch (IOException e) {
      StoreException failed = conditionFailed(table, op); // the check's answer stands
      failed.addSuppressed(e);
      return failed;
    }
  }

  /**
   * Which of the rows at {@code keys} hold cells but no row marker: rows that a read reports as
   * {@code CORRUPT_DATA} (another application's), so no condition may take them for absent, or
   * present. One multi-get of their cells' keys, without values. A {@code checkAndMutate} cannot
   * ask this itself: its check passes when its read finds a cell, never when it finds none of
   * several.
   */
  private boolean[] unmarked(String table, List<byte[]> keys) throws IOException {
    List<Get> gets = new ArrayList<>(keys.size());
    for (byte[] key : keys) {
      gets.add(new Get(key).addFamily(FAMILY_BYTES).setFilter(new KeyOnlyFilter()));
    }
    try (Table t = connection.getTable(tableName(table))) {
      Result[] rows = t.get(gets);
      boolean[] out = new boolean[rows.length];
      for (int j = 0; j < rows.length; j++) {
        out[j] = !rows[j].isEmpty() && !rows[j].containsColumn(FAMILY_BYTES, RowMarker.QUALIFIER);
      }
      return out;
    }
  }

  /**
   * A conditional write over a row with cells but no marker: {@code CORRUPT_DATA}, as a read of the
   * row reports it.
   */
  private static StoreException unmarkedRow(String table, WriteOp op, byte[] key) {
    return new StoreException(
        ErrorKind.CORRUPT_DATA,
        "the condition "
            + op.condition()
            + " cannot be decided for row "
            + op.key()
            + ": "
            + RowMarker.malformed(table, key, RowMarker.NO_MARKER).getMessage()
            + "; nothing was written",
        false,
        null);
  }

  /**
   * Reads the latest marker's timestamp of each plain delete among {@code pending} ({@code -1}: no
   * marker) in one call; {@code false}, with those deletes failed, when the read fails.
   */
  private boolean readMarkers(
      String table,
      List<Integer> pending,
      List<CheckedBatch.Write> writes,
      byte[][] keys,
      Map<Integer, Long> markerTimestamps,
      StoreException[] failures) {
    List<Integer> deletes = new ArrayList<>();
    List<Get> gets = new ArrayList<>();
    for (int i : pending) {
      WriteOp op = writes.get(i).op();
      if (op instanceof WriteOp.Delete && !isConditional(op)) {
        deletes.add(i);
        gets.add(new Get(keys[i]).addColumn(FAMILY_BYTES, RowMarker.QUALIFIER));
      }
    }
    if (gets.isEmpty()) {
      return true;
    }
    try (Table t = connection.getTable(tableName(table))) {
      Result[] markers = t.get(gets);
      for (int j = 0; j < deletes.size(); j++) {
        var cell = markers[j].getColumnLatestCell(FAMILY_BYTES, RowMarker.QUALIFIER);
        markerTimestamps.put(deletes.get(j), cell == null ? -1L : cell.getTimestamp());
      }
      return true;
    } catch (IOException e) {
      StoreException error = serviceError("reading row markers of table " + table, table, e);
      for (int i : deletes) {
        failures[i] = error;
      }
      pending.removeAll(deletes);
      return !pending.isEmpty();
    }
  }

  private static StoreException contended(String table, WriteOp op) {
    return new StoreException(
        ErrorKind.THROTTLED,
        "row "
            + op.key()
            + " of table "
            + table
            + " changed under each of "
            + ORDERED_ATTEMPTS
            + " attempts of a plain write (write order row-marker); nothing was written",
        true,
        null);
  }

  private static StoreException conditionFailed(String table, WriteOp op) {
    return new StoreException(
        ErrorKind.CONDITION_FAILED,
        "the condition "
            + op.condition()
            + " does not hold for row "
            + op.key()
            + " of table "
            + table
            + "; nothing was written");
  }

  // ---------------------------------------------------------------- scans

  @Override
  protected RowCursor openScan(TableSpec table, ScanRange range) throws IOException {
    byte[] start = OrderedKeyBytes.encode(range.start());
    byte[] end = OrderedKeyBytes.encode(range.end());
    // a reversed scan starts at its (greater) start row and stops at its (smaller) stop row, so
    // [start, end) backward is: from end, exclusive, down to start, inclusive
    Scan scan =
        range.isBackward()
            ? new Scan().setReversed(true).withStartRow(end, false).withStopRow(start, true)
            : new Scan().withStartRow(start, true).withStopRow(end, false);
    scan.readVersions(1);
    // with a selection, rows that hold none of its columns still come back (with their marker)
    // and are dropped here, so the server's row limit would end the scan too early
    if (range.limit() < Integer.MAX_VALUE && range.columns().isAll()) {
      scan.setLimit((int) range.limit());
    }
    select(scan, range.columns());
    Table t = connection.getTable(tableName(table.name()));
    ResultScanner scanner;
    try {
      scanner = t.getScanner(scan);
    } catch (IOException | RuntimeException e) {
      closeQuietly(t);
      throw e;
    }
    return new RowCursor() {
      /** Skipped rows held before their reports go out: a run of malformed rows can be long. */
      private static final int MAX_HELD_REPORTS = 1_000;

      @Override
      public Row next() throws IOException {
        // skipped rows are reported once the scan has passed them (a row returned, or the end): a
        // failure before that makes a retrying caller resume after the last row returned, which
        // reads them again, and they would be reported twice
        List<StoreException> skipped = null;
        while (true) {
          Result r;
          try {
            r = scanner.next();
          } catch (IOException | RuntimeException e) {
            throw failed(e, skipped);
          }
          if (r == null) {
            report(skipped);
            return null;
          }
          try {
            Optional<Row> row = toRow(table, r, range.columns());
            if (row.isPresent()) {
              report(skipped);
              return row.get();
            }
          } catch (StoreException e) {
            if (skippedRows == null || e.kind() != ErrorKind.CORRUPT_DATA) {
              throw failed(e, skipped);
            }
            if (skipped == null) {
              skipped = new ArrayList<>();
            } else if (skipped.size() == MAX_HELD_REPORTS) {
              // a long run of malformed rows (another application's table): reported as they
              // come, so held reports stay bounded; only these may repeat after a resume
              report(skipped);
              skipped.clear();
            }
            skipped.add(e); // the caller chose to skip malformed rows
          }
        }
      }

      private void report(List<StoreException> skipped) {
        if (skipped != null) {
          skipped.forEach(skippedRows);
        }
      }

      /**
       * The scan's failure, which must not lose the malformed rows skipped since the last row
       * returned: after a retryable failure a resumed scan reads them again and reports them then,
       * so they ride on the error as suppressed exceptions (seen if the caller does not resume);
       * after any other, nothing reads them again, so they are reported now.
       */
      private RuntimeException failed(Exception e, List<StoreException> skipped) {
        RuntimeException out;
        if (e instanceof RuntimeException unchecked && !(e instanceof StoreException)) {
          out = unchecked;
        } else {
          out = e instanceof StoreException s ? s : mapError("scanning table " + table.name(), e);
        }
        if (skipped != null) {
          if (out instanceof StoreException s && s.retryable()) {
            skipped.forEach(s::addSuppressed);
          } else {
            report(skipped);
          }
        }
        return out;
      }

      @Override
      public void close() {
        scanner.close();
        closeQuietly(t);
      }
    };
  }

  // ---------------------------------------------------------------- partition stats

  /**
   * The store file and memstore size of the partition's regions, which HBase reports in whole
   * megabytes. (HBase's own request counters count reads per call, not per row; {@link #regionLoad}
   * gives those.)
   */
  @Override
  protected long[] storedBytes(TableSpec table) {
    byte[][] splits = TableMetadata.splitKeys(table);
    List<RegionLoad> regions;
    try {
      regions = regionLoad(table.name());
    } catch (RegionMetricsUnavailable e) {
      // a service without the region servers' metrics (Lindorm is not known to serve them):
      // stored bytes unknown, as Tablestore's, while the client's counters still count
      return super.storedBytes(table);
    }
    long[] stored = new long[splits.length + 1];
    for (RegionLoad region : regions) {
      stored[partitionOf(region.startKey(), splits)] += region.storedBytes();
    }
    return stored;
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
   * @param writeRequests the region's write request count
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
   * <p>A service that does not serve {@code Admin.getRegionMetrics} (HBase-compatible services need
   * not; Lindorm is not known to) fails this with {@link RegionMetricsUnavailable}, a {@link
   * StoreException} of the kind its cause maps to, that says so; {@link #partitionStats} then
   * reports the stored bytes as unknown ({@code -1}) and keeps the client's counters.
   *
   * <pre>{@code
   * for (HBaseStore.RegionLoad r : store.regionLoad("orders")) {
   *   log.info("{}..{}: {} writes", r.start(), r.end(), r.writeRequests());
   * }
   * }</pre>
   */
  public List<RegionLoad> regionLoad(String table) {
    TableName name = tableName(table);
    PkColumn partitionColumn = spec(table).primaryKey().get(0);
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
          for (RegionMetrics m : regionMetrics(admin, server, name, table)) {
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
      throw serviceError("reading region metrics of table " + table, table, e);
    }
  }

  /**
   * One region server's metrics of the table's regions.
   *
   * @throws RegionMetricsUnavailable if the call fails, typed as its cause maps ({@link
   *     HBaseErrors}), or {@link ErrorKind#INVALID_REQUEST} where the client or service does not
   *     support it
   */
  private static List<RegionMetrics> regionMetrics(
      Admin admin, ServerName server, TableName name, String table) {
    String what =
        "reading the region servers' metrics (Admin.getRegionMetrics) of table "
            + table
            + " from "
            + server;
    String why =
        "; partitionStats reports stored bytes as unknown (-1) without them. A service that is"
            + " compatible with HBase's data API need not serve this call (Lindorm is not known"
            + " to)";
    try {
      return admin.getRegionMetrics(server, name);
    } catch (IOException e) {
      StoreException mapped = HBaseErrors.map(what, e);
      throw new RegionMetricsUnavailable(
          mapped.kind(), mapped.getMessage() + why, mapped.retryable(), e);
    } catch (UnsupportedOperationException e) {
      throw new RegionMetricsUnavailable(
          ErrorKind.INVALID_REQUEST, what + ": not supported (" + e + ")" + why, false, e);
    }
  }

  /**
   * The region servers' metrics could not be read ({@link #regionLoad}): the kind says whether
   * trying again may help; the message names the table, the server and the call.
   */
  public static final class RegionMetricsUnavailable extends StoreException {
    RegionMetricsUnavailable(ErrorKind kind, String message, boolean retryable, Throwable cause) {
      super(kind, message, retryable, cause);
    }
  }

  /** Names the namespace and the write order, e.g. in test reports. */
  @Override
  public String toString() {
    return "HBaseStore[namespace=" + namespace + ", write.order=" + writeOrder.setting() + "]";
  }

  @Override
  public void close() {
    try {
      if (ownsChecked) {
        checked.close();
      }
      if (ownsConnection) {
        connection.close();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("closing the HBase connection", e);
    }
  }

  // ---------------------------------------------------------------- mapping

  /**
   * One Put of the row's cells and its marker, at the server's time: atomic on the row, and no
   * delete marker (they slow reads until a major compaction).
   */
  static Put toPut(byte[] key, Row row) {
    int n = row.columnCount();
    byte[][] qualifiers = new byte[n][];
    AttrValue[] values = new AttrValue[n];
    for (int i = 0; i < n; i++) {
      qualifiers[i] = Utf8.encode(row.columnName(i));
      values[i] = row.columnValue(i);
    }
    sortByQualifier(qualifiers, values);
    Put put = new Put(key);
    for (int j = 0; j < n; j++) {
      put.addColumn(FAMILY_BYTES, qualifiers[j], CellCodec.encode(values[j]));
    }
    put.addColumn(FAMILY_BYTES, RowMarker.QUALIFIER, RowMarker.encode(qualifiers));
    return put;
  }

  /**
   * Sorts the pairs by qualifier bytes, the marker's order. The row's columns come in {@code
   * String} order, which is the UTF-8 byte order except around supplementary characters, so this
   * usually finds them sorted.
   */
  private static void sortByQualifier(byte[][] qualifiers, AttrValue[] values) {
    for (int i = 1; i < qualifiers.length; i++) {
      byte[] q = qualifiers[i];
      AttrValue v = values[i];
      int j = i - 1;
      while (j >= 0 && Arrays.compareUnsigned(qualifiers[j], q) > 0) {
        qualifiers[j + 1] = qualifiers[j];
        values[j + 1] = values[j];
        j--;
      }
      qualifiers[j + 1] = q;
      values[j + 1] = v;
    }
  }

  private static Get get(PrimaryKey key, ColumnSelection columns) {
    Get get = new Get(OrderedKeyBytes.encode(key)); // one version is the default
    if (columns.isAll()) {
      get.addFamily(FAMILY_BYTES);
    } else {
      for (String c : columns.names()) {
        get.addColumn(FAMILY_BYTES, Utf8.encode(c));
      }
      get.addColumn(FAMILY_BYTES, RowMarker.QUALIFIER); // which of them are the row's
    }
    return get;
  }

  private static void select(Scan scan, ColumnSelection columns) {
    if (columns.isAll()) {
      scan.addFamily(FAMILY_BYTES);
    } else {
      for (String c : columns.names()) {
        scan.addColumn(FAMILY_BYTES, Utf8.encode(c));
      }
      scan.addColumn(FAMILY_BYTES, RowMarker.QUALIFIER);
    }
  }

  /**
   * The row the latest marker describes: the cells of the columns it lists, those selected. A row
   * with cells but no marker, a marker that does not parse, or a listed column without its cell is
   * not widekey's writing ({@link ErrorKind#CORRUPT_DATA}); cells the marker does not list are an
   * older row's leftovers: ignored, and handed to their repair ({@link LeftoverCells}).
   */
  private Optional<Row> toRow(TableSpec spec, Result result, ColumnSelection selection) {
    if (result == null || result.isEmpty()) {
      return Optional.empty();
    }
    NavigableMap<byte[], byte[]> cells = result.getFamilyMap(FAMILY_BYTES);
    if (cells == null || cells.isEmpty()) {
      return Optional.empty();
    }
    // stored bytes are not trusted: a malformed key or cell is a typed CORRUPT_DATA error
    byte[] rowKey = result.getRow();
    PrimaryKey key = OrderedKeyBytes.decode(spec.name(), rowKey, spec.primaryKey());
    byte[] marker = cells.get(RowMarker.QUALIFIER);
    if (marker == null) {
      throw RowMarker.malformed(spec.name(), rowKey, RowMarker.NO_MARKER);
    }
    Map<String, AttrValue> columns = new TreeMap<>();
    List<byte[]> listed = RowMarker.decode(spec.name(), rowKey, marker);
    for (byte[] qualifier : listed) {
      String column = CellCodec.columnName(spec.name(), rowKey, qualifier);
      if (!selection.includes(column)) {
        continue;
      }
      byte[] cell = cells.get(qualifier);
      if (cell == null) {
        throw RowMarker.malformed(
            spec.name(),
            rowKey,
            "it lists column " + RuleViolationException.quote(column) + ", which the row lacks");
      }
      columns.put(column, CellCodec.decode(spec.name(), rowKey, column, cell));
    }
    Delete leftovers = LeftoverCells.of(result, cells, listed);
    if (leftovers != null) {
      LeftoverCells.schedule(connection, tableName(spec.name()), leftovers);
    }
    if (!selection.isAll() && !selection.isKeysOnly() && columns.isEmpty()) {
      return Optional.empty(); // as an HBase Get of absent columns: no row
    }
    return Optional.of(Row.of(key, columns));
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
