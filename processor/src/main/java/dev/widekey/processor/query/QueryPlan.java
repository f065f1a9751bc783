package dev.widekey.processor.query;

import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.query.AccessPath.Read;
import java.util.List;
import javax.lang.model.element.VariableElement;

/**
 * How a checked query is read: the access path's read (the primary key's or an index's), its
 * arguments and direction.
 *
 * @param query the query
 * @param read the read of its conditions, or null for a lifecycle method
 * @param fixed the components fixed by equality, in key order
 * @param arguments the parameter giving each fixed component's value, in key order
 * @param between the component a range bounds, or null
 * @param operator the range's comparison, or null
 * @param from the lower bound's parameter ({@code Between}, {@code GreaterThan[Equal]}), or null
 * @param to the upper bound's parameter ({@code Between}, {@code LessThan[Equal]}), or null
 * @param backward whether the rows are read greatest key first
 */
record QueryPlan(
    QueryMethod query,
    Read read,
    List<KeyComponent> fixed,
    List<VariableElement> arguments,
    KeyComponent between,
    QueryMethod.Operator operator,
    VariableElement from,
    VariableElement to,
    boolean backward) {}
