package dev.widekey.runtime.retry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.fault.FakeTime;
import dev.widekey.runtime.store.fault.Seeds;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RetryPolicyTest {
  @RegisterExtension final Seeds seeds = new Seeds();

  @Test
  void backoffIsFullJitterUnderTheExponentialCeiling() {
    RetryPolicy p =
        RetryPolicy.builder()
            .baseDelay(Duration.ofMillis(10))
            .maxDelay(Duration.ofSeconds(2))
            .random(new Random(seeds.seed()))
            .build();
    for (int retry = 0; retry < 80; retry++) {
      long ceiling =
          Math.min(
              Duration.ofSeconds(2).toNanos(),
              retry >= 40 ? Long.MAX_VALUE : (10_000_000L << retry));
      long min = Long.MAX_VALUE;
      long max = 0;
      for (int i = 0; i < 2000; i++) {
        long d = p.backoffNanos(retry);
        assertTrue(
            d >= 0 && d <= ceiling, "retry " + retry + ": " + d + " outside [0, " + ceiling + "]");
        min = Math.min(min, d);
        max = Math.max(max, d);
      }
      // full jitter: the delays spread over the whole range, not around the ceiling
      assertTrue(min < ceiling / 10, "retry " + retry + " min " + min);
      assertTrue(max > ceiling / 10 * 9, "retry " + retry + " max " + max);
    }
  }

  @Test
  void onlyRetryableErrorsAreRetried() {
    FakeTime time = new FakeTime();
    RetryPolicy p = RetryPolicy.builder().clock(time).sleeper(time).build();
    StoreException notRetryable = new StoreException(ErrorKind.THROTTLED, "quota", false, null);
    assertEquals(-1, p.retryDelayNanos(notRetryable, 1, 0));
    assertTrue(p.retryDelayNanos(new StoreException(ErrorKind.THROTTLED, "busy"), 1, 0) >= 0);
    assertEquals(-1, p.retryDelayNanos(new StoreException(ErrorKind.LIMIT_EXCEEDED, "big"), 1, 0));
    int[] calls = {0};
    assertThrows(
        StoreException.class,
        () ->
            p.call(
                () -> {
                  calls[0]++;
                  throw notRetryable;
                }));
    assertEquals(1, calls[0]);
  }

  @Test
  void callReturnsOnceTheCallSucceeds() {
    FakeTime time = new FakeTime();
    RetryPolicy p =
        RetryPolicy.builder().clock(time).sleeper(time).random(new Random(seeds.seed())).build();
    int[] calls = {0};
    String result =
        p.call(
            () -> {
              if (++calls[0] < 5) {
                throw new StoreException(ErrorKind.INTERNAL, "oops");
              }
              return "done";
            });
    assertEquals("done", result);
    assertEquals(5, calls[0]);
    assertTrue(time.nanoTime() <= 50_000_000L * (1 + 2 + 4 + 8), "waited at most the ceilings");
  }

  @Test
  void theBuilderRefusesNonsense() {
    assertThrows(IllegalArgumentException.class, () -> RetryPolicy.builder().maxAttempts(0));
    assertThrows(
        IllegalArgumentException.class,
        () -> RetryPolicy.builder().baseDelay(Duration.ofMillis(-1)));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            RetryPolicy.builder()
                .baseDelay(Duration.ofSeconds(2))
                .maxDelay(Duration.ofSeconds(1))
                .build());
    assertEquals(1, RetryPolicy.NONE.maxAttempts());
  }

  @Test
  void durationsMeaningNeverAreTakenAsTheLongestWaitNotAnOverflow() {
    Duration forever = java.time.temporal.ChronoUnit.FOREVER.getDuration();
    RetryPolicy p =
        RetryPolicy.builder()
            .baseDelay(Duration.ofMillis(10))
            .maxDelay(forever)
            .deadline(forever)
            .random(new Random(seeds.seed()))
            .build();
    assertEquals(Long.MAX_VALUE, p.ceilingNanos(200), "the exponential ceiling grows to the cap");
    assertTrue(p.backoffNanos(200) >= 0);
    RetryPolicy slow = RetryPolicy.builder().baseDelay(forever).maxDelay(forever).build();
    assertEquals(Long.MAX_VALUE, slow.ceilingNanos(0));
  }
}
