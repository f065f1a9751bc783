package dev.widekey.processor.query;

import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.model.IndexModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.ValueKind;
import dev.widekey.processor.query.AccessPath.Read;
import dev.widekey.processor.query.QueryMethod.Condition;
import dev.widekey.processor.query.QueryMethod.Operator;
import dev.widekey.processor.query.QueryMethod.Ordering;
import dev.widekey.processor.query.QueryMethod.Result;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.VariableElement;

/**
 * Checks a query against an {@link AccessPath} (rule WK307): its conditions must be equality on a
 * leading run of the path's key and at most one range, on the next component and last; its ordering
 * the key order or its reverse; a single-entity result needs the whole key. What passes becomes a
 * {@link QueryPlan}; what fails is reported on the method with the reason and the fix.
 */
final class QueryChecker {
  private final Diagnostics report;
  private final List<IndexModel> indexes;

  /**
   * @param indexes the entity's index tables: a refusal of a query one of them could serve says so
   */
  QueryChecker(Diagnostics report, List<IndexModel> indexes) {
    this.report = report;
    this.indexes = List.copyOf(indexes);
  }

  /** The refusal, pointing at an index that leads with {@code property} if there is one. */
  private String withIndex(String refusal, String property) {
    for (IndexModel index : indexes) {
      List<KeyComponent> key = index.components();
      if (!key.isEmpty() && key.get(0).name().equals(property)) {
        StringBuilder accessor = new StringBuilder();
        for (String word : index.name().split("_")) {
          accessor.append(accessor.length() == 0 ? word : QueryParser.capitalize(word));
        }
        return QueryMessages.servedByIndex(refusal, index.name(), accessor.toString());
      }
    }
    return refusal;
  }

  Optional<QueryPlan> check(QueryMethod q, AccessPath path) {
    if (q.action().lifecycle()) {
      return Optional.of(
          new QueryPlan(q, null, List.of(), List.of(), null, null, null, null, null, false));
    }
    String method = q.method().getSimpleName().toString();
    List<KeyComponent> key = path.components();
    List<String> keyNames = key.stream().map(KeyComponent::name).toList();
    List<Condition> conditions = new ArrayList<>();
    List<KeyComponent> onKey = new ArrayList<>();
    for (Condition c : q.conditions()) {
      KeyComponent k = component(key, c);
      if (k == null) {
        report.error(
            q.method(),
            withIndex(
                QueryMessages.attributeCondition(method, c.property().name(), keyNames),
                c.property().name()));
        return Optional.empty();
      }
      if (onKey.contains(k)) {
        report.error(
            q.method(),
            QueryMessages.unsupported(
                method,
                "two conditions on " + k.name(),
                "one condition per key component says where the rows are; merge them into one"));
        return Optional.empty();
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
        report.error(
            q.method(),
            QueryMessages.rangeNotLast(
                method, sortedKey.get(i).name(), sortedKey.get(i + 1).name()));
        return Optional.empty();
      }
    }
    for (int i = 0; i < sortedKey.size(); i++) {
      if (!sortedKey.get(i).equals(key.get(i))) {
        report.error(
            q.method(),
            withIndex(
                QueryMessages.notLeftmostPrefix(
                    method,
                    key.get(i).name(),
                    keyNames,
                    conditions.stream().map(c -> c.property().name()).toList()),
                conditions.get(0).property().name()));
        return Optional.empty();
      }
    }
    if (sorted.isEmpty()) {
      report.error(
          q.method(),
          QueryMessages.notLeftmostPrefix(method, key.get(0).name(), keyNames, List.of()));
      return Optional.empty();
    }
    Condition last = sorted.get(sorted.size() - 1);
    boolean ranged = last.operator().range();
    List<KeyComponent> fixed = sortedKey.subList(0, sortedKey.size() - (ranged ? 1 : 0));
    List<VariableElement> arguments =
        sorted.subList(0, fixed.size()).stream().map(c -> c.parameters().get(0)).toList();
    KeyComponent between = ranged ? sortedKey.get(sortedKey.size() - 1) : null;
    Optional<Read> range = ranged ? path.range(fixed, between) : Optional.empty();
    if (ranged && range.isEmpty() && path.unordered(between).isPresent()) {
      report.error(
          q.method(),
          QueryMessages.unorderedRange(
              method, last.operator().keyword, path.unordered(between).get()));
      return Optional.empty();
    }
    Optional<String> unscannable = path.unscannable(fixed);
    if (unscannable.isPresent()) {
      report.error(q.method(), QueryMessages.unscannable(method, unscannable.get()));
      return Optional.empty();
    }
    Read read;
    Read closing = null;
    if (ranged) {
      if (range.isEmpty()) {
        report.error(
            q.method(),
            QueryMessages.unorderedRange(
                method,
                last.operator().keyword,
                path.unordered(between).orElse(between.name() + " takes no range scan")));
        return Optional.empty();
      }
      boolean open = last.operator() != Operator.BETWEEN;
      if (open
          && !(QueryCalls.openBounds(between)
              && range.get().shape().between() != null
              && range.get().shape().kind()
                  == dev.widekey.processor.generate.RangeShape.Kind.BETWEEN)) {
        report.error(
            q.method(),
            QueryMessages.notYet(
                method,
                last.operator().keyword,
                "a scan with an open or inclusive bound (dev.widekey.runtime.query)"));
        return Optional.empty();
      }
      if (!QueryCalls.comparable(between)) {
        report.error(
            q.method(),
            QueryMessages.notYet(
                method,
                "Between over " + between.kind().name().toLowerCase(java.util.Locale.ROOT),
                "an inclusive upper bound in the key's order (dev.widekey.runtime.query)"));
        return Optional.empty();
      }
      read = range.get();
      List<KeyComponent> withTo = new ArrayList<>(fixed);
      withTo.add(between);
      closing = path.equality(withTo).orElse(null);
      if (last.operator() == Operator.LESS_THAN) {
        closing = null; // [MIN, to): the scan itself
      } else if (closing == null) {
        report.error(
            q.method(),
            QueryMessages.notYet(
                method, "Between", "an inclusive upper bound (dev.widekey.runtime.query)"));
        return Optional.empty();
      }
    } else {
      Optional<Read> equality = path.equality(fixed);
      if (equality.isEmpty()) {
        report.error(
            q.method(),
            QueryMessages.unscannable(method, "no read of " + path.description() + " fixes them"));
        return Optional.empty();
      }
      read = equality.get();
    }
    Optional<Boolean> backward = direction(q, key, keyNames, fixed, read);
    if (backward.isEmpty()) {
      return Optional.empty();
    }
    boolean single = q.result() == Result.ENTITY || q.result() == Result.OPTIONAL;
    if (single && !read.pointRead() && q.first() == 0) {
      report.error(
          q.method(),
          QueryMessages.singleResult(
              method,
              q.method().getReturnType().toString(),
              key.subList(fixed.size(), key.size()).stream().map(KeyComponent::name).toList()));
      return Optional.empty();
    }
    return Optional.of(
        new QueryPlan(
            q,
            read,
            List.copyOf(fixed),
            arguments,
            between,
            ranged ? last.operator() : null,
            lower(last),
            upper(last),
            closing,
            backward.get()));
  }

  /**
   * Whether the ordering reads the key backward: the ordered components, those fixed left out, are
   * the key's next components, each ascending in key order (forward) or each descending (backward).
   */
  private Optional<Boolean> direction(
      QueryMethod q,
      List<KeyComponent> key,
      List<String> keyNames,
      List<KeyComponent> fixed,
      Read read) {
    String method = q.method().getSimpleName().toString();
    List<KeyComponent> rest = key.subList(fixed.size(), key.size());
    Boolean backward = null;
    int next = 0;
    for (Ordering o : q.orderBy()) {
      KeyComponent k =
          key.stream().filter(c -> c.property().equals(o.property())).findFirst().orElse(null);
      if (k != null && fixed.contains(k)) {
        continue; // one value: any order
      }
      if (k == null || next >= rest.size() || !rest.get(next).equals(k)) {
        report.error(q.method(), QueryMessages.ordering(method, text(q.orderBy()), keyNames));
        return Optional.empty();
      }
      if (k.reversed() || k.kind() == ValueKind.ENUM) {
        report.error(
            q.method(),
            QueryMessages.unorderedOrdering(
                method,
                k.reversed()
                    ? k.name() + " is @Reversed: its stored text is the value's digits backward"
                    : k.name() + " is an enum, stored by name"));
        return Optional.empty();
      }
      boolean back = o.descending() != k.descending();
      if (backward != null && backward != back) {
        report.error(q.method(), QueryMessages.ordering(method, text(q.orderBy()), keyNames));
        return Optional.empty();
      }
      backward = back;
      next++;
    }
    return Optional.of(backward != null && backward && !read.pointRead());
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

  private static KeyComponent component(List<KeyComponent> key, Condition c) {
    for (KeyComponent k : key) {
      if (k.property().equals(c.property())) {
        return k;
      }
    }
    return null;
  }
}
