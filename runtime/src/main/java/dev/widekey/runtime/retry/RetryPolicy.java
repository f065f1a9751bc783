package dev.widekey.runtime.retry;

import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import java.time.Duration;
import java.util.Objects;
import java.util.Random;
import java.util.function.Supplier;

/**
 * When and how long to wait before retrying a failed store call (rule WK303): only errors whose
 * {@link StoreException#retryable()} flag is set are retried, at most {@link #maxAttempts()}
 * attempts in all and never past the {@link #deadline()}, waiting an exponential, randomized
 * backoff between attempts ("full jitter": a uniform random delay between 0 and {@code
 * min(maxDelay, baseDelay * 2^retry)}), so that many clients failing together do not retry together
 * and make the overload worse. Immutable and thread-safe.
 *
 * <p>Time is read from an injectable {@link Clock} and waited through an injectable {@link
 * Sleeper}, so tests run retries without sleeping.
 *
 * <pre>{@code
 * RetryPolicy policy = RetryPolicy.builder()
 *     .maxAttempts(8)
 *     .baseDelay(Duration.ofMillis(20))
 *     .maxDelay(Duration.ofSeconds(2))
 *     .deadline(Duration.ofSeconds(30))
 *     .build();
 * Optional<Row> row = policy.call(() -> store.get("items", key, ColumnSelection.all()));
 * }</pre>
 */
public final class RetryPolicy {

  /** A monotonic time source in nanoseconds, as {@link System#nanoTime()}. */
  @FunctionalInterface
  public interface Clock {
    /** The current time in nanoseconds; only differences are meaningful. */
    long nanoTime();

    /** The system's monotonic clock. */
    static Clock system() {
      return System::nanoTime;
    }
  }

  /** Waits between attempts. */
  @FunctionalInterface
  public interface Sleeper {
    /** Waits {@code nanos} nanoseconds (or returns at once if not positive). */
    void sleep(long nanos) throws InterruptedException;

    /** Sleeps the current thread for real. */
    static Sleeper system() {
      return nanos -> {
        if (nanos > 0) {
          Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        }
      };
    }
  }

  /** One store call that may be retried. */
  @FunctionalInterface
  public interface StoreCall<T> {
    T call();
  }

  /** A policy that tries once and never retries. */
  public static final RetryPolicy NONE = builder().maxAttempts(1).build();

  private final int maxAttempts;
  private final long baseDelayNanos;
  private final long maxDelayNanos;
  private final long deadlineNanos;
  private final Clock clock;
  private final Sleeper sleeper;
  private final Supplier<Random> random;
  private final RetryListener listener;

  private RetryPolicy(Builder b) {
    this.maxAttempts = b.maxAttempts;
    this.baseDelayNanos = saturatedNanos(b.baseDelay);
    this.maxDelayNanos = saturatedNanos(b.maxDelay);
    this.deadlineNanos = saturatedNanos(b.deadline);
    this.clock = b.clock;
    this.sleeper = b.sleeper;
    this.random = b.random;
    this.listener = b.listener;
  }

  /**
   * A builder with the defaults: 10 attempts, 50 ms base delay, 5 s maximum delay, 60 s deadline,
   * the system clock and sleeper, and an unseeded random source.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** The defaults of {@link #builder()}. */
  public static RetryPolicy defaults() {
    return builder().build();
  }

  /** A builder holding this policy's settings, to derive a changed policy. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.maxAttempts = maxAttempts;
    b.baseDelay = Duration.ofNanos(baseDelayNanos);
    b.maxDelay = Duration.ofNanos(maxDelayNanos);
    b.deadline = Duration.ofNanos(deadlineNanos);
    b.clock = clock;
    b.sleeper = sleeper;
    b.random = random;
    b.listener = listener;
    return b;
  }

  /** Attempts in all, the first one included; at least 1. */
  public int maxAttempts() {
    return maxAttempts;
  }

  public Duration baseDelay() {
    return Duration.ofNanos(baseDelayNanos);
  }

  public Duration maxDelay() {
    return Duration.ofNanos(maxDelayNanos);
  }

  /** How long after the first attempt a retry may still start. */
  public Duration deadline() {
    return Duration.ofNanos(deadlineNanos);
  }

  public Clock clock() {
    return clock;
  }

  public Sleeper sleeper() {
    return sleeper;
  }

  /**
   * Told of every retry and every give-up this policy decides; {@link RetryListener#NONE} by
   * default.
   */
  public RetryListener listener() {
    return listener;
  }

  /**
   * Whether the policy retries this error at all: only retryable ones, and never a failed write
   * condition, which fails the same way until the row is read again, whatever its flag says.
   */
  public boolean retries(StoreException error) {
    return error.retryable() && error.kind() != ErrorKind.CONDITION_FAILED;
  }

  /**
   * The backoff before retry number {@code retry} (0 for the wait after the first failure): a
   * uniform random value in {@code [0, min(maxDelay, baseDelay * 2^retry)]}, in nanoseconds.
   */
  public long backoffNanos(int retry) {
    long ceiling = ceilingNanos(retry);
    if (ceiling <= 0) {
      return 0;
    }
    Random r = random.get();
    return ceiling == Long.MAX_VALUE ? r.nextLong(Long.MAX_VALUE) : r.nextLong(ceiling + 1);
  }

  /** The upper bound of {@link #backoffNanos(int)}: {@code min(maxDelay, base * 2^retry)}. */
  long ceilingNanos(int retry) {
    if (baseDelayNanos <= 0) {
      return 0;
    }
    // shifting past the leading zeros of the base would overflow: the cap applies already
    int shift = Math.max(0, retry);
    if (shift >= Long.numberOfLeadingZeros(baseDelayNanos) - 1) {
      return maxDelayNanos;
    }
    return Math.min(maxDelayNanos, baseDelayNanos << shift);
  }

  /**
   * The decision after a failure, for callers that keep the state of many operations themselves
   * (the bulk writer does, per row): the backoff in nanoseconds before the next attempt, or -1 if
   * there is none because the error is not retryable, {@code failures} reached {@link
   * #maxAttempts()}, or the retry would start after the deadline.
   *
   * @param error the failure just seen
   * @param failures failed attempts so far, this one included (1 after the first failure)
   * @param startNanos {@link Clock#nanoTime()} when the first attempt started
   */
  public long retryDelayNanos(StoreException error, int failures, long startNanos) {
    if (!retries(error)) {
      return -1;
    }
    long delay = failures >= maxAttempts ? -1 : backoffNanos(failures - 1);
    long elapsed = clock.nanoTime() - startNanos;
    if (delay >= 0
        && elapsed > deadlineNanos - delay) { // overflow-safe: elapsed + delay > deadline
      delay = -1;
    }
    tell(error, failures, delay);
    return delay;
  }

  private void tell(StoreException error, int failures, long delay) {
    if (listener == RetryListener.NONE) {
      return;
    }
    try {
      if (delay >= 0) {
        listener.retrying(error, failures, delay);
      } else {
        listener.gaveUp(error, failures);
      }
    } catch (RuntimeException ignored) {
      // a listener's failure must not change what is retried
    }
  }

  /**
   * Starts tracking the retries of one logical operation; its deadline counts from now. Not
   * thread-safe: one tracker per operation.
   */
  public Attempts start() {
    return new Attempts(clock.nanoTime());
  }

  /**
   * Runs {@code call}, retrying retryable failures with backoff until it succeeds, the attempts are
   * used up or the deadline would pass.
   *
   * @throws StoreException the last failure, when it is not retryable or no retry is left; the
   *     earlier failures are attached as suppressed exceptions
   */
  public <T> T call(StoreCall<T> call) {
    Attempts attempts = start();
    while (true) {
      try {
        return call.call();
      } catch (StoreException e) {
        attempts.failedOrThrow(e);
      }
    }
  }

  /** Runs a call without a result, as {@link #call(StoreCall)}. */
  public void run(Runnable call) {
    call(
        () -> {
          call.run();
          return null;
        });
  }

  /**
   * The retry state of one logical operation: how many attempts failed and when the first one
   * started.
   *
   * <pre>{@code
   * RetryPolicy.Attempts attempts = policy.start();
   * while (true) {
   *   try { return store.get(table, key, columns); }
   *   catch (StoreException e) { attempts.failedOrThrow(e); } // waits, or rethrows
   * }
   * }</pre>
   */
  public final class Attempts {
    private final long startNanos;
    private int failures;
    private StoreException first;

    private Attempts(long startNanos) {
      this.startNanos = startNanos;
    }

    /** Failed attempts so far. */
    public int failures() {
      return failures;
    }

    /**
     * Records a failure and decides: returns the backoff to wait before the next attempt, in
     * nanoseconds, or -1 if the error must not be retried (not retryable, attempts used up, or the
     * retry would start after the deadline).
     */
    public long onFailure(StoreException error) {
      failures++;
      return retryDelayNanos(error, failures, startNanos);
    }

    /**
     * Records a failure, then either waits the backoff (so the caller may try again) or throws the
     * error with the earlier failure attached.
     */
    public void failedOrThrow(StoreException error) {
      long delay = onFailure(error);
      if (delay < 0) {
        if (first != null && first != error) {
          error.addSuppressed(first);
        }
        throw error;
      }
      if (first == null) {
        first = error;
      }
      try {
        sleeper.sleep(delay);
      } catch (InterruptedException ie) {
        Thread.currentThread().interrupt();
        error.addSuppressed(ie);
        throw error;
      }
    }
  }

  /**
   * {@code d} in nanoseconds, or {@link Long#MAX_VALUE} for a duration longer than a long counts
   * (about 292 years, {@code ChronoUnit.FOREVER} say): the runtime's clocks count nanoseconds, and
   * a duration that means "never" must not fail with an overflow where it is used.
   */
  public static long saturatedNanos(Duration d) {
    try {
      return d.toNanos();
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }

  @Override
  public String toString() {
    return "RetryPolicy[maxAttempts="
        + maxAttempts
        + ", baseDelay="
        + baseDelay()
        + ", maxDelay="
        + maxDelay()
        + ", deadline="
        + deadline()
        + "]";
  }

  /** Builds a {@link RetryPolicy}; see {@link RetryPolicy#builder()} for the defaults. */
  public static final class Builder {
    private int maxAttempts = 10;
    private Duration baseDelay = Duration.ofMillis(50);
    private Duration maxDelay = Duration.ofSeconds(5);
    private Duration deadline = Duration.ofSeconds(60);
    private Clock clock = Clock.system();
    private Sleeper sleeper = Sleeper.system();
    private Supplier<Random> random = java.util.concurrent.ThreadLocalRandom::current;
    private RetryListener listener = RetryListener.NONE;

    private Builder() {}

    /** Attempts in all, the first included; 1 means no retry. */
    public Builder maxAttempts(int maxAttempts) {
      if (maxAttempts < 1) {
        throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
      }
      this.maxAttempts = maxAttempts;
      return this;
    }

    /** The backoff ceiling of the first retry; it doubles with every further retry. */
    public Builder baseDelay(Duration baseDelay) {
      this.baseDelay = nonNegative(baseDelay, "baseDelay");
      return this;
    }

    /** The largest backoff ceiling. */
    public Builder maxDelay(Duration maxDelay) {
      this.maxDelay = nonNegative(maxDelay, "maxDelay");
      return this;
    }

    /** No retry starts later than this after the first attempt. */
    public Builder deadline(Duration deadline) {
      this.deadline = nonNegative(deadline, "deadline");
      return this;
    }

    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    public Builder sleeper(Sleeper sleeper) {
      this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
      return this;
    }

    /**
     * The jitter source. A shared seeded {@link Random} makes one thread's delays reproducible;
     * {@link Random} is thread-safe.
     */
    public Builder random(Random random) {
      Objects.requireNonNull(random, "random");
      this.random = () -> random;
      return this;
    }

    /**
     * Told of every retry and give-up the policy decides (metrics, logs); see {@link RetryListener}
     * for what it may do. Default {@link RetryListener#NONE}.
     */
    public Builder listener(RetryListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    public RetryPolicy build() {
      if (maxDelay.compareTo(baseDelay) < 0) {
        throw new IllegalArgumentException(
            "maxDelay " + maxDelay + " is below baseDelay " + baseDelay);
      }
      return new RetryPolicy(this);
    }

    private static Duration nonNegative(Duration d, String what) {
      Objects.requireNonNull(d, what);
      if (d.isNegative()) {
        throw new IllegalArgumentException(what + " is negative: " + d);
      }
      return d;
    }
  }
}
