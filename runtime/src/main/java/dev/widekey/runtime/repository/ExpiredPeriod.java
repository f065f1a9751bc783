package dev.widekey.runtime.repository;

import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A period of a time-sharded entity past its retention, handed to an {@link ArchiveCallback} before
 * its tables are dropped.
 *
 * @param start the period's first instant (UTC)
 * @param end the next period's first instant
 * @param table the period's hot table, {@code orders_2025_10}
 * @param tables the period's tables, hot first, then cold and chunks (those the entity has)
 * @param <E> the entity type
 */
public record ExpiredPeriod<E>(
    Instant start, Instant end, String table, List<String> tables, Supplier<Stream<E>> rows) {

  public ExpiredPeriod {
    tables = List.copyOf(tables);
  }

  /**
   * Every entity of the period, in key order, with its cold columns; empty if the hot table is gone
   * already (a drop interrupted after it). Close the stream.
   */
  public Stream<E> scan() {
    return rows.get();
  }
}
