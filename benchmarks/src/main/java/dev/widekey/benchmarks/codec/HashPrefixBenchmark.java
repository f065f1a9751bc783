package dev.widekey.benchmarks.codec;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * {@code Order}'s 4-hex MD5-prefixed key: the generated {@code OrderKeys.partitionKey} against a
 * bare {@link java.security.MessageDigest} plus the 4 hex digits it needs ({@link
 * BareDigestOrderKeys}). Sequential order numbers, as the entity's {@code @Sequential} says.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class HashPrefixBenchmark {
  private long orderNumber = 200_000;

  @Benchmark
  public String hashPrefix_generated() {
    return OrderKeys.partitionKey(orderNumber++);
  }

  @Benchmark
  public String hashPrefix_handWritten() {
    return BareDigestOrderKeys.partitionKey(orderNumber++);
  }
}
