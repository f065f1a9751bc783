package dev.widekey.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widekey.runtime.store.ForwardingStore;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A store that hangs cannot hang the health endpoint: the check answers DOWN after {@code
 * widekey.health.timeout}, and however often it is called while the store hangs, one probe waits on
 * it, not one thread per call.
 */
class HealthTimeoutTest {
  /** Opened when the store answers again; a new one for each test. */
  private static volatile CountDownLatch hung;

  private static final AtomicInteger CALLS = new AtomicInteger();

  /** A store whose listTables waits until {@link #hung} opens. */
  static WideTableStore hanging(WideTableStore delegate) {
    return new ForwardingStore(delegate) {
      @Override
      public List<String> listTables(String prefix) {
        CALLS.incrementAndGet();
        try {
          hung.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return super.listTables(prefix);
      }
    };
  }

  @Configuration(proxyBeanMethods = false)
  static class HangingStore {
    @Bean(destroyMethod = "close")
    WideTableStore store() {
      return hanging(EmbeddedStore.inMemory());
    }
  }

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  WidekeyAutoConfiguration.class, WidekeyHealthAutoConfiguration.class))
          .withUserConfiguration(HangingStore.class);

  @BeforeEach
  void hang() {
    hung = new CountDownLatch(1);
    CALLS.set(0);
  }

  @AfterEach
  void release() {
    hung.countDown();
  }

  private static long probeThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().startsWith("widekey-health"))
        .count();
  }

  @Test
  void aHangingStoreIsDownAfterTheTimeoutWithOneProbeThread() {
    runner
        .withPropertyValues("widekey.health.timeout=200ms")
        .run(
            context -> {
              WideTableStoreHealthIndicator indicator =
                  context.getBean("widekeyHealthIndicator", WideTableStoreHealthIndicator.class);
              ExecutorService callers = Executors.newFixedThreadPool(4);
              try {
                // actuator requests, some at once, while the store hangs
                for (int round = 0; round < 3; round++) {
                  List<Future<Health>> checks =
                      callers.invokeAll(
                          List.of(
                              indicator::health,
                              indicator::health,
                              indicator::health,
                              indicator::health),
                          10,
                          TimeUnit.SECONDS);
                  for (Future<Health> f : checks) {
                    assertThat(f.isCancelled()).as("the check returned in time").isFalse();
                    Health h = f.get();
                    assertThat(h.getStatus()).isEqualTo(Status.DOWN);
                    assertThat(h.getDetails()).containsEntry("error", "TIMEOUT");
                    assertThat(String.valueOf(h.getDetails().get("message")))
                        .contains("did not answer")
                        .contains("0.2S");
                  }
                }
                assertThat(CALLS.get()).as("one probe waits on the hung store").isEqualTo(1);
                assertThat(probeThreads()).isLessThanOrEqualTo(1);

                hung.countDown(); // the store answers again
                Health after = indicator.health();
                for (int i = 0; i < 50 && after.getStatus() != Status.UP; i++) {
                  Thread.sleep(20);
                  after = indicator.health();
                }
                assertThat(after.getStatus()).isEqualTo(Status.UP);
              } finally {
                callers.shutdownNow();
              }
            });
  }

  @Test
  void theTimeoutIsTheStartersOwnNotTheStores() {
    runner
        .withPropertyValues("widekey.health.timeout=3s")
        .run(
            context -> {
              WidekeyProperties properties = context.getBean(WidekeyProperties.class);
              assertThat(properties.getHealth().getTimeout()).isEqualTo(Duration.ofSeconds(3));
              assertThat(StoreSettings.of(properties, context.getEnvironment()))
                  .doesNotContainKey("widekey.health.timeout");
            });
  }

  @Test
  void aTimeoutThatIsNotPositiveFailsTheStartNamingIt() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(WidekeyAutoConfiguration.class))
        .withPropertyValues("widekey.health.timeout=0s")
        .run(
            context -> {
              assertThat(context).hasFailed();
              StringBuilder messages = new StringBuilder();
              for (Throwable t = context.getStartupFailure(); t != null; t = t.getCause()) {
                messages.append(t.getMessage()).append('\n');
              }
              assertThat(messages.toString()).contains("widekey.health.timeout");
            });
  }
}
