package dev.widekey.runtime.store.fault;

import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.PartitionStats;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.ScanRange;
import dev.widekey.runtime.store.StoreLimits;
import dev.widekey.runtime.store.TableSpec;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.WriteOp;
import dev.widekey.runtime.store.WriteOutcome;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A store that forwards every call to another; tests override the calls they observe or
 * disturb.
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
  public List<Optional<Row>> multiGet(String table, List<PrimaryKey> keys, ColumnSelection columns) {
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
  public List<PartitionStats> partitionStats(String table) {
    return delegate.partitionStats(table);
  }

  @Override
  public StoreLimits limits() {
    return delegate.limits();
  }

  @Override
  public void close() {
    delegate.close();
  }
}
