package dev.widekey.benchmarks.codec;

import dev.widekey.runtime.store.PrimaryKey;
import java.math.BigDecimal;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The generated {@code DeviceTransactionKeys} against the hand-written codec that makes the same
 * checks ({@link HandWrittenDeviceTransactionKeys}, the limit) and a reflective one with cached
 * metadata ({@link ReflectiveKeyCodec}, what a user would otherwise pick). Methods are named {@code
 * goal_side}; {@link KeyBenchmarkReport} pairs them up. Each call takes the next of 64 entities, so
 * that no value is constant to the JIT.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class KeyCodecBenchmark {
  private static final int SIZE = 64; // a power of two: the cursor wraps with a mask

  private final ReflectiveKeyCodec<DeviceTransaction> reflective =
      new ReflectiveKeyCodec<>(
          DeviceTransaction.class,
          List.of(
              ReflectiveKeyCodec.Component.padded("deviceId", 6),
              ReflectiveKeyCodec.Component.text("sellerId", "a-z0-9", 16),
              ReflectiveKeyCodec.Component.text("cardId", "0-9A-Z", 16)),
          "orderNumber",
          ',');

  private DeviceTransaction[] entities;
  private PrimaryKey[] keys;
  private int next;

  /** Entities of the lengths the sample uses, and their keys as the generated codec writes them. */
  @Setup
  public void setUp() {
    Random random = new Random(42);
    entities = new DeviceTransaction[SIZE];
    keys = new PrimaryKey[SIZE];
    for (int i = 0; i < SIZE; i++) {
      entities[i] =
          new DeviceTransaction(
              random.nextInt(1_000_000),
              "s" + Integer.toString(random.nextInt(1 << 30), 36),
              "C" + Long.toString(random.nextLong() >>> 4, 36).toUpperCase(java.util.Locale.ROOT),
              random.nextLong() >>> 1,
              BigDecimal.valueOf(random.nextInt(100_000), 2));
      keys[i] = DeviceTransactionKeys.primaryKey(entities[i]);
    }
  }

  private int cursor() {
    int i = next;
    next = (i + 1) & (SIZE - 1);
    return i;
  }

  @Benchmark
  public String partitionKey_generated() {
    DeviceTransaction e = entities[cursor()];
    return DeviceTransactionKeys.partitionKey(e.deviceId(), e.sellerId(), e.cardId());
  }

  @Benchmark
  public String partitionKey_handWritten() {
    DeviceTransaction e = entities[cursor()];
    return HandWrittenDeviceTransactionKeys.partitionKey(e.deviceId(), e.sellerId(), e.cardId());
  }

  @Benchmark
  public String partitionKey_reflective() {
    DeviceTransaction e = entities[cursor()];
    return reflective.partitionKey(e.deviceId(), e.sellerId(), e.cardId());
  }

  @Benchmark
  public PrimaryKey primaryKey_generated() {
    return DeviceTransactionKeys.primaryKey(entities[cursor()]);
  }

  @Benchmark
  public PrimaryKey primaryKey_handWritten() {
    return HandWrittenDeviceTransactionKeys.primaryKey(entities[cursor()]);
  }

  @Benchmark
  public PrimaryKey primaryKey_reflective() {
    return reflective.primaryKey(entities[cursor()]);
  }

  @Benchmark
  public Object decode_generated() {
    return DeviceTransactionKeys.decode(keys[cursor()]);
  }

  @Benchmark
  public Object decode_handWritten() {
    return HandWrittenDeviceTransactionKeys.decode(keys[cursor()]);
  }

  @Benchmark
  public Object decode_reflective() {
    return reflective.decode(keys[cursor()]);
  }

  @Benchmark
  public Object roundTrip_generated() {
    return DeviceTransactionKeys.decode(DeviceTransactionKeys.primaryKey(entities[cursor()]));
  }

  @Benchmark
  public Object roundTrip_handWritten() {
    return HandWrittenDeviceTransactionKeys.decode(
        HandWrittenDeviceTransactionKeys.primaryKey(entities[cursor()]));
  }

  @Benchmark
  public Object roundTrip_reflective() {
    return reflective.decode(reflective.primaryKey(entities[cursor()]));
  }
}
