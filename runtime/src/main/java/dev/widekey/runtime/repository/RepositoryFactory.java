package dev.widekey.runtime.repository;

import dev.widekey.runtime.store.WideTableStore;
import java.util.Objects;
import java.util.function.Function;

/**
 * How to build one generated repository over a store: its class and a constructor reference ({@code
 * FooRepository::new}), so that a container can create it without reflection.
 *
 * @param type the repository's class
 * @param create builds the repository over a store
 * @param <R> the repository's type
 */
public record RepositoryFactory<R>(Class<R> type, Function<WideTableStore, ? extends R> create) {
  public RepositoryFactory {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(create, "create");
  }

  /** A factory of {@code type} made by {@code create}; generated code calls this. */
  public static <R> RepositoryFactory<R> of(
      Class<R> type, Function<WideTableStore, ? extends R> create) {
    return new RepositoryFactory<>(type, create);
  }

  /** A new repository over {@code store}. */
  public R newRepository(WideTableStore store) {
    return create.apply(store);
  }
}
