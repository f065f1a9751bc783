package dev.widekey.processor.query;

import dev.widekey.processor.model.Property;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ExecutableType;

/**
 * One abstract method of a query interface, as parsed: what it does, its conditions in the order
 * written, its ordering and what it returns. Checked against an {@link AccessPath} by {@link
 * QueryChecker}, which turns it into a {@link QueryPlan}.
 *
 * @param method the method
 * @param action find, count, exists or a lifecycle write
 * @param conditions the conditions, in the order of the name or the parameters
 * @param orderBy the ordering, from the name's {@code OrderBy} or {@code @OrderBy}
 * @param first the {@code findFirst<N>} count, or 0
 * @param limit the {@link jakarta.data.Limit} parameter, or null
 * @param pageRequest the {@link jakarta.data.page.PageRequest} parameter of a {@link Result#PAGE},
 *     or null
 * @param since the time window's start of a read of a {@code @TimeSharded} entity, or null
 * @param until the time window's end (exclusive), or null
 * @param result what the method returns
 * @param entityParameter the entity of a lifecycle method, or null
 */
record QueryMethod(
    ExecutableElement method,
    ExecutableType signature,
    Action action,
    List<Condition> conditions,
    List<Ordering> orderBy,
    int first,
    VariableElement limit,
    VariableElement pageRequest,
    VariableElement since,
    VariableElement until,
    Result result,
    VariableElement entityParameter) {

  enum Action {
    FIND,
    COUNT,
    EXISTS,
    INSERT,
    SAVE,
    UPDATE,
    DELETE;

    boolean lifecycle() {
      return ordinal() >= INSERT.ordinal();
    }
  }

  /** What a find returns. */
  enum Result {
    /** The entity itself: one row or {@code EmptyResultException}. */
    ENTITY,
    OPTIONAL,
    STREAM,
    /** {@code CursoredPage<E>}, with a {@code PageRequest} parameter. */
    PAGE,
    LIST,
    /** {@code long} or {@code Long}. */
    LONG,
    /** {@code int} or {@code Integer}. */
    INT,
    BOOLEAN,
    /** A lifecycle method's {@code void}. */
    VOID
  }

  /** A comparison, as Jakarta Data names them. */
  enum Operator {
    EQUAL(1, ""),
    BETWEEN(2, "Between"),
    GREATER_THAN(1, "GreaterThan"),
    GREATER_THAN_EQUAL(1, "GreaterThanEqual"),
    LESS_THAN(1, "LessThan"),
    LESS_THAN_EQUAL(1, "LessThanEqual");

    final int parameters;
    final String keyword;

    Operator(int parameters, String keyword) {
      this.parameters = parameters;
      this.keyword = keyword;
    }

    boolean range() {
      return this != EQUAL;
    }
  }

  /**
   * One condition.
   *
   * @param property the entity property
   * @param operator the comparison
   * @param parameters its parameters: one, or two for {@code Between}
   */
  record Condition(Property property, Operator operator, List<VariableElement> parameters) {}

  /**
   * One sort key.
   *
   * @param property the property
   * @param descending whether greatest first
   */
  record Ordering(Property property, boolean descending) {}
}
