package dev.widekey.benchmarks.codec;

import dev.widekey.runtime.store.AttrValue;
import dev.widekey.runtime.store.ColumnSelection;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.Row;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The generated {@code DeviceTransactionRepository}'s put and get against raw calls on the embedded
 * in-memory store that write and read the same row, keyed by the hand-written codec: what the
 * repository adds over the store. The same 1,024 entities are written over and over, so the store
 * does not grow during a run.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RepositoryBenchmark {
  private static final int SIZE = 1024;
  private static final String TABLE = DeviceTransactionTable.NAME;

  private EmbeddedStore store;
  private DeviceTransactionRepository repository;
  private DeviceTransaction[] entities;
  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    store = EmbeddedStore.inMemory();
    repository = new DeviceTransactionRepository(store);
    repository.createTables();
    entities = new DeviceTransaction[SIZE];
    for (int i = 0; i < SIZE; i++) {
      entities[i] =
          new DeviceTransaction(
              i * 7L, "s" + i, "C" + (i * 31), i, BigDecimal.valueOf(i * 100L + 99, 2));
      repository.put(entities[i]);
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    store.close();
  }

  private DeviceTransaction nextEntity() {
    DeviceTransaction e = entities[next];
    next = (next + 1) & (SIZE - 1);
    return e;
  }

  @Benchmark
  public Object put_generated() {
    return repository.put(nextEntity());
  }

  @Benchmark
  public Object put_handWritten() {
    DeviceTransaction e = nextEntity();
    Row row =
        Row.of(
            HandWrittenDeviceTransactionKeys.primaryKey(e),
            Map.of("amount", AttrValue.ofInteger(e.amount().movePointRight(2).longValueExact())));
    store.put(TABLE, row);
    return row;
  }

  @Benchmark
  public Optional<DeviceTransaction> get_generated() {
    DeviceTransaction e = nextEntity();
    return repository.get(e.deviceId(), e.sellerId(), e.cardId(), e.orderNumber());
  }

  @Benchmark
  public Optional<DeviceTransaction> get_handWritten() {
    DeviceTransaction e = nextEntity();
    PrimaryKey key = HandWrittenDeviceTransactionKeys.primaryKey(e);
    return store
        .get(TABLE, key, ColumnSelection.all())
        .map(
            row -> {
              HandWrittenDeviceTransactionKeys.Key k =
                  HandWrittenDeviceTransactionKeys.decode(row.key());
              AttrValue amount = row.get("amount");
              return new DeviceTransaction(
                  k.deviceId(),
                  k.sellerId(),
                  k.cardId(),
                  k.orderNumber(),
                  amount == null ? null : BigDecimal.valueOf(amount.asLong(), 2));
            });
  }
}
