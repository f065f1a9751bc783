package dev.widekey.spring;

import dev.widekey.runtime.store.StoreConfig;
import dev.widekey.runtime.store.Stores;
import dev.widekey.runtime.store.WideTableStore;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * widekey in a Spring Boot application: a {@link WideTableStore} opened from the {@code widekey.*}
 * properties (unless the application defines its own), closed with the context, and every
 * repository widekey generated on the class path as a bean over it.
 */
@AutoConfiguration
@EnableConfigurationProperties(WidekeyProperties.class)
public class WidekeyAutoConfiguration {

  /** The store's bean name. */
  public static final String STORE_BEAN = "widekeyStore";

  /**
   * The store {@code Stores.open} opens from the {@code widekey.*} properties, wrapped by every
   * {@link WideTableStoreDecorator} bean in order (metrics, for one).
   */
  @Bean(name = STORE_BEAN, destroyMethod = "close")
  @ConditionalOnMissingBean(WideTableStore.class)
  public WideTableStore widekeyStore(
      WidekeyProperties properties,
      Environment environment,
      ObjectProvider<WideTableStoreDecorator> decorators) {
    // Spring's environment already holds system properties and environment variables: its
    // binding is the one source, checked as the library checks its own
    WideTableStore store = Stores.open(StoreConfig.of(StoreSettings.of(properties, environment)));
    List<WideTableStoreDecorator> ordered = decorators.orderedStream().toList();
    try {
      for (WideTableStoreDecorator decorator : ordered) {
        store = decorator.decorate(store);
      }
    } catch (RuntimeException e) {
      store.close();
      throw e;
    }
    return store;
  }

  /**
   * Registers the generated repositories ({@code META-INF/services/...RepositoryIndex}) as beans;
   * {@code widekey.repositories.enabled=false} turns it off. Static: it runs before any bean is
   * created.
   */
  @Bean
  @ConditionalOnProperty(
      name = "widekey.repositories.enabled",
      havingValue = "true",
      matchIfMissing = true)
  public static RepositoryBeans widekeyRepositoryBeans() {
    return new RepositoryBeans();
  }
}
