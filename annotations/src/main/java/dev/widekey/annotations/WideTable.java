package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record or class as an entity stored in a wide table.
 *
 * <p>The annotation processor checks the entity's key design against the rules of range-partitioned
 * stores and generates {@code FooKeys}, {@code FooTable} and {@code FooRepository} next to it.
 *
 * <pre>{@code
 * @WideTable(name = "orders")
 * public record Order(
 *     @PartitionKey(order = 0) @HashPrefix(length = 4) long orderNumber,
 *     long amountCents) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface WideTable {
  /** The (hot) table name. */
  String name();

  /**
   * The character placed between partition-key components spliced into one string. It must sort
   * below every character the components may hold (rule WK105): {@code ','} (0x2C) sorts below
   * digits and letters; {@code ':'} (0x3A) does not, and breaks order.
   */
  char delimiter() default ',';

  /** The service whose limits apply. */
  Profile profile() default Profile.TABLESTORE;

  /**
   * Seconds a row lives after its last write, then it expires: no store ever reads it back, and the
   * store removes it by itself, so old rows need no deletes. {@code -1} (the default): rows never
   * expire. Tablestore takes -1 or 86,400 (one day) to 2,147,483,646 (2^31 - 2, about 68 years);
   * HBase and Lindorm -1 or 1 to 2,147,483,646, as they read 2^31 - 1 as forever (WK209). The time
   * to live covers the cold table too; an entity's cold row, written before its hot row, expires
   * first and then reads as absent cold values.
   *
   * <pre>{@code
   * @WideTable(name = "sessions", ttlSeconds = 7 * 86_400) // a week after the last write
   * public record Session(@PartitionKey(order = 0) @HashPrefix String id, String user) {}
   * }</pre>
   */
  long ttlSeconds() default -1;

  /**
   * The table holding {@link ColdColumn} attributes; empty means the table name followed by {@code
   * _cold}.
   */
  String coldTable() default "";

  /**
   * How attribute column names are derived from field names: {@link ColumnNaming#AS_DECLARED} (the
   * default) or {@link ColumnNaming#SNAKE_CASE}. Primary-key columns keep their names. Changing it
   * on a table that exists renames its columns, which the locked layout refuses (WK308) unless each
   * field declares its old column with {@code @RenamedFrom}.
   */
  ColumnNaming columnNaming() default ColumnNaming.AS_DECLARED;
}
