package dev.widekey.processor.query;

import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.ValueKind;
import dev.widekey.processor.query.AccessPath.Read;
import dev.widekey.processor.query.QueryMethod.Condition;
import dev.widekey.processor.query.QueryMethod.Ordering;
import dev.widekey.processor.query.QueryMethod.Result;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.VariableElement;

/**
 * Checks a query against the entity's {@link AccessPath}s (rule WK307): the primary key first, then
 * each index table in declaration order; the first path that serves the query reads it. A path
 * serves it when its conditions are equality on a leading run of the path's key and at most one
 * range, on the next component and last; its ordering the key order or its reverse; a single-entity
 * result needs the whole primary key (an index is not unique: a single result through one is
 * refused, {@code findFirstBy} returns the first in index order). What passes becomes a {@link
 * QueryPlan}; what no path serves is reported on the method with the primary key's reason and fix,
 * and each index's reason.
 */
final class QueryChecker {
  private final Diagnostics report;
  private final String shardedEntity;

  /**
   * @param shardedEntity the entity's name if it is {@code @TimeSharded} (its reads are scans over
   *     a time window), else null
   */
  QueryChecker(Diagnostics report, String shardedEntity) {
    this.report = report;
    this.shardedEntity = shardedEntity;
  }

  /** A path's answer: the plan, or why not (in full, and briefly for the list of indexes). */
  private record Outcome(QueryPlan plan, String refusal, String brief) {
    static Outcome no(String refusal, String brief) {
      return new Outcome(null, refusal, brief);
    }
  }

  /**
   * The plan of the first of {@code paths} (the primary key first) that serves {@code q}, or empty
   * with the refusal reported.
   */
  Optional<QueryPlan> check(QueryMethod q, List<AccessPath> paths) {
    if (q.action().lifecycle()) {
      return Optional.of(
          new QueryPlan(q, null, List.of(), List.of(), null, null, null, null, false));
    }
    List<Outcome> outcomes = new ArrayList<>();
    for (AccessPath path : paths) {
      Outcome o = check(q, path);
      if (o.plan() != null) {
        return Optional.of(o.plan());
      }
      outcomes.add(o);
    }
    List<String> others = new ArrayList<>();
    for (int i = 1; i < paths.size(); i++) {
      others.add(paths.get(i).description() + ": " + outcomes.get(i).brief());
    }
    report.error(q.method(), QueryMessages.noAccessPath(outcomes.get(0).refusal(), others));
    return Optional.empty();
  }

  private Outcome check(QueryMethod q, AccessPath path) {
    String method = q.method().getSimpleName().toString();
    List<KeyComponent> key = path.components();
    List<String> keyNames = key.stream().map(KeyComponent::name).toList();
    String of = path.description();
    List<Condition> conditions = new ArrayList<>();
    List<KeyComponent> onKey = new ArrayList<>();
    for (Condition c : q.conditions()) {
      KeyComponent k = component(key, c.property().name());
      if (k == null) {
        return Outcome.no(
            QueryMessages.attributeCondition(method, c.property().name(), keyNames),
            "it has no component " + c.property().name());
      }
      if (onKey.contains(k)) {
        return Outcome.no(
            QueryMessages.unsupported(
                method,
                "two conditions on " + k.name(),
                "one condition per key component says where the rows are; merge them into one"),
            "two conditions on " + k.name());
      }
      onKey.add(k);
      conditions.add(c);
    }
    // conditions in key order
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < conditions.size(); i++) {
      order.add(i);
    }
    order.sort(Comparator.comparingInt(i -> key.indexOf(onKey.get(i))));
    List<Condition> sorted = order.stream().map(conditions::get).toList();
    List<KeyComponent> sortedKey = order.stream().map(onKey::get).toList();
    for (int i = 0; i < sorted.size() - 1; i++) {
      if (sorted.get(i).operator().range()) {
        return Outcome.no(
            QueryMessages.rangeNotLast(
                method, sortedKey.get(i).name(), sortedKey.get(i + 1).name()),
            "within the range of "
                + sortedKey.get(i).name()
                + " its rows are not ordered by "
                + sortedKey.get(i + 1).name());
      }
    }
    for (int i = 0; i < Math.max(1, sortedKey.size()); i++) {
      if (i >= sortedKey.size() || !sortedKey.get(i).equals(key.get(i))) {
        return Outcome.no(
            QueryMessages.notLeftmostPrefix(
                method,
                key.get(i).name(),
                keyNames,
                conditions.stream().map(c -> c.property().name()).toList()),
            "no condition on " + key.get(i).name() + ", a leading component of its key");
      }
    }
    Condition last = sorted.get(sorted.size() - 1);
    boolean ranged = last.operator().range();
    List<KeyComponent> fixed = sortedKey.subList(0, sortedKey.size() - (ranged ? 1 : 0));
    List<VariableElement> arguments =
        sorted.subList(0, fixed.size()).stream().map(c -> c.parameters().get(0)).toList();
    KeyComponent between = ranged ? sortedKey.get(sortedKey.size() - 1) : null;
    Optional<Read> range = ranged ? path.range(fixed, between) : Optional.empty();
    if (ranged && range.isEmpty() && path.unordered(between).isPresent()) {
      String why = path.unordered(between).get();
      return Outcome.no(QueryMessages.unorderedRange(method, last.operator().keyword, why), why);
    }
    Optional<String> unscannable = path.unscannable(fixed);
    if (unscannable.isPresent()) {
      return Outcome.no(QueryMessages.unscannable(method, unscannable.get()), unscannable.get());
    }
    Read read;
    if (ranged) {
      if (range.isEmpty()) {
        String why = between.name() + " takes no range scan";
        return Outcome.no(QueryMessages.unorderedRange(method, last.operator().keyword, why), why);
      }
      read = range.get();
    } else {
      Optional<Read> equality = path.equality(fixed);
      if (equality.isEmpty()) {
        String why = "no read of " + of + " fixes them";
        return Outcome.no(QueryMessages.unscannable(method, why), why);
      }
      read = equality.get();
    }
    Outcome ordering = direction(q, key, keyNames, fixed);
    if (ordering.refusal() != null) {
      return ordering;
    }
    boolean backward = ordering.brief() != null && !read.pointRead();
    boolean single = q.result() == Result.ENTITY || q.result() == Result.OPTIONAL;
    if (single && q.first() == 0 && path.index() != null) {
      String why =
          "it is not unique, so "
              + q.signature().getReturnType()
              + " cannot be read through it (name the method findFirstBy... or return Stream or"
              + " List)";
      return Outcome.no(QueryMessages.unscannable(method, why), why);
    }
    if (single && !read.pointRead() && q.first() == 0) {
      List<String> open =
          key.subList(fixed.size(), key.size()).stream().map(KeyComponent::name).toList();
      return Outcome.no(
          QueryMessages.singleResult(method, q.signature().getReturnType().toString(), open),
          "its conditions leave " + String.join(", ", open) + " open");
    }
    if (shardedEntity != null && read.pointRead()) {
      return Outcome.no(
          QueryMessages.shardedPointRead(method, shardedEntity),
          "it fixes the whole key of a time-sharded entity");
    }
    if (path.index() != null && path.index().byService() && q.result() == Result.PAGE) {
      String why =
          "pages through the service-maintained index are not generated (their tokens bind to a"
              + " client-side index table)";
      return Outcome.no(QueryMessages.unscannable(method, why), why);
    }
    if (shardedEntity != null && path.index() != null && q.result() == Result.PAGE) {
      String why =
          "pages through an index of a @TimeSharded entity are not generated yet (its index views"
              + " over a window scan, count and exist but do not page)";
      return Outcome.no(QueryMessages.unscannable(method, why), why);
    }
    if (q.result() == Result.PAGE && read.pointRead()) {
      return Outcome.no(
          QueryMessages.pageOfOne(method),
          "a CursoredPage of the whole key holds at most one entity");
    }
    return new Outcome(
        new QueryPlan(
            q,
            read,
            List.copyOf(fixed),
            arguments,
            between,
            ranged ? last.operator() : null,
            lower(last),
            upper(last),
            backward),
        null,
        null);
  }

  /**
   * Whether the ordering reads the key backward: the ordered components, those fixed left out, are
   * the key's next components, each ascending in key order (forward) or each descending (backward).
   * A refusal, or no refusal and a non-null brief when backward.
   */
  private Outcome direction(
      QueryMethod q, List<KeyComponent> key, List<String> keyNames, List<KeyComponent> fixed) {
    String method = q.method().getSimpleName().toString();
    List<KeyComponent> rest = key.subList(fixed.size(), key.size());
    Boolean backward = null;
    int next = 0;
    for (Ordering o : q.orderBy()) {
      KeyComponent k = component(key, o.property().name());
      if (k != null && fixed.contains(k)) {
        continue; // one value: any order
      }
      if (k == null || next >= rest.size() || !rest.get(next).equals(k)) {
        return Outcome.no(
            QueryMessages.ordering(method, text(q.orderBy()), keyNames),
            "its rows are read in its key order ("
                + String.join(", ", keyNames)
                + ") or its reverse");
      }
      if (k.reversed() || k.kind() == ValueKind.ENUM) {
        String why =
            k.reversed()
                ? k.name() + " is @Reversed: its stored text is the value's digits backward"
                : k.name() + " is an enum, stored by name";
        return Outcome.no(QueryMessages.unorderedOrdering(method, why), why);
      }
      boolean back = o.descending() != k.descending();
      if (backward != null && backward != back) {
        return Outcome.no(
            QueryMessages.ordering(method, text(q.orderBy()), keyNames),
            "its rows are read in its key order ("
                + String.join(", ", keyNames)
                + ") or its reverse");
      }
      backward = back;
      next++;
    }
    return new Outcome(null, null, backward != null && backward ? "backward" : null);
  }

  /** The lower bound's parameter of a range condition, or null. */
  private static VariableElement lower(Condition c) {
    return switch (c.operator()) {
      case BETWEEN, GREATER_THAN, GREATER_THAN_EQUAL -> c.parameters().get(0);
      default -> null;
    };
  }

  /** The upper bound's parameter of a range condition, or null. */
  private static VariableElement upper(Condition c) {
    return switch (c.operator()) {
      case BETWEEN -> c.parameters().get(1);
      case LESS_THAN, LESS_THAN_EQUAL -> c.parameters().get(0);
      default -> null;
    };
  }

  private static String text(List<Ordering> orderBy) {
    return String.join(
        ", ",
        orderBy.stream()
            .map(o -> o.property().name() + (o.descending() ? " DESC" : " ASC"))
            .toList());
  }

  /** The key component of a property, by name: an index key's properties are its own copies. */
  private static KeyComponent component(List<KeyComponent> key, String property) {
    for (KeyComponent k : key) {
      if (k.property().name().equals(property)) {
        return k;
      }
    }
    return null;
  }
}
