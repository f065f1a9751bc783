package dev.widekey.processor.query;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import dev.widekey.processor.generate.RepositoryGenerator;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.ValueKind;
import dev.widekey.processor.query.AccessPath.Read;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import javax.lang.model.element.VariableElement;

/**
 * Every call the generated query implementations make into the generated repository and the
 * runtime, one method per kind of call: the one place to change when the runtime gains open bounds,
 * cursored pages and key-only counts ({@code dev.widekey.runtime.query}).
 */
final class QueryCalls {
  private QueryCalls() {}

  private static final ClassName UTF8 = ClassName.get("dev.widekey.runtime.store", "Utf8");

  /** The field holding the generated repository in the generated implementation. */
  static final String REPOSITORY = "repository";

  /**
   * Whether an open bound over key column {@code c} is exact as a {@code [from, to)} scan with the
   * type's least or greatest value as the other bound: an {@code int} or {@code long} stored as an
   * integer (no padding, whose width would refuse those values). With the runtime's open bounds
   * every ordered key column takes them.
   */
  static boolean openBounds(KeyComponent c) {
    return c.padding() == null && (c.kind() == ValueKind.LONG || c.kind() == ValueKind.INT);
  }

  /** The type's greatest value: {@code Long.MAX_VALUE} or {@code Integer.MAX_VALUE}. */
  static CodeBlock max(KeyComponent c) {
    return CodeBlock.of("$T.MAX_VALUE", c.kind() == ValueKind.LONG ? Long.class : Integer.class);
  }

  /** The type's least value. */
  static CodeBlock min(KeyComponent c) {
    return CodeBlock.of("$T.MIN_VALUE", c.kind() == ValueKind.LONG ? Long.class : Integer.class);
  }

  /** Whether generated code can compare two bounds of {@code c} in key order. */
  static boolean comparable(KeyComponent c) {
    ValueKind k = c.kind();
    return !k.time() && (k.integral() || k == ValueKind.STRING || k == ValueKind.BYTES);
  }

  /**
   * The rows of one read, as a {@code Stream}: a point read's {@code get(...)} as a stream of at
   * most one, or the {@code scanBy...} method of the read's shape, backward for its descending
   * twin.
   */
  static CodeBlock rows(Read read, List<CodeBlock> arguments, boolean backward) {
    CodeBlock args = CodeBlock.join(arguments, ", ");
    if (read.pointRead()) {
      return CodeBlock.of("this.$N.get($L).stream()", REPOSITORY, args);
    }
    return CodeBlock.of(
        "this.$N.$N($L)", REPOSITORY, RepositoryGenerator.scanName(read.shape(), backward), args);
  }

  /** A point read: {@code repository.get(...)}, an {@code Optional}. */
  static CodeBlock get(List<CodeBlock> arguments) {
    return CodeBlock.of("this.$N.get($L)", REPOSITORY, CodeBlock.join(arguments, ", "));
  }

  /**
   * Jakarta Data's inclusive {@code Between}: the half-open scan {@code [from, to)} and the rows
   * equal to {@code to}, in the order read (the rows at {@code to} come last in key order, first
   * over a descending column or backward). The caller first returns nothing when {@link #after}.
   *
   * <p>With the runtime's inclusive bounds this becomes one scan.
   */
  static CodeBlock between(QueryPlan plan, CodeBlock scan, CodeBlock atTo) {
    if (atTo == null) {
      return scan; // an exclusive upper bound: the half-open scan is the range
    }
    boolean toFirst = plan.between().descending() != plan.backward();
    return CodeBlock.of(
        "$T.concat($L,$W$L)", Stream.class, toFirst ? atTo : scan, toFirst ? scan : atTo);
  }

  /** {@code from} lies after {@code to} in the key's order: an inclusive range holds nothing. */
  static CodeBlock after(KeyComponent c, VariableElement from, VariableElement to) {
    String f = from.getSimpleName().toString();
    String t = to.getSimpleName().toString();
    if (c.kind() == ValueKind.STRING) {
      return CodeBlock.of("$T.compare($N, $N) > 0", UTF8, f, t);
    }
    if (c.kind() == ValueKind.BYTES) {
      return CodeBlock.of("$T.compareUnsigned($N, $N) > 0", Arrays.class, f, t);
    }
    return CodeBlock.of("$N > $N", f, t);
  }

  /** The arguments of a read: the fixed components' parameters, then more. */
  static List<CodeBlock> arguments(List<VariableElement> parameters, CodeBlock... more) {
    List<CodeBlock> args = new ArrayList<>();
    for (VariableElement p : parameters) {
      args.add(CodeBlock.of("$N", p.getSimpleName().toString()));
    }
    args.addAll(List.of(more));
    return args;
  }

  /** At most {@code n} rows. With the runtime's limits, a limit on the scan itself. */
  static CodeBlock limit(CodeBlock rows, CodeBlock n) {
    return CodeBlock.of("$L.limit($L)", rows, n);
  }

  /**
   * A count: every row read and counted. With the runtime's key-only counts, a scan that reads no
   * attribute.
   */
  static CodeBlock count(String rows) {
    return CodeBlock.of("$N.count()", rows);
  }

  /** Whether any row matches: the scan stops at the first. */
  static CodeBlock exists(String rows) {
    return CodeBlock.of("$N.findAny().isPresent()", rows);
  }
}
