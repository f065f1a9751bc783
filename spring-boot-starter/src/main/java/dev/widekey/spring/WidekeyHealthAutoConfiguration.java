package dev.widekey.spring;

import dev.widekey.runtime.store.WideTableStore;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * The {@code widekey} health indicator, when spring-boot-health (the actuator) is on the class
 * path; {@code management.health.widekey.enabled=false} turns it off, {@code
 * widekey.health.timeout} (default 5s) bounds how long a check waits for the store.
 */
@AutoConfiguration(after = WidekeyAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnBean(WideTableStore.class)
@ConditionalOnEnabledHealthIndicator("widekey")
@EnableConfigurationProperties(WidekeyProperties.class)
public class WidekeyHealthAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean(name = "widekeyHealthIndicator")
  public WideTableStoreHealthIndicator widekeyHealthIndicator(
      WideTableStore store, WidekeyProperties properties) {
    return new WideTableStoreHealthIndicator(store, properties.getHealth().getTimeout());
  }
}
