package dev.widekey.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widekey.micrometer.MeteredStore;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.spring.app.Customer;
import dev.widekey.spring.app.CustomerRepository;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The store's metrics: with widekey-micrometer on the class path and a {@link MeterRegistry} bean,
 * the starter's store is a {@code MeteredStore} whose operations reach the registry; without the
 * registry, or without the module, it is the plain store.
 */
class MetricsWiringTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  WidekeyMetricsAutoConfiguration.class, WidekeyAutoConfiguration.class));

  @Test
  void aRegistryMetersTheStore() {
    runner
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
        .run(
            context -> {
              WideTableStore store = context.getBean(WideTableStore.class);
              assertThat(store.getClass().getName()).startsWith(MeteredStore.class.getName());
              CustomerRepository customers = context.getBean(CustomerRepository.class);
              customers.createTables();
              customers.put(new Customer("c1", "Ada"));
              MeterRegistry registry = context.getBean(MeterRegistry.class);
              assertThat(
                      registry
                          .find("widekey.store.operation")
                          .tag("db.collection.name", "customers")
                          .timers())
                  .isNotEmpty();
            });
  }

  @Test
  void withoutARegistryTheStoreIsPlain() {
    runner.run(
        context ->
            assertThat(context.getBean(WideTableStore.class).getClass().getName())
                .doesNotStartWith(MeteredStore.class.getName()));
  }

  @Test
  void withoutTheModuleTheStoreIsPlain() {
    runner
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
        .withClassLoader(new FilteredClassLoader(MeteredStore.class))
        .run(
            context ->
                assertThat(context.getBean(WideTableStore.class).getClass().getName())
                    .doesNotStartWith(MeteredStore.class.getName()));
  }
}
