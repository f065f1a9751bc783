package dev.widekey.spring;

import dev.widekey.micrometer.MeteredStore;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;

/**
 * Metrics of the store the starter opens, when widekey-micrometer and a {@link MeterRegistry} bean
 * are present: the store is wrapped by {@code MeteredStore.wrap(store, registry)}. A store the
 * application defines itself is not wrapped.
 */
@AutoConfiguration(
    before = WidekeyAutoConfiguration.class,
    afterName =
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration")
@ConditionalOnClass(
    name = {"dev.widekey.micrometer.MeteredStore", "io.micrometer.core.instrument.MeterRegistry"})
@ConditionalOnBean(MeterRegistry.class)
public class WidekeyMetricsAutoConfiguration {

  @Bean
  @Order(0)
  public WideTableStoreDecorator widekeyMetrics(MeterRegistry registry) {
    return store -> MeteredStore.wrap(store, registry);
  }
}
