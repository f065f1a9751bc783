package dev.widekey.processor.query;

import static dev.widekey.processor.generate.RuntimeNames.BOUNDS;
import static dev.widekey.processor.generate.RuntimeNames.KEY_TEXT;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import dev.widekey.processor.generate.GeneratedNames;
import dev.widekey.processor.generate.IndexReads;
import dev.widekey.processor.generate.RangeShape;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.IndexModel;
import dev.widekey.processor.model.Property;
import dev.widekey.processor.query.AccessPath.Read;
import dev.widekey.processor.query.QueryMethod.Condition;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.VariableElement;

/**
 * Every call the generated query implementations make into the generated repository and the
 * runtime, one method per kind of call: rows of a read (a point read, a scan, a scan within {@code
 * Bounds}, through the primary key or an index view), a page, a count, an exists.
 *
 * <pre>{@code
 * this.repository.scanByCardIdAndAtWithin(cardId, Bounds.closed(from, to))
 * this.repository.byAssignee().countByAssignee(assignee)
 * this.repository.page("query.Txns.page(java.lang.String,jakarta.data.page.PageRequest)",
 *     TxnKeys.rangeByCardId(cardId), request)
 * }</pre>
 */
final class QueryCalls {
  private QueryCalls() {}

  /** The field holding the generated repository in the generated implementation. */
  static final String REPOSITORY = "repository";

  /** The constant of a bucketed key's {@code KeyBuckets} in {@code FooKeys}. */
  private static final String BUCKETS = "BUCKETS";

  /**
   * The name of a query method's parameter in its generated implementation: its own, unless it
   * could obscure a type or package the generated code names in an expression (a parameter {@code
   * Bounds} would turn {@code Bounds.closed(...)} into a call on the String); an overriding method
   * may rename its parameters.
   */
  static String name(VariableElement p) {
    return GeneratedNames.variable(p.getSimpleName().toString());
  }

  /**
   * The {@code Bounds} of a plan's range, each Jakarta Data comparison as the runtime's bound:
   * {@code Between} is {@code Bounds.closed} (inclusive, as the spec says), {@code GreaterThan}
   * {@code greaterThan}, {@code GreaterThanEqual} {@code atLeast}, {@code LessThan} {@code
   * lessThan}, {@code LessThanEqual} {@code atMost}. A bound the column cannot hold reads as above
   * or below every value; {@code from} after {@code to} reads nothing.
   */
  static CodeBlock bounds(QueryPlan plan) {
    String from = plan.from() == null ? null : name(plan.from());
    String to = plan.to() == null ? null : name(plan.to());
    return switch (plan.operator()) {
      case BETWEEN -> CodeBlock.of("$T.closed($N, $N)", BOUNDS, from, to);
      case GREATER_THAN -> CodeBlock.of("$T.greaterThan($N)", BOUNDS, from);
      case GREATER_THAN_EQUAL -> CodeBlock.of("$T.atLeast($N)", BOUNDS, from);
      case LESS_THAN -> CodeBlock.of("$T.lessThan($N)", BOUNDS, to);
      case LESS_THAN_EQUAL -> CodeBlock.of("$T.atMost($N)", BOUNDS, to);
      case EQUAL -> throw new IllegalStateException("no range");
    };
  }

  /**
   * What a read calls: the repository, or its view of the read's index ({@code
   * this.repository.byCard()}).
   */
  static CodeBlock target(Read read) {
    IndexModel index = read.path().index();
    return index == null
        ? CodeBlock.of("this.$N", REPOSITORY)
        : CodeBlock.of("this.$N.$N()", REPOSITORY, IndexReads.accessor(index));
  }

  /** {@code "Within"} for a range (its methods take a {@code Bounds}), else nothing. */
  private static String suffix(QueryPlan plan) {
    return plan.between() == null ? "" : "Within";
  }

  /** The arguments of a plan's range: the fixed components' parameters, then its bounds. */
  static List<CodeBlock> keyArguments(QueryPlan plan) {
    List<CodeBlock> args = new ArrayList<>();
    for (VariableElement p : plan.arguments()) {
      Property property = property(plan, p);
      if (property != null
          && property.type().getKind().isPrimitive()
          && !p.asType().getKind().isPrimitive()) {
        // a boxed parameter of a primitive column: a null is WK111, as for a boxed key column,
        // not a NullPointerException where it is unboxed
        args.add(CodeBlock.of("$T.requireNonNull($S, $N)", KEY_TEXT, property.name(), name(p)));
      } else {
        args.add(CodeBlock.of("$N", name(p)));
      }
    }
    if (plan.between() != null) {
      args.add(bounds(plan));
    }
    return args;
  }

  /** The property whose condition takes parameter {@code p}, or null. */
  private static Property property(QueryPlan plan, VariableElement p) {
    for (Condition c : plan.query().conditions()) {
      if (c.parameters().contains(p)) {
        return c.property();
      }
    }
    return null;
  }

  /**
   * The arguments of a plan's read: its range's, then the time window ({@code since, until}) of a
   * read of a {@code @TimeSharded} entity's period tables.
   */
  static List<CodeBlock> arguments(QueryPlan plan) {
    List<CodeBlock> args = keyArguments(plan);
    if (sharded(plan)) {
      args.add(CodeBlock.of("$N", name(plan.query().since())));
      args.add(CodeBlock.of("$N", name(plan.query().until())));
    }
    return args;
  }

  /** Whether the plan reads a {@code @TimeSharded} entity over a window. */
  static boolean sharded(QueryPlan plan) {
    return plan.query().since() != null;
  }

  /** The name of the scan a plan reads: {@code scanByCardIdAndAtWithinDescending}. */
  static String scanName(QueryPlan plan) {
    return GeneratedNames.scanMethod(
        plan.read().shape().named(), suffix(plan) + (plan.backward() ? "Descending" : ""));
  }

  /**
   * The rows of a plan's read, as a {@code Stream}: a point read's {@code get(...)} as a stream of
   * at most one, or the scan of the read's shape (within the plan's bounds, backward for its
   * descending twin), of the repository or of an index view.
   */
  static CodeBlock rows(QueryPlan plan) {
    CodeBlock args = CodeBlock.join(arguments(plan), ", ");
    if (plan.read().pointRead()) {
      return CodeBlock.of("this.$N.get($L).stream()", REPOSITORY, args);
    }
    return CodeBlock.of("$L.$N($L)", target(plan.read()), scanName(plan), args);
  }

  /** A point read: {@code repository.get(...)}, an {@code Optional}. */
  static CodeBlock get(QueryPlan plan) {
    return CodeBlock.of("this.$N.get($L)", REPOSITORY, CodeBlock.join(arguments(plan), ", "));
  }

  /**
   * A {@code CursoredPage} of a plan's read under the query's own id (a token one query method
   * handed out is refused by every other): {@code page}, {@code pageBuckets} for a merged bucketed
   * range, {@code pageIndex} through an index, over the range the generated keys build.
   */
  static CodeBlock page(QueryPlan plan, EntityModel entity, String queryId, String request) {
    RangeShape shape = plan.read().shape();
    ClassName keys = GeneratedNames.keys(entity);
    CodeBlock args = CodeBlock.join(keyArguments(plan), ", ");
    IndexModel index = plan.read().path().index();
    String backward = plan.backward() ? ".backward()" : "";
    boolean buckets = shape.kind() == RangeShape.Kind.BUCKETS_BETWEEN;
    if (sharded(plan)) {
      // TimeShardedRepository.page(queryId, ranges, buckets, since, until, descending, request)
      return CodeBlock.of(
          "this.$N.page($S,$W$L,$W$L,$W$N,$W$N,$W$L,$W$N)",
          REPOSITORY,
          queryId,
          buckets
              ? CodeBlock.of(
                  "$T.$N($L)",
                  keys,
                  GeneratedNames.bucketRangesMethod(shape.named(), suffix(plan)),
                  args)
              : CodeBlock.of(
                  "$T.of($T.$N($L))",
                  List.class,
                  keys,
                  GeneratedNames.rangeMethod(shape.named(), suffix(plan)),
                  args),
          buckets ? CodeBlock.of("$T.$N", keys, BUCKETS) : CodeBlock.of("null"),
          name(plan.query().since()),
          name(plan.query().until()),
          plan.backward(),
          request);
    }
    if (index != null) {
      return CodeBlock.of(
          "this.$N.pageIndex($S,$W$L,$W$T.$N.$N($L)$L,$W$N)",
          REPOSITORY,
          queryId,
          CodeBlock.of("this.$N.tables().index($S).orElseThrow()", REPOSITORY, index.name()),
          keys,
          IndexReads.nestedType(index),
          GeneratedNames.rangeMethod(shape.named(), suffix(plan)),
          args,
          backward,
          request);
    }
    if (buckets) {
      return CodeBlock.of(
          "this.$N.pageBuckets($S,$W$T.$N,$W$T.$N($L),$W$L,$W$N)",
          REPOSITORY,
          queryId,
          keys,
          BUCKETS,
          keys,
          GeneratedNames.bucketRangesMethod(shape.named(), suffix(plan)),
          args,
          plan.backward(),
          request);
    }
    return CodeBlock.of(
        "this.$N.page($S,$W$T.$N($L)$L,$W$N)",
        REPOSITORY,
        queryId,
        keys,
        GeneratedNames.rangeMethod(shape.named(), suffix(plan)),
        args,
        backward,
        request);
  }

  /**
   * A key-only count ({@code countBy...}) or exists ({@code existsBy...}) of a plan's scan; through
   * an index each index row is checked against its hot row.
   */
  static CodeBlock countOrExists(QueryPlan plan, String verb) {
    return CodeBlock.of(
        "$L.$N($L)",
        target(plan.read()),
        GeneratedNames.queryMethod(verb, plan.read().shape().named(), suffix(plan)),
        CodeBlock.join(arguments(plan), ", "));
  }

  /** At most {@code n} rows. */
  static CodeBlock limit(CodeBlock rows, CodeBlock n) {
    return CodeBlock.of("$L.limit($L)", rows, n);
  }

  /** A count of the rows a stream holds (a limited count). */
  static CodeBlock count(String rows) {
    return CodeBlock.of("$N.count()", rows);
  }

  /** Whether any row matches: the scan stops at the first. */
  static CodeBlock exists(String rows) {
    return CodeBlock.of("$N.findAny().isPresent()", rows);
  }
}
