package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.bad;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Properties every rejected design has, checked on every fixture under {@code bad/}: each error is
 * widekey's, starts with a rule id and has a file and line; and nothing is generated from the
 * rejected entity.
 */
class RejectedDesignsTest {
  /** Fixtures that are also broken Java, so javac adds errors of its own. */
  private static final Set<String> JAVAC_ERRORS_TOO =
      Set.of("wk100/MissingType", "wk100/MissingConverter", "wk100/GenericUsesGeneratedType");

  static Stream<String> badFixtures() throws IOException, URISyntaxException {
    Path root = Path.of(RejectedDesignsTest.class.getClassLoader().getResource("bad").toURI());
    try (Stream<Path> files = Files.walk(root)) {
      List<String> names =
          files
              .filter(p -> p.toString().endsWith(".java"))
              .map(p -> root.relativize(p).toString().replace('\\', '/').replaceAll("\\.java$", ""))
              .sorted()
              .toList();
      return names.stream();
    }
  }

  @Test
  void fixturesAreFound() throws Exception {
    // guards the parameterized test below against silently running on nothing
    assertThat(badFixtures().count()).isAtLeast(50);
  }

  @ParameterizedTest
  @MethodSource("badFixtures")
  void rejectedWithPositionedRuleErrorsAndNothingGenerated(String fixture) {
    JavaFileObject f = bad(fixture);
    SpyingProcessor spy = new SpyingProcessor();
    Compilation c = Compiler.javac().withProcessors(spy).compile(f);

    assertThat(c).failed();
    int widekeyErrors = 0;
    for (Diagnostic<? extends JavaFileObject> d : c.errors()) {
      String message = d.getMessage(Locale.ROOT);
      if (JAVAC_ERRORS_TOO.contains(fixture) && !message.startsWith("WK")) {
        continue;
      }
      widekeyErrors++;
      assertWithMessage("rule id of: %s", message).that(message).matches("(?s)WK[123]\\d\\d: .+");
      assertWithMessage("file of: %s", message).that(d.getSource()).isEqualTo(f);
      assertWithMessage("line of: %s", message).that(d.getLineNumber()).isGreaterThan(0L);
    }
    assertThat(widekeyErrors).isAtLeast(1);

    String entity = fixture.substring(fixture.lastIndexOf('/') + 1);
    for (String created : spy.created()) {
      assertWithMessage("generated from rejected %s", entity).that(created).doesNotContain(entity);
    }
  }
}
