package dev.widekey.processor.generate;

import static dev.widekey.processor.generate.RuntimeNames.CURSORED_PAGE;
import static dev.widekey.processor.generate.RuntimeNames.PAGE_REQUEST;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.widekey.processor.generate.GeneratedNames.KeysMembers;
import dev.widekey.processor.model.EntityModel;
import javax.lang.model.element.Modifier;

/**
 * The paged and counting twins of a repository's scans: {@code pageBy...(..., PageRequest)} and
 * {@code pageBy...Descending} (Jakarta Data {@code CursoredPage}s whose cursors are signed
 * continuation tokens), {@code countBy...} and {@code existsBy...} (keys only). Each calls the
 * runtime's one mechanism ({@code SplitTableRepository.page}, {@code pageBuckets}, {@code count},
 * {@code countBuckets}, ...), with the method's name as the query id a token is bound to.
 */
final class QueryMethods {
  private QueryMethods() {}

  static void add(TypeSpec.Builder type, EntityModel entity, RangeShape shape) {
    boolean buckets = shape.kind() == RangeShape.Kind.BUCKETS_BETWEEN;
    ClassName keys = GeneratedNames.keys(entity);
    NameAllocator names = KeyEncoding.names(shape.fixed());
    String bounds = shape.bounded() ? names.newName("bounds") : null;
    String request = names.newName("request");
    CodeBlock args = RepositoryGenerator.arguments(shape.fixed());
    if (bounds != null) {
      args = args.isEmpty() ? CodeBlock.of("$N", bounds) : CodeBlock.of("$L, $N", args, bounds);
    }
    CodeBlock ranges =
        buckets
            ? CodeBlock.of(
                "$T.$N($L)",
                keys,
                GeneratedNames.bucketRangesMethod(shape.named(), shape.withinSuffix()),
                args)
            : CodeBlock.of(
                "$T.$N($L)",
                keys,
                GeneratedNames.rangeMethod(shape.named(), shape.withinSuffix()),
                args);
    String page = GeneratedNames.queryMethod("page", shape.named(), shape.withinSuffix());
    String what =
        shape.bounded()
            ? "Rows with these leading key values and "
                + shape.between().name()
                + " within {@code "
                + bounds
                + "}"
            : shape.javadoc().replace(", in key order.", "").replace(" in key order.", "");
    TypeName pageType = ParameterizedTypeName.get(CURSORED_PAGE, GeneratedNames.entity(entity));
    for (boolean descending : new boolean[] {false, true}) {
      MethodSpec.Builder m =
          MethodSpec.methodBuilder(page + (descending ? RepositoryGenerator.DESCENDING_SUFFIX : ""))
              .addModifiers(Modifier.PUBLIC)
              .addJavadoc(
                  "A page of: $L, $L.$L The first page is {@code PageRequest.ofSize(n)}, the next"
                      + " {@code page.nextPageRequest()}, whose cursor is a signed token bound to"
                      + " this query and its parameters (needs {@code withContinuationKey}). Offset"
                      + " pages beyond the first are refused: each would be a scan from the"
                      + " start.\n\n"
                      + "@throws dev.widekey.runtime.query.InvalidContinuationException (WK309) for"
                      + " a cursor this query did not hand out; nothing is read\n",
                  what,
                  descending ? "greatest key first" : "in key order",
                  entity.hasColdColumns() ? " Hot columns only." : "")
              .returns(pageType)
              .addParameters(KeyEncoding.parameters(shape.fixed()));
      if (bounds != null) {
        m.addParameter(RangeMethods.boundsType(shape.between()), bounds);
      }
      m.addParameter(PAGE_REQUEST, request);
      if (buckets) {
        m.addStatement(
            "return pageBuckets($S, $T.$N, $L, $L, $N)",
            page,
            keys,
            KeysMembers.BUCKETS,
            ranges,
            descending,
            request);
      } else {
        m.addStatement(
            descending ? "return page($S, $L.backward(), $N)" : "return page($S, $L, $N)",
            page,
            ranges,
            request);
      }
      type.addMethod(m.build());
    }
    for (String verb : new String[] {"count", "exists"}) {
      MethodSpec.Builder m =
          MethodSpec.methodBuilder(
                  GeneratedNames.queryMethod(verb, shape.named(), shape.withinSuffix()))
              .addModifiers(Modifier.PUBLIC)
              .addJavadoc(
                  verb.equals("count")
                      ? "How many rows of: $L. A count is a scan of the range's keys (no attribute"
                          + " column): the store keeps no row count.\n"
                      : "Whether a row exists of: $L. Reads at most one key per range.\n",
                  what)
              .returns(verb.equals("count") ? TypeName.LONG : TypeName.BOOLEAN)
              .addParameters(KeyEncoding.parameters(shape.fixed()));
      if (bounds != null) {
        m.addParameter(RangeMethods.boundsType(shape.between()), bounds);
      }
      m.addStatement("return $N$L($L)", verb, buckets ? "Buckets" : "", ranges);
      type.addMethod(m.build());
    }
  }
}
