package dev.widekey.spring;

import dev.widekey.runtime.repository.RepositoryFactory;
import dev.widekey.runtime.repository.RepositoryIndex;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.repository.TimeShardedRepository;
import dev.widekey.runtime.store.WideTableStore;
import java.beans.Introspector;
import java.util.ServiceLoader;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanClassLoaderAware;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;

/**
 * Registers every repository widekey generated on the class path as a bean, named after its class
 * ({@code orderRepository}): the processor's index classes are found with {@link ServiceLoader} (no
 * class-path scanning) and each bean is created by an instance supplier that calls the generated
 * constructor over the {@link WideTableStore} bean (no reflection). A bean of the same name the
 * application defines itself wins.
 *
 * <p>Each repository gets the {@code widekey.repositories.*} settings ({@code
 * remembered-commit-points}). When the context closes, each repository sends the deletes of
 * replaced rows that writes left queued ({@code flushDeletes}) before the store it depends on is
 * closed: on a networked store those deletes go in the background, and a store closed under them
 * would leave their rows for {@code sweepColdRows}.
 */
public class RepositoryBeans
    implements BeanDefinitionRegistryPostProcessor, BeanFactoryAware, BeanClassLoaderAware {
  /** The repositories' method that sends their queued deletes; called when the context closes. */
  static final String FLUSH_DELETES = "flushDeletes";

  private BeanFactory beanFactory;
  private ClassLoader classLoader = RepositoryBeans.class.getClassLoader();

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    this.beanFactory = beanFactory;
  }

  @Override
  public void setBeanClassLoader(ClassLoader classLoader) {
    this.classLoader = classLoader;
  }

  @Override
  public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry)
      throws BeansException {
    for (RepositoryIndex index : ServiceLoader.load(RepositoryIndex.class, classLoader)) {
      for (RepositoryFactory<?> factory : index.repositories()) {
        register(registry, factory);
      }
    }
  }

  private <R> void register(BeanDefinitionRegistry registry, RepositoryFactory<R> factory) {
    String name = Introspector.decapitalize(factory.type().getSimpleName());
    if (registry.containsBeanDefinition(name)) {
      return;
    }
    RootBeanDefinition definition =
        new RootBeanDefinition(
            factory.type(),
            () -> configured(factory.newRepository(beanFactory.getBean(WideTableStore.class))));
    definition.setDescription("widekey generated repository " + factory.type().getName());
    if (SplitTableRepository.class.isAssignableFrom(factory.type())
        || TimeShardedRepository.class.isAssignableFrom(factory.type())) {
      // the instance supplier's getBean makes the repository a dependent of the store: Spring
      // destroys it, and so flushes, before it closes the store
      definition.setDestroyMethodName(FLUSH_DELETES);
    }
    registry.registerBeanDefinition(name, definition);
  }

  /** {@code repository} with the {@code widekey.repositories.*} settings applied. */
  private <R> R configured(R repository) {
    WidekeyProperties properties =
        beanFactory.getBeanProvider(WidekeyProperties.class).getIfAvailable();
    Integer remembered =
        properties == null ? null : properties.getRepositories().getRememberedCommitPoints();
    if (remembered != null) {
      if (repository instanceof SplitTableRepository<?> split) {
        split.withRememberedCommitPoints(remembered);
      } else if (repository instanceof TimeShardedRepository<?, ?> sharded) {
        sharded.withRememberedCommitPoints(remembered);
      }
    }
    return repository;
  }

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {}
}
