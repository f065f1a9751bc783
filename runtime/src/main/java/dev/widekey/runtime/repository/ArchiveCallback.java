package dev.widekey.runtime.repository;

/**
 * Takes the rows of an expired period before its tables are dropped, to copy them to cold storage
 * (OSS, a data lake, another table). {@link
 * TimeShardedRepository#enforceRetention(java.time.Instant, ArchiveCallback)} drops the period's
 * tables only after this returns normally; if it throws, the tables stay and the exception reaches
 * the caller.
 *
 * <pre>{@code
 * orders.enforceRetention(Instant.now(), period -> {
 *   try (Stream<Order> rows = period.scan()) { rows.forEach(archive::write); }
 * });
 * }</pre>
 *
 * @param <E> the entity type
 */
@FunctionalInterface
public interface ArchiveCallback<E> {
  void archive(ExpiredPeriod<E> period);
}
