package dev.widekey.processor.query;

import dev.widekey.core.Rule;
import java.util.List;

/**
 * The texts of the query-interface diagnostics (rule WK307), shared by the processor and its tests.
 * Each names the method or parameter, says why the query cannot be served as written (usually: it
 * would scan the whole table) and how to fix it.
 *
 * <pre>{@code
 * report.error(method, QueryMessages.notLeftmostPrefix(
 *     "findBySellerId", "cardId", List.of("cardId", "sellerId"), List.of("sellerId")));
 * }</pre>
 */
public final class QueryMessages {
  private QueryMessages() {}

  private static String msg(String text) {
    return Rule.WK307.name() + ": " + text;
  }

  private static String names(List<String> names) {
    return String.join(", ", names);
  }

  // ---- the interface ----

  public static String noEntity(String iface) {
    return msg(
        "@Repository "
            + iface
            + " names no @WideTable entity: neither a DataRepository<E, K> supertype nor a method"
            + " returning E, Optional<E>, Stream<E> or List<E> says which table it reads. Extend"
            + " DataRepository<E, K> with the entity as E.");
  }

  public static String severalEntities(String iface, List<String> entities) {
    return msg(
        "@Repository "
            + iface
            + " names several entities ("
            + names(entities)
            + "); a query interface reads one table. Declare one interface per entity.");
  }

  public static String inheritedRepository(String iface, String supertype) {
    return msg(
        "@Repository "
            + iface
            + " extends "
            + supertype
            + ", whose findAll() reads the whole table and findAll(PageRequest, Order) pages by"
            + " offset, scanning from the start for every page. Extend DataRepository<E, K> and"
            + " declare the reads the key serves.");
  }

  public static String windowParameters(String method, String entity) {
    return msg(
        method
            + " reads @TimeSharded "
            + entity
            + ", whose rows live in one table per period, but does not end with the time window"
            + " it reads: declare its last two parameters as Instant since, Instant until (the"
            + " shard values in [since, until), the periods read).");
  }

  public static String shardedPointRead(String method, String entity) {
    return msg(
        method
            + " fixes the whole primary key of @TimeSharded "
            + entity
            + ": that is a point read in the period its shard value names, not a scan over a"
            + " window. Read it with the generated "
            + entity
            + "ShardedRepository's get, or leave a key column open.");
  }

  // ---- the conditions ----

  public static String unknownProperty(String method, String name, String entity, String closest) {
    return msg(
        method
            + " names "
            + name
            + ", which is no property of "
            + entity
            + ". Did you mean "
            + closest
            + "?");
  }

  public static String notLeftmostPrefix(
      String method, String missing, List<String> key, List<String> named) {
    return msg(
        method
            + (named.isEmpty()
                ? " has no condition"
                : " has conditions on " + names(named) + " but none")
            + " on "
            + missing
            + ", a leading component of the primary key ("
            + names(key)
            + "): without it the read is no leftmost prefix of the key and scans the whole table."
            + " Add a condition on "
            + missing
            + (named.isEmpty()
                ? ""
                : ", or read through an index table whose key leads with " + named.get(0))
            + ".");
  }

  /**
   * The primary key's refusal of a query, followed by each index's reason when the entity has
   * indexes: no access path serves the query.
   */
  public static String noAccessPath(String primaryKeyRefusal, List<String> indexes) {
    if (indexes.isEmpty()) {
      return primaryKeyRefusal;
    }
    return primaryKeyRefusal + " No index serves it either: " + String.join("; ", indexes) + ".";
  }

  public static String attributeCondition(String method, String property, List<String> key) {
    return msg(
        method
            + " has a condition on "
            + property
            + ", which is no key component: rows are found by their primary key ("
            + names(key)
            + "), so a read by "
            + property
            + " scans the whole table. Read by a leftmost prefix of the key, or through an index"
            + " table on "
            + property
            + ".");
  }

  public static String rangeNotLast(String method, String range, String after) {
    return msg(
        method
            + " bounds "
            + range
            + " and has a condition on "
            + after
            + ", which follows it in the key: within the range rows are ordered by "
            + range
            + " first, so "
            + after
            + " would be filtered out of a scan, not read. Make the range the last condition in"
            + " key order: fix "
            + range
            + " by equality, or drop the condition on "
            + after
            + ".");
  }

  public static String unorderedRange(String method, String operator, String why) {
    return msg(
        method
            + " has a "
            + operator
            + " range, but "
            + why
            + "; it takes equality only (rule WK107). Query it by equality, or range over a key"
            + " column that keeps its values' order.");
  }

  public static String unscannable(String method, String why) {
    return msg(method + " cannot be read in key order: " + why + ". Add those conditions.");
  }

  public static String parameterCount(String method, int declared, int needed, List<String> of) {
    return msg(
        method
            + " declares "
            + declared
            + " condition parameter"
            + (declared == 1 ? "" : "s")
            + ", but its conditions ("
            + names(of)
            + ") take "
            + needed
            + ". Declare one parameter per condition, two for Between, in the order of the name.");
  }

  public static String parameterType(
      String parameter, String declared, String property, String type) {
    return msg(
        "parameter "
            + parameter
            + " is "
            + declared
            + ", but "
            + property
            + " is "
            + type
            + ". Declare it as "
            + type
            + ".");
  }

  public static String unmatchedParameter(String parameter, String method) {
    return msg(
        "parameter "
            + parameter
            + " of @Find "
            + method
            + " names no property: annotate it @By(\"property\") or give it a property's name"
            + " (compile with -parameters).");
  }

  // ---- the ordering ----

  public static String ordering(String method, String ordering, List<String> keyOrder) {
    return msg(
        method
            + " orders by "
            + ordering
            + ", but rows are read in key order ("
            + names(keyOrder)
            + ") or its reverse; any other order would sort the whole result in memory. Order by"
            + " the key's next components, all ascending or all descending.");
  }

  public static String unorderedOrdering(String method, String why) {
    return msg(
        method
            + " orders by a component whose stored order is not its values': "
            + why
            + ". Drop the ordering, or order by a key column that keeps its values' order.");
  }

  // ---- the result ----

  public static String singleResult(String method, String returned, List<String> missing) {
    return msg(
        method
            + " returns "
            + returned
            + ", one entity, but its conditions leave "
            + names(missing)
            + " of the primary key open, so several rows may match. Return Stream or List, add"
            + " conditions on "
            + names(missing)
            + ", or name it findFirstBy....");
  }

  public static String pageOfOne(String method) {
    return msg(
        method
            + " returns CursoredPage, but its conditions fix the whole primary key: at most one"
            + " entity matches, read by a point read, not a scan that pages. Return Optional.");
  }

  public static String pageRequestWithoutPage(String method) {
    return msg(
        method
            + " takes a PageRequest but does not return CursoredPage: the next page's cursor"
            + " travels in the page returned. Return CursoredPage of the entity.");
  }

  public static String pageWithLimit(String method) {
    return msg(
        method
            + " returns CursoredPage and also takes a Limit or is named findFirst: the"
            + " PageRequest's size is the limit. Drop the Limit or First.");
  }

  public static String unsupportedResult(String method, String returned) {
    return msg(
        method
            + " returns "
            + returned
            + ", which a query cannot return. Return the entity, Optional, Stream or List of it"
            + " (long, int or boolean for countBy and existsBy).");
  }

  public static String cursoredPageWithoutRequest(String method) {
    return msg(
        method
            + " returns CursoredPage but takes no PageRequest: the request carries the page size"
            + " and the cursor of the page to read. Add a PageRequest parameter.");
  }

  // ---- parts of Jakarta Data that widekey refuses ----

  public static String unsupported(String method, String part, String why) {
    return msg(method + " uses " + part + ", which widekey refuses: " + why + ".");
  }

  // ---- lifecycle methods ----

  public static String lifecycleParameter(String method, String annotation, String entity) {
    return msg(
        "@"
            + annotation
            + " "
            + method
            + " takes one "
            + entity
            + " and returns void or "
            + entity
            + ". Declare it so (batches go through the generated repository's putAll).");
  }
}
