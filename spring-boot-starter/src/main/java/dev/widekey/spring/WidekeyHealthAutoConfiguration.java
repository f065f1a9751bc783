package dev.widekey.spring;

import dev.widekey.runtime.store.WideTableStore;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * The {@code widekey} health indicator, when spring-boot-health (the actuator) is on the class
 * path; {@code management.health.widekey.enabled=false} turns it off.
 */
@AutoConfiguration(after = WidekeyAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnBean(WideTableStore.class)
@ConditionalOnEnabledHealthIndicator("widekey")
public class WidekeyHealthAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean(name = "widekeyHealthIndicator")
  public WideTableStoreHealthIndicator widekeyHealthIndicator(WideTableStore store) {
    return new WideTableStoreHealthIndicator(store);
  }
}
