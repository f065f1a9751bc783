package dev.widekey.processor.query;

import static dev.widekey.processor.generate.RuntimeNames.STORE;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.widekey.processor.generate.GeneratedNames;
import dev.widekey.processor.generate.IndexReads;
import dev.widekey.processor.generate.JavaSourceWriter;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.Property;
import dev.widekey.processor.model.ShardSpec;
import dev.widekey.processor.query.QueryMethod.Action;
import dev.widekey.processor.query.QueryMethod.Result;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Writes {@code Orders_}, the implementation of a query interface {@code Orders} (named as
 * Hibernate's Jakarta Data processor names it): a constructor taking the generated repository and
 * one taking a store, and each query method delegating to the repository's {@code get}, {@code
 * scanBy...}, {@code countBy...} and {@code existsBy...} methods or its index views ({@code
 * byCard().scanBy...}), or to its {@code page}, {@code pageBuckets} and {@code pageIndex}, through
 * {@link QueryCalls}. For {@code Stream<Txn> findByCardId(String cardId)} it writes:
 *
 * <pre>{@code
 * @Override
 * public Stream<Txn> findByCardId(String cardId) {
 *   return this.repository.scanByCardId(cardId);
 * }
 * }</pre>
 */
final class QueryInterfaceGenerator {
  private static final ClassName GENERATED =
      ClassName.get("javax.annotation.processing", "Generated");
  private static final ClassName EMPTY_RESULT = ClassName.bestGuess(JakartaData.EMPTY_RESULT);

  private final JavaSourceWriter writer;
  private final Elements elements;
  private final Types types;
  private final String generator;

  QueryInterfaceGenerator(Filer filer, Elements elements, Types types, String generator) {
    this.writer = new JavaSourceWriter(filer, elements);
    this.elements = elements;
    this.types = types;
    this.generator = generator;
  }

  /**
   * {@code Orders_} for {@code Orders}; {@code Outer_Orders_} for a nested {@code Outer.Orders}.
   */
  static ClassName implementation(TypeElement iface, Elements elements) {
    String pkg = elements.getPackageOf(iface).getQualifiedName().toString();
    List<String> names = new ArrayList<>();
    for (Element e = iface; e instanceof TypeElement; e = e.getEnclosingElement()) {
      names.add(0, e.getSimpleName().toString());
    }
    return ClassName.get(pkg, String.join("_", names) + "_");
  }

  void generate(TypeElement iface, EntityModel entity, List<QueryPlan> plans) throws IOException {
    ClassName name = implementation(iface, elements);
    Optional<ShardSpec> shard = ShardSpec.of(entity);
    ClassName repository =
        shard.isPresent()
            ? GeneratedNames.shardedRepository(entity)
            : GeneratedNames.repository(entity);
    TypeSpec.Builder type =
        TypeSpec.classBuilder(name)
            .addModifiers(Modifier.FINAL)
            .addSuperinterface(TypeName.get(iface.asType()))
            .addOriginatingElement(iface)
            .addOriginatingElement(entity.type())
            .addJavadoc(
                "The queries of {@link $T} over table {@code $L}, each a read of the generated {@link"
                    + " $T}.\n",
                TypeName.get(types.erasure(iface.asType())),
                entity.table(),
                repository)
            .addField(repository, QueryCalls.REPOSITORY, Modifier.PRIVATE, Modifier.FINAL)
            .addMethod(
                MethodSpec.constructorBuilder()
                    .addModifiers(Modifier.PUBLIC)
                    .addJavadoc("Queries through {@code repository}.\n")
                    .addParameter(repository, "repository")
                    .addStatement("this.$N = repository", QueryCalls.REPOSITORY)
                    .build())
            .addMethod(
                MethodSpec.constructorBuilder()
                    .addModifiers(Modifier.PUBLIC)
                    .addJavadoc(
                        "Queries through a new {@link $T} over {@code store}.\n", repository)
                    .addParameter(STORE, "store")
                    .addStatement("this(new $T(store))", repository)
                    .build());
    if (iface.getModifiers().contains(Modifier.PUBLIC)) {
      type.addModifiers(Modifier.PUBLIC);
    }
    if (elements.getTypeElement(GENERATED.canonicalName()) != null) {
      type.addAnnotation(
          AnnotationSpec.builder(GENERATED).addMember("value", "$S", generator).build());
    }
    for (QueryPlan plan : plans) {
      type.addMethod(method(iface, entity, repository, plan));
    }
    writer.write(name.packageName(), type, GeneratedNames.doNotEditNotice(entity));
  }

  private MethodSpec method(
      TypeElement iface, EntityModel entity, ClassName repository, QueryPlan plan) {
    QueryMethod q = plan.query();
    // the interface's annotations (@Find, @By...) stay on the interface
    MethodSpec.Builder m =
        MethodSpec.methodBuilder(q.method().getSimpleName().toString())
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(TypeName.get(q.signature().getReturnType()));
    List<? extends VariableElement> parameters = q.method().getParameters();
    for (int i = 0; i < parameters.size(); i++) {
      m.addParameter(
          TypeName.get(q.signature().getParameterTypes().get(i)),
          QueryCalls.name(parameters.get(i)));
    }
    NameAllocator names = new NameAllocator();
    for (VariableElement p : q.method().getParameters()) {
      names.newName(QueryCalls.name(p));
    }
    if (q.action().lifecycle()) {
      return lifecycle(m, entity, q);
    }
    String method = q.method().getSimpleName().toString();
    TypeName entityName = TypeName.get(entity.type().asType());
    CodeBlock empty =
        CodeBlock.of(
            "() -> new $T($S)", EMPTY_RESULT, "no " + entity.simpleName() + " matches " + method);
    CodeBlock rows = QueryCalls.rows(plan);
    AccessPath path = plan.read().path();
    String read;
    if (plan.read().pointRead()) {
      read = "a point read of the whole key, {@code $T.get}";
    } else {
      read =
          (path.index() == null
                  ? (plan.backward() ? "greatest key first" : "in key order")
                  : (plan.backward() ? "greatest index key first" : "in index order"))
              + ", read by "
              + (path.index() == null
                  ? "a scan of the primary key, {@code $T." + QueryCalls.scanName(plan) + "}"
                  : "a scan of "
                      + path.description()
                      + ", {@code $T."
                      + IndexReads.accessor(path.index())
                      + "()."
                      + QueryCalls.scanName(plan)
                      + "}, each entity checked against its hot row");
    }
    m.addJavadoc("Query {@code $L}: $L, " + read + ".\n", method, describe(plan), repository);
    if (QueryCalls.sharded(plan)) {
      m.addJavadoc(
          "\n<p>Only rows whose {@code $L} is in {@code [$N, $N)}: the window's period tables, read"
              + " and merged.\n",
          ShardSpec.of(entity).orElseThrow().by(),
          QueryCalls.name(q.since()),
          QueryCalls.name(q.until()));
    }
    if (path.index() != null && path.index().byService()) {
      m.addJavadoc("\n<p>$L\n", IndexReads.serviceGuarantee(path.index()));
    }
    if (q.result() == Result.PAGE) {
      String request = QueryCalls.name(q.pageRequest());
      m.addJavadoc(
          "\n<p>A page at most {@code $N.size()} long; its cursor is a token signed with the"
              + " repository's continuation key and bound to this query method and its"
              + " parameters ({@code Cursor.forKey(token)} reads on from it).\n",
          request);
      return m.addStatement("return $L", QueryCalls.page(plan, entity, queryId(iface, q), request))
          .build();
    }
    boolean limited = q.first() > 0 || q.limit() != null;
    boolean counts = !(QueryCalls.sharded(plan) && path.index() != null); // no sharded index counts
    if (!limited && !plan.read().pointRead() && counts) {
      if (q.result() == Result.LONG || q.result() == Result.INT) {
        m.addJavadoc(
            "\n<p>A count is a scan$L: the store keeps no row count.\n",
            path.index() != null
                ? " of the index range, each index row checked against its hot row"
                : QueryCalls.sharded(plan)
                    ? " of keys (no attribute is read) in the periods the window covers whole, of"
                        + " hot rows in its two edge periods"
                    : " of keys (no attribute is read)");
        CodeBlock count = QueryCalls.countOrExists(plan, "count");
        return (q.result() == Result.LONG
                ? m.addStatement("return $L", count)
                : m.addStatement("return $T.toIntExact($L)", Math.class, count))
            .build();
      }
      if (q.result() == Result.BOOLEAN) {
        m.addJavadoc("\n<p>The scan stops at the first matching key.\n");
        return m.addStatement("return $L", QueryCalls.countOrExists(plan, "exists")).build();
      }
    }
    if (q.first() > 0) {
      rows = QueryCalls.limit(rows, CodeBlock.of("$L", q.first()));
    }
    if (q.limit() != null) {
      String limit = QueryCalls.name(q.limit());
      m.beginControlFlow("if ($N.startAt() != 1)", limit)
          .addStatement(
              "throw new $T($S)",
              IllegalArgumentException.class,
              "a Limit starting after row 1 skips rows by offset, a scan from the start; use"
                  + " Limit.of(maxResults)")
          .endControlFlow();
      rows = QueryCalls.limit(rows, CodeBlock.of("$N.maxResults()", limit));
    }
    if (plan.read().pointRead() && !limited) {
      if (q.result() == Result.OPTIONAL) {
        return m.addStatement("return $L", QueryCalls.get(plan)).build();
      }
      if (q.result() == Result.ENTITY) {
        return m.addStatement("return $L.orElseThrow($L)", QueryCalls.get(plan), empty).build();
      }
    }
    if (q.result() == Result.STREAM) {
      return m.addStatement("return $L", rows).build();
    }
    String local = names.newName("rows");
    m.beginControlFlow(
        "try ($T $N = $L)",
        ParameterizedTypeName.get(ClassName.get(Stream.class), entityName),
        local,
        rows);
    switch (q.result()) {
      case LIST -> m.addStatement("return $N.toList()", local);
      case OPTIONAL -> m.addStatement("return $N.findFirst()", local);
      case ENTITY -> m.addStatement("return $N.findFirst().orElseThrow($L)", local, empty);
      case LONG -> m.addStatement("return $L", QueryCalls.count(local));
      case INT -> m.addStatement("return $T.toIntExact($L)", Math.class, QueryCalls.count(local));
      case BOOLEAN -> m.addStatement("return $L", QueryCalls.exists(local));
      default -> throw new IllegalStateException(q.result().name());
    }
    return m.endControlFlow().build();
  }

  /**
   * The id a page's tokens are bound to: the query method's signature, {@code
   * query.Txns.page(java.lang.String,jakarta.data.page.PageRequest)}, stable across builds and
   * distinct per method.
   */
  private String queryId(TypeElement iface, QueryMethod q) {
    List<String> params = new ArrayList<>();
    for (TypeMirror p : q.signature().getParameterTypes()) {
      params.add(types.erasure(p).toString());
    }
    return iface.getQualifiedName()
        + "."
        + q.method().getSimpleName()
        + "("
        + String.join(",", params)
        + ")";
  }

  private static String describe(QueryPlan plan) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < plan.fixed().size(); i++) {
      parts.add(
          plan.fixed().get(i).name()
              + " = {@code "
              + QueryCalls.name(plan.arguments().get(i))
              + "}");
    }
    if (plan.between() != null) {
      String c = plan.between().name();
      String lower = plan.from() == null ? null : "{@code " + QueryCalls.name(plan.from()) + "}";
      String upper = plan.to() == null ? null : "{@code " + QueryCalls.name(plan.to()) + "}";
      parts.add(
          switch (plan.operator()) {
            case BETWEEN -> c + " from " + lower + " to " + upper + ", both inclusive";
            case GREATER_THAN -> c + " above " + lower;
            case GREATER_THAN_EQUAL -> c + " at or above " + lower;
            case LESS_THAN -> c + " below " + upper;
            default -> c + " at or below " + upper;
          });
    }
    return "the rows with " + String.join(" and ", parts);
  }

  private MethodSpec lifecycle(MethodSpec.Builder m, EntityModel entity, QueryMethod q) {
    String e = QueryCalls.name(q.entityParameter());
    boolean returns = q.result() == Result.ENTITY;
    String call =
        switch (q.action()) {
          case INSERT -> "insert";
          case SAVE -> "put";
          case UPDATE -> "update";
          default -> "delete";
        };
    m.addJavadoc(
        "$L {@code $L} through the generated repository's {@code $L}.\n",
        switch (q.action()) {
          case INSERT -> "Inserts";
          case SAVE -> "Saves (inserts or replaces)";
          case UPDATE -> "Updates";
          default -> "Deletes";
        },
        e,
        call);
    if (q.action() == Action.DELETE) {
      List<CodeBlock> key = new ArrayList<>();
      for (KeyComponent c : entity.keyComponents()) {
        Property p = c.property();
        key.add(
            p.readerIsMethod()
                ? CodeBlock.of("$N.$N()", e, p.reader())
                : CodeBlock.of("$N.$N", e, p.reader()));
      }
      Optional<ShardSpec> shard = ShardSpec.of(entity);
      if (shard.isPresent() && shard.get().keyComponent() == null) {
        // the shard value names the period of a sharded entity whose shard field is no key
        Property p = shard.get().property();
        key.add(
            p.readerIsMethod()
                ? CodeBlock.of("$N.$N()", e, p.reader())
                : CodeBlock.of("$N.$N", e, p.reader()));
      }
      return m.addStatement("this.$N.delete($L)", QueryCalls.REPOSITORY, CodeBlock.join(key, ", "))
          .build();
    }
    return m.addStatement(
            returns ? "return this.$N.$N($N)" : "this.$N.$N($N)", QueryCalls.REPOSITORY, call, e)
        .build();
  }
}
