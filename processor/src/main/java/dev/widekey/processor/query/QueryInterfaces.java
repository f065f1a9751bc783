package dev.widekey.processor.query;

import dev.widekey.processor.diagnostics.DiagnosticOptions;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.generate.GeneratedFileNames;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.IndexModel;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.processor.model.ShardSpec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;

/**
 * Query interfaces: every Jakarta Data {@code @Repository} interface of a round whose entity is a
 * widekey {@code @WideTable} is parsed ({@link QueryParser}), each method checked against the
 * entity's primary key ({@link QueryChecker}, rule WK307), and, when all pass, implemented ({@link
 * QueryInterfaceGenerator}). An interface for another provider ({@code @Repository(provider =
 * "Hibernate")}) is left alone; one of widekey's (no provider, or {@code "widekey"}) naming no
 * {@code @WideTable} entity, or several, is an error (WK307), as the README says.
 *
 * <pre>{@code
 * QueryInterfaces queries =
 *     new QueryInterfaces(processingEnv, WidekeyProcessor.class.getName(), DiagnosticOptions.DEFAULT,
 *         sourceTypes);
 * queries.process(round, type -> Optional.ofNullable(generatedEntities.get(type)));
 * }</pre>
 */
public final class QueryInterfaces {
  /** The provider name a {@code @Repository(provider = ...)} may give. */
  public static final String PROVIDER = "widekey";

  private final ProcessingEnvironment env;
  private final QueryInterfaceGenerator generator;
  private final DiagnosticOptions diagnosticOptions;

  /**
   * The top-level types of the compilation's sources (the processor's, kept up to date each round),
   * which an implementation's name must not be.
   */
  private final Set<String> sourceTypes;

  /** Each generated implementation's qualified name, and the interface it implements. */
  private final Map<String, String> implementations = new HashMap<>();

  /** Interfaces whose entity waits for a type not generated yet; retried next round, by name. */
  private final Set<String> deferred = new LinkedHashSet<>();

  public QueryInterfaces(
      ProcessingEnvironment env,
      String generatorName,
      DiagnosticOptions diagnosticOptions,
      Set<String> sourceTypes) {
    this.env = env;
    this.sourceTypes = sourceTypes;
    this.diagnosticOptions = diagnosticOptions;
    this.generator =
        new QueryInterfaceGenerator(
            env.getFiler(), env.getElementUtils(), env.getTypeUtils(), generatorName);
  }

  /**
   * Checks and implements the round's query interfaces.
   *
   * @param entities a valid entity's model, or empty when the type is no valid entity (its own
   *     errors are reported with it)
   */
  public void process(
      RoundEnvironment round, Function<TypeElement, Optional<EntityModel>> entities) {
    TypeElement repository = env.getElementUtils().getTypeElement(JakartaData.REPOSITORY);
    if (repository == null) {
      return; // no jakarta.data-api on the class path: no query interfaces
    }
    for (Element e : round.getElementsAnnotatedWith(repository)) {
      if (e.getKind() != ElementKind.INTERFACE || !ours(e)) {
        continue;
      }
      Diagnostics report = new Diagnostics(diagnosticOptions);
      try {
        process((TypeElement) e, entities, report);
      } catch (Exception | LinkageError x) {
        StringWriter trace = new StringWriter();
        x.printStackTrace(new PrintWriter(trace));
        report.error(e, Messages.internalError(e.getSimpleName().toString(), trace.toString()));
      }
      report.printTo(env.getMessager());
    }
  }

  private static boolean ours(Element e) {
    AnnotationMirror m = JakartaData.annotation(e, JakartaData.REPOSITORY);
    Object provider = m == null ? null : JakartaData.value(m, "provider");
    return provider == null
        || provider.toString().isEmpty()
        || provider.toString().toLowerCase(Locale.ROOT).equals(PROVIDER);
  }

  /**
   * Reports an interface that the generated implementation, a top-level class of its package, could
   * not implement: javac would otherwise fail on the generated file. Its methods are still checked.
   */
  private void checkImplementable(TypeElement iface, Diagnostics report) {
    String name = iface.getSimpleName().toString();
    String implementation =
        QueryInterfaceGenerator.implementation(iface, env.getElementUtils()).simpleName();
    for (Element e = iface; e instanceof TypeElement t; e = e.getEnclosingElement()) {
      if (t.getModifiers().contains(Modifier.PRIVATE)) {
        report.error(
            iface,
            QueryMessages.privateInterface(name, implementation, t.getSimpleName().toString()));
        break;
      }
    }
    if (!iface.getTypeParameters().isEmpty()) {
      report.error(iface, QueryMessages.genericInterface(name, implementation));
    }
    // the entity's generated names are checked alike (WK100): one limit, GeneratedFileNames
    GeneratedFileNames.tooLong(GeneratedFileNames.ofTopLevel(implementation))
        .ifPresent(
            file ->
                report.error(
                    iface,
                    QueryMessages.fileNameTooLong(
                        name, file, GeneratedFileNames.bytes(file), GeneratedFileNames.MAX_BYTES)));
    // a permits clause may name the implementation before it is generated (an error type then)
    if (iface.getModifiers().contains(Modifier.SEALED)
        && iface.getPermittedSubclasses().stream()
            .map(t -> t.toString().substring(t.toString().lastIndexOf('.') + 1))
            .noneMatch(implementation::equals)) {
      report.error(iface, QueryMessages.sealedInterface(name, implementation));
    }
    // the Filer refuses a second file of one name: nested Outer.Reads and Outer_Reads, or a
    // hand-written Reads_
    String generated =
        QueryInterfaceGenerator.implementation(iface, env.getElementUtils()).canonicalName();
    String self = iface.getQualifiedName().toString();
    String owner = implementations.get(generated);
    if (owner != null && !owner.equals(self)) {
      report.error(iface, QueryMessages.implementationTaken(name, generated, owner));
    } else if (owner == null && sourceTypes.contains(generated)) {
      report.error(iface, QueryMessages.implementationExists(name, generated));
    } else {
      implementations.put(generated, self);
    }
  }

  /** False when the entity waits for a type not generated yet: then nothing is reported. */
  private boolean process(
      TypeElement iface, Function<TypeElement, Optional<EntityModel>> entities, Diagnostics report)
      throws java.io.IOException {
    QueryParser parser = new QueryParser(env.getTypeUtils(), env.getElementUtils(), report, iface);
    Optional<TypeElement> entityType = parser.entityOf(iface);
    if (entityType.isEmpty()) {
      return true;
    }
    Optional<EntityModel> entity = entities.apply(entityType.get());
    if (entity == null) {
      return false;
    }
    if (entity.isEmpty()) {
      return true; // the entity's own errors say why
    }
    checkImplementable(iface, report);
    List<AccessPath> paths = new ArrayList<>();
    paths.add(new PrimaryKeyPath(entity.get(), KeyLayout.of(entity.get())));
    for (IndexModel index : entity.get().indexes()) {
      if (index.complete()) {
        paths.add(new IndexPath(entity.get(), index));
      }
    }
    QueryChecker checker =
        new QueryChecker(
            report, ShardSpec.of(entity.get()).isPresent() ? entity.get().simpleName() : null);
    List<QueryPlan> plans = new ArrayList<>();
    for (ExecutableElement m : parser.abstractMethods(iface)) {
      parser.parse(m, entity.get()).flatMap(q -> checker.check(q, paths)).ifPresent(plans::add);
    }
    if (!report.hasErrors()) {
      generator.generate(iface, entity.get(), plans);
    }
    return true;
  }
}
