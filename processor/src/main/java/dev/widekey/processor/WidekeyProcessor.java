package dev.widekey.processor;

import com.google.auto.service.AutoService;
import dev.widekey.annotations.Index;
import dev.widekey.annotations.Indexes;
import dev.widekey.annotations.RekeyedFrom;
import dev.widekey.annotations.TimeSharded;
import dev.widekey.annotations.WideTable;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.processor.diagnostics.DiagnosticOptions;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.diagnostics.RekeyMessages;
import dev.widekey.processor.generate.GeneratedFileNames;
import dev.widekey.processor.generate.KeysGenerator;
import dev.widekey.processor.generate.LayoutExporter;
import dev.widekey.processor.generate.RekeyingGenerator;
import dev.widekey.processor.generate.RepositoryGenerator;
import dev.widekey.processor.generate.RepositoryIndexGenerator;
import dev.widekey.processor.generate.ShardedRepositoryGenerator;
import dev.widekey.processor.generate.SourceFileGenerator;
import dev.widekey.processor.generate.TableGenerator;
import dev.widekey.processor.layout.LayoutBuilder;
import dev.widekey.processor.layout.LayoutDirectory;
import dev.widekey.processor.layout.LayoutLock;
import dev.widekey.processor.layout.RekeySource;
import dev.widekey.processor.layout.RekeySources;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.EntityParser;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyLayout;
import dev.widekey.processor.model.Property;
import dev.widekey.processor.model.ShardSpec;
import dev.widekey.processor.model.ValueKind;
import dev.widekey.processor.query.QueryInterfaces;
import dev.widekey.processor.report.LayoutReportWriter;
import dev.widekey.processor.rules.EntityValidator;
import dev.widekey.processor.rules.GeneratedTypeOwners;
import dev.widekey.processor.rules.TableOwners;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Types;

/**
 * The widekey annotation processor: for every {@code @WideTable} type, parses the entity, checks
 * the key-design rules and, when none is broken, generates {@code FooKeys}, {@code FooTable},
 * {@code FooRepository} and the table layout files, and checks the layouts against the committed
 * ones (rule WK308, with the option {@value LayoutDirectory#OPTION}).
 *
 * <p>Thin by design: parsing lives in {@code model/}, rules in {@code rules/}, generation in {@code
 * generate/}, and each entity's report in {@code diagnostics/}. It never lets an exception reach
 * javac; an unexpected one becomes an error in the entity's report.
 */
@AutoService(Processor.class)
public final class WidekeyProcessor extends AbstractProcessor {
  /** What generated files name as their generator, in {@code @Generated}. */
  private static final String NAME = WidekeyProcessor.class.getName();

  private Types types;
  private final EntityValidator validator = new EntityValidator();
  private final TableOwners tableOwners = new TableOwners();
  private final GeneratedTypeOwners typeOwners = new GeneratedTypeOwners();
  private List<SourceFileGenerator> generators;
  private LayoutExporter layoutExporter;
  private LayoutReportWriter reportWriter;
  private LayoutLock layoutLock;
  private ShardedRepositoryGenerator shardedGenerator;
  private RekeyingGenerator rekeyingGenerator;
  private QueryInterfaces queryInterfaces;
  private RepositoryIndexGenerator repositoryIndex;
  private DiagnosticOptions diagnosticOptions = DiagnosticOptions.DEFAULT;

  /**
   * The top-level types of the compilation's sources, of every round so far (generated ones
   * included): a generated class may not take one's name.
   */
  private final Set<String> sourceTypes = new HashSet<>();

  /** Entities whose types referred to classes not generated yet; retried each round by name. */
  private final Set<String> deferred = new LinkedHashSet<>();

  /** The entities of this compilation generated from, by name: query interfaces read them. */
  private final Map<String, EntityModel> generatedEntities = new HashMap<>();

  /** The entities of this compilation refused, by name: no query interface over them is built. */
  private final Set<String> refusedEntities = new HashSet<>();

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    types = env.getTypeUtils();
    diagnosticOptions = DiagnosticOptions.of(env.getOptions());
    for (String problem : diagnosticOptions.problems()) {
      env.getMessager().printMessage(javax.tools.Diagnostic.Kind.WARNING, problem);
    }
    for (String problem : ProcessorOptions.problems(env.getOptions())) {
      env.getMessager().printMessage(javax.tools.Diagnostic.Kind.WARNING, problem);
    }
    for (String error : ProcessorOptions.errors(env.getOptions())) {
      env.getMessager().printMessage(javax.tools.Diagnostic.Kind.ERROR, error);
    }
    generators =
        List.of(
            new KeysGenerator(env.getFiler(), env.getElementUtils(), NAME),
            new TableGenerator(env.getFiler(), env.getElementUtils(), NAME),
            new RepositoryGenerator(env.getFiler(), env.getElementUtils(), NAME));
    layoutExporter = new LayoutExporter(env.getFiler());
    reportWriter =
        new LayoutReportWriter(env.getFiler(), env.getOptions(), diagnosticOptions.rulesUrl());
    if (reportWriter.enabled()) {
      Optional<String> missing =
          LayoutReportWriter.missingCodec(WidekeyProcessor.class.getClassLoader());
      if (missing.isPresent()) {
        env.getMessager().printMessage(javax.tools.Diagnostic.Kind.WARNING, missing.get());
        reportWriter.disable();
      }
    }
    layoutLock = LayoutLock.of(env.getOptions());
    shardedGenerator = new ShardedRepositoryGenerator(env.getFiler(), env.getElementUtils(), NAME);
    rekeyingGenerator = new RekeyingGenerator(env.getFiler(), env.getElementUtils(), NAME);
    queryInterfaces = new QueryInterfaces(env, NAME, diagnosticOptions, sourceTypes);
    repositoryIndex = new RepositoryIndexGenerator(env.getFiler(), env.getElementUtils(), NAME);
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(
        WideTable.class.getCanonicalName(),
        TimeSharded.class.getCanonicalName(),
        Index.class.getCanonicalName(),
        Indexes.class.getCanonicalName(),
        "jakarta.data.repository.Repository");
  }

  /**
   * {@value LayoutDirectory#OPTION}: the directory of committed layout files, checked on every
   * build (rule WK308); {@value LayoutDirectory#UPDATE_OPTION}: rewrite them with passing changes;
   * the diagnostic options of {@link DiagnosticOptions#names()}: warnings made errors, a severity
   * per rule, the base address of the rule links (which the reports use too); {@value
   * ProcessorOptions#REPORT}: write a key-layout report per entity.
   */
  @Override
  public Set<String> getSupportedOptions() {
    Set<String> options = new LinkedHashSet<>(DiagnosticOptions.names());
    options.add(LayoutDirectory.OPTION);
    options.add(LayoutDirectory.UPDATE_OPTION);
    options.add(ProcessorOptions.REPORT);
    return options;
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    for (Element root : round.getRootElements()) {
      if (root instanceof TypeElement t) {
        sourceTypes.add(t.getQualifiedName().toString());
      }
    }
    Set<TypeElement> todo = new LinkedHashSet<>();
    for (String name : deferred) {
      TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
      if (type != null) {
        todo.add(type);
      }
    }
    deferred.clear();
    for (Element e : round.getElementsAnnotatedWith(WideTable.class)) {
      if (e instanceof TypeElement type) {
        todo.add(type);
      }
    }
    // moves last: the entity a move starts from may be in this compilation, and its committed
    // layout file is written when it is processed; in a chain (C from B from A) each move after
    // the move its old table comes from
    List<TypeElement> ordered = new ArrayList<>(todo);
    Map<TypeElement, Integer> depth = new HashMap<>();
    ordered.forEach(t -> depth.put(t, moveDepth(t, ordered, new HashSet<>())));
    ordered.sort(Comparator.comparing(depth::get));
    for (TypeElement type : ordered) {
      process(type, round.processingOver());
    }
    checkShardedWithoutWideTable(round);
    queryInterfaces.process(round, this::validEntity);
    writeRepositoryIndex(round.processingOver());
    if (round.processingOver()) {
      Diagnostics report = new Diagnostics(diagnosticOptions);
      layoutLock.finish(report);
      report.printTo(processingEnv.getMessager());
      writeReportIndex();
    }
    return false;
  }

  /**
   * A query interface's entity: the one generated from in this compilation; empty when it was
   * refused (its report says why); null while it waits for a type not generated yet. An entity
   * compiled before (on the class path) is parsed and checked again on its own.
   */
  private Optional<EntityModel> validEntity(TypeElement type) {
    String name = type.getQualifiedName().toString();
    if (generatedEntities.containsKey(name)) {
      return Optional.of(generatedEntities.get(name));
    }
    if (refusedEntities.contains(name)) {
      return Optional.empty();
    }
    if (deferred.contains(name)) {
      return null;
    }
    Diagnostics scratch = new Diagnostics(diagnosticOptions);
    try {
      Optional<EntityModel> entity = new EntityParser(types, scratch).parse(type);
      if (entity.isPresent()) {
        validator.validate(entity.get(), scratch);
      }
      return scratch.hasErrors() ? Optional.empty() : entity;
    } catch (EntityParser.DeferredException e) {
      return null;
    }
  }

  /**
   * The index of the generated repositories ({@link RepositoryIndexGenerator}): its classes each
   * round, its service file after the last one.
   */
  private void writeRepositoryIndex(boolean lastRound) {
    try {
      if (lastRound) {
        repositoryIndex.finish(
            generatedEntities.values().stream()
                .map(EntityModel::type)
                .sorted(Comparator.comparing(t -> t.getQualifiedName().toString()))
                .toList());
      } else {
        repositoryIndex.writeRound();
      }
    } catch (IOException | RuntimeException e) {
      processingEnv
          .getMessager()
          .printMessage(
              javax.tools.Diagnostic.Kind.ERROR,
              "widekey could not write the repository index: " + e);
    }
  }

  /**
   * The entity's key-layout report, if asked for: a report that cannot be written is a warning,
   * never a reason to refuse an entity whose code is generated.
   */
  private void writeReport(TypeElement type, EntityModel entity, List<TableLayout> tables) {
    if (!reportWriter.enabled()) {
      return;
    }
    try {
      reportWriter.write(type, tables, enumConstants(entity), optOutReasons(entity));
    } catch (IOException | RuntimeException e) {
      processingEnv
          .getMessager()
          .printMessage(
              javax.tools.Diagnostic.Kind.WARNING,
              "widekey could not write the key-layout report of "
                  + type.getQualifiedName()
                  + ": "
                  + e,
              type);
    }
  }

  /**
   * 0 for an entity that moves no rows; else one more than the depth of the entity of {@code round}
   * storing the table its {@code @RekeyedFrom} names (1 when none does). A cycle, an error of its
   * own, stops the count.
   */
  private static int moveDepth(TypeElement type, List<TypeElement> round, Set<TypeElement> seen) {
    RekeyedFrom from = type.getAnnotation(RekeyedFrom.class);
    if (from == null || !seen.add(type)) {
      return 0;
    }
    for (TypeElement other : round) {
      WideTable table = other.getAnnotation(WideTable.class);
      if (other != type && table != null && table.name().equals(from.table())) {
        return 1 + moveDepth(other, round, seen);
      }
    }
    return 1;
  }

  /** The index of the key-layout reports, after the last round; as a report, never an error. */
  private void writeReportIndex() {
    try {
      reportWriter.finish();
    } catch (IOException | RuntimeException e) {
      processingEnv
          .getMessager()
          .printMessage(
              javax.tools.Diagnostic.Kind.WARNING,
              "widekey could not write the key-layout report index: " + e);
    }
  }

  /**
   * The constants of each enum-typed property, by property name: the values a key-layout report
   * shows in its example keys.
   */
  private Map<String, List<String>> enumConstants(EntityModel entity) {
    Map<String, List<String>> constants = new HashMap<>();
    for (Property p : entity.properties()) {
      if (p.kind() != ValueKind.ENUM || types.asElement(p.type()) == null) {
        continue;
      }
      constants.put(
          p.name(),
          types.asElement(p.type()).getEnclosedElements().stream()
              .filter(e -> e.getKind() == ElementKind.ENUM_CONSTANT)
              .map(e -> e.getSimpleName().toString())
              .toList());
    }
    return constants;
  }

  /** Whether the class of this qualified name is a {@code @WideTable} entity of the build. */
  private boolean isEntity(String qualifiedName) {
    TypeElement type = processingEnv.getElementUtils().getTypeElement(qualifiedName);
    return type != null && type.getAnnotation(WideTable.class) != null;
  }

  /** Each key component's {@code @NotSequential} reason, by name: what a report quotes. */
  private static Map<String, String> optOutReasons(EntityModel entity) {
    Map<String, String> reasons = new HashMap<>();
    for (KeyComponent c : entity.keyComponents()) {
      if (c.notSequentialReason() != null) {
        reasons.put(c.name(), c.notSequentialReason());
      }
    }
    return reasons;
  }

  /** A {@code @TimeSharded} type that is no {@code @WideTable} would be ignored (WK210). */
  private void checkShardedWithoutWideTable(RoundEnvironment round) {
    Diagnostics report = new Diagnostics(diagnosticOptions);
    for (Element e : round.getElementsAnnotatedWith(TimeSharded.class)) {
      if (e.getAnnotation(WideTable.class) == null) {
        AnnotationMirror sharded =
            e.getAnnotationMirrors().stream()
                .filter(
                    m ->
                        ((TypeElement) m.getAnnotationType().asElement())
                            .getQualifiedName()
                            .contentEquals(TimeSharded.class.getCanonicalName()))
                .findFirst()
                .orElse(null);
        report.error(e, sharded, Messages.shardedWithoutWideTable(e.getSimpleName().toString()));
      }
    }
    for (Class<? extends java.lang.annotation.Annotation> index :
        List.of(Index.class, Indexes.class)) {
      for (Element e : round.getElementsAnnotatedWith(index)) {
        if (e.getAnnotation(WideTable.class) == null) {
          AnnotationMirror mirror =
              e.getAnnotationMirrors().stream()
                  .filter(
                      m ->
                          ((TypeElement) m.getAnnotationType().asElement())
                              .getQualifiedName()
                              .contentEquals(index.getCanonicalName()))
                  .findFirst()
                  .orElse(null);
          report.error(e, mirror, Messages.indexWithoutWideTable(e.getSimpleName().toString()));
        }
      }
    }
    report.printTo(processingEnv.getMessager());
  }

  /**
   * Parses, checks and generates one entity, and prints its report once it is final: after this
   * round, unless the entity waits for a type another processor has yet to generate.
   */
  private void process(TypeElement type, boolean lastRound) {
    Diagnostics report = new Diagnostics(diagnosticOptions);
    try {
      generate(type, report);
    } catch (EntityParser.DeferredException e) {
      if (!lastRound) {
        // checked again from scratch next round; what was found so far would be found again
        deferred.add(type.getQualifiedName().toString());
        return;
      }
      if (e.error() != null) {
        report.error(e.element(), e.error());
      } else {
        report.error(type, Messages.missingType(type.getSimpleName().toString(), e.getMessage()));
      }
    } catch (Exception | LinkageError e) {
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      report.error(type, Messages.internalError(type.getSimpleName().toString(), trace.toString()));
    }
    if (report.hasErrors()) {
      refusedEntities.add(type.getQualifiedName().toString());
    }
    report.printTo(processingEnv.getMessager());
  }

  /**
   * The old tables of the entity's {@code @RekeyedFrom}, read from the layout directory; empty if
   * it declares none, or with WK308 errors in {@code report} if they cannot be moved ({@code claim}
   * has reported a missing file or directory).
   */
  private Optional<RekeySource> rekeySource(EntityModel entity, Diagnostics report)
      throws IOException {
    Optional<LayoutDirectory> directory = layoutLock.directory();
    if (RekeySources.from(entity) == null || directory.isEmpty()) {
      return Optional.empty();
    }
    String from = RekeySources.from(entity);
    List<TableLayout> committed = new ArrayList<>();
    boolean complete = true;
    for (String table : directory.get().tables()) {
      try {
        directory.get().read(table).ifPresent(committed::add);
      } catch (LayoutDirectory.UnreadableLayoutException e) {
        // it may be the old entity's cold, chunk or index table, found by its contents: a job
        // made without it would not move that table's rows (the old hot table's own file is
        // reported by the lock's claim)
        complete = false;
        if (!table.equals(from)) {
          report.error(
              entity.type(),
              RekeySources.mirror(entity.type()),
              RekeyMessages.unreadableFile(
                  entity.simpleName(), from, e.file().toString(), e.reason()));
        }
      }
    }
    return complete ? RekeySources.resolve(entity, committed, report) : Optional.empty();
  }

  /** Generates the entity's files, unless its design breaks a rule (reported to {@code report}). */
  private void generate(TypeElement type, Diagnostics report)
      throws EntityParser.DeferredException, IOException {
    Optional<EntityModel> entity = new EntityParser(types, report).parse(type);
    if (entity.isEmpty()) {
      return;
    }
    validator.validate(entity.get(), report);
    // the names it takes are checked also when the design has errors: every error at once
    tableOwners.claim(entity.get(), report);
    typeOwners.claim(entity.get(), sourceTypes, report);
    layoutLock.claim(entity.get(), report);
    if (report.hasErrors()) {
      return; // every error of the entity is reported; nothing is generated from a bad design
    }
    // last, on a design that breaks no other rule: a name refused for itself (an index table
    // name over 255 characters) is reported once
    GeneratedFileNames.tooLong(entity.get())
        .ifPresent(
            file ->
                report.error(
                    type,
                    entity.get().wideTable(),
                    Messages.fileNameTooLong(
                        entity.get().simpleName(),
                        file,
                        GeneratedFileNames.bytes(file),
                        GeneratedFileNames.MAX_BYTES)));
    if (report.hasErrors()) {
      return;
    }
    KeyLayout layout = KeyLayout.of(entity.get());
    List<TableLayout> tables = LayoutBuilder.build(entity.get(), layout);
    LayoutLock.Pending layouts = layoutLock.check(entity.get(), tables, this::isEntity, report);
    Optional<RekeySource> rekeying = rekeySource(entity.get(), report);
    if (report.hasErrors()) {
      return; // a changed layout of a table that exists, or a move that cannot be made (WK308)
    }
    for (SourceFileGenerator generator : generators) {
      generator.generate(entity.get(), layout, tables);
    }
    if (ShardSpec.of(entity.get()).isPresent()) {
      shardedGenerator.generate(entity.get(), layout);
    }
    if (rekeying.isPresent()) {
      rekeyingGenerator.generate(entity.get(), layout, rekeying.get());
    }
    layoutExporter.export(entity.get(), tables);
    writeReport(type, entity.get(), tables);
    layoutLock.write(entity.get(), layouts, report);
    generatedEntities.put(type.getQualifiedName().toString(), entity.get());
    repositoryIndex.add(entity.get());
  }
}
