package dev.widekey.runtime.store;

import dev.widekey.annotations.Profile;
import dev.widekey.core.store.StoreLimits;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A store that forwards every call to another: the base of store decorators (fault injection,
 * throttling, metrics), which override only the calls they observe or change. Conditional puts and
 * deletes keep the interface's defaults, a batch of one through {@link #batchWrite}, so a decorator
 * that observes batches observes them too.
 *
 * <pre>{@code
 * WideTableStore counting = new ForwardingStore(backend) {
 *   @Override public void put(String table, Row row) { puts.incrementAndGet(); super.put(table, row); }
 * };
 * }</pre>
 */
public class ForwardingStore implements WideTableStore {
  protected final WideTableStore delegate;

  public ForwardingStore(WideTableStore delegate) {
    this.delegate = delegate;
  }

  @Override
  public void createTable(TableSpec spec) {
    delegate.createTable(spec);
  }

  @Override
  public Optional<TableSpec> describeTable(String table) {
    return delegate.describeTable(table);
  }

  @Override
  public List<String> listTables(String prefix) {
    return delegate.listTables(prefix);
  }

  @Override
  public void deleteTable(String table) {
    delegate.deleteTable(table);
  }

  @Override
  public void put(String table, Row row) {
    delegate.put(table, row);
  }

  @Override
  public Optional<Row> get(String table, PrimaryKey key, ColumnSelection columns) {
    return delegate.get(table, key, columns);
  }

  @Override
  public List<Optional<Row>> multiGet(
      String table, List<PrimaryKey> keys, ColumnSelection columns) {
    return delegate.multiGet(table, keys, columns);
  }

  @Override
  public void delete(String table, PrimaryKey key) {
    delegate.delete(table, key);
  }

  @Override
  public List<WriteOutcome> batchWrite(List<WriteOp> ops) {
    return delegate.batchWrite(ops);
  }

  @Override
  public Stream<Row> scan(String table, ScanRange range) {
    return delegate.scan(table, range);
  }

  @Override
  public Stream<Row> scanIndex(String table, String index, ScanRange range) {
    return delegate.scanIndex(table, index, range);
  }

  @Override
  public List<PartitionStats> partitionStats(String table) {
    return delegate.partitionStats(table);
  }

  @Override
  public StoreLimits limits() {
    return delegate.limits();
  }

  @Override
  public StoreLimits limits(Profile profile) {
    return delegate.limits(profile);
  }

  @Override
  public int scanParallelism() {
    return delegate.scanParallelism();
  }

  @Override
  public void close() {
    delegate.close();
  }
}
