package dev.widekey.runtime.repository;

import java.util.List;

/**
 * The repositories the annotation processor generated in one package of one compilation: each a
 * class the processor writes ({@code <package>.WidekeyRepositories_<hash>}) and lists in {@code
 * META-INF/services/dev.widekey.runtime.repository.RepositoryIndex}, so that a container finds
 * every generated repository with {@link java.util.ServiceLoader}, without scanning the class path
 * and without reflection.
 *
 * <p>A plain {@code @WideTable} entity contributes {@code FooRepository}; a {@code @TimeSharded}
 * one contributes {@code FooShardedRepository} (its {@code FooRepository} works over one period's
 * tables and is made by the sharded repository).
 *
 * <pre>{@code
 * for (RepositoryIndex index : ServiceLoader.load(RepositoryIndex.class)) {
 *   for (RepositoryFactory<?> factory : index.repositories()) {
 *     Object repository = factory.newRepository(store);
 *   }
 * }
 * }</pre>
 *
 * <p>The service file is written once per compilation: an incremental build that recompiles only
 * some entities writes it for those only; build from clean (as Maven does when a source changes) to
 * index them all.
 */
public interface RepositoryIndex {
  /** This index's repositories, in the order of their entities' names. */
  List<RepositoryFactory<?>> repositories();
}
