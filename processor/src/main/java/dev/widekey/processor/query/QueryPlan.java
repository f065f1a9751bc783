package dev.widekey.processor.query;

import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.query.AccessPath.Read;
import java.util.List;
import javax.lang.model.element.VariableElement;

/**
 * How a checked query is read: the access path's read, its arguments and direction.
 *
 * @param query the query
 * @param read the read of its conditions, or null for a lifecycle method
 * @param fixed the components fixed by equality, in key order
 * @param arguments the parameter giving each fixed component's value, in key order
 * @param between the component a {@code Between} bounds, or null
 * @param from the lower bound's parameter, or null
 * @param to the upper bound's parameter, or null
 * @param closing the read of the rows equal to {@code to} (Jakarta Data's {@code Between} is
 *     inclusive, the generated scans half-open), or null
 * @param backward whether the rows are read greatest key first
 */
record QueryPlan(
    QueryMethod query,
    Read read,
    List<KeyComponent> fixed,
    List<VariableElement> arguments,
    KeyComponent between,
    VariableElement from,
    VariableElement to,
    Read closing,
    boolean backward) {}
