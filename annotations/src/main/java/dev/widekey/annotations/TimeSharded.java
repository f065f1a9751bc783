package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Splits a {@link WideTable} entity into one table per period of a time field (rules WK210, WK211):
 * each row goes to the table of the period its {@link #by} value falls in, named after the table
 * plus the period ({@code orders_2026_11}); old periods are archived and dropped by the generated
 * {@code FooShardedRepository}'s {@code enforceRetention(now, archive)}, which keeps the {@link
 * #retain} latest periods.
 *
 * <p>The shard field is an {@code Instant} (or {@code LocalDate}, {@code LocalDateTime} taken as
 * UTC, {@code OffsetDateTime}, {@code ZonedDateTime}), a key component or an attribute, never null
 * when written. If it is a key component, a point read finds the table from the key: {@code
 * get(key...)}; if it is an attribute, a point read names the time: {@code get(key..., createdAt)}.
 * Reads over a time window ({@code scanBetween(from, to)}, {@code scanByCustomerId(id, from, to)})
 * read every existing table of the window and merge them in key order.
 *
 * <pre>{@code
 * @WideTable(name = "orders")
 * @TimeSharded(by = "createdAt", period = ShardPeriod.MONTH, retain = 12)
 * public record Order(
 *     @PartitionKey @HashPrefix long orderId,
 *     Instant createdAt,                 // 2026-11-23T10:00:00Z -> table orders_2026_11
 *     @Money(scale = 2) BigDecimal total) {}
 *
 * OrderShardedRepository orders = new OrderShardedRepository(store);
 * orders.createTablesAhead(Instant.now());                // this month and the next
 * orders.put(order);                                       // creates orders_2026_11 if needed
 * orders.get(42, order.createdAt());
 * orders.enforceRetention(Instant.now(), period -> archive(period.scan()));
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface TimeSharded {
  /** The shard field: the name of the entity's time field that picks a row's table. */
  String by();

  /** The span of one table. */
  ShardPeriod period() default ShardPeriod.MONTH;

  /**
   * Periods kept, the current one included: with 12 by month, November 2026 keeps December 2025 to
   * November 2026 and {@code enforceRetention} drops older tables. At least 1.
   */
  int retain();

  /**
   * Periods created ahead of the current one by {@code createTablesAhead(now)}, so that writes at
   * the turn of a period find their table; at least 0.
   */
  int ahead() default 1;
}
