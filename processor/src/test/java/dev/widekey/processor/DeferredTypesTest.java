package dev.widekey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.bad;
import static dev.widekey.processor.Fixtures.good;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import dev.widekey.core.Rule;
import dev.widekey.processor.diagnostics.Messages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * An entity may refer to a type another processor generates: widekey waits for it, re-looking the
 * entity up by name in the next round, instead of reporting the type as missing.
 */
class DeferredTypesTest {

  /** Generates {@code good.Status} in the first round, as e.g. a code generator for enums would. */
  static final class StatusGenerator extends AbstractProcessor {
    private boolean done;

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (!done) {
        done = true;
        try (Writer w = processingEnv.getFiler().createSourceFile("good.Status").openWriter()) {
          w.write("package good;\npublic enum Status { ACTIVE, CLOSED }\n");
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      return false;
    }
  }

  @Test
  void entityWaitsForAGeneratedType() {
    Compilation c =
        Compiler.javac()
            .withProcessors(new WidekeyProcessor(), new StatusGenerator())
            .compile(good("UsesGeneratedType"));

    assertThat(c).succeededWithoutWarnings();
    assertThat(c)
        .generatedSourceFile("good.UsesGeneratedTypeKeys")
        .contentsAsUtf8String()
        .contains("Status.class)"); // the generated enum decodes its constants
    assertThat(c).generatedSourceFile("good.UsesGeneratedTypeRepository");
  }

  @Test
  void aDeferredEntityIsReportedOnce() {
    // parsed in the first round, where it waits for Status, and again in the next: its error is
    // printed once, from the parse that counts
    JavaFileObject f = bad("wk100/GenericUsesGeneratedType");
    Compilation c =
        Compiler.javac().withProcessors(new WidekeyProcessor(), new StatusGenerator()).compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK100,
        Messages.genericEntity("GenericUsesGeneratedType"),
        f,
        "public record GenericUsesGeneratedType<T>(");
  }

  @Test
  void withoutTheGeneratorTheTypeIsReportedMissing() {
    // the control: the same entity alone fails, and says which type it misses
    JavaFileObject f = good("UsesGeneratedType");
    Compilation c = Fixtures.compile(f);

    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(Messages.missingType("UsesGeneratedType", "Status"))
        .inFile(f)
        .onLineContaining("public record UsesGeneratedType(");
  }
}
