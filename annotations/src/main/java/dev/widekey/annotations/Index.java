package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A secondary index of a {@link WideTable} entity: a table of its own, named {@code <table>_<name>}
 * ({@code orders_by_card}), keyed by the indexed properties in the order listed and then by the
 * indexed row's key, which the generated repository writes with every put and reads with {@code
 * byCard().scanByCardId(...)}.
 *
 * <p>The index key follows every key rule of a primary key (rule WK306): the first column is the
 * index's partition key, so it must not be sequential (WK102) unless {@link #hashPrefix()} scatters
 * it or {@link #notSequential()} says why its values are written concurrently; the encoding
 * annotations of the indexed fields ({@link Padded}, {@link KeyChars}, {@link MaxLength}, {@link
 * Sequential}) apply to the index key as they do to a primary key, also on fields that are not key
 * columns. {@link Reversed}, {@link Bucketed}, {@link HashPrefix} and {@link NotSequential} on a
 * field describe the entity's own primary key only. An index column is never a {@link ColdColumn}
 * or {@link Chunked} field: an index is maintained from the hot row.
 *
 * <pre>{@code
 * @WideTable(name = "orders")
 * @Index(name = "by_card", columns = {"cardId", "placedAt"})
 * @Index(name = "by_time", columns = {"placedAt"}, hashPrefix = @HashPrefix(length = 4))
 * public record Order(
 *     @PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String orderId,
 *     @KeyChars("0-9A-Z") @MaxLength(16) String cardId,
 *     Instant placedAt) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@Repeatable(Indexes.class)
public @interface Index {
  /**
   * The index's name, unique within its entity: lower-case letters, digits and underscores (it ends
   * the index table's name, {@code <table>_<name>}, and names the generated members, {@code
   * by_card} giving {@code INDEX_BY_CARD} and {@code byCard()}).
   */
  String name();

  /**
   * The indexed properties, by name, in key order: the first is the index's partition key, each
   * further one a key column of the index table. Together with the trailing reference column at
   * most the profile's primary-key columns (4 on Tablestore, 5 on Lindorm: rule WK110).
   */
  String[] columns();

  /**
   * At most one hash prefix over the index's partition key (the first column), to scatter a
   * sequential leading column; reads must then fix the whole first column (WK107). Empty: none.
   */
  HashPrefix[] hashPrefix() default {};

  /**
   * The WK102 opt-out for the first column, with its reason, as {@link NotSequential} on a leading
   * partition-key field; at most one. Empty: none.
   */
  NotSequential[] notSequential() default {};

  /**
   * Who maintains the index: the generated repository ({@link IndexMaintenance#CLIENT}, the
   * default, exact on every store) or, on the Tablestore profile only, the service's own local
   * (synchronous, exact) or global (asynchronous, may lag) secondary index. A service-maintained
   * index indexes the columns as the data table stores them, so its columns are primary-key columns
   * or attributes stored as STRING, INTEGER or BINARY (rule WK306).
   *
   * <pre>{@code @Index(name = "by_card", columns = {"cardId"},
   *     maintainedBy = IndexMaintenance.SERVICE_GLOBAL)}</pre>
   */
  IndexMaintenance maintainedBy() default IndexMaintenance.CLIENT;
}
