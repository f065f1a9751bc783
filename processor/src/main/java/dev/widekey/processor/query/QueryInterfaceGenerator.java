package dev.widekey.processor.query;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.widekey.processor.generate.GeneratedNames;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.Property;
import dev.widekey.processor.query.QueryMethod.Action;
import dev.widekey.processor.query.QueryMethod.Result;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Writes {@code Orders_}, the implementation of a query interface {@code Orders} (named as
 * Hibernate's Jakarta Data processor names it): a constructor taking the generated repository and
 * one taking a store, and each query method delegating to the repository's {@code get} and {@code
 * scanBy...} methods, through {@link QueryCalls}. For {@code Stream<Txn> findByCardId(String
 * cardId)} it writes:
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
  private static final ClassName STORE =
      ClassName.get("dev.widekey.runtime.store", "WideTableStore");
  private static final ClassName EMPTY_RESULT = ClassName.bestGuess(JakartaData.EMPTY_RESULT);
  private static final Pattern JAVA_LANG_IMPORT =
      Pattern.compile("^import java\\.lang\\.(\\w+);$", Pattern.MULTILINE);

  private final Filer filer;
  private final Elements elements;
  private final Types types;
  private final String generator;

  QueryInterfaceGenerator(Filer filer, Elements elements, Types types, String generator) {
    this.filer = filer;
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
    ClassName repository = GeneratedNames.repository(entity);
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
      type.addMethod(method(iface, entity, plan));
    }
    String pkg = name.packageName();
    JavaFile file = file(entity, pkg, type.build());
    List<String> hidden = new ArrayList<>();
    Matcher m =
        JAVA_LANG_IMPORT.matcher(file.toBuilder().skipJavaLangImports(false).build().toString());
    while (m.find()) {
      if (elements.getTypeElement(pkg.isEmpty() ? m.group(1) : pkg + "." + m.group(1)) != null) {
        hidden.add(m.group(1));
      }
    }
    if (!hidden.isEmpty()) {
      file = file(entity, pkg, type.alwaysQualify(hidden.toArray(String[]::new)).build());
    }
    file.writeTo(filer);
  }

  private static JavaFile file(EntityModel entity, String pkg, TypeSpec type) {
    return JavaFile.builder(pkg, type)
        .addFileComment(GeneratedNames.doNotEditNotice(entity))
        .skipJavaLangImports(true)
        .indent("  ")
        .build();
  }

  private MethodSpec method(TypeElement iface, EntityModel entity, QueryPlan plan) {
    QueryMethod q = plan.query();
    // the interface's annotations (@Find, @By...) stay on the interface
    MethodSpec.Builder m =
        MethodSpec.methodBuilder(q.method().getSimpleName().toString())
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(TypeName.get(q.method().getReturnType()));
    for (VariableElement p : q.method().getParameters()) {
      m.addParameter(TypeName.get(p.asType()), p.getSimpleName().toString());
    }
    NameAllocator names = new NameAllocator();
    for (VariableElement p : q.method().getParameters()) {
      names.newName(p.getSimpleName().toString());
    }
    if (q.action().lifecycle()) {
      return lifecycle(m, entity, q);
    }
    String method = q.method().getSimpleName().toString();
    TypeName entityName = TypeName.get(entity.type().asType());
    List<CodeBlock> args = QueryCalls.arguments(plan.arguments());
    CodeBlock rows;
    String through;
    CodeBlock empty =
        CodeBlock.of(
            "() -> new $T($S)", EMPTY_RESULT, "no " + entity.simpleName() + " matches " + method);
    if (plan.between() != null) {
      KeyComponent c = plan.between();
      String lower = plan.from() == null ? null : plan.from().getSimpleName().toString();
      String upper = plan.to() == null ? null : plan.to().getSimpleName().toString();
      CodeBlock from;
      CodeBlock to;
      CodeBlock none = null;
      String why = null;
      switch (plan.operator()) {
        case BETWEEN -> {
          from = CodeBlock.of("$N", lower);
          to = CodeBlock.of("$N", upper);
          none = QueryCalls.after(c, plan.from(), plan.to());
          why = lower + " lies after " + upper + ": no value lies between them";
        }
        case GREATER_THAN -> {
          from = CodeBlock.of("$N + 1", lower);
          to = QueryCalls.max(c);
          none = CodeBlock.of("$N == $L", lower, QueryCalls.max(c));
          why =
              "no value lies above "
                  + (c.kind() == dev.widekey.processor.model.ValueKind.LONG ? "Long" : "Integer")
                  + ".MAX_VALUE";
        }
        case GREATER_THAN_EQUAL -> {
          from = CodeBlock.of("$N", lower);
          to = QueryCalls.max(c);
        }
        default -> { // LESS_THAN, LESS_THAN_EQUAL
          from = QueryCalls.min(c);
          to = CodeBlock.of("$N", upper);
        }
      }
      if (none != null) {
        m.beginControlFlow("if ($L)", none).addComment("$L", why);
        switch (q.result()) {
          case STREAM -> m.addStatement("return $T.empty()", Stream.class);
          case LIST -> m.addStatement("return $T.of()", List.class);
          case OPTIONAL -> m.addStatement("return $T.empty()", java.util.Optional.class);
          case ENTITY ->
              m.addStatement(
                  "throw new $T($S)",
                  EMPTY_RESULT,
                  "no " + entity.simpleName() + " matches " + method);
          case LONG -> m.addStatement("return 0L");
          case INT -> m.addStatement("return 0");
          case BOOLEAN -> m.addStatement("return false");
          default -> throw new IllegalStateException(q.result().name());
        }
        m.endControlFlow();
      }
      List<CodeBlock> scanArgs = QueryCalls.arguments(plan.arguments(), from, to);
      rows =
          QueryCalls.between(
              plan,
              QueryCalls.rows(plan.read(), scanArgs, plan.backward()),
              plan.closing() == null
                  ? null
                  : QueryCalls.rows(
                      plan.closing(), QueryCalls.arguments(plan.arguments(), to), plan.backward()));
      through =
          plan.closing() == null
              ? "a range scan"
              : "a range scan and the rows at its inclusive upper bound";
    } else {
      rows = QueryCalls.rows(plan.read(), args, plan.backward());
      through = plan.read().pointRead() ? "a point read of the whole key" : "a scan";
    }
    m.addJavadoc(
        "Query {@code $L}: $L, $L, through {@code $T.$L}.\n",
        method,
        describe(plan),
        plan.read().pointRead()
            ? "a point read of the whole key"
            : (plan.backward() ? "greatest key first" : "in key order") + ", read by " + through,
        GeneratedNames.repository(entity),
        plan.read().pointRead()
            ? "get"
            : dev.widekey.processor.generate.RepositoryGenerator.scanName(
                plan.read().shape(), plan.backward()));
    boolean limited = false;
    if (q.first() > 0) {
      rows = QueryCalls.limit(rows, CodeBlock.of("$L", q.first()));
      limited = true;
    }
    if (q.limit() != null) {
      String limit = q.limit().getSimpleName().toString();
      m.beginControlFlow("if ($N.startAt() != 1)", limit)
          .addStatement(
              "throw new $T($S)",
              IllegalArgumentException.class,
              "a Limit starting after row 1 skips rows by offset, a scan from the start; use"
                  + " Limit.of(maxResults)")
          .endControlFlow();
      rows = QueryCalls.limit(rows, CodeBlock.of("$N.maxResults()", limit));
      limited = true;
    }
    if (plan.read().pointRead() && !limited && plan.between() == null) {
      if (q.result() == Result.OPTIONAL) {
        return m.addStatement("return $L", QueryCalls.get(args)).build();
      }
      if (q.result() == Result.ENTITY) {
        return m.addStatement("return $L.orElseThrow($L)", QueryCalls.get(args), empty).build();
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
      case LONG -> {
        m.addJavadoc("\n<p>A count is a scan: it reads every matching row and counts them.\n");
        m.addStatement("return $L", QueryCalls.count(local));
      }
      case INT -> {
        m.addJavadoc("\n<p>A count is a scan: it reads every matching row and counts them.\n");
        m.addStatement("return $T.toIntExact($L)", Math.class, QueryCalls.count(local));
      }
      case BOOLEAN -> {
        if (!plan.read().pointRead()) {
          m.addJavadoc("\n<p>The scan stops at the first matching row.\n");
        }
        m.addStatement("return $L", QueryCalls.exists(local));
      }
      default -> throw new IllegalStateException(q.result().name());
    }
    return m.endControlFlow().build();
  }

  private static String describe(QueryPlan plan) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < plan.fixed().size(); i++) {
      parts.add(
          plan.fixed().get(i).name()
              + " = {@code "
              + plan.arguments().get(i).getSimpleName()
              + "}");
    }
    if (plan.between() != null) {
      String c = plan.between().name();
      String lower = plan.from() == null ? null : "{@code " + plan.from().getSimpleName() + "}";
      String upper = plan.to() == null ? null : "{@code " + plan.to().getSimpleName() + "}";
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
    String e = q.entityParameter().getSimpleName().toString();
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
      return m.addStatement("this.$N.delete($L)", QueryCalls.REPOSITORY, CodeBlock.join(key, ", "))
          .build();
    }
    return m.addStatement(
            returns ? "return this.$N.$N($N)" : "this.$N.$N($N)", QueryCalls.REPOSITORY, call, e)
        .build();
  }
}
