package dev.widekey.processor.query;

import dev.widekey.processor.diagnostics.Message;
import java.util.List;

/**
 * The typed façade of the query-interface diagnostics (rule WK307), whose texts are entries of the
 * catalogue {@link Message}; shared by the processor and its tests. Each names the method or
 * parameter, says why the query cannot be served as written (usually: it would scan the whole
 * table) and how to fix it.
 *
 * <pre>{@code
 * report.error(method, QueryMessages.notLeftmostPrefix(
 *     "findBySellerId", "cardId", List.of("cardId", "sellerId"), List.of("sellerId")));
 * }</pre>
 */
public final class QueryMessages {
  private QueryMessages() {}

  private static String names(List<String> names) {
    return String.join(", ", names);
  }

  // ---- the interface ----

  public static String noEntity(String iface) {
    return Message.QUERY_NO_ENTITY.format("iface", iface);
  }

  public static String severalEntities(String iface, List<String> entities) {
    return Message.QUERY_SEVERAL_ENTITIES.format("iface", iface, "entities", names(entities));
  }

  public static String inheritedRepository(String iface, String supertype) {
    return Message.QUERY_INHERITED_REPOSITORY.format("iface", iface, "supertype", supertype);
  }

  public static String privateInterface(String iface, String implementation, String hidden) {
    return Message.QUERY_PRIVATE_INTERFACE.format(
        "iface", iface, "implementation", implementation, "hidden", hidden);
  }

  public static String genericInterface(String iface, String implementation) {
    return Message.QUERY_GENERIC_INTERFACE.format("iface", iface, "implementation", implementation);
  }

  public static String sealedInterface(String iface, String implementation) {
    return Message.QUERY_SEALED_INTERFACE.format("iface", iface, "implementation", implementation);
  }

  public static String implementationTaken(String iface, String generated, String owner) {
    return Message.QUERY_IMPLEMENTATION_TAKEN.format(
        "iface", iface, "generated", generated, "owner", owner);
  }

  public static String implementationExists(String iface, String generated) {
    return Message.QUERY_IMPLEMENTATION_EXISTS.format("iface", iface, "generated", generated);
  }

  public static String fileNameTooLong(String iface, String file, int bytes, int maxBytes) {
    return Message.QUERY_FILE_NAME_TOO_LONG.format(
        "iface", iface, "file", file, "bytes", bytes, "maxBytes", maxBytes);
  }

  public static String windowParameters(String method, String entity) {
    return Message.QUERY_WINDOW_PARAMETERS.format("method", method, "entity", entity);
  }

  public static String shardedPointRead(String method, String entity) {
    return Message.QUERY_SHARDED_POINT_READ.format("method", method, "entity", entity);
  }

  // ---- the conditions ----

  public static String unknownProperty(String method, String name, String entity, String closest) {
    return Message.QUERY_UNKNOWN_PROPERTY.format(
        "method", method, "name", name, "entity", entity, "closest", closest);
  }

  public static String unstoredProperty(String method, String name, String entity, String marker) {
    return Message.QUERY_UNSTORED_PROPERTY.format(
        "method", method, "name", name, "entity", entity, "marker", marker);
  }

  public static String notLeftmostPrefix(
      String method, String missing, List<String> key, List<String> named) {
    if (named.isEmpty()) {
      return Message.QUERY_NO_CONDITION_ON_LEADING.format(
          "method", method, "missing", missing, "key", names(key));
    }
    return Message.QUERY_NOT_LEFTMOST_PREFIX.format(
        "method",
        method,
        "named",
        names(named),
        "missing",
        missing,
        "key",
        names(key),
        "firstNamed",
        named.get(0));
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
    return Message.QUERY_ATTRIBUTE_CONDITION.format(
        "method", method, "property", property, "key", names(key));
  }

  public static String rangeNotLast(String method, String range, String after) {
    return Message.QUERY_RANGE_NOT_LAST.format("method", method, "range", range, "after", after);
  }

  public static String unorderedRange(String method, String operator, String why) {
    return Message.QUERY_UNORDERED_RANGE.format("method", method, "operator", operator, "why", why);
  }

  public static String unscannable(String method, String why) {
    return Message.QUERY_UNSCANNABLE.format("method", method, "why", why);
  }

  public static String parameterCount(String method, int declared, int needed, List<String> of) {
    return Message.QUERY_PARAMETER_COUNT.format(
        "method",
        method,
        "declared",
        declared,
        "plural",
        declared == 1 ? "" : "s",
        "of",
        names(of),
        "needed",
        needed);
  }

  public static String parameterType(
      String parameter, String declared, String property, String type) {
    return Message.QUERY_PARAMETER_TYPE.format(
        "parameter", parameter, "declared", declared, "property", property, "type", type);
  }

  public static String unmatchedParameter(String parameter, String method) {
    return Message.QUERY_UNMATCHED_PARAMETER.format("parameter", parameter, "method", method);
  }

  // ---- the ordering ----

  public static String ordering(String method, String ordering, List<String> keyOrder) {
    return Message.QUERY_ORDERING.format(
        "method", method, "ordering", ordering, "keyOrder", names(keyOrder));
  }

  public static String unorderedOrdering(String method, String why) {
    return Message.QUERY_UNORDERED_ORDERING.format("method", method, "why", why);
  }

  // ---- the result ----

  public static String singleResult(String method, String returned, List<String> missing) {
    return Message.QUERY_SINGLE_RESULT.format(
        "method", method, "returned", returned, "missing", names(missing));
  }

  public static String pageOfOne(String method) {
    return Message.QUERY_PAGE_OF_ONE.format("method", method);
  }

  public static String pageRequestWithoutPage(String method) {
    return Message.QUERY_PAGE_REQUEST_WITHOUT_PAGE.format("method", method);
  }

  public static String pageWithLimit(String method) {
    return Message.QUERY_PAGE_WITH_LIMIT.format("method", method);
  }

  public static String unsupportedResult(String method, String returned) {
    return Message.QUERY_UNSUPPORTED_RESULT.format("method", method, "returned", returned);
  }

  public static String cursoredPageWithoutRequest(String method) {
    return Message.QUERY_CURSORED_PAGE_WITHOUT_REQUEST.format("method", method);
  }

  // ---- parts of Jakarta Data that widekey refuses ----

  public static String unsupported(String method, String part, String why) {
    return Message.QUERY_UNSUPPORTED.format("method", method, "part", part, "why", why);
  }

  // ---- lifecycle methods ----

  public static String lifecycleParameter(String method, String annotation, String entity) {
    return Message.QUERY_LIFECYCLE_PARAMETER.format(
        "annotation", annotation, "method", method, "entity", entity);
  }
}
