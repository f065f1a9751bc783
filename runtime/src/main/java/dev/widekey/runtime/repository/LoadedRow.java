package dev.widekey.runtime.repository;

import dev.widekey.core.RuleViolationException;
import dev.widekey.runtime.store.PrimaryKey;
import java.util.Objects;

/**
 * One hot row as {@link SplitTableRepository#load} read it: the entity its key and columns encode
 * (with its cold columns and chunked values, as {@code getWithCold} reads them), or the rule the
 * stored row breaks under this repository's layout (a key its codec does not decode, a value its
 * field cannot hold).
 *
 * <pre>{@code
 * for (LoadedRow<Order> r : oldOrders.load(hotRows)) {
 *   if (r.isRefused()) log.warn("{} refused: {}", r.key(), r.refusal().rule());
 *   else move(r.entity());
 * }
 * }</pre>
 *
 * @param key the hot row's key as stored
 * @param entity the entity, or {@code null} if refused
 * @param refusal the rule the row breaks, or {@code null} if it is an entity
 * @param <E> the entity type
 */
public record LoadedRow<E>(PrimaryKey key, E entity, RuleViolationException refusal) {
  public LoadedRow {
    Objects.requireNonNull(key, "key");
    if ((entity == null) == (refusal == null)) {
      throw new IllegalArgumentException("a loaded row is an entity or a refusal");
    }
  }

  /** Whether the row breaks a rule and builds no entity. */
  public boolean isRefused() {
    return refusal != null;
  }
}
