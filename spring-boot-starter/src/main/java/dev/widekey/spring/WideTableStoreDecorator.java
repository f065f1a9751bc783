package dev.widekey.spring;

import dev.widekey.runtime.store.WideTableStore;

/**
 * Wraps the store the starter opens, e.g. with metrics; beans of this type are applied in their
 * {@code @Order}. A store the application defines itself is not decorated.
 */
@FunctionalInterface
public interface WideTableStoreDecorator {
  /** The store to use in place of {@code store}; closing it must close {@code store}. */
  WideTableStore decorate(WideTableStore store);
}
