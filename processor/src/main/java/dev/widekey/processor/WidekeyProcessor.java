package dev.widekey.processor;

import com.google.auto.service.AutoService;
import dev.widekey.annotations.WideTable;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.generate.KeysGenerator;
import dev.widekey.processor.generate.RepositoryGenerator;
import dev.widekey.processor.generate.SchemaExporter;
import dev.widekey.processor.generate.SourceFileGenerator;
import dev.widekey.processor.generate.TableGenerator;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.EntityParser;
import dev.widekey.processor.rules.EntityValidator;
import dev.widekey.processor.rules.TableOwners;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * The widekey annotation processor: for every {@code @WideTable} type, parses the entity, checks
 * the key-design rules and, when none is broken, generates {@code FooKeys}, {@code FooTable},
 * {@code FooRepository} and the table schema files.
 *
 * <p>Thin by design: parsing lives in {@code model/}, rules in {@code rules/}, generation in {@code
 * generate/}. It never lets an exception reach javac; an unexpected one becomes an error on the
 * entity.
 */
@AutoService(Processor.class)
public final class WidekeyProcessor extends AbstractProcessor {
  private Diagnostics diagnostics;
  private EntityParser parser;
  private final EntityValidator validator = new EntityValidator();
  private final TableOwners tableOwners = new TableOwners();
  private List<SourceFileGenerator> generators;
  private SchemaExporter schemaExporter;

  /** Entities whose types referred to classes not generated yet; retried each round by name. */
  private final Set<String> deferred = new LinkedHashSet<>();

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    diagnostics = new Diagnostics(env.getMessager());
    parser = new EntityParser(env.getTypeUtils(), diagnostics);
    generators =
        List.of(
            new KeysGenerator(env.getFiler(), env.getElementUtils()),
            new TableGenerator(env.getFiler(), env.getElementUtils()),
            new RepositoryGenerator(env.getFiler(), env.getElementUtils()));
    schemaExporter = new SchemaExporter(env.getFiler());
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(WideTable.class.getCanonicalName());
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
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
    for (TypeElement type : todo) {
      process(type, round.processingOver());
    }
    return false;
  }

  private void process(TypeElement type, boolean lastRound) {
    diagnostics.reset();
    try {
      Optional<EntityModel> entity = parser.parse(type);
      if (entity.isEmpty()
          || !validator.validate(entity.get(), diagnostics)
          || !tableOwners.claim(entity.get(), diagnostics)) {
        return; // every error of the entity is reported; nothing is generated from a bad design
      }
      for (SourceFileGenerator generator : generators) {
        generator.generate(entity.get());
      }
      schemaExporter.export(entity.get());
    } catch (EntityParser.DeferredException e) {
      if (lastRound) {
        diagnostics.error(
            type, Messages.missingType(type.getSimpleName().toString(), e.getMessage()));
      } else {
        deferred.add(type.getQualifiedName().toString());
      }
    } catch (Exception | LinkageError e) {
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      processingEnv
          .getMessager()
          .printMessage(
              Diagnostic.Kind.ERROR,
              Messages.internalError(type.getSimpleName().toString(), trace.toString()),
              type);
    }
  }
}
