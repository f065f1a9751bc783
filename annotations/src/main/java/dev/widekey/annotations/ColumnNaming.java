package dev.widekey.annotations;

/**
 * How the stored column name of an attribute is derived from its field name ({@link
 * WideTable#columnNaming()}). Primary-key columns keep their names under every strategy: they are
 * part of the key layout, which never changes on a table that exists (WK308).
 *
 * <pre>{@code
 * @WideTable(name = "users", columnNaming = ColumnNaming.SNAKE_CASE)
 * public record User(@PartitionKey @HashPrefix String id, String displayName) {}
 * // attribute column "display_name"
 * }</pre>
 */
public enum ColumnNaming {
  /** The field name as declared ({@code displayName}): the default. */
  AS_DECLARED,
  /**
   * Lower-case words joined by {@code _}: {@code displayName} → {@code display_name}, {@code
   * httpURL2} → {@code http_url2}. Two fields that end up with one column name are an error
   * (WK212).
   */
  SNAKE_CASE
}
