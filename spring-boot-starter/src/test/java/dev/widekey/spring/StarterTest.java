package dev.widekey.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import dev.widekey.spring.app.Customer;
import dev.widekey.spring.app.CustomerRepository;
import dev.widekey.spring.app.Reading;
import dev.widekey.spring.app.ReadingShardedRepository;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/**
 * The auto-configuration in contexts built for each case: the store from properties, the
 * repositories from the processor's index, the health indicator, a store of the application's own.
 */
class StarterTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  WidekeyAutoConfiguration.class, WidekeyHealthAutoConfiguration.class));

  @Test
  void inMemoryByDefault() {
    runner.run(
        context -> {
          assertThat(context).hasSingleBean(WideTableStore.class);
          assertThat(context.getBean(WideTableStore.class)).isInstanceOf(EmbeddedStore.class);
          assertThat(context).hasBean("customerRepository");
          assertThat(context).hasBean("readingShardedRepository");
          // a sharded entity's plain repository works over one period's tables: not a bean
          assertThat(context).doesNotHaveBean("readingRepository");
        });
  }

  @Test
  void embeddedDirectoryKeepsDataAcrossContexts(@TempDir Path dir) {
    String setting = "widekey.embedded.dir=" + dir.resolve("store");
    runner
        .withPropertyValues(setting)
        .run(
            context -> {
              CustomerRepository customers = context.getBean(CustomerRepository.class);
              customers.createTables();
              customers.put(new Customer("c1", "Ada"));
            });
    assertThat(Files.isDirectory(dir.resolve("store"))).isTrue();
    runner
        .withPropertyValues(setting)
        .run(
            context ->
                assertThat(context.getBean(CustomerRepository.class).get("c1"))
                    .contains(new Customer("c1", "Ada")));
  }

  @Test
  void shardedRepositoryWritesAndReads() {
    runner.run(
        context -> {
          ReadingShardedRepository readings = context.getBean(ReadingShardedRepository.class);
          Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
          readings.createTablesAhead(now);
          Reading r = new Reading("d1", now, 21.5);
          readings.put(r);
          assertThat(readings.get("d1", now)).contains(r);
        });
  }

  @Test
  void theApplicationsOwnStoreWins() {
    WideTableStore own = EmbeddedStore.inMemory();
    runner
        .withUserConfiguration(OwnStore.class)
        .withBean("ownStore", WideTableStore.class, () -> own)
        .run(
            context -> {
              assertThat(context).hasSingleBean(WideTableStore.class);
              assertThat(context).doesNotHaveBean(WidekeyAutoConfiguration.STORE_BEAN);
              assertThat(context.getBean(CustomerRepository.class).store()).isSameAs(own);
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnStore {}

  @Test
  void theStoreIsClosedWithTheContext() {
    WideTableStore[] store = new WideTableStore[1];
    runner.run(context -> store[0] = context.getBean(WideTableStore.class));
    assertThatThrownBy(() -> store[0].listTables(""))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("closed");
  }

  @Test
  void healthUpThenDownWhenTheStoreIsClosed() {
    runner.run(
        context -> {
          WideTableStoreHealthIndicator health =
              context.getBean("widekeyHealthIndicator", WideTableStoreHealthIndicator.class);
          assertThat(health.health().getStatus()).isEqualTo(Status.UP);
          context.getBean(WideTableStore.class).close();
          assertThat(health.health().getStatus()).isEqualTo(Status.DOWN);
          assertThat(health.health().getDetails()).containsEntry("error", "UNAVAILABLE");
        });
  }

  @Test
  void healthIndicatorCanBeTurnedOff() {
    runner
        .withPropertyValues("management.health.widekey.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean("widekeyHealthIndicator"));
  }

  @Test
  void repositoriesCanBeTurnedOff() {
    runner
        .withPropertyValues("widekey.repositories.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(CustomerRepository.class));
  }

  @Test
  void decoratorsWrapTheStore() {
    runner
        .withBean(WideTableStoreDecorator.class, () -> Wrapped::new)
        .run(
            context ->
                assertThat(context.getBean(WideTableStore.class)).isInstanceOf(Wrapped.class));
  }

  static final class Wrapped extends dev.widekey.runtime.store.ForwardingStore {
    Wrapped(WideTableStore store) {
      super(store);
    }
  }

  @Test
  void unknownStoreFailsTheContext() {
    runner
        .withPropertyValues("widekey.store=nosuch")
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("widekey.store=nosuch"));
  }
}
